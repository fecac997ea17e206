"""The evaluator behind every piece of advice: each move of a seat, judged over the splits of the
cards it cannot see.

A seat knows its own hand, the others' card counts and the kitty cards the landlord has not played.
Every *split* of the unseen cards between the other two seats that fits that knowledge is a deal the
seat could be facing. For each split and each legal move, :func:`ddz.endgame.move_wins` says whether
the move's side wins with every card visible and perfect play on both sides («a cartas vistas»).

- When the splits are few (at most :data:`EXACT_SPLITS` distinct ones, by rank, and their searches fit), every one is judged:
  a move that wins in every split wins whatever the others hold (at open cards), one that wins in none
  loses whatever they hold. The counts are of *deals*: each split weighs as many ways as the unseen
  cards can be dealt so (the product of binomials per rank), so they are chances, not rank patterns.
- Otherwise :data:`SAMPLES` deals are drawn at random (seeded by what the seat has seen, so the same
  view gives the same sample) and each is judged exactly: an estimate, with its size.

A pass never proves anything (passing is always allowed), so only the counts and the kitty narrow
the splits (decision D-ADVICE-SPLITS of the rule index).

The evaluation is bounded: at most :data:`NODES` positions searched over all splits; past it,
:func:`evaluate` answers None and the caller keeps its heuristic.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import NUM_RANKS, Cards
from ..codes import cards_of
from ..endgame import EndgameError, Position, move_wins, new_tables
from ..game import PASS, PLAYING, Game
from ..moves import follow_keys
from ..plays import classify
from ..variants import STANDARD
from .solver import min_plays

ZONE_CARDS = 20
"""The evaluator judges a position when the three hands hold at most this many cards together."""
EXACT_SPLITS = 400
"""Every split is judged when there are at most this many distinct ones (by rank) and their searches
fit in :data:`NODES`."""
SAMPLES = 40
"""Else this many random deals of the unseen cards are judged (an estimate)."""
NODES = 150_000
"""The most positions the exact searches of one evaluation may visit, all splits together (whether an
evaluation fits depends on what earlier searches left in the solver's tables; its answer, when it
gives one, does not)."""
PROJECT_AFTER = 4
"""After this many splits, an evaluation whose pace would take it past :data:`NODES` stops."""


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One move over the splits judged: the deals it wins at open cards (``wins`` of ``deals``)
    and how many of them let an opponent answer it (``answered``; 0 for a pass)."""

    action: str
    wins: int
    deals: int
    answered: int

    @property
    def share(self) -> float:
        return self.wins / self.deals

    @property
    def always(self) -> bool:
        """Wins in every split judged."""
        return self.wins == self.deals

    @property
    def never(self) -> bool:
        """Wins in none of the splits judged."""
        return self.wins == 0


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every legal move of ``seat``, best first (most deals won, then least answerable, then the
    fewest plays left, then the engine's move order). ``exact``: every split was judged (``deals``
    is then every way to deal the unseen cards); else ``deals`` random deals were (an estimate).
    ``splits``: how many distinct splits (by rank) were judged."""

    seat: int
    moves: tuple[MoveValue, ...]
    exact: bool
    deals: int
    splits: int

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value(self, action: str) -> MoveValue:
        """The value of ``action`` (a pass or cards in any order); :class:`~ddz.endgame.EndgameError`
        ``illegal_move`` when it is not a legal move here."""
        key = _key(action)
        for m in self.moves:
            if _key(m.action) == key:
                return m
        raise EndgameError("illegal_move", {"move": action})

    def tied(self) -> tuple[MoveValue, ...]:
        """The moves that win as many deals as the best."""
        return tuple(m for m in self.moves if m.wins == self.best.wins)


def _key(action: str) -> str:
    return PASS if action == PASS else str(Cards(action))


def known_hands(game: Game, seat: int) -> tuple[list[int], list[int], dict[int, Cards]]:
    """What ``seat`` knows of the others: the other two seats (in turn order from ``seat``), the
    unseen cards per rank that may be anywhere, and the cards each other seat must hold (the kitty
    cards the landlord has not played, when the landlord is another seat)."""
    others = [(seat + 1) % 3, (seat + 2) % 3]
    must = {o: Cards() for o in others}
    if game.landlord in must:
        played = game.landlord_played.counts
        must[game.landlord] = Cards(max(k - p, 0) for k, p in zip(cards_of(game.kitty).counts, played))
    pool = list(game.unseen_cards(seat).counts)
    return others, pool, must


def count_splits(pool: list[int], n: int) -> int:
    """How many distinct ways (by rank) to take ``n`` cards from ``pool`` (counts per rank)."""
    ways = [1] + [0] * n
    for c in pool:
        ways = [sum(ways[j - k] for k in range(min(c, j) + 1)) for j in range(n + 1)]
    return ways[n]


def splits(pool: list[int], n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way (by rank) to take ``n`` cards from ``pool``, with how many deals of the physical
    cards give it (the product of ``comb(pool[r], k[r])``)."""
    size = len(pool)
    left = [sum(pool[r:]) for r in range(size)] + [0]
    taken = [0] * size

    def walk(r: int, need: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if r == size:
            if need == 0:
                yield tuple(taken), weight
            return
        for k in range(max(0, need - left[r + 1]), min(pool[r], need) + 1):
            taken[r] = k
            yield from walk(r + 1, need - k, weight * math.comb(pool[r], k))
        taken[r] = 0

    yield from walk(0, n, 1)


def _sample(game: Game, seat: int, pool: list[int], n: int) -> list[tuple[tuple[int, ...], int]]:
    """:data:`SAMPLES` random deals of ``pool`` (``n`` cards to the first other seat), each of
    weight 1, from a generator seeded by what ``seat`` has seen."""
    rng = random.Random(zlib.crc32(f"advice|{seat}|{game.hand(seat)}|{'.'.join(game.actions)}".encode()))
    cards = [r for r in range(NUM_RANKS) for _ in range(pool[r])]
    out = []
    for _ in range(SAMPLES):
        rng.shuffle(cards)
        taken = [0] * NUM_RANKS
        for r in cards[:n]:
            taken[r] += 1
        out.append((tuple(taken), 1))
    return out


_MEMO: dict[tuple[str, str, int, int], Evaluation | None] = {}
_MEMO_LIMIT = 512


def evaluate(game: Game, seat: int | None = None, nodes: int = NODES) -> Evaluation | None:
    """Judge every legal move of ``seat`` (the seat to move, in the play phase) over the splits of
    the unseen cards; None outside the zone (more than :data:`ZONE_CARDS` cards in the three hands,
    not the play phase, a variant's rules, or searches past ``nodes`` positions). The answer for a
    position (and its history) is remembered: the hint and the review of the same decision read
    the same evaluation."""
    seat = game.turn if seat is None else seat
    if game.phase != PLAYING or seat != game.turn or game.variant != STANDARD:
        return None
    if sum(len(h) for h in game.hands) > ZONE_CARDS:
        return None
    key = (game.position(), ".".join(game.actions), seat, nodes)
    if key not in _MEMO:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = _evaluate(game, seat, nodes)
    return _MEMO[key]


def _evaluate(game: Game, seat: int, nodes: int) -> Evaluation | None:
    """Every split when they are few and their searches fit in ``nodes``; else a sample."""
    others, pool, must = known_hands(game, seat)
    first = len(game.hands[others[0]]) - len(must[others[0]])
    if count_splits(pool, first) <= EXACT_SPLITS:
        got = _judge(game, seat, list(splits(pool, first)), True, nodes)
        if got is not None:
            return got
    return _judge(game, seat, _sample(game, seat, pool, first), False, nodes)


def _judge(
    game: Game, seat: int, judged: list[tuple[tuple[int, ...], int]], exact: bool, nodes: int
) -> Evaluation | None:
    """The evaluation over the splits ``judged`` (each with its weight); None past ``nodes``."""
    others, pool, must = known_hands(game, seat)
    hand = game.hand(seat)
    wins: dict[str, int] = {}
    answered: dict[str, int] = {}
    opponents = [o for o in others if (o == game.landlord) != (seat == game.landlord)]
    left = nodes
    total = 0
    tables = new_tables()  # its own: the nodes it counts, and so whether it fits, depend on the splits alone
    for done, (taken, weight) in enumerate(judged, 1):
        rest = [p - k for p, k in zip(pool, taken)]
        hands = [hand, hand, hand]
        hands[others[0]] = must[others[0]] + Cards(taken)
        hands[others[1]] = must[others[1]] + Cards(rest)
        try:
            got, spent = move_wins(Position.of_game(_View(game, hands)), left, tables)
        except EndgameError:
            return None
        left -= spent
        if done >= PROJECT_AFTER and (nodes - left) * len(judged) > nodes * done:
            return None  # at this pace the splits left would not fit: give up now, not at the bound
        total += weight
        for action, won in got:
            wins[action] = wins.get(action, 0) + (weight if won else 0)
            if action not in answered:
                answered[action] = 0
            if action != PASS and _answerable(action, [hands[o] for o in opponents]):
                answered[action] += weight
    order = list(wins)
    values = [MoveValue(a, wins[a], total, answered[a]) for a in order]
    fewest = {a: (min_plays(hand) if a == PASS else min_plays(hand - Cards(a))) for a in order}
    values.sort(key=lambda m: (-m.wins, m.answered, fewest[m.action], order.index(m.action)))
    return Evaluation(seat, tuple(values), exact, total, len(judged))


def _answerable(action: str, hands: list[Cards]) -> bool:
    p = classify(action)
    return any(follow_keys(list(h.counts), p) for h in hands)


class _View:
    """A game's play phase with the hands of one split (what :meth:`Position.of_game` reads)."""

    __slots__ = ("hands", "landlord", "table", "table_seat", "turn", "variant")

    def __init__(self, game: Game, hands: list[Cards]) -> None:
        self.hands = hands
        self.landlord, self.turn, self.variant = game.landlord, game.turn, game.variant
        self.table, self.table_seat = game.table, game.table_seat

    def hand(self, seat: int) -> Cards:
        return self.hands[seat]


__all__ = [
    "EXACT_SPLITS",
    "NODES",
    "SAMPLES",
    "ZONE_CARDS",
    "Evaluation",
    "MoveValue",
    "count_splits",
    "evaluate",
    "known_hands",
    "splits",
]
