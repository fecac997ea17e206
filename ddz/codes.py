"""Deal codes: a short, typable code that fixes every deal of a hand, redeals included.

Algorithm (reproducible in any language):

1. A code is 8 data symbols plus 1 check symbol in Crockford's base-32 alphabet
   ``0123456789ABCDEFGHJKMNPQRSTVWXYZ`` (``I``/``L`` read as ``1``, ``O`` as ``0``; ASCII case,
   whitespace of any kind, dashes and underscores ignored; any other non-ASCII character is an error). The 8 data symbols, most significant first, are a 40-bit seed.
   The check symbol is the Luhn mod 32 check of the 8 data symbols.
2. A splitmix64 generator starts with ``state = seed``. Each ``next()`` does
   ``state += 0x9E3779B97F4A7C15``; ``z = state``; ``z = (z ^ z>>30) * 0xBF58476D1CE4E5B9``;
   ``z = (z ^ z>>27) * 0x94D049BB133111EB``; returns ``z ^ z>>31`` (all mod 2**64).
3. Deal ``d`` (0 = first deal, 1..3 = redeals after everyone passed) continues the same stream:
   take the deck in order ``3S 3H 3C 3D 4S … 2D BJ RJ`` (ranks ascending, suits S H C D, then
   the black and the red joker); Fisher–Yates: for ``i`` from 53 down to 1,
   ``j = next() % (i + 1)``, swap cards ``i`` and ``j``. Card ``k`` (0..50) goes to seat ``k % 3``
   (one at a time, counterclockwise from seat 0); cards 51..53 are the kitty (pozo).
   Then ``first_bidder = next() % 3``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from .cards import RANKS, Cards
from .messages import CodedError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
DATA_LEN = 8
MASK64 = (1 << 64) - 1
SUITS = "SHCD"
DECK_ORDER: tuple[str, ...] = tuple(r + s for r in RANKS[:13] for s in SUITS) + ("BJ", "RJ")
"""Card ids in the specified deck order: rank symbol + suit letter; ``BJ``/``RJ`` the jokers."""


class CodeError(CodedError):
    """A deal code that cannot be read (wrong symbol, length or check symbol): a ``code`` with
    its ``data`` (catalog codes ``deal_code.*``)."""

    group = "deal_code"


_RANK_OF_ID = {cid: RANKS.index(cid[0]) for cid in DECK_ORDER}
DECK_POSITION: dict[str, int] = {cid: i for i, cid in enumerate(DECK_ORDER)}
"""Index of each card id in :data:`DECK_ORDER` (read it; never change it)."""


def card_rank(card_id: str) -> int:
    """Rank index of a card id such as ``"TS"`` or ``"RJ"``."""
    r = _RANK_OF_ID.get(card_id)
    return RANKS.index(card_id[0]) if r is None else r


def deck_position(card_id: str) -> int:
    """Index of a card id in :data:`DECK_ORDER` (the sort key of ids; ``ValueError`` if unknown)."""
    try:
        return DECK_POSITION[card_id]
    except KeyError:
        return DECK_ORDER.index(card_id)  # raises the ValueError ``tuple.index`` always raised


def ids_for(cards: Cards, pool: list[str] | tuple[str, ...] = DECK_ORDER) -> list[str]:
    """Concrete card ids for a rank multiset, the first ones of each rank in ``pool``'s order."""
    need = list(cards.counts)
    left = sum(need)
    out: list[str] = []
    if not left:
        return out
    rank_of = _RANK_OF_ID.get
    for cid in pool:
        r = rank_of(cid)
        if r is None:
            r = card_rank(cid)  # raises for an unknown id
        if need[r]:
            need[r] -= 1
            out.append(cid)
            left -= 1
            if not left:
                break
    return out


def cards_of(ids: tuple[str, ...] | list[str]) -> Cards:
    """The rank multiset of some card ids."""
    try:
        return Cards.from_ranks(map(_RANK_OF_ID.__getitem__, ids))
    except KeyError:
        return Cards.from_ranks(map(card_rank, ids))  # raises for an unknown id


class SplitMix64:
    """The splitmix64 generator (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def _luhn32(values: list[int]) -> int:
    total, factor = 0, 2
    for v in reversed(values):
        addend = factor * v
        total += addend // 32 + addend % 32
        factor = 1 if factor == 2 else 2
    return (32 - total % 32) % 32


def encode(seed: int) -> str:
    """The code of a 40-bit seed, formatted ``XXXX-XXXXX``."""
    if not 0 <= seed < 1 << (5 * DATA_LEN):
        raise CodeError("seed_range", {"seed": seed})
    values = [(seed >> (5 * (DATA_LEN - 1 - i))) & 31 for i in range(DATA_LEN)]
    values.append(_luhn32(values))
    text = "".join(ALPHABET[v] for v in values)
    return f"{text[:4]}-{text[4:]}"


def decode(code: str) -> int:
    """The seed of a code; raises :class:`CodeError` on any problem."""
    if not isinstance(code, str):
        raise CodeError("not_text", {"type": type(code).__name__})
    # Any Unicode whitespace separates like a space; letters are upper-cased one ASCII
    # character at a time, so «ß», «ı», «ſ» or «ﬀ» never turn into code symbols.
    text = "".join(ch.upper() if ch.isascii() else ch for ch in code if not ch.isspace() and ch not in "-_")
    if len(text) != DATA_LEN + 1:
        raise CodeError("length", {"code": code, "length": len(text), "expected": DATA_LEN + 1})
    values = []
    for i, ch in enumerate(text):
        if ch not in _VALUE:
            raise CodeError("symbol", {"symbol": ch, "column": i + 1})
        values.append(_VALUE[ch])
    if _luhn32(values[:DATA_LEN]) != values[DATA_LEN]:
        raise CodeError("check", {"code": code})
    seed = 0
    for v in values[:DATA_LEN]:
        seed = seed << 5 | v
    return seed


def normalize(code: str) -> str:
    """The canonical spelling of a valid code."""
    return encode(decode(code))


def new_code() -> str:
    """A fresh code from a secure random source."""
    return encode(secrets.randbits(5 * DATA_LEN))


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: three 17-card hands (card ids), the 3-card kitty and who bids first."""

    hands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    kitty: tuple[str, ...]
    first_bidder: int
    index: int = 0
    """0 for the first deal, 1..3 for redeals."""

    def rank_hands(self) -> list[Cards]:
        """The three hands as :class:`~ddz.cards.Cards` (ranks only, suits dropped)."""
        return [cards_of(h) for h in self.hands]


def deals(code: str, count: int = 4) -> list[Deal]:
    """The first ``count`` deals of a code (the deal and its redeals)."""
    return deals_with_state(code, count)[0]


def deals_with_state(code: str, count: int) -> tuple[list[Deal], int]:
    """:func:`deals`, and the generator's state after them: :func:`next_deal` goes on from it
    (so that redeal number *n* costs one deal, not *n*)."""
    rng = SplitMix64(decode(code))
    out = [_next(rng, d) for d in range(count)]
    return out, rng.state


def next_deal(state: int, index: int) -> tuple[Deal, int]:
    """Deal number ``index`` from the generator ``state`` left by the deal before it, and the
    state after it."""
    rng = SplitMix64(state)
    d = _next(rng, index)
    return d, rng.state


def _next(rng: SplitMix64, index: int) -> Deal:
    deck = list(DECK_ORDER)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = tuple(tuple(_sorted_ids(deck[s:51:3])) for s in range(3))
    first = rng.next() % 3
    return Deal((hands[0], hands[1], hands[2]), tuple(_sorted_ids(deck[51:])), first, index)


MAX_REDEALS = 3
"""A code fixes the first deal and at most three redeals (R-BID-7)."""


def deal(code: str, redeal: int = 0) -> Deal:
    """Deal number ``redeal`` (0 = the first, 1..3 the redeals) of a code."""
    if not isinstance(redeal, int) or isinstance(redeal, bool) or not 0 <= redeal <= MAX_REDEALS:
        raise CodeError("redeal_range", {"redeal": str(redeal)[:20]})
    return deals(code, redeal + 1)[redeal]


def _sorted_ids(ids: list[str]) -> list[str]:
    return sorted(ids, key=deck_position)


__all__ = [
    "DECK_ORDER",
    "CodeError",
    "Deal",
    "cards_of",
    "deal",
    "deals",
    "decode",
    "encode",
    "ids_for",
    "new_code",
    "normalize",
]
