"""Dou Dizhu — tutorial en español. Run with ``make app`` (streamlit run tutorial/serve.py: this script behind one middleware)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import streamlit as st

from tutorial import guard
from tutorial.browser import set_page_path, spanish_document
from tutorial.views import common

st.set_page_config(page_title="Dou Dizhu — aprende a jugar", page_icon="🃏", layout="centered")
common.inject_css()
common.mark_run()
spanish_document()  # <html lang="es">, and Streamlit's own labels in Spanish

# «Jugar» is served at the app's root; its own address, /jugar, is a hidden page that opens it there
# with the same query (Streamlit would show an English «Page not found» box for it).
home = st.Page("views/play.py", title="Jugar", icon=":material/playing_cards:", url_path="mesa", default=True)


def _to_home() -> None:
    st.switch_page(home, query_params={k: st.query_params[k] for k in st.query_params})


learn = [
    home,
    st.Page("views/rules.py", title="Reglas", icon=":material/gavel:", url_path="reglas"),
    st.Page(
        "views/explorer.py", title="Explorador de jugadas", icon=":material/search:", url_path="explorador"
    ),
    st.Page("views/hands.py", title="Manos comentadas", icon=":material/menu_book:", url_path="manos"),
    st.Page("views/lessons.py", title="Estrategia", icon=":material/school:", url_path="estrategia"),
    st.Page("views/retos.py", title="Retos", icon=":material/extension:", url_path="retos"),
]
# The conformance suite is for people who write another implementation, not for learners: its own
# section, apart from the learner's pages.
implementers = [
    st.Page(
        "views/conformance.py", title="Conformidad", icon=":material/fact_check:", url_path="conformidad"
    ),
]
aliases = [st.Page(_to_home, title="Jugar", url_path="jugar", visibility="hidden")]
page = st.navigation({"": learn + aliases, "Para implementadores": implementers}, position="top")
set_page_path(page.url_path)  # the page effects of a run act only while the browser is on its page
# Whatever escapes a page is caught here: a Spanish notice and, on «Jugar», the hand reloaded from
# its address, never Streamlit's English error screen.
guard.boundary(page.run, hand_page=page.title == "Jugar")
