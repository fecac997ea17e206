"""Card notation: ranks, multisets of cards, parsing and formatting.

Suits never matter in Dou Dizhu, so a set of cards is a multiset of ranks.
Ranks, from lowest to highest: ``3 4 5 6 7 8 9 T J Q K A 2 B R``
(``B`` = comodín pequeño/negro, ``R`` = comodín grande/rojo; ``10`` is read as ``T``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from operator import add, le, mul, sub
from typing import Any

from .messages import RANK_NAMES_ES as RANK_NAMES_ES  # the Spanish names live in the catalog
from .messages import CodedError
from .outside import printable
from .ranks import RANKS as RANKS  # rank symbols in ascending order of strength (index = strength)

NUM_RANKS = len(RANKS)
ACE = RANKS.index("A")
"""Index of the ace: the top of a chain."""
TWO = RANKS.index("2")
"""Index of the 2: above the ace, never in a chain."""
BLACK_JOKER = RANKS.index("B")
"""Index of the small joker (comodín pequeño)."""
RED_JOKER = RANKS.index("R")
"""Index of the big joker (comodín grande), the highest single card."""
MAX_COPIES = (4,) * 13 + (1, 1)
HAND_LIMIT = 20
"""No hand (and so no play) ever holds more than 20 cards."""

_RANK_INDEX = {s: i for i, s in enumerate(RANKS)}
_RANK_INDEX.update({s.lower(): i for s, i in list(_RANK_INDEX.items())})
_SEPARATORS = frozenset(" ,\t\n\r\v\f-+")
"""What may stand between cards: spaces and any ASCII line break (text pasted with CRLF reads the
same), commas, dashes and plus signs."""
BITS = 3
"""Bits per rank in a packed multiset key (counts fit in 0..4)."""
_INT = {int}
POW = tuple(1 << (BITS * r) for r in range(NUM_RANKS))


class NotationError(CodedError):
    """A card string could not be read: a ``code`` with its ``data`` (catalog group ``notation``
    of :mod:`ddz.messages`); ``text`` is what was read and ``position`` the 0-based offset of the
    problem. ``message`` and ``str()`` are the Spanish sentence."""

    group = "notation"

    def __init__(
        self, code: str, data: Mapping[str, Any] | None = None, text: str = "", position: int | None = None
    ) -> None:
        super().__init__(code, data, text, position)
        self.text = text
        self.position = position


class NotCards(CodedError, TypeError):
    """A value given where cards go that is neither notation (``str``) nor :class:`Cards` (a
    ``TypeError``; catalog code ``cards.not_cards``)."""

    group = "cards"


class ImmutableCards(CodedError, AttributeError):
    """Setting or deleting an attribute of :class:`Cards`, which are immutable (an
    ``AttributeError``; catalog codes ``cards.immutable_set`` and ``cards.immutable_del``)."""

    group = "cards"


def rank_index(symbol: str) -> int:
    """Index (strength) of a rank symbol such as ``"T"``, ``"10"`` or ``"b"``."""
    if symbol == "10":
        return _RANK_INDEX["T"]
    try:
        return _RANK_INDEX[symbol]
    except KeyError:
        raise NotationError("unknown_rank", {"symbol": symbol}, symbol, 0) from None


def pack(counts: Iterable[int]) -> int:
    """Pack per-rank counts into one integer key (3 bits per rank)."""
    key = 0
    for r, c in enumerate(counts):
        key |= c << (BITS * r)
    return key


_THREE = 3 * BITS
_THREE_MASK = (1 << _THREE) - 1
_THREE_RANKS = tuple(tuple((i >> (BITS * r)) & 7 for r in range(3)) for i in range(1 << _THREE))
"""The counts of three ranks by their bits (five lookups unpack the 15 ranks of a key: the hot path of
the CPU)."""


def unpack(key: int) -> tuple[int, ...]:
    """Inverse of :func:`pack`."""
    t, m = _THREE_RANKS, _THREE_MASK
    return (
        t[key & m]
        + t[(key >> _THREE) & m]
        + t[(key >> 2 * _THREE) & m]
        + t[(key >> 3 * _THREE) & m]
        + t[(key >> 4 * _THREE) & m]
    )


def key_to_str(key: int) -> str:
    """Canonical string of a packed multiset."""
    return "".join(RANKS[r] * ((key >> (BITS * r)) & 7) for r in range(NUM_RANKS))


def _triples(i: int) -> tuple[str, ...]:
    """The canonical strings of ranks 3i, 3i+1 and 3i+2 by their 9 bits of a packed key ("" where a
    count is impossible: a Cards never holds one)."""
    fine = [all((k >> (BITS * j) & 7) <= MAX_COPIES[3 * i + j] for j in range(3)) for k in range(512)]
    return tuple(key_to_str(k << (3 * BITS * i)) if ok else "" for k, ok in enumerate(fine))


_T0, _T1, _T2, _T3, _T4 = map(_triples, range(5))


class Cards:
    """An immutable multiset of ranks. ``str()`` gives the canonical ascending form.

    ``repr()`` evaluates back to an equal value: ``Cards('3KKK')``. Attributes cannot be
    assigned (``cards.counts = ...`` raises :class:`AttributeError`).

    ```python
    >>> Cards("kkk3")
    Cards('3KKK')
    >>> Cards((0, 2)) == Cards("44")
    True

    ```
    """

    __slots__ = ("_str", "counts", "key")

    _str: str | None
    counts: tuple[int, ...]
    """How many cards of each rank, indexed by strength (15 entries)."""
    key: int
    """The packed multiset (see :func:`pack`): equal cards, equal keys."""

    def __init__(self, counts: Iterable[int] | str = ()) -> None:
        if isinstance(counts, str):
            parsed = parse(counts)
            c, key = parsed.counts, parsed.key
        elif isinstance(counts, Cards):  # a copy (iterating would give rank indices, not counts)
            c, key = counts.counts, counts.key
        else:
            c = tuple(counts)
            if len(c) < NUM_RANKS:
                c = c + (0,) * (NUM_RANKS - len(c))
            # The C-speed check first; anything it refuses (or a count that is not an int) takes
            # the careful one, so odd values fail exactly as before.
            try:
                fine = (
                    len(c) == NUM_RANKS
                    and all(map(le, c, MAX_COPIES))
                    and min(c) >= 0
                    and {*map(type, c)} == _INT
                )
            except TypeError:
                fine = False
            if not fine and (
                len(c) != NUM_RANKS
                or any(type(n) is not int or not 0 <= n <= m for n, m in zip(c, MAX_COPIES))
            ):
                raise NotationError("bad_counts", {"counts": str(c)})
            key = sum(map(mul, c, POW))
            if type(key) is not int:
                key = pack(c)
        _SET_COUNTS(self, c)
        _SET_KEY(self, key)
        _SET_STR(self, None)

    def __setattr__(self, name: str, value: object) -> None:
        raise ImmutableCards("immutable_set", {"name": repr(name)})

    def __delattr__(self, name: str) -> None:
        raise ImmutableCards("immutable_del", {"name": repr(name)})

    def __reduce__(self) -> tuple[type[Cards], tuple[tuple[int, ...]]]:
        return (Cards, (self.counts,))

    @classmethod
    def from_key(cls, key: int) -> Cards:
        """Build from a packed key (see :func:`pack`)."""
        return cls(unpack(key))

    @classmethod
    def from_ranks(cls, ranks: Iterable[int]) -> Cards:
        """Build from rank indices, e.g. ``[0, 0, 1]`` is ``334`` (ints 0 to 14: ``-1`` is refused,
        not read as the big joker)."""
        rs = list(ranks)
        if rs and ({*map(type, rs)} != _INT or min(rs) < 0 or max(rs) >= NUM_RANKS):
            for r in rs:  # the first index that is not a rank names the error
                if type(r) is not int or not 0 <= r < NUM_RANKS:
                    raise NotationError("bad_rank_index", {"index": repr(r)})
        return cls(map(rs.count, _RANGE))

    def __str__(self) -> str:
        s = self._str
        if s is None:
            k = self.key  # five table lookups, three ranks each
            s = _T0[k & 511] + _T1[k >> 9 & 511] + _T2[k >> 18 & 511] + _T3[k >> 27 & 511] + _T4[k >> 36]
            _SET_STR(self, s)
        return s

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

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

    def __le__(self, other: Cards | str) -> bool:
        """Sub-multiset test; ``other`` may be cards in notation (``Cards("3") <= "33"``)."""
        if type(other) is not Cards:
            other = parse(other)
        return all(map(le, self.counts, other.counts))

    def __add__(self, other: Cards | str) -> Cards:
        if type(other) is not Cards:
            other = parse(other)
        counts = tuple(map(add, self.counts, other.counts))
        if not all(map(le, counts, MAX_COPIES)):
            return Cards(counts)  # raises the error of a count too high
        return _unchecked(counts, self.key + other.key)

    def __sub__(self, other: Cards | str) -> Cards:
        if type(other) is not Cards:
            other = parse(other)
        if not other <= self:
            raise NotationError("cannot_remove", {"cards": str(other), "hand": str(self)})
        # Fields never borrow when other <= self: the keys subtract as the counts do.
        return _unchecked(tuple(map(sub, self.counts, other.counts)), self.key - other.key)

    def count(self, rank: int | str) -> int:
        """How many cards of ``rank`` (index or symbol)."""
        return self.counts[rank if isinstance(rank, int) else rank_index(rank)]


# The slots' own setters: the only way to fill a Cards (its __setattr__ always refuses).
_SET_COUNTS = vars(Cards)["counts"].__set__
_SET_KEY = vars(Cards)["key"].__set__
_SET_STR = vars(Cards)["_str"].__set__
_new_object = object.__new__
_RANGE = range(NUM_RANKS)


def _unchecked(counts: tuple[int, ...], key: int) -> Cards:
    """A Cards from counts known valid and their packed key (no check: internal use only)."""
    cards: Cards = _new_object(Cards)
    _SET_COUNTS(cards, counts)
    _SET_KEY(cards, key)
    _SET_STR(cards, None)
    return cards


FULL_DECK = Cards(MAX_COPIES)
EMPTY = Cards()


def check_cards_arg(value: object, what: str = "cards") -> None:
    """Raise a clear :class:`TypeError` unless ``value`` is cards in notation (``str``) or :class:`Cards`
    (``what`` is ``"cards"`` or ``"plays"``: how the message names the argument)."""
    if not isinstance(value, (str, Cards)):  # a tuple: no union object built per call
        raise NotCards("not_cards", {"what": what, "type": type(value).__name__})


def parse(text: str | Cards, *, limit: int | None = None) -> Cards:
    """Read cards in notation (``"3 4 4 T 10 B"``, ``"kkk3"``, ``"4,4,4,4"``).

    Case-insensitive; spaces, commas and dashes are ignored; ``10`` means ``T``.
    Raises :class:`NotationError` naming the symbol and its position, and :class:`TypeError`
    for anything that is neither a ``str`` nor :class:`Cards` (lists included: join them first).
    ``limit`` caps the number of cards (a hand holds at most 20).

    Strings read before are answered from a bounded cache (see :data:`PARSE_CACHE_LIMIT`).
    """
    if type(text) is str:
        cards = _PARSE_CACHE.get(text) or _parse_str(text)
    elif isinstance(text, Cards):
        cards = text
    else:
        check_cards_arg(text)
        cards = _parse_str(str(text))  # a str subclass
    if limit is not None and len(cards) > limit:
        raise NotationError("too_many", {"count": len(cards), "limit": limit}, str(cards), None)
    return cards


def parse_hand(text: str | Cards) -> Cards:
    """Like :func:`parse`, but at most 20 cards (the landlord's hand)."""
    return parse(text, limit=HAND_LIMIT)


PARSE_CACHE_LIMIT = 1 << 16
"""How many distinct strings :func:`parse` remembers (the cache is emptied when full)."""
_PARSE_CACHE: dict[str, Cards] = {}

# The fast reading: each symbol adds 1 to its rank's 8-bit field of a wide integer (separators add
# 0); a field above its rank's copies sets that field's top bit once _WIDE_ADD is added. Text with
# anything else ("10", unknown symbols) or 128+ characters takes the careful path below. The same
# sum also adds 1 to the rank's 3-bit field of the packed key, held above bit _KEY_SHIFT: when no
# rank has too many copies no 3-bit field overflows, so the key is read off without another pass.
_KEY_SHIFT = 8 * NUM_RANKS + 8
_WIDE_MASK = (1 << (8 * NUM_RANKS)) - 1
_WIDE = {s: (1 << (8 * r)) | (POW[r] << _KEY_SHIFT) for s, r in _RANK_INDEX.items()}
_WIDE.update(dict.fromkeys(_SEPARATORS, 0))
_WIDE_ADD = sum((127 - m) << (8 * r) for r, m in enumerate(MAX_COPIES))
_WIDE_TOP = sum(128 << (8 * r) for r in range(NUM_RANKS))


_ID = r"(?:[BR]J|[3-9TJQKA2][SHCD])"
_CARD_ID = re.compile(rf"(?i)(?<![^\s,\-+]){_ID}+(?![^\s,\-+])")
"""A group made only of card ids the engine writes (``BJ``, ``RJ``, ``TS``, ``3H``: see
:data:`ddz.codes.DECK_ORDER`), alone or glued (``BJRJ``, ``3H4S``), between separators: read as
their ranks, so ``"3333 BJ"`` is four threes and the black joker (not B + J) and ``"BJRJ"`` the two
jokers. A group that also holds plain ranks is read as ranks: ``"3333BJ"`` is still B + J."""
_ONE_ID = re.compile(r"(?i)([BR])J|([3-9TJQKA2])[SHCD]")
_SUITS = frozenset("SHCDshcd")


def _card_ids_as_ranks(text: str) -> str:
    """``text`` with each group of card ids replaced by their rank symbols, each padded to its id's
    width (the columns of any error stay where they were)."""
    return _CARD_ID.sub(lambda g: _ONE_ID.sub(lambda m: (m.group(1) or m.group(2)) + " ", g.group()), text)


def _wide_sum(text: str) -> int:
    """The wide sum of ``text`` (see above), or -1 when it needs the careful reading (a symbol that
    is not a rank or a separator, "10", a rank with too many copies, 128+ characters)."""
    try:
        both = sum(map(_WIDE.__getitem__, text)) if len(text) < 128 else -1
    except KeyError:
        return -1
    return both if both >= 0 and not (both + _WIDE_ADD) & _WIDE_TOP else -1  # the key's fields, above, stay


def _holds_card_ids(text: str) -> bool:
    """Whether ``text`` holds card ids to read as ranks. The only ids whose letters are all ranks are
    BJ and RJ (in either case), so only text that may hold one is searched; any other id has a suit
    letter, which the fast reading refuses, so the careful reading converts it."""
    if "BJ" in text or "RJ" in text:
        return _CARD_ID.search(text) is not None
    # upper-case text without BJ or RJ holds no such id; so does text with no J at all
    return not text.isupper() and ("j" in text or "J" in text) and _CARD_ID.search(text) is not None


def key_of_text(text: str) -> int | None:
    """The packed key (see :func:`pack`) of cards in plain notation, without building a
    :class:`Cards`; ``None`` when :func:`parse` has to read the text (card ids, ``10``, any error)."""
    if _holds_card_ids(text):
        return None
    both = _wide_sum(text)
    return both >> _KEY_SHIFT if both >= 0 else None


def _parse_str(text: str) -> Cards:
    source = text
    if _holds_card_ids(text):
        text = _card_ids_as_ranks(text)
    both = _wide_sum(text)
    if both >= 0:
        # counts known valid: filled by the slots' own setters
        cards = _unchecked(tuple((both & _WIDE_MASK).to_bytes(NUM_RANKS, "little")), both >> _KEY_SHIFT)
    else:
        cards = _parse_careful(text)  # raises NotationError for bad text
    if len(_PARSE_CACHE) >= PARSE_CACHE_LIMIT:
        _PARSE_CACHE.clear()
    _PARSE_CACHE[source] = cards
    return cards


_COUNTS_CACHE: dict[str, bytes] = {}


def counts_of_text(text: str) -> bytes:
    """The counts of cards in notation, like ``parse(text).counts`` (and raising what :func:`parse`
    raises) but as bytes, without building a :class:`Cards`: legal-play generation only reads
    counts. Remembered by string in a bounded cache of its own (:data:`PARSE_CACHE_LIMIT`)."""
    got = _COUNTS_CACHE.get(text)
    if got is None:
        both = -1 if _holds_card_ids(text) else _wide_sum(text)
        got = (both & _WIDE_MASK).to_bytes(NUM_RANKS, "little") if both >= 0 else bytes(parse(text).counts)
        if len(_COUNTS_CACHE) >= PARSE_CACHE_LIMIT:
            _COUNTS_CACHE.clear()
        _COUNTS_CACHE[text] = got
    return got


def _parse_careful(text: str) -> Cards:
    if _CARD_ID.search(text):
        text = _card_ids_as_ranks(text)
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
                if ch in _SUITS and i and text[i - 1] in _RANK_INDEX and text[i - 1] not in "BRbr":
                    # a card id glued to other cards (34H): name the id and how to write it
                    card_id = (text[i - 1] + ch).upper()
                    raise NotationError("glued_id", {"id": card_id, "column": i}, text, i - 1)
                raise NotationError("unknown_symbol", {"symbol": printable(ch), "column": i + 1}, text, i)
            r, width = found, 1
        counts[r] += 1
        if counts[r] > MAX_COPIES[r]:
            code = "second_joker" if r >= BLACK_JOKER else "fifth_copy"
            raise NotationError(code, {"rank": RANKS[r], "column": i + 1}, text, i)
        i += width
    return Cards(counts)


__all__ = [
    "BLACK_JOKER",
    "RANKS",
    "RED_JOKER",
    "TWO",
    "Cards",
    "ImmutableCards",
    "NotCards",
    "NotationError",
    "parse",
    "parse_hand",
]
