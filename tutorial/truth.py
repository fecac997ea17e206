"""The truth check of the app: every sentence it would show, with the claim behind it verified.

For an annotated hand, every note (hand-written notes by their checks, computed notes by the
engine's verification of the reason they render). For a practice hand, at each of your decisions
the hint and the coach, the CPUs' reasons for their actions, and at the end every item of
«Revisa tu partida» and its key moment. Each sentence is also checked for wording: cards in
notation (T, B, R) or claims stronger than any reason can verify (:func:`ddz.ai.truth.wording`).

``make truth`` (``tools/truth_check.py``) runs it over the annotated hands and hundreds of random
hands at each level; ``tests/test_truth.py`` runs a sample.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ddz.ai import Cpu, hint
from ddz.ai.cpu import SEAT_NAMES
from ddz.ai.reasons import render
from ddz.ai.truth import verify, wording
from ddz.game import BIDDING, PLAYING, Game
from ddz.messages import say_cards
from ddz.plays import classify
from tutorial.logic import AnnotatedHand, check_claims, game_at, step_note
from tutorial.practice import HUMAN, Practice, coach, history
from tutorial.review import key_moment, review


@dataclass(frozen=True)
class Sentence:
    """One sentence the app would show, where, and what is wrong with it (``problems``)."""

    source: str
    """``note``, ``hint``, ``coach``, ``cpu``, ``review`` or ``key_moment``."""
    where: str
    text: str
    problems: tuple[str, ...]


def _said(source: str, where: str, text: str, problems: list[str]) -> Sentence:
    return Sentence(source, where, text, tuple(problems + wording(text)))


def annotated(hand: AnnotatedHand) -> Iterator[Sentence]:
    """Every note of an annotated hand (the app shows one per step)."""
    for step in range(hand.steps):
        text = step_note(hand, step)
        where = f"{hand.id} paso {step + 1}"
        if step in hand.notes:
            yield _said("note", where, text, check_claims(hand.record, step, hand.checks.get(step, [])))
            continue
        g, _ = game_at(hand.record, step)
        assert isinstance(g, Game)
        advice = Cpu("normal").advise(g)
        problems = verify(g, g.turn, advice.action, advice.why) if text else ["no note"]
        yield _said("note", where, text, problems)


def practice(code: str, level: str, you: str = "hard") -> Iterator[Sentence]:
    """A practice hand against two CPUs at ``level``, you playing as the ``you`` level would:
    every hint, coach line and CPU reason on the way, then the review and its key moment."""
    p, _ = Practice.start(code, level=level)
    cpu, me = Cpu(level), Cpu(you)
    while not p.over:
        g = p.game
        where = f"{code} {level} acción {len(g.actions) + 1}"
        if g.turn == HUMAN:
            advice = hint(g, HUMAN)
            text = f"Pista: {advice.reason}."
            if g.phase == PLAYING:
                shown = (
                    "pasa" if advice.action == "p" else f"juega {say_cards(classify(advice.action).shown())}"
                )
                text = f"Pista: {shown} — {advice.reason}."
            yield _said("hint", where, text, verify(g, HUMAN, advice.action, advice.why))
            yield _said("coach", where, coach(p, []), verify(g, HUMAN, advice.action, advice.why))
            action = advice.action if you == "hard" else me.act(g)
            p.act(action)
        else:
            seat = g.turn
            advice = cpu.advise(g)
            text = f"{SEAT_NAMES[seat]}: {render(advice.why, SEAT_NAMES[seat])}."
            yield _said("cpu", where, text, verify(g, seat, advice.action, advice.why))
            p.cpu_step()
    for n, line in enumerate(history(p)):  # the history, whose last line is also «Lo último»
        yield _said("history", f"{code} {level} historial {n + 1}", line.text, [])
    actions = list(p.game.actions)
    items = review(code, actions)
    for n, item in enumerate(items):
        g = Game.from_code(code)
        for a in actions[: item.index]:
            g.apply(a)
        problems = (
            []
            if g.phase == BIDDING and item.verdict == "sin elección"
            else verify(g, 0, item.cpu.action, item.cpu.why)
        )
        yield _said("review", f"{code} {level} decisión {n + 1}", item.text, problems)
    moment = key_moment(code, actions, items)
    if moment is not None:
        yield _said("key_moment", f"{code} {level}", moment.text, [])
