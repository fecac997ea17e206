"""The playouts' quick policy (ddz.ai.quick): legal, and the few rules it promises."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz.ai import Cpu, min_plays
from ddz.ai.cpu import others_pool
from ddz.ai.quick import plan_of, quick_beats, quick_play
from ddz.cards import parse
from ddz.codes import encode
from ddz.compare import beats
from ddz.game import PLAYING, Game
from ddz.moves import legal_plays
from tests.test_ai_arena import situation


def _positions(seed: int) -> list[Game]:
    g = Game.from_code(encode(seed))
    g.skip_bidding(g.first_bidder, 1)
    out, normal = [], Cpu("normal")
    while g.phase == PLAYING:
        out.append(copy.deepcopy(g))
        g.apply(normal.act(g))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_every_choice_is_a_legal_play_or_a_pass_on_a_table(seed: int) -> None:
    # Judged by the engine's own move list (a second reading of «legal»), at every turn of a hand.
    for g in _positions(seed):
        seat = g.turn
        p = quick_play(g, seat, others_pool(g, seat))
        if p is None:
            assert g.table is not None, "a pass when leading"
        else:
            assert str(p) in {str(q) for q in legal_plays(g.hand(seat), g.table)}, (g.actions, str(p))


def test_a_plan_has_the_fewest_plays_and_the_cards_of_the_hand() -> None:
    for hand in ("3334445556BR", "3456789TJQKA2", "33445566778899", "2222BR", "3"):
        plan = plan_of(parse(hand))
        assert len(plan) == min_plays(hand)
        assert sorted(c for p in plan for c in str(p.cards)) == sorted(str(parse(hand))), hand


def test_beats_agrees_with_the_engine() -> None:
    plays = [p for p in legal_plays("333444556677889TJQKA2222BR")]
    for p in plays[::7]:
        for t in plays[::5]:
            assert quick_beats(p, t) == beats(p, t), (str(p), str(t))


def test_it_goes_out_when_one_play_is_left_and_passes_on_its_partner() -> None:
    # landlord 1; Sur (0) and Oeste (2) are partners
    out = situation(["99", "3456789TJQKA2BR", "34"], landlord=1, turn=0, table="55", table_seat=1)
    assert str(quick_play(out, 0, others_pool(out, 0))) == "99"
    partner = situation(["99K", "3456789TJQKA2BR", "34"], landlord=1, turn=0, table="55", table_seat=2)
    assert quick_play(partner, 0, others_pool(partner, 0)) is None


def test_with_an_opponent_on_one_card_it_does_not_lead_a_low_single() -> None:
    # the landlord (1) holds one card: Sur leads its pair, not the 3 the landlord could beat
    g = situation(["3KK", "A", "456789TJQQ"], landlord=1, turn=0)
    assert str(quick_play(g, 0, others_pool(g, 0))) == "KK"
