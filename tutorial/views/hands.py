"""Manos comentadas: complete example hands, stepped forward and back with notes."""

from __future__ import annotations

import html

import streamlit as st

from ddz.codes import CodeError, normalize
from ddz.game import BIDDING, OVER, Game
from ddz.messages import say_cards
from ddz.plays import classify
from tutorial.browser import page_effects
from tutorial.cards_view import cards_html, counter_html
from tutorial.logic import SEAT_NAMES, AnnotatedHand, annotated_hands, count, game_at, step_note
from tutorial.views.common import notice_html

ss = st.session_state
hands = annotated_hands()
by_id = {h.id: h for h in hands}

st.title("Manos comentadas")

# A hand may come from the URL: ?mano=slug&paso=N, or ?codigo=..&acciones=.. (from «Jugar»).
qp = st.query_params
current: AnnotatedHand | None = None
error = ""
if "codigo" in qp:
    try:
        code = normalize(qp["codigo"])
        actions = [a for a in qp.get("acciones", "").split(".") if a]
        current = AnnotatedHand(
            "partida",
            f"Tu partida {code}",
            "La mano que acabas de jugar, paso a paso.",
            "Repasa en qué momentos perdiste o ganaste la salida.",
            {"format": "ddz-record", "version": 1, "code": code, "actions": actions},
            {},
        )
        final, _ = game_at(current.record, current.steps)
        if not isinstance(final, Game) or final.phase != OVER:
            # A live hand shows every seat's cards: only a finished hand can be stepped through.
            error = "Esa partida todavía no ha terminado: podrás repasarla aquí cuando acabe."
            current = None
    except (CodeError, ValueError) as e:
        error = f"No se puede abrir la partida de la dirección: {e}"
        current = None
if current is None:
    wanted = ss.get("picked") or qp.get("mano", hands[0].id)
    if wanted not in by_id:
        error = error or f"No hay ninguna mano comentada llamada «{wanted}»."
        wanted = hands[0].id
    current = by_id[wanted]
if error:
    st.html(notice_html("warning", error))


def _pick() -> None:
    ss.picked = ss.hand_pick
    ss.step = 0


titles = {h.id: h.title for h in hands}
if current.id in titles:
    st.selectbox(
        "Elige una mano",
        list(titles),
        format_func=titles.__getitem__,
        key="hand_pick",
        index=list(titles).index(current.id),
        on_change=_pick,
    )
st.markdown(f"**{html.escape(current.title)}.** {html.escape(current.intro)}")

total = current.steps
try:
    start = int(qp.get("paso", "0"))
except ValueError:
    start = 0
if ss.get("step_for") != current.id:
    ss.step = max(0, min(start, total))
    ss.step_for = current.id


def _move(delta: int) -> None:
    ss.step = max(0, min(total, ss.step + delta))


row = st.container(horizontal=True, vertical_alignment="center")
row.button(
    "Anterior", icon=":material/arrow_back:", on_click=_move, args=(-1,), disabled=ss.step == 0, key="prev"
)
row.button(
    "Siguiente",
    icon=":material/arrow_forward:",
    on_click=_move,
    args=(1,),
    disabled=ss.step >= total,
    key="next",
    type="primary",
)
row.button("Al final", on_click=_move, args=(total,), disabled=ss.step >= total, key="end")
row.markdown(f"Paso **{ss.step}** de {total}")

g, last = game_at(current.record, ss.step, SEAT_NAMES)
assert isinstance(g, Game)
note = step_note(current, ss.step - 1) if ss.step else "El reparto: 17 cartas para cada uno y 3 en el pozo."
st.html(
    f'<div class="ddz-bar idle" data-testid="note"><b>{html.escape(last or "Reparto")}</b>'
    f"{'<br>' + html.escape(note) if note else ''}</div>"
)

for seat in (0, 1, 2):
    role = ""
    if g.landlord is not None:
        role = " · terrateniente" if seat == g.landlord else " · campesino"
    turn = " · le toca" if g.phase not in (OVER,) and g.turn == seat else ""
    said = g.last_action.get(seat, "")
    if not said:
        said_txt = ""
    elif said == "p":
        said_txt = " · pasa"
    elif g.phase == BIDDING:
        said_txt = f" · puja {html.escape(said)}"
    else:
        said_txt = f" · {html.escape(say_cards(classify(said).shown()))}"
    st.html(
        f'<div class="ddz-seat{" turn" if turn else ""}"><b>{SEAT_NAMES[seat]}</b>{role}{turn}{said_txt}'
        f" · {count(len(g.hands[seat]), 'carta')} {cards_html(g.hands[seat], empty='')}</div>"
    )

pozo = cards_html(g.kitty) if g.landlord is not None else "boca abajo"
table = (
    f"{SEAT_NAMES[g.table_seat or 0]}: {say_cards(g.table.shown())} — {g.table.describe()}"
    if g.table is not None
    else "vacía"
)
st.html(
    f'<div class="ddz-seat"><b>Pozo</b> {pozo}<div>Mesa: {html.escape(table)}'
    f"{cards_html(g.table_ids) if g.table is not None else ''}</div>"
    f"<div>Base {g.base or '—'} · multiplicador ×{g.multiplier}</div></div>"
)

with st.expander("Contador de cartas de Sur (las que Sur aún no ha visto)", expanded=False):
    st.html(counter_html(g.unseen_cards(0).counts))

if g.phase == OVER and g.result is not None:
    st.header("Puntuación")
    st.markdown("\n".join(f"- {line}" for line in g.result.explain(SEAT_NAMES)))
    st.success(current.lesson)

if current.id == "partida":
    query = {"codigo": str(current.record["code"]), "acciones": ".".join(current.record["actions"])}
else:
    query = {"mano": current.id}
page_effects(key="fx_hands", query={**query, "paso": str(ss.step)})
