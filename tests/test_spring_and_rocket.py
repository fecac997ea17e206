"""Scoring and answering rules the suite once let through: a spring needs both farmers silent
(R-SCORE-4), and the rocket is offered against every bomb (R-CMP-4)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz.cards import RANKS, Cards
from ddz.codes import encode
from ddz.game import BIDDING, OVER, PLAYING, Game
from ddz.moves import legal_plays

# ---- spring is about both farmers (R-SCORE-4) ---------------------------------------------------
# 000 ¶23: «Hay primavera cuando el terrateniente se queda sin cartas sin que ningún campesino
# haya jugado una sola carta».


def _play_with_mute_farmers(code_seed: int, seed: int, mute: tuple[bool, bool]) -> Game:
    """A random hand where farmer ``i`` (0 = the seat after the landlord, 1 = the one before)
    passes whenever it may if ``mute[i]``; everyone else picks a random legal action."""
    rng = random.Random(seed)
    g = Game.from_code(encode(code_seed))
    for _ in range(600):
        if g.phase not in (BIDDING, PLAYING):
            break
        actions = g.legal_actions()
        if g.phase == PLAYING and g.landlord is not None:
            farmer = (g.turn - g.landlord) % 3 - 1  # -1 for the landlord
            if farmer >= 0 and mute[farmer] and "p" in actions:
                g.apply("p")
                continue
            if farmer < 0 and len(actions) > 1:
                actions = [a for a in actions if a != "p"]
        g.apply(rng.choice(actions))
    return g


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 2**40 - 1),
    st.integers(0, 2**32),
    st.sampled_from([(True, False), (False, True), (True, True)]),
)
def test_spring_means_no_farmer_played(code_seed: int, seed: int, mute: tuple[bool, bool]) -> None:
    g = _play_with_mute_farmers(code_seed, seed, mute)
    assert g.phase == OVER and g.result is not None and g.landlord is not None
    farmer_plays = [a for s, a in g.trail if s != g.landlord and a != "p"]
    landlord_out = g.result.out_seat == g.landlord
    assert g.result.spring == (landlord_out and not farmer_plays)


def test_spring_is_lost_when_only_the_second_farmer_played() -> None:
    # Seat 1 (after the landlord) never plays; seat 2 plays one 4: no spring.
    g = Game.from_hands(["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"], "99B", 0)
    bid = ["3"]
    plays = ["3", "p", "4", "B", "p", "p", "445566778899", "p", "p", "2222", "p", "p", "3", "p", "p", "R"]
    for a in bid + plays:
        g.apply(a)
    assert g.result is not None and g.result.winner == "landlord"
    assert not g.result.spring
    assert g.result.multiplier == 2  # the bomb 2222 alone


# ---- the rocket answers a bomb (R-CMP-4) --------------------------------------------------------
# 000 ¶20: «El cohete supera a todo, incluidas todas las bombas, y nada supera al cohete».


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 12), st.lists(st.integers(0, 12), max_size=12))
def test_rocket_is_offered_against_every_bomb(bomb_rank: int, extra: list[int]) -> None:
    counts = [0] * 15
    for r in extra:
        counts[r] = min(counts[r] + 1, 4)
    counts[13] = counts[14] = 1
    hand = Cards(counts)
    table = RANKS[bomb_rank] * 4
    offered = [str(p) for p in legal_plays(hand, table)]
    assert "BR" in offered
    # and only bombs above the table besides it
    others = sorted(p for p in offered if p != "BR")
    assert others == sorted(RANKS[r] * 4 for r in range(bomb_rank + 1, 13) if counts[r] == 4)
