"""An independent model of the rules of seed 000, written from the rule text (never from ``ddz``).

- :func:`enumerate_all`: every legal play of the game, kind by kind;
- :func:`rank_of` and :func:`oracle_beats`: the ranking card and the comparison rules;
- :func:`table_plays` and :func:`hands_against`: hypothesis strategies that draw the kind of the
  table play uniformly among the 14 kinds, then a play of that kind, then a hand that often holds
  an answer of the same kind.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from functools import lru_cache

from hypothesis import strategies as st

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


def examples(n: int) -> int:
    """``n`` hypothesis examples, or at most 100 under ``make mutation`` (it runs them per mutant)."""
    return min(n, 100) if os.environ.get("DDZ_HYPOTHESIS_PROFILE") == "mutation" else n


def _s(ranks: list[int]) -> str:
    return "".join(RANKS[r] for r in sorted(ranks))


@lru_cache(maxsize=1)
def enumerate_all() -> dict[str, set[str]]:
    """Every legal play of the game, built kind by kind straight from the rule text."""
    normal, jokers, B, R = range(13), (13, 14), 13, 14
    out: dict[str, set[str]] = {k: set() for k in KINDS}
    for r in range(15):
        out["single"].add(RANKS[r])
    for r in normal:
        out["pair"].add(_s([r] * 2))
        out["trio"].add(_s([r] * 3))
        out["bomb"].add(_s([r] * 4))
    out["rocket"].add("BR")
    for m, kind, lo, hi in ((1, "straight", 5, 12), (2, "pair_straight", 3, 10), (3, "airplane", 2, 6)):
        for n in range(lo, hi + 1):
            for start in range(0, 12 - n + 1):  # ranks 3..A are 0..11
                out[kind].add(_s([r for r in range(start, start + n) for _ in range(m)]))

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
            out["trio_single"].add(_s([t] * 3 + ks))
        for p in normal:
            if p != t:
                out["trio_pair"].add(_s([t] * 3 + [p] * 2))
        for ks in single_kickers({t}, 2):
            out["four_two_singles"].add(_s([t] * 4 + ks))
        for a, b in itertools.combinations([p for p in normal if p != t], 2):
            out["four_two_pairs"].add(_s([t] * 4 + [a, a, b, b]))
    for n in range(2, 6):
        for start in range(0, 12 - n + 1):
            chain = list(range(start, start + n))
            body = [r for r in chain for _ in range(3)]
            if 4 * n <= 20:
                for ks in single_kickers(set(chain), n):
                    out["airplane_singles"].add(_s(body + ks))
            if 5 * n <= 20:
                for ps in itertools.combinations([p for p in normal if p not in chain], n):
                    out["airplane_pairs"].add(_s(body + [p for p in ps for _ in range(2)]))
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
    c = Counter(cards)
    return tuple(c[ch] for ch in RANKS)


def rank_of(play: str) -> int:
    """The ranking card: the highest value that reaches the body's height."""
    kind, c = all_legal()[play], counts_of(play)
    return max(r for r in range(15) if c[r] >= BODY_HEIGHT[kind])


def oracle_beats(play: str, table: str) -> bool:
    """The comparison rules (R-CMP-1..4) on two legal plays."""
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


def table_plays(kinds: tuple[str, ...] = KINDS) -> st.SearchStrategy[str]:
    """A legal play whose kind is uniform among ``kinds``, then uniform within its kind."""
    by_kind = plays_by_kind()
    return st.sampled_from(kinds).flatmap(lambda k: st.sampled_from(by_kind[k]))


def _minus(pool: Counter[int], cards: str) -> Counter[int] | None:
    need = Counter(RANKS.index(ch) for ch in cards)
    if any(pool[r] < n for r, n in need.items()):
        return None
    return pool - need


@st.composite
def hands_against(draw: st.DrawFn, table: str, max_size: int = 20) -> str:
    """A hand from the cards not on the table: often an answer of the table's kind and length
    (any rank), plus random other cards, at most ``max_size`` cards."""
    pool = _minus(Counter(DECK), table)
    assert pool is not None
    hand = ""
    kind = all_legal()[table]
    same_shape = [p for p in plays_by_kind()[kind] if len(p) == len(table)]
    if len(table) <= max_size and draw(st.booleans()):
        answer = draw(st.sampled_from(same_shape))
        rest = _minus(pool, answer)
        if rest is not None:
            hand, pool = answer, rest
    cards = sorted(pool.elements())
    room = min(max_size - len(hand), len(cards))
    extra = draw(st.lists(st.sampled_from(range(len(cards))), max_size=room, unique=True))
    return _s([RANKS.index(ch) for ch in hand] + [cards[i] for i in extra])


_GUARD = sum(8 << (4 * r) for r in range(15))


def nibbles(counts: tuple[int, ...]) -> int:
    """Counts packed 4 bits per rank (a multiset key of this model, not ``ddz.cards.pack``)."""
    return sum(n << (4 * r) for r, n in enumerate(counts))


@lru_cache(maxsize=1)
def all_keys() -> list[tuple[str, int]]:
    """Every legal play with its 4-bit-per-rank key."""
    return [(p, nibbles(counts_of(p))) for p in sorted(all_legal())]


def plays_within(hand: str) -> set[str]:
    """Every legal play that fits in ``hand``: per rank, with a guard bit above each count,
    ``hand + guards − play`` keeps every guard exactly when no count goes below zero."""
    h = nibbles(counts_of(hand)) | _GUARD
    return {p for p, k in all_keys() if (h - k) & _GUARD == _GUARD}
