"""CPU players and hints, built on the minimum-plays solver.

Only what the seat may see is used: its own hand, the others' card counts, the table, the
landlord and the card counter (unseen cards). Deterministic: no randomness at all.
"""

from __future__ import annotations

import functools
import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from ..cards import (
    BLACK_JOKER,
    FULL_DECK,
    NUM_RANKS,
    RANK_NAMES_ES,
    RANKS,
    RED_JOKER,
    TWO,
    Cards,
    parse,
    unpack,
)
from ..codes import cards_of
from ..endgame import EndgameError, Position, cache_entries, clear_caches, winner
from ..game import BIDDING, PASS, PLAYING, Game, GameError
from ..messages import CodedError
from ..moves import follow_keys, legal_plays, plays_for_keys
from ..plays import CHAIN_KINDS, Play, classify
from ..variants import STANDARD
from .evaluate import Evaluation, evaluate, known_hands
from .helpers import Helper
from .quick import PlayPosition as _Position
from .quick import quick_play
from .reasons import Reason, render
from .solver import decompose, min_cost, min_plays, min_plays_key, plays_with_lowest
from .tricks import GROUPS as _GROUPS
from .tricks import control_spent, higher_seen
from .tricks import is_boss as _is_boss
from .weights import DANGER, WEIGHTS


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested action and why: a structured :class:`Reason` (rendered by :func:`render`)."""

    action: str
    why: Reason
    plays_left: int

    @property
    def reason(self) -> str:
        """The reason as a Spanish sentence addressed to the player («te deja en 3 jugadas…»)."""
        return render(self.why, "tú")

    def about(self, name: str) -> str:
        """The reason as a sentence about the seat called ``name`` («le deja en 3 jugadas…»)."""
        return render(self.why, name)


LEVELS = ("easy", "normal", "hard")
"""The CPU levels, weakest first (:class:`Cpu`, :func:`choose_play`)."""


class AiError(CodedError):
    """A request the CPU players cannot take: an unknown level (a ``ValueError``; catalog codes
    ``ai.*``)."""

    group = "ai"


"""The CPU levels, weakest first (``hard`` is the strongest: hints use it)."""

LEVEL_NAMES_ES = {"easy": "Fácil", "normal": "Normal", "hard": "Difícil"}
"""How the app names the levels."""

SEAT_NAMES = ("Sur", "Este", "Oeste")
"""How the reasons name the seats (seat 0 is Sur, the player of the tutorial)."""


def control_summary(cards: Cards, plan: list[str] | None = None) -> dict[str, object]:
    """The control cards in ``cards``: 2s, jokers, rocket, bombs (what wins the lead back).

    With the ``plan`` that plays ``cards`` out (plays as people write them, kickers after a space),
    only what the plan keeps counts: a 2 or a joker carried as a kicker is spent (kickers add no
    strength), a bomb counts only when the plan plays it as a bomb and the rocket only as the
    rocket; four cards spent otherwise are not a bomb any more (``bombs_spent`` lists them, with
    every play of the plan that holds them)."""
    c = cards.counts
    if plan is not None:
        c = parse(" ".join(p.split()[0] for p in plan)).counts  # the bodies: kickers are spent
    jokers = [name for r, name in ((BLACK_JOKER, "pequeño"), (RED_JOKER, "grande")) if c[r]]
    quads = [r for r in range(13) if cards.counts[r] == 4]
    out: dict[str, object] = {
        "twos": c[TWO] if cards.counts[TWO] < 4 else 0,
        "jokers": jokers,
        "rocket": len(jokers) == 2 and (plan is None or "BR" in plan),
        "bombs": [RANK_NAMES_ES[r] for r in quads if plan is None or RANKS[r] * 4 in plan],
    }
    if plan is not None:
        out["bombs_spent"] = [
            {"rank": RANK_NAMES_ES[r], "plays": [q for q in plan if RANKS[r] in q]}
            for r in quads
            if RANKS[r] * 4 not in plan
        ]
    return out


def beaters(p: Play, pool: list[int], most: int = 20) -> list[Play]:
    """Every play that the cards of ``pool`` (per rank) could make to beat ``p`` in a hand of at
    most ``most`` cards: what some split of those cards could still answer it with."""
    return [q for q in plays_for_keys(follow_keys(pool, p), STANDARD) if len(q.cards) <= most]


Holders = tuple[list[int], list[tuple[int, list[int]]]]
"""What a seat knows of where the unseen cards lie: the cards nobody is known to hold (per rank),
and each other seat's count with the cards it must hold (the landlord's unplayed kitty cards)."""


def holders(game: Game, seat: int) -> Holders:
    """The :data:`Holders` of ``seat`` in ``game``."""
    others, free, must = known_hands(game, seat)
    return free, [(len(game.hands[o]), list(must[o].counts)) for o in others]


def _held(q: Play, known: Holders) -> bool:
    """Some other seat may hold ``q``: the part of it that seat is not known to hold fits in the
    free cards and in the room beside its known ones."""
    free, seats = known
    for count, must in seats:
        extra = [max(n - m, 0) for n, m in zip(q.cards.counts, must)]
        if all(e <= f for e, f in zip(extra, free)) and sum(extra) <= count - sum(must):
            return True
    return False


def control_back(p: Play, pool: list[int], most: int, known: Holders | None = None) -> Reason:
    """A ``control_back`` reason for ``p``, a play whose body is 2s, a joker or the rocket: sure
    when nothing in ``pool`` (what the others may hold) can beat it, else what still can. With
    ``known``, only what some seat can hold beside the cards it is known to hold (the landlord's
    kitty cards can rule a bomb out)."""
    answers = beaters(p, pool, most)
    if known is not None:
        answers = [q for q in answers if _held(q, known)]
    higher = sorted({q.rank for q in answers if q.kind == p.kind})
    found = [{"rank": RANKS[r]} for r in higher]
    bombs = any(q.kind == "bomb" for q in answers)
    rocket = any(q.kind == "rocket" for q in answers)
    kind = str(p.kind)
    if kind not in ("single", "pair", "bomb", "rocket"):
        kind = "four" if kind.startswith("four_two") else "trio"  # a trio's kicker carries no strength
    return Reason(
        "control_back",
        {
            "kind": kind,
            "rank": RANKS[p.rank],
            "sure": not answers,
            "higher": found,
            "bomb": bombs,
            "rocket": rocket,
        },
    )


def _has_control(summary: dict[str, object]) -> bool:
    return bool(summary["twos"] or summary["jokers"] or summary["bombs"] or summary.get("bombs_spent"))


def _plan(rest: Cards) -> list[str]:
    """How the rest of the hand goes out in the fewest plays, as people write them."""
    return [p.shown() for p in decompose(rest)]


def hand_strength(hand: Cards) -> float:
    """A bidding valuation: control cards count up, the number of plays counts down."""
    c = hand.counts
    bombs = sum(1 for r in range(13) if c[r] == 4)
    rocket = c[BLACK_JOKER] and c[RED_JOKER]
    high = 2.0 * c[RED_JOKER] + 1.5 * c[BLACK_JOKER] + 1.0 * c[TWO] + 2.0 * bombs + (1.0 if rocket else 0.0)
    return high + (7 - min_plays(hand))


def bid_for(hand: Cards, highest: int) -> int:
    """The bid (0 = pass) for a 17-card hand, given the highest bid so far."""
    s = hand_strength(hand)
    level = 3 if s >= 4 else 2 if s >= 2.5 else 1 if s >= 1 else 0
    return level if level > highest else 0


ENDGAME_CARDS = 12
"""The exact endgame search runs when the hand holds at most this many cards."""


_View = tuple[dict[int, bool], dict[int, int], dict[int, bool]]
"""What is known for one view (the unseen cards and the most cards a seat holds): which plays are
sure tricks, the fewest beatable plays by part-hand, and whether a part-hand can be played out with
at most 0 or 1 beatable plays (see :func:`_one_open`)."""
_ENDGAME: dict[tuple[tuple[int, ...], int], _View] = {}


def _endgame(unseen: list[int], most: int) -> _View:
    """What is known of the plays for the same unseen cards, kept for the next search."""
    view = (tuple(unseen), most)
    got = _ENDGAME.get(view)
    if got is None:
        if len(_ENDGAME) > 256:
            _ENDGAME.clear()
        got = _ENDGAME[view] = ({}, {0: 0}, {})
    return got


def _beatable(p: int, boss: dict[int, bool], unseen: list[int], most: int) -> int:
    b = boss.get(p)
    if b is None:
        b = boss[p] = _is_boss(plays_for_keys([p], STANDARD)[0], unseen, most)
    return 0 if b else 1


_CACHE_LIMIT = 50_000
"""How many answers each memo below keeps (the least recently used go first)."""


@functools.lru_cache(maxsize=_CACHE_LIMIT)
def _boss(p: Play, seen: tuple[int, ...], most: int) -> bool:
    """:func:`_is_boss` for the unseen cards ``seen``, remembered (playouts ask it again and again)."""
    return _is_boss(p, seen, most)


@functools.lru_cache(maxsize=_CACHE_LIMIT)
def _sure(rest: int, seen: tuple[int, ...], most: int) -> bool:
    """:func:`_sure_win` for the unseen cards ``seen`` and the packed rest of a hand, remembered."""
    return _sure_win(Cards.from_key(rest), list(seen), most)


def _one_open(key: int, open_: int, beatable: Callable[[int], int], memo: dict[int, bool]) -> bool:
    """Can the packed hand ``key`` be played out with at most ``open_`` (0 or 1) beatable plays?
    Exact: every way of playing out a hand starts, in some order, with a play holding its lowest
    card, so only those are tried; a branch ends as soon as it would need one beatable play too many
    (the fewest beatable plays over every way, then compared with 1, took about 15 µs a call where
    this takes 9)."""
    if not key:
        return True
    m = key << 1 | open_
    got = memo.get(m)
    if got is None:
        got = memo[m] = any(
            b <= open_ and _one_open(key - p, open_ - b, beatable, memo)
            for p in plays_with_lowest(key)
            for b in (beatable(p),)
        )
    return got


def _sure_win(rest: Cards, unseen: list[int], most: int = 20) -> bool:
    """After this play, can the rest be played out with at most one beatable play?"""
    boss, _, open_memo = _endgame(unseen, most)
    if not _one_open(rest.key, 1, lambda p: _beatable(p, boss, unseen, most), open_memo):
        return False  # no way of playing it out fits, so the plan below does not either
    if len(rest) <= ENDGAME_CARDS:
        return True
    plays = decompose(rest)
    return sum(not _is_boss(p, unseen, most) for p in plays) <= 1


def sure_order(first: Play, rest: Cards, pool: list[int], most: int) -> dict[str, object]:
    """The order that wins for sure after ``first``: the plays nobody holding at most ``most`` of
    ``pool`` can beat, then the one play that could be beaten (if any) last. Returned as the data
    of a ``sure_win`` reason: ``order`` (every play, ``first`` included, as people write them) and
    ``last_open`` (the last play could be beaten: it is played when nothing else is left)."""
    if len(rest) <= ENDGAME_CARDS:
        boss, memo, _ = _endgame(pool, most)

        def beatable(k: int) -> int:
            return _beatable(k, boss, pool, most)

        plays: list[Play] = []
        key = rest.key
        while key:
            target = min_cost(key, beatable, memo)
            k = next(
                q for q in plays_with_lowest(key) if beatable(q) + min_cost(key - q, beatable, memo) == target
            )
            plays.append(plays_for_keys([k], STANDARD)[0])
            key -= k
    else:
        plays = decompose(rest)
    sure = [q for q in plays if _is_boss(q, pool, most)]
    open_ = [q for q in plays if not _is_boss(q, pool, most)]
    assert len(open_) <= 1, "sure_order of a rest that is not a sure win"
    return {"order": [q.shown() for q in (first, *sure, *open_)], "last_open": bool(open_)}


@dataclass
class _Seat:
    game: _Position
    seat: int
    known: list[int] | None = None
    """The seat's unseen cards when the caller already has them (playouts keep them up to date)."""
    pool: list[int] | None = None
    """Every card the other seats may hold, when the caller already has it (see :func:`others_pool`)."""

    def __post_init__(self) -> None:
        g = self.game
        self.hand = g.hand(self.seat)
        if self.known is None or self.pool is None:
            assert isinstance(g, Game), "a playout position passes its unseen cards and pool"
            self.known, self.pool = list(g.unseen_cards(self.seat).counts), others_pool(g, self.seat)
        self.unseen = self.known
        self.seen = tuple(self.pool)
        """What the others may hold: the unseen cards and the kitty cards the landlord still holds
        (a farmer knows them, so they are not «unseen», but they can beat a play all the same)."""
        self.landlord = g.landlord if g.landlord is not None else -1
        self.is_landlord = self.seat == self.landlord
        self.partner = -1 if self.is_landlord else 3 - self.seat - self.landlord
        self.opponents = [s for s in range(3) if s != self.seat and s != self.partner]
        self.counts = [len(h) for h in g.hands]
        self.near = min(self.counts[s] for s in self.opponents)
        """The fewest cards an opponent holds."""
        self.most = max(self.counts[o] for o in range(3) if o != self.seat)
        """The most cards another seat holds (partner included: a sure win must hold against both)."""
        self.plays_now = min_plays(self.hand)
        c = self.hand.counts
        self.quads = [r for r in range(13) if c[r] == 4]
        self.holds_rocket = bool(c[BLACK_JOKER] and c[RED_JOKER])

    def min_opponent_cards(self) -> int:
        return self.near

    def higher_unseen(self, p: Play) -> bool:
        """Could a card (or pair) the others may hold beat this single (or pair)?"""
        return higher_seen(self.seen, p)


def others_pool(game: Game, seat: int) -> list[int]:
    """Per rank, the cards the two other seats may hold between them: the full deck less the seat's
    hand and every card played (the kitty cards the landlord still holds are in it)."""
    pool = list(FULL_DECK.counts)
    for r, n in enumerate(game.hand(seat).counts):
        pool[r] -= n
    for _, action in game.trail:
        if action != PASS:
            for r, n in enumerate(parse(action).counts):
                pool[r] -= n
    return pool


HARD_DANGER = 5
"""«Difícil» bombs (and stops passing for free) when an opponent has at most this many cards."""


def _play_cost(
    s: _Seat, p: Play, leading: bool, hard: bool = False, floor: int | None = None
) -> tuple[float, Reason, str]:
    """The cost of a play (lower is better), its reason (without what :func:`_explained` adds for
    the chosen play), and what makes it expensive (if anything).

    With ``floor`` (at most the plays the rest of the hand needs), a lower bound of that cost, found
    without solving the rest: every term grows with the plays left, and a sure win is assumed
    wherever nobody can beat the play (the reason then means nothing)."""
    rest_key = s.hand.key - p.cards.key
    bound = floor is not None
    m = min_plays_key(rest_key) if floor is None else floor if rest_key else 0
    if m == 0:
        return -1000.0, _GO_OUT, ""
    w = WEIGHTS
    cost = w.plays * m + w.rank * p.rank
    reason = _BOUND if bound else Reason("fewest_plays", {"plays": m, "plan": []})
    expense = "more_plays" if m >= s.plays_now else ""
    near_count = s.near
    danger = near_count <= (HARD_DANGER if hard else DANGER)
    counts = p.cards.counts
    control = control_spent(p)
    if control and m > 2 and not danger:
        cost += w.control * control
        expense = "control"
    for r in s.quads:
        if 0 < counts[r] < 4:
            cost += w.break_bomb  # do not break a bomb for a trio or a four-with-two
            expense = f"break_bomb:{RANK_NAMES_ES[r]}"
    if s.holds_rocket and p.kind != "rocket" and (counts[BLACK_JOKER] or counts[RED_JOKER]):
        cost += w.split_rocket  # do not split the rocket
        expense = "split_rocket"
    if p.is_bomb:
        if m <= 1 or danger:
            near = min(s.opponents, key=lambda o: s.counts[o])
            why = (
                {"why": "few_plays"}
                if m <= 1
                else {"why": "danger", "who": SEAT_NAMES[near], "cards_left": s.counts[near]}
            )
            reason = Reason("bomb_now", {"rocket": p.kind == "rocket", **why})
        else:
            cost += w.bomb
            expense = "bomb"
    if leading and near_count == 1 and p.kind == "single" and s.higher_unseen(p):
        cost += w.low_single - w.low_single_rank * p.rank  # if a single must go, the highest one
    if leading and near_count == 1 and p.kind == "single":
        near = min(s.opponents, key=lambda o: s.counts[o])
        reason = Reason("high_single", {"who": SEAT_NAMES[near]})
    if leading and near_count == 2 and p.kind == "pair" and s.higher_unseen(p):
        cost += w.low_pair
    if hard and leading and reason.code == "fewest_plays":
        cost, reason = _attach_kickers(s, p, m, cost, reason)
    if (
        not bound
        and reason.code == "fewest_plays"
        and leading
        and p.kind in CHAIN_KINDS
        and len(p.cards) >= 6
    ):
        reason = Reason("long_chain", {"cards": p.shown(), "n": len(p.cards)}, (reason,))
    most = s.most
    if _boss(p, s.seen, most):
        if bound:
            cost -= SURE_WIN  # perhaps a sure win (the reason is left as it is: a bound has none)
        elif _sure(rest_key, s.seen, most):
            cost -= SURE_WIN
            reason = Reason("sure_win")
    return cost, reason, expense


_GO_OUT = Reason("go_out")
_BOUND = Reason("fewest_plays", {"plays": 0, "plan": []})
"""The reason a lower bound carries (read only for its code: a bound's reason means nothing)."""


SURE_WIN = 500.0
"""What a sure win takes off a play's cost."""


LOW_KICKER = 7
"""Ranks below this (3 to 9) are the low cards «Difícil» would rather carry on a trio than lead alone."""


def _attach_kickers(s: _Seat, p: Play, m: int, cost: float, reason: Reason) -> tuple[float, Reason]:
    """«Difícil»: a lone low single or pair is not led when a trio in the hand could carry it
    without costing a play; a trio that carries one is preferred to the trio alone."""
    c = s.hand.counts
    trios = [r for r in range(13) if c[r] == 3]
    if p.kind in ("single", "pair") and p.rank < LOW_KICKER and any(r != p.rank for r in trios):
        carried = [
            r for r in trios if r != p.rank and min_plays(s.hand - p.cards - Cards.from_ranks([r] * 3)) <= m
        ]
        if carried:
            return cost + WEIGHTS.lone_low, reason
    if p.kind in ("trio_single", "trio_pair") and p.chain == 1:
        kicker = next(r for r in range(NUM_RANKS) if p.kickers.counts[r])
        if kicker < LOW_KICKER:
            return cost - WEIGHTS.attach, Reason(
                "attach_kicker",
                {"cards": p.shown(), "kicker": str(p.kickers), "pair": len(p.kickers) == 2},
                (reason,),
            )
    return cost, reason


def _cover_partner(s: _Seat, game: _Position) -> bool:
    """«Difícil»: the farmer just before the landlord must overtake its partner's low play when the
    landlord, next to play, has few cards and could beat it."""
    table = game.table
    return (
        table is not None
        and game.table_seat == s.partner
        and s.seat == (s.landlord + 2) % 3
        and s.counts[s.landlord] <= HARD_DANGER
        and table.kind in ("single", "pair")
        and not _boss(table, s.seen, s.counts[s.landlord])
    )


def choose_play(
    game: Game,
    seat: int | None = None,
    level: str = "hard",
    explain: bool = True,
    helpers: Sequence[Helper] = (),
) -> Advice:
    """The CPU's choice for the player to move (in the play phase) at ``level`` (``explain=False``:
    the same choice, without the plan in the reason, for fast playouts; ``helpers``: processes that
    play «Difícil»'s playouts alongside, the same choice sooner).

    Only the seat to move has a choice to make: asking for another seat raises
    :class:`~ddz.game.GameError` ``not_your_turn`` (its hand has no play against this table yet)."""
    if level not in LEVELS:
        raise AiError("unknown_level", {"level": level, "known": list(LEVELS)})
    seat = game.turn if seat is None else seat
    if game.phase == PLAYING and seat != game.turn:
        raise GameError("not_your_turn", {"turn": game.turn})
    if level == "easy":
        return _easy_play(game, seat)
    return _decide(game, _Seat(game, seat), level == "hard", explain, helpers)


_Option = tuple[float, int, str, Reason]
"""An option of the cost order: its cost, its index in the seat's legal plays (theirs count for a
pass), the action and its reason."""


def _options(game: _Position, s: _Seat, hard: bool) -> tuple[list[Play], list[_Option]]:
    """The seat's legal plays and its best options by cost, cheapest first (the pass among them when
    it may pass): «Normal»'s order, or «Difícil»'s when ``hard`` (before its playouts)."""
    seat = s.seat
    plays = legal_plays(s.hand, game.table, game.variant)  # the seat's own plays
    leading = game.table is None
    now = s.plays_now
    cover = hard and _cover_partner(s, game)
    w = WEIGHTS
    expenses: dict[int, str] = {}
    feed_kind = "single" if s.counts[s.partner] == 1 else "pair"
    feeding = (
        leading
        and s.partner >= 0
        and s.counts[s.partner] <= 2
        and s.seat == (s.landlord + 2) % 3
        and s.counts[s.landlord] > s.counts[s.partner]
    )
    # the rank of the play that feeds the partner (the lowest of its kind), or -1
    fed = min((q.rank for q in plays if q.kind == feed_kind), default=-1) if feeding else -1

    def option_cost(i: int, floor: int | None = None) -> tuple[float, Reason, str]:
        """The cost, reason and expense of ``plays[i]`` (a lower bound with ``floor``: see
        :func:`_play_cost`); feeding and covering the partner included."""
        p = plays[i]
        cost, reason, expense = _play_cost(s, p, leading, hard, floor)
        if p.kind == feed_kind and p.rank == fed:
            cost -= w.feed
            reason = Reason("feed_partner", {"cards_left": s.counts[s.partner], "kind": feed_kind})
        if cover and reason.code not in ("go_out", "sure_win"):
            assert game.table is not None
            if _boss(p, s.seen, s.counts[s.landlord]):
                cost -= w.cover_boss  # a play the landlord cannot beat
            reason = Reason(
                "cover_partner",
                {
                    "table": game.table.shown(),
                    "who": SEAT_NAMES[s.landlord],
                    "cards_left": s.counts[s.landlord],
                },
            )
        return cost, reason, expense

    options: list[_Option] = []
    # The best plays by cost (as many as the playouts compare), without solving the rest of the hand
    # for a play whose lower bound already puts it behind them: the plays left after any play are at
    # least the hand's own less one (the solver's plays are the standard rules' plays).
    floor = max(now - 1, 1) if game.variant == STANDARD else 1
    keep = ROLLOUT_CANDIDATES if hard else 1
    for bound, i in sorted((option_cost(i, floor)[0], i) for i in range(len(plays))):
        if len(options) >= keep and (bound, i) > options[keep - 1][:2]:
            break  # this play and the rest cost more than the best ones: they are not chosen
        cost, reason, expenses[i] = option_cost(i)
        options.append((cost, i, str(plays[i]), reason))
        options.sort(key=lambda o: (o[0], o[1]))
    if not leading:
        assert game.table is not None
        cost = w.plays * now + w.pass_base
        table = game.table.shown()
        table_seat = game.table_seat
        if not plays:
            reason = Reason("forced_pass", {"table": table})
        elif table_seat == s.partner:
            reason = Reason("partner_leads")
        else:
            best = min(options, key=lambda o: (o[0], o[1]))
            reason = _save_reason(expenses.get(best[1], ""), plays[best[1]], table, now, s, plays)
        if table_seat == s.partner:
            cost += w.partner if cover else -w.partner
        elif table_seat is not None:
            if s.counts[table_seat] <= 5 or s.min_opponent_cards() <= 3:
                cost += w.pass_near
            if not s.is_landlord and seat == (s.landlord + 1) % 3:
                cost += w.press  # the farmer after the landlord presses
            if hard:
                cost += _lead_value(s)
        if any(o[0] < -900 for o in options):
            cost += 2000.0
        options.append((cost, len(plays), PASS, reason))
    options.sort(key=lambda o: (o[0], o[1]))
    return plays, options


def _decide(game: _Position, s: _Seat, hard: bool, explain: bool, helpers: Sequence[Helper] = ()) -> Advice:
    """«Normal» (or «Difícil» when ``hard``) for the seat ``s`` sees."""
    seat = s.seat
    leading = game.table is None
    now = s.plays_now
    plays, options = _options(game, s, hard)
    if hard and options[0][0] > -400 and len(options) > 1 and sum(s.counts) <= ROLLOUT_CARDS:
        assert isinstance(game, Game)  # playouts decide with hard=False
        options = _rollouts(game, s, options, helpers)
    _, index, action, reason = options[0]
    if action != PASS:
        chosen = plays[index]
        if explain:
            reason = _explained(reason, s, chosen)
        plan_of = reason.extra[0] if reason.code == "long_chain" else reason
        kept = control_summary(s.hand - chosen.cards, list(plan_of.data.get("plan", [])) or None)
        if reason.code == "fewest_plays" and not leading and chosen.rank >= TWO:
            known = holders(s.game, seat) if isinstance(s.game, Game) else None
            reason = Reason(reason.code, reason.data, (control_back(chosen, list(s.seen), s.most, known),))
        elif reason.code in ("fewest_plays", "long_chain") and leading and _has_control(kept):
            reason = Reason(reason.code, reason.data, (*reason.extra, Reason("keep_control", kept)))
        after_me = (seat + 1) % 3
        if (
            hard
            and not leading
            and reason.code == "fewest_plays"
            and game.table_seat in s.opponents
            and after_me != s.partner  # the partner, next, could still take the trick back
        ):
            assert game.table_seat is not None
            reason = Reason(
                "take_lead",
                {
                    "who": SEAT_NAMES[game.table_seat],
                    "side": after_me != game.table_seat,  # the landlord: a farmer gets the lead
                    "table": game.table.shown() if game.table else "",
                },
                (reason,),
            )
    left = now if action == PASS else min_plays(s.hand - plays[index].cards)
    return Advice(action, reason, left)


def _explained(reason: Reason, s: _Seat, chosen: Play) -> Reason:
    """``reason`` with what only a reader needs, worked out for the chosen play alone (the options
    are weighed without it): the plan of the rest of the hand and the order of a sure win."""
    extra = tuple(_explained(r, s, chosen) for r in reason.extra)
    if reason.code == "fewest_plays":
        return Reason(reason.code, {**reason.data, "plan": _plan(s.hand - chosen.cards)}, extra)
    if reason.code == "sure_win":
        return Reason(reason.code, sure_order(chosen, s.hand - chosen.cards, list(s.seen), s.most), extra)
    return Reason(reason.code, reason.data, extra)


LEAD_VALUE = (8.0, 14.0, 40.0, 6.0)
"""What passing costs «Difícil» when an opponent holds the trick: opponents far (more than 8 cards),
near, about to go out; and the extra when the hand holds plenty of control cards."""


ROLLOUT_CARDS = 54
"""«Difícil» checks its best candidates by playing the hand out when this few cards are left in the
three hands: 54, from the first play (44 while the playouts played «Normal», about four times slower
per decision than the quick policy of :mod:`ddz.ai.quick`)."""
ROLLOUT_CANDIDATES = 5
"""How many of the cost order's first options the playouts compare (3 while they played «Normal»)."""
ROLLOUT_SAMPLES = 64
"""The most deals a decision plays out (it stops sooner once the question is settled; 24 while the
playouts played «Normal», 48 until the second process stopped waiting). With the quick policy, 48
deals from the first play, 5 candidates and a budget of 15,000 won 0.605 ± 0.028 per deal against the
Difícil of 623b198 (300 deals × 2, seed 9101), where the Difícil of f786355 (24 deals from 44 cards,
3 candidates, budget 1,500, «Normal» playouts) won 0.526 ± 0.006 (3,000 deals, seed 9494). 64 deals
and a budget of 20,000 won 0.843 ± 0.037 against RLCard (150 deals × 2, seed 5353; 48 and 15,000:
0.823 on the same deals) at p95 99.4 ms a decision on two processes."""
ROLLOUT_BUDGET = 20_000
"""At most this many simulated decisions (of every playout of one decision together): enough for
all the deals in nearly every decision, so the sign test has evidence to judge."""


def rollout_deals(game: Game, seat: int) -> list[list[Cards]]:
    """«Difícil»'s sample of deals of the unseen cards that fit what ``seat`` has seen (the others'
    card counts, what the landlord must still hold of the kitty), from a generator seeded with the
    seat's own view (its hand and the public actions), so the sample depends only on that view.

    Passes weigh in: a deal where a seat that passed on its opponents' single, pair or trio held a
    whole group that beat it (see :func:`_declined`) is kept only with chance :data:`PASS_ODDS` per
    such pass, and up to :data:`SAMPLE_TRIES` shuffles look for a deal to keep (else the one with
    the fewest such passes). A pass proves nothing (a seat may keep its cards), so it only makes
    those deals rarer."""
    s = _Seat(game, seat)
    others = [o for o in range(3) if o != seat]
    rng = random.Random(zlib.crc32(f"{seat}|{s.hand}|{'.'.join(game.actions)}".encode()))
    must = {o: Cards() for o in others}
    if s.landlord in must:
        played = game.landlord_played.counts
        must[s.landlord] = Cards(max(k - p, 0) for k, p in zip(cards_of(game.kitty).counts, played))
    # the unseen cards already leave out what the landlord must still hold of the kitty
    pool = [r for r in range(NUM_RANKS) for _ in range(s.unseen[r])]
    first, second = (s.counts[o] - len(must[o]) for o in others)
    passes = _declined(game, seat)
    deals = []
    for _ in range(ROLLOUT_SAMPLES):
        fewest: tuple[int, list[Cards]] | None = None
        for _ in range(SAMPLE_TRIES):
            rng.shuffle(pool)
            deal = [s.hand, s.hand, s.hand]
            deal[others[0]] = must[others[0]] + Cards.from_ranks(pool[:first])
            deal[others[1]] = must[others[1]] + Cards.from_ranks(pool[first : first + second])
            odd = sum(_held_answer(deal[o].counts, play, later) for o, play, later in passes)
            if not odd or rng.random() < PASS_ODDS**odd:
                break  # this deal is kept
            if fewest is None or odd < fewest[0]:
                fewest = (odd, deal)
        else:
            assert fewest is not None
            deal = fewest[1]
        deals.append(deal)
    return deals


SAMPLE_TRIES = 12
"""How many shuffles :func:`rollout_deals` tries for each deal it keeps."""
PASS_ODDS = 0.35
"""How much rarer a sampled deal is made by each pass it makes unlikely (:func:`rollout_deals`)."""


def _declined(game: Game, seat: int) -> list[tuple[int, Play, list[int]]]:
    """Each pass of another seat than ``seat`` on its opponents' single, pair or trio: who passed,
    the play it passed on, and the cards it has played since (its hand then: now plus those)."""
    found: list[tuple[int, Play, int]] = []
    table: Play | None = None
    table_seat, passes = -1, 0
    lord = game.landlord
    for i, (player, action) in enumerate(game.trail):
        if action != PASS:
            table, table_seat, passes = classify(action), player, 0
            continue
        opposed = (player == lord) != (table_seat == lord)
        if table is not None and table.kind in _GROUPS and player != seat and opposed:
            found.append((player, table, i))
        passes += 1
        if passes == 2:
            table = None
    out = []
    for who, play, i in found:
        later = [0] * NUM_RANKS
        for player, action in game.trail[i + 1 :]:
            if player == who and action != PASS:
                for r, n in enumerate(parse(action).counts):
                    later[r] += n
        out.append((who, play, later))
    return out


def _held_answer(now: tuple[int, ...], play: Play, later: list[int]) -> bool:
    """Did a hand (``now`` plus the cards played ``later``) hold a whole group below the 2s (a
    single, pair or trio of one rank, nothing broken, no 2 or joker) that beats ``play``?"""
    need = _GROUPS[str(play.kind)]
    return any(now[r] + later[r] == need for r in range(play.rank + 1, TWO))


SIGNIFICANCE = 0.1
"""«Difícil» overturns its cost order only when the playouts' evidence is this clear: on the deals
where the two candidates differ, the chance of a lead at least as large if they were equal (a one-sided
sign test on paired deals)."""


def sign_test(better: int, worse: int) -> float:
    """One-sided sign test: the chance of at least ``better`` wins out of ``better + worse`` paired
    deals that differ, were the two candidates equally good."""
    n = better + worse
    return sum(math.comb(n, k) for k in range(better, n + 1)) / 2**n if n else 1.0


def _rollouts(game: Game, s: _Seat, options: list[_Option], helpers: Sequence[Helper] = ()) -> list[_Option]:
    """«Difícil»'s check: play the best few candidates out on :func:`rollout_deals`, every seat
    then playing the quick policy (:mod:`ddz.ai.quick`), all on the same deals. A candidate goes
    before the cost order's first choice only when it wins clearly more of those deals (:func:`sign_test` at most
    :data:`SIGNIFICANCE`); then the reason is the count of won playouts, an estimate that says so.

    The work is bounded: at most :data:`ROLLOUT_BUDGET` simulated decisions in all. A deal whose
    playouts do not all fit in what is left of the budget is not counted, and no further deal is
    tried, so every candidate is judged on the same deals. A candidate that could no longer win
    clearly, were it to win every deal left, is not played on the further deals (its count is not
    needed: it cannot be chosen), and no further deal is tried once that holds for every candidate:
    the choice is already made."""
    candidates = options[:ROLLOUT_CANDIDATES]

    def still_open(outcomes: list[tuple[int, ...]]) -> list[int]:
        """The candidates still in question (the first among them), or none: a candidate stays
        in question while winning every deal left could still make it beat the first clearly."""
        left = ROLLOUT_SAMPLES - len(outcomes)
        live = []
        for j in range(1, len(candidates)):
            better, worse = _paired(outcomes, j)
            if sign_test(better + left, worse) <= SIGNIFICANCE:
                live.append(j)
        return [0, *live] if live else []

    outcomes = rollout_outcomes(
        game, s.seat, [o[2] for o in candidates], still_open=still_open, helpers=helpers
    )
    wins = [sum(max(o[j], 0) for o in outcomes) for j in range(len(candidates))]

    def clear(j: int) -> bool:
        return sign_test(*_paired(outcomes, j)) <= SIGNIFICANCE

    order = sorted(range(len(candidates)), key=lambda j: (not (j == 0 or clear(j)), -wins[j], j))
    if order[0] != 0:
        cost, index, action, _ = candidates[order[0]]
        data = {
            "action": _shown(action),
            "wins": wins[order[0]],
            "other": _shown(candidates[0][2]),
            "other_wins": wins[0],
            "samples": len(outcomes),
            "tried": [_shown(o[2]) for o in candidates],
        }
        candidates[order[0]] = (cost, index, action, Reason("playout", data))
    return [candidates[j] for j in order] + options[len(candidates) :]


NOT_PLAYED = -1
"""In :func:`rollout_outcomes`: the action was not played on that deal (no longer in question)."""


Outcome = tuple[tuple[int, ...], tuple[int, ...]]
"""One deal's playouts (:func:`deal_outcomes`): each action's result, and the decisions it took."""


def _paired(outcomes: list[tuple[int, ...]], j: int) -> tuple[int, int]:
    """On how many deals candidate ``j`` won where the first lost, and the reverse (the deals it was
    not played on count for neither)."""
    return sum(o[j] > o[0] for o in outcomes), sum(0 <= o[j] < o[0] for o in outcomes)


def rollout_outcomes(
    game: Game,
    seat: int,
    actions: list[str],
    budget_decisions: int | None = None,
    still_open: Callable[[list[tuple[int, ...]]], list[int]] | None = None,
    deals: int | None = None,
    helpers: Sequence[Helper] = (),
) -> list[tuple[int, ...]]:
    """For each of the first deals of :func:`rollout_deals` (as many as ``budget_decisions``
    simulated decisions allow, by default :data:`ROLLOUT_BUDGET`; or exactly the first ``deals``,
    with no budget), whether each of ``actions`` wins its playout (1) or not (0). With
    ``still_open``, the actions it names after each deal (by index; once left out, an action stays
    out) are the only ones played on the next (the others get :data:`NOT_PLAYED`), and none further
    once it names none.

    With ``helpers`` (other processes, see :mod:`ddz.ai.helpers`), they play the next deals while
    this process plays one; the results are the same as without them (each deal's playouts are
    counted in order, as if played one after the other)."""
    left = None
    if deals is None:
        left = ROLLOUT_BUDGET if budget_decisions is None else budget_decisions
    _bound_memory()
    sample = rollout_deals(game, seat)[:deals]
    mine = [h for h in helpers if h.busy.acquire(blocking=False)]  # busy: with another thread
    try:
        return _counted_in_order(game, sample, actions, left, still_open, mine)
    finally:
        for h in mine:
            h.busy.release()


QUEUED = 2
"""With helpers, how many deals each helper is handed at a time (the next waits in its queue, so it
need not wait for this process between two deals)."""
AHEAD = 6
"""With helpers, how many deals past the first one not yet counted this process may play while the
helpers are busy, before it waits for them."""


def _counted_in_order(
    game: Game,
    sample: list[list[Cards]],
    actions: list[str],
    left: int | None,
    still_open: Callable[[list[tuple[int, ...]]], list[int]] | None,
    helpers: Sequence[Helper],
) -> list[tuple[int, ...]]:
    """:func:`rollout_outcomes` on the deals ``sample``, with ``left`` decisions of budget (None:
    no budget), ``helpers`` playing deals while this process plays others.

    The deals are counted in order, as they are played. A deal is handed out (to a helper with
    fewer than :data:`QUEUED` deals, or played here when none can take it and this process is at
    most :data:`AHEAD` deals past the first one not counted) with the actions still open and the
    budget left at that moment, which may be more than when its turn to be counted comes: what was
    left out since is not counted, and a playout that took more than is left then ends the count
    there, as it would have. So the outcomes are those of one deal after the other, whoever played
    them and whenever they came back. Deals a helper still plays when the count ends are dropped
    when it is next used."""
    out: list[tuple[int, ...]] = []
    live: tuple[int, ...] = tuple(range(len(actions)))
    played: dict[int, Outcome] = {}  # played, not yet counted
    queues: list[list[int]] = [[] for _ in helpers]  # the deals each helper is playing, in order
    handed = 0  # the deals handed out so far

    def collect(k: int) -> None:
        """Count in ``played`` the oldest deal of helper ``k`` (played here if the helper failed)."""
        i = queues[k].pop(0)
        helped = cast(Outcome | None, helpers[k].receive())
        played[i] = helped if helped is not None else deal_outcomes(game, sample[i], actions, live, left)

    while True:
        for k, h in enumerate(helpers):
            while len(queues[k]) < QUEUED and handed < len(sample) and not h.failed:
                # with none of this count's deals under way, any answer still due is an earlier
                # caller's, no longer wanted: dropped; otherwise the deal waits behind ours
                if h.send(HELPED, game, sample[handed], actions, live, left, queue=bool(queues[k])):
                    queues[k].append(handed)
                    handed += 1
        first = len(out)
        if handed < len(sample) and handed - first <= AHEAD:
            i, handed = handed, handed + 1
            played[i] = deal_outcomes(game, sample[i], actions, live, left, shared=i == first)
        else:
            for k, q in enumerate(queues):
                while first in q:
                    collect(k)
        for k, h in enumerate(helpers):
            while queues[k] and h.ready():
                collect(k)
        while first in played:
            won, spent = played.pop(first)
            row = []
            for j, result in enumerate(won):
                if j not in live:
                    row.append(NOT_PLAYED)
                    continue
                if left is not None:
                    if spent[j] > left:
                        return out  # the deal does not fit in the budget: it is not counted
                    left -= spent[j]
                row.append(result)
            out.append(tuple(row))
            if still_open is not None:
                live = tuple(j for j in still_open(out) if j in live)  # what is left out stays out
                if not live:
                    return out
            first = len(out)
        if first == len(sample):
            return out


HELPED = "ddz.ai.cpu:helped_deal_outcomes"
"""What a helper process runs for :func:`rollout_outcomes` (see :class:`~ddz.ai.helpers.Helper`)."""


def helped_deal_outcomes(
    game: Game, hands: list[Cards], actions: list[str], live: Sequence[int], left: int | None
) -> Outcome:
    """:func:`deal_outcomes` in a helper process, its memory bounded as the caller's."""
    _bound_memory()
    return deal_outcomes(game, hands, actions, live, left)


CUT = 1 << 30
"""In :func:`deal_outcomes`: the playout ran out of budget (more decisions than any budget)."""


def deal_outcomes(
    game: Game,
    hands: list[Cards],
    actions: list[str],
    live: Sequence[int],
    left: int | None,
    shared: bool = False,
) -> Outcome:
    """The playouts of one deal ``hands``: for each of ``actions`` (those in ``live``; the others get
    :data:`NOT_PLAYED` and 0), whether it wins and how many simulated decisions it took (:data:`CUT`
    when more than ``left``; None: no budget). Each playout may use up to ``left`` decisions, or,
    with ``shared``, what the ones before it left of them (and none is played after a cut)."""
    won, used = [], []
    budget = None if left is None else _Budget(left)
    for j, action in enumerate(actions):
        if j not in live or (shared and budget is not None and budget.cut):
            won.append(NOT_PLAYED)
            used.append(0 if j not in live else CUT)
            continue
        if left is not None and not shared:
            budget = _Budget(left)
        before = 0 if budget is None else budget.used
        won.append(playout(game, hands, action, budget))
        used.append(0 if budget is None else CUT if budget.cut else budget.used - before)
    return tuple(won), tuple(used)


def rollout_wins(game: Game, seat: int, actions: list[str], deals: int) -> list[int]:
    """How many playouts each of ``actions`` wins on the first ``deals`` deals of
    :func:`rollout_deals` (every one played out, whatever it costs)."""
    outcomes = rollout_outcomes(game, seat, actions, deals=deals)
    return [sum(o[j] for o in outcomes) for j in range(len(actions))]


def _shown(action: str) -> str:
    return PASS if action == PASS else classify(action).shown()


@dataclass
class _Budget:
    """What is left of «Difícil»'s playout budget, in simulated decisions."""

    left: int
    used: int = 0
    cut: bool = False
    """A playout ran out of budget before the end (its result is not used)."""


class _Counter:
    """The unseen cards of every seat of a playout, kept up to date play by play (the same cards
    as :meth:`Game.unseen_cards`, without reading the whole trail at every decision). The cards
    played are kept as packed keys (see :func:`~ddz.cards.pack`): keys add and subtract as the
    counts do."""

    def __init__(self, game: Game) -> None:
        self.landlord = game.landlord
        self.played = self.landlord_played = 0
        for player, action in game.trail:
            if action != PASS:
                self.add(player, parse(action).key)
        self.kitty = cards_of(game.kitty).counts

    def add(self, player: int, key: int) -> None:
        """Count the cards (packed ``key``) that ``player`` has just played."""
        self.played += key
        if player == self.landlord:
            self.landlord_played += key

    def pool(self, game: _Position, seat: int) -> tuple[int, ...]:
        """:func:`others_pool`, from the cards played so far."""
        return unpack(FULL_DECK.key - game.hand(seat).key - self.played)

    def unseen(self, game: _Position, seat: int) -> list[int]:
        pool = self.pool(game, seat)
        if seat == self.landlord:
            return list(pool)
        kept = unpack(self.landlord_played)
        return [pool[r] - max(self.kitty[r] - kept[r], 0) for r in range(NUM_RANKS)]


class _Sim:
    """The bare play phase a playout needs (hands as rank multisets, the table, the turn): what
    :func:`_decide` and :class:`_Seat` read of a :class:`~ddz.game.Game`, without its records,
    checks and events. A play's legality is :func:`_decide`'s (it picks among the seat's legal
    plays), so nothing is checked again here."""

    __slots__ = ("hands", "landlord", "passes", "table", "table_seat", "turn", "variant")

    def __init__(self, game: Game, hands: list[Cards]) -> None:
        self.hands = list(hands)
        self.table, self.table_seat, self.passes = game.table, game.table_seat, game.passes
        self.turn, self.landlord, self.variant = game.turn, game.landlord, game.variant

    def hand(self, seat: int) -> Cards:
        return self.hands[seat]

    def apply(self, play: Play | None) -> bool:
        """Make ``play`` (None: pass) for the seat to move; True when it empties that seat's hand."""
        seat = self.turn
        self.turn = (seat + 1) % 3
        if play is None:
            self.passes += 1
            if self.passes == 2:  # the trick ends: its winner, next to move, leads
                self.table, self.passes = None, 0
            return False
        self.hands[seat] = left = self.hands[seat] - play.cards
        self.table, self.table_seat, self.passes = play, seat, 0
        return not left


EXACT_CARDS = 15
"""A playout is solved exactly (every hand known, every seat playing perfectly: :func:`ddz.endgame.winner`)
once the three hands hold at most this many cards between them: the endgame is played, not estimated."""
EXACT_NODES = 20_000
"""The most positions that exact search may visit (past it the playout goes on with its policy). The
solver's tables outlive a search, so whether a search fits could depend on what earlier ones left
there; none of 2,677 searches of 12 self-play hands went over, and the largest of 300 random
positions of 15 cards, searched cold, visited 4,672."""
EXACT_MEMORY = 250_000
"""The most entries the solver's memory may hold when a decision's playouts start (more: it is
emptied first, see :func:`ddz.endgame.cache_entries`), so Difícil keeps about 25 MB of it, not the
solver's own bound of a million positions per table."""


def _bound_memory() -> None:
    """Empty the solver's tables when they hold more than :data:`EXACT_MEMORY` entries."""
    if cache_entries() > EXACT_MEMORY:
        clear_caches()


def _exact_winner(sim: _Sim) -> int | None:
    """The seat of the side that wins ``sim`` with perfect play (the landlord's seat, or a farmer's),
    or None when the search would take more than :data:`EXACT_NODES` positions."""
    lord = sim.landlord
    assert lord is not None
    try:
        side = winner(Position.of_game(sim), EXACT_NODES)
    except EndgameError:
        return None
    return lord if side == "landlord" else (lord + 1) % 3


def playout(game: Game, hands: list[Cards], action: str, budget: _Budget | None = None) -> int:
    """1 if the side of the player to move wins when the seats hold ``hands`` and, after
    ``action``, every seat plays the quick policy (:func:`~ddz.ai.quick.quick_play`; under a variant's
    rules, «Normal», and a seat of it that finds a sure win wins at once). Each decision spends one
    unit of ``budget``; when none is left the playout stops and ``budget.cut`` says its result means
    nothing. Once at most :data:`EXACT_CARDS` cards are left, the rest is solved exactly instead
    (one unit of ``budget``)."""
    landlord_side = game.turn == game.landlord
    sim = _Sim(game, hands)
    counter = _Counter(game)
    play = None if action == PASS else classify(action, game.variant)
    quick = game.variant == STANDARD  # the quick policy plays standard rules only
    plans: dict[int, tuple[Play, ...]] = {}  # the plans this playout follows (see quick_play)
    cards_left = sum(len(h) for h in sim.hands)
    while True:
        player = sim.turn
        out = sim.apply(play)
        if play is not None:
            counter.add(player, play.cards.key)
            cards_left -= len(play.cards)
        if out:
            return int((player == sim.landlord) == landlord_side)
        if budget is not None:
            if budget.left == 0:
                budget.cut = True
                return 0
            budget.left -= 1
            budget.used += 1
        if cards_left <= EXACT_CARDS:
            won = _exact_winner(sim)
            if won is not None:
                return int((won == sim.landlord) == landlord_side)
        seat = sim.turn
        if quick:
            play = quick_play(sim, seat, counter.pool(sim, seat), plans)
            continue
        view = _Seat(sim, seat, counter.unseen(sim, seat), list(counter.pool(sim, seat)))
        plays, options = _options(sim, view, False)  # «Normal»'s choice
        _, index, chosen, reason = options[0]
        if reason.code == "sure_win":  # a forced win: no need to play it out
            return int((seat == sim.landlord) == landlord_side)
        play = None if chosen == PASS else plays[index]


def _lead_value(s: _Seat) -> float:
    """«Difícil»: passing is not free, it leaves the lead to an opponent; worth more the closer
    the opponents are to going out and the more control cards the hand holds to spend."""
    near = s.min_opponent_cards()
    value = LEAD_VALUE[0] if near > 8 else LEAD_VALUE[1] if near > HARD_DANGER else LEAD_VALUE[2]
    c = s.hand.counts
    if c[TWO] == 3 or c[TWO] + c[BLACK_JOKER] + c[RED_JOKER] >= 3:
        value += LEAD_VALUE[3]  # plenty of control: spend one to take the lead
    return value


def _easy_play(game: Game, seat: int) -> Advice:
    """«Fácil»: lead the lowest group of cards, follow with the lowest play that beats the table
    (no bomb unless it empties the hand), never cover the partner."""
    hand = game.hand(seat)
    plays = legal_plays(hand, game.table, game.variant)  # the seat's own plays
    now = min_plays(hand)
    landlord = game.landlord if game.landlord is not None else -1
    if game.table is not None:
        table = game.table.shown()
        if not plays:
            return Advice(PASS, Reason("forced_pass", {"table": table}), now)
        out = [p for p in plays if p.cards == hand]
        if out:
            return Advice(str(out[0]), Reason("go_out"), 0)
        if game.table_seat != seat and landlord not in (seat, game.table_seat):
            return Advice(PASS, Reason("partner_leads"), now)
        usable = [p for p in plays if not p.is_bomb]
        if not usable:
            only = {"cost": "bomb", "only": True, "what": bombs_only(plays), "best": plays[0].shown()}
            return Advice(PASS, Reason("save_strength", {"table": table, **only}), now)
        p = min(usable, key=lambda q: (q.rank, len(q.cards)))
        return _easy_advice(hand, p, table)
    low = next(r for r in range(NUM_RANKS) if hand.counts[r])
    with_low = [p for p in plays if p.cards.counts[low] and (not p.is_bomb or p.cards == hand)]
    p = max(with_low or plays, key=lambda q: (len(q.cards), -q.rank))
    return _easy_advice(hand, p, None)


def _easy_advice(hand: Cards, p: Play, table: str | None) -> Advice:
    rest = hand - p.cards
    if not rest:
        return Advice(str(p), Reason("go_out"), 0)
    data: dict[str, object] = {"cards": p.shown()}
    if table is not None:
        data["table"] = table
    return Advice(str(p), Reason("lowest_play", data), min_plays(rest))


def sure_win_with(game: Game, seat: int, action: str) -> dict[str, object] | None:
    """The ``sure_win`` data (:func:`sure_order`) when ``action`` wins for sure from what ``seat``
    sees (the play nobody can beat, then the rest with at most one beatable play, last), else None."""
    if action == PASS:
        return None
    s = _Seat(game, seat)
    p = classify(action)
    rest = s.hand - p.cards
    most = s.most
    if rest and _boss(p, s.seen, most) and _sure(rest.key, s.seen, most):
        return sure_order(p, rest, list(s.seen), most)
    return None


def bombs_only(plays: list[Play]) -> str:
    """``rocket``, ``bomb`` or ``both`` when every play of ``plays`` is a bomb or the rocket, else ``""``."""
    if not plays or not all(p.is_bomb for p in plays):
        return ""
    kinds = {p.kind for p in plays}
    return "both" if len(kinds) == 2 else "rocket" if kinds == {"rocket"} else "bomb"


def _save_reason(expense: str, best: Play, table: str, now: int, s: _Seat, plays: list[Play]) -> Reason:
    """Why the seat passes: what the best play that beats the table would cost (a fact about that
    play, or about every answer when all of them are bombs)."""
    data: dict[str, object] = {"table": table, "best": best.shown()}
    only = bombs_only(plays)
    if only:
        return Reason("save_strength", {**data, "cost": "bomb", "only": True, "what": only})
    if expense.startswith("break_bomb:"):
        return Reason("save_strength", {**data, "cost": "break_bomb", "rank": expense.split(":")[1]})
    if expense == "control":
        return Reason("save_strength", {**data, "cost": "control", "control": control_summary(best.cards)})
    if expense == "bomb":
        return Reason("save_strength", {**data, "cost": "bomb", "only": False, "what": best.kind})
    if expense == "split_rocket":
        return Reason("save_strength", {**data, "cost": expense})
    after = min_plays(s.hand - best.cards)
    return Reason("save_strength", {**data, "cost": "more_plays", "now": now, "after": after})


def easy_bid(hand: Cards, highest: int) -> int:
    """«Fácil» bids by counting high cards only: one level per two 2s, jokers or bombs."""
    c = hand.counts
    high = c[TWO] + c[BLACK_JOKER] + c[RED_JOKER] + sum(2 for r in range(13) if c[r] == 4)
    level = min(high // 2, 3)
    return level if level > highest else 0


def bid_advice(game: Game, seat: int | None = None, level: str = "hard") -> Advice:
    """The auction: the bid the hand is worth, with the plays it needs and its control cards."""
    seat = game.turn if seat is None else seat
    hand = game.hand(seat)
    highest = game.highest_bid()
    bidder = easy_bid if level == "easy" else bid_for
    bid = bidder(hand, highest)
    m = min_plays(hand)
    plan = _plan(hand)  # the count's own plan: a bomb it breaks, a joker it carries, is no control
    data = {
        "plays": m,
        "plan": plan,
        "control": control_summary(hand, plan),
        "bid": bid,
        "highest": highest,
        "would_open": bool(highest and not bid and bidder(hand, 0)),
    }
    return Advice(str(bid) if bid else PASS, Reason("bid", data), m)


def hint(game: Game, seat: int | None = None, helpers: Sequence[Helper] = ()) -> Advice:
    """The advice for ``seat`` with its reason: what «Pista», the coach and the review say (in
    play, only for the seat to move). With few cards left the evaluator decides
    (:func:`evaluated_advice`); otherwise the strongest level, «Difícil» (:func:`choose_play`, and
    its ``helpers``)."""
    if game.phase == BIDDING:
        return bid_advice(game, seat)
    seat = game.turn if seat is None else seat
    judged = evaluate(game, seat) if game.phase == PLAYING and seat == game.turn else None
    if judged is None:
        return choose_play(game, seat, helpers=helpers)
    return evaluated_advice(game, judged, helpers)


def evaluated_advice(game: Game, judged: Evaluation, helpers: Sequence[Helper] = ()) -> Advice:
    """The advice an evaluation gives (:mod:`ddz.ai.evaluate`): a move that wins the most deals
    of the unseen cards at open cards. Between moves that win as many, «Normal»'s choice when it is
    one of them (else the least answerable, then the fewest plays left). When the moves differ, the
    reason is the evaluation's own (``splits``: the deals won by the move and by the best of those
    that win fewer, «Normal»'s choice first); when every move wins as many, «Difícil»'s choice and
    reason (:func:`choose_play`, with its ``helpers``)."""
    seat = judged.seat
    hand = game.hand(seat)
    tied = judged.tied()
    if len(tied) == len(judged.moves):
        return choose_play(game, seat, helpers=helpers)
    normal = choose_play(game, seat, level="normal")
    chosen = next((m for m in tied if _key(m.action) == _key(normal.action)), tied[0])
    if chosen.action != PASS and parse(chosen.action) == hand:
        return Advice(str(hand), Reason("go_out"), 0)
    worse = [m for m in judged.moves if m.wins < chosen.wins]
    other = next((m for m in worse if _key(m.action) == _key(normal.action)), worse[0])
    data = {
        "action": _shown(chosen.action),
        "wins": chosen.wins,
        "deals": judged.deals,
        "exact": judged.exact,
        "other": _shown(other.action),
        "other_wins": other.wins,
    }
    left = min_plays(hand) if chosen.action == PASS else min_plays(hand - parse(chosen.action))
    action = PASS if chosen.action == PASS else str(parse(chosen.action))
    return Advice(action, Reason("splits", data), left)


def _key(action: str) -> str:
    return PASS if action == PASS else str(parse(action))


MAX_PROCESSES = 16
"""The most processes a :class:`Cpu` may use."""


class Cpu:
    """A deterministic CPU player at ``level`` (``easy``, ``normal`` or ``hard``):
    ``act(game)`` returns the action for the player to move. With ``processes`` above 1,
    «Difícil» plays its playouts on that many processes (the same choices, sooner on as many
    cores; see :mod:`ddz.ai.helpers`)."""

    def __init__(self, level: str = "normal", processes: int = 1) -> None:
        if level not in LEVELS:
            raise AiError("unknown_level", {"level": level, "known": list(LEVELS)})
        if type(processes) is not int or not 1 <= processes <= MAX_PROCESSES:
            raise AiError("bad_processes", {"processes": repr(processes), "most": MAX_PROCESSES})
        self.level = level
        self.name = "cpu" if level == "normal" else f"cpu-{level}"
        self.helpers = [Helper() for _ in range(processes - 1)] if level == "hard" else []

    def close(self) -> None:
        """End the helper processes (if any)."""
        for h in self.helpers:
            h.close()

    def advise(self, game: Game) -> Advice:
        """The action with its reason."""
        if game.phase == BIDDING:
            return bid_advice(game, level=self.level)
        if game.phase == PLAYING:
            return choose_play(game, level=self.level, helpers=self.helpers)
        raise GameError("game_over")

    def act(self, game: Game) -> str:
        """The action alone (a bid, ``"p"`` or cards in notation), ready for :meth:`Game.apply`."""
        return self.advise(game).action


__all__ = [
    "LEVELS",
    "LEVEL_NAMES_ES",
    "SEAT_NAMES",
    "SIGNIFICANCE",
    "Advice",
    "AiError",
    "Cpu",
    "bid_for",
    "choose_play",
    "control_summary",
    "evaluated_advice",
    "hand_strength",
    "hint",
    "rollout_outcomes",
    "sign_test",
    "sure_win_with",
]
