"""Card notation: ranks, multisets of cards, parsing and formatting.

Suits never matter in Dou Dizhu, so a set of cards is a multiset of ranks.
Ranks, from lowest to highest: ``3 4 5 6 7 8 9 T J Q K A 2 B R``
(``B`` = comodín pequeño/negro, ``R`` = comodín grande/rojo; ``10`` is read as ``T``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RANKS = "3456789TJQKA2BR"
"""Rank symbols in ascending order of strength; a rank's index is its strength."""

NUM_RANKS = 15
TWO, BLACK_JOKER, RED_JOKER = 12, 13, 14
ACE = 11
MAX_COPIES = (4,) * 13 + (1, 1)
HAND_LIMIT = 20
"""No hand (and so no play) ever holds more than 20 cards."""

RANK_NAMES_ES = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    "comodín pequeño", "comodín grande",
)  # fmt: skip

_RANK_INDEX = {s: i for i, s in enumerate(RANKS)}
_RANK_INDEX.update({s.lower(): i for s, i in list(_RANK_INDEX.items())})
_SEPARATORS = frozenset(" ,\t\n-+")
BITS = 3
"""Bits per rank in a packed multiset key (counts fit in 0..4)."""
POW = tuple(1 << (BITS * r) for r in range(NUM_RANKS))


class NotationError(ValueError):
    """A card string could not be read; ``position`` is the 0-based offset of the problem."""

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.position = position


def rank_index(symbol: str) -> int:
    """Index (strength) of a rank symbol such as ``"T"``, ``"10"`` or ``"b"``."""
    if symbol == "10":
        return _RANK_INDEX["T"]
    try:
        return _RANK_INDEX[symbol]
    except KeyError:
        raise NotationError(f"valor desconocido «{symbol}»", symbol, 0) from None


def pack(counts: Iterable[int]) -> int:
    """Pack per-rank counts into one integer key (3 bits per rank)."""
    key = 0
    for r, c in enumerate(counts):
        key |= c << (BITS * r)
    return key


def unpack(key: int) -> tuple[int, ...]:
    """Inverse of :func:`pack`."""
    return tuple((key >> (BITS * r)) & 7 for r in range(NUM_RANKS))


def key_to_str(key: int) -> str:
    """Canonical string of a packed multiset."""
    return "".join(RANKS[r] * ((key >> (BITS * r)) & 7) for r in range(NUM_RANKS))


class Cards:
    """An immutable multiset of ranks. ``str()`` gives the canonical ascending form."""

    __slots__ = ("_str", "counts", "key")

    counts: tuple[int, ...]
    key: int

    def __init__(self, counts: Iterable[int] = ()) -> None:
        c = tuple(counts)
        if len(c) < NUM_RANKS:
            c = c + (0,) * (NUM_RANKS - len(c))
        if len(c) != NUM_RANKS or any(not 0 <= n <= m for n, m in zip(c, MAX_COPIES)):
            raise NotationError(f"recuento de cartas imposible: {c}")
        self.counts = c
        self.key = pack(c)
        self._str = "".join(RANKS[r] * n for r, n in enumerate(c))

    @classmethod
    def from_key(cls, key: int) -> Cards:
        """Build from a packed key (see :func:`pack`)."""
        return cls(unpack(key))

    @classmethod
    def from_ranks(cls, ranks: Iterable[int]) -> Cards:
        """Build from rank indices, e.g. ``[0, 0, 1]`` is ``334``."""
        counts = [0] * NUM_RANKS
        for r in ranks:
            counts[r] += 1
        return cls(counts)

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Cards({self._str!r})"

    def __len__(self) -> int:
        return sum(self.counts)

    def __bool__(self) -> bool:
        return self.key != 0

    def __iter__(self) -> Iterator[int]:
        """Rank indices in ascending order, with repetition."""
        for r, n in enumerate(self.counts):
            for _ in range(n):
                yield r

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and other.key == self.key

    def __le__(self, other: Cards) -> bool:
        """Sub-multiset test."""
        return all(a <= b for a, b in zip(self.counts, other.counts))

    def __add__(self, other: Cards) -> Cards:
        return Cards(a + b for a, b in zip(self.counts, other.counts))

    def __sub__(self, other: Cards) -> Cards:
        if not other <= self:
            raise NotationError(f"no se pueden quitar {other} de {self}")
        return Cards(a - b for a, b in zip(self.counts, other.counts))

    def count(self, rank: int | str) -> int:
        """How many cards of ``rank`` (index or symbol)."""
        return self.counts[rank if isinstance(rank, int) else rank_index(rank)]


FULL_DECK = Cards(MAX_COPIES)
EMPTY = Cards()


def check_cards_arg(value: object, what: str = "las cartas") -> None:
    """Raise a clear :class:`TypeError` unless ``value`` is cards in notation (``str``) or :class:`Cards`."""
    if not isinstance(value, str | Cards):
        raise TypeError(
            f"{what} se dan como texto en notación (str) o como Cards, no como {type(value).__name__}"
        )


def parse(text: str | Cards, *, limit: int | None = None) -> Cards:
    """Read cards in notation (``"3 4 4 T 10 B"``, ``"kkk3"``, ``"4,4,4,4"``).

    Case-insensitive; spaces, commas and dashes are ignored; ``10`` means ``T``.
    Raises :class:`NotationError` naming the symbol and its position, and :class:`TypeError`
    for anything that is neither a ``str`` nor :class:`Cards` (lists included: join them first).
    ``limit`` caps the number of cards (a hand holds at most 20).
    """
    check_cards_arg(text)
    cards = text if isinstance(text, Cards) else _parse_str(text)
    if limit is not None and len(cards) > limit:
        raise NotationError(f"{len(cards)} cartas: una mano tiene como máximo {limit}", str(cards), None)
    return cards


def parse_hand(text: str | Cards) -> Cards:
    """Like :func:`parse`, but at most 20 cards (the landlord's hand)."""
    return parse(text, limit=HAND_LIMIT)


def _parse_str(text: str) -> Cards:
    counts = [0] * NUM_RANKS
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        if ch == "1" and i + 1 < n and text[i + 1] == "0":
            r, width = _RANK_INDEX["T"], 2
        else:
            found = _RANK_INDEX.get(ch)
            if found is None:
                hint = " (el diez se escribe T o 10)" if ch == "1" else ""
                raise NotationError(
                    f"símbolo desconocido «{ch}» en la posición {i + 1}{hint}; "
                    f"se usan 3 4 5 6 7 8 9 T J Q K A 2 B R",
                    text,
                    i,
                )
            r, width = found, 1
        counts[r] += 1
        if counts[r] > MAX_COPIES[r]:
            if r >= BLACK_JOKER:
                msg = f"un segundo {RANK_NAMES_ES[r]} en la posición {i + 1}: solo hay uno"
            else:
                msg = (
                    f"una quinta carta de valor {RANK_NAMES_ES[r]} en la posición {i + 1}: "
                    f"solo hay cuatro de cada valor"
                )
            raise NotationError(msg, text, i)
        i += width
    return Cards(counts)
