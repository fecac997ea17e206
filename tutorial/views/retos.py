"""Retos: endgame puzzles with every card visible, played against the solver's perfect defence."""

from __future__ import annotations

import html
from collections.abc import Sequence

import streamlit as st

from ddz.cards import parse
from ddz.endgame import PASS
from ddz.messages import render
from tutorial.browser import page_effects
from tutorial.cards_view import cards_html, ranks_of
from tutorial.logic import describe
from tutorial.retos import (
    LEARNER,
    LEVELS,
    OWN,
    Attempt,
    Puzzle,
    Step,
    by_id,
    card_ids,
    check_cards,
    from_hand,
    ids_along,
    puzzles,
    say_count,
    say_label,
    say_level,
    say_progress,
    say_result,
    say_seat,
    say_step,
    say_task,
    say_why,
    solution,
    step_msg,
    steps,
)
from tutorial.views.common import bar_html, notice_html
from tutorial.widget import card_hand, force_selection, selection

ss = st.session_state
ALL = puzzles()
ss.setdefault("retos_stars", {})  # puzzle id -> the best stars earned (0: finished after the solution)
ss.setdefault("retos_seen", set())
ss.setdefault("retos_msg", "")

CSS = """
.retos-seat{border:1px solid #d6d9de;border-radius:10px;padding:5px 8px;margin:3px 0;font-size:14px}
.retos-seat.turn{border:2px solid #2b6cb0;background:#f3f8ff}
.retos-seat .who{font-weight:700}
.retos-line{margin:4px 0 2px 0 !important;padding:0 !important;list-style:none;font-size:14px}
.retos-line li{display:flex;align-items:center;gap:8px;flex-wrap:wrap;margin:2px 0}
.retos-line li .who{min-width:7.5em;font-weight:600}
.retos-line li.now{background:#fff8e1;border-radius:6px}
.retos-line .ddz-row{margin:0}.retos-line .ddz-c{width:26px;height:36px;font-size:12px}
.retos-table{display:flex;align-items:center;gap:8px;flex-wrap:wrap;font-size:14px;margin:2px 0}
.retos-stars{color:#c98a00;letter-spacing:2px;font-size:20px}
.retos-you{font-weight:700;font-size:14px;margin-top:6px}
"""


def stars_text(n: int | None) -> str:
    return "" if n is None else "★" * n + "☆" * (3 - n)


def label(z: Puzzle) -> str:
    got = ss.retos_stars.get(z.id)
    mark = f" {stars_text(got)}" if got is not None else ""
    return say_label(z) + mark


def _loaded(stored: dict[str, object]) -> None:
    """Stars kept in the browser: the best of what is stored and what this session earned."""
    got = stored.get("retos_stars")
    if isinstance(got, dict):
        for pid, n in got.items():
            if by_id(str(pid)) is not None and isinstance(n, int) and 0 <= n <= 3:
                ss.retos_stars[str(pid)] = max(n, ss.retos_stars.get(str(pid), 0))


def _open(pid: str) -> None:
    ss.reto = pid
    ss.attempt = Attempt(by_id(pid) or ALL[0])
    ss.retos_msg = ""
    ss.sol_step = None
    ss.retos_visits = ss.get("retos_visits", 0) + 1


LEVEL_LABELS = {say_level(lv, sum(q.level == lv for q in ALL)): lv for lv in LEVELS}
# The level menu: its labels (what the selectbox holds, as Estrategia's stage menu does) -> level.


def _pick_level() -> None:
    level = LEVEL_LABELS[str(ss.retos_level)]
    todo = [z for z in ALL if z.level == level and z.id not in ss.retos_stars]
    _open((todo or [z for z in ALL if z.level == level])[0].id)


def _pick() -> None:
    _open(next((q.id for q in ALL if label(q) == ss.retos_pick), ALL[0].id))


def hand_key(att: Attempt, seat: int) -> str:
    return f"retos_hand_{att.puzzle.id}_{seat}"


def _record(att: Attempt) -> None:
    if att.done and att.puzzle.id != OWN:  # your own position earns no stars: it is not in the list
        pid = att.puzzle.id
        ss.retos_stars[pid] = max(att.stars, ss.retos_stars.get(pid, 0))


def _move(passing: bool) -> None:
    att: Attempt = ss.attempt
    seat = att.position.turn
    key = hand_key(att, seat)
    chosen = [i for i in selection(key) if i in att.ids[seat]]
    move, why = check_cards(att.position, ranks_of(chosen), passing)
    if move is None:
        ss.retos_msg = why
        return
    ss.retos_msg = ""
    att.play(move, chosen)
    force_selection(key, [])  # played, or taken back after its refutation: the cards come down
    _record(att)


def _restart() -> None:
    att: Attempt = ss.attempt
    for seat in LEARNER[att.side]:
        force_selection(hand_key(att, seat), [])
    seen = att.seen
    ss.attempt = Attempt(att.puzzle)
    ss.attempt.seen = seen
    ss.retos_msg = ""


def _solution() -> None:
    att: Attempt = ss.attempt
    if not att.done:
        att.seen = True
    ss.sol_step = 0


def _sol_step(delta: int) -> None:
    ss.sol_step = max(0, min(len(ss.attempt.puzzle.line), int(ss.sol_step) + delta))


def line_html(
    rows: list[Step], ids: Sequence[Sequence[str]], now: int | None = None, testid: str = "retos-line"
) -> str:
    """Moves as rows of cards (``ids``: each move's card ids), each with who made it («pasa» for a
    pass)."""
    items = []
    for i, (st_, cards_ids) in enumerate(zip(rows, ids)):
        who = html.escape(say_seat(st_.seat, False))
        cards = (
            f"<span>{html.escape(render('retos.pass'))}</span>"
            if st_.move == PASS
            else cards_html(list(cards_ids))
        )
        text = html.escape(say_step(st_))
        cls = ' class="now"' if now is not None and i == now else ""
        items.append(
            f'<li{cls} title="{text}" aria-label="{text}"><span class="who">{who}</span>{cards}</li>'
        )
    return f'<ol class="retos-line" data-testid="{testid}">' + "".join(items) + "</ol>"


def seat_html(att: Attempt, seat: int, hands: list[list[str]], turn: int | None) -> str:
    you = seat in LEARNER[att.side]
    cls = "retos-seat turn" if seat == turn else "retos-seat"
    n = len(hands[seat])
    count = render("retos.cards_left", n=n) if n else render("retos.no_cards")
    return (
        f'<div class="{cls}" data-testid="retos-seat-{seat}"><span class="who">'
        f"{html.escape(say_seat(seat, you))}</span> · {html.escape(count)}"
        f"{cards_html(hands[seat]) if n else ''}</div>"
    )


# ---- the page -------------------------------------------------------------------------------------
st.html(f"<style>{CSS}</style>")
st.title("Retos")
st.markdown(html.escape(render("retos.intro")))

own_key = (st.query_params.get("codigo", ""), st.query_params.get("acciones", ""))
if own_key[0] and ss.get("retos_own_key") != own_key:  # «Practica esta posición», from the review
    ss.retos_own_key = own_key
    own = from_hand(own_key[0], [a for a in own_key[1].split(".") if a])
    if own is not None:
        ss.reto, ss.attempt, ss.retos_msg, ss.sol_step = OWN, Attempt(own), "", None
        ss.retos_visits = ss.get("retos_visits", 0) + 1
    else:
        ss.retos_own_bad = own_key
if own_key[0] and ss.get("retos_own_bad") == own_key:
    st.html(notice_html("warning", render("retos.own_not_won")))
if "reto" not in ss:
    wanted = st.query_params.get("reto", "")
    first = next((z.id for z in ALL if z.id not in ss.retos_stars), ALL[0].id)
    _open(wanted if by_id(wanted) is not None else first)
    ss.retos_visits = 0
att: Attempt = ss.attempt
z = att.puzzle

earned = sum(ss.retos_stars.values())
st.progress(len(ss.retos_stars) / len(ALL), text=say_progress(len(ss.retos_stars), len(ALL), earned))

ss.retos_level = next(text for text, lv in LEVEL_LABELS.items() if lv == z.level)
st.selectbox("Nivel", list(LEVEL_LABELS), key="retos_level", on_change=_pick_level)
menu = ([label(z)] if z.id == OWN else []) + [label(q) for q in ALL if q.level == z.level]
ss.retos_pick = label(z)
st.selectbox("Reto", menu, key="retos_pick", on_change=_pick)

st.header(say_label(z), anchor="reto")
got = ss.retos_stars.get(z.id)
if got is not None:
    st.html(f'<div class="retos-stars" data-testid="retos-stars">{stars_text(got)}</div>')
st.html(notice_html("info", say_task(z.position())))

pos = att.position
learner_turn = not att.done and pos.to_move == att.side
order = (1, 2, 0) if att.side == "landlord" else (0, 1, 2)
for seat in order:
    if learner_turn and seat == pos.turn:
        continue  # drawn below, as the hand to play from
    st.html(seat_html(att, seat, att.ids[:3], None if att.done else pos.turn))

if pos.table is not None and not att.done:
    owner = pos.table_seat if pos.table_seat is not None else 0
    st.html(
        '<div class="retos-table" data-testid="retos-table">'
        f"{html.escape(render('retos.on_table', owner=owner))}{cards_html(att.ids[3])}</div>"
    )
elif not att.done:
    st.html(
        f'<div class="retos-table" data-testid="retos-table">{html.escape(render("retos.empty_table"))}</div>'
    )

if learner_turn:
    seat = pos.turn
    key = hand_key(att, seat)
    st.html(
        f'<div class="retos-you" data-testid="retos-you">{html.escape(render("retos.your_turn", seat=seat))}</div>'
    )
    chosen = card_hand(att.ids[seat], key=key, label="tus cartas")
    ranks = ranks_of(chosen)
    if chosen:
        bar = describe(ranks, "" if pos.table is None else str(pos.table.cards))
        st.html(bar_html(bar.ok, bar.title, bar.detail))
    row = st.container(horizontal=True)
    row.button("Jugar", type="primary", on_click=_move, args=(False,), key="retos_play")
    row.button("Pasar", on_click=_move, args=(True,), key="retos_pass", disabled=pos.table is None)
    if ss.retos_msg:
        st.html(notice_html("warning", ss.retos_msg))

# What the page shows, for machines (the browser tests wait on it): the cards Python sees raised, the
# moves made, the mistakes and whether the puzzle is over.
raised = ""
if learner_turn:
    raised = str(parse(ranks)) if ranks else ""
st.html(
    f'<div hidden data-testid="retos-state" data-raised="{html.escape(raised)}" data-moves="{len(att.history)}" '
    f'data-mistakes="{att.mistakes}" data-done="{int(att.done)}"></div>'
)

v = att.verdict
if v is not None and v.ok and not att.done:
    st.html(f'<div data-testid="retos-verdict">{notice_html("info", v.text)}</div>')
if v is not None and not v.ok and v.refuted_at is not None:
    st.html(
        '<div class="ddz-notice error" data-testid="retos-refutation" role="status">'
        f"{html.escape(v.text)}{line_html(steps(v.refuted_at, v.refutation), v.ids, testid='retos-refutation-line')}"
        f"{html.escape(render('retos.try_again'))}</div>"
    )

if att.done:
    st.html(
        '<div class="ddz-result won" data-testid="retos-result">'
        f"{html.escape(say_result(att.stars, att.mistakes, att.seen))}</div>"
    )
    start = z.position()
    st.html(notice_html("info", say_why(z.theme, z.why) + " " + say_count(solution(start))))
    nxt = next((q for q in ALL if q.number > z.number), None)
    if nxt is not None:
        st.button(f"Siguiente reto: {nxt.number}", type="primary", on_click=_open, args=(nxt.id,))

if att.history:
    st.markdown("**Jugadas hasta ahora**")
    st.html(line_html(att.history, att.played, testid="retos-history"))

row = st.container(horizontal=True)
row.button("Empezar de nuevo", on_click=_restart, key="retos_restart")
row.button("Ver la solución", on_click=_solution, key="retos_solution")

if ss.get("sol_step") is not None:
    k = int(ss.sol_step)
    total = len(z.line)
    with st.container(border=True, key="retos-solution"):
        st.markdown(f"**{html.escape(render('retos.solution_step', k=k, n=total))}**")
        nav = st.container(horizontal=True)
        nav.button("◀ Anterior", on_click=_sol_step, args=(-1,), disabled=k == 0, key="sol_prev")
        nav.button("Siguiente ▶", on_click=_sol_step, args=(1,), disabled=k >= total, key="sol_next")
        line = steps(z.position(), z.line)
        dealt = card_ids(z)
        moved = ids_along(dealt, line)
        if k == total:
            st.html(notice_html("info", say_why(z.theme, z.why)))
        st.html(line_html(line[:k], moved, now=k - 1, testid="retos-solution-line"))
        for seat in order:
            gone = {i for st_, got in zip(line[:k], moved) if st_.seat == seat for i in got}
            hand = [i for i in dealt[seat] if i not in gone]
            st.html(
                f'<div class="retos-seat" data-testid="retos-sol-seat-{seat}"><span class="who">'
                f"{html.escape(say_seat(seat, seat in LEARNER[att.side]))}</span>"
                + (cards_html(hand) if hand else f" · {html.escape(render('retos.no_cards'))}")
                + "</div>"
            )
        if k < total:
            st.html(
                f'<div class="ddz-caption">{html.escape(render("retos.next_move", step=step_msg(line[k])))}</div>'
            )

page_effects(
    key="fx_retos",
    query={"reto": z.id},
    scroll=("#reto", ss.retos_visits) if ss.get("retos_visits") else None,
    save={"retos_stars": dict(ss.retos_stars)},
    on_load=_loaded,
)
