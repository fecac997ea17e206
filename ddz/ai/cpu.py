"""CPU players and hints, built on the minimum-plays solver.

Only what the seat may see is used: its own hand, the others' card counts, the table, the
landlord and the card counter (unseen cards). Deterministic: no randomness at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import BLACK_JOKER, NUM_RANKS, RANK_NAMES_ES, RED_JOKER, TWO, Cards, unpack
from ..game import BIDDING, PASS, PLAYING, Game
from ..moves import follow_keys, plays_for_keys
from ..plays import Play
from ..variants import STANDARD
from .solver import decompose, min_cost, min_plays


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested action with one Spanish sentence saying why."""

    action: str
    reason: str
    plays_left: int


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


def _is_boss(p: Play, unseen: list[int], most: int = 20) -> bool:
    """Nobody holding at most ``most`` of the unseen cards can beat ``p`` (a sure trick)."""
    return not any(sum(unpack(k)) <= most for k in follow_keys(unseen, p))


def _losing_plays(hand: Cards, unseen: list[int], most: int) -> int:
    """Exact endgame search: over every way of playing out ``hand``, the fewest plays that an
    opponent could beat. At most one means a forced win: lead the sure tricks, the other last."""
    boss: dict[int, bool] = {}

    def beatable(p: int) -> int:
        b = boss.get(p)
        if b is None:
            b = boss[p] = _is_boss(plays_for_keys([p], STANDARD)[0], unseen, most)
        return 0 if b else 1

    return min_cost(hand.key, beatable, {0: 0})


def _sure_win(rest: Cards, unseen: list[int], most: int = 20) -> bool:
    """After this play, can the rest be played out with at most one beatable play?"""
    if len(rest) <= ENDGAME_CARDS:
        return _losing_plays(rest, unseen, most) <= 1
    plays = decompose(rest)
    return sum(not _is_boss(p, unseen, most) for p in plays) <= 1


@dataclass
class _Seat:
    game: Game
    seat: int

    def __post_init__(self) -> None:
        g = self.game
        self.hand = g.hand(self.seat)
        self.unseen = list(g.unseen_cards(self.seat).counts)
        self.landlord = g.landlord if g.landlord is not None else -1
        self.is_landlord = self.seat == self.landlord
        self.partner = -1 if self.is_landlord else 3 - self.seat - self.landlord
        self.opponents = [s for s in range(3) if s != self.seat and s != self.partner]
        self.counts = [len(h) for h in g.hands]

    def min_opponent_cards(self) -> int:
        return min(self.counts[s] for s in self.opponents)

    def higher_unseen(self, p: Play) -> bool:
        """Could an unseen card (or pair) beat this single (or pair)?"""
        need = 1 if p.kind == "single" else 2
        return any(self.unseen[r] >= need for r in range(p.rank + 1, NUM_RANKS))


def _play_cost(s: _Seat, p: Play, leading: bool) -> tuple[float, str]:
    rest = s.hand - p.cards
    m = min_plays(rest)
    if m == 0:
        return -1000.0, "con esto te quedas sin cartas"
    cost = 10.0 * m + 0.3 * p.rank
    reason = f"te deja en {m} jugada{'s' if m != 1 else ''}"
    danger = s.min_opponent_cards() <= 4
    control = sum(p.cards.counts[r] for r in range(TWO, NUM_RANKS)) if not p.is_bomb else 0
    if control and m > 2 and not danger:
        cost += 4.0 * control
    for r in range(13):
        if s.hand.counts[r] == 4 and 0 < p.cards.counts[r] < 4:
            cost += 12.0  # do not break a bomb for a trio or a four-with-two
    holds_rocket = s.hand.counts[BLACK_JOKER] and s.hand.counts[RED_JOKER]
    if holds_rocket and p.kind != "rocket" and (p.cards.counts[BLACK_JOKER] or p.cards.counts[RED_JOKER]):
        cost += 8.0  # do not split the rocket
    if p.is_bomb:
        if m <= 1 or danger:
            reason = "la bomba decide la mano ahora"
        else:
            cost += 25.0
    if leading and s.min_opponent_cards() == 1 and p.kind == "single" and s.higher_unseen(p):
        cost += 30.0 - 0.8 * p.rank  # if a single must go, the highest one
    if leading and s.min_opponent_cards() == 2 and p.kind == "pair" and s.higher_unseen(p):
        cost += 12.0
    most = max(s.counts[o] for o in s.opponents)
    if _is_boss(p, s.unseen, most) and _sure_win(rest, s.unseen, most):
        cost -= 500.0
        reason = "después nadie puede pararte: la mano es tuya"
    return cost, reason


def choose_play(game: Game, seat: int | None = None) -> Advice:
    """The CPU's choice for the player to move (in the play phase)."""
    seat = game.turn if seat is None else seat
    s = _Seat(game, seat)
    plays = game.legal_plays()
    leading = game.table is None
    now = min_plays(s.hand)
    options: list[tuple[float, int, str, str]] = []
    for i, p in enumerate(plays):
        cost, reason = _play_cost(s, p, leading)
        feed_kind = "single" if s.counts[s.partner] == 1 else "pair"
        feeding = (
            leading
            and s.partner >= 0
            and s.counts[s.partner] <= 2
            and s.seat == (s.landlord + 2) % 3
            and s.counts[s.landlord] > s.counts[s.partner]
        )
        if feeding and p.kind == feed_kind and p.rank == min(q.rank for q in plays if q.kind == p.kind):
            cost -= 60.0
            reason = "le das paso a tu compañero, que está a punto de salir"
        options.append((cost, i, str(p), reason))
    if not leading:
        cost = 10.0 * now + 3.0
        reason = "pasar es lo mejor aquí"
        table_seat = game.table_seat
        if table_seat == s.partner:
            cost -= 40.0
            reason = "tu compañero lleva la baza: no hay que superarlo"
        elif table_seat is not None:
            if s.counts[table_seat] <= 5 or s.min_opponent_cards() <= 3:
                cost += 30.0
            if not s.is_landlord and seat == (s.landlord + 1) % 3:
                cost += 6.0  # the farmer after the landlord presses
        if any(o[0] < -900 for o in options):
            cost += 2000.0
        options.append((cost, len(plays), PASS, reason))
    options.sort(key=lambda o: (o[0], o[1]))
    cost, _, action, reason = options[0]
    if (
        action != PASS
        and reason.startswith("te deja")
        and any(c in action for c in "2BR")
        and leading is False
    ):
        reason += f"; el {RANK_NAMES_ES[plays[options[0][1]].rank]} recupera la salida"
    left = now if action == PASS else min_plays(s.hand - plays[options[0][1]].cards)
    return Advice(action, reason, left)


def hint(game: Game, seat: int | None = None) -> Advice:
    """The strongest level's suggestion for ``seat`` with one Spanish sentence of why."""
    if game.phase == BIDDING:
        seat = game.turn if seat is None else seat
        hand = game.hand(seat)
        bid = bid_for(hand, game.highest_bid())
        m = min_plays(hand)
        c = hand.counts
        control = c[TWO] + c[BLACK_JOKER] + c[RED_JOKER] + sum(1 for r in range(13) if c[r] == 4)
        cards = (
            "ninguna carta de control"
            if control == 0
            else (f"{control} carta{'s' if control != 1 else ''} de control (doses, comodines, bombas)")
        )
        if bid:
            return Advice(str(bid), f"tu mano sale en {m} jugadas y tiene {cards}: puja {bid}", m)
        if game.highest_bid() and bid_for(hand, 0):
            return Advice(
                PASS, f"tu mano sale en {m} jugadas y tiene {cards}: no vale la pena subir la puja", m
            )
        return Advice(PASS, f"tu mano necesita {m} jugadas y tiene {cards}: mejor pasar", m)
    return choose_play(game, seat)


class Cpu:
    """A deterministic CPU player: ``act(game)`` returns the action for the player to move."""

    name = "cpu"

    def act(self, game: Game) -> str:
        if game.phase == BIDDING:
            bid = bid_for(game.hand(game.turn), game.highest_bid())
            return str(bid) if bid else PASS
        if game.phase == PLAYING:
            return choose_play(game).action
        raise ValueError("la mano ha terminado")
