"""The fast paths against the careful ones: the standard rules' classifier (``ddz.plays._standard``)
against the general reference path (``_readings`` / ``_pick`` / ``_diagnose``, which every variant
still takes): same play, same rejection, for every multiset tried; and ``Cards(counts)``."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz import plays
from ddz.cards import HAND_LIMIT, Cards, parse
from ddz.plays import Play, Rejection, analyze, analyze_cards
from tests.oracle import COPIES, DECK, all_legal, counts_of, examples
from tests.test_plays import _all_multisets


def reference(cards: Cards) -> Play | Rejection:
    """``analyze_cards`` as it was before the fast path: every reading, then the diagnosis."""
    n, text, rules = len(cards), str(cards), plays._STANDARD_RULES
    if n == 0:
        return plays.rejection("empty", text)
    if n > HAND_LIMIT:
        return plays.rejection("too_many", text)
    found = plays._readings(cards.counts, n, rules)
    return plays._pick(found) if found else plays._diagnose(cards.counts, n, rules, text)


def check(counts: tuple[int, ...] | list[int]) -> str:
    cards = Cards(counts)
    fast, slow = analyze_cards(cards), reference(cards)
    assert type(fast) is type(slow) and fast == slow, (str(cards), fast, slow)
    if isinstance(fast, Play):
        assert isinstance(slow, Play)  # the same type, as asserted above
        assert (fast.cards.key, fast.body.key, fast.kickers.key) == (
            cards.key,
            slow.body.key,
            slow.kickers.key,
        )
        return str(fast.kind)
    return fast.reason


def test_every_multiset_of_up_to_five_cards() -> None:
    seen = Counter(check(m) for m in _all_multisets(5))
    assert seen["no_pattern"] and seen["straight_too_short"] and seen["trio_pair"]


@settings(max_examples=examples(2000))
@given(st.lists(st.sampled_from(range(len(DECK))), min_size=1, max_size=20, unique=True))
def test_random_subsets_of_a_deck(indices: list[int]) -> None:
    counts = [0] * 15
    for i in indices:
        counts[DECK[i]] += 1
    check(counts)


LEGAL = sorted(all_legal())


@st.composite
def near_plays(draw: st.DrawFn) -> list[int]:
    """A legal play with up to three cards added or taken away: the sets whose diagnosis is subtle."""
    counts = list(counts_of(LEGAL[draw(st.integers(0, len(LEGAL) - 1))]))
    for _ in range(draw(st.integers(0, 3))):
        r = draw(st.integers(0, 14))
        if draw(st.booleans()):
            counts[r] = min(COPIES[r], counts[r] + 1)
        else:
            counts[r] = max(0, counts[r] - 1)
    return counts


@settings(max_examples=examples(2000))
@given(near_plays())
def test_legal_plays_and_their_neighbours(counts: list[int]) -> None:
    check(counts)


def _block(lo: int, heights: tuple[int, ...], extra: tuple[int, ...]) -> list[int]:
    counts = [0] * 15
    for r, h in zip(range(lo, 15), heights):
        counts[r] = min(COPIES[r], h)
    for r in extra:
        counts[r] = min(COPIES[r], counts[r] + 1)
    return counts


def test_every_reason_of_the_diagnosis_is_reached_on_structured_sets() -> None:
    """Runs of trios, quads and pairs at every height with a few stray cards: each reason code
    of the standard rules appears, and the fast path agrees on all of them."""
    seen: Counter[str] = Counter()
    for lo in range(15):
        for heights in itertools.product((1, 2, 3, 4), repeat=3):
            for extra in ((), (12,), (13, 14), (lo,), (0, 12), (12, 12), (12, 12, 12), (12, 12, 12, 13)):
                counts = _block(lo, heights, extra)
                if sum(counts) <= HAND_LIMIT:
                    seen[check(counts)] += 1
        for length in range(2, 8):
            for h in (1, 2, 3):
                for extra in ((), (12,), (13,), (13, 14), (12, 13, 14)):
                    counts = _block(lo, (h,) * length, extra)
                    if sum(counts) <= HAND_LIMIT:
                        seen[check(counts)] += 1
    reasons = {
        "two_in_chain", "joker_in_chain", "straight_too_short", "pair_straight_too_short", "not_consecutive",
        "four_split", "kicker_same_as_body", "kicker_repeated", "jokers_as_kickers", "no_pattern",
    }  # fmt: skip
    assert reasons <= set(seen), reasons - set(seen)


@pytest.mark.parametrize("text", ["", "3" * 4 + "4" * 4 + "5" * 4 + "6" * 4 + "7" * 4 + "8"])
def test_empty_and_too_many(text: str) -> None:
    assert analyze_cards(parse(text)) == reference(parse(text))
    assert isinstance(analyze(text), Rejection)


@given(st.lists(st.integers(-1, 5), max_size=16))
def test_cards_from_counts_checks_and_packs_like_the_careful_loop(counts: list[int]) -> None:
    """``Cards(counts)`` (its quick C-speed check and packing) against the plain rule and :func:`pack`."""
    from ddz.cards import MAX_COPIES, NotationError, pack

    padded = tuple(counts) + (0,) * (15 - len(counts))
    if len(padded) == 15 and all(0 <= n <= m for n, m in zip(padded, MAX_COPIES)):
        cards = Cards(counts)
        assert cards.counts == padded and cards.key == pack(padded)
    else:
        with pytest.raises(NotationError):
            Cards(counts)


@given(st.tuples(*(st.integers(0, m) for m in COPIES)))
def test_canonical_string_by_table_lookups_equals_the_rank_by_rank_spelling(counts: tuple[int, ...]) -> None:
    from ddz.cards import RANKS

    assert str(Cards(counts)) == "".join(RANKS[r] * n for r, n in enumerate(counts))


@pytest.mark.parametrize("length", [1, 2, 3])
@pytest.mark.parametrize("extra", [(), (13, 14), (13,), (4, 5), (5, 5), (13, 14, 5, 6), (5, 5, 6, 6)])
def test_the_two_read_low_below_a_run_of_trios(length: int, extra: tuple[int, ...]) -> None:
    """222 with 333… (the 2 read as the card below the 3) and kickers, the jokers among them: the
    fast diagnosis agrees with the reference (e.g. 222333 + BR is no play of any relaxation that
    reads the 2 low with both jokers as kickers)."""
    counts = [3 if r < length or r == 12 else 0 for r in range(15)]
    for r in extra:
        counts[r] += 1
    check(counts)


@pytest.mark.parametrize(
    "able,longest", [([], 0), ([4], 1), ([3, 5, 6, 7], 3), ([0, 1, 3, 4, 5, 6], 4), ([2, 4, 6], 1)]
)
def test_longest_run_of_values(able: list[int], longest: int) -> None:
    """The screen that skips trio readings counts values in a row, not values."""
    assert plays._longest_run(able) == longest
