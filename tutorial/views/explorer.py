"""Explorador de jugadas: build a play, see its one reading and whether it beats the table."""

from __future__ import annotations

import streamlit as st

from ddz.cards import parse
from ddz.codes import DECK_ORDER, ids_for
from tutorial.cards_view import cards_html, ranks_of
from tutorial.logic import EXAMPLES, canonical_or_none, describe
from tutorial.views.common import bar_html
from tutorial.widget import card_hand, force_selection, selection

KEY = "explorer_deck"
ss = st.session_state


def _set_url() -> None:
    st.query_params["jugada"] = ss.exp_text
    if ss.exp_table:
        st.query_params["mesa"] = ss.exp_table
    elif "mesa" in st.query_params:
        del st.query_params["mesa"]


def _from_widget() -> None:
    chosen = str(parse(ranks_of(selection(KEY))))
    if chosen != canonical_or_none(ss.exp_text):  # keep the learner's own spelling when it is the same play
        ss.exp_text = chosen
    _set_url()


def _from_text() -> None:
    canon = canonical_or_none(ss.exp_text)
    force_selection(KEY, ids_for(parse(canon)) if canon else [])
    _set_url()


def _example(play: str, table: str) -> None:
    ss.exp_text, ss.exp_table = play, table
    force_selection(KEY, ids_for(parse(play)))
    _set_url()


def _clear() -> None:
    ss.exp_text = ""
    force_selection(KEY, [])
    _set_url()


if "exp_text" not in ss:
    ss.exp_text = st.query_params.get("jugada", "")[:80]
    ss.exp_table = st.query_params.get("mesa", "")[:80]
    canon = canonical_or_none(ss.exp_text)
    force_selection(KEY, ids_for(parse(canon)) if canon else [])

st.title("Explorador de jugadas")
st.caption(
    "Elige cartas de la baraja (toca, desliza o doble toque para todo un valor) o escríbelas: "
    "3 4 5 6 7 8 9 T J Q K A 2, B = comodín pequeño, R = comodín grande."
)


@st.fragment
def workspace() -> None:
    """The play being built: reruns alone on each selection, so the bar answers fast."""
    col1, col2 = st.columns([3, 2])
    col1.text_input("Tu jugada", key="exp_text", on_change=_from_text, placeholder="por ejemplo 444455")
    col2.text_input(
        "Jugada de la mesa (opcional)", key="exp_table", on_change=_set_url, placeholder="por ejemplo QQQR"
    )

    bar = describe(ss.exp_text, ss.exp_table)
    st.html(bar_html(bar.ok if ss.exp_text.strip() else None, bar.title, bar.detail))
    if bar.rule and bar.rule_text:
        st.markdown(f"**Regla {bar.rule}** — {bar.rule_text} [ver casos](/conformidad?regla={bar.rule})")

    canon = canonical_or_none(ss.exp_text)
    if canon:
        st.html(cards_html(ids_for(parse(canon)), empty=""))

    st.subheader("Baraja")
    card_hand(list(DECK_ORDER), key=KEY, layout="grid", label="baraja completa", on_change=_from_widget)
    st.button("Vaciar la selección", on_click=_clear)


workspace()

st.subheader("Ejemplos de las reglas")
cols = st.columns(2)
for i, (label, play, table) in enumerate(EXAMPLES):
    cols[i % 2].button(label, key=f"ex{i}", on_click=_example, args=(play, table), width="stretch")
