"""The Spanish tutorial app (Streamlit)."""

from . import catalog as catalog  # the codes only the app says join the one message catalog
