"""Estrategia: short stages, one idea each, with exercises checked by the engine."""

from __future__ import annotations

import html
import time
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from ddz.ai.solver import decompose, min_plays
from ddz.cards import NotationError, parse_hand
from ddz.codes import ids_for
from tutorial.browser import page_effects
from tutorial.cards_view import cards_html, ranks_of
from tutorial.logic import Feedback, check_answer, check_selection, lessons, solution
from tutorial.path import practice_link, to_skip, unlocked
from tutorial.widget import card_hand, selection

ss = st.session_state
stages = lessons()
ids = [str(s["id"]) for s in stages]
ss.setdefault("solved", set())
ss.setdefault("feedback", {})
ss.setdefault("misses", {})
ss.setdefault("revealed", set())
ss.setdefault("skipped", set())


def ex_key(stage: str, i: int) -> str:
    return f"{stage}-{i}"


def stage_done(stage: dict[str, Any]) -> bool:
    return all(ex_key(str(stage["id"]), i) in ss.solved for i in range(len(stage["exercises"])))


def record(key: str, fb: Feedback) -> None:
    ss.feedback[key] = fb
    if fb.correct:
        ss.solved.add(key)
    else:
        ss.misses[key] = ss.misses.get(key, 0) + 1


def _answer(key: str, ex: dict[str, Any], value: object) -> None:
    """First wrong answer: a hint. The answer comes after a second wrong try (or on request)."""
    record(key, check_answer(ex, value, reveal=ss.misses.get(key, 0) >= 1))


def _check_cards(key: str, ex: dict[str, Any]) -> None:
    fb = check_selection(ex, ranks_of(selection(f"w-{key}")))
    if not fb.correct and ss.misses.get(key, 0) >= 1:
        fb = Feedback(False, f"{fb.message} {solution(ex)}")
    record(key, fb)


def _check_widget_value(key: str, ex: dict[str, Any]) -> None:
    _answer(key, ex, ss.get(f"in-{key}"))


def _reveal(key: str, ex: dict[str, Any]) -> None:
    ss.feedback[key] = Feedback(False, solution(ex))
    ss.revealed.add(key)


def _goto(stage_id: str) -> None:
    ss.stage = stage_id
    ss.stage_visits = ss.get("stage_visits", 0) + 1


def _progress_loaded(stored: dict[str, Any]) -> None:
    """Lesson progress kept in the browser: the exercises solved before a reload."""
    solved = stored.get("solved")
    if isinstance(solved, list):
        ss.solved |= {str(k) for k in solved if isinstance(k, str)}
    skipped = stored.get("skipped_stages")
    if isinstance(skipped, list):
        ss.skipped |= {str(k) for k in skipped if isinstance(k, str) and k in ids}


def _skip_to(stage_id: str) -> None:
    """Open ``stage_id`` by skipping the stages before it that are not done."""
    ss.skipped |= set(to_skip(ids, stage_id, {str(s["id"]) for s in stages if stage_done(s)}))
    _goto(stage_id)


def _skip_stage(stage_id: str) -> None:
    ss.skipped.add(stage_id)
    nxt = ids.index(stage_id) + 1
    _goto(ids[nxt] if nxt < len(ids) else stage_id)


st.title("Estrategia paso a paso")
if "stage" not in ss:
    wanted = st.query_params.get("etapa", ids[0])
    ss.stage = wanted if wanted in ids else ids[0]
done_ids = {str(s["id"]) for s in stages if stage_done(s)}
is_open = unlocked(ids, done_ids, ss.skipped)
n_ex = sum(len(s["exercises"]) for s in stages)
n_solved = sum(ex_key(str(s["id"]), i) in ss.solved for s in stages for i in range(len(s["exercises"])))
st.progress(
    n_solved / n_ex,
    text=f"Ejercicios resueltos: {n_solved} de {n_ex} · etapas completadas: {len(done_ids)} de {len(stages)}",
)


def _label(i: int, s: dict[str, Any]) -> str:
    total = len(s["exercises"])
    got = sum(ex_key(str(s["id"]), k) in ss.solved for k in range(total))
    mark = "✓ " if stage_done(s) else ("" if is_open[i] else "🔒 ")
    skipped = " · saltada" if str(s["id"]) in ss.skipped and not stage_done(s) else ""
    return f"{mark}{i + 1}. {s['title']} ({got}/{total}){skipped}"


labels = [_label(i, s) for i, s in enumerate(stages)]


def _pick_stage() -> None:
    _goto(ids[labels.index(ss.stage_label)])


ss.stage_label = labels[ids.index(ss.stage)]
st.selectbox("Etapa", labels, key="stage_label", on_change=_pick_stage)

stage = stages[ids.index(ss.stage)]
st.header(str(stage["title"]), anchor="etapa")
stage_open = is_open[ids.index(ss.stage)]
if not stage_open:
    before = to_skip(ids, ss.stage, done_ids)
    names = ", ".join(f"«{stages[ids.index(b)]['title']}»" for b in before)
    st.html(
        '<div class="ddz-notice info" data-testid="stage-locked">Esta etapa se abre cuando completes '
        f"las anteriores: {html.escape(names)}. Si ya las dominas, puedes saltarlas.</div>"
    )
    st.button("Saltar hasta esta etapa", on_click=_skip_to, args=(ss.stage,), type="primary")
else:
    st.markdown(str(stage["text"]))

for i, ex in enumerate(stage["exercises"] if stage_open else []):
    key = ex_key(str(stage["id"]), i)
    with st.container(border=True):
        st.markdown(f"**Ejercicio {i + 1}.** {html.escape(str(ex['prompt']))}")
        kind = ex["type"]
        if kind == "choose":
            hand_ids = ids_for(parse_hand(str(ex["hand"])))
            if ex.get("table"):
                st.html("<div>Mesa:</div>" + cards_html(ids_for(parse_hand(str(ex["table"])))))
            card_hand(hand_ids, key=f"w-{key}", label="tu mano para el ejercicio")
            st.button("Comprobar", key=f"b-{key}", on_click=_check_cards, args=(key, ex), type="primary")
        elif kind in ("beats", "is_kind", "bomb_possible"):
            row = st.container(horizontal=True)
            row.button("Sí", key=f"y-{key}", on_click=_answer, args=(key, ex, True))
            row.button("No", key=f"n-{key}", on_click=_answer, args=(key, ex, False))
        elif kind == "count":
            st.html(cards_html(ids_for(parse_hand(str(ex["hand"])))))
            st.number_input(
                "Número de jugadas", min_value=1, max_value=20, step=1, key=f"in-{key}", value=None
            )
            st.button(
                "Comprobar", key=f"b-{key}", on_click=_check_widget_value, args=(key, ex), type="primary"
            )
        elif kind == "bid":
            st.html(cards_html(ids_for(parse_hand(str(ex["hand"])))))
            row = st.container(horizontal=True)
            for bid, label in ((0, "Pasar"), (1, "1"), (2, "2"), (3, "3")):
                row.button(label, key=f"bid{bid}-{key}", on_click=_answer, args=(key, ex, bid))
        elif kind == "choice":
            options = list(ex["options"])
            st.radio(
                "Respuesta",
                range(len(options)),
                format_func=options.__getitem__,
                key=f"in-{key}",
                index=None,
                label_visibility="collapsed",
            )
            st.button(
                "Comprobar", key=f"b-{key}", on_click=_check_widget_value, args=(key, ex), type="primary"
            )
        fb = ss.feedback.get(key)
        if fb is None and key in ss.solved:  # solved before (kept in the browser)
            st.html('<div class="ddz-notice info" data-testid="solved-before">✓ Ya lo resolviste.</div>')
        if fb is not None:
            if fb.correct:
                st.success(fb.message)
            elif key in ss.revealed:
                st.info(fb.message)
            else:
                st.error(fb.message + " Prueba otra vez.")
                st.button("Ver la respuesta", key=f"r-{key}", on_click=_reveal, args=(key, ex))

if stage["id"] == "tiradas":
    st.subheader("Calculadora de tiradas")
    text = st.text_input(
        "Escribe una mano (hasta 20 cartas)", value="3334445556789TJQK2BR", key="solver_hand"
    )
    try:
        hand = parse_hand(text)
    except NotationError as e:
        st.error(e.message)
    else:
        t0 = time.perf_counter()
        m = min_plays(hand)
        parts = decompose(hand)
        ms = (time.perf_counter() - t0) * 1000
        st.markdown(f"**{m} jugadas** como mínimo (calculado en {ms:.1f} ms):")
        for p in parts:
            st.html(f"<div>{html.escape(p.name)}</div>" + cards_html(ids_for(p.cards)))

nxt = ids.index(str(stage["id"])) + 1
if stage_done(stage):
    st.success("¡Etapa completada!")
if stage_open and isinstance(stage.get("practice"), dict):
    label, params = practice_link(stage["practice"])
    # A plain link (same tab): «Jugar» deals the hand of its address when the page loads.
    st.html(
        f'<a class="ddz-practice" data-testid="practice-link" href="/?{html.escape(urlencode(params))}">'
        f"▶ {html.escape(label)}</a>"
    )
if stage_done(stage) and nxt < len(ids):
    st.button(f"Siguiente etapa: {stages[nxt]['title']}", on_click=_goto, args=(ids[nxt],), type="primary")
elif stage_open and not stage_done(stage) and nxt < len(ids) and ids[nxt] not in done_ids:
    st.button("Saltar esta etapa", on_click=_skip_stage, args=(str(stage["id"]),), type="tertiary")
st.html(
    "<style>.ddz-practice{display:inline-block;margin:6px 0;padding:8px 14px;border-radius:8px;"
    "background:#eaf2fd;border:1px solid #8db4e8;color:#1d4f91;text-decoration:none;font-weight:600}"
    ".ddz-practice:hover{background:#dbe9fc}</style>"
)

page_effects(
    key="fx_lessons",
    query={"etapa": ss.stage},
    scroll=("#etapa", ss.stage_visits) if ss.get("stage_visits") else None,
    save={"solved": sorted(ss.solved), "skipped_stages": sorted(ss.skipped)},
    on_load=_progress_loaded,
)
