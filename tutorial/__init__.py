"""The Spanish tutorial app (Streamlit)."""
