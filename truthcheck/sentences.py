"""Every sentence the app would show a learner, each with the claim behind it, checked.

For an annotated hand, every note (hand-written notes by their checks, computed notes by the
claim of the reason they render). For a practice hand, at each of your decisions the hint and the
coach, the CPUs' reasons for their actions, the history, and at the end every item of «Revisa tu
partida», its counts and its key moment and «Practica esta posición». For every puzzle of «Retos», its title, theme
sentence, solution, count and the verdict on each first move. Each sentence carries its claim kind (a catalog code);
:func:`truthcheck.claims.check` verifies it and :func:`truthcheck.wording.wording` checks how it
is worded. A sentence with no kind, or a kind with no verifier, is reported false.

``make truth`` (``tools/truth_check.py``) runs it over the annotated hands and hundreds of random
hands at each level; ``tests/test_truth.py`` runs a sample.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ddz.ai import Cpu, hint
from ddz.ai.cpu import SEAT_NAMES
from ddz.ai.reasons import as_message, render
from ddz.game import PLAYING, Game
from ddz.messages import Message, render_message
from tutorial.logic import AnnotatedHand, check_claims, game_at, step_note
from tutorial.practice import (
    HUMAN,
    Practice,
    coach_claim,
    hint_claim,
    hint_option_claim,
    hint_options,
    history,
)
from tutorial.review import counted, key_moment, review

from . import endgame, facts, themes
from .claims import Decision, check, check_count, check_history, check_moment, check_summary
from .wording import wording


@dataclass(frozen=True)
class Sentence:
    """One sentence the app would show, where, its claim kind, and what is wrong with it."""

    source: str
    """``note``, ``hint``, ``option``, ``coach``, ``cpu``, ``history``, ``review``, ``summary``,
    ``key_moment``, ``practice_position`` or ``retos``."""
    where: str
    text: str
    kind: str
    """The catalog code of the claim it renders (``""``: hand-written, checked by its own checks)."""
    problems: tuple[str, ...]


def _said(source: str, where: str, text: str, kind: str, problems: list[str]) -> Sentence:
    return Sentence(source, where, text, kind, tuple(problems + wording(text)))


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


OPTIONS = 3
"""How many of the options «Pista» offers when pressed again each of your turns is checked."""


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
            yield _said("hint", where, render_message(claim), claim["code"], check(here, claim))
            coached = coach_claim(p, [])
            assert coached is not None
            yield _said("coach", where, render_message(coached), coached["code"], check(here, coached))
            if g.phase == PLAYING:  # «Pista» pressed again: the next options (up to OPTIONS of them)
                options = hint_options(g, HUMAN, advice.action)
                for i in range(1, min(len(options), OPTIONS + 1)):
                    said = hint_option_claim(options, i)
                    there = Decision(g, HUMAN, options[i].action)
                    yield _said("option", where, render_message(said), said["code"], check(there, said))
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
    yield _said(
        "summary", f"{code} {level}", render_message(summary), "review.summary", check_summary(items, summary)
    )
    moment = key_moment(code, actions, items)
    if moment is not None:
        problems = check_moment(code, actions, items, moment.claim)
        yield _said("key_moment", f"{code} {level}", moment.text, moment.claim["code"], problems)
        if moment.claim["code"] == "review.exact_moment" and moment.item is not None:
            yield from _own_puzzle(code, actions[: items[moment.item].index], f"{code} {level}")


def _own_puzzle(code: str, before: list[str], where: str) -> Iterator[Sentence]:
    """«Practica esta posición»: your own position as a puzzle, its title, sentence, solution and
    count of winning moves, checked by plain minimax (:func:`puzzle`)."""
    from tutorial.retos import from_hand

    z = from_hand(code, before)
    if z is not None:
        yield from puzzle(z, where, "practice_position", verdicts=False)


def retos_sentences() -> Iterator[Sentence]:
    """Every stored puzzle of «Retos» (:func:`puzzle`)."""
    from tutorial.retos import puzzles

    for z in puzzles():
        yield from puzzle(z, z.id, "retos")


def _title_key(label: str) -> str:
    """Which title of ``retos.theme`` the label shows (the longest that it contains)."""
    from tutorial.retos import THEMES, say_theme

    keys = [*THEMES, "last_card_some", "keep_bomb_later", "own"]
    shown = sorted(((say_theme(k), k) for k in keys), key=lambda t: -len(t[0]))
    return next((k for text, k in shown if text in label), "")


def puzzle(z: Any, where: str, source: str, verdicts: bool = True) -> Iterator[Sentence]:
    """A puzzle's title and theme sentence (:func:`truthcheck.themes.check_theme`), its solution line
    (a line that wins), «De todas tus jugadas posibles…» (:func:`truthcheck.claims.check_count`)
    and, with ``verdicts``, what the page says to every first move the learner can try: «¡Bien! …
    gana» only for a winning move, «… pierde contra la mejor defensa» with a line that refutes it."""
    from tutorial import retos

    s = themes.start(z.hands, z.turn, z.table, z.table_seat)
    line = [themes.move_of(m) for m in z.line]
    label = retos.say_label(z)
    problems = themes.check_theme(s, line, z.theme, _title_key(label), z.why)
    yield _said(source, f"{where} título", label, "retos.theme", problems)
    yield _said(
        source, f"{where} explicación", retos.say_why(z.theme, z.why), f"retos.why_{z.theme}", problems
    )
    p = z.position()
    shown = "; ".join(retos.say_step(st) for st in retos.steps(p, z.line))
    yield _said(source, f"{where} solución", shown, "retos.step", themes.winning_line(s, line))
    claim = retos.count_claim(retos.solution(p))
    yield _said(source, f"{where} cuenta", render_message(claim), "retos.count", check_count(*s, claim))
    if not verdicts:
        return
    defence = "farmers" if endgame.side(z.turn) == "landlord" else "landlord"
    said = render_message({"code": "retos.wrong", "data": {"cards": "", "winner": defence, "pass": True}})
    for m in endgame.moves(*s):
        v = retos.Attempt(z).play(m)
        if v.ok:
            bad = [] if themes.wins(s, m) else [f"{m} does not win"]
            yield _said(source, f"{where} prueba {m}", v.text, "retos.right", bad)
        else:
            bad = themes.refutation(s, [themes.move_of(x) for x in v.refutation])
            if not v.text.endswith(said.split(". ", 1)[1]):
                bad.append(f"the winner named is not the {defence}")
            yield _said(source, f"{where} prueba {m}", v.text, "retos.wrong", bad)


def lesson_sentences() -> Iterator[Sentence]:
    """Every exercise of «Estrategia»: its hint, its solution and the feedback to a right and a wrong
    answer, each checked with the brute-force facts (the answer the engine expects, the counts of
    plays it states, the play it offers as a solution). Choice exercises are hand-written: their
    texts carry proofs of their own (``tests/test_reference_claims.py``)."""
    from tutorial.logic import (
        check_answer,
        exercise_hint,
        expected_answer,
        lessons,
        solution,
    )

    for lesson in lessons():
        for n, ex in enumerate(lesson.get("exercises", [])):
            kind = str(ex["type"])
            where = f"lección {lesson.get('id', lesson.get('title', ''))} ejercicio {n + 1}"
            texts = [exercise_hint(ex), solution(ex)]
            if kind != "choose":
                want = expected_answer(ex)
                wrong: object = (not want) if isinstance(want, bool) else (int(want) + 1)  # type: ignore[call-overload]
                texts += [check_answer(ex, want).message, check_answer(ex, wrong).message]
            problems = [] if kind == "choice" else _lesson(ex, texts)
            for text in texts:
                yield _said("lesson", where, text, "" if kind == "choice" else f"lesson.{kind}", problems)
            if kind == "choose":
                yield from _chosen(ex, where)


def _lesson(ex: dict[str, Any], texts: list[str]) -> list[str]:
    from tutorial.logic import expected_answer

    kind, bad = ex["type"], []
    hand = str(ex.get("hand", ""))
    if kind == "beats":
        ok = expected_answer(ex) == facts.beats(str(ex["play"]), str(ex["table"]))
        bad += [] if ok else ["the answer: whether the play beats the table"]
    elif kind == "is_kind":
        ok = expected_answer(ex) == (facts.kind_of(str(ex["cards"])) == ex["kind"])
        bad += [] if ok else ["the answer: the kind"]
    elif kind == "bomb_possible":
        rank = str(ex["rank"])
        seen = (hand + str(ex["seen"])).count(rank)
        bad += [] if expected_answer(ex) == (seen == 0) else ["the answer: whether a bomb is possible"]
    elif kind in ("count", "bid"):
        n = facts.fewest_plays(hand)
        if kind == "count" and expected_answer(ex) != n:
            bad.append(f"the answer: {n} plays")
        for t in texts:
            said = [int(k) for k in re.findall(r"(\d+) (?:jugadas?|tiradas?)\b", t)]
            plan = t.split("Una forma: ", 1)[1].split(".")[0].split(" · ") if "Una forma: " in t else []
            if any(k != n for k in said) or (plan and len(plan) != n):
                bad.append(f"«{t}» does not say {n} plays")
    return bad


def _chosen(ex: dict[str, Any], where: str) -> Iterator[Sentence]:
    """A «choose» exercise: the solution's play is legal, beats the table, spends nothing the
    exercise forbids and leaves the plays it says (the fewest for the rest of the hand)."""
    from tutorial.logic import check_selection, solution

    hand = facts.hand_of(str(ex["hand"]))
    text = solution(ex)
    offered = [p for p in facts.plays_in(hand) if check_selection(ex, p).correct]
    bad: list[str] = [] if offered else ["no play solves it"]
    for p in offered:
        rest = facts.without(hand, p)
        if ex.get("table") and not facts.beats(p, str(ex["table"])):
            bad.append(f"{p} does not beat the table")
        if any(c in p for c in str(ex.get("avoid", ""))):
            bad.append(f"{p} spends a card to keep")
        if "max_plays_after" in ex and facts.fewest_plays(rest) > int(ex["max_plays_after"]):
            bad.append(f"{p} leaves too many plays")
        said = check_selection(ex, p).message
        if str(facts.fewest_plays(rest)) not in said:
            bad.append(f"«{said}» does not say the {facts.fewest_plays(rest)} plays left")
    yield _said("lesson", where, text, "lesson.choose", bad)
