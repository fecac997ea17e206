"""No sentence without a verifier.

Every catalog code a learner reads as the teacher's claim (the CPU's reasons, the hint, the coach,
the review, the history) has a verifier in :mod:`truthcheck.claims`, or is a part of a claim whose
verifier checks it. A new sentence cannot ship unchecked: this test fails first. The verifiers
themselves must bite: each false claim below, written by hand from the rules, is caught.
"""

from __future__ import annotations

import tutorial.catalog  # noqa: F401  (the review, hint, coach and history codes join CATALOG)
from ddz.ai.reasons import CODES, Reason, as_message
from ddz.messages import CATALOG
from tests.test_ai_arena import situation
from truthcheck.claims import HAND_KINDS, PARTS, VERIFIERS, Decision, check
from truthcheck.wording import wording

TEACHER_GROUPS = ("cpu", "review", "hint", "coach", "history")
"""The catalog groups whose sentences are the teacher's claims about a hand."""


def test_every_claim_kind_a_learner_reads_has_a_verifier() -> None:
    codes = sorted(c for c in CATALOG if c.split(".")[0] in TEACHER_GROUPS)
    assert len(codes) > 50  # the walk found the catalog
    unchecked = [c for c in codes if c not in VERIFIERS and c not in HAND_KINDS and c not in PARTS]
    assert unchecked == [], "catalog codes a learner reads with no verifier"
    assert all(PARTS[c] in VERIFIERS or PARTS[c] in HAND_KINDS for c in PARTS), "a part of nothing checked"
    assert {f"cpu.{c}" for c in CODES} <= set(VERIFIERS), "a reason code with no verifier"


CHECKED_ELSEWHERE = {
    "lesson": ("truthcheck/sentences.py", "def lesson_sentences"),
    "diagnosis": ("tests/test_diagnose.py", "oracle"),
    "endgame": ("tests/test_endgame.py", "brute"),
    "retos": ("tests/test_retos.py", "def test_every_puzzles_theme_holds_for_its_line"),
    "table": ("tests/test_messages.py", "TABLE_CASES"),
}
"""Learner-facing groups checked per sentence elsewhere: the lessons' feedback by the truth check of
every exercise, the Explorador's near-misses against the independent rule model, the endgame
solver's answers against a brute-force minimax over that model, the puzzles' themes by their
predicates over the solver's line (and every puzzle against the solver itself); the «Jugar» page's labels
and notices (its data is the engine's state) by their rows in test_messages and the page's browser tests."""
RULE_GROUPS = ("notation", "rejection", "play", "verdict", "event", "doubling", "result")
"""Groups that state the rules: an entry either cites the rule the corpus proves, or is checked
by the tests of its group (the corpus pages, test_messages' engine rows)."""


def test_every_learner_facing_group_has_its_checker() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for group, (path, mark) in CHECKED_ELSEWHERE.items():
        assert mark in (root / path).read_text(encoding="utf-8"), (group, path)
    learner = {c.split(".")[0] for c in CATALOG} - {
        "cli",
        "op",
        "record",
        "cards",
        "deal_code",
        "variant",
        "game",
        "position",
        "message",
        "request",
        "ai",
    }
    assert learner <= set(TEACHER_GROUPS) | set(CHECKED_ELSEWHERE) | set(RULE_GROUPS), learner


def test_a_kind_without_a_verifier_is_false() -> None:
    g = situation(["3R", "45", "6K"], landlord=0, turn=0)
    assert check(Decision(g, 0, "3"), {"code": "cpu.new_reason", "data": {}}) == [
        "cpu.new_reason: no verifier"
    ]


def _verdict(g: object, seat: int, action: str, reason: Reason) -> list[str]:
    return check(Decision(g, seat, action), as_message(reason))  # type: ignore[arg-type]


def test_recupera_la_salida_only_when_nothing_unseen_beats_it() -> None:
    """«el 2 recupera la salida» is false while a joker or a bomb is unseen and fits in a hand."""
    g = situation(["2K", "456789", "3TJQKA"], landlord=0, turn=0, table="A", table_seat=2)
    true = {
        "kind": "single",
        "rank": "2",
        "sure": False,
        "higher": [{"rank": "B"}, {"rank": "R"}],
        "bomb": True,
    }
    assert _verdict(g, 0, "2", Reason("control_back", {**true, "rocket": True})) == []
    assert _verdict(g, 0, "2", Reason("control_back", {"kind": "single", "rank": "2", "sure": True}))
    kicker = {"kind": "trio", "rank": "K", "sure": True}  # the kicker carries no strength
    assert _verdict(g, 0, "2", Reason("control_back", kicker))


def test_a_plan_that_spends_a_two_as_a_kicker_does_not_keep_it() -> None:
    g = situation(["3KKK2Q", "45", "6J"], landlord=0, turn=0)
    plan = Reason("fewest_plays", {"plays": 2, "plan": ["KKK 2", "Q"]})
    kept = {"twos": 1, "jokers": [], "rocket": False, "bombs": []}
    said = _verdict(g, 0, "3", Reason("fewest_plays", plan.data, (Reason("keep_control", kept),)))
    assert any("2s kept" in s for s in said) and any("a plan as short keeps" in s for s in said)


def test_wording_catches_every_notation_and_plural_slip() -> None:
    for bad in ("562222 vacía la mano", "una pareja baja (44)", "79QQQQ sale", "JJJJ: bomba", "KKK + 3 supera",
                "a Sur le quedan 1 carta", "te quedan 1 jugada", "2 decisión", "juegue como juegue",
                "juega 22 ya", "22 de nuevo", "con 33 ganas"):  # fmt: skip
        assert wording(bad), bad
    for good in ("K K K + 3 supera a Q Q Q + comodín grande", "a Sur le queda 1 carta", "en 16 repartos",
                 "a Este le quedan 3 cartas", "+48 puntos, ×2", "a Oeste le queda una carta",
                 "superar a 8 8 8 con 2 2 2 le haría gastar tres doses", "con K ganas 22 veces; con 2, solo 9",
                 "ganó 33 de 40 repartos"):  # fmt: skip
        assert wording(good) == [], good


def test_a_plan_that_must_break_a_bomb_still_keeps_the_twos() -> None:
    """Truth run: «te deja en 4 jugadas (4 5 6 7 8 · 9 9 9 9 + 8 8 2 2 · …)» spent the 2s as kickers
    while a plan as short keeps them (it breaks the four 9s either way)."""
    from ddz.ai.solver import decompose
    from truthcheck import facts

    hand = "4567899998822TJQKAK"
    plan = [p.shown() for p in decompose(hand)]
    assert facts.is_fewest_plan(hand, [p.replace(" ", "") for p in plan])
    assert "22" in plan and not any("2" in p.split(" ", 1)[1] for p in plan if " " in p), plan


def test_pista_pressed_again_says_true_options() -> None:
    """«Pista» pressed again: each option's sentence — a legal play, how many options
    there are, the plays it leaves — is true, and a false count or play is caught."""
    from tutorial.practice import HUMAN, Practice, hint_option_claim, hint_options

    for code, tokens in (("BV8S-KJAG0", ["3"]), ("W4MJ-46ZKD", ["p"]), ("GH2F-M5HRD", ["3"])):
        p, _ = Practice.start(code, tokens, "normal")
        while p.cpu_turn():
            p.cpu_step()
        g = p.game
        assert g.turn == HUMAN and g.phase == "playing", code
        from ddz.ai import hint

        options = hint_options(g, HUMAN, hint(g, HUMAN).action)
        assert len(options) >= 3 and len({o.action for o in options}) == len(options)
        for i in range(1, len(options)):
            claim = hint_option_claim(options, i)
            assert check(Decision(g, HUMAN, options[i].action), claim) == [], (code, claim)
        claim = hint_option_claim(options, 1)
        action = options[1].action
        for wrong in ({"left": claim["data"]["left"] + 1}, {"total": len(options) + 1}, {"n": 1}):
            bad = {**claim, "data": {**claim["data"], **wrong}}
            assert check(Decision(g, HUMAN, action), bad), wrong
        other = {**claim, "data": {**claim["data"], "cards": options[2].action}}
        assert check(Decision(g, HUMAN, action), other), "another play than the one raised"
    # a play the hand cannot make
    g = situation(["3R", "45", "6K"], landlord=0, turn=0)
    claim = {
        "code": "hint.option",
        "data": {"n": 2, "total": 3, "cards": "6", "left": 1, "passes": False, "evaluated": False},
    }
    assert check(Decision(g, 0, "6"), claim)
