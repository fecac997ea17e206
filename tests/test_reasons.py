"""Reasons, not counts: every reason the CPU or a hint gives is a claim checked here
against the engine (solver, legal plays, the seat's own cards) over many CPU-played hands."""

from __future__ import annotations

import pytest

from ddz.ai import LEVELS, Cpu, hint
from ddz.ai.cpu import SEAT_NAMES, control_summary
from ddz.ai.evaluate import evaluate
from ddz.ai.reasons import CODES, Reason, as_message, render
from ddz.ai.solver import min_plays
from ddz.cards import BLACK_JOKER, RED_JOKER, TWO, Cards, parse
from ddz.codes import encode
from ddz.game import BIDDING, PLAYING, Game
from tests.oracle import sample
from truthcheck.claims import Decision, check
from truthcheck.wording import wording

SAMPLES: dict[str, dict[str, object]] = {
    "go_out": {},
    "sure_win": {"order": ["AAA 3", "22", "JJ"], "last_open": True},
    "fewest_plays": {"plays": 2, "plan": ["KKK 3", "55"]},
    "long_chain": {"cards": "34567", "n": 5},
    "keep_control": {
        "twos": 2,
        "jokers": ["grande"],
        "rocket": False,
        "bombs": [],
        "bombs_spent": [{"rank": "J", "plays": ["JJJJ 78"]}],
    },
    "control_back": {"kind": "single", "rank": "2", "sure": False, "higher": [{"rank": "R"}], "bomb": True},
    "bomb_now": {"rocket": False, "why": "danger", "who": "Este", "cards_left": 3},
    "feed_partner": {"cards_left": 1, "kind": "single"},
    "high_single": {"who": "Oeste"},
    "partner_leads": {},
    "forced_pass": {"table": "TTT B"},
    "save_strength": {
        "table": "AA",
        "best": "22",
        "cost": "control",
        "control": {"twos": 2, "jokers": [], "bombs": []},
    },
    "bid": {"plays": 5, "control": {"twos": 0, "jokers": [], "bombs": []}, "bid": 1, "highest": 0},
    "cover_partner": {"table": "5", "who": "Este", "cards_left": 3},
    "attach_kicker": {"cards": "KKK 3", "kicker": "3", "pair": False},
    "take_lead": {"who": "Este", "table": "AA"},
    "lowest_play": {"cards": "55", "table": "44"},
    "playout": {"action": "p", "wins": 5, "other": "KKK 3", "other_wins": 2, "samples": 8},
    "splits": {"action": "JJJ", "wins": 35, "deals": 35, "exact": True, "other": "34567", "other_wins": 0},
}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_renders_in_both_persons(code: str) -> None:
    reason = Reason(code, SAMPLES[code])
    you, him = render(reason, "tú"), render(reason, "Oeste")
    assert you and him
    assert " te " not in f" {him} " and " tu " not in f" {him} " and "tienes" not in him, him


def test_person_is_right_for_the_seat() -> None:
    r = Reason("forced_pass", {"table": "KKK 3"})
    assert render(r) == "no tienes nada que supere a K K K + 3"
    assert render(r, "Este") == "no tiene nada que supere a K K K + 3"
    assert render(Reason("go_out"), "Oeste") == "con esto se queda sin cartas"


def test_bid_reason_never_argues_against_itself() -> None:
    """Report: «puja 1 — tu mano sale en 5 jugadas y tiene ninguna carta de control: puja 1»."""
    g = Game.from_code("0000-FZBXC")
    advice = hint(g, g.turn)
    text = advice.reason
    assert "tiene ninguna" not in text and "ninguna carta de control" not in text
    hand = g.hand(g.turn)
    assert f"sale en {min_plays(hand)} jugadas" in text
    has_control = hand.counts[TWO] or hand.counts[BLACK_JOKER] or hand.counts[RED_JOKER]
    assert ("no tienes doses, comodines ni bombas" in text) == (not has_control and not _bombs(hand))


def test_no_control_claim_for_a_hand_without_control() -> None:
    """Report: «tiene cartas de control» for 334557888JJQQKKAA (no 2, no joker, no bomb)."""
    summary = control_summary(parse("334557888JJQQKKAA"))
    reason = Reason("bid", {"plays": 6, "control": summary, "bid": 1, "highest": 0})
    assert "no tiene doses, comodines ni bombas" in render(reason, "Sur")


def _bombs(hand: Cards) -> list[int]:
    return [r for r in range(13) if hand.counts[r] == 4]


def _check(g: Game, seat: int, action: str, reason: Reason) -> None:
    """Every claim the reason makes, checked with the engine and all three hands."""
    assert check(Decision(g, seat, action), as_message(reason)) == []
    assert wording(render(reason, SEAT_NAMES[seat])) == []


ALL_HANDS, FAST_HANDS = 120, 40
"""The hands of :func:`test_every_reason_is_true_over_many_hands` that every run plays at «Fácil» and
«Normal», of :data:`ALL_HANDS`; the soak runs (``make soak``) play the rest at those levels and all of
them at «Difícil»."""


@pytest.mark.parametrize(
    ("level", "first", "hands"),
    [
        *[(level, 0, FAST_HANDS) for level in LEVELS[:-1]],
        *[
            pytest.param(level, FAST_HANDS, ALL_HANDS - FAST_HANDS, marks=pytest.mark.slow)
            for level in LEVELS[:-1]
        ],
        pytest.param(LEVELS[-1], 0, ALL_HANDS, marks=pytest.mark.slow),
    ],
)
def test_every_reason_is_true_over_many_hands(level: str, first: int, hands: int) -> None:
    """Every decision of 120 hands played at each level: each reason's claims hold, and the old
    empty «pasar es lo mejor aquí» never appears. A full run plays the first 40 at «Fácil» and
    «Normal» (``make test`` a quarter of them); the rest, and «Difícil» (3 minutes), are soak runs."""
    codes: set[str] = set()
    cpu = Cpu(level)
    for i in range(first, first + sample(hands)):
        g = Game.from_code(encode(i * 104729 + 17))
        while g.phase in (BIDDING, PLAYING):
            seat = g.turn
            advice = cpu.advise(g)
            _check(g, seat, advice.action, advice.why)
            assert "lo mejor aquí" not in advice.reason
            codes.add(advice.why.code)
            g.apply(advice.action)
    # the common codes all occurred (the test exercised them)
    common = {"bid", "partner_leads", "forced_pass", "go_out"}
    assert common | ({"lowest_play"} if level == "easy" else {"fewest_plays", "save_strength"}) <= codes
    if level == "hard":
        assert {"take_lead", "attach_kicker", "playout"} <= codes


def test_hint_is_the_strongest_level() -> None:
    """The hint is Difícil's advice, but where the evaluator tells the moves apart (few cards left):
    there its move wins at least as many deals of the unseen cards as Difícil's."""
    g = Game.from_code(encode(17))
    judged = 0
    while g.phase in (BIDDING, PLAYING):
        advice = hint(g)
        hard = Cpu("hard").advise(g)
        if advice.why.code == "splits":
            ev = evaluate(g)
            assert (ev is not None and ev.value(advice.action).wins > ev.value(hard.action).wins) or (
                ev is not None and ev.value(advice.action).wins == ev.best.wins
            )
            judged += 1
        else:
            assert advice == hard
        g.apply(advice.action)


def test_kitty_cards_rule_a_bomb_out_of_control_back() -> None:
    """No «aún puede superar esa jugada una bomba» when the landlord's public kitty cards rule
    every bomb out. The landlord holds its kitty cards 9 9 9 and nothing else; the fourth 9 is free:
    no seat can hold 9 9 9 9, and the seat of five cards has no four of a rank to hold."""
    from ddz.ai.cpu import control_back
    from ddz.cards import parse
    from ddz.plays import classify

    def counts(cards: str) -> list[int]:
        return list(parse(cards).counts) if cards else [0] * 15

    pool = counts("9999 4567 R")
    blind = control_back(classify("2"), pool, 5).data
    assert blind["bomb"] and blind["higher"] == [{"rank": "R"}]
    known = (counts("9 4567 R"), [(3, counts("999")), (5, counts(""))])
    seen = control_back(classify("2"), pool, 5, known).data
    assert not seen["bomb"] and seen["higher"] == [{"rank": "R"}] and not seen["sure"]
    roomy = (counts("9 4567 R"), [(4, counts("999")), (4, counts(""))])  # one free card beside the 9 9 9
    assert control_back(classify("2"), pool, 5, roomy).data["bomb"]
