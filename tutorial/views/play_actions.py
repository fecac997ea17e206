"""Jugar's callbacks: what the page's buttons do to the hand, and the CPU's paced turn.

Every callback that changes the hand runs under the session's lock (:func:`tutorial.guard.guarded`);
one made for a moment of the hand carries the version it was drawn at and does nothing once the hand
moved on (:func:`tutorial.guard.on_hand`). Only definitions live here: the page script draws the
buttons that call them, and calls :func:`pace_cpu` at its end.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from ddz.ai import hint
from ddz.ai.cpu import LEVELS
from ddz.cards import parse
from ddz.codes import CodeError, cards_of, decode, ids_for, normalize
from ddz.game import BIDDING, PASS, PLAYING, Game
from ddz.messages import render, render_message
from tutorial import guard
from tutorial.practice import (
    HUMAN,
    Practice,
    empty_tally,
    hint_option_claim,
    hint_options,
    hint_text,
    valid_tally,
)
from tutorial.views.play_state import (
    FLIPS,
    KEY,
    SPEEDS,
    _act,
    _focus_hand,
    _guided,
    _new_game,
    _replay_same,
    _start,
    cpu_delay,
    p_has_moved,
    partner_on_table,
    ss,
)
from tutorial.widget import force_selection, selection


# ---- the dock: your bids and plays, the partner's question, «Deshacer», «Pista» --------------
@guard.on_hand
def _tap_act(action: str) -> None:
    """A bid or «Pasar» tapped in the dock: for the moment of the hand it was drawn at, else nothing."""
    _focus_hand()
    _act(action)


@guard.on_hand
def _play_selected() -> None:
    """Play exactly the raised cards: the same ids the bar describes. Covering your partner's play
    when you could pass first asks (a question, which changes nothing by itself)."""
    _focus_hand()
    ids = selection(KEY)
    if not ids:
        ss.play_error = render("table.choose_first")
        return
    g = ss.practice.game
    advised = ss.get("hint_for") == (len(g.actions), sorted(ids))  # the hint covers the partner, and says why
    if ss.partner_warn and partner_on_table(g) is not None and not advised:
        ss.partner_ask = list(ids)
        return
    _act(str(cards_of(ids)), ids)


@guard.on_hand
def _partner_yes() -> None:
    _focus_hand()
    ids = ss.get("partner_ask") or []
    ss.partner_ask = None
    if ids and sorted(ids) == sorted(selection(KEY)):
        _act(str(cards_of(ids)), ids)


@guard.on_hand
def _partner_no() -> None:
    _focus_hand()
    ss.partner_ask = None


@guard.on_hand
def _undo() -> None:
    """«Deshacer»: take back your last decision; the CPUs' replies before it are replayed."""
    p: Practice = ss.practice
    _focus_hand()
    if ss.get("guided") or not p.undo():
        return
    guard.moved()
    ss.play_error = ""
    ss.hint_text = ""
    ss.partner_ask = None
    force_selection(KEY, [])


def _fold() -> None:
    """Fold the hand out of the dock to look at the table (the raised cards stay raised)."""
    ss.dock_folded = not ss.get("dock_folded")


@guard.on_hand
def _hint() -> None:
    """«Pista»: the hint for your seat, only while it is still your turn to decide (a tap may
    arrive after the turn moved on: then it does nothing). Pressed again at the same moment of the
    hand, it offers the next option (:func:`~tutorial.practice.hint_options`), each with the plays
    it leaves, and after the last one the hint again."""
    g: Game = ss.practice.game
    if g.phase not in (BIDDING, PLAYING) or g.turn != HUMAN:
        return
    _focus_hand()
    ss.dock_folded = False  # the hint raises cards: show them
    moment = (ss.deals_started, tuple(g.actions))
    cycle = ss.get("hint_cycle")
    # «again» means while the last hint still shows: «Deshacer» back to the same moment (or any
    # action, which clears the hint) starts over with the hint itself
    if g.phase == PLAYING and cycle is not None and cycle["moment"] == moment and ss.get("hint_text"):
        if cycle["options"] is None:
            cycle["options"] = hint_options(g, HUMAN, cycle["first"])
        options = cycle["options"]
        cycle["i"] = (cycle["i"] + 1) % len(options)
        action = options[cycle["i"]].action
        ids = ids_for(parse(action), g.hands[HUMAN]) if action != PASS else []
        force_selection(KEY, ids)
        first = cycle["i"] == 0
        ss.hint_for = (len(g.actions), sorted(ids)) if first else None  # only the hint says why
        ss.hint_text = cycle["text"] if first else render_message(hint_option_claim(options, cycle["i"]))
        return
    advice = hint(g, HUMAN)
    ss.hint_text = hint_text(advice, g.phase)
    if g.phase == PLAYING:
        ids = ids_for(parse(advice.action), g.hands[HUMAN]) if advice.action != PASS else []
        force_selection(KEY, ids)
        ss.hint_for = (len(g.actions), sorted(ids))
        ss.hint_cycle = {
            "moment": moment,
            "first": advice.action,
            "i": 0,
            "text": ss.hint_text,
            "options": None,
        }


def _skip_guide() -> None:
    ss.guided = False


# ---- Ajustes, and the preferences the browser kept -------------------------------------------
@guard.guarded
def _code_from_settings() -> None:
    text = ss.get("code_input", "")
    try:
        decode(text)
    except CodeError as e:
        ss.code_error = str(e)
        return
    ss.code_error = ""
    _start(normalize(text))


@guard.guarded
def _set_level(level: str) -> None:
    """A deliberate level change: at once when you have not acted yet in this hand (the same deal,
    dealt again), else from the next hand, so no move of yours is lost."""
    ss.cpu_level = level
    if not p_has_moved():
        _start(ss.practice.code)


def _set_speed(speed: float) -> None:
    ss.cpu_speed = speed


def _flip(pref: str) -> None:
    """A deliberate switch of a yes/no preference (one of :data:`FLIPS`)."""
    ss[pref] = not ss[pref]


# «Otra partida» and «Mano guiada» in Ajustes, at any moment of the hand.
_new_game_anytime = guard.guarded(_new_game)
_guided_anytime = guard.guarded(_guided)


@guard.guarded
def _prefs_loaded(stored: dict[str, Any]) -> None:
    saved = stored.get("cpu_level")
    if (
        saved in LEVELS
        and saved != ss.practice.level
        and not ss.get("started_from_url")
        and not p_has_moved()
    ):
        ss.cpu_level = saved  # the saved level deals this hand again
        _start(ss.practice.code)
    if not stored.get("guided_seen") and not ss.get("started_from_url") and not p_has_moved():
        _guided()  # a first visit: the guided first hand
    for pref in FLIPS:
        if isinstance(stored.get(pref), bool):
            ss[pref] = stored[pref]
    tally = valid_tally(stored.get("tally"))
    if tally is not None:
        ss.tally = tally
    if stored.get("cpu_speed") in SPEEDS:
        ss.cpu_speed = stored["cpu_speed"]


# ---- the session tally -----------------------------------------------------------------------
def _tally_reset_ask() -> None:
    ss.tally_confirm = True


def _tally_reset(yes: bool) -> None:
    ss.tally_confirm = False
    if yes:
        ss.tally = empty_tally()


# ---- end of the hand -------------------------------------------------------------------------
def _new_game_from_end() -> None:
    _focus_hand()  # the end screen's button is gone: the keyboard goes to the new hand
    _new_game()


def _replay_from_end() -> None:
    _focus_hand()
    _replay_same()


# «Otra partida» on the end screen (once: a second tap finds the new hand and does nothing).
_another = guard.on_hand(_new_game_from_end)
_again = guard.on_hand(_replay_from_end)


def _review_move(delta: int, total: int) -> None:
    ss.review_step = max(0, min(total - 1, ss.get("review_step", 0) + delta))
    ss.review_scrolls = ss.get("review_scrolls", 0) + 1


# ---- CPU turns, paced so a person can follow them ------------------------------------------
# The run waits the CPU's pause, then acts only if it still owns the hand and the hand has not moved
# (a tap during the pause starts a newer run, which takes over the same pause): see tutorial.guard.
def _cpu_move() -> bool:
    if not ss.practice.cpu_step():
        return False
    guard.moved()
    return True


def _auto_pass() -> bool:
    return bool(ss.practice.stuck()) and _act(PASS)


def pace_cpu(p: Practice, auto: Any, owner: int, hand_v: int) -> None:
    """A CPU's move, or the pass made for you when ``auto`` (decided above the dock), after the CPU's
    pause; when it changed the hand, the page runs again (every run: the page script's last call)."""
    move = _cpu_move if p.cpu_turn() else _auto_pass if auto else None
    if move and guard.wait_turn_of(owner, hand_v, cpu_delay()) and guard.step(owner, hand_v, move):
        st.rerun()
