"""Every sentence the app would show a learner, each with the claim behind it, checked.

For an annotated hand, every note (hand-written notes by their checks, computed notes by the
claim of the reason they render). For a practice hand, at each of your decisions the hint and the
coach, the CPUs' reasons for their actions, the history, and at the end every item of «Revisa tu
partida», its counts and its key moment. Each sentence carries its claim kind (a catalog code);
:func:`truthcheck.claims.check` verifies it and :func:`truthcheck.wording.wording` checks how it
is worded. A sentence with no kind, or a kind with no verifier, is reported false.

``make truth`` (``tools/truth_check.py``) runs it over the annotated hands and hundreds of random
hands at each level; ``tests/test_truth.py`` runs a sample.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ddz.ai import Cpu, hint
from ddz.ai.cpu import SEAT_NAMES
from ddz.ai.reasons import as_message, render
from ddz.game import Game
from ddz.messages import Message
from ddz.messages import render as say
from tutorial.logic import AnnotatedHand, check_claims, game_at, step_note
from tutorial.practice import HUMAN, Practice, coach_claim, hint_claim, history
from tutorial.review import counted, key_moment, review

from .claims import Decision, check, check_history, check_moment, check_summary
from .wording import wording


@dataclass(frozen=True)
class Sentence:
    """One sentence the app would show, where, its claim kind, and what is wrong with it."""

    source: str
    """``note``, ``hint``, ``coach``, ``cpu``, ``history``, ``review``, ``summary`` or ``key_moment``."""
    where: str
    text: str
    kind: str
    """The catalog code of the claim it renders (``""``: hand-written, checked by its own checks)."""
    problems: tuple[str, ...]


def _said(source: str, where: str, text: str, kind: str, problems: list[str]) -> Sentence:
    return Sentence(source, where, text, kind, tuple(problems + wording(text)))


def _text(m: Message) -> str:
    return say(m["code"], m["data"])


def annotated(hand: AnnotatedHand) -> Iterator[Sentence]:
    """Every note of an annotated hand (the app shows one per step)."""
    for step in range(hand.steps):
        text = step_note(hand, step)
        where = f"{hand.id} paso {step + 1}"
        if step in hand.notes:
            yield _said("note", where, text, "", check_claims(hand.record, step, hand.checks.get(step, [])))
            continue
        g, _ = game_at(hand.record, step)
        assert isinstance(g, Game)
        advice = Cpu("normal").advise(g)
        claim = as_message(advice.why, False)
        problems = check(Decision(g, g.turn, advice.action), claim) if text else ["no note"]
        yield _said("note", where, text, claim["code"], problems)


def practice(code: str, level: str, you: str = "hard") -> Iterator[Sentence]:
    """A practice hand against two CPUs at ``level``, you playing as the ``you`` level would:
    every hint, coach line and CPU reason on the way, then the history, the review, its counts and
    its key moment."""
    p, _ = Practice.start(code, level=level)
    cpu, me = Cpu(level), Cpu(you)
    while not p.over:
        g = p.game
        where = f"{code} {level} acción {len(g.actions) + 1}"
        if g.turn == HUMAN:
            advice = hint(g, HUMAN)
            here = Decision(g, HUMAN, advice.action)
            claim = hint_claim(advice, g.phase)
            yield _said("hint", where, _text(claim), claim["code"], check(here, claim))
            coached = coach_claim(p, [])
            assert coached is not None
            yield _said("coach", where, _text(coached), coached["code"], check(here, coached))
            p.act(advice.action if you == "hard" else me.act(g))
        else:
            seat = g.turn
            advice = cpu.advise(g)
            claim = as_message(advice.why, False)
            text = f"{SEAT_NAMES[seat]}: {render(advice.why, SEAT_NAMES[seat])}."
            yield _said("cpu", where, text, claim["code"], check(Decision(g, seat, advice.action), claim))
            p.cpu_step()
    actions = list(p.game.actions)
    lines = history(p)
    wrong = check_history(code, actions, [ln.claim for ln in lines])
    for n, line in enumerate(lines):  # the history, whose last line is also «Lo último»
        yield _said("history", f"{code} {level} historial {n + 1}", line.text, line.claim["code"], wrong)
    items = review(code, actions)
    games = [Game.from_code(code)]
    for a in actions:
        games.append(games[-1].copy())
        games[-1].apply(a)
    for n, item in enumerate(items):
        problems = check(Decision(games[item.index], 0, item.action), item.claim)
        yield _said("review", f"{code} {level} decisión {n + 1}", item.text, item.claim["code"], problems)
    c = counted(items)
    summary: Message = {
        "code": "review.summary",
        "data": {
            "judged": len(items) - c["sin elección"],
            "good": c["bien"],
            "inaccurate": c["imprecisión"],
            "mistakes": c["error"],
            "forced": c["sin elección"],
        },
    }
    yield _said("summary", f"{code} {level}", _text(summary), "review.summary", check_summary(items, summary))
    moment = key_moment(code, actions, items)
    if moment is not None:
        problems = check_moment(code, actions, items, moment.claim)
        yield _said("key_moment", f"{code} {level}", moment.text, moment.claim["code"], problems)
