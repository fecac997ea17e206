"""Reasons, not counts (issue 11): every reason the CPU or a hint gives is a claim checked here
against the engine (solver, legal plays, the seat's own cards) over many CPU-played hands."""

from __future__ import annotations

import pytest

from ddz.ai import LEVELS, Cpu, hint
from ddz.ai.cpu import ROLLOUT_SAMPLES, SEAT_NAMES, control_summary, playout, rollout_deals
from ddz.ai.reasons import CODES, Reason, render
from ddz.ai.solver import min_plays
from ddz.cards import BLACK_JOKER, RED_JOKER, TWO, Cards, parse
from ddz.codes import encode
from ddz.game import BIDDING, PASS, PLAYING, Game
from ddz.plays import classify

SAMPLES: dict[str, dict[str, object]] = {
    "go_out": {},
    "sure_win": {},
    "fewest_plays": {"plays": 2, "plan": ["KKK 3", "55"]},
    "long_chain": {"cards": "34567", "n": 5},
    "keep_control": {"twos": 2, "jokers": ["grande"], "rocket": False, "bombs": []},
    "control_back": {"rank": "2"},
    "bomb_now": {"rocket": False, "why": "danger", "who": "Este", "cards_left": 3},
    "feed_partner": {"cards_left": 1},
    "high_single": {"who": "Oeste"},
    "partner_leads": {},
    "forced_pass": {"table": "KKK 3"},
    "save_strength": {"table": "AA", "cost": "control", "control": {"twos": 2, "jokers": [], "bombs": []}},
    "bid": {"plays": 5, "control": {"twos": 0, "jokers": [], "bombs": []}, "bid": 1, "highest": 0},
    "cover_partner": {"table": "5", "who": "Este", "cards_left": 3},
    "attach_kicker": {"cards": "KKK 3", "kicker": "3"},
    "take_lead": {"who": "Este", "table": "AA"},
    "lowest_play": {"cards": "55", "table": "44"},
    "playout": {"action": "p", "wins": 5, "other": "KKK 3", "other_wins": 2, "samples": 8},
}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_renders_in_both_persons(code: str) -> None:
    reason = Reason(code, SAMPLES[code])
    you, him = render(reason, "tú"), render(reason, "Oeste")
    assert you and him
    assert " te " not in f" {him} " and " tu " not in f" {him} " and "tienes" not in him, him


def test_person_is_right_for_the_seat() -> None:
    r = Reason("forced_pass", {"table": "KKK 3"})
    assert render(r) == "no tienes nada que supere a KKK 3"
    assert render(r, "Este") == "no tiene nada que supere a KKK 3"
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
    """Every claim the reason makes, checked with the engine."""
    d = reason.data
    hand = g.hand(seat)
    code = reason.code
    if code == "bid":
        assert d["plays"] == min_plays(hand)
        assert d["control"] == control_summary(hand)
        assert (action == PASS) == (d["bid"] == 0)
        return
    plays = g.legal_plays()
    play = classify(action) if action != PASS else None
    rest = hand - play.cards if play else hand
    if code == "forced_pass":
        assert action == PASS and not plays and g.table is not None and d["table"] == g.table.shown()
    elif code == "partner_leads":
        assert action == PASS and g.landlord not in (seat, g.table_seat) and g.table_seat != seat
    elif code == "save_strength":
        assert action == PASS and plays
        if d["cost"] == "bomb":
            assert _bombs(hand) or (hand.counts[BLACK_JOKER] and hand.counts[RED_JOKER])
        elif d["cost"] == "break_bomb":
            assert _bombs(hand)
        elif d["cost"] == "split_rocket":
            assert hand.counts[BLACK_JOKER] and hand.counts[RED_JOKER]
        elif d["cost"] == "control":
            assert hand.counts[TWO] or hand.counts[BLACK_JOKER] or hand.counts[RED_JOKER]
        else:  # beating the table does not bring the hand closer to going out
            assert d["now"] == min_plays(hand) and d["after"] >= d["now"]
    elif code == "go_out":
        assert not rest
    elif code in ("fewest_plays", "long_chain"):
        inner = reason.extra[0] if code == "long_chain" else reason
        plan = inner.data["plan"]  # every play of the plan is named, and together they are the rest
        assert inner.data["plays"] == min_plays(rest) == len(plan)
        assert sum((parse(p) for p in plan), Cards()) == rest
        if code == "long_chain":
            assert play is not None and d["cards"] == play.shown() and d["n"] == len(play.cards) >= 6
    elif code == "feed_partner":
        assert play is not None and play.kind in ("single", "pair")
        partner = 3 - seat - (g.landlord or 0)
        assert len(g.hands[partner]) == d["cards_left"] <= 2
    elif code == "high_single":
        assert play is not None and play.kind == "single"
        assert any(len(g.hands[o]) == 1 for o in range(3) if o != seat)
    elif code == "bomb_now":
        assert play is not None and play.kind in ("bomb", "rocket")
        if d["why"] == "danger":
            assert d["cards_left"] <= 5
        else:
            assert min_plays(rest) <= 1
    elif code == "cover_partner":
        assert play is not None and g.table is not None and d["table"] == g.table.shown()
        landlord = g.landlord
        assert landlord is not None and seat == (landlord + 2) % 3 and g.table_seat == (landlord + 1) % 3
        assert len(g.hands[landlord]) == d["cards_left"] <= 5 and d["who"] == SEAT_NAMES[landlord]
    elif code == "attach_kicker":
        assert play is not None and play.kind in ("trio_single", "trio_pair") and d["cards"] == play.shown()
        assert parse(d["kicker"]) == play.kickers
    elif code == "take_lead":
        assert play is not None and g.table is not None and d["table"] == g.table.shown()
        assert g.table_seat not in (seat, None) and d["who"] == SEAT_NAMES[g.table_seat]
        assert g.landlord in (seat, g.table_seat), "the table is an opponent's"
    elif code == "playout":  # replay the playouts: the counts are the engine's
        deals = rollout_deals(g, seat)[: d["samples"]]  # the deals the budget allowed
        assert 1 <= d["samples"] == len(deals) <= ROLLOUT_SAMPLES
        for key, wins in (("action", d["wins"]), ("other", d["other_wins"])):
            act = PASS if d[key] == PASS else str(classify(d[key]))
            assert sum(playout(g, hands, act) for hands in deals) == wins
        assert d["wins"] > d["other_wins"] and (d["action"] == PASS) == (action == PASS)
    elif code == "lowest_play":
        assert play is not None and d["cards"] == play.shown() and rest
        if "table" in d:
            assert g.table is not None and d["table"] == g.table.shown()
            assert play.rank == min(p.rank for p in plays if not p.is_bomb)
        else:
            low = next(r for r in range(15) if hand.counts[r])
            assert g.table is None and play.cards.counts[low]
    for extra in reason.extra:
        if extra.code in ("fewest_plays", "long_chain"):
            _check(g, seat, action, extra)
        if extra.code == "keep_control":
            assert extra.data == control_summary(rest)
        elif extra.code == "control_back":
            assert play is not None and (
                play.cards.counts[TWO] or play.cards.counts[BLACK_JOKER] or play.cards.counts[RED_JOKER]
            )


@pytest.mark.parametrize("level", [*LEVELS[:-1], pytest.param(LEVELS[-1], marks=pytest.mark.slow)])
def test_every_reason_is_true_over_many_hands(level: str) -> None:
    """Every decision of 120 hands played at each level: each reason's claims hold, and the old
    empty «pasar es lo mejor aquí» never appears («Difícil», 3 minutes, is in ``make test-all``)."""
    codes: set[str] = set()
    cpu = Cpu(level)
    for i in range(120):
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
    g = Game.from_code(encode(17))
    while g.phase in (BIDDING, PLAYING):
        advice = hint(g)
        assert advice == Cpu("hard").advise(g)
        g.apply(advice.action)
