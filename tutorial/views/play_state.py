"""Jugar's state: the session's defaults, the hand this run draws, and the changes to the hand that
the page and its callbacks share (starting a hand, your action), with the pure helpers they read.

Only definitions live here (a module runs once per process): the page script calls :func:`set_defaults`
and :func:`draw_hand` on every run.
"""

from __future__ import annotations

import os
from typing import Any

import streamlit as st

from ddz.ai.cpu import LEVELS
from ddz.codes import new_code
from ddz.game import OVER, PASS, PLAYING, Game, GameError
from ddz.messages import render
from tutorial import guard
from tutorial.practice import GUIDED_CODE, HUMAN, Practice, empty_tally, tally_add
from tutorial.widget import force_selection

KEY = "play_hand"
# The CPU's pace: seconds per action, chosen in Ajustes. DDZ_CPU_DELAY (the tests make it short)
# is the time of the default pace; the others keep their proportion to it.
SPEEDS = (0.3, 0.5, 0.8, 1.2, 1.5)
DEFAULT_SPEED = 0.8
ss = st.session_state


def _start(code: str | None, tokens: list[str] | None = None) -> None:
    """Start (or restore) a hand; a bad URL state leaves a Spanish notice."""
    p, error = Practice.start(code, tokens, ss.get("cpu_level", "normal"))
    ss.practice = p
    ss.url_error = error
    ss.deals_started = ss.get("deals_started", 0) + 1  # «Repetir este reparto» deals again
    ss.review_scrolls = 0
    ss.start_over = p.over  # a finished hand opened from its address is not counted in the tally
    ss.hint_text = ""
    ss.play_error = ""
    ss.dock_folded = False  # your new cards in view
    force_selection(KEY, [])
    guard.moved()


def _new_game() -> None:
    _start(new_code())
    ss.guided = False


def _replay_same() -> None:
    _start(ss.practice.code)


def _act(action: str, ids: list[str] | None = None) -> bool:
    """Your action on the hand (call under the session's lock); False when it is not allowed."""
    p: Practice = ss.practice
    try:
        p.act(action, ids)
    except GameError as e:
        ss.play_error = e.message
        return False
    guard.moved()
    ss.play_error = ""
    ss.hint_text = ""
    ss.url_error = ""
    ss.partner_ask = None
    force_selection(KEY, [])
    return True


def _focus_hand() -> None:
    """After a button of the dock, the keyboard focus goes back to your hand (a new token)."""
    ss.hand_focus = ss.get("hand_focus", 0) + 1


def partner_on_table(g: Game) -> int | None:
    """Your partner's seat when the play to beat is theirs and you may pass (you are a farmer)."""
    if g.phase != PLAYING or g.turn != HUMAN or g.leading or g.landlord in (None, HUMAN):
        return None
    return g.table_seat if g.table_seat not in (None, HUMAN, g.landlord) else None


def _guided() -> None:
    """The guided first hand: a fixed deal with the coach on."""
    _start(GUIDED_CODE)
    ss.guided = True


# The yes/no preferences of the Ajustes panel, each a button, kept in the browser.
FLIPS = {
    pref: render(f"table.flip_{pref}")
    for pref in ("skip_anim", "show_counter", "sounds", "auto_pass", "partner_warn")
}


def cpu_delay() -> float:
    """Seconds the page waits before each CPU action (and before a pass made for you)."""
    scale = float(os.environ.get("DDZ_CPU_DELAY", str(DEFAULT_SPEED))) / DEFAULT_SPEED  # read each run
    return float(ss.cpu_speed) * scale


def p_has_moved() -> bool:
    return bool(ss.get("practice") and ss.practice.human)


def acted_in_trick(g: Game) -> set[int]:
    """The seats that have acted in the trick under way (none before its lead)."""
    acted: set[int] = set()
    passes = 0
    for seat, action in g.trail:
        acted.add(seat)
        passes = passes + 1 if action == PASS else 0
        if passes == 2:  # two passes after a play end the trick (as the engine does)
            acted, passes = set(), 0
    return acted


def set_defaults() -> None:
    """The preferences and the tally before the browser's stored values are read (every run)."""
    ss.setdefault("skip_anim", False)
    ss.setdefault("show_counter", True)
    ss.setdefault("cpu_level", "normal")
    ss.setdefault("sounds", False)
    ss.setdefault("auto_pass", True)
    ss.setdefault("partner_warn", True)
    ss.setdefault("tally", empty_tally())
    ss.setdefault("cpu_speed", DEFAULT_SPEED)


def draw_hand() -> tuple[int, int, Practice]:
    """Start the hand from its address when the session has none, claim the hand for this run and
    return ``(owner, version, copy)``: this run's token, the hand's version and the copy it draws."""
    with guard.session_lock():
        if "practice" not in ss:
            # The hand's address: the page's URL, or after an error (see tutorial.guard) the address the
            # page last wrote into the URL.
            recovering = bool(ss.get(guard.RECOVERED)) and "hand_address" in ss
            address: Any = ss.hand_address if recovering else st.query_params
            url_code = address.get("codigo")
            ss.started_from_url = bool(url_code)
            url_level = address.get("nivel", "normal")[:10]
            ss.cpu_level = url_level if url_level in LEVELS else "normal"
            url_tokens = [a for a in address.get("acciones", "").split(".") if a][:200]
            _start(url_code[:40] if url_code else None, url_tokens)
            if not recovering:
                ss.guided = st.query_params.get("guia") == "1"  # ?guia=1: the coach is on for this hand
        # This run owns the hand now (a run still waiting in a CPU's pause steps back) and draws a copy
        # of it: a tap that changes the hand while the page is drawn cannot reach the drawing.
        owner = guard.claim()
        hand_v = guard.version()
        p: Practice = ss.practice.copy()
    ss.hand_address = p.query()  # what the URL holds once this run is drawn
    return owner, hand_v, p


def count_hand(g: Game) -> None:
    """A finished hand adds to the tally once (not one opened finished from its address)."""
    counted_key = (g.code, len(g.actions), ss.deals_started)
    if (
        g.phase == OVER
        and not ss.start_over
        and ss.get("fx_play__loaded")  # what the browser kept was read first: this hand adds to it
        and ss.get("tally_counted") != counted_key
    ):
        ss.tally_counted = counted_key
        ss.tally = tally_add(ss.tally, g)


def auto_pass_now(stuck: bool) -> Any:
    """Whether this run passes for you (truthy), with ``stuck`` from :meth:`Practice.stuck`."""
    # The automatic pass: nothing of yours beats the table and you asked not to press «Pasar» for it
    # (after the stored preferences were read, so a stored «no» is obeyed from the first move). This run
    # makes it (at the end of the page, after the CPU's pause): the dock's state does not call the turn
    # yours, since a tap on it reaches the hand after the pass and does nothing (tutorial.guard.on_hand).
    # The rerun that follows the pass shows as idle until it starts (Streamlit sends «not running» between
    # the two runs), so a browser test waiting for your turn could otherwise tap «Pista» on it.
    return ss.auto_pass and not ss.get("guided") and ss.get("fx_play__loaded") and stuck
