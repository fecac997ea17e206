"""Legal-play generation: every distinct play a hand can lead, or that beats the table.

Plays are generated as packed keys (3 bits per rank, see :func:`ddz.cards.pack`) and mapped
to shared, immutable :class:`~ddz.plays.Play` values, so a call allocates almost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, compress
from operator import eq, le

from .cards import (
    BITS,
    BLACK_JOKER,
    HAND_LIMIT,
    NUM_RANKS,
    POW,
    RED_JOKER,
    TWO,
    Cards,
    check_cards_arg,
    counts_of_text,
    parse,
)
from .compare import compare_plays
from .plays import (
    CHAIN_MIN,
    CHAIN_TOP,
    KINDS,
    InvalidPlay,
    Play,
    Rejection,
    analyze,
    analyze_cards,
    chain_max,
)
from .variants import STANDARD, Variant

_JB, _JR = POW[BLACK_JOKER], POW[RED_JOKER]
_ROCKET = _JB | _JR
Counts = Sequence[int]
"""A hand's count per rank (a list, the tuple of :attr:`Cards.counts`, or bytes): only read."""
# _CHAIN[m][lo][hi]: key of m copies of each rank lo..hi.
_CHAIN = [
    [[sum(m * POW[r] for r in range(lo, hi + 1)) for hi in range(NUM_RANKS)] for lo in range(NUM_RANKS)]
    for m in range(4)
]
# The rules of chains live in ddz.plays; these are the same numbers, indexed by copies per rank.
ACE = CHAIN_TOP
_MIN_CHAIN = CHAIN_MIN
_MAX_CHAIN = {m: chain_max(m) for m in CHAIN_MIN}

_Gen = Callable[[Counts, int, int, int | None, Variant], list[int]]
_RANGE = range(NUM_RANKS)
_BIT = tuple(1 << r if r <= ACE else 0 for r in _RANGE)
"""Bit r of a 12-bit mask of the ranks 3..A (the ranks a chain may hold); 0 for 2 and the jokers."""
_COPIES = tuple((m,) * NUM_RANKS for m in range(5))
"""_COPIES[m]: m for every rank, to compare a hand's counts with at C speed (``map(le, ...)``)."""
_P1 = POW
_P2 = tuple(2 * p for p in POW)
_P3 = tuple(3 * p for p in POW)
_P4 = tuple(4 * p for p in POW)


def _runs(c: Counts, m: int) -> list[int]:
    """run[r] = how many consecutive ranks ending at r (<= A) hold at least m cards."""
    run = [0] * (ACE + 1)
    prev = 0
    for r in range(ACE + 1):
        prev = prev + 1 if c[r] >= m else 0
        run[r] = prev
    return run


def _chains(c: Counts, m: int, lo: int, length: int | None, cap: int) -> list[tuple[int, int]]:
    """(start, end) of every chain of m-of-a-kind with top rank > lo, within the card cap."""
    if length is not None:  # a chain to follow: its length is fixed
        if length > min(cap, _MAX_CHAIN[m]):
            return []
        mask = sum(compress(_BIT, map(le, _COPIES[m], c)))  # the ranks 3..A holding >= m cards
        spans = _SPANS.get(length << 12 | mask)
        if spans is None:
            spans = _spans(length, mask)
        return [s for s in spans if s[1] > lo]
    run = _runs(c, m)
    out = []
    min_len = _MIN_CHAIN[m] if length is None else length
    for hi in range(max(lo + 1, 0), ACE + 1):
        longest = min(run[hi], _MAX_CHAIN[m], cap)
        if length is not None:
            if longest >= length:
                out.append((hi - length + 1, hi))
            continue
        for L in range(min_len, longest + 1):
            out.append((hi - L + 1, hi))
    return out


def _chain_gen(m: int) -> _Gen:
    def gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
        cap = min(n, HAND_LIMIT) // m
        return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap)]

    return gen


def _single_units(c: Counts, exclude: range, v: Variant) -> list[int]:
    per_rank = 3 if v.trio_as_kickers else 2
    units: list[int] = []
    for r in range(NUM_RANKS):
        if r not in exclude and c[r]:
            units.extend([POW[r]] * min(c[r], per_rank))
    return units


def _kicker_singles(c: Counts, exclude: range, k: int, v: Variant, distinct: bool = False) -> list[int]:
    """Keys of every ``k`` single kickers from ``c`` outside ``exclude`` (``distinct``: two
    different values, which only the four-with-two variant asks for, always with ``k == 2``)."""
    if k == 1:
        return [POW[r] for r in compress(_RANGE, c) if r not in exclude]
    if k == 2:
        return _two_singles(c, exclude, v, distinct)
    units = _single_units(c, exclude, v)
    sums = {sum(t) for t in combinations(units, k)}
    if not v.jokers_as_kickers and c[BLACK_JOKER] and c[RED_JOKER]:
        sums = {s for s in sums if s & _ROCKET != _ROCKET}
    return sorted(sums)


def _two_singles(c: Counts, exclude: range, v: Variant, distinct: bool) -> list[int]:
    """Keys of every two single kickers from ``c`` outside ``exclude``, in ascending order.

    A key's order is decided by its higher rank ``b``: first ``a + b`` for each lower ``a``,
    then ``b + b`` (a value may kick twice)."""
    ps: list[int] = []
    out: list[int] = []
    for r in range(NUM_RANKS):
        n = c[r]
        if n and r not in exclude:
            pb = POW[r]
            out += map(pb.__add__, ps)
            if n >= 2 and not distinct:
                out.append(pb + pb)
            ps.append(pb)
    if c[BLACK_JOKER] and c[RED_JOKER] and not v.jokers_as_kickers:
        out.pop()  # the last key is B + R: the two jokers never kick together
    return out


def _kicker_pairs(c: Counts, exclude: range, k: int) -> list[int]:
    ranks = [2 * POW[r] for r in range(TWO + 1) if c[r] >= 2 and r not in exclude]
    if k == 1:
        return ranks
    if k == 2:  # ascending: ordered by the higher pair, then the lower one
        out: list[int] = []
        for i, pb in enumerate(ranks):
            out += map(pb.__add__, ranks[:i])
        return out
    return sorted(map(sum, combinations(ranks, k)))


def _with_kickers(c: Counts, spans: list[tuple[int, int]], pairs: bool, v: Variant) -> list[int]:
    """Keys of the trio chains ``spans`` (start, end) each with one single or one pair per trio."""
    out: list[int] = []
    for a, b in spans:
        k, excl = b - a + 1, range(a, b + 1)
        ks = _kicker_pairs(c, excl, k) if pairs else _kicker_singles(c, excl, k, v)
        out += map(_CHAIN[3][a][b].__add__, ks)
    return out


def _carrier_gen(pairs: bool) -> _Gen:
    """Trios (``length`` 1) or airplanes with kickers whose top trio is above ``lo``."""
    per = 5 if pairs else 4

    def gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
        k = length or 1
        if per * k > min(n, HAND_LIMIT) or max(c) < 3:
            return []
        if k == 1:
            spans = [(t, t) for t in range(lo + 1, TWO + 1) if c[t] >= 3]
        else:
            spans = _chains(c, 3, lo, k, HAND_LIMIT)
        return _with_kickers(c, spans, pairs, v)

    return gen


def _four_gen(pairs: bool) -> _Gen:
    def gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
        if n < (8 if pairs else 6):
            return []
        out: list[int] = []
        for f in range(lo + 1, TWO + 1):
            if c[f] == 4:
                excl = range(f, f + 1)
                if pairs:
                    ks = _kicker_pairs(c, excl, 2)
                else:
                    ks = _kicker_singles(c, excl, 2, v, v.four_two_distinct_singles)
                out += map((4 * POW[f]).__add__, ks)
        return out

    return gen


def _trio_gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
    return list(compress(_P3[lo + 1 : TWO + 1], map(le, _COPIES[3], c[lo + 1 : TWO + 1])))


def _bomb_gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
    return list(compress(_P4[lo + 1 : TWO + 1], map(eq, _COPIES[4], c[lo + 1 : TWO + 1])))


def _rocket_gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
    return [_ROCKET] if c[BLACK_JOKER] and c[RED_JOKER] and lo < RED_JOKER else []


def _single_gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
    return list(compress(POW[lo + 1 : NUM_RANKS], c[lo + 1 : NUM_RANKS]))


def _pair_gen(c: Counts, n: int, lo: int, length: int | None, v: Variant) -> list[int]:
    return list(compress(_P2[lo + 1 : TWO + 1], map(le, _COPIES[2], c[lo + 1 : TWO + 1])))


_GENERATORS: dict[str, _Gen] = {
    "single": _single_gen,
    "pair": _pair_gen,
    "trio": _trio_gen,
    "trio_single": _carrier_gen(False),
    "trio_pair": _carrier_gen(True),
    "straight": _chain_gen(1),
    "pair_straight": _chain_gen(2),
    "airplane": _chain_gen(3),
    "airplane_singles": _carrier_gen(False),
    "airplane_pairs": _carrier_gen(True),
    "four_two_singles": _four_gen(False),
    "four_two_pairs": _four_gen(True),
    "bomb": _bomb_gen,
    "rocket": _rocket_gen,
}
assert set(_GENERATORS) == set(KINDS)

_PLAYS: dict[Variant, dict[int, Play]] = {}


def plays_for_keys(keys: list[int], v: Variant = STANDARD) -> list[Play]:
    """The shared :class:`~ddz.plays.Play` values of packed play keys (from :func:`lead_keys`,
    :func:`follow_keys`), in the same order; each distinct play is built once per variant."""
    cache = _PLAYS.get(v)
    if cache is None:
        cache = _PLAYS.setdefault(v, {})
    try:
        return list(map(cache.__getitem__, keys))
    except KeyError:
        pass
    for key in keys:
        if key not in cache:
            got = analyze_cards(Cards.from_key(key), v)
            assert isinstance(got, Play), (Cards.from_key(key), got)
            cache[key] = got
    return list(map(cache.__getitem__, keys))


def _chain_table(m: int) -> list[tuple[int, ...]]:
    """For each 12-bit mask of ranks 3..A holding >= m cards: keys of all its m-chains."""
    table = []
    for mask in range(1 << (ACE + 1)):
        c = [m if mask >> r & 1 else 0 for r in range(ACE + 1)] + [0] * (NUM_RANKS - ACE - 1)
        table.append(tuple(_CHAIN[m][a][b] for a, b in _chains(c, m, -1, None, _MAX_CHAIN[m])))
    return table


_STRAIGHTS = _chain_table(1)
_PAIR_STRAIGHTS = _chain_table(2)
_AIRPLANE_SPANS: list[tuple[tuple[int, int], ...]] = []
for _mask in range(1 << (ACE + 1)):
    _c3 = [3 if _mask >> r & 1 else 0 for r in range(ACE + 1)] + [0] * (NUM_RANKS - ACE - 1)
    _AIRPLANE_SPANS.append(tuple(_chains(_c3, 3, -1, None, 6)))
_SPANS: dict[int, tuple[tuple[int, int], ...]] = {}
"""By ``length << 12 | mask``: (start, end) of each run of ``length`` consecutive ranks within a
12-bit mask of the ranks 3..A, in ascending order of the top rank (filled as met)."""


def _spans(length: int, mask: int) -> tuple[tuple[int, int], ...]:
    full = (1 << length) - 1
    found = tuple(
        (hi - length + 1, hi) for hi in range(length - 1, ACE + 1) if mask >> (hi - length + 1) & full == full
    )
    _SPANS[length << 12 | mask] = found
    return found


def lead_keys(c: Counts, v: Variant = STANDARD) -> list[int]:
    """Packed keys of every play that counts ``c`` can lead (a fixed order, by kind)."""
    n = sum(c)
    r1 = list(compress(_RANGE, c))
    r2 = [r for r in r1 if c[r] >= 2]
    keys = list(map(_P1.__getitem__, r1))
    keys += map(_P2.__getitem__, r2)
    r3 = [r for r in r2 if c[r] >= 3]
    if r3:
        keys += map(_P3.__getitem__, r3)
        # A trio with one single, then with one pair, of any other value.
        p1 = keys[: len(r1)]
        for t in r3:
            i, add = r1.index(t), _P3[t].__add__
            keys += map(add, p1[:i])
            keys += map(add, p1[i + 1 :])
        p2 = keys[len(r1) : len(r1) + len(r2)]
        for t in r3:
            i, add = r2.index(t), _P3[t].__add__
            keys += map(add, p2[:i])
            keys += map(add, p2[i + 1 :])
    if len(r1) >= 5:
        keys += _STRAIGHTS[sum(map(_BIT.__getitem__, r1))]
    if len(r2) >= 3:
        keys += _PAIR_STRAIGHTS[sum(map(_BIT.__getitem__, r2))]
    if len(r3) >= 2:
        keys += _airplanes(c, n, v, r3)
    r4 = [r for r in r3 if c[r] == 4]
    if r4:
        keys += _GENERATORS["four_two_singles"](c, n, -1, None, v)
        keys += _GENERATORS["four_two_pairs"](c, n, -1, None, v)
        keys += [_P4[r] for r in r4]
    if c[BLACK_JOKER] and c[RED_JOKER]:
        keys.append(_ROCKET)
    return keys


def lowest_keys(c: Counts, v: Variant = STANDARD) -> list[int]:
    """The keys of :func:`lead_keys` (same order) that hold the lowest rank of the non-empty counts
    ``c``: every way of playing a hand out starts, in some order, with one of them. Built
    directly for the common kinds (a trio's kicker can be that rank, a chain must start there);
    the rare ones (airplanes, four with two) are filtered from their generators."""
    r1 = list(compress(_RANGE, c))
    low = r1[0]
    m, p1, shift = c[low], _P1[low], BITS * low
    keys = [p1]
    r2 = [r for r in r1 if c[r] >= 2]
    if m >= 2:
        keys.append(_P2[low])
    r3 = [r for r in r2 if c[r] >= 3]
    if r3:
        t0 = _P3[low]
        others = r3[1:] if m >= 3 else r3
        if m >= 3:
            keys.append(t0)
            keys += [t0 + _P1[r] for r in r1[1:]]
        keys += [_P3[t] + p1 for t in others]
        if m >= 3:
            keys += [t0 + _P2[r] for r in r2[1:]]
        if m >= 2:
            keys += [_P3[t] + _P2[low] for t in others]
    if len(r1) >= 5 and low < ACE and c[low + 1]:
        keys += [k for k in _STRAIGHTS[sum(map(_BIT.__getitem__, r1))] if k >> shift & 7]
    if len(r2) >= 3 and m >= 2:
        keys += [k for k in _PAIR_STRAIGHTS[sum(map(_BIT.__getitem__, r2))] if k >> shift & 7]
    rare: list[int] = []
    n = sum(c)
    if len(r3) >= 2:
        rare += _airplanes(c, n, v, r3)
    if any(c[r] == 4 for r in r3):
        rare += _GENERATORS["four_two_singles"](c, n, -1, None, v)
        rare += _GENERATORS["four_two_pairs"](c, n, -1, None, v)
    keys += [k for k in rare if k >> shift & 7]
    if m == 4:
        keys.append(_P4[low])
    if low == BLACK_JOKER and c[RED_JOKER]:
        keys.append(_ROCKET)
    return keys


def _airplanes(c: Counts, n: int, v: Variant, r3: list[int]) -> list[int]:
    """Keys of every airplane the ``n`` cards ``c`` can lead, bare then with kickers (``r3``: the
    ranks holding three or more cards)."""
    spans = _AIRPLANE_SPANS[sum(map(_BIT.__getitem__, r3))]
    if not spans:
        return []
    if n < 18:
        spans = tuple(s for s in spans if 3 * (s[1] - s[0] + 1) <= n)
    return [_CHAIN[3][a][b] for a, b in spans] + _airplanes_with_kickers(c, n, v, spans)


def _airplanes_with_kickers(c: Counts, n: int, v: Variant, spans: tuple[tuple[int, int], ...]) -> list[int]:
    cap = min(n, HAND_LIMIT)
    singles = [sp for sp in spans if 4 * (sp[1] - sp[0] + 1) <= cap]
    pairs = [sp for sp in spans if 5 * (sp[1] - sp[0] + 1) <= cap]
    return _with_kickers(c, singles, False, v) + _with_kickers(c, pairs, True, v)


def follow_keys(c: Counts, table: Play, v: Variant = STANDARD) -> list[int]:
    """Packed keys of every play from counts ``c`` that beats ``table``."""
    n = sum(c)
    kind = table.kind
    if kind == "rocket":
        return []
    if kind == "bomb":
        keys: list[int] = _bomb_gen(c, n, table.rank, None, v) if 4 in c else []
    else:
        # a generator finds nothing in a hand smaller than the table's play (no size check here)
        keys = _GENERATORS[kind](c, n, table.rank, table.chain, v)
        if 4 in c:  # any bomb beats what is not a bomb (a joker never counts 4)
            keys += _bomb_gen(c, n, -1, None, v)
    if c[BLACK_JOKER] and c[RED_JOKER]:
        keys.append(_ROCKET)
    return keys


def _keys(
    hand: str | Cards, table: str | Cards | Play | None, variant: Variant | str
) -> tuple[list[int], Variant, Play | None]:
    """The packed keys of the plays :func:`legal_plays` returns for standard rules (for a variant: every
    candidate key, which :func:`legal_plays` then filters), the variant and the table's play."""
    c = counts_of_text(hand) if type(hand) is str else (hand if type(hand) is Cards else parse(hand)).counts
    v = variant if variant is STANDARD else Variant.parse(variant)
    t: Play | Rejection | None
    if table is None or isinstance(table, Play):
        t = table
    elif table == "":
        t = None
    else:
        check_cards_arg(table, "table")
        t = analyze(table, v)
        if isinstance(t, Rejection):
            raise InvalidPlay(t)
    return (lead_keys(c, v) if t is None else follow_keys(c, t, v)), v, t


def legal_plays(
    hand: str | Cards, table: str | Cards | Play | None = None, variant: Variant | str = STANDARD
) -> list[Play]:
    """Every distinct legal play from ``hand``: all leads, or those that beat ``table``.

    Each play appears once, as a rank multiset, in a fixed order (kind, then rank).

    ```python
    >>> [str(p) for p in legal_plays("77778", table="666")]
    ['777', '7777']

    ```
    """
    keys, v, t = _keys(hand, table, variant)
    if v is STANDARD:
        return plays_for_keys(keys, v)
    plays = plays_for_keys(list(dict.fromkeys(keys)), v)
    if t is None:
        return plays
    return [p for p in plays if compare_plays(p, t).beats]


_TEXTS: dict[int, str] = {}
"""The text of each packed key met (``str`` of its cards: the same under every variant)."""


def play_texts(
    hand: str | Cards, table: str | Cards | Play | None = None, variant: Variant | str = STANDARD
) -> list[str]:
    """``[str(p) for p in legal_plays(hand, table, variant)]``, without building the plays."""
    if variant is not STANDARD and Variant.parse(variant) is not STANDARD:
        return [str(p) for p in legal_plays(hand, table, variant)]
    keys = _keys(hand, table, STANDARD)[0]
    try:
        return list(map(_TEXTS.__getitem__, keys))
    except KeyError:
        for key in keys:
            if key not in _TEXTS:
                _TEXTS[key] = str(Cards.from_key(key))
        return list(map(_TEXTS.__getitem__, keys))


__all__ = [
    "legal_plays",
]
