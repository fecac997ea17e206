"""Explorador de jugadas: build a play, see its one reading and whether it beats the table."""

from __future__ import annotations

import html

import streamlit as st

from ddz.cards import parse
from ddz.codes import DECK_ORDER, ids_for
from ddz.diagnose import diagnose
from tutorial.browser import page_effects
from tutorial.cards_view import cards_html, ranks_of
from tutorial.logic import EXAMPLES, canonical_or_none, describe
from tutorial.views.common import bar_html
from tutorial.widget import card_hand, command, force_selection, fresh_value

KEY = "explorer_deck"
ss = st.session_state


def _url() -> dict[str, str]:
    q = {"jugada": ss.exp_play}
    if ss.exp_table:
        q["mesa"] = ss.exp_table
    return q


PLAY_BOX, TABLE_BOX = "exp_text", "exp_table_text"


def _show_play(text: str) -> None:
    """Put ``text`` in the play box (set before the box is drawn in this run, so it shows it)."""
    ss.exp_play = ss[PLAY_BOX] = text


def _follow_the_deck() -> None:
    """A new gesture on the deck (newer than any command): the box shows the raised cards.

    Run at the top of each run rather than as a callback, so a value from before a command (the
    browser re-sends it) is never taken for a new gesture."""
    fresh = fresh_value(KEY)
    seen = (command(KEY)[0], tuple(fresh or ()))
    if fresh is None or ss.get("exp_seen") == seen:
        return
    ss.exp_seen = seen
    chosen = str(parse(ranks_of(fresh)))
    if chosen != canonical_or_none(ss.exp_play):  # keep the learner's own spelling when it is the same play
        _show_play(chosen)


def _from_text() -> None:
    """«Ver»: the box keeps what was typed (a typo is explained in the bar), the deck follows it."""
    ss.exp_play, ss.exp_table = str(ss[PLAY_BOX])[:80], str(ss[TABLE_BOX])[:80]
    canon = canonical_or_none(ss.exp_play)
    force_selection(KEY, ids_for(parse(canon)) if canon else [])


def _example(play: str, table: str) -> None:
    ss.exp_table = ss[TABLE_BOX] = table
    _show_play(play)
    force_selection(KEY, ids_for(parse(play)))
    ss.exp_examples = ss.get("exp_examples", 0) + 1


goto = ss.pop("exp_goto", None)  # an example tapped on another page («Reglas»): open it here
if goto is not None:
    _example(*goto)
elif "exp_play" not in ss:
    _show_play(st.query_params.get("jugada", "")[:80])
    ss.exp_table = ss[TABLE_BOX] = st.query_params.get("mesa", "")[:80]
    canon = canonical_or_none(ss.exp_play)
    force_selection(KEY, ids_for(parse(canon)) if canon else [])

st.title("Explorador de jugadas")
st.caption(
    "Elige cartas de la baraja (toca, desliza o doble toque para todo un valor) o escríbelas y pulsa "
    "«Ver» (o Intro): 3 4 5 6 7 8 9 T J Q K A 2, B = comodín pequeño, R = comodín grande."
)


@st.fragment
def workspace() -> None:
    """The play being built: reruns alone on each selection, so the bar answers fast."""
    _follow_the_deck()
    ss.setdefault(PLAY_BOX, ss.exp_play)  # widget state is dropped while another page is shown
    ss.setdefault(TABLE_BOX, ss.exp_table)
    # scroll-margin: the page's top bar must not cover the boxes when an example scrolls here
    st.html("<style>.st-key-exp-top{scroll-margin-top:4.25rem}</style>")
    st.container(key="exp-top", height=1, border=False)
    # The boxes live in a form: the browser sends what was typed only on «Ver» (or Enter), never
    # along with a card gesture, so an out-of-date box can never undo a selection.
    # The boxes keep one key each, so a new value never draws a second box beside the old one.
    with st.form("typed", border=False):
        col1, col2 = st.columns([3, 2])
        col1.text_input("Tu jugada", key=PLAY_BOX, placeholder="por ejemplo 444455")
        col2.text_input("Jugada de la mesa (opcional)", key=TABLE_BOX, placeholder="por ejemplo QQQR")
        st.form_submit_button("Ver", on_click=_from_text)

    bar = describe(ss.exp_play, ss.exp_table)
    why = diagnose(ss.exp_play) if ss.exp_play.strip() else None
    said = why.message[0].upper() + why.message[1:] + "." if why is not None else ""
    if why is not None and bar.play is None and bar.title in ("No es una jugada", "No se entiende"):
        # no play (or a card written as a number): the bar says exactly what is wrong with these
        # cards, not the generic sentence
        st.html(bar_html(False, bar.title, said))
        why = None
    else:
        st.html(bar_html(bar.ok if ss.exp_play.strip() else None, bar.title, bar.detail))
    if why is not None:  # a play that looks like another one (444455 is no bomb)
        st.html(f'<div class="ddz-notice info" data-testid="diagnosis">{html.escape(said)}</div>')
    elif bar.rule and bar.rule_text:
        st.html(f'<div class="ddz-caption" data-testid="rule">La regla: {html.escape(bar.rule_text)}</div>')

    canon = canonical_or_none(ss.exp_play)
    if canon:
        st.html(cards_html(ids_for(parse(canon)), empty=""))

    st.header("Baraja")
    card_hand(
        list(DECK_ORDER),
        key=KEY,
        layout="grid",
        label="baraja completa",
        clear_label="Vaciar la selección",
        on_change=lambda: None,  # a gesture reruns this fragment alone
    )
    page_effects(
        key="fx_explorer",
        query=_url(),
        scroll=(".st-key-exp-top", ss.exp_examples) if ss.get("exp_examples") else None,
    )


workspace()

st.header("Ejemplos de las reglas")
cols = st.columns(2)
for i, (label, play, table) in enumerate(EXAMPLES):
    cols[i % 2].button(label, key=f"ex{i}", on_click=_example, args=(play, table), width="stretch")
