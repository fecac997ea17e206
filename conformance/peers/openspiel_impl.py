"""OpenSpiel 2.0.2 (``pyspiel``, game ``dou_dizhu``) as a conformance implementation.

Everything goes through OpenSpiel's own state machine; ddz only spells cards and builds deals:

- ``classify``: the cards are looked up among OpenSpiel's 26,057 action strings
  (``State.action_to_string``); the kind is the block of the action space the action falls in,
  the first matching action wins (a bare airplane before the same cards read with trio kickers).
- ``legal`` and ``beats``: a full hand is dealt and played through ``apply_action`` until the
  player to move holds exactly the asked hand with the asked table on it (see :func:`_position`);
  the answer is that state's ``legal_actions()``. ``beats`` asks whether the play is among the
  legal actions of a player holding exactly the play.
- ``bid`` and ``game``: the deal (chance actions: the face-up position picks the first bidder,
  then 51 cards dealt round-robin, the 3 left over become the kitty), the bids and the plays are
  applied in order; ``landlord``, ``base``, the winner and the scores (``State.returns()``) are
  OpenSpiel's. OpenSpiel reports no multiplier or spring: the adapter derives them from its
  returns (``|return of the landlord| = 2 · base · multiplier``) and the bombs and rocket played.

Install with ``pip install --no-deps open_spiel==2.0.2`` (extra ``peers-openspiel``; pyspiel itself
needs nothing else). Run: ``python -m conformance.peers.openspiel_impl``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ddz.cards import FULL_DECK, MAX_COPIES, RANKS, Cards, NotationError, parse
from ddz.protocol import Unsupported

from .common import canonical, chain_top, serve

PASS = 0
"""Pass (in the auction and in the play), OpenSpiel's action 0; bids 1..3 are actions 1..3."""
FACE_UP_POSITIONS = 51
"""Chance actions 0..50 choose the face-up card; deal actions are 51 + card id (0..53)."""

BLOCKS: tuple[tuple[int, str, int], ...] = (
    (4, "single", 1),
    (19, "straight", 1),
    (55, "pair", 2),
    (68, "pair_straight", 2),
    (120, "trio", 3),
    (133, "trio_single", 3),
    (315, "trio_pair", 3),
    (471, "airplane", 3),
    (516, "airplane_singles", 3),
    (23104, "airplane_pairs", 3),
    (26043, "bomb", 4),
    (26056, "rocket", 1),
)
"""OpenSpiel's play actions come in blocks, one per kind: (first action id, kind, copies per body
rank). The boundaries are checked against the action strings when the table is built."""
BOMB_FROM = 26043
"""Actions from here on (the 13 bombs and the rocket) double OpenSpiel's payment."""


def _game() -> Any:
    import pyspiel

    return pyspiel.load_game("dou_dizhu")


@dataclass(frozen=True)
class Action:
    id: int
    cards: str
    kind: str
    rank: str
    chain: int


def _spell(text: str) -> str:
    """OpenSpiel's spelling of cards (``(BWJ)``, ``(CJ)``, ``333444-55``) in canonical notation."""
    return canonical(text.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", ""))


def _describe(aid: int, text: str) -> Action:
    _, kind, width = max(b for b in BLOCKS if b[0] <= aid)
    cards = _spell(text)
    if kind == "rocket":
        return Action(aid, cards, kind, "R", 1)
    body = _spell(text.split("-")[0]) if "-" in text else cards
    length = len(set(body)) if kind in ("straight", "pair_straight", "airplane") or "-" in text else 1
    return Action(aid, cards, kind, chain_top(body if "-" in text else cards, width, length), length)


@lru_cache(maxsize=1)
def actions() -> tuple[dict[int, Action], dict[str, list[int]]]:
    """Every play action of OpenSpiel (id -> description) and the ids of each set of cards."""
    game = _game()
    state = game.new_initial_state()
    by_id: dict[int, Action] = {}
    by_cards: dict[str, list[int]] = {}
    for aid in range(BLOCKS[0][0], game.num_distinct_actions()):
        act = _describe(aid, state.action_to_string(0, aid))
        by_id[aid] = act
        by_cards.setdefault(act.cards, []).append(aid)
    for start, kind, _ in BLOCKS:  # the block boundaries really are where the strings say
        assert by_id[start].kind == kind and (start == 4 or by_id[start - 1].kind != kind), kind
    return by_id, by_cards


def classify(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        cards = canonical(inp["cards"])
    except NotationError:
        return {"kind": "invalid"}
    ids = actions()[1].get(cards)
    if not ids:
        return {"kind": "invalid"}
    act = actions()[0][ids[0]]
    return {"kind": act.kind, "rank": act.rank, "chain": act.chain}


# ---- building states ------------------------------------------------------------------------


class Unreachable(Exception):
    """No hand of OpenSpiel reaches the asked position (reported as ``errored``)."""


@dataclass
class Table:
    """A hand in progress: OpenSpiel's state plus what the adapter tracks to ask about it."""

    state: Any
    held: list[Cards]
    kitty: Cards
    landlord: int | None = None
    base: int = 0
    played: list[int] = field(default_factory=lambda: [0, 0, 0])
    bombs: int = 0
    last: int | None = None

    def in_auction(self) -> bool:
        legal = self.state.legal_actions() if not self.state.is_terminal() else []
        return any(1 <= a <= 3 for a in legal) and all(a <= 3 for a in legal)

    def bid(self, action: int) -> None:
        player = self.state.current_player()
        self.state.apply_action(action)
        if action:
            self.base = action
            self.landlord = player
        if self.landlord is not None and not self.state.is_terminal() and not self.in_auction():
            self.held[self.landlord] = self.held[self.landlord] + self.kitty

    def play(self, aid: int) -> None:
        player = self.state.current_player()
        self.state.apply_action(aid)
        if aid != PASS:
            self.held[player] = self.held[player] - parse(actions()[0][aid].cards)
            self.played[player] += 1
            self.bombs += aid >= BOMB_FROM
            self.last = player


def _card_ids(hands: list[Cards], kitty: Cards) -> list[list[int]]:
    """Physical card ids (OpenSpiel: rank + 13 · suit, jokers 52 and 53) for each hand and the kitty."""
    free = {r: [r + 13 * s for s in range(4)] if r < 13 else [39 + r] for r in range(15)}
    out = []
    for cards in [*hands, kitty]:
        out.append([free[r].pop() for r in cards])
    return out


def deal(hands: list[Cards], kitty: Cards, first_bidder: int) -> Table:
    """Deal ``hands`` (17 each, seats 0..2) and ``kitty`` through OpenSpiel's chance actions."""
    state = _game().new_initial_state()
    state.apply_action(first_bidder)  # the face-up card is dealt in round `first_bidder`
    ids = _card_ids(hands, kitty)
    for i in range(51):
        state.apply_action(FACE_UP_POSITIONS + ids[i % 3][i // 3])
    assert state.current_player() == first_bidder
    return Table(state, list(hands), kitty)


def _fill(owner: list[Cards], sizes: list[int], pool: Cards) -> tuple[list[Cards], Cards]:
    """Top each hand up to its size from ``pool`` (lowest cards first)."""
    out = []
    for cards, size in zip(owner, sizes):
        extra = Cards.from_ranks(list(pool)[: size - len(cards)])
        pool = pool - extra
        out.append(cards + extra)
    return out, pool


def _lead_with(hand: Cards) -> Table:
    """Seat 0 bids 3, takes the kitty and sheds single cards (the others pass) until it holds
    exactly ``hand`` and leads."""
    if not 1 <= len(hand) <= 20:
        raise Unreachable("a hand holds 1 to 20 cards")
    rest = FULL_DECK - hand
    extra = Cards.from_ranks(list(rest)[: 20 - len(hand)])
    (h1, h2), _ = _fill([Cards(), Cards()], [17, 17], rest - extra)
    mine = hand + extra
    kitty = Cards.from_ranks(list(mine)[:3])
    t = deal([mine - kitty, h1, h2], kitty, 0)
    t.bid(3)
    for r in extra:
        t.play(_single(r))
        t.play(PASS)
        t.play(PASS)
    return t


def _single(rank: int) -> int:
    return actions()[1][RANKS[rank]][0]


def _respond_to(hand: Cards, table: Cards) -> Table:
    """Seat 1 (a farmer) to move holding exactly ``hand`` with ``table`` just led by seat 0, the
    landlord. Seat 1 sheds its extra cards as singles: it takes the lead by beating the
    landlord's low single, leads the rest, and the landlord takes the lead back over the last."""
    if not 1 <= len(hand) <= 17:
        raise Unreachable("a farmer holds 1 to 17 cards")
    if not _fits(hand, table):
        raise Unreachable(f"{hand} and {table} need more cards than the deck has")
    k = 17 - len(hand)
    pool = FULL_DECK - hand - table
    ranks = list(pool)
    low, high, middle = ranks[0], ranks[-1], ranks[1:-1]
    extras = _pick_extras(middle, k, low, high) if k else []
    landlord_cards = table + (Cards.from_ranks([low, high]) if k else Cards())
    if len(landlord_cards) >= 20:  # the table must not be the landlord's last cards
        raise Unreachable("the landlord would run out of cards before the table is led")
    pool = pool - Cards.from_ranks(extras) - (Cards.from_ranks([low, high]) if k else Cards())
    (landlord20, farmer2), _ = _fill([landlord_cards, Cards()], [20, 17], pool)
    kitty = Cards.from_ranks(list(landlord20)[-3:])
    t = deal([landlord20 - kitty, hand + Cards.from_ranks(extras), farmer2], kitty, 0)
    t.bid(3)
    if k:
        order = sorted(extras, reverse=True)
        t.play(_single(low))
        t.play(_single(order[0]))
        t.play(PASS)
        if k == 1:
            t.play(_single(high))
        else:
            t.play(PASS)
            for j, r in enumerate(order[1:], 2):
                t.play(_single(r))
                t.play(PASS)
                t.play(_single(high) if j == k else PASS)
        t.play(PASS)
        t.play(PASS)
    ids = actions()[1].get(str(table), [])
    legal = [a for a in ids if a in t.state.legal_actions()]
    if not legal:
        raise Unreachable(f"OpenSpiel has no action for the table {table}")
    t.play(legal[0])
    return t


def _fits(hand: Cards, table: Cards) -> bool:
    return all(a + b <= m for a, b, m in zip(hand.counts, table.counts, MAX_COPIES))


def _pick_extras(middle: list[int], k: int, low: int, high: int) -> list[int]:
    """``k`` cards for the farmer to shed: the highest must beat ``low``, the lowest must lose
    to ``high`` (when ``k`` is 1, the one card does both)."""
    for start in range(len(middle) - k, -1, -1):
        pick = middle[start : start + k]
        if len(pick) == k and max(pick) > low and min(pick) < high:
            return pick
    raise Unreachable("no cards left to hand the lead over")


def _legal_cards(t: Table) -> list[str]:
    by_id = actions()[0]
    return sorted({by_id[a].cards for a in t.state.legal_actions() if a != PASS})


def legal(inp: dict[str, Any]) -> dict[str, Any]:
    hand = parse(inp["hand"])
    table = inp.get("table")
    if not table:
        return {"plays": _legal_cards(_lead_with(hand))}
    table_cards = parse(table)
    if str(table_cards) not in actions()[1]:
        raise Unreachable(f"{table_cards} is not one of OpenSpiel's plays")
    return {"plays": _legal_cards(_respond_to(hand, table_cards))}


def beats(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        play, table = parse(inp["play"]), parse(inp["table"])
    except NotationError:
        return {"beats": False}
    by_cards = actions()[1]
    if str(play) not in by_cards or str(table) not in by_cards:
        return {"beats": False}
    if not _fits(play, table):
        raise Unreachable(f"{play} against {table} needs more cards than the deck has")
    return {"beats": str(play) in _legal_cards(_respond_to(play, table))}


# ---- the auction and the whole hand ---------------------------------------------------------

_BIDS = {"p": PASS, "1": 1, "2": 2, "3": 3}


def _auction(t: Table, bids: list[str]) -> dict[str, Any] | None:
    """Apply ``bids``; an error or a void hand as a result, or None when the play may begin."""
    for i, b in enumerate(bids):
        if not t.in_auction():
            return {"error": "auction_closed", "at": i, "phase": "bids"}
        action = _BIDS.get(b.strip().lower())
        if action is None:
            return {"error": "bad_bid", "at": i, "phase": "bids"}
        if action not in t.state.legal_actions():
            return {"error": "bid_not_higher", "at": i, "phase": "bids"}
        t.bid(action)
    if t.in_auction():
        return {"error": "incomplete", "at": len(bids), "phase": "bids"}
    if t.state.is_terminal():  # all passed: OpenSpiel ends the hand with zero returns
        return {"redeal": True}
    return None


def bid(inp: dict[str, Any]) -> dict[str, Any]:
    bids = [str(b) for b in inp["bids"]]
    seats = [Cards.from_ranks(list(FULL_DECK)[i * 17 : i * 17 + 17]) for i in range(3)]
    t = deal(seats, FULL_DECK - seats[0] - seats[1] - seats[2], 0)
    out = _auction(t, bids)
    if out is not None:
        out.pop("phase", None)
        return out
    return {"landlord": t.landlord, "base": t.base}


def game(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        hands = [parse(h) for h in inp["hands"]]
        kitty = parse(inp["kitty"])
        whole = [len(h) for h in hands] == [17, 17, 17] and len(kitty) == 3 and sum(hands, kitty) == FULL_DECK
    except NotationError:
        whole = False
    first = inp["first_bidder"]
    if not whole or first not in (0, 1, 2):
        return {"error": "bad_deal", "at": None}
    t = deal(hands, kitty, first)
    out = _auction(t, [str(b) for b in inp["bids"]])
    if out is not None:
        return out
    plays = [str(p) for p in inp["plays"]]
    for i, p in enumerate(plays):
        error = _play(t, p)
        if error:
            return {"error": error, "at": i, "phase": "plays"}
    if not t.state.is_terminal():
        return {"error": "incomplete", "at": len(plays)}
    return _result(t)


def _play(t: Table, text: str) -> str | None:
    if t.state.is_terminal():
        return "game_over"
    legal = t.state.legal_actions()
    if text.strip().lower() == "p":
        if PASS not in legal:
            return "must_lead"
        t.play(PASS)
        return None
    try:
        cards = parse(text)
    except NotationError:
        return "bad_notation"
    if not cards <= t.held[t.state.current_player()]:
        return "not_in_hand"
    ids = actions()[1].get(str(cards))
    if not ids:
        return "invalid_play"
    ok = [a for a in ids if a in legal]
    if not ok:
        return "does_not_beat"
    t.play(ok[0])
    return None


def _result(t: Table) -> dict[str, Any]:
    assert t.landlord is not None and t.last is not None
    returns = [round(x) for x in t.state.returns()]
    landlord_won = t.last == t.landlord
    multiplier = abs(returns[t.landlord]) // (2 * t.base)
    doubled_for_spring = multiplier > 2**t.bombs
    return {
        "landlord": t.landlord,
        "base": t.base,
        "multiplier": multiplier,
        "spring": doubled_for_spring and landlord_won,
        "antispring": doubled_for_spring and not landlord_won,
        "winner": "landlord" if landlord_won else "farmers",
        "scores": returns,
    }


def _guard(op: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A position no deal of OpenSpiel reaches is answered ``skipped``, not guessed."""

    def run(inp: dict[str, Any]) -> dict[str, Any]:
        try:
            return op(inp)
        except Unreachable as e:
            raise Unsupported(f"OpenSpiel cannot reach that position: {e}") from None

    return run


def main() -> int:
    import pyspiel

    ops = {"classify": classify, "beats": beats, "legal": legal, "bid": bid, "game": game}
    return serve(
        "openspiel",
        str(getattr(pyspiel, "__version__", "2.0.2")),
        {k: _guard(f) for k, f in ops.items()},
        language="c++",
        homepage="https://github.com/google-deepmind/open_spiel",
    )


if __name__ == "__main__":
    sys.exit(main())
