"""Facts about hands and plays, by brute force over the model of :mod:`truthcheck.rules`.

Plain data in, plain data out. Cards are strings in the notation ``3456789TJQKA2BR`` (``T`` the
10, ``B`` the small joker, ``R`` the big joker), in any order, spaces allowed; a
``Counter`` of symbols is accepted too. Plays come back as canonical strings (sorted by rank).

Nothing here imports ``ddz`` or ``tutorial``: the verifier that calls these facts must not share
the blind spots of the code whose sentences it checks. Each fact is the slow, obvious reading of
the rules of source 000; ``tests/test_truthcheck_facts.py`` checks them against the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any, TypedDict

from . import rules
from .rules import BODY_HEIGHT, COPIES, GUARD, RANKS, all_keys, all_legal, counts_of, fits, nibbles, to_str

Cards = str | Counter[str]
Plan = list[str]
Predicate = Callable[[Plan], bool]

HAND_LIMIT = 20
"""No hand holds more than 20 cards, so no play has more (D-LIMIT)."""


# --- cards ------------------------------------------------------------------------------------


def canon(cards: Cards) -> str:
    """The cards as a canonical string (sorted by rank); ``ValueError`` on an unknown symbol.

    Does not check the copies: ``canon("33333")`` is ``"33333"`` (it is no hand and no play).
    """
    if isinstance(cards, Counter):
        items = list(cards.elements())
    elif isinstance(cards, str):
        items = [ch for ch in cards.upper() if not ch.isspace()]
    else:
        raise TypeError(f"cards must be a string or a Counter, not {type(cards).__name__}")
    bad = sorted({ch for ch in items if len(ch) != 1 or ch not in RANKS})
    if bad:
        raise ValueError(f"unknown card symbols {bad}: use 3456789TJQKA2BR")
    return "".join(sorted(items, key=RANKS.index))


def hand_of(cards: Cards) -> str:
    """:func:`canon`, and ``ValueError`` unless the deck can hold the cards (4 of a rank, 1 joker each)."""
    s = canon(cards)
    over = [RANKS[r] for r, n in enumerate(counts_of(s)) if n > COPIES[r]]
    if over:
        raise ValueError(f"more copies of {''.join(over)} than the deck holds: {s}")
    return s


def without(hand: str, cards: str) -> str:
    """``hand`` without ``cards`` (``ValueError`` if some card is missing)."""
    left = Counter(hand)
    left.subtract(Counter(cards))
    if any(n < 0 for n in left.values()):
        raise ValueError(f"{cards} is not inside {hand}")
    return canon(left)


# --- plays ------------------------------------------------------------------------------------


def kind_of(play: Cards) -> str | None:
    """The kind id of the play (``"trio_single"``, ``"bomb"`` …), or None when the cards are no
    legal play. One reading only: the model enumerates every play of each kind from the rule text
    and no card set is in two kinds."""
    return all_legal().get(canon(play))


def _play(play: Cards) -> str:
    s = canon(play)
    if s not in all_legal():
        raise ValueError(f"{s or 'nothing'} is not a legal play")
    return s


def body_of(play: Cards) -> str:
    """The body of a legal play: the cards of the values that reach the kind's height (``KKK`` in
    ``KKK3``, ``4444`` in ``444455``, ``BR`` for the rocket). Kickers never reach that height."""
    s = _play(play)
    height = BODY_HEIGHT[all_legal()[s]]
    return "".join(ch for ch in s if s.count(ch) >= height)


def kickers_of(play: Cards) -> str:
    """The kickers of a legal play (``"3"`` in ``KKK3``; ``""`` when it has none)."""
    s = _play(play)
    height = BODY_HEIGHT[all_legal()[s]]
    return "".join(ch for ch in s if s.count(ch) < height)


def ranking_card(play: Cards) -> str:
    """The card that ranks the play: the body's value, the highest body value of a chain (``K`` for
    ``KKK2``: the 2 is a kicker and adds no strength; ``R`` for the rocket)."""
    return RANKS[rules.rank_of(_play(play))]


def beats(play: Cards, table: Cards) -> bool:
    """Whether ``play`` beats ``table`` (both legal plays): same kind and number of cards and a higher
    ranking card, or a bomb on a non-bomb or on a lower bomb, or the rocket on anything."""
    return rules.beats(_play(play), _play(table))


def _hand_key(hand: str) -> int:
    return nibbles(counts_of(hand))


def plays_in(hand: Cards) -> set[str]:
    """Every legal play that can be formed from the hand's cards: each play of the game kept when
    it fits in the hand."""
    return set(_plays_of(hand_of(hand)))


@lru_cache(maxsize=1 << 16)
def _plays_of(hand: str) -> frozenset[str]:
    """:func:`plays_in` of a canonical hand, remembered (an endgame meets the same hand often)."""
    h = _hand_key(hand)
    return frozenset(p for p, k in all_keys() if fits(k, h))


def answers(hand: Cards, table: Cards) -> set[str]:
    """The plays of the hand that beat the table play."""
    return set(_answers_of(hand_of(hand), _play(table)))


@lru_cache(maxsize=1 << 16)
def _answers_of(hand: str, table: str) -> frozenset[str]:
    return frozenset(p for p in _plays_of(hand) if rules.beats(p, table))


# --- fewest plays and plans -------------------------------------------------------------------


@lru_cache(maxsize=1)
def _by_lowest() -> tuple[tuple[tuple[str, int], ...], ...]:
    """The plays of the game grouped by their lowest rank."""
    groups: list[list[tuple[str, int]]] = [[] for _ in RANKS]
    for p, k in all_keys():
        groups[RANKS.index(p[0])].append((p, k))
    return tuple(tuple(g) for g in groups)


def _lowest(key: int) -> int:
    return next(r for r in range(15) if (key >> (4 * r)) & 15)


def _with_lowest(key: int) -> list[tuple[str, int]]:
    """The plays inside the (non-empty) hand ``key`` that hold a card of its lowest rank. In a hand
    whose lowest rank is ``r`` every play has only ranks ``>= r``, so these are exactly the plays
    inside the hand whose own lowest rank is ``r``."""
    guarded = key | GUARD  # fits(k, key), inlined: this line is the solver's inner loop
    return [(p, k) for p, k in _by_lowest()[_lowest(key)] if (guarded - k) & GUARD == GUARD]


_FEWEST: dict[int, int] = {0: 0}


def _fewest(key: int) -> int:
    got = _FEWEST.get(key)
    if got is None:
        got = 1 + min(_fewest(key - k) for _, k in _with_lowest(key))
        _FEWEST[key] = got
    return got


def clear_memo() -> None:
    """Forget every memoised :func:`fewest_plays` (to time it cold)."""
    _FEWEST.clear()
    _FEWEST[0] = 0


def fewest_plays(hand: Cards) -> int:
    """The fewest legal plays that together use every card of the hand exactly once (0 for none).

    ``f(hand) = 1 + min f(hand − p)`` over the plays ``p`` of the hand that hold a card of its
    lowest rank ``r``, memoised on the multiset. Why branching on those plays alone is exact: every
    way of splitting the hand into plays has a play that holds a card of rank ``r``; taking it out
    leaves a split of the rest with one play fewer, so ``f(hand) >= 1 + f(hand − p)`` for that ``p``;
    and any such ``p`` followed by a best split of ``hand − p`` is a split of the hand
    (``f(hand) <= 1 + f(hand − p)``). Every single card is a play, so the minimum always exists.
    """
    return _fewest(_hand_key(hand_of(hand)))


def is_plan(hand: Cards, plan: Plan) -> bool:
    """The plan's plays are all legal plays and together are exactly the hand's cards."""
    return all(kind_of(p) is not None for p in plan) and canon("".join(plan)) == hand_of(hand)


def is_fewest_plan(hand: Cards, plan: Plan) -> bool:
    """:func:`is_plan`, with as many plays as :func:`fewest_plays`."""
    return is_plan(hand, plan) and len(plan) == fewest_plays(hand)


def iter_plans(hand: Cards, n: int) -> Iterator[Plan]:
    """Every plan of exactly ``n`` plays for the hand, one by one (each a list of plays in the
    order found, lowest first; a plan may come more than once when two of its plays share their
    lowest rank). Same branching as :func:`fewest_plays`, and complete for the same reason; a branch
    stops when the rest cannot be split into the plays left (fewer cards than plays, or more
    fewest plays than plays left)."""
    done: list[str] = []

    def walk(key: int, left: int) -> Iterator[Plan]:
        if key == 0:
            if left == 0:
                yield list(done)
            return
        if left <= 0 or _fewest(key) > left or _size(key) < left:
            return
        for p, k in _with_lowest(key):
            done.append(p)
            yield from walk(key - k, left - 1)
            done.pop()

    return walk(_hand_key(hand_of(hand)), n)


def plans(hand: Cards, n: int) -> list[Plan]:
    """:func:`iter_plans` as a list."""
    return list(iter_plans(hand, n))


def _size(key: int) -> int:
    return sum((key >> (4 * r)) & 15 for r in range(15))


def exists_plan(hand: Cards, n: int, predicate: Predicate) -> Plan | None:
    """A plan of exactly ``n`` plays for which ``predicate`` holds, or None when there is none
    (the plans of :func:`iter_plans` are tried until one holds)."""
    return next((p for p in iter_plans(hand, n) if predicate(p)), None)


class Spending(TypedDict):
    """What a plan does with its cards (:func:`spends`)."""

    kickers: str
    """Every card the plan plays as a kicker (canonical)."""
    bodies: str
    """Every card the plan plays in a body (canonical)."""
    bombs: str
    """The ranks played as a bomb, one symbol each (``"9"`` for 9999)."""
    rocket: bool
    """Both jokers are played together, as the rocket."""
    fours_with_kickers: str
    """The ranks whose four cards are the body of a four-with-two (not a bomb)."""
    split_fours: str
    """The ranks of which the plan holds all four cards but neither as a bomb nor as a
    four-with-two body: spread over several plays, or partly as kickers."""
    where: dict[str, list[tuple[str, int]]]
    """For each card symbol in the plan: the plays that hold it and how many copies each, in plan order."""


def spends(plan: Plan) -> Spending:
    """What a plan of legal plays spends: its kickers, its bombs kept whole, its fours broken."""
    plays = [_play(p) for p in plan]
    kinds = [all_legal()[p] for p in plays]
    union = Counter("".join(plays))
    bombs = canon("".join(p[0] for p, k in zip(plays, kinds) if k == "bomb"))
    fours = canon("".join(body_of(p)[0] for p, k in zip(plays, kinds) if k.startswith("four_two")))
    split = canon("".join(ch for ch in RANKS[:13] if union[ch] == 4 and ch not in bombs and ch not in fours))
    where = {ch: [(p, p.count(ch)) for p in plays if ch in p] for ch in dict.fromkeys(canon(union))}
    return {
        "kickers": canon("".join(kickers_of(p) for p in plays)),
        "bodies": canon("".join(body_of(p) for p in plays)),
        "bombs": bombs,
        "rocket": "BR" in plays,
        "fours_with_kickers": fours,
        "split_fours": split,
        "where": where,
    }


def keeps(cards: Cards) -> Predicate:
    """A predicate on plans: the plan keeps ``cards`` as cards of their own plays, not as kickers.

    For each rank in ``cards``: four of a rank (``"9999"``) must be played as that bomb; both
    jokers (``"BR"``) as the rocket; otherwise (``"22"``, ``"B"``) at least that many cards of the
    rank must be in bodies, none spent as a kicker of a trio, an airplane or a four.
    """
    want = Counter(canon(cards))

    def holds(plan: Plan) -> bool:
        s = spends(plan)
        bodies = Counter(s["bodies"])
        for ch, n in want.items():
            if n == 4 and ch not in s["bombs"]:
                return False
            if bodies[ch] < n:
                return False
        return not (want["B"] and want["R"] and not s["rocket"])

    return holds


def plans_keeping(hand: Cards, n: int, keep: Cards) -> Plan | None:
    """A plan of exactly ``n`` plays that :func:`keeps` the cards ``keep``, or None."""
    return exists_plan(hand, n, keeps(keep))


# --- what the other seats may hold ------------------------------------------------------------

FULL_DECK = to_str(rules.DECK)


def unseen(*seen: Cards) -> str:
    """The cards of the deck outside every multiset given (a seat's own hand, the cards played, the
    revealed kitty…): what that seat has not seen. ``ValueError`` if the given cards hold more
    copies of a card than the deck."""
    return without(FULL_DECK, hand_of("".join(canon(s) for s in seen)))


def unseen_answers(
    play: Cards, unseen_cards: Cards, counts: Mapping[Any, int], known: Mapping[Any, Cards] | None = None
) -> set[str]:
    """The plays that some seat of ``counts`` (any seat name -> number of cards it holds) may hold and that
    beat ``play``, over every way the ``unseen_cards`` may lie among those seats (cards beyond the
    seats' counts lie elsewhere: the kitty, a seat left out). ``known``: cards a seat is known to
    hold (the kitty cards the landlord has not played), part of ``unseen_cards`` and of its count.

    A play ``a`` can be in seat ``s``'s hand iff the part of ``a`` that is not known to be there
    fits in the cards nobody is known to hold and in the room ``s`` has left beside its known
    cards: give it to ``s`` and deal the rest anyhow (there are enough, as the counts add up to at
    most the unseen cards); and a seat's hand is always its known cards and free ones.
    """
    u = hand_of(unseen_cards)
    if any(n < 0 for n in counts.values()) or sum(counts.values()) > len(u):
        raise ValueError(f"the seats hold {sum(counts.values())} cards, but only {len(u)} are unseen")
    must = {s: Counter(canon((known or {}).get(s, ""))) for s in counts}
    free = Counter(u)
    for s, k in must.items():
        if k.total() > counts[s]:
            raise ValueError(f"seat {s} holds {counts[s]} cards, but is known to hold {canon(k)}")
        free.subtract(k)
    if any(n < 0 for n in free.values()):
        raise ValueError("the known cards are not all unseen")

    def held(a: str, s: Any) -> bool:
        extra = Counter(a) - must[s]
        return all(free[ch] >= n for ch, n in extra.items()) and extra.total() <= counts[s] - must[s].total()

    return {a for a in answers(u, play) if any(held(a, s) for s in counts)}


def can_be_beaten_by_unseen(
    play: Cards, unseen_cards: Cards, counts: Mapping[Any, int], known: Mapping[Any, Cards] | None = None
) -> bool:
    """Some split of the unseen cards gives some seat of ``counts`` a play that beats ``play``
    (so «recupera la salida» is true only when this is False); ``known`` as in :func:`unseen_answers`."""
    return bool(unseen_answers(play, unseen_cards, counts, known))
