"""Every follow branch of the generator is reached by a property test.

For each of the 14 kinds of table play, hypothesis draws an *answer* of the same shape first (half
the time one at the top edge: a 2, a joker or a chain topped by the ace), then a table of that shape
below it, then a hand holding the answer and a few other cards. The plays offered must be exactly the
ones an independent model (``tests/oracle.py``, written from source 000's text) finds in the hand.
``tools/rule_mutants.py`` has one generator mutant per follow branch of ``ddz/moves.py`` (a trio of
2s dropped, a joker kicker dropped, a chain topped by the ace dropped…): this test kills each.

Seen failing on main (with ``5222`` and ``555R`` dropped from the generator the whole suite passed).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz.moves import legal_plays
from tests.oracle import DECK, KINDS, RANKS, examples, oracle_beats, plays_by_kind, plays_within, rank_of

MAX_ANSWER = 12
"""Answers up to 12 cards (every kind has some), so that the hand stays small."""


def _edge(play: str) -> bool:
    """At the top edge: holds an ace, a 2 or a joker (a trio of 2s, a joker kicker, a chain to the ace)."""
    return any(ch in "A2BR" for ch in play)


@cache
def _answers(kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every answer of ``kind`` up to MAX_ANSWER cards, those at the edge)."""
    every = tuple(p for p in plays_by_kind()[kind] if len(p) <= MAX_ANSWER)
    return every, tuple(p for p in every if _edge(p))


def _fits(*plays: str) -> bool:
    need = Counter(ch for p in plays for ch in p)
    deck = Counter(RANKS[r] for r in DECK)
    return all(deck[ch] >= n for ch, n in need.items())


@st.composite
def around(draw: st.DrawFn, kind: str) -> tuple[str, str]:
    """A table of ``kind`` and a hand that holds an answer of the same shape above it, often a
    bomb and the rocket, and up to three other cards."""
    every, edge = _answers(kind)
    answer = draw(st.sampled_from(edge if bool(edge) and draw(st.booleans()) else every))
    same = [p for p in plays_by_kind()[kind] if len(p) == len(answer) and _fits(p, answer)]
    below = [p for p in same if rank_of(p) < rank_of(answer)]
    if not same:  # the rocket: nothing of its shape can answer it, the hand holds other cards
        table, answer = answer, ""
    else:
        table = draw(st.sampled_from(below or same))
    pool = Counter(RANKS[r] for r in DECK) - Counter(answer) - Counter(table)
    hand = answer
    # Often a bomb and the rocket too: they answer every table (and the rocket answers a bomb).
    bombs = [ch * 4 for ch in RANKS[:13] if pool[ch] == 4]
    if bool(bombs) and draw(st.booleans()):
        hand += draw(st.sampled_from(bombs))
    if pool["B"] and pool["R"] and draw(st.booleans()):
        hand += "BR"
    cards = sorted((pool - Counter(hand)).elements(), key=RANKS.index)
    extra = draw(st.lists(st.sampled_from(range(len(cards))), max_size=3, unique=True))
    hand += "".join(cards[i] for i in extra)
    return table, "".join(sorted(hand, key=RANKS.index))


@pytest.mark.parametrize("kind", KINDS)
def test_each_follow_branch_against_the_model(kind: str) -> None:
    @settings(max_examples=examples(60))
    @given(around(kind))
    def check(table_and_hand: tuple[str, str]) -> None:
        table, hand = table_and_hand
        want = {p for p in plays_within(hand) if oracle_beats(p, table)}
        got = [str(p) for p in legal_plays(hand, table)]
        assert len(got) == len(set(got)), "each play exactly once"
        assert set(got) == want, (hand, table)

    check()


def test_the_strategy_reaches_the_edges() -> None:
    """The edges the mutants remove are among the answers drawn from (not a vacuous test)."""
    assert "5222" in _answers("trio_single")[1] and "555R" in _answers("trio_single")[1]
    assert "TJQKA" in _answers("straight")[1] and "33222" in _answers("trio_pair")[1]
    assert all(_answers(k)[1] for k in KINDS)


@pytest.mark.parametrize(
    ("hand", "table", "plays"),
    [("2225", "3334", ["5222"]), ("555R", "3334", ["555R"])],
)
def test_the_two_answers_of_issue_29(hand: str, table: str, plays: list[str]) -> None:
    assert [str(p) for p in legal_plays(hand, table)] == plays
