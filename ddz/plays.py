"""The 14 kinds of play and ``classify``: the one reading of a set of cards.

Seed 000's four restrictions make every legal set readable in exactly one way:
1. a bomb is exactly four of a value, and the two jokers together are always the rocket;
2. the four cards of a value are used as a block (never three as body plus one kicker,
   never two kicker pairs);
3. a kicker never has the value of the body;
4. no value appears more than twice among kickers, and the two jokers never kick together.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .cards import (
    ACE,
    BLACK_JOKER,
    HAND_LIMIT,
    NUM_RANKS,
    RANKS,
    RED_JOKER,
    TWO,
    Cards,
    NotationError,
    check_cards_arg,
    parse,
)
from .messages import CATALOG, Said, render, rule_of
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
        if type(self.kind) is not Kind:
            object.__setattr__(self, "kind", Kind(self.kind))

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
        m = self.as_message()
        return render(m["code"], m["data"])

    def as_message(self) -> dict[str, Any]:
        """:meth:`describe` as plain data (catalog code ``play.describe``), to nest in another message."""
        if self.kind == "rocket":
            return {"code": "play.describe_rocket", "data": {}}
        data = {
            "kind": self.kind.value,
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


class InvalidPlay(ValueError):
    """Raised by :func:`classify` for a set of cards that is not a legal play.

    Built by the C constructor alone (``InvalidPlay(rejection)``): ``rejection`` is ``args[0]``;
    ``reason``, ``rule`` and ``message`` read from it, and ``str()`` is the Spanish message."""

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

    @property
    def message(self) -> str:
        return self.rejection.message

    def __str__(self) -> str:
        return self.rejection.message


REASONS: dict[str, tuple[str, str]] = {
    e.name: (e.rule, e.template) for e in CATALOG.values() if e.group == "rejection"
}
"""Reason code -> (rule id, Spanish template), read from the catalog (:mod:`ddz.messages`)."""
_NO_DATA: dict[str, Any] = {}


def rejection(reason: str, cards: str, data: dict[str, Any] | None = None) -> Rejection:
    """Build the :class:`Rejection` for a reason code."""
    if reason not in REASONS:
        raise ValueError(f"unknown rejection reason {reason!r}")
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


def _make(kind: str, c: list[int] | tuple[int, ...], body: list[int], rank: int, chain: int) -> Play:
    kick = [a - b for a, b in zip(c, body)]
    return Play(Kind(kind), Cards(c), Cards(body), Cards(kick), rank, chain)


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


ANALYZE_CACHE_LIMIT = 1 << 16
"""How many strings (and, separately, multisets) :func:`analyze` remembers under the standard rules."""
_BY_TEXT: dict[str, Play | Rejection] = {}
_BY_KEY: dict[int, Play | Rejection] = {}


def analyze(cards: str | Cards, variant: Variant = STANDARD) -> Play | Rejection:
    """Classify without raising: the :class:`Play`, or a :class:`Rejection` saying why not.

    Only bad cards give a rejection; a value that is not cards at all (a list, ``None``…)
    raises :class:`TypeError`. Under the standard rules results are memoised by the exact
    string and by the multiset (bounded caches, emptied when full)."""
    standard = variant is STANDARD
    if standard and type(cards) is str:
        hit = _BY_TEXT.get(cards)
        if hit is not None:
            return hit
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
            found = analyze_cards(parsed, variant)
            if len(_BY_KEY) >= ANALYZE_CACHE_LIMIT:
                _BY_KEY.clear()
            _BY_KEY[parsed.key] = found
        result = found
    if standard and type(cards) is str:
        if len(_BY_TEXT) >= ANALYZE_CACHE_LIMIT:
            _BY_TEXT.clear()
        _BY_TEXT[cards] = result
    return result


def analyze_cards(cards: Cards, variant: Variant = STANDARD) -> Play | Rejection:
    """:func:`analyze` for parsed cards, computed afresh (no cache): the one reading of the
    multiset, or the :class:`Rejection` that names the first restriction it breaks."""
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


def readings(cards: str | Cards, variant: Variant = STANDARD) -> list[Play]:
    """All readings of a set of cards (the four restrictions leave at most one)."""
    parsed = parse(cards)
    return _readings(parsed.counts, len(parsed), _rules_for(variant))


def classify(cards: str | Cards, variant: Variant = STANDARD) -> Play:
    """The one reading of ``cards`` as a play; raises :class:`InvalidPlay` (a ``ValueError``).

    Results are memoised (a repeated string costs about one dictionary lookup).

    ```python
    >>> classify("444455").kind
    'four_two_singles'
    >>> classify("KKK3").describe()
    'trío con carta suelta de K (cuerpo KKK, acompañante 3)'

    ```
    """
    result = _BY_TEXT.get(cards) if variant is STANDARD and type(cards) is str else None
    if result is None:
        result = analyze(cards, variant)
    if type(result) is Play:
        return result
    raise InvalidPlay(result)
