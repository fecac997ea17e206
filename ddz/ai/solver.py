"""Minimum number of plays that empty a hand, and one decomposition that achieves it.

Exact: every decomposition of a hand contains a play holding its lowest card, so the search
only branches on those plays (``f(hand) = 1 + min f(hand - p)`` over plays ``p`` containing the
lowest rank), memoised on the packed multiset. Opponents are ignored: this is the count of
"tiradas" a hand needs, the number seed 002 tells the landlord to look at.
"""

from __future__ import annotations

from ..cards import BITS, NUM_RANKS, Cards, parse
from ..moves import _to_plays, lead_keys
from ..plays import Play
from ..variants import STANDARD

_MEMO: dict[int, int] = {0: 0}
_MEMO_LIMIT = 2_000_000


def _solve(key: int) -> int:
    got = _MEMO.get(key)
    if got is not None:
        return got
    c = [(key >> (BITS * r)) & 7 for r in range(NUM_RANKS)]
    low = next(r for r in range(NUM_RANKS) if c[r])
    shift = BITS * low
    best = 99
    for p in lead_keys(c):
        if (p >> shift) & 7:
            v = _solve(key - p) + 1
            if v < best:
                best = v
                if best == 1:
                    break
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
        _MEMO[0] = 0
    _MEMO[key] = best
    return best


def min_plays(hand: str | Cards) -> int:
    """The minimum number of plays that empty ``hand`` (0 for an empty hand).

    ```python
    >>> min_plays("3334445556BR")  # 3334446B + 555R
    2

    ```
    """
    return _solve(parse(hand).key)


def decompose(hand: str | Cards) -> list[Play]:
    """One decomposition of ``hand`` into :func:`min_plays` plays (lowest card first)."""
    key = parse(hand).key
    out: list[Play] = []
    while key:
        c = [(key >> (BITS * r)) & 7 for r in range(NUM_RANKS)]
        low = next(r for r in range(NUM_RANKS) if c[r])
        target = _solve(key) - 1
        candidates = [p for p in lead_keys(c) if (p >> (BITS * low)) & 7 and _solve(key - p) == target]
        # Prefer the play with the most cards (keeps the picture simple: whole groups first).
        best = max(candidates, key=lambda p: sum((p >> (BITS * r)) & 7 for r in range(NUM_RANKS)))
        out.append(_to_plays([best], STANDARD)[0])
        key -= best
    return out
