"""An independent model of the rules of source 000, written from the rule text (never from ``ddz``).

Cards are rank indices ``0..14`` (``3`` … ``A``, ``2``, small joker ``B``, big joker ``R``) or
strings in the notation ``3456789TJQKA2BR``; a play is the canonical string of its cards (sorted
by rank). Everything here is a table built once from the text of the rules, kind by kind:

- :func:`enumerate_all`: every legal play of the game, kind by kind (24,639 plays);
- :func:`rank_of` and :func:`beats`: the ranking card and the comparison rules (R-CMP-1..4);
- :func:`plays_within`: every legal play that fits in a multiset of cards.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

RANKS = "3456789TJQKA2BR"
KINDS: tuple[str, ...] = (
    "single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_straight", "airplane",
    "airplane_singles", "airplane_pairs", "four_two_singles", "four_two_pairs", "bomb", "rocket",
)  # fmt: skip
COPIES = (4,) * 13 + (1, 1)
DECK: tuple[int, ...] = tuple(r for r in range(15) for _ in range(COPIES[r]))
BODY_HEIGHT = {
    "single": 1, "straight": 1, "pair": 2, "pair_straight": 2, "trio": 3, "trio_single": 3,
    "trio_pair": 3, "airplane": 3, "airplane_singles": 3, "airplane_pairs": 3,
    "four_two_singles": 4, "four_two_pairs": 4, "bomb": 4, "rocket": 1,
}  # fmt: skip
"""How many copies of each body value a kind holds; kickers never reach that height."""


def to_str(ranks: Iterable[int]) -> str:
    """Rank indices as a canonical string (sorted by rank)."""
    return "".join(RANKS[r] for r in sorted(ranks))


@lru_cache(maxsize=1)
def enumerate_all() -> dict[str, set[str]]:
    """Every legal play of the game, built kind by kind straight from the rule text."""
    normal, jokers, B, R = range(13), (13, 14), 13, 14
    out: dict[str, set[str]] = {k: set() for k in KINDS}
    for r in range(15):
        out["single"].add(RANKS[r])
    for r in normal:
        out["pair"].add(to_str([r] * 2))
        out["trio"].add(to_str([r] * 3))
        out["bomb"].add(to_str([r] * 4))
    out["rocket"].add("BR")
    for m, kind, lo, hi in ((1, "straight", 5, 12), (2, "pair_straight", 3, 10), (3, "airplane", 2, 6)):
        for n in range(lo, hi + 1):
            for start in range(0, 12 - n + 1):  # ranks 3..A are 0..11
                out[kind].add(to_str([r for r in range(start, start + n) for _ in range(m)]))

    def single_kickers(exclude: set[int], k: int) -> list[list[int]]:
        pool = [r for r in range(15) if r not in exclude]
        found = []
        for combo in itertools.combinations_with_replacement(pool, k):
            c = Counter(combo)
            if any(n > 2 for n in c.values()) or any(c[j] > 1 for j in jokers) or (c[B] and c[R]):
                continue
            found.append(list(combo))
        return found

    for t in normal:
        for ks in single_kickers({t}, 1):
            out["trio_single"].add(to_str([t] * 3 + ks))
        for p in normal:
            if p != t:
                out["trio_pair"].add(to_str([t] * 3 + [p] * 2))
        for ks in single_kickers({t}, 2):
            out["four_two_singles"].add(to_str([t] * 4 + ks))
        for a, b in itertools.combinations([p for p in normal if p != t], 2):
            out["four_two_pairs"].add(to_str([t] * 4 + [a, a, b, b]))
    for n in range(2, 6):
        for start in range(0, 12 - n + 1):
            chain = list(range(start, start + n))
            body = [r for r in chain for _ in range(3)]
            if 4 * n <= 20:
                for ks in single_kickers(set(chain), n):
                    out["airplane_singles"].add(to_str(body + ks))
            if 5 * n <= 20:
                for ps in itertools.combinations([p for p in normal if p not in chain], n):
                    out["airplane_pairs"].add(to_str(body + [p for p in ps for _ in range(2)]))
    return out


@lru_cache(maxsize=1)
def all_legal() -> dict[str, str]:
    """Every legal play (canonical string) and its kind."""
    return {s: kind for kind, plays in enumerate_all().items() for s in plays}


@lru_cache(maxsize=1)
def plays_by_kind() -> dict[str, list[str]]:
    """The plays of each kind, in a fixed order (hypothesis needs one to replay a failure)."""
    return {k: sorted(v, key=lambda s: [RANKS.index(ch) for ch in s]) for k, v in enumerate_all().items()}


def counts_of(cards: str) -> tuple[int, ...]:
    """How many cards of each of the 15 ranks."""
    c = Counter(cards)
    return tuple(c[ch] for ch in RANKS)


def rank_of(play: str) -> int:
    """The ranking card: the highest value that reaches the body's height."""
    kind, c = all_legal()[play], counts_of(play)
    return max(r for r in range(15) if c[r] >= BODY_HEIGHT[kind])


def beats(play: str, table: str) -> bool:
    """The comparison rules (R-CMP-1..4) on two legal plays (canonical strings)."""
    pk, tk = all_legal()[play], all_legal()[table]
    if tk == "rocket":
        return False
    if pk == "rocket":
        return True
    if pk == "bomb":
        return tk != "bomb" or rank_of(play) > rank_of(table)
    if tk == "bomb":
        return False
    return pk == tk and len(play) == len(table) and rank_of(play) > rank_of(table)


GUARD = sum(8 << (4 * r) for r in range(15))
"""A guard bit above each rank's 4-bit count (see :func:`fits`)."""


def nibbles(counts: Iterable[int]) -> int:
    """Counts packed 4 bits per rank (a multiset key of this model, not ``ddz.cards.pack``)."""
    return sum(n << (4 * r) for r, n in enumerate(counts))


def fits(play_key: int, hand_key: int) -> bool:
    """The multiset ``play_key`` is inside ``hand_key`` (both :func:`nibbles`): with a guard bit
    above each count, ``hand + guards − play`` keeps every guard exactly when no count goes below
    zero (a count is at most 4, so it never reaches its guard)."""
    return ((hand_key | GUARD) - play_key) & GUARD == GUARD


@lru_cache(maxsize=1)
def all_keys() -> list[tuple[str, int]]:
    """Every legal play with its 4-bit-per-rank key."""
    return [(p, nibbles(counts_of(p))) for p in sorted(all_legal())]


@lru_cache(maxsize=1)
def _keys_by_size() -> tuple[list[tuple[str, int]], list[int]]:
    """:func:`all_keys` with the shortest plays first, and for each n up to 20 how many of them have
    at most n cards (a play longer than the hand cannot fit in it)."""
    keys = sorted(all_keys(), key=lambda pk: len(pk[0]))
    return keys, [sum(1 for p, _ in keys if len(p) <= n) for n in range(21)]


def plays_within(hand: str) -> set[str]:
    """Every legal play that fits in ``hand``."""
    h = nibbles(counts_of(hand))
    keys, up_to = _keys_by_size()
    return {p for p, k in keys[: up_to[min(len(hand), 20)]] if fits(k, h)}
