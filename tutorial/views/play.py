"""Jugar: a hand against two CPU players, as on the site of seed 002."""

from __future__ import annotations

import html
import os
import time

import streamlit as st

from ddz.ai import Cpu, hint
from ddz.cards import parse
from ddz.codes import CodeError, decode, ids_for, new_code, normalize
from ddz.game import BIDDING, OVER, PASS, PLAYING, Game, GameError
from tutorial.cards_view import backs_html, cards_html, counter_html, ranks_of
from tutorial.logic import describe, seat_names
from tutorial.views.common import bar_html
from tutorial.widget import card_hand, force_selection, selection

HUMAN = 0
KEY = "play_hand"
NAMES = {0: "Tú (Sur)", 1: "Este · CPU, a tu derecha", 2: "Oeste · CPU, a tu izquierda"}
WHO = {0: "ti", 1: "Este", 2: "Oeste"}
DELAY = float(os.environ.get("DDZ_CPU_DELAY", "0.8"))
ss = st.session_state


def _sync_url() -> None:
    g: Game = ss.game
    st.query_params["codigo"] = g.code or ""
    st.query_params["acciones"] = ".".join(g.actions)


def _start(code: str, actions: list[str] | None = None) -> str | None:
    """Start (or restore) a hand; returns a Spanish error when the URL state was bad."""
    error = None
    try:
        g = Game.from_code(code)
    except CodeError as e:
        g, error = Game.from_code(new_code()), f"{e}. Empezamos una partida nueva."
    for i, a in enumerate(actions or []):
        try:
            g.apply(a)
        except (GameError, ValueError) as e:
            error = f"La partida guardada en la dirección no es válida en la acción {i + 1}: {e}"
            break
    ss.game = g
    ss.dealt_sig = None
    ss.hint_text = ""
    ss.play_error = ""
    force_selection(KEY, [])
    _sync_url()
    return error


def _new_game(code: str | None = None) -> None:
    ss.url_error = _start(code or new_code())


def _replay_same() -> None:
    ss.url_error = _start(ss.game.code)


def _code_from_settings() -> None:
    text = ss.get("code_input", "")
    try:
        decode(text)
    except CodeError as e:
        ss.code_error = str(e)
        return
    ss.code_error = ""
    ss.url_error = _start(normalize(text))


def _act(action: str) -> None:
    g: Game = ss.game
    try:
        g.apply(action, seat=HUMAN)
    except GameError as e:
        ss.play_error = e.message
        return
    ss.play_error = ""
    ss.hint_text = ""
    ss.url_error = ""
    force_selection(KEY, [])
    _sync_url()


def _play_selected() -> None:
    _act(ranks_of(selection(KEY)))


def _hint() -> None:
    g: Game = ss.game
    advice = hint(g, HUMAN)
    ss.hint_text = advice.reason
    if g.phase == PLAYING and advice.action != PASS:
        force_selection(KEY, ids_for(parse(advice.action), g.hands[HUMAN]))
        ss.hint_text = f"Juega {advice.action}: {advice.reason}."
    elif g.phase == PLAYING:
        force_selection(KEY, [])
        ss.hint_text = f"Pasa: {advice.reason}."
    else:
        word = "pasa" if advice.action == PASS else f"puja {advice.action}"
        ss.hint_text = f"Consejo: {word} — {advice.reason}."


# ---- state ----------------------------------------------------------------------------------
if "game" not in ss:
    url_code = st.query_params.get("codigo")
    url_actions = [a for a in st.query_params.get("acciones", "").split(".") if a]
    ss.url_error = _start(url_code, url_actions) if url_code else _start(new_code())
    ss.skip_anim = False
    ss.show_counter = True
g: Game = ss.game

# ---- header ---------------------------------------------------------------------------------
top = st.columns([2, 1])
with top[0]:
    st.caption("Código de la partida (cópialo para repetir este reparto)")
    st.code(g.code, language=None)
with top[1].popover("Ajustes", icon=":material/settings:"):
    st.text_input("Jugar con un código", key="code_input", placeholder="XXXX-XXXXX")
    st.button("Repartir con este código", on_click=_code_from_settings)
    if ss.get("code_error"):
        st.error(ss.code_error)
    st.toggle("Saltar la animación del reparto", key="skip_anim")
    st.toggle("Mostrar el contador de cartas", key="show_counter")
if ss.get("url_error"):
    st.warning(ss.url_error)
result_area = st.container()  # the end screen goes first, where a phone shows it without scrolling


def seat_box(seat: int) -> str:
    role = ""
    if g.landlord is not None:
        role = " · terrateniente" if seat == g.landlord else " · campesino"
    turn = g.phase in (BIDDING, PLAYING) and g.turn == seat
    last = g.last_action.get(seat)
    said = ""
    if last is not None:
        if g.phase == BIDDING:
            said = "pasa" if last == PASS else f"puja {last}"
        else:
            said = "pasa" if last == PASS else f"juega {last}"
    n = len(g.hands[seat])
    cls = "ddz-seat turn" if turn else "ddz-seat"
    arrow = " · le toca" if turn else ""
    if g.phase == OVER:  # the hand is over: show what was left in each hand
        return (
            f'<div class="{cls}" data-testid="seat-{seat}"><b>{html.escape(NAMES[seat])}</b>{role}<br>'
            f"le quedaban {n} cartas{cards_html(g.hands[seat], empty='ninguna')}</div>"
        )
    return (
        f'<div class="{cls}" data-testid="seat-{seat}"><b>{html.escape(NAMES[seat])}</b>{role}{arrow}<br>'
        f'<span class="ddz-stack"><span class="ddz-c back"></span><b>{n}</b> cartas</span>'
        f"{('<br>' + html.escape(said)) if said else ''}</div>"
    )


st.html(f'<div class="ddz-seats">{seat_box(2)}{seat_box(1)}</div>')

# kitty and table
kitty = cards_html(g.kitty) if g.landlord is not None else backs_html(3)
table_txt = "Nadie ha jugado todavía."
table_cards = ""
if g.phase == PLAYING and g.table is not None:
    table_txt = f"En la mesa, de {WHO[g.table_seat or 0]}: {g.table.describe()}"
    table_cards = cards_html(ids_for(g.table.cards))
elif g.phase == PLAYING:
    table_txt = "Baza nueva: abres tú." if g.turn == HUMAN else f"Baza nueva: abre {WHO[g.turn]}."
elif g.phase == OVER and g.table is not None:
    table_txt = f"Última jugada, de {WHO[g.table_seat or 0]}: {g.table.describe()}"
    table_cards = cards_html(ids_for(g.table.cards))
info = (
    f"Base {g.base or '—'} · multiplicador ×{g.multiplier}"
    if g.phase != BIDDING
    else f"Subasta · puja más alta: {g.highest_bid() or 'ninguna'}"
)
st.html(
    f'<div class="ddz-seat" data-testid="table"><b>Pozo</b> {kitty}<div>{html.escape(info)}</div>'
    f"<div>{html.escape(table_txt)}</div>{table_cards}</div>"
)

# ---- the human's controls -------------------------------------------------------------------
my_turn = g.phase in (BIDDING, PLAYING) and g.turn == HUMAN
if g.phase == BIDDING and g.redeals and not g.auction:
    st.info(
        f"Los tres pasaron: se ha repartido de nuevo (reparto {g.redeals + 1} de 4). "
        "Si vuelven a pasar todos en el cuarto, quien abre la subasta será terrateniente con base 1."
    )
if g.phase == BIDDING:
    if my_turn:
        st.markdown("**Tu turno de subasta:** puja más que la puja más alta o pasa.")
        row = st.container(horizontal=True)
        legal = set(g.legal_actions())
        row.button("Pasar", on_click=_act, args=(PASS,), key="bid0")
        for b in (1, 2, 3):
            row.button(
                f"Pujar {b}",
                on_click=_act,
                args=(str(b),),
                disabled=str(b) not in legal,
                key=f"bid{b}",
                help=None if str(b) in legal else "Tiene que superar a la puja más alta",
            )
        row.button("Pista", on_click=_hint, key="hint_bid", icon=":material/lightbulb:")
    else:
        st.markdown(f"Subasta: le toca a {WHO[g.turn]}…")
elif g.phase == PLAYING:
    chosen = ranks_of(selection(KEY))
    table = str(g.table) if g.table is not None else ""
    if my_turn:
        bar = describe(chosen, table)
        st.html(bar_html(bar.ok if chosen else None, bar.title, bar.detail))
        row = st.container(horizontal=True)
        row.button(
            "Jugar",
            type="primary",
            on_click=_play_selected,
            disabled=not bar.ok,
            help=None if bar.ok else bar.detail,
            key="play",
        )
        row.button(
            "Pasar",
            on_click=_act,
            args=(PASS,),
            disabled=g.leading,
            key="pass",
            help="Abres la baza: no puedes pasar" if g.leading else None,
        )
        row.button("Pista", on_click=_hint, key="hint", icon=":material/lightbulb:")
        if not bar.ok and chosen:
            st.caption(f"No puedes jugar esto: {bar.detail[0].lower()}{bar.detail[1:]}")
        if g.leading:
            st.caption("Abres la baza: juega la combinación que quieras (no puedes pasar).")
    else:
        st.html(bar_html(None, "Espera tu turno", f"Le toca a {WHO[g.turn]}."))
if ss.get("hint_text"):
    st.info(ss.hint_text)
if ss.get("play_error"):
    st.error(ss.play_error)

sig = (g.code, g.redeals)
animate = not ss.skip_anim and ss.get("dealt_sig") != sig
if g.hands[HUMAN]:
    card_hand(list(g.hands[HUMAN]), key=KEY, disabled=not (g.phase == PLAYING and my_turn), animate=animate)
ss.dealt_sig = sig
role = ""
if g.landlord is not None:
    role = (
        "Eres el terrateniente." if g.landlord == HUMAN else "Eres campesino: juegas con el otro campesino."
    )
st.caption(f"{NAMES[HUMAN]} · {len(g.hands[HUMAN])} cartas. {role}")

if ss.show_counter and g.phase != OVER:
    with st.expander("Contador de cartas (las que aún no has visto)", expanded=True):
        st.html(counter_html(g.unseen_cards(HUMAN).counts))
        st.caption("Jp = comodín pequeño, JG = comodín grande.")

# ---- end of the hand ------------------------------------------------------------------------
if g.phase == OVER and g.result is not None:
    with result_area:
        r = g.result
        won = (r.winner == "landlord") == (g.landlord == HUMAN)
        (st.success if won else st.error)("¡Has ganado!" if won else "Has perdido.")
        names = {0: "Sur (tú)", 1: "Este", 2: "Oeste"}
        st.markdown("\n".join(f"- {seat_names(line, names)}" for line in r.explain()))
        row = st.container(horizontal=True)
        row.button("Repetir este reparto", on_click=_replay_same, key="again")
        row.button("Otra partida", on_click=_new_game, type="primary", key="another")
        link = f"/manos?codigo={g.code}&acciones={'.'.join(g.actions)}"
        st.markdown(f"[Ver la mano entera, paso a paso, en «Manos comentadas»]({link})")

# ---- CPU turns, paced so a person can follow them ------------------------------------------
if g.phase in (BIDDING, PLAYING) and g.turn != HUMAN:
    time.sleep(DELAY)
    g.apply(Cpu().act(g))
    _sync_url()
    st.rerun()
