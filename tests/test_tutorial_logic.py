"""The plain functions behind the pages: bar texts, examples, lessons, annotated hands."""

from __future__ import annotations

import pytest

from ddz.ai.solver import min_plays
from ddz.cards import parse
from ddz.game import OVER
from ddz.moves import legal_plays
from ddz.plays import analyze
from ddz.records import replay
from tutorial.logic import (
    EXAMPLES,
    annotated_hands,
    check_answer,
    check_selection,
    corpus,
    describe,
    expected_answer,
    lessons,
    seat_names,
)


def test_bar_says_kind_and_whether_it_beats_UI_BAR_1() -> None:
    # UI-BAR-1: the bar names the selection and says whether it beats the table, and why not.
    bar = describe("KKK3", "QQQR")
    assert bar.ok and bar.beats and bar.title == "Trío con carta suelta"
    bar = describe("44445555", "")
    assert not bar.ok and "van juntas" in bar.detail and bar.rule == "R-ONE-2"
    bar = describe("34567", "33344")
    assert not bar.ok and "mismo tipo" in bar.detail
    assert not describe("", "").ok and describe("", "").title == "Elige cartas"
    assert describe("3x", "").title == "No se entiende"


def test_every_example_button_is_a_corpus_case() -> None:
    inputs = {(c.input.get("cards") or c.input.get("play"), c.input.get("table", "") or "") for c in corpus()}
    for _label, play, table in EXAMPLES:
        assert (play, table) in inputs, (play, table)


def test_annotated_hands_cover_the_required_situations() -> None:
    seen: set[str] = set()
    for h in annotated_hands():
        g = replay(h.record)
        assert g.phase == OVER and g.result is not None
        r = g.result
        kinds = [analyze(a).kind for _, a in g.trail if a != "p"]  # type: ignore[union-attr]
        seen |= {r.winner}
        seen |= {"spring"} if r.spring else set()
        seen |= {"antispring"} if r.antispring else set()
        seen |= {"bomb+rocket"} if "bomb" in kinds and "rocket" in kinds else set()
        seen |= {"four_two"} if {"four_two_singles", "four_two_pairs"} & set(kinds) else set()
        seen |= {"redeal"} if g.redeals else set()
        assert h.intro != "…" and h.lesson != "…" and h.notes
        assert all(0 <= k < h.steps for k in h.notes)
    assert len(annotated_hands()) >= 6
    assert {"landlord", "farmers", "spring", "antispring", "bomb+rocket", "four_two", "redeal"} <= seen


def _stages() -> list[tuple[str, int, dict[str, object]]]:
    return [(str(s["id"]), i, ex) for s in lessons() for i, ex in enumerate(s["exercises"])]  # type: ignore[arg-type]


@pytest.mark.parametrize("stage,i,ex", _stages(), ids=[f"{s}-{i}" for s, i, _ in _stages()])
def test_every_exercise_has_a_right_and_a_wrong_answer(stage: str, i: int, ex: dict[str, object]) -> None:
    if ex["type"] == "choose":
        hand = parse(str(ex["hand"]))
        verdicts = [check_selection(ex, str(p.cards)).correct for p in legal_plays(hand)]
        assert any(verdicts), "some play solves it"
        assert not all(verdicts), "some play is wrong"
        assert not check_selection(ex, "").correct
    else:
        right = expected_answer(ex)
        assert check_answer(ex, right).correct
        if ex["type"] in ("beats", "is_kind", "bomb_possible"):
            wrong: object = not right
        elif ex["type"] == "choice":
            wrong = (int(right) + 1) % len(ex["options"])  # type: ignore[arg-type, call-overload]
        else:
            wrong = int(right) + 1  # type: ignore[call-overload]
        fb = check_answer(ex, wrong)
        assert not fb.correct and len(fb.message) > 20


def test_count_exercises_agree_with_brute_force() -> None:
    # The solver's minimum for small hands, checked against exhaustive search over partitions.
    def brute(hand: str) -> int:
        cards = parse(hand)
        if not cards:
            return 0
        best = 99
        for p in legal_plays(cards):
            best = min(best, 1 + brute(str(cards - p.cards)))
        return best

    for hand in ["334455", "3334445556", "34567TTT", "3333BR", "7778889TT", "22BR3"]:
        assert min_plays(hand) == brute(hand), hand


def test_seat_names() -> None:
    assert seat_names(
        "Gana el terrateniente (el asiento 2 se queda sin cartas).", ("Sur", "Este", "Oeste")
    ) == ("Gana el terrateniente (Oeste se queda sin cartas).")
    assert seat_names("Asiento 1 pasa.", ("Sur", "Este", "Oeste")) == "Este pasa."


def test_choose_feedback_says_why() -> None:
    ex = {"type": "choose", "hand": "3477779JQQ", "avoid_break": "7", "avoid_kinds": ["bomb"]}
    assert "rompes tu póker" in check_selection(ex, "7773").message
    assert "No abras con bomba" in check_selection(ex, "7777").message
    assert check_selection(ex, "QQ").correct
