"""A whole hand: random full games and named situations."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz import classify
from ddz.cards import FULL_DECK, Cards
from ddz.codes import cards_of, encode
from ddz.compare import beats
from ddz.game import BIDDING, OVER, PASS, PLAYING, Game, GameError
from ddz.moves import legal_plays
from ddz.records import RecordError, replay
from tests.oracle import examples


def _all_cards(g: Game) -> Cards:
    total = Cards()
    for h in g.hands:
        total = total + cards_of(h)
    for _, a in g.trail:
        if a != "p":
            total = total + Cards.from_ranks(list(classify(a).cards))
    if g.landlord is None:
        total = total + cards_of(g.kitty)
    return total


def play_random(seed: int, code_seed: int) -> Game:
    rng = random.Random(seed)
    g = Game.from_code(encode(code_seed))
    steps = played = 0
    while g.phase in (BIDDING, PLAYING):
        before, phase = g.table, g.phase
        seat = g.turn
        action = rng.choice(g.legal_actions())
        g.apply(action, seat=seat)
        steps += 1
        assert steps < 400, "the hand must end"
        if phase == PLAYING and action != "p":
            played += len(action)
            if before is not None:
                assert beats(action, before), "every play beats the table"
        ids = [c for h in g.hands for c in h]
        in_kitty = 3 if g.landlord is None else 0
        assert len(ids) + played + in_kitty == 54, "54 cards conserved"
        assert len(ids) == len(set(ids)), "hands are disjoint"
    assert _all_cards(g) == FULL_DECK
    return g


@pytest.mark.slow
@settings(max_examples=10_000)
@given(st.integers(0, 2**32), st.integers(0, 2**40 - 1))
def test_random_full_games_invariants(seed: int, code_seed: int) -> None:
    """The soak run: 10,000 random hands (``make soak``)."""
    _check_random_game(seed, code_seed)


@settings(max_examples=200)
@given(st.integers(0, 2**32), st.integers(0, 2**40 - 1))
def test_random_full_games_invariants_sample(seed: int, code_seed: int) -> None:
    """The same checks on 200 random hands, in the fast run."""
    _check_random_game(seed, code_seed)


def _check_random_game(seed: int, code_seed: int) -> None:
    g = play_random(seed, code_seed)
    assert g.phase == OVER and g.result is not None
    r = g.result
    assert sum(r.scores) == 0
    bombs = sum(1 for _, a in g.trail if a != "p" and classify(a).kind == "bomb")
    rockets = sum(1 for _, a in g.trail if a != "p" and classify(a).kind == "rocket")
    assert r.multiplier == 2 ** (bombs + rockets + int(r.spring) + int(r.antispring))
    assert not (r.spring and r.antispring)
    assert r.base in (1, 2, 3)
    s = r.base * r.multiplier
    sign = 1 if r.winner == "landlord" else -1
    assert r.scores[r.landlord] == sign * 2 * s
    assert all(r.scores[i] == -sign * s for i in range(3) if i != r.landlord)
    assert len(g.hands[r.out_seat]) == 0
    again = replay(json.loads(json.dumps(g.record())))
    assert again.result == g.result and again.hands == g.hands


def test_same_code_same_deal() -> None:
    a, b = Game.from_code("003N-QK8N1"), Game.from_code("003nqk8n1")
    assert a.hands == b.hands and a.kitty == b.kitty and a.first_bidder == b.first_bidder


def _game_with_bids(bids: list[str]) -> Game:
    g = Game.from_hands(["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"], "99B", 0)
    for b in bids:
        g.apply(b)
    return g


@pytest.mark.parametrize(
    "bids,action,code",
    [
        ([], "4", "bad_bid"),
        (["2"], "1", "bid_not_higher"),
        (["3"], "p", "must_lead"),
        (["3"], "TT", "not_in_hand"),
        (["3"], "34", "invalid_play"),
        (["3", "3"], "3", "does_not_beat"),
        (["3"], "3X", "bad_notation"),
    ],
)
def test_errors_leave_state_untouched(bids: list[str], action: str, code: str) -> None:
    g = _game_with_bids(bids)
    before = copy.deepcopy(g)
    with pytest.raises(GameError) as exc:
        g.apply(action)
    assert exc.value.code == code
    assert exc.value.message  # a Spanish sentence for the player
    assert g == before


def test_out_of_turn_rejected() -> None:
    g = _game_with_bids(["3"])
    before = copy.deepcopy(g)
    with pytest.raises(GameError, match="no es tu turno"):
        g.apply("3", seat=1)
    assert g == before


def test_redeals_then_forced_landlord() -> None:
    g = Game.from_code("003N-QK8N1")
    first_hands = g.hands
    openers = []
    for deal_no in range(4):
        openers.append(g.first_bidder)
        assert g.redeals == deal_no
        for _ in range(3):
            g.apply("p")
        if deal_no < 3:
            assert g.phase == BIDDING and g.hands != first_hands
    assert g.phase == PLAYING
    assert g.landlord == openers[3] and g.base == 1
    assert len(g.hands[g.landlord]) == 20


def test_unlimited_redeals_variant_never_forces() -> None:
    g = Game.from_code("003N-QK8N1", "unlimited_redeals")
    for _ in range(5):
        for _ in range(3):
            g.apply("p")
    assert g.phase == BIDDING and g.redeals == 5


def test_views_never_leak_hidden_cards() -> None:
    g = _game_with_bids(["3"])
    g.apply("33445566778899")
    for seat in range(3):
        v = g.view(seat)
        assert v.hand == tuple(g.hands[seat])
        text = json.dumps(v.__dict__, default=str)
        for other in range(3):
            if other != seat and g.hands[other]:
                assert str(tuple(g.hands[other])) not in text
        assert v.counts == (6, 17, 17)
        assert v.kitty == g.kitty


def test_card_counter_D_COUNTER() -> None:
    # D-COUNTER: own hand, played cards and the revealed kitty count as seen.
    g = _game_with_bids(["3"])
    g.apply("33445566778899")
    farmer = g.unseen(1)
    assert farmer["9"] == 4 - 1 - 2  # own 9, two 9s played (both from the kitty)
    assert farmer["comodín pequeño"] == 0  # B came in the revealed kitty
    assert farmer["2"] == 4  # the landlord's 2s are unseen by a farmer
    landlord = g.unseen(0)
    assert landlord["2"] == 0 and landlord["comodín grande"] == 0
    assert sum(farmer.values()) == 54 - 17 - 14 - 1


def test_result_breakdown_in_spanish() -> None:
    g = _game_with_bids(["3"])
    for a in ["33445566778899", "p", "p", "2222", "p", "p", "BR"]:
        g.apply(a)
    assert g.result is not None
    lines = g.result.explain()
    assert lines[0].startswith("Gana el terrateniente")
    assert any("primavera" in x for x in lines)
    assert any("cohete" in x for x in lines) and any("bomba 2222" in x for x in lines)
    assert "S = 3 × 8 = 24" in " ".join(lines)


def test_corrupted_record_reports_first_bad_action() -> None:
    g = _game_with_bids(["3"])
    for a in ["33445566778899", "p", "p", "2222", "p", "p", "BR"]:
        g.apply(a)
    rec = g.record()
    rec["actions"][4] = "KK"
    with pytest.raises(RecordError) as exc:
        replay(rec)
    assert exc.value.index == 4
    with pytest.raises(RecordError, match="JSON"):
        replay("{not json")
    bad = dict(g.record(), version=99)
    with pytest.raises(RecordError, match="formato"):
        replay(bad)
    tampered = g.record()
    tampered["result"]["scores"] = [0, 0, 0]
    with pytest.raises(RecordError, match="no coincide"):
        replay(tampered)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(0, 2**40 - 1),
    st.sampled_from(["standard", "jokers_as_kickers", "trio_as_kickers+four_two_distinct_singles"]),
    st.randoms(use_true_random=False),
)
def test_legal_actions_are_the_legal_plays_written_out(code: int, variant: str, rnd: random.Random) -> None:
    """``legal_actions`` (which writes the plays out without building them) lists exactly the
    plays of ``legal_plays`` and the pass; an action spelt another way is recorded as written."""
    g = Game.from_code(encode(code), variant=variant)
    while g.phase in (BIDDING, PLAYING):
        actions = g.legal_actions()
        if g.phase == PLAYING:
            plays = [str(p) for p in legal_plays(g.hand(g.turn), g.table, variant)]
            assert actions == plays + ([] if g.table is None else [PASS])
        action = rnd.choice(actions)
        spelt = action if action in (PASS, "1", "2", "3") else " ".join(reversed(action.lower()))
        g.apply(spelt)
        assert g.actions[-1] == action


@settings(max_examples=examples(60))
@given(st.integers(0, 10**6), st.integers(1, 60))
def test_pop_takes_back_each_push_in_turn(seed: int, n: int) -> None:
    """``push``/``pop`` as python-chess's ``Board``: each pop gives back the position, the history and
    the legal actions the game had before the push it undoes; an action made with ``apply`` is not
    undone, a refused push changes nothing, and a copy pops apart from the original."""
    rng = random.Random(seed)
    g = Game.from_code(encode(seed))
    seen: list[tuple[str, list[str], list[str], str]] = []
    for _ in range(n):
        if g.is_over:
            break
        seen.append((g.position(), list(g.actions), g.legal_actions(), rng.choice(g.legal_actions())))
        g.push(seen[-1][3])
    twin = g.copy()
    with pytest.raises(GameError):
        g.push("not an action")
    assert g.position() == twin.position()
    if seen:
        assert twin.pop() == seen[-1][3] and g.actions == twin.actions + [seen[-1][3]]
    for position, actions, legal, action in reversed(seen):
        assert g.pop() == action
        assert (g.position(), g.actions, g.legal_actions()) == (position, actions, legal)
    with pytest.raises(GameError) as e:
        g.pop()
    assert e.value.code == "nothing_to_pop"


def test_apply_is_not_undone_by_pop() -> None:
    g = Game.from_code("0000-0008G")
    g.push("1")
    g.apply("p")
    with pytest.raises(GameError):
        g.pop()  # the last action was applied, not pushed: popping would undo the wrong one
