"""One run at a time owns the hand, and nothing a learner does can break the page.

Streamlit starts a new run of the page the moment the browser sends a tap (fast reruns), while the
previous run may still be asleep in the CPU's pause, about to move a CPU or pass for you on the same
hand. Three rules keep «Jugar» whole:

- **One lock per session.** Every change to the hand (a callback, a CPU's move, the automatic pass)
  happens while holding :func:`session_lock`; a page run draws a *copy* of the hand taken under it.
- **Callbacks know what they were made for.** Each button carries the hand's version (bumped by every
  change, :func:`moved`) at the time it was drawn; :func:`on_hand` runs the callback only when the hand
  is still at that version, else the tap is for a turn that is gone and does nothing.
- **A run that waited re-reads the state.** :func:`claim` marks the run that now owns the hand (every
  run of the page and every callback claims it); :func:`wait_turn_of` sleeps the CPU's pause in small
  steps and gives up the moment a newer run claimed the hand, and :func:`step` acts only if the run
  still owns the hand and the hand has not moved.

If anything escapes all the same, :func:`boundary` catches it, logs it, and reloads the hand from its
address (the code and your actions), with a Spanish notice instead of Streamlit's English error screen.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import streamlit as st

LOG = logging.getLogger("ddz.tutorial")
_CREATE = threading.Lock()
VERSION = "hand_version"
OWNER = "hand_owner"
RECOVERED = "hand_recovered"
RECOVERIES = "hand_recoveries"
F = TypeVar("F", bound=Callable[..., None])


def session_lock() -> threading.RLock:
    """The lock of this browser session's hand (made once, safely, by whichever run asks first)."""
    ss = st.session_state
    lock = ss.get("_ddz_lock")
    if lock is None:
        with _CREATE:
            lock = ss.get("_ddz_lock")
            if lock is None:
                lock = threading.RLock()
                ss["_ddz_lock"] = lock
    return lock


def version() -> int:
    """The hand's version: changes every time the hand changes (an action, a CPU's move, a new deal)."""
    return int(st.session_state.get(VERSION, 0))


def moved() -> None:
    """Record that the hand changed (call while holding the lock)."""
    st.session_state[VERSION] = version() + 1


def claim() -> int:
    """This run (or callback) now owns the hand: any run still waiting steps back. Returns the token."""
    with session_lock():
        token = int(st.session_state.get(OWNER, 0)) + 1
        st.session_state[OWNER] = token
        return token


def owns(token: int) -> bool:
    return int(st.session_state.get(OWNER, 0)) == token


def failed(where: str, reload_hand: bool = True) -> None:
    """Log what escaped (the server log shows it) and have «Jugar» reload the hand from its address."""
    LOG.exception("Error in %s%s", where, ": the hand is reloaded from its address" if reload_hand else "")
    if reload_hand:
        st.session_state[RECOVERED] = True
        st.session_state.pop("practice", None)


def guarded(fn: F) -> F:
    """A callback that changes the hand: run under the lock, and never let an error reach the page."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> None:
        claim()
        with session_lock():
            try:
                fn(*args, **kwargs)
            except Exception:
                failed(fn.__name__)

    return run  # type: ignore[return-value]


def on_hand(fn: Callable[..., object]) -> Callable[..., None]:
    """A callback for one moment of the hand: its first argument is the version the button was drawn
    at; when the hand has moved on since, the callback does nothing."""

    @functools.wraps(fn)
    def run(made_for: int, *args: Any, **kwargs: Any) -> None:
        if made_for == version():
            fn(*args, **kwargs)

    return guarded(run)


def wait_turn_of(token: int, made_for: int, delay: float) -> bool:
    """Sleep the CPU's pause for the hand at version ``made_for`` (a newer run continues the same
    pause rather than starting it again). False as soon as a newer run owns the hand."""
    ss = st.session_state
    due = ss.get("_ddz_due")
    if not (isinstance(due, tuple) and due[0] == made_for):
        due = (made_for, time.monotonic() + delay)
        ss["_ddz_due"] = due
    while True:
        if not owns(token) or version() != made_for:
            return False
        left = float(due[1]) - time.monotonic()
        if left <= 0:
            return True
        time.sleep(min(left, 0.03))


def step(token: int, made_for: int, act: Callable[[], bool]) -> bool:
    """Run ``act`` (a change to the hand that calls :func:`moved`; True if it changed the hand) only
    while this run still owns the hand at version ``made_for``; returns whether the hand changed."""
    with session_lock():
        if not owns(token) or version() != made_for:
            return False
        try:
            return act()
        except Exception:
            failed("a CPU turn")
            return True


def boundary(run: Callable[[], None], hand_page: bool) -> None:
    """Run a page; if anything escapes, log it, (on «Jugar», ``hand_page``) reload the hand from its
    address, and draw the page again, with a Spanish notice (twice in a few seconds: the notice only,
    no loop)."""
    try:
        run()
    except Exception:
        failed("a page run", reload_hand=hand_page)
        ss = st.session_state
        now = time.monotonic()
        recent = [t for t in ss.get(RECOVERIES, []) if now - t < 10] + [now]
        ss[RECOVERIES] = recent
        if len(recent) <= 2:
            st.rerun()
        st.html(recovered_html())


def recovered_html() -> str:
    return (
        '<div class="ddz-notice warning" data-testid="recovered" role="alert">'
        "Algo falló; recuperamos tu mano tal como estaba en la dirección de la página.</div>"
    )
