"""The 14 kinds of play and ``classify``: the one reading of a set of cards.

Source 000's four restrictions make every legal set readable in exactly one way:
1. a bomb is exactly four of a value, and the two jokers together are always the rocket;
2. the four cards of a value are used as a block (never three as body plus one kicker,
   never two kicker pairs);
3. a kicker never has the value of the body;
4. no value appears more than twice among kickers, and the two jokers never kick together.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from operator import sub
from typing import Any, cast

from .cards import (
    ACE,
    BLACK_JOKER,
    EMPTY,
    HAND_LIMIT,
    MAX_COPIES,
    NUM_RANKS,
    RANKS,
    RED_JOKER,
    TWO,
    Cards,
    NotationError,
    check_cards_arg,
    key_of_text,
    pack,
    parse,
)
from .messages import CATALOG, CodedError, MessageError, Said, render, render_message, rule_of
from .messages import KIND_NAMES_ES as KIND_NAMES_ES  # the Spanish names live in the catalog
from .variants import STANDARD, Variant


class Kind(StrEnum):
    """The 14 kinds of play. Members are strings (``Kind.PAIR == "pair"``) and their ``repr`` is
    the string's, so code that compares, prints or serialises kinds as text keeps working."""

    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_STRAIGHT = "pair_straight"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_TWO_SINGLES = "four_two_singles"
    FOUR_TWO_PAIRS = "four_two_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"

    def __repr__(self) -> str:
        return repr(self.value)


KINDS: tuple[Kind, ...] = tuple(Kind)
"""The documented kind ids, in the order of the rules (R-KIND-1 … R-KIND-14)."""

CHAIN_TOP = ACE
"""The highest rank a chain may reach: the 2 and the jokers never enter straights or airplanes."""
CHAIN_MIN: dict[int, int] = {1: 5, 2: 3, 3: 2}
"""Copies per rank -> fewest consecutive ranks: straight 5, pair straight 3, airplane 2."""
CHAIN_KIND: dict[int, Kind] = {1: Kind.STRAIGHT, 2: Kind.PAIR_STRAIGHT, 3: Kind.AIRPLANE}


def chain_max(copies: int) -> int:
    """Most ranks in a chain of ``copies``-of-a-kind: up to the ace and within the 20-card limit."""
    return min(CHAIN_TOP + 1, HAND_LIMIT // copies)


KIND_RULES: dict[str, str] = {k: f"R-KIND-{i + 1}" for i, k in enumerate(KINDS)}
"""Kind id -> the id of the rule that defines it (``"single"`` -> ``"R-KIND-1"``), in :data:`KINDS` order."""
CHAIN_KINDS = frozenset({"straight", "pair_straight", "airplane", "airplane_singles", "airplane_pairs"})


@dataclass(frozen=True, slots=True, repr=False)
class Play:
    """A legal play: its kind, cards, body, kickers, ranking card and chain length.

    Immutable; ``repr()`` evaluates back to an equal value:

    ```python
    >>> classify("KKK3")
    Play('trio_single', Cards('3KKK'), Cards('KKK'), Cards('3'), rank=10, chain=1)

    ```
    """

    kind: Kind
    cards: Cards
    body: Cards
    kickers: Cards
    rank: int
    """Index of the ranking card: the body's value, or the highest body value of a chain."""
    chain: int
    """Number of ranks in the body's chain; 1 for kinds that are not chains."""

    def __post_init__(self) -> None:
        # Only a Play built by hand gets here: the engine builds its own with _trusted (no check).
        if type(self.kind) is not Kind:
            object.__setattr__(self, "kind", Kind(self.kind))
        _check_consistent(self)

    def __repr__(self) -> str:
        return (
            f"Play({self.kind.value!r}, {self.cards!r}, {self.body!r}, {self.kickers!r}, "
            f"rank={self.rank}, chain={self.chain})"
        )

    @property
    def name(self) -> str:
        """Spanish name of the kind, e.g. ``"cuarteto con dos sueltas"``."""
        return KIND_NAMES_ES[self.kind]

    @property
    def rank_symbol(self) -> str:
        return RANKS[self.rank]

    @property
    def is_bomb(self) -> bool:
        """True for the two plays that double the multiplier (bomb and rocket)."""
        return self.kind in ("bomb", "rocket")

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return str(self.cards)

    def shown(self) -> str:
        """The play as people write it: the body first, then the kickers after a space
        (``"4444 33"``, ``"KKK 3"``, ``"2222 56"``; ``"34567"`` when there are no kickers)."""
        return f"{self.body} {self.kickers}" if self.kickers else str(self.body)

    def describe(self) -> str:
        """One Spanish sentence: ``"trío con carta suelta de K (cuerpo KKK, acompañante 3)"``."""
        return render_message(self.as_message())

    def anatomy(self) -> str:
        """Its parts in Spanish: ``"cuerpo KKK, acompañante 3, carta que manda: K"``."""
        if self.kind == "rocket":
            return render("play.anatomy_rocket")
        return render("play.anatomy", self.as_message()["data"])

    def as_message(self) -> dict[str, Any]:
        """:meth:`describe` as plain data (catalog code ``play.describe``), to nest in another message."""
        if self.kind == "rocket":
            return {"code": "play.describe_rocket", "data": {}}
        data = {
            "kind": self.kind._value_,  # .value is a property: this is the same str, read directly
            "rank": RANKS[self.rank],
            "low": RANKS[self.rank - self.chain + 1],
            "chain": self.chain,
            "n_kickers": len(self.kickers),
            "body": str(self.body),
            "kickers": str(self.kickers),
        }
        return {"code": "play.describe", "data": data}


@dataclass(frozen=True, slots=True)
class Rejection(Said):
    """Why a set of cards is not a play: a reason code with its data; the rule id and the Spanish
    message come from the catalog (:mod:`ddz.messages`, codes ``rejection.*``)."""

    reason: str
    cards: str
    data: dict[str, Any] = field(default_factory=dict, hash=False)
    """Plain values the message needs (only ``notation`` has any: its ``cause``)."""

    @property
    def catalog_code(self) -> str:
        return "rejection." + self.reason

    @property
    def rule(self) -> str:
        return rule_of(self.catalog_code)


class InvalidPlay(CodedError):
    """Raised by :func:`classify` for a set of cards that is not a legal play (a ``ValueError``).

    ``InvalidPlay(rejection)``: ``rejection`` is ``args[0]``; ``code`` (= ``reason``), ``rule``
    and the Spanish ``message`` (``str()``) are the rejection's, catalog code ``rejection.<code>``,
    as with every :class:`~ddz.messages.CodedError`."""

    group = "rejection"

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.reason, rejection.data)
        self.args = (rejection,)  # so that pickling builds it again from the rejection

    @property
    def rejection(self) -> Rejection:
        got: Rejection = self.args[0]
        return got

    @property
    def reason(self) -> str:
        return self.rejection.reason

    @property
    def rule(self) -> str:
        return self.rejection.rule


REASONS: dict[str, tuple[str, str]] = {
    e.name: (e.rule, e.template) for e in CATALOG.values() if e.group == "rejection"
}
"""Reason code -> (rule id, Spanish template), read from the catalog (:mod:`ddz.messages`)."""
_NO_DATA: dict[str, Any] = {}


def rejection(reason: str, cards: str, data: dict[str, Any] | None = None) -> Rejection:
    """Build the :class:`Rejection` for a reason code."""
    if reason not in REASONS:
        raise MessageError("unknown_code", {"code": f"rejection.{reason}"})
    return Rejection(reason, cards, _NO_DATA if data is None else data)


@dataclass(frozen=True, slots=True)
class _Rules:
    chain_top: int = CHAIN_TOP
    min_straight: int = CHAIN_MIN[1]
    min_pair_straight: int = CHAIN_MIN[2]
    kicker_may_match_body: bool = False
    max_kicker_repeat: int = 2
    jokers_together: bool = False
    four_two_distinct: bool = False


def _rules_for(variant: Variant) -> _Rules:
    return _Rules(
        max_kicker_repeat=3 if variant.trio_as_kickers else 2,
        jokers_together=variant.jokers_as_kickers,
        four_two_distinct=variant.four_two_distinct_singles,
    )


_ANY_VARIANT = _Rules(max_kicker_repeat=3, jokers_together=True)
"""Every reading some variant allows: what a hand-built :class:`Play` is checked against."""


_SET = object.__setattr__


def _trusted(kind: Kind, cards: Cards, body: Cards, kickers: Cards, rank: int, chain: int) -> Play:
    """A :class:`Play` the engine derived itself: built without the consistency check."""
    p: Play = object.__new__(Play)
    _SET(p, "kind", kind)
    _SET(p, "cards", cards)
    _SET(p, "body", body)
    _SET(p, "kickers", kickers)
    _SET(p, "rank", rank)
    _SET(p, "chain", chain)
    return p


class InconsistentPlay(CodedError):
    """``Play(...)`` built by hand with a kind, body, rank or chain that are not a reading of its
    cards under any variant (``Play("pair", Cards("34"), ...)``; a ``ValueError``, catalog code
    ``play.inconsistent``)."""

    group = "play"


def _check_consistent(p: Play) -> None:
    fields_ok = (
        all(isinstance(x, Cards) for x in (p.cards, p.body, p.kickers))
        and type(p.rank) is int
        and type(p.chain) is int
    )
    if (
        fields_ok
        and p.body.counts
        and tuple(map(sum, zip(p.body.counts, p.kickers.counts))) == p.cards.counts
    ):
        for r in _readings(p.cards.counts, len(p.cards), _ANY_VARIANT):
            if (r.kind, r.body, r.rank, r.chain) == (p.kind, p.body, p.rank, p.chain):
                return
    raise InconsistentPlay("inconsistent", {"kind": p.kind.value, "cards": str(p.cards), "body": str(p.body)})


def _make(kind: str, c: list[int] | tuple[int, ...], body: list[int], rank: int, chain: int) -> Play:
    kick = [a - b for a, b in zip(c, body)]
    return _trusted(Kind(kind), Cards(c), Cards(body), Cards(kick), rank, chain)


def _readings(c: tuple[int, ...], n: int, R: _Rules) -> list[Play]:
    """Every reading of the counts ``c`` (``n`` cards) under rules ``R``."""
    out: list[Play] = []
    nz = [r for r in range(NUM_RANKS) if c[r]]
    if n == 2 and c[BLACK_JOKER] and c[RED_JOKER]:
        return [_make("rocket", c, list(c), RED_JOKER, 1)]
    if len(nz) == 1:
        r = nz[0]
        kind = ("single", "pair", "trio", "bomb")[c[r] - 1]
        out.append(_make(kind, c, list(c), r, 1))
    # Plain chains: every present rank has the same count m, consecutive.
    heights = {c[r] for r in nz}
    if len(heights) == 1 and len(nz) >= 2:
        m = heights.pop()
        length, lo, hi = len(nz), nz[0], nz[-1]
        min_len = {1: R.min_straight, 2: R.min_pair_straight, 3: CHAIN_MIN[3]}.get(m, 99)
        if hi - lo == length - 1 and length >= min_len and hi <= R.chain_top:
            kind = CHAIN_KIND[m]
            out.append(_make(kind, c, list(c), hi, length))
    # Trios and airplanes with kickers.
    top = R.chain_top
    for k in range(1, n // 4 + 1):
        singles, pairs = n == 4 * k, n == 5 * k
        if not (singles or pairs):
            continue
        last_start = TWO if k == 1 else top - k + 1
        for start in range(0, last_start + 1):
            chain = range(start, start + k)
            if any(c[r] < 3 for r in chain):
                continue
            body = [0] * NUM_RANKS
            for r in chain:
                body[r] = 3
            rem = [a - b for a, b in zip(c, body)]
            if not R.kicker_may_match_body and any(rem[r] for r in chain):
                continue
            hi = start + k - 1
            if singles and _singles_ok(rem, R, k):
                kind = "trio_single" if k == 1 else "airplane_singles"
                out.append(_make(kind, c, body, hi, k))
            if pairs and _pairs_ok(rem, R, k):
                kind = "trio_pair" if k == 1 else "airplane_pairs"
                out.append(_make(kind, c, body, hi, k))
    # Four with two.
    if n in (6, 8):
        for r in nz:
            if c[r] != 4:
                continue
            body = [0] * NUM_RANKS
            body[r] = 4
            rem = [a - b for a, b in zip(c, body)]
            distinct_ok = not (R.four_two_distinct and max(rem) == 2)
            if n == 6 and _singles_ok(rem, R, 2) and distinct_ok:
                out.append(_make("four_two_singles", c, body, r, 1))
            if n == 8 and _pairs_ok(rem, R, 2):
                out.append(_make("four_two_pairs", c, body, r, 1))
    return out


def _singles_ok(rem: list[int], R: _Rules, k: int) -> bool:
    if max(rem) > R.max_kicker_repeat:
        return False
    return R.jokers_together or not (rem[BLACK_JOKER] and rem[RED_JOKER])


def _pairs_ok(rem: list[int], R: _Rules, k: int) -> bool:
    limit = 4 if R.max_kicker_repeat >= 4 else 2
    return all(x % 2 == 0 and x <= limit for x in rem)


def _pick(readings: list[Play]) -> Play:
    # Under the standard rules there is exactly one; variants may allow more: take the
    # reading with the longest body chain, then the highest.
    return max(readings, key=lambda p: (len(p.body), p.chain, p.rank))


_DIAGNOSES: tuple[tuple[dict[str, object], str], ...] = (
    ({"chain_top": RED_JOKER}, "two_in_chain"),
    ({"min_straight": 3, "min_pair_straight": 2}, "too_short"),
    ({"max_kicker_repeat": 4}, "kicker_repeated"),
    ({"kicker_may_match_body": True}, "kicker_same_as_body"),
    ({"jokers_together": True}, "jokers_as_kickers"),
    ({"four_two_distinct": False}, "four_two_same_singles"),
)


def _diagnose(c: tuple[int, ...], n: int, R: _Rules, text: str) -> Rejection:
    for change, reason in _DIAGNOSES:
        relaxed = replace(R, **change)  # type: ignore[arg-type]
        if relaxed == R:
            continue
        found = _readings(c, n, relaxed)
        if not found:
            continue
        p = _pick(found)
        if reason == "two_in_chain" and p.body.count(BLACK_JOKER) + p.body.count(RED_JOKER):
            reason = "joker_in_chain"
        elif reason == "too_short":
            reason = "straight_too_short" if p.kind == "straight" else "pair_straight_too_short"
        elif reason == "kicker_repeated" and 4 in c:
            reason = "four_split"
        return rejection(reason, text)
    if c[TWO]:
        # A learner may read the 2 as the card below the 3 (2-3-4-5-6): say so.
        low_two = (c[TWO], *c[:TWO], *c[BLACK_JOKER:])
        if any(p.chain > 1 for p in _readings(low_two, n, replace(R, chain_top=RED_JOKER))):
            return rejection("two_in_chain", text)
    nz = [r for r in range(NUM_RANKS) if c[r]]
    heights = {c[r] for r in nz}
    if len(heights) == 1 and len(nz) >= CHAIN_MIN.get(max(heights), 99):
        return rejection("not_consecutive", text)
    return rejection("no_pattern", text)


# The standard rules, answered directly from the counts (``_standard``). The general path above
# (``_readings``/``_diagnose``) stays the reference for every variant, and the tests compare the two.
_STANDARD_RULES = _Rules()
# n -> the (chain length k, singles?) shapes of a trio/airplane with kickers of n cards, k ascending.
_KICK_SHAPES: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple(sorted([(n // 4, True)] * (n % 4 == 0 < n) + [(n // 5, False)] * (n % 5 == 0 < n)))
    for n in range(HAND_LIMIT + 1)
)


def _chain_fits(n: int, d: int, mx: int, lo: int, hi: int, top: int, min1: int, min2: int) -> bool:
    """Whether ``d`` present ranks from ``lo`` to ``hi`` holding ``mx`` cards each (``n`` in all)
    form a plain chain: consecutive, long enough, up to ``top``."""
    if n != mx * d or d < 2 or mx > 3 or hi - lo != d - 1 or hi > top:
        return False
    return d >= (min1 if mx == 1 else min2 if mx == 2 else CHAIN_MIN[3])


def _longest_run(able: list[int]) -> int:
    """The most consecutive ranks among the ascending ranks ``able``."""
    best = run = 0
    prev = -2
    for r in able:
        run = run + 1 if r == prev + 1 else 1
        prev = r
        if run > best:
            best = run
    return best


def _kicked(
    c: tuple[int, ...], n: int, able: list[int], top: int, max_rep: int, jokers_ok: bool, k_min: int = 1
) -> list[tuple[int, int, bool]]:
    """(start, k, singles?) of every trio/airplane-with-kickers reading of ``c`` whose body ranks
    are among ``able`` (those holding three, or three or four when a kicker may match the body),
    in the order of :func:`_readings`, under the given kicker rules."""
    out: list[tuple[int, int, bool]] = []
    for k, singles in _KICK_SHAPES[n]:
        if k < k_min or k > len(able):
            continue
        last = TWO if k == 1 else top - k + 1
        for i in range(len(able) - k + 1):
            start = able[i]
            if start > last:
                break
            end = start + k
            if able[i + k - 1] != end - 1:
                continue  # not consecutive
            rem = list(c)
            for r in range(start, end):
                rem[r] -= 3
            if singles:
                if max(rem) <= max_rep and (jokers_ok or not (rem[BLACK_JOKER] and rem[RED_JOKER])):
                    out.append((start, k, True))
            else:
                limit = 4 if max_rep >= 4 else 2
                if all(x % 2 == 0 and x <= limit for x in rem):
                    out.append((start, k, False))
    return out


def _four_two(c: tuple[int, ...], n: int, max_rep: int, jokers_ok: bool) -> list[tuple[int, bool]]:
    """(rank, singles?) of every four-with-two reading of ``c`` (``n`` is 6 or 8)."""
    out = []
    for r in range(NUM_RANKS):
        if c[r] == 4:
            rem = list(c)
            rem[r] = 0
            if n == 6:
                if max(rem) <= max_rep and (jokers_ok or not (rem[BLACK_JOKER] and rem[RED_JOKER])):
                    out.append((r, True))
            elif all(x % 2 == 0 and x <= (4 if max_rep >= 4 else 2) for x in rem):
                out.append((r, False))
    return out


def _one_value_plays() -> dict[int, Play]:
    """The plays of one value (single, pair, trio, bomb) and the rocket, by packed key."""
    out = {}
    for r in range(NUM_RANKS):
        for m in range(1, MAX_COPIES[r] + 1):
            c = [0] * NUM_RANKS
            c[r] = m
            out[pack(c)] = _make(("single", "pair", "trio", "bomb")[m - 1], c, c, r, 1)
    rocket = [0] * BLACK_JOKER + [1, 1]
    out[pack(rocket)] = _make("rocket", rocket, rocket, RED_JOKER, 1)
    return out


_ONE_VALUE = _one_value_plays()


def _with_kickers(kind: Kind, cards: Cards, body: list[int], rank: int, chain: int) -> Play:
    """:func:`_make` for cards already parsed: their own :class:`Cards` serves as the play's."""
    return _trusted(kind, cards, Cards(body), Cards(list(map(sub, cards.counts, body))), rank, chain)


def _standard(cards: Cards) -> Play | Rejection:
    """:func:`analyze_cards` under the standard rules, from cheap integer facts about the counts:
    most sets that are no play at all are told apart before any reading is tried."""
    c = cards.counts
    n = sum(c)
    if n == 0:
        return rejection("empty", "")
    if n > HAND_LIMIT:
        return rejection("too_many", str(cards))
    key = cards.key
    simple = _ONE_VALUE.get(key)
    if simple is not None:
        return simple
    mx = max(c)
    d = NUM_RANKS - c.count(0)
    uniform = n == mx * d
    trios = mx >= 3 and n in _KICKED_SIZES
    if trios:
        # Values with three cards or more (a 3-bit field 011 or 100), as a mask; a trio/airplane
        # of k values needs k of them in a row (or, read low, the 2 and the 3 with three each).
        bodies = (key & (key >> 1) | key >> 2) & _FIELD_LOW_BITS
        run = bodies
        for i in range(1, _KICK_SHAPES[n][0][0]):
            run &= bodies >> (3 * i)
        trios = bool(run) or (c[TWO] == 3 and c[0] == 3)
    fours = mx == 4 and (n == 6 or n == 8)
    if not (uniform or trios or fours):
        # Several values, unequal counts, no trio/airplane or four-with-two size: no reading under
        # any relaxation _diagnose tries, none with the 2 read low, and not a chain in disorder.
        return rejection("no_pattern", str(cards))
    lo = ((key & -key).bit_length() - 1) // 3
    hi = (key.bit_length() - 1) // 3
    found: list[Play] = []
    chain = uniform and hi - lo == d - 1  # all values in a row, as many cards each
    if not (chain or trios or fours or (c[TWO] and c[0])):
        # As many cards of each value, not in a row, even with the 2 read low (below a 3): no reading.
        return rejection("not_consecutive" if d >= CHAIN_MIN.get(mx, 99) else "no_pattern", str(cards))
    if chain and _chain_fits(n, d, mx, lo, hi, CHAIN_TOP, CHAIN_MIN[1], CHAIN_MIN[2]):
        found.append(_trusted(CHAIN_KIND[mx], cards, cards, EMPTY, hi, d))
    threes = [r for r in range(TWO + 1) if c[r] == 3] if trios else []
    if threes:
        for start, k, singles in _kicked(c, n, threes, CHAIN_TOP, 2, False):
            body = [0] * NUM_RANKS
            body[start : start + k] = [3] * k
            if singles:
                kind = Kind.TRIO_SINGLE if k == 1 else Kind.AIRPLANE_SINGLES
            else:
                kind = Kind.TRIO_PAIR if k == 1 else Kind.AIRPLANE_PAIRS
            found.append(_with_kickers(kind, cards, body, start + k - 1, k))
    if fours:
        for r, singles in _four_two(c, n, 2, False):
            body = [0] * NUM_RANKS
            body[r] = 4
            kind = Kind.FOUR_TWO_SINGLES if singles else Kind.FOUR_TWO_PAIRS
            found.append(_with_kickers(kind, cards, body, r, 1))
    if found:
        return found[0] if len(found) == 1 else _pick(found)
    return rejection(_standard_reason(c, n, d, mx, lo, hi, uniform, chain, trios, threes, fours), str(cards))


_KICKED_SIZES = frozenset(n for n, shapes in enumerate(_KICK_SHAPES) if shapes)
_FIELD_LOW_BITS = pack([1] * NUM_RANKS)


def _standard_reason(
    c: tuple[int, ...],
    n: int,
    d: int,
    mx: int,
    lo: int,
    hi: int,
    uniform: bool,
    chain: bool,
    trios: bool,
    threes: list[int],
    fours: bool,
) -> str:
    """The reason code :func:`_diagnose` gives, under the standard rules, for counts with no
    reading. ``chain``: uniform counts on values in a row; ``trios``: the size fits a trio or airplane with kickers and enough values have three
    cards or more; ``threes``: then the values up to the 2 that hold exactly three."""
    bodies = threes
    if trios:
        if mx == 4:
            bodies = [r for r in range(TWO + 1) if c[r] >= 3]
        # No k consecutive values of three or four cards: no trio/airplane under any relaxation.
        trios = _longest_run(bodies) >= _KICK_SHAPES[n][0][0]
    # 1. chain_top up to the red joker: a plain chain through the 2 or a joker, or an airplane through the 2.
    if chain and _chain_fits(n, d, mx, lo, hi, RED_JOKER, CHAIN_MIN[1], CHAIN_MIN[2]):
        return "joker_in_chain" if c[BLACK_JOKER] or c[RED_JOKER] else "two_in_chain"
    if trios and _kicked(c, n, threes, RED_JOKER, 2, False, 2):
        return "two_in_chain"
    # 2. shorter chains.
    if chain and _chain_fits(n, d, mx, lo, hi, CHAIN_TOP, 3, 2):
        return "straight_too_short" if mx == 1 else "pair_straight_too_short"
    # 3. a value up to four times among the kickers.
    if (trios and _kicked(c, n, threes, CHAIN_TOP, 4, False)) or (fours and _four_two(c, n, 4, False)):
        return "four_split" if mx == 4 else "kicker_repeated"
    # 4. a kicker of the body's value.
    if trios and mx == 4 and _kicked(c, n, bodies, CHAIN_TOP, 2, False):
        return "kicker_same_as_body"
    # 5. both jokers as kickers.
    jokers = c[BLACK_JOKER] and c[RED_JOKER]
    if jokers and (
        (trios and _kicked(c, n, threes, CHAIN_TOP, 2, True)) or (fours and _four_two(c, n, 2, True))
    ):
        return "jokers_as_kickers"
    # The 2 read as the card below the 3: a chain through it.
    if c[TWO]:
        low = (c[TWO], *c[:TWO], *c[BLACK_JOKER:])
        if uniform:
            present = [r for r in range(NUM_RANKS) if low[r]]
            if _chain_fits(n, d, mx, present[0], present[-1], RED_JOKER, CHAIN_MIN[1], CHAIN_MIN[2]):
                return "two_in_chain"
        if threes and c[TWO] == 3:
            low_threes = [r for r in range(NUM_RANKS) if low[r] == 3]
            if _kicked(low, n, low_threes, RED_JOKER, 2, False, 2):
                return "two_in_chain"
    if uniform and d >= CHAIN_MIN.get(mx, 99):
        return "not_consecutive"
    return "no_pattern"


ANALYZE_CACHE_LIMIT = 1 << 16
"""How many strings (and, separately, multisets) :func:`analyze` remembers under the standard rules."""
_BY_TEXT: dict[str, Play | Rejection] = {}
_BY_KEY: dict[int, Play | Rejection] = {}


def analyze(cards: str | Cards, variant: Variant | str = STANDARD) -> Play | Rejection:
    """Classify without raising: the :class:`Play`, or a :class:`Rejection` saying why not.

    Only bad cards give a rejection; a value that is not cards at all (a list, ``None``…)
    raises :class:`TypeError`. Under the standard rules results are memoised by the exact
    string and by the multiset (bounded caches, emptied when full)."""
    if variant is not STANDARD and type(variant) is not Variant:
        variant = Variant.parse(variant)  # "standard+jokers_as_kickers", as everywhere else
    standard = variant is STANDARD
    if standard and type(cards) is str:
        hit = _BY_TEXT.get(cards)
        if hit is not None:
            return hit
        key = key_of_text(cards)  # a multiset met before, spelt anew: no Cards built
        hit = None if key is None else _BY_KEY.get(key)
        if hit is not None:
            if len(_BY_TEXT) >= ANALYZE_CACHE_LIMIT:
                _BY_TEXT.clear()
            _BY_TEXT[cards] = hit
            return hit
    else:
        check_cards_arg(cards)
    try:
        parsed = parse(cards)
    except NotationError as e:
        result: Play | Rejection = rejection("notation", str(cards), {"cause": e.as_message()})
    else:
        if not standard:
            return analyze_cards(parsed, variant)
        found = _BY_KEY.get(parsed.key)
        if found is None:
            found = _standard(parsed)
            if len(_BY_KEY) >= ANALYZE_CACHE_LIMIT:
                _BY_KEY.clear()
            _BY_KEY[parsed.key] = found
        result = found
    if standard and type(cards) is str:
        if len(_BY_TEXT) >= ANALYZE_CACHE_LIMIT:
            _BY_TEXT.clear()
        _BY_TEXT[cards] = result
    return result


def analyze_cards(cards: Cards, variant: Variant | str = STANDARD) -> Play | Rejection:
    """:func:`analyze` for parsed cards, computed afresh (no cache): the one reading of the
    multiset, or the :class:`Rejection` that names the first restriction it breaks."""
    if variant is not STANDARD and type(variant) is not Variant:
        variant = Variant.parse(variant)
    if variant is STANDARD:
        return _standard(cards)
    n = len(cards)
    text = str(cards)
    if n == 0:
        return rejection("empty", text)
    if n > HAND_LIMIT:
        return rejection("too_many", text)
    rules = _rules_for(variant)
    found = _readings(cards.counts, n, rules)
    if found:
        return _pick(found)
    return _diagnose(cards.counts, n, rules, text)


def readings(cards: str | Cards, variant: Variant | str = STANDARD) -> list[Play]:
    """All readings of a set of cards (the four restrictions leave at most one)."""
    parsed = parse(cards)
    return _readings(parsed.counts, len(parsed), _rules_for(Variant.parse(variant)))


def classify(cards: str | Cards, variant: Variant | str = STANDARD) -> Play:
    """The one reading of ``cards`` as a play; raises :class:`InvalidPlay` (a ``ValueError``).

    Results are memoised (a repeated string costs about one dictionary lookup).

    ```python
    >>> classify("444455").kind
    'four_two_singles'
    >>> classify("KKK3").describe()
    'trío con carta suelta de K (cuerpo K K K, acompañante 3)'

    ```
    """
    result = _BY_TEXT.get(cards) if variant is STANDARD and type(cards) is str else None
    if result is None:
        result = analyze(cards, variant)
    if type(result) is Play:
        return result
    raise InvalidPlay(cast(Rejection, result))


__all__ = [
    "KINDS",
    "KIND_RULES",
    "InconsistentPlay",
    "InvalidPlay",
    "Kind",
    "Play",
    "Rejection",
    "analyze",
    "classify",
]
