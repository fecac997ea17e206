"""Minimum number of plays that empty a hand, and one decomposition that achieves it.

Exact: every decomposition of a hand contains a play holding its lowest card, so the search
only branches on those plays (``f(hand) = 1 + min f(hand - p)`` over plays ``p`` containing the
lowest rank), memoised on the packed multiset. Opponents are ignored: this is the count of
"tiradas" a hand needs, the number source 002 tells the landlord to look at.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import BLACK_JOKER, RED_JOKER, TWO, Cards, parse, unpack
from ..moves import lowest_keys, plays_for_keys
from ..plays import Play
from ..variants import STANDARD

_MEMO: dict[int, int] = {0: 0}
_MEMO_LIMIT = 2_000_000


_LOWEST: dict[int, tuple[int, ...]] = {}
_LOWEST_LIMIT = 50_000


def plays_with_lowest(key: int) -> tuple[int, ...]:
    """Packed keys of the plays of the (non-empty) packed hand ``key`` that hold its lowest card:
    every way of playing out a hand starts, in some order, with one of them. Remembered by hand
    (a bounded memo: searches of one game meet the same part-hands again and again)."""
    got = _LOWEST.get(key)
    if got is None:
        got = tuple(lowest_keys(unpack(key)))
        if len(_LOWEST) >= _LOWEST_LIMIT:
            _LOWEST.clear()
        _LOWEST[key] = got
    return got


def min_cost(key: int, cost: Callable[[int], int], memo: dict[int, int], floor: int = 0) -> int:
    """The least total ``cost`` over every way of playing out the packed hand ``key``
    (``memo`` must map 0 to 0; the search stops early at ``floor``, the best any play can give)."""
    got = memo.get(key)
    if got is not None:
        return got
    best = 1 << 40  # above any total
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


def _spent_control(play: Play, hand: list[int]) -> int:
    """How much control a plan play throws away, for :func:`decompose` to avoid: each card of a bomb
    the hand holds that the play uses but not as that bomb (so a bomb broken up costs 4 however many
    plays share its cards), and each 2 or joker carried as a kicker (kickers add no strength, so a 2 or
    a joker spent that way no longer wins a trick)."""
    k = play.kickers.counts
    broken = 0 if play.kind == "bomb" else sum(play.cards.counts[r] for r in range(13) if hand[r] == 4)
    return broken + k[TWO] + k[BLACK_JOKER] + k[RED_JOKER]


_PLAN_MEMOS: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
""":func:`decompose`'s memos by the ranks the hand holds four of: (least cost by part-hand, cost by play)."""
_PLAN_LIMIT = 200_000
"""The part-hands the plan memos keep in all (about 20 MB) before they are emptied."""

PLAY_WEIGHT = 1000
"""In :func:`decompose`'s cost, one play outweighs any control spent (the count of plays comes first)."""


def decompose(hand: str | Cards) -> list[Play]:
    """One decomposition of ``hand`` into :func:`min_plays` plays (lowest card first): among the
    shortest, one that spends the least control — it keeps every bomb whole when it can (source 002's
    third beginner mistake is breaking the «póker») and carries no 2 or joker as a kicker when
    another plan with as few plays keeps them; then whole groups first (the play with the most cards)."""
    key = parse(hand).key
    counts = list(unpack(key))
    # The cost of a play depends on the hand only through the ranks it holds four of: the memos are
    # shared by every hand with the same bombs (bounded, like the others).
    bombs = sum(1 << r for r in range(13) if counts[r] == 4)
    if sum(len(m) for m, _ in _PLAN_MEMOS.values()) > _PLAN_LIMIT:
        _PLAN_MEMOS.clear()
    memo, costs = _PLAN_MEMOS.setdefault(bombs, ({0: 0}, {}))

    def play_of(k: int) -> Play:
        return plays_for_keys([k], STANDARD)[0]

    def cost(k: int) -> int:
        c = costs.get(k)
        if c is None:
            c = costs[k] = PLAY_WEIGHT + _spent_control(play_of(k), counts)
        return c

    out: list[Play] = []
    while key:
        target = min_cost(key, cost, memo, PLAY_WEIGHT)
        candidates = [
            p
            for p in plays_with_lowest(key)
            if cost(p) + min_cost(key - p, cost, memo, PLAY_WEIGHT) == target
        ]
        best = max(candidates, key=lambda p: sum(unpack(p)))
        out.append(play_of(best))
        key -= best
    return out


__all__ = [
    "decompose",
    "min_plays",
]
