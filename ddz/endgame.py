"""Exact open-hand endgames (残局): with every card visible, who wins against any defence, and how.

Two kinds of position:

- **two hands** (:meth:`Position.two`): ``first`` against ``second``, ``first`` to move, leading or
  answering a play of ``second`` on the table (or passing);
- **three hands** (:meth:`Position.three`): the landlord (seat 0) against both farmers (seats 1 and 2,
  in turn order after the landlord), any seat to move, optionally a play on the table and the seat
  that made it. The farmers win together: either of them going out wins for both (R-WIN-1).

The rules are the engine's (every variant flag of :class:`~ddz.variants.Variant`): the plays come from
:func:`ddz.moves.lead_keys` as packed keys, a play on the table is answered by a play of its kind and
length with a higher ranking card, or a bomb, or the rocket (R-CMP-1..4); the one to lead may not pass,
and when everyone else has passed the last one to play leads again (R-TRICK-2, R-TRICK-3).

:func:`solve` is a depth-first AND/OR search (negamax on won/lost, cut at the first winning move) with a
bounded transposition table keyed by the position, moves ordered by how few plays the rest of the hand
needs (:func:`ddz.ai.solver.min_plays_key`), going out first; a hand that goes out in one play wins at
once, and a play nobody can answer keeps the lead without a search of the answers. Its answer is exact
and deterministic: the same position always gives the same :class:`Solution`.

```python
>>> s = solve(Position.two("44446", "7", table="3333"))  # answer 3333 with the higher bomb, then lead 6
>>> s.winner, s.move, s.line
('first', '4444', ('4444', 'p', '6'))
>>> solve(Position.two("AAA222", "3", table="KKKQQQ")).winner  # AAA222 is no airplane
'second'

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import BITS, FULL_DECK, HAND_LIMIT, NUM_RANKS, RANKS, Cards, NotationError, parse, unpack
from .messages import CodedError
from .moves import lead_keys, legal_plays, plays_for_keys
from .plays import Play, analyze
from .variants import STANDARD, Variant

PASS = "p"
"""A pass, in a move list or a line (as in the ``game`` op and the records)."""
TWO_HAND_SIDES = ("first", "second")
"""The sides of a two-hand endgame, by seat."""
THREE_HAND_SEATS = ("landlord", "farmer1", "farmer2")
"""The seats of a three-hand endgame, in turn order (the landlord is seat 0)."""
TABLE_LIMIT = 1 << 20
"""Most positions each transposition table holds (it is emptied when full: about 100 MB each)."""
ANSWERS_LIMIT = 1 << 19
"""Most (hand, table play) pairs whose answers are remembered (emptied when full: about 80 MB)."""

_ROCKET, _BOMB = -2, -1
_SHIFT = BITS * NUM_RANKS  # 45: a packed hand fits below this bit


class EndgameError(CodedError):
    """A position that cannot be solved as given (catalog group ``endgame`` of :mod:`ddz.messages`):
    an empty hand, more cards than the deck holds, a table play that is no play, a move that is not
    legal, or a search over its node budget (``too_hard``)."""

    group = "endgame"


class PlayPhase(Protocol):
    """What :meth:`Position.of_game` reads of a game in its play phase."""

    @property
    def landlord(self) -> int | None: ...
    @property
    def turn(self) -> int: ...
    @property
    def table(self) -> Play | None: ...
    @property
    def table_seat(self) -> int | None: ...
    @property
    def variant(self) -> Variant: ...
    def hand(self, seat: int) -> Cards: ...


class _Budget(Exception):
    """The search went over its node budget."""


class _Rules:
    """The plays of packed hands under one variant, remembered: every lead in search order, and
    the answers to a play on the table."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.leads: dict[int, tuple[int, ...]] = {}
        self.answers: dict[int, tuple[int, ...]] = {}
        self.info: dict[int, tuple[int, int]] = {}
        """Play key -> (class, rank): the class is the kind and length (bombs and the rocket apart)."""
        self._classes: dict[tuple[str, int], int] = {}
        from .ai.solver import min_plays_key  # here: importing ddz.endgame does not load the CPU

        self._fewest = min_plays_key

    def lead(self, hand: int) -> tuple[int, ...]:
        """Every play ``hand`` can lead: the whole hand first when it is one play, then by how few plays
        the rest needs, bombs and the rocket after the rest, more cards first, lower first."""
        got = self.leads.get(hand)
        if got is not None:
            return got
        v = self.variant
        keys = list(dict.fromkeys(lead_keys(list(unpack(hand)), v)))
        info = self.info
        for k, p in zip(keys, plays_for_keys(keys, v)):
            if k not in info:
                info[k] = self._class(p)
        fewest = self._fewest
        keys.sort(key=lambda k: (k != hand, fewest(hand - k), info[k][0] < 0, -_size(k), info[k][1]))
        got = tuple(keys)
        if len(self.leads) >= TABLE_LIMIT:
            self.leads.clear()
        self.leads[hand] = got
        return got

    def _class(self, p: Play) -> tuple[int, int]:
        if p.kind == "rocket":
            return (_ROCKET, p.rank)
        if p.kind == "bomb":
            return (_BOMB, p.rank)
        c = self._classes.setdefault((p.kind, len(p.cards)), len(self._classes))
        return (c, p.rank)

    def answer(self, hand: int, table: int) -> tuple[int, ...]:
        """Every play of ``hand`` that beats the play ``table`` (R-CMP-1..4), in search order."""
        mk = hand | table << _SHIFT
        got = self.answers.get(mk)
        if got is not None:
            return got
        info = self.info
        ct, rt = info[table]
        out = []
        if ct != _ROCKET:
            for q in self.lead(hand):
                cq, rq = info[q]
                if cq == _ROCKET or (cq == _BOMB and (ct != _BOMB or rq > rt)) or (cq == ct and rq > rt):
                    out.append(q)
        got = tuple(out)
        if len(self.answers) >= ANSWERS_LIMIT:
            self.answers.clear()
        self.answers[mk] = got
        return got

    def table_key(self, play: Play) -> int:
        """The packed key of a play on the table, its class registered."""
        k = play.cards.key
        if k not in self.info:
            self.info[k] = self._class(play)
        return k


def _size(key: int) -> int:
    return sum(unpack(key))


_RULES: dict[Variant, _Rules] = {}


def _rules(v: Variant) -> _Rules:
    got = _RULES.get(v)
    if got is None:
        got = _RULES[v] = _Rules(v)
    return got


@dataclass(frozen=True, slots=True)
class Position:
    """An endgame: the hands, whose turn it is and the play on the table (if any).

    ``hands`` has two entries (first, second) or three (landlord, farmer 1, farmer 2, in turn order);
    ``turn`` is the seat to move; ``table`` is the play to answer (None: ``turn`` leads) and
    ``table_seat`` the seat that made it (in a two-hand endgame, always the other seat). Build one
    with :meth:`two` or :meth:`three`, which read notation and check everything.
    """

    hands: tuple[Cards, ...]
    turn: int = 0
    table: Play | None = None
    table_seat: int | None = None
    variant: Variant = STANDARD

    @classmethod
    def two(
        cls,
        first: str | Cards,
        second: str | Cards,
        table: str | Cards | Play | None = None,
        variant: Variant | str = STANDARD,
    ) -> Position:
        """``first`` to move against ``second``; ``table``: a play of ``second`` to answer (or pass)."""
        v = Variant.parse(variant)
        hands = (_hand(first), _hand(second))
        t = _table(table, v)
        return _checked(cls(hands, 0, t, None if t is None else 1, v))

    @classmethod
    def three(
        cls,
        landlord: str | Cards,
        farmer1: str | Cards,
        farmer2: str | Cards,
        turn: int | str = 0,
        table: str | Cards | Play | None = None,
        table_seat: int | str | None = None,
        variant: Variant | str = STANDARD,
    ) -> Position:
        """The landlord against both farmers (``farmer1`` plays after the landlord, ``farmer2`` after
        ``farmer1``); ``turn`` and ``table_seat`` are seat numbers or names (``"landlord"``,
        ``"farmer1"``, ``"farmer2"``)."""
        v = Variant.parse(variant)
        hands = (_hand(landlord), _hand(farmer1), _hand(farmer2))
        t = _table(table, v)
        seat = _seat(turn)
        owner = None if table_seat is None else _seat(table_seat)
        if t is None and owner is not None:
            raise EndgameError("seat_without_table")
        if t is not None and owner is None:
            raise EndgameError("table_without_seat")
        return _checked(cls(hands, seat, t, owner, v))

    @classmethod
    def of_game(cls, game: PlayPhase) -> Position:
        """The play phase of ``game`` (a :class:`~ddz.game.Game` after the auction, or anything that
        reads the same) as a three-hand endgame: the seats renamed from the landlord on, in turn order."""
        lord = game.landlord
        assert lord is not None, "an endgame needs the landlord"

        def seat(s: int) -> int:
            return (s - lord) % 3

        table = game.table if game.table is not None and game.table_seat != game.turn else None
        return cls.three(
            game.hand(lord),
            game.hand((lord + 1) % 3),
            game.hand((lord + 2) % 3),
            turn=seat(game.turn),
            table=table,
            table_seat=None if table is None else seat(game.table_seat or 0),
            variant=game.variant,
        )

    @property
    def three_hands(self) -> bool:
        return len(self.hands) == 3

    def side(self, seat: int) -> str:
        """The side of ``seat``: ``"first"``/``"second"``, or ``"landlord"``/``"farmers"``."""
        if self.three_hands:
            return "landlord" if seat == 0 else "farmers"
        return TWO_HAND_SIDES[seat]

    def seat_name(self, seat: int) -> str:
        """The name of ``seat``: ``"first"``/``"second"``, or ``"landlord"``/``"farmer1"``/``"farmer2"``."""
        return THREE_HAND_SEATS[seat] if self.three_hands else TWO_HAND_SIDES[seat]

    @property
    def sides(self) -> tuple[str, str]:
        return ("landlord", "farmers") if self.three_hands else TWO_HAND_SIDES

    @property
    def to_move(self) -> str:
        """The side of the seat to move."""
        return self.side(self.turn)

    @property
    def winner(self) -> str | None:
        """The side that has gone out, or None while every hand holds cards."""
        for seat, h in enumerate(self.hands):
            if not h:
                return self.side(seat)
        return None

    def moves(self) -> list[str]:
        """The legal moves of the seat to move, in notation (``"p"`` for a pass), in the engine's order
        (that of :func:`~ddz.moves.legal_plays`); none once the endgame is over."""
        if self.winner is not None:
            return []
        out = [str(p.cards) for p in legal_plays(self.hands[self.turn], self.table, self.variant)]
        return out if self.table is None else out + [PASS]

    def play(self, move: str | Cards | Play) -> Position:
        """The position after the seat to move plays ``move`` (notation, or ``"p"`` to pass);
        :class:`EndgameError` for a move that is not legal here."""
        text = str(move.cards) if isinstance(move, Play) else str(move)
        if self.winner is not None:
            raise EndgameError("over", {"move": text})
        n = len(self.hands)
        nxt = (self.turn + 1) % n
        if text.strip().lower() == PASS:
            if self.table is None:
                raise EndgameError("must_lead")
            if nxt == self.table_seat:
                return Position(self.hands, nxt, None, None, self.variant)
            return Position(self.hands, nxt, self.table, self.table_seat, self.variant)
        try:
            cards = parse(text)
        except NotationError as e:
            raise EndgameError("bad_move", {"move": text, "cause": e.as_message()}) from None
        key = cards.key
        rules = _rules(self.variant)
        hand = self.hands[self.turn].key
        legal = rules.lead(hand) if self.table is None else rules.answer(hand, rules.table_key(self.table))
        if key not in legal:
            raise EndgameError("illegal_move", {"move": str(cards)})
        hands = list(self.hands)
        hands[self.turn] = Cards.from_key(hand - key)
        got = plays_for_keys([key], self.variant)[0]
        return Position(tuple(hands), nxt, got, self.turn, self.variant)

    def as_dict(self) -> dict[str, Any]:
        """The position as plain data (the ``endgame`` op's input)."""
        out: dict[str, Any] = {"hands": [str(h) for h in self.hands]}
        if self.three_hands:
            out["turn"] = self.turn
        out["table"] = None if self.table is None else str(self.table.cards)
        if self.three_hands and self.table is not None:
            out["table_seat"] = self.table_seat
        return out


def _hand(text: str | Cards) -> Cards:
    try:
        return parse(text, limit=HAND_LIMIT)
    except NotationError as e:
        raise EndgameError("bad_hand", {"hand": str(text), "cause": e.as_message()}) from None


def _table(table: str | Cards | Play | None, v: Variant) -> Play | None:
    if table is None or isinstance(table, Play):
        return table
    if isinstance(table, str) and table.strip() in ("", PASS):
        return None
    got = analyze(table, v)
    if not isinstance(got, Play):
        raise EndgameError("bad_table", {"table": str(table), "cause": got.as_message()})
    return got


def _seat(seat: int | str) -> int:
    if isinstance(seat, str) and seat in THREE_HAND_SEATS:
        return THREE_HAND_SEATS.index(seat)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 3:
        return seat
    raise EndgameError("bad_seat", {"seat": str(seat), "seats": list(THREE_HAND_SEATS)})


def _checked(p: Position) -> Position:
    for seat, h in enumerate(p.hands):
        if not h:
            raise EndgameError("empty_hand", {"who": p.seat_name(seat)})
    total = [sum(c) for c in zip(*(h.counts for h in p.hands), *([p.table.cards.counts] if p.table else []))]
    over = [r for r in range(NUM_RANKS) if total[r] > FULL_DECK.counts[r]]
    if over:
        r = over[0]
        raise EndgameError(
            "too_many_copies", {"rank": RANKS[r], "count": total[r], "copies": FULL_DECK.counts[r]}
        )
    if p.table is not None and p.table_seat == p.turn:
        raise EndgameError("own_table")
    return p


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer of :func:`solve` for the side to move.

    ``winner`` is the side that wins with perfect play; ``move`` a winning first move (None when the
    side to move loses whatever it plays), ``line`` the principal line from here to the end (the
    winner's first winning move in search order at each turn, the loser's first move in search order),
    ``winning_moves`` every winning first move and ``refutations`` a line refuting each losing first
    move (that move, then the winner's answers), both in the engine's move order. ``nodes``: positions
    searched for this answer (a figure of effort: it depends on what earlier solves left in the tables).
    """

    position: Position
    winner: str
    move: str | None
    line: tuple[str, ...]
    winning_moves: tuple[str, ...]
    refutations: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())
    nodes: int = 0

    def refutation(self, move: str) -> tuple[str, ...] | None:
        """The line refuting the losing first ``move`` (None when ``move`` wins or is not legal)."""
        canon = move if move == PASS else _canonical(move)
        return next((line for m, line in self.refutations if m == canon), None)

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: ``winner``, ``move``, ``line``, ``winning_moves``, ``refutations``."""
        return {
            "winner": self.winner,
            "move": self.move,
            "line": list(self.line),
            "winning_moves": list(self.winning_moves),
            "refutations": {m: list(line) for m, line in self.refutations},
        }


def _canonical(move: str) -> str | None:
    try:
        return str(parse(move))
    except NotationError:
        return None


class _Search:
    """One search: the transposition tables of a variant and the node budget."""

    def __init__(self, rules: _Rules, tables: dict[str, dict[int, bool]], max_nodes: int | None) -> None:
        self.rules = rules
        self.tables = tables
        self.nodes = 0
        self.limit = max_nodes if max_nodes is not None else 1 << 62
        self.two_lead, self.two_answer = self._two()
        self.three = self._three()

    def _two(self) -> tuple[Callable[[int, int], bool], Callable[[int, int, int], bool]]:
        """``lead(me, opp)``: whether ``me``, to lead, beats ``opp``; ``answer(me, opp, t)``: whether
        ``me``, to answer the play ``t`` of ``opp``, wins."""
        lead_memo, answer_memo = self.tables["lead"], self.tables["answer"]
        leads, answers = self.rules.lead, self.rules.answer
        search = self

        def lead(me: int, opp: int) -> bool:
            k = me << _SHIFT | opp
            r = lead_memo.get(k)
            if r is not None:
                return r
            ps = leads(me)
            if ps[0] == me:  # goes out in one play
                return True
            search.nodes += 1
            if search.nodes > search.limit:
                raise _Budget
            r = False
            for p in ps:
                if not answers(opp, p):  # nobody can answer: lead again
                    if lead(me - p, opp):
                        r = True
                        break
                elif not answer(opp, me - p, p):
                    r = True
                    break
            if len(lead_memo) >= TABLE_LIMIT:
                lead_memo.clear()
            lead_memo[k] = r
            return r

        def answer(me: int, opp: int, t: int) -> bool:
            qs = answers(me, t)
            if not qs:
                return not lead(opp, me)
            if qs[0] == me:
                return True
            k = (me << _SHIFT | opp) << _SHIFT | t
            r = answer_memo.get(k)
            if r is not None:
                return r
            search.nodes += 1
            if search.nodes > search.limit:
                raise _Budget
            r = False
            for q in qs:
                if not answer(opp, me - q, q):
                    r = True
                    break
            else:
                r = not lead(opp, me)
            if len(answer_memo) >= TABLE_LIMIT:
                answer_memo.clear()
            answer_memo[k] = r
            return r

        return lead, answer

    def _three(self) -> Callable[[int, int, int, int, int, int], bool]:
        """``landlord_wins(h0, h1, h2, turn, t, owner)``: ``t`` is the play on the table (0: ``turn``
        leads) and ``owner`` the seat that made it."""
        memo = self.tables["three"]
        leads, answers = self.rules.lead, self.rules.answer
        search = self

        def wins(h0: int, h1: int, h2: int, turn: int, t: int, owner: int) -> bool:
            hand = h1 if turn == 1 else h2 if turn == 2 else h0
            landlord = turn == 0
            if t:
                qs = answers(hand, t)
                if qs and qs[0] == hand:
                    return landlord
            else:
                qs = leads(hand)
                if qs[0] == hand:
                    return landlord
            k = ((((h0 << _SHIFT | h1) << _SHIFT | h2) << _SHIFT | t) << 2 | turn) << 2 | owner
            r = memo.get(k)
            if r is not None:
                return r
            search.nodes += 1
            if search.nodes > search.limit:
                raise _Budget
            nxt = turn + 1 if turn < 2 else 0
            r = not landlord  # what the seat to move gets if no move wins for its side
            partner = bool(t) and not landlord and owner != 0  # a farmer over the other farmer's play
            done = False
            if partner:  # letting the partner's play stand is tried first
                done = _pass(h0, h1, h2, nxt, t, owner) != r
            if not done:
                for q in qs:
                    rest = hand - q
                    if turn == 0:
                        got = wins(rest, h1, h2, nxt, q, 0)
                    elif turn == 1:
                        got = wins(h0, rest, h2, nxt, q, 1)
                    else:
                        got = wins(h0, h1, rest, nxt, q, 2)
                    if got != r:
                        done = True
                        break
                if not done and t and not partner:
                    done = _pass(h0, h1, h2, nxt, t, owner) != r
            if done:
                r = not r
            if len(memo) >= TABLE_LIMIT:
                memo.clear()
            memo[k] = r
            return r

        def _pass(h0: int, h1: int, h2: int, nxt: int, t: int, owner: int) -> bool:
            if nxt == owner:
                return wins(h0, h1, h2, nxt, 0, nxt)
            return wins(h0, h1, h2, nxt, t, owner)

        return wins

    def wins(self, p: Position) -> str:
        """The side that wins ``p`` with perfect play."""
        over = p.winner
        if over is not None:
            return over
        h = [x.key for x in p.hands]
        t = 0 if p.table is None else self.rules.table_key(p.table)
        if p.three_hands:
            owner = p.table_seat if p.table_seat is not None else p.turn
            return "landlord" if self.three(h[0], h[1], h[2], p.turn, t, owner) else "farmers"
        me, opp = h[p.turn], h[1 - p.turn]
        mover_wins = self.two_answer(me, opp, t) if t else self.two_lead(me, opp)
        return p.side(p.turn) if mover_wins else p.side(1 - p.turn)


Tables = dict[str, dict[int, bool]]
"""A transposition table of the solver's own: positions already judged, by kind of search."""


_TABLES: dict[Variant, Tables] = {}


def _tables(v: Variant) -> Tables:
    got = _TABLES.get(v)
    if got is None:
        got = _TABLES[v] = {"lead": {}, "answer": {}, "three": {}}
    return got


def cache_entries() -> int:
    """How many entries the solver's memory holds now: positions in the transposition tables and
    remembered plays, every variant together (about 100 bytes each)."""
    tables = sum(len(t) for by_name in _TABLES.values() for t in by_name.values())
    return tables + sum(len(r.leads) + len(r.answers) + len(r.info) for r in _RULES.values())


def clear_caches() -> None:
    """Empty the transposition tables and the remembered plays (the next solve starts cold). The
    tables are emptied in place: a finished search's closures still refer to them until the cycle
    collector runs, and their contents are freed at once."""
    for tables in _TABLES.values():
        for table in tables.values():
            table.clear()
    for rules in _RULES.values():
        rules.leads.clear()
        rules.answers.clear()
    _TABLES.clear()
    _RULES.clear()


def new_tables() -> Tables:
    """An empty transposition table for :func:`move_wins` ``tables``: searches that share it (and
    no other) visit the same positions whatever was solved before, so their node counts, and
    whether they fit a bound, depend on their positions alone."""
    return {"lead": {}, "answer": {}, "three": {}}


def _search(p: Position, max_nodes: int | None, tables: Tables | None = None) -> _Search:
    return _Search(_rules(p.variant), _tables(p.variant) if tables is None else tables, max_nodes)


def _run(search: _Search, fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except _Budget:
        raise EndgameError("too_hard", {"nodes": search.limit}) from None


def winner(p: Position, max_nodes: int | None = None) -> str:
    """The side that wins ``p`` with perfect play (cheaper than :func:`solve`: no line, no
    refutations). :class:`EndgameError` ``too_hard`` past ``max_nodes`` positions searched."""
    s = _search(p, max_nodes)
    got: str = _run(s, lambda: s.wins(p))
    return got


def move_wins(
    p: Position, max_nodes: int | None = None, tables: Tables | None = None
) -> tuple[list[tuple[str, bool]], int]:
    """Every legal move of the seat to move in ``p`` (in search order, the pass last) and whether
    its side then wins with perfect play (what :func:`solve` finds as ``winning_moves``, without the
    lines), and the positions searched. ``max_nodes`` bounds them (:class:`EndgameError` ``too_hard``);
    ``tables`` (:func:`new_tables`) keeps the search apart from the shared transposition tables."""
    s = _search(p, max_nodes, tables)
    got: list[tuple[str, bool]] = _run(s, lambda: _move_wins(s, p))
    return got, s.nodes


def _move_wins(s: _Search, p: Position) -> list[tuple[str, bool]]:
    if not p.three_hands:
        mover = p.to_move
        return [(m, s.wins(p.play(m)) == mover) for m in p.moves()]
    rules = s.rules
    h = [x.key for x in p.hands]
    turn = p.turn
    lord = turn == 0
    t = 0 if p.table is None else rules.table_key(p.table)
    owner = p.table_seat if p.table_seat is not None else turn
    hand = h[turn]
    nxt = turn + 1 if turn < 2 else 0
    out: list[tuple[str, bool]] = []
    for q in rules.answer(hand, t) if t else rules.lead(hand):
        rest = list(h)
        rest[turn] = hand - q
        won = not rest[turn] or s.three(rest[0], rest[1], rest[2], nxt, q, turn) == lord
        out.append((str(Cards.from_key(q)), won))
    if t:
        after = (
            s.three(h[0], h[1], h[2], nxt, 0, nxt)
            if nxt == owner
            else s.three(h[0], h[1], h[2], nxt, t, owner)
        )
        out.append((PASS, after == lord))
    return out


def _search_order(p: Position) -> list[str]:
    """The legal moves of ``p`` in the order the search tries them."""
    rules = _rules(p.variant)
    hand = p.hands[p.turn].key
    if p.table is None:
        return [str(Cards.from_key(k)) for k in rules.lead(hand)]
    keys = rules.answer(hand, rules.table_key(p.table))
    return [str(Cards.from_key(k)) for k in keys] + [PASS]


def _line(s: _Search, p: Position) -> tuple[str, ...]:
    """The principal line from ``p`` to the end: at each turn the first move in search order that keeps
    the mover's result (a winning move for the side that wins, any move for the one that loses)."""
    out: list[str] = []
    while p.winner is None:
        best = s.wins(p)
        mover = p.to_move
        order = _search_order(p)
        if best != mover:
            chosen = order[0]
        else:
            chosen = next(m for m in order if s.wins(p.play(m)) == mover)
        out.append(chosen)
        p = p.play(chosen)
    return tuple(out)


def solve(p: Position, max_nodes: int | None = None) -> Solution:
    """Solve ``p`` exactly: the winner, a winning move, the principal line, every winning first move and
    a refutation of each losing one (see :class:`Solution`). ``max_nodes`` bounds the positions
    searched (:class:`EndgameError` ``too_hard`` past it; None: no bound).

    ```python
    >>> s = solve(Position.two("4455668", "9", table="334455"))  # a higher pair straight answers
    >>> s.winner, s.winning_moves, s.refutation("p")
    ('first', ('445566',), ('p', '9'))

    ```
    """
    s = _search(p, max_nodes)

    def run() -> Solution:
        who = s.wins(p)
        mover = p.to_move
        winning: list[str] = []
        refuted: list[tuple[str, tuple[str, ...]]] = []
        for m in p.moves():
            after = p.play(m)
            if s.wins(after) == mover:
                winning.append(m)
            else:
                refuted.append((m, (m, *_line(s, after))))
        line = _line(s, p)
        move = line[0] if who == mover and line else None
        return Solution(p, who, move, line, tuple(winning), tuple(refuted), s.nodes)

    got: Solution = _run(s, run)
    return got


__all__ = [
    "PASS",
    "EndgameError",
    "Position",
    "Solution",
    "cache_entries",
    "clear_caches",
    "move_wins",
    "new_tables",
    "solve",
    "winner",
]
