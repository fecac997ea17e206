"""A whole hand as a pure, deterministic state machine: bidding, tricks, spring, score.

Seats are 0, 1, 2 in counterclockwise turn order. Actions are strings: ``"p"`` (pass, in the
auction or in a trick), ``"1"``/``"2"``/``"3"`` (bids) or cards in notation (a play).
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import FULL_DECK, NUM_RANKS, RANK_NAMES_ES, Cards, NotationError, parse
from .codes import (
    DECK_ORDER,
    DECK_POSITION,
    Deal,
    cards_of,
    deals_with_state,
    deck_position,
    ids_for,
    new_code,
    next_deal,
    normalize,
)
from .compare import compare_plays
from .messages import CodedError, Said, Seats, nested, render
from .moves import legal_plays, play_texts
from .plays import Play, Rejection, analyze
from .variants import Variant


class _Vocabulary(StrEnum):
    """A closed set of words. Members are strings and their ``repr`` is the string's, as with
    :class:`~ddz.plays.Kind`: code that compares, prints or serialises them as text keeps working."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(_Vocabulary):
    """Where a hand stands. A ``str``: ``game.phase == "bidding"`` still holds."""

    BIDDING = "bidding"
    PLAYING = "playing"
    OVER = "over"
    """Someone went out: :attr:`Game.result` holds the score."""
    VOID = "void"
    """Nobody bid and no redeal was left (explicit hands only): no result."""


class Side(_Vocabulary):
    """The two sides of a hand (:attr:`Result.winner`)."""

    LANDLORD = "landlord"
    FARMERS = "farmers"


class EventKind(_Vocabulary):
    """What an :class:`Event` reports (its catalog code is ``event.<kind>``)."""

    BID = "bid"
    FORCED = "forced"
    LANDLORD = "landlord"
    REDEAL = "redeal"
    VOID = "void"
    PLAY = "play"
    DOUBLE = "double"
    PASS = "pass"
    TRICK = "trick"
    OVER = "over"


class DoublingReason(_Vocabulary):
    """Why the stake doubled (:attr:`Doubling.reason`)."""

    BOMB = "bomb"
    ROCKET = "rocket"
    SPRING = "spring"
    ANTISPRING = "antispring"


BIDDING = Phase.BIDDING
"""Short for :attr:`Phase.BIDDING`."""
PLAYING = Phase.PLAYING
"""Short for :attr:`Phase.PLAYING`."""
OVER = Phase.OVER
"""Short for :attr:`Phase.OVER`."""
VOID = Phase.VOID
"""Short for :attr:`Phase.VOID`."""
PASS = "p"
"""The pass action (``game.apply(PASS)``); ``"pass"``, ``"paso"``, ``"pasar"`` and ``"0"`` are read as a pass too."""
_PASS_WORDS = frozenset({"p", "pass", "paso", "pasar", "0"})


class GameError(CodedError):
    """An action that is not allowed now; the game state is left exactly as it was.

    ``code`` says what is wrong and ``data`` holds the plain values of the Spanish ``message``
    (``str()``), rendered from the catalog (:mod:`ddz.messages`, codes ``game.*``)."""

    group = "game"


@dataclass(frozen=True, slots=True)
class Event(Said):
    """Something that happened: ``kind`` (``bid``, ``play``, ``pass``, ``landlord``, …) with the
    plain ``data`` of its Spanish ``text`` (catalog codes ``event.*``)."""

    kind: EventKind
    seat: int | None
    cards: str = ""
    value: int = 0
    ids: tuple[str, ...] = ()
    """The card ids of a play (which physical cards left the hand)."""
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def catalog_code(self) -> str:
        return "event." + self.kind

    @property
    def text(self) -> str:
        """The Spanish sentence, seats called «asiento N» (see :meth:`say`)."""
        return self.say()


@dataclass(frozen=True, slots=True)
class Doubling(Said):
    """One doubling of the stake: its ``reason`` (bomb, rocket, spring, antispring) with the plain
    ``data`` of its Spanish ``text`` (catalog codes ``doubling.*``)."""

    reason: DoublingReason
    data: dict[str, Any] = field(default_factory=dict, compare=False)
    """``cards`` and ``seat`` of a bomb, ``seat`` of the rocket."""

    @property
    def catalog_code(self) -> str:
        return "doubling." + self.reason

    @property
    def text(self) -> str:
        return self.say()


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a hand with its whole score breakdown."""

    winner: Side
    landlord: int
    out_seat: int
    base: int
    doublings: tuple[Doubling, ...]
    spring: bool
    antispring: bool
    scores: tuple[int, int, int]

    @property
    def multiplier(self) -> int:
        return 1 << len(self.doublings)

    @property
    def stake(self) -> int:
        """S = base × multiplier."""
        return self.base * self.multiplier

    def as_dict(self) -> dict[str, Any]:
        """The result as the ``game`` op of the conformance suite returns it (JSON-ready)."""
        return {
            "landlord": self.landlord,
            "base": self.base,
            "multiplier": self.multiplier,
            "spring": self.spring,
            "antispring": self.antispring,
            "winner": str(self.winner),
            "scores": list(self.scores),
        }

    def explain(self, seats: Seats = None) -> list[str]:
        """The breakdown as Spanish lines (seats called by ``seats`` if given)."""
        return [render(m["code"], m["data"], seats=seats) for m in self.explanation()]

    def explanation(self) -> list[dict[str, Any]]:
        """:meth:`explain` as plain data: one nested message (codes ``result.*``) per line."""
        lines = [nested("result.winner", winner=self.winner, seat=self.out_seat)]
        lines.append(nested("result.base", base=self.base))
        for d in self.doublings:
            lines.append(nested("result.doubling", doubling=d.as_message()))
        lines.append(
            nested("result.multiplier", multiplier=self.multiplier, base=self.base, stake=self.stake)
        )
        points = [nested("result.seat_points", seat=s, points=p) for s, p in enumerate(self.scores)]
        lines.append(nested("result.points", scores=points))
        return lines


def score(base: int, doublings: int, landlord_wins: bool, landlord: int) -> tuple[int, int, int]:
    """Zero-sum points: landlord ±2S, each farmer ∓S, with S = base × 2**doublings."""
    s = base * 2**doublings
    pts = [-s if landlord_wins else s] * 3
    pts[landlord] = 2 * s if landlord_wins else -2 * s
    return (pts[0], pts[1], pts[2])


def parse_bid(action: str, auction: list[int]) -> int:
    """The bid (0 = pass) an action stands for, checked against the auction so far."""
    a = action.strip().lower()
    if a in _PASS_WORDS:
        return 0
    if a not in ("1", "2", "3"):
        raise GameError("bad_bid", {"action": action})
    bid, best = int(a), max(auction, default=0)
    if bid <= best:
        raise GameError("bid_not_higher", {"best": best, "bid": bid})
    return bid


def auction_outcome(auction: list[int], redeals: int, variant: Variant) -> tuple[str, int, int] | None:
    """None while the auction is open; else ``("landlord", offset, base)`` (offset from the
    first bidder), ``("forced", 0, 1)`` after the last allowed all-pass, or ``("redeal", 0, 0)``."""
    best = max(auction, default=0)
    if best != 3 and len(auction) < 3:
        return None
    if best:
        return ("landlord", auction.index(best), best)
    if variant.max_redeals is not None and redeals >= variant.max_redeals:
        return ("forced", 0, 1)
    return ("redeal", 0, 0)


@dataclass
class SeatView:
    """What one seat may know: never another seat's hidden cards."""

    seat: int
    phase: Phase
    hand: tuple[str, ...]
    counts: tuple[int, int, int]
    turn: int | None
    landlord: int | None
    base: int
    multiplier: int
    kitty: tuple[str, ...] | None
    table: str | None
    table_seat: int | None
    last_action: dict[int, str]
    history: list[tuple[int, str]]
    unseen: dict[str, int]


class Game:
    """One hand of Dou Dizhu, as python-chess's ``Board`` is one game of chess.

    ``Game()`` is a new hand from a fresh random deal code, ``Game("003N-QK8N1")`` from that code
    (see :mod:`ddz.codes`); :meth:`from_hands` deals explicit hands and :meth:`from_position`
    reads a :meth:`position` back. Two games are equal (``==`` and ``hash``) when their positions
    are; ``repr()`` is ``Game.from_position('…')``, which evaluates back to an equal game.
    """

    variant: Variant
    code: str | None
    deal: Deal | None
    redeals: int
    phase: Phase
    hands: list[list[str]]
    kitty: tuple[str, ...]
    first_bidder: int
    turn: int
    """The seat to move; once the hand is over, the seat that went out (or the last bidder of a
    void hand)."""
    auction: list[int]
    """Bids of the current auction in turn order (0 = pass)."""
    landlord: int | None
    base: int
    table: Play | None
    table_seat: int | None
    """The seat of the play on the table; after a trick closes, the seat that won it (who leads)."""
    table_ids: tuple[str, ...]
    """Card ids of the play on the table."""
    passes: int
    plays_by_seat: list[int]
    landlord_played: Cards
    """Every card the landlord has played (the card counter needs it: see :meth:`unseen_cards`)."""
    doublings: list[Doubling]
    actions: list[str]
    """Every action applied, in order, across redeals."""
    trail: list[tuple[int, str]]
    """(seat, action) of the current deal's play phase."""
    last_action: dict[int, str]
    result: Result | None
    _deals: list[Deal]
    _rng_state: int | None
    """The deal generator's state after the last deal in ``_deals`` (None without a code)."""
    _hand_cache: dict[int, tuple[list[str], Cards]]
    _no_history: bool
    """Rebuilt from a mid-hand :meth:`position`: the actions that led here are unknown."""

    def __init__(self, code: str | None = None, variant: Variant | str | None = None) -> None:
        """A new hand from deal ``code`` (a fresh random one when None), ready for the first bid."""
        v = Variant.parse(variant)
        code = new_code() if code is None else normalize(code)
        self._blank(v, code)
        self._deals, self._rng_state = deals_with_state(code, 4)
        self._start(self._deals[0])

    @classmethod
    def _empty(cls, variant: Variant, code: str | None = None) -> Game:
        """A game with no deal yet: only the factories below use it, and they deal at once."""
        g = cls.__new__(cls)
        g._blank(variant, code)
        return g

    def _blank(self, variant: Variant, code: str | None) -> None:
        self.variant, self.code, self.deal, self.redeals = variant, code, None, 0
        self.phase, self.hands, self.kitty = BIDDING, [], ()
        self.first_bidder = self.turn = 0
        self.auction, self.landlord, self.base = [], None, 0
        self.table, self.table_seat, self.table_ids, self.passes = None, None, (), 0
        self.plays_by_seat, self.landlord_played, self.doublings = [0, 0, 0], Cards(), []
        self.actions, self.trail, self.last_action, self.result = [], [], {}, None
        self._deals, self._rng_state, self._hand_cache, self._no_history = [], None, {}, False
        self._pushed: list[Game] = []

    def __eq__(self, other: object) -> bool:
        """Equal positions (the history that led to them does not count)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.position() == other.position()

    __hash__ = None  # type: ignore[assignment]  # a game changes with apply(): no hash, as for a list

    def __repr__(self) -> str:
        return f"Game.from_position({self.position()!r})"

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def from_code(cls, code: str, variant: Variant | str | None = None) -> Game:
        """A new hand from a deal code (see :mod:`ddz.codes`)."""
        return cls(code, variant)

    @classmethod
    def from_hands(
        cls,
        hands: list[str] | list[Cards],
        kitty: str | Cards,
        first_bidder: int,
        redeals: int = 0,
        variant: Variant | str | None = None,
    ) -> Game:
        """A hand from explicit rank multisets (17+17+17 and 3; together the whole deck)."""
        v = Variant.parse(variant)
        if len(hands) != 3:
            raise GameError("bad_deal", {"problem": "hands"})
        parsed = [parse(h) for h in hands]
        pozo = parse(kitty)
        if any(len(h) != 17 for h in parsed) or len(pozo) != 3:
            raise GameError("bad_deal", {"problem": "sizes"})
        total = [sum(n) for n in zip(*(c.counts for c in [*parsed, pozo]))]
        if total != list(FULL_DECK.counts):  # a card in two hands is a bad deal, not bad notation
            raise GameError("bad_deal", {"problem": "deck"})
        if type(first_bidder) is not int or first_bidder not in (0, 1, 2):  # not True, not 1.0
            raise GameError("bad_deal", {"problem": "first_bidder"})
        if type(redeals) is not int or not 0 <= redeals <= 3:
            raise GameError("bad_deal", {"problem": "redeals"})
        ids = assign_ids(parsed + [pozo])
        d = Deal((tuple(ids[0]), tuple(ids[1]), tuple(ids[2])), tuple(ids[3]), first_bidder, redeals)
        g = cls._empty(v)
        g._deals = [d]
        g._start(d)
        return g

    def _start(self, d: Deal) -> None:
        self.deal = d
        self.redeals = d.index
        self.hands = [list(h) for h in d.hands]
        self.kitty = d.kitty
        self.first_bidder = self.turn = d.first_bidder
        self.phase = BIDDING
        self.auction = []
        self.landlord, self.base = None, 0
        self.table, self.table_seat, self.passes = None, None, 0
        self.table_ids = ()
        self.plays_by_seat = [0, 0, 0]
        self.landlord_played = Cards()
        self.doublings = []
        self.trail = []
        self.last_action = {}

    def copy(self) -> Game:
        """An independent copy: applying actions to it leaves this game as it is."""
        g = _copy.copy(self)
        g.hands = [list(h) for h in self.hands]
        g.auction = list(self.auction)
        g.plays_by_seat = list(self.plays_by_seat)
        g.doublings = list(self.doublings)
        g.actions = list(self.actions)
        g.trail = list(self.trail)
        g.last_action = dict(self.last_action)
        g._deals = list(self._deals)
        g._hand_cache = dict(self._hand_cache)
        return g

    # ---- queries ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when nobody is to move: the hand is over (or void)."""
        return self.phase in (OVER, VOID)

    def outcome(self) -> Result | None:
        """The :class:`Result` of a finished hand; None while it is being bid or played, and for a
        void hand (all passed and no redeal left: there is no winner)."""
        return self.result if self.phase == OVER else None

    def hand(self, seat: int) -> Cards:
        """The rank multiset ``seat`` holds."""
        ids = self.hands[_seat_arg(seat)]
        cached = self._hand_cache.get(seat)
        if cached is None or cached[0] != ids:
            cached = (list(ids), cards_of(ids))
            self._hand_cache[seat] = cached
        return cached[1]

    @property
    def leading(self) -> bool:
        """True when the player to move opens a trick (and so cannot pass)."""
        return self.table is None

    @property
    def multiplier(self) -> int:
        return 1 << len(self.doublings)

    def highest_bid(self) -> int:
        """The highest bid of the auction so far (0 before any bid, or when everyone passed)."""
        return max(self.auction, default=0)

    def legal_actions(self) -> list[str]:
        """The legal actions of the player to move (empty when the hand is over)."""
        if self.phase == BIDDING:
            return [PASS] + [str(b) for b in range(self.highest_bid() + 1, 4)]
        if self.phase != PLAYING:
            return []
        texts = play_texts(self.hand(self.turn), self.table, self.variant)
        return texts if self.leading else texts + [PASS]

    def legal_plays(self) -> list[Play]:
        """The plays the seat to move may make (empty outside the play phase); a pass is not a play."""
        if self.phase != PLAYING:
            return []
        return legal_plays(self.hand(self.turn), self.table, self.variant)

    def unseen_cards(self, seat: int) -> Cards:
        """The cards ``seat`` has not seen: not in its hand, not played, not in the revealed kitty.

        Depends only on what ``seat`` knows (D-COUNTER): its own hand, every play so far and
        the kitty's ranks. Of each kitty rank the landlord still holds at least ``kitty copies
        − copies the landlord has played``; which physical card the landlord played is
        never used (that would tell whether the landlord holds another copy).
        """
        seen = list(self.hand(seat).counts)
        if self.landlord is not None:  # once the kitty is taken, every card not in a hand was played
            held = [sum(n) for n in zip(*(self.hand(s).counts for s in range(3)))]
            seen = [n + FULL_DECK.counts[r] - held[r] for r, n in enumerate(seen)]
            if self.landlord != seat:
                lord = self.landlord_played.counts
                for r, n in enumerate(cards_of(self.kitty).counts):
                    seen[r] += max(n - lord[r], 0)
        return Cards(FULL_DECK.counts[r] - seen[r] for r in range(NUM_RANKS))

    def unseen(self, seat: int) -> dict[str, int]:
        """Card counter (D-COUNTER): per rank name, how many cards ``seat`` has not seen."""
        counts = self.unseen_cards(seat).counts
        return {RANK_NAMES_ES[r]: counts[r] for r in range(NUM_RANKS)}

    def view(self, seat: int) -> SeatView:
        """What ``seat`` is allowed to see."""
        seat = _seat_arg(seat)
        lens = (len(self.hands[0]), len(self.hands[1]), len(self.hands[2]))
        return SeatView(
            seat=seat,
            phase=self.phase,
            hand=tuple(self.hands[seat]),
            counts=lens,
            turn=self.turn if self.phase in (BIDDING, PLAYING) else None,
            landlord=self.landlord,
            base=self.base,
            multiplier=self.multiplier,
            kitty=self.kitty if self.landlord is not None else None,
            table=str(self.table) if self.table else None,
            table_seat=self.table_seat,
            last_action=dict(self.last_action),
            history=list(self.trail),
            unseen=self.unseen(seat),
        )

    # ---- actions ------------------------------------------------------------------------
    def push(self, action: str, seat: int | None = None, ids: list[str] | None = None) -> list[Event]:
        """:meth:`apply`, remembering the game as it was so that :meth:`pop` can take the action back
        (as python-chess's ``Board.push``). Raises :class:`GameError` and changes nothing if the
        action is not allowed."""
        before, stack = self.copy(), self._pushed
        events = self.apply(action, seat, ids)  # (apply forgets the pushed games)
        self._pushed = [*stack, before]
        return events

    def pop(self) -> str:
        """Take back the last action made with :meth:`push` and return it; :class:`GameError`
        ``nothing_to_pop`` when no pushed action is left (an action made with :meth:`apply`
        forgets every earlier push: popping past it would undo the wrong action)."""
        pushed = self._pushed
        if not pushed:
            raise GameError("nothing_to_pop")
        action = self.actions[-1]
        *rest, before = pushed  # never changed in place: a copy of this game shares the list
        self.__dict__.update(before.__dict__)
        self._pushed = rest
        return action

    def apply(self, action: str, seat: int | None = None, ids: list[str] | None = None) -> list[Event]:
        """Apply the action of the player to move; raises :class:`GameError` and changes
        nothing if it is not allowed.

        ``ids`` names the physical cards of a play (``["5H", "5D"]``): they must be in the hand
        and have exactly the ranks of ``action``; without it the first cards of each rank go."""
        if not isinstance(action, str):
            raise GameError("bad_action", {"problem": "type", "action": repr(action)})
        if self.phase in (OVER, VOID):
            raise GameError("game_over")
        if seat is not None and _seat_arg(seat) != self.turn:
            raise GameError("not_your_turn", {"turn": self.turn})
        if self.phase == BIDDING:
            events = self._bid(action.strip().lower())
            self.actions.append(_canonical_action(action))
        else:
            events = self._play(action.strip(), ids)
            self.actions.append(self.trail[-1][1])  # the play as written (or the pass) just taken
        if self._pushed:
            self._pushed = []  # pop() must not undo this action as if it were the last push
        return events

    def _bid(self, action: str) -> list[Event]:
        bid = parse_bid(action, self.auction)
        seat = self.turn
        self.auction.append(bid)
        self.last_action[seat] = str(bid) if bid else PASS
        events = [Event(EventKind.BID, seat, value=bid, data={"seat": seat, "bid": bid})]
        outcome = auction_outcome(self.auction, self.redeals, self.variant)
        if outcome is None:
            self.turn = (seat + 1) % 3
        elif outcome[0] == "landlord":
            events += self._make_landlord((self.first_bidder + outcome[1]) % 3, outcome[2])
        elif outcome[0] == "forced":
            events.append(Event(EventKind.FORCED, self.first_bidder))
            events += self._make_landlord(self.first_bidder, 1)
        else:
            events += self._redeal()
        return events

    def skip_bidding(self, landlord: int, base: int = 1) -> list[Event]:
        """Make ``landlord`` the landlord without an auction (fixed-landlord evaluations)."""
        if self.phase != BIDDING or self.auction:
            raise GameError("bad_action", {"problem": "skip_late", "action": ""})
        if (
            type(landlord) is not int
            or landlord not in (0, 1, 2)
            or type(base) is not int
            or base not in (1, 2, 3)
        ):
            raise GameError("bad_action", {"problem": "skip_args", "action": ""})
        return self._make_landlord(landlord, base)

    def _redeal(self) -> list[Event]:
        nxt = self.redeals + 1
        if nxt >= len(self._deals):
            if self.code is None:
                self.phase = VOID
                return [Event(EventKind.VOID, None)]
            if self._rng_state is not None and len(self._deals) == nxt:  # one more deal, not all again
                d, self._rng_state = next_deal(self._rng_state, nxt)
                self._deals.append(d)
            else:
                self._deals, self._rng_state = deals_with_state(self.code, nxt + 1)
        self._start(self._deals[nxt])
        return [Event(EventKind.REDEAL, None, value=nxt)]

    def _make_landlord(self, seat: int, base: int) -> list[Event]:
        self.landlord, self.base = seat, base
        self.hands[seat] = sorted(self.hands[seat] + list(self.kitty), key=deck_position)
        self.phase = PLAYING
        self.turn = seat
        self.last_action = {}
        pozo = str(cards_of(self.kitty))
        return [Event(EventKind.LANDLORD, seat, pozo, base, data={"seat": seat, "base": base, "kitty": pozo})]

    def _play(self, action: str, ids: list[str] | None = None) -> list[Event]:
        seat = self.turn
        if action.lower() in _PASS_WORDS:
            if ids:
                raise GameError("bad_action", {"problem": "pass_with_cards", "action": ""})
            if self.leading:
                raise GameError("must_lead")
            return self._pass(seat)
        try:
            cards = parse(action)
        except NotationError as e:
            raise GameError("bad_notation", {"cause": e.as_message()}) from None
        hand = self.hand(seat)
        if not cards <= hand:
            missing = Cards(max(a - b, 0) for a, b in zip(cards.counts, hand.counts))
            raise GameError("not_in_hand", {"missing": str(missing)})
        if ids is not None:
            held = set(self.hands[seat])
            if len(set(ids)) != len(ids) or not set(ids) <= held or cards_of(ids) != cards:
                raise GameError("bad_ids", {"cards": str(cards)})
        play = analyze(cards, self.variant)
        if isinstance(play, Rejection):
            raise GameError("invalid_play", {"cards": str(cards), "cause": play.as_message()})
        if self.table is not None:
            verdict = compare_plays(play, self.table)
            if not verdict.beats:
                raise GameError(
                    "does_not_beat",
                    {"cards": str(cards), "table": str(self.table), "cause": verdict.as_message()},
                )
        # Commit.
        gone = frozenset(ids if ids is not None else ids_for(cards, self.hands[seat]))
        left = [cid for cid in self.hands[seat] if cid not in gone]
        self.hands[seat] = left
        self._hand_cache[seat] = (list(left), hand - cards)
        self.table, self.table_seat, self.passes = play, seat, 0
        self.table_ids = tuple(sorted(gone, key=DECK_POSITION.__getitem__))  # ids checked in the hand
        self.plays_by_seat[seat] += 1
        if seat == self.landlord:
            self.landlord_played += cards
        self.trail.append((seat, str(cards)))
        self.last_action[seat] = str(cards)
        events = [
            Event(
                EventKind.PLAY,
                seat,
                str(cards),
                ids=self.table_ids,
                data={"seat": seat, "play": play.as_message()},
            )
        ]
        if play.kind in ("bomb", "rocket"):
            self.doublings.append(
                Doubling(DoublingReason(play.kind.value), {"cards": str(cards), "seat": seat})
            )
            data = {"kind": play.kind.value, "cards": str(cards), "multiplier": self.multiplier}
            events.append(Event(EventKind.DOUBLE, seat, value=self.multiplier, data=data))
        if not self.hands[seat]:
            events += self._finish(seat)
        else:
            self.turn = (seat + 1) % 3
        return events

    def _pass(self, seat: int) -> list[Event]:
        self.passes += 1
        self.trail.append((seat, PASS))
        self.last_action[seat] = PASS
        events = [Event(EventKind.PASS, seat, data={"seat": seat})]
        self.turn = (seat + 1) % 3
        if self.passes == 2:
            leader = self.table_seat
            self.table, self.passes, self.table_ids = None, 0, ()
            events.append(Event(EventKind.TRICK, leader, data={"seat": leader}))
        return events

    def _finish(self, seat: int) -> list[Event]:
        assert self.landlord is not None
        landlord_wins = seat == self.landlord
        farmers_played = sum(n for s, n in enumerate(self.plays_by_seat) if s != self.landlord)
        if landlord_wins and farmers_played == 0:
            self.doublings.append(Doubling(DoublingReason.SPRING))
        if not landlord_wins and self.plays_by_seat[self.landlord] == 1:
            self.doublings.append(Doubling(DoublingReason.ANTISPRING))
        self.phase = OVER
        self.result = self._result(seat)
        return [Event(EventKind.OVER, seat, data={"lines": self.result.explanation()})]

    def _result(self, seat: int) -> Result:
        """The result once ``seat`` went out (spring and antispring already among the doublings)."""
        assert self.landlord is not None
        landlord_wins = seat == self.landlord
        reasons = [d.reason for d in self.doublings]
        return Result(
            winner=Side.LANDLORD if landlord_wins else Side.FARMERS,
            landlord=self.landlord,
            out_seat=seat,
            base=self.base,
            doublings=tuple(self.doublings),
            spring=DoublingReason.SPRING in reasons,
            antispring=DoublingReason.ANTISPRING in reasons,
            scores=score(self.base, len(self.doublings), landlord_wins, self.landlord),
        )

    # ---- records ------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """A versioned JSON-ready record that :func:`ddz.records.replay` turns back into this game.

        Raises :class:`GameError` ``no_history`` for a game rebuilt from a mid-hand :meth:`position`
        (its history is not known)."""
        if self._no_history:
            raise GameError("no_history")
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "variant": self.variant.name,
        }
        if self.code is not None:
            rec["code"] = self.code
        else:
            d = self._deals[0]
            rec["deal"] = {
                "hands": [str(h) for h in d.rank_hands()],
                "kitty": str(cards_of(d.kitty)),
                "first_bidder": d.first_bidder,
                "redeals": d.index,
            }
        rec["actions"] = list(self.actions)
        if self.result is not None:
            rec["result"] = self.result.as_dict()
        return rec

    # ---- positions ----------------------------------------------------------------------
    def position(self) -> str:
        """The state of the hand in one line, like chess's FEN; :meth:`from_position` reads it back
        (``Game.from_position(g.position()).position() == g.position()``).

        Eleven fields separated by one space, and the deal code when there is one (the format is
        in *API → Guía*, section «Posiciones»)::

            hands kitty phase turn first_bidder:bids redeals landlord table plays doublings variant [code]

        ``plays`` is the number of plays of each seat, then ``:`` and the cards the landlord has
        played when it has played any (the card counter needs them).

        A position keeps no history beyond the current auction: a game read back from one in the
        play phase has empty ``actions`` and ``trail`` (so card counting sees only the hands) and
        no :meth:`record`."""
        hands = "/".join(_cards_field(self.hand(s)) for s in range(3))
        bids = "".join(str(b) if b else PASS for b in self.auction) or "-"
        turn = str(self.turn) if self.phase in (BIDDING, PLAYING) else "-"
        landlord = "-" if self.landlord is None else f"{self.landlord}x{self.base}"
        table = "-"
        plays = ",".join(map(str, self.plays_by_seat))
        if self.landlord_played:
            plays += ":" + str(self.landlord_played)
        if self.table is not None:
            table = f"{self.table}@{self.table_seat}+{self.passes}"
        doublings = ",".join(_doubling_field(d) for d in self.doublings) or "-"
        fields = [
            hands,
            _cards_field(cards_of(self.kitty)),
            str(self.phase),
            turn,
            f"{self.first_bidder}:{bids}",
            str(self.redeals),
            landlord,
            table,
            plays,
            doublings,
            self.variant.name,
        ]
        if self.code is not None:
            fields.append(self.code)
        return " ".join(fields)

    @classmethod
    def from_position(cls, position: str) -> Game:
        """The game a :meth:`position` line describes; raises :class:`PositionError` (a
        ``ValueError`` with a ``code``) for a line that is not one. Hands may hold any cards of one
        deck (a position made up for a test need not come from a deal). Only the text
        :meth:`position` writes is read: ``Game.from_position(t).position() == t``."""
        try:
            return cls._from_position(position)
        except PositionError:
            raise
        except CodedError as e:  # cards or a deal code that cannot be read
            raise PositionError("unreadable", {"cause": e.as_message()}) from None

    @classmethod
    def _from_position(cls, position: str) -> Game:
        if not isinstance(position, str):
            raise PositionError("type", {"type": type(position).__name__})
        parts = position.split(" ")
        if len(parts) not in (11, 12):
            raise PositionError("fields", {"count": len(parts)})
        hands_f, kitty_f, phase_f, turn_f, auction_f, redeals_f = parts[:6]
        landlord_f, table_f, plays_f, dbl_f, variant_f = parts[6:11]
        code = normalize(parts[11]) if len(parts) == 12 else None
        if code is not None and code != parts[11]:
            raise PositionError("field", {"field": "code", "value": parts[11]})
        try:
            variant = Variant.parse(variant_f)
        except ValueError:
            variant = None
        if variant is None or variant.name != variant_f:
            raise PositionError("field", {"field": "variant", "value": variant_f})
        g = cls._empty(variant, code)
        if phase_f not in tuple(Phase):
            raise PositionError("field", {"field": "phase", "value": phase_f})
        g.phase = Phase(phase_f)
        hands = [_read_cards(h) for h in hands_f.split("/")]
        if len(hands) != 3:
            raise PositionError("field", {"field": "hands", "value": hands_f})
        kitty = _read_cards(kitty_f)
        if len(kitty) != 3 and not (not kitty and g.phase != BIDDING):
            raise PositionError("field", {"field": "kitty", "value": kitty_f})
        first, _, bids_f = auction_f.partition(":")
        g.first_bidder = _seat(first)
        if bids_f != "-" and (not bids_f or any(b not in "p123" for b in bids_f)):
            raise PositionError("field", {"field": "auction", "value": auction_f})
        g.auction = [] if bids_f == "-" else [0 if b == PASS else int(b) for b in bids_f]
        if any(b and b <= max(g.auction[:i], default=0) for i, b in enumerate(g.auction)):
            raise PositionError("field", {"field": "auction", "value": auction_f})
        g.redeals = _count(redeals_f, "redeals")
        if not 0 <= g.redeals <= 3:
            raise PositionError("field", {"field": "redeals", "value": redeals_f})
        if landlord_f != "-":
            seat, _, base = landlord_f.partition("x")
            g.landlord, g.base = _seat(seat), _count(base, "landlord")
            if g.base not in (1, 2, 3):
                raise PositionError("field", {"field": "landlord", "value": landlord_f})
        if (g.landlord is None) != (g.phase in (BIDDING, VOID)):
            raise PositionError("rule", {"problem": "landlord"})
        g.turn = g.first_bidder if turn_f == "-" else _seat(turn_f)
        if (turn_f == "-") != g.is_over:
            raise PositionError("rule", {"problem": "turn"})
        if g.phase == BIDDING and g.turn != (g.first_bidder + len(g.auction)) % 3:
            raise PositionError("rule", {"problem": "auction_turn"})
        if g.phase == VOID:  # the last bidder moved last
            g.turn = (g.first_bidder + max(len(g.auction) - 1, 0)) % 3
        counts_f, colon, lord_f = plays_f.partition(":")
        g.plays_by_seat = [_count(n, "plays") for n in counts_f.split(",")]
        if len(g.plays_by_seat) != 3:
            raise PositionError("field", {"field": "plays", "value": plays_f})
        if colon:
            g.landlord_played = _read_cards(lord_f)
        lord_plays = 0 if g.landlord is None else g.plays_by_seat[g.landlord]
        if bool(lord_plays) != bool(g.landlord_played) or len(g.landlord_played) < lord_plays:
            raise PositionError("rule", {"problem": "landlord_played"})
        if table_f != "-":
            play_f, _, rest = table_f.partition("@")
            seat, _, passes = rest.partition("+")
            play = analyze(_read_cards(play_f), g.variant)
            if isinstance(play, Rejection):
                raise PositionError("field", {"field": "table", "value": table_f})
            g.table, g.table_seat, g.passes = play, _seat(seat), _count(passes, "table")
            if g.phase == BIDDING or g.passes not in (0, 1):
                raise PositionError("rule", {"problem": "table"})
        elif g.phase == PLAYING and any(g.plays_by_seat):  # a trick closed: its winner leads
            g.table_seat = g.turn
        g.doublings = [] if dbl_f == "-" else [_read_doubling(d) for d in dbl_f.split(",")]
        _check_deck(hands, kitty, g.phase == BIDDING)
        if g.landlord is not None:
            held = [sum(n) for n in zip(*(h.counts for h in hands))]
            if any(n > FULL_DECK.counts[r] - held[r] for r, n in enumerate(g.landlord_played.counts)):
                raise PositionError("rule", {"problem": "landlord_played"})
        g._place_cards(hands, kitty)
        if g.phase == BIDDING:  # the whole history of a hand still in its auction is in the position
            if auction_outcome(g.auction, g.redeals, g.variant) is not None:
                raise PositionError("rule", {"problem": "auction_closed"})
            g.actions = [PASS] * (3 * g.redeals if code is not None else 0)
            for i, bid in enumerate(g.auction):
                g.actions.append(str(bid) if bid else PASS)
                g.last_action[(g.first_bidder + i) % 3] = g.actions[-1]
        else:
            g._no_history = True
        if g.phase == OVER:
            out = [s for s in range(3) if not hands[s]]
            if len(out) != 1:
                raise PositionError("rule", {"problem": "over"})
            g.result = g._result(out[0])
            g.turn = out[0]
        elif any(not h for h in hands) and g.phase != BIDDING:
            raise PositionError("rule", {"problem": "empty_hand"})
        return g

    def _place_cards(self, hands: list[Cards], kitty: Cards) -> None:
        """Card ids for the hands and kitty of a position: the deal's own when there is a code."""
        if self.code is not None:
            self._deals, self._rng_state = deals_with_state(self.code, self.redeals + 1)
            d = self._deals[self.redeals]
            pools = [list(h) for h in d.hands]
            if self.landlord is not None:
                pools[self.landlord] += list(d.kitty)
            ids = [ids_for(h, sorted(p, key=deck_position)) for h, p in zip(hands, pools)]
            if [cards_of(i) for i in ids] != hands or cards_of(d.kitty) != kitty:
                raise PositionError("rule", {"problem": "code"})
            self.deal, self.kitty = d, d.kitty
        elif self.phase == BIDDING:
            ids = assign_ids([*hands, kitty])
            self.kitty = tuple(ids.pop())
            d = Deal(
                (tuple(ids[0]), tuple(ids[1]), tuple(ids[2])), self.kitty, self.first_bidder, self.redeals
            )
            self._deals, self.deal = [d], d
        else:  # the kitty went to the landlord: its ids are the landlord's where it still has them
            ids = assign_ids(hands)
            held = {cid for i in ids for cid in i}
            mine = ids[self.landlord] if self.landlord is not None else []
            pool = [*mine, *(cid for cid in DECK_ORDER if cid not in held), *DECK_ORDER]
            self.kitty = tuple(sorted(ids_for(kitty, pool), key=deck_position)) if kitty else ()
        self.hands = [list(i) for i in ids]


class PositionError(CodedError):
    """A line that is not a :meth:`Game.position` (a ``ValueError``): ``code`` says what is wrong
    and ``str()`` is the Spanish sentence of catalog code ``position.<code>``."""

    group = "position"


RECORD_FORMAT = "ddz-record"
RECORD_VERSION = 1


def _cards_field(cards: Cards) -> str:
    return str(cards) or "-"


def _read_cards(text: str) -> Cards:
    if text == "-":
        return Cards()
    cards = parse(text)
    if str(cards) != text:
        raise PositionError("canonical", {"cards": str(cards), "text": text})
    return cards


def _seat(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise PositionError("seat", {"seat": text})
    return int(text)


def _count(text: str, name: str) -> int:
    """A whole number written as :meth:`Game.position` writes it: ASCII digits, no sign, no ``_``,
    no leading zero."""
    if not (text.isascii() and text.isdigit()) or str(int(text)) != text:
        raise PositionError("number", {"field": name, "value": text})
    return int(text)


def _seat_arg(seat: object) -> int:
    """A seat given to the API: the int 0, 1 or 2 (not ``True``, ``1.0`` or ``-1``)."""
    if type(seat) is not int or seat not in (0, 1, 2):
        raise GameError("bad_seat", {"seat": repr(seat)})
    return seat


def _doubling_field(d: Doubling) -> str:
    if d.reason in (DoublingReason.BOMB, DoublingReason.ROCKET):
        return f"{d.data['cards']}@{d.data['seat']}"
    return str(d.reason)


def _read_doubling(text: str) -> Doubling:
    if text in (DoublingReason.SPRING, DoublingReason.ANTISPRING):
        return Doubling(DoublingReason(text))
    cards_f, _, seat = text.partition("@")
    play = analyze(_read_cards(cards_f))
    if isinstance(play, Rejection) or play.kind not in ("bomb", "rocket"):
        raise PositionError("field", {"field": "doublings", "value": text})
    return Doubling(DoublingReason(play.kind.value), {"cards": cards_f, "seat": _seat(seat)})


def _check_deck(hands: list[Cards], kitty: Cards, bidding: bool) -> None:
    """The hands (and the kitty, while bidding) are cards of one deck; while bidding, the whole deck."""
    groups = [*hands, kitty] if bidding else hands
    total = [sum(n) for n in zip(*(c.counts for c in groups))]
    if any(t > f for t, f in zip(total, FULL_DECK.counts)):
        raise PositionError("rule", {"problem": "deck"})
    if bidding and (total != list(FULL_DECK.counts) or any(len(h) != 17 for h in hands)):
        raise PositionError("rule", {"problem": "bidding_deal"})


def assign_ids(groups: list[Cards]) -> list[list[str]]:
    """Card ids for rank multisets that together are at most one deck."""
    pool = list(DECK_ORDER)
    out = []
    for group in groups:
        ids = ids_for(group, pool)
        taken = set(ids)
        pool = [cid for cid in pool if cid not in taken]
        out.append(ids)
    return out


def _canonical_action(action: str) -> str:
    a = action.strip().lower()
    if a in _PASS_WORDS:
        return PASS
    if a in ("1", "2", "3"):
        return a
    return str(parse(action))


__all__ = [
    "BIDDING",
    "OVER",
    "PASS",
    "PLAYING",
    "Doubling",
    "Event",
    "EventKind",
    "Game",
    "GameError",
    "Phase",
    "PositionError",
    "Result",
    "SeatView",
    "Side",
    "assign_ids",
    "score",
]
