"""Minimum number of plays that empty a hand, and one decomposition that achieves it.

Exact: every decomposition of a hand contains a play holding its lowest card, so the search
only branches on those plays (``f(hand) = 1 + min f(hand - p)`` over plays ``p`` containing the
lowest rank), memoised on the packed multiset. Opponents are ignored: this is the count of
"tiradas" a hand needs, the number seed 002 tells the landlord to look at.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import BITS, NUM_RANKS, Cards, parse, unpack
from ..moves import lead_keys, plays_for_keys
from ..plays import Play
from ..variants import STANDARD

_MEMO: dict[int, int] = {0: 0}
_MEMO_LIMIT = 2_000_000


def plays_with_lowest(key: int) -> list[int]:
    """Packed keys of the plays of the (non-empty) packed hand ``key`` that hold its lowest card:
    every way of playing out a hand starts, in some order, with one of them."""
    c = list(unpack(key))
    shift = BITS * next(r for r in range(NUM_RANKS) if c[r])
    return [p for p in lead_keys(c) if (p >> shift) & 7]


def min_cost(key: int, cost: Callable[[int], int], memo: dict[int, int], floor: int = 0) -> int:
    """The least total ``cost`` over every way of playing out the packed hand ``key``
    (``memo`` must map 0 to 0; the search stops early at ``floor``, the best any play can give)."""
    got = memo.get(key)
    if got is not None:
        return got
    best = 99
    for p in plays_with_lowest(key):
        v = cost(p) + min_cost(key - p, cost, memo, floor)
        if v < best:
            best = v
            if best == floor:
                break
    memo[key] = best
    return best


def _one(play: int) -> int:
    return 1


def _solve(key: int) -> int:
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
        _MEMO[0] = 0
    return min_cost(key, _one, _MEMO, 1)


def min_plays(hand: str | Cards) -> int:
    """The minimum number of plays that empty ``hand`` (0 for an empty hand).

    ```python
    >>> min_plays("3334445556BR")  # 3334446B + 555R
    2

    ```
    """
    return _solve(parse(hand).key)


def min_plays_key(key: int) -> int:
    """:func:`min_plays` of a packed hand (see :func:`~ddz.cards.pack`)."""
    return _solve(key)


def _breaks_bomb(play: int, key: int) -> bool:
    """The play uses some of the four cards of a rank the hand holds all four of, not as a bomb."""
    p, h = unpack(play), unpack(key)
    return any(h[r] == 4 and p[r] > 0 and not (p[r] == 4 and sum(p) == 4) for r in range(13))


def decompose(hand: str | Cards) -> list[Play]:
    """One decomposition of ``hand`` into :func:`min_plays` plays (lowest card first): among the
    shortest, one that keeps every bomb whole when there is one (seed 002's third beginner mistake
    is breaking the «póker»); then whole groups first (the play with the most cards)."""
    key = parse(hand).key
    out: list[Play] = []
    while key:
        target = _solve(key) - 1
        candidates = [p for p in plays_with_lowest(key) if _solve(key - p) == target]
        best = max(candidates, key=lambda p: (not _breaks_bomb(p, key), sum(unpack(p))))
        out.append(plays_for_keys([best], STANDARD)[0])
        key -= best
    return out
