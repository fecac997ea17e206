"""Annotated hands you can trust: every hand-written note states only facts that the
engine confirms, and every other step shows the CPU's own reason, whose claims are checked too."""

from __future__ import annotations

import pytest

from ddz.ai import Cpu
from ddz.game import Game
from tests.test_reasons import _check
from tutorial.logic import annotated_hands, check_claims, game_at, step_note

HANDS = {h.id: h for h in annotated_hands()}


@pytest.mark.parametrize("hand_id", sorted(HANDS))
def test_every_hand_written_note_is_checked_and_true(hand_id: str) -> None:
    hand = HANDS[hand_id]
    assert set(hand.notes) <= set(hand.checks), "a hand-written note without checks of its claims"
    for step, checks in hand.checks.items():
        assert checks, f"step {step}: an empty list of checks"
        assert check_claims(hand.record, step, checks) == [], (step, hand.notes.get(step))


@pytest.mark.parametrize("hand_id", sorted(HANDS))
def test_every_computed_note_is_the_cpus_true_reason(hand_id: str) -> None:
    hand = HANDS[hand_id]
    for step in range(hand.steps):
        if step in hand.notes:
            continue
        g, _ = game_at(hand.record, step)
        assert isinstance(g, Game)
        advice = Cpu("normal").advise(g)  # the level that played the records
        note = step_note(hand, step)
        assert note, f"step {step}: no note"  # the records are CPU-played: the CPU agrees
        _check(g, g.turn, advice.action, advice.why)
        assert "lo mejor aquí" not in note and " te " not in f" {note} " and " tu " not in f" {note} ", note


def test_a_wrong_claim_fails_the_check() -> None:
    """The checker bites: a note that says Sur has 5 cards left (it has 6) is caught."""
    hand = HANDS["antiprimavera"]
    assert check_claims(hand.record, 7, [{"cards_left": {0: 5}}])
    assert check_claims(hand.record, 7, [{"holds": {2: "22"}}])
    assert check_claims(hand.record, 8, [{"spring": True}])


def test_the_reported_notes_are_fixed() -> None:
    """Antiprimavera step 8 said «pasar es lo mejor aquí» while passing lost at once; «El terrateniente
    gana por control» step 1 said «tiene cartas de control» for a hand with no 2, joker or bomb."""
    note = step_note(HANDS["antiprimavera"], 7)
    assert "lo mejor" not in note and "pierde" in note
    note = step_note(HANDS["control"], 0)
    assert note.startswith("Sur puja 1") and "no tiene doses, comodines ni bombas" in note
