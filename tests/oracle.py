"""The independent model of the rules of source 000 (``truthcheck.rules``, written from the rule text,
never from ``ddz``) with the hypothesis strategies the engine tests draw from it.

- :func:`enumerate_all`: every legal play of the game, kind by kind;
- :func:`rank_of` and :func:`oracle_beats`: the ranking card and the comparison rules;
- :func:`table_plays` and :func:`hands_against`: hypothesis strategies that draw the kind of the
  table play uniformly among the 14 kinds, then a play of that kind, then a hand that often holds
  an answer of the same kind.
"""

from __future__ import annotations

import os
from collections import Counter

from hypothesis import strategies as st

from truthcheck.rules import (
    BODY_HEIGHT,
    COPIES,
    DECK,
    KINDS,
    RANKS,
    all_keys,
    all_legal,
    counts_of,
    enumerate_all,
    nibbles,
    plays_by_kind,
    plays_within,
    rank_of,
    to_str,
)
from truthcheck.rules import beats as oracle_beats

__all__ = [
    "BODY_HEIGHT", "COPIES", "DECK", "KINDS", "RANKS", "all_keys", "all_legal", "counts_of", "enumerate_all",
    "examples", "hands_against", "nibbles", "oracle_beats", "plays_by_kind", "plays_within", "rank_of",
    "table_plays",
]  # fmt: skip


def _divisor(value: str) -> int:
    if value in ("", "0"):
        return 1
    if value == "1":
        return 4
    if not value.isdigit():
        raise ValueError(
            f"DDZ_QUICK={value!r}: 1 (a quarter of each sample) or the divisor itself (10: a tenth)"
        )
    return int(value)


QUICK_DIVISOR = _divisor(os.environ.get("DDZ_QUICK", ""))
"""``make test`` (the quick loop) sets ``DDZ_QUICK=1``: the sampling tests take a quarter of their
sample; ``make test-pythons`` sets ``DDZ_QUICK=10`` (a tenth: those runs are about the Python version,
not the sample's size); CI (``make test-all``) and every other run take all of it."""
QUICK = QUICK_DIVISOR > 1


def sample(n: int) -> int:
    """How many hands (or seeds) a sampling test plays: ``n``, divided by :data:`QUICK_DIVISOR`."""
    return max(2, n // QUICK_DIVISOR) if QUICK else n


def examples(n: int) -> int:
    """``n`` hypothesis examples, at most 100 under ``make mutation`` (it runs them per mutant), a
    fraction under ``make test`` and ``make test-pythons`` (:data:`QUICK_DIVISOR`)."""
    if os.environ.get("DDZ_HYPOTHESIS_PROFILE") == "mutation":
        return min(n, 100)
    return sample(n)


def table_plays(kinds: tuple[str, ...] = KINDS) -> st.SearchStrategy[str]:
    """A legal play whose kind is uniform among ``kinds``, then uniform within its kind."""
    by_kind = plays_by_kind()
    return st.sampled_from(kinds).flatmap(lambda k: st.sampled_from(by_kind[k]))


def without(pool: Counter[int], cards: str) -> Counter[int] | None:
    need = Counter(RANKS.index(ch) for ch in cards)
    if any(pool[r] < n for r, n in need.items()):
        return None
    return pool - need


@st.composite
def hands_against(draw: st.DrawFn, table: str, max_size: int = 20) -> str:
    """A hand from the cards not on the table: often an answer of the table's kind and length
    (any rank), plus random other cards, at most ``max_size`` cards."""
    pool = without(Counter(DECK), table)
    assert pool is not None
    hand = ""
    kind = all_legal()[table]
    same_shape = [p for p in plays_by_kind()[kind] if len(p) == len(table)]
    if len(table) <= max_size and draw(st.booleans()):
        answer = draw(st.sampled_from(same_shape))
        rest = without(pool, answer)
        if rest is not None:
            hand, pool = answer, rest
    cards = sorted(pool.elements())
    room = min(max_size - len(hand), len(cards))
    extra = draw(st.lists(st.sampled_from(range(len(cards))), max_size=room, unique=True))
    return to_str([RANKS.index(ch) for ch in hand] + [cards[i] for i in extra])
