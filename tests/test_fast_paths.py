"""The CPU's fast paths against simple references: the plays that hold a hand's lowest card (the
fewest-plays solver branches on them) and «nobody can beat this single, pair or trio» (asked for
every option of every simulated decision). Each is judged twice: by the rules model of
``truthcheck.rules`` (written from the rule text, never from ``ddz``) and by the slow general path
it replaces, whose order it keeps (the plan's ties are broken by that order)."""

from __future__ import annotations

import itertools

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ddz.ai.tricks import is_boss as _is_boss
from ddz.cards import BITS, FULL_DECK, NUM_RANKS, TWO, Cards, unpack
from ddz.moves import follow_keys, lead_keys, legal_plays, lowest_keys
from ddz.variants import Variant
from tests.oracle import examples, oracle_beats, plays_within
from truthcheck.rules import to_str

VARIANTS = [
    Variant(four_two_distinct_singles=a, jokers_as_kickers=b, trio_as_kickers=c)
    for a, b, c in itertools.product((False, True), repeat=3)
]
DECK = [r for r in range(NUM_RANKS) for _ in range(FULL_DECK.counts[r])]


@st.composite
def hands(draw: st.DrawFn, most: int = 20) -> list[int]:
    """Counts per rank of a hand: a plain draw from the deck, or one made of a few ranks with many
    copies each (trios, bombs, airplanes and four-with-two, where the kickers are)."""
    counts = [0] * NUM_RANKS
    if draw(st.booleans()):
        for r in draw(st.lists(st.sampled_from(range(len(DECK))), min_size=1, max_size=most, unique=True)):
            counts[DECK[r]] += 1
    else:
        for r in draw(st.lists(st.sampled_from(range(NUM_RANKS)), min_size=1, max_size=7, unique=True)):
            counts[r] = draw(st.integers(1, FULL_DECK.counts[r]))
        while sum(counts) > most:
            counts[max(range(NUM_RANKS), key=lambda r: counts[r])] -= 1
    return counts


def _holds_lowest(counts: list[int], key: int) -> bool:
    low = next(r for r in range(NUM_RANKS) if counts[r])
    return bool(key >> (BITS * low) & 7)


@settings(max_examples=examples(1500))
@given(hands(), st.sampled_from(VARIANTS))
def test_lowest_keys_are_the_lead_plays_holding_the_lowest_card_in_order(
    counts: list[int], v: Variant
) -> None:
    assert lowest_keys(counts, v) == [k for k in lead_keys(counts, v) if _holds_lowest(counts, k)]


@settings(max_examples=examples(300))
@given(hands(most=14))
def test_lowest_keys_agree_with_the_rules_model(counts: list[int]) -> None:
    hand = to_str(r for r in range(NUM_RANKS) for _ in range(counts[r]))
    low = hand[0]
    model = {p for p in plays_within(hand) if low in p}
    got = [to_str(r for r, n in enumerate(unpack(k)) for _ in range(n)) for k in lowest_keys(counts)]
    assert set(got) == model


def _only(rank: int, n: int) -> list[int]:
    return [n if r == rank else 0 for r in range(NUM_RANKS)]


@settings(max_examples=examples(400))
@given(hands(), hands(most=12), st.sampled_from([1, 2, 3, 4, 5, 17]))
@example(_only(TWO, 4), _only(TWO, 3), 4)  # only the bomb of 2s beats a 2 (or two, or three)
@example(_only(TWO, 4), _only(TWO, 3), 3)  # nobody holds the four of them
def test_is_boss_of_a_group_agrees_with_every_answer(unseen: list[int], own: list[int], most: int) -> None:
    """A single, pair or trio is a sure trick when no play the others could hold (at most ``most``
    cards of the unseen ones) beats it: checked against the rules model and the general path."""
    pool = to_str(r for r in range(NUM_RANKS) for _ in range(unseen[r]))
    answers = [q for q in plays_within(pool) if len(q) <= most]
    for p in legal_plays(Cards.from_ranks([r for r in range(NUM_RANKS) for _ in range(own[r])]), None):
        if p.kind not in ("single", "pair", "trio"):
            continue
        model = not any(oracle_beats(q, str(p)) for q in answers)
        general = not any(sum(unpack(k)) <= most for k in follow_keys(unseen, p))
        assert _is_boss(p, unseen, most) == model == general, (str(p), pool, most)
