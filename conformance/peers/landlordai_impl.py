"""landlord-ai 0.1.37 (``landlordai.game``, a Dou Dizhu engine written for a reinforcement-learning
bot) as a conformance implementation, through its own code paths:

- ``classify``: landlord-ai has no classifier, only a move generator: the cards are given to its
  ``CardSet(...).get_all_moves()`` as a hand, and the kind is the first generated move that uses
  exactly those cards (none: ``invalid``). Its ``MoveType`` is mapped to our kinds; a ``BOMB`` of
  the two jokers is our ``rocket``, and its ``QUAD_SINGLE_KICKERS`` is our ``four_two_singles``
  with six cards and ``four_two_pairs`` with eight (its generator files both under that type).
- ``beats``: the play must be one of the moves generated from exactly its cards, and
  ``SpecificMove.beats`` must say it beats the table's move (a table that is no move of
  landlord-ai cannot happen in its games: ``skipped``).
- ``legal``: ``LandlordGame.get_legal_moves`` without the pass: every generated move of the hand,
  or those that beat the table's move.
- ``bid`` and ``game``: a ``LandlordGame`` with the asked hands and kitty forced in
  (``force_hand``, ``force_kitty``, ``force_current_position``), its ``make_bet_move`` for the
  bids and ``make_card_move`` for the plays; landlord, bet, winner and ``get_scores()`` are
  landlord-ai's own. It reports no multiplier or spring: the adapter reads the multiplier from its
  final ``bet_amount`` (``bet_amount / base``) and the spring from its ``peasants_have_no_plays``.

landlord-ai declares no dependencies, but ``landlordai.game.landlord`` imports numpy and, through
``player``, keras (used only by its learning players, which the adapter never builds): when keras
is missing an empty stand-in module is registered before the import. Install with
``pip install --no-deps landlord-ai==0.1.37`` (extra ``peers``). Its licence is declared as «GNU»;
it is installed by name and never copied here. Run: ``python -m conformance.peers.landlordai_impl``.
"""

from __future__ import annotations

import sys
import types
from collections import Counter
from typing import Any

from ddz.cards import FULL_DECK, RANKS, NotationError, parse
from ddz.protocol import Unsupported

from .common import Op, canonical, serve

VERSION = "0.1.37"
VARIANT = "standard+four_two_distinct_singles+unlimited_redeals"
"""Its generator wants two different kickers for a four-with-two (``_get_two_kickers``), and
a hand that all three pass simply ends, as often as it happens."""

NAMES = [
    "THREE",
    "FOUR",
    "FIVE",
    "SIX",
    "SEVEN",
    "EIGHT",
    "NINE",
    "TEN",
    "JACK",
    "QUEEN",
    "KING",
    "ACE",
    "TWO",
    "LITTLE_JOKER",
    "BIG_JOKER",
]


def _card(rank: str) -> Any:
    from landlordai.game.card import Card

    return Card[NAMES[RANKS.index(rank)]]


def _rank(card: Any) -> str:
    return RANKS[NAMES.index(card.name)]


def _counter(cards: str) -> Counter[Any]:
    return Counter(_card(c) for c in canonical(cards))


def _spell(move: Any) -> str:
    return canonical("".join(_rank(c) * n for c, n in move.cards.items() if n > 0))


def _moves(counter: Counter[Any]) -> list[Any]:
    from landlordai.game.deck import CardSet

    return list(CardSet(Counter(counter)).get_all_moves())


def readings(cards: str) -> list[Any]:
    """landlord-ai's moves that use exactly ``cards`` (its generator run on them as a hand)."""
    want = _counter(cards)
    return [m for m in _moves(want) if +m.cards == want]


class Untyped(Exception):
    """landlord-ai built a move without a ``MoveType`` (its type table stops at six trios)."""


def _kind(move: Any) -> dict[str, Any]:
    if move.ranked_move_type.move_type is None:
        raise Untyped(
            f"landlord-ai's generator returns {_spell(move)} with no MoveType "
            "(MoveType.get_straight_of_length has no entry for that chain)"
        )
    t = move.ranked_move_type.move_type.name
    rank = _rank(move.rank())
    size = sum(move.cards.values())
    if t == "BOMB":
        return (
            {"kind": "rocket", "rank": "R", "chain": 1}
            if size == 2
            else {"kind": "bomb", "rank": rank, "chain": 1}
        )
    if t.startswith("STRAIGHT_"):
        return {"kind": "straight", "rank": rank, "chain": int(t.rsplit("_", 1)[1])}
    if t.startswith("CHAIN_PAIR_"):
        return {"kind": "pair_straight", "rank": rank, "chain": int(t.rsplit("_", 1)[1])}
    if t.startswith("CHAIN_TRIPLE_"):
        return {"kind": "airplane", "rank": rank, "chain": int(t.rsplit("_", 1)[1])}
    if t == "QUAD_SINGLE_KICKERS":
        return {"kind": "four_two_singles" if size == 6 else "four_two_pairs", "rank": rank, "chain": 1}
    kind, chain = {
        "SINGLE": ("single", 1),
        "PAIR": ("pair", 1),
        "TRIPLE": ("trio", 1),
        "TRIPLE_SINGLE_KICKER": ("trio_single", 1),
        "TRIPLE_PAIR_KICKER": ("trio_pair", 1),
        "AIRPLANE_SINGLE_KICKER": ("airplane_singles", 2),
        "AIRPLANE_PAIR_KICKER": ("airplane_pairs", 2),
    }[t]
    return {"kind": kind, "rank": rank, "chain": chain}


def classify(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        found = readings(inp["cards"]) if inp["cards"].strip() else []
    except NotationError:
        found = []
    return _kind(found[0]) if found else {"kind": "invalid"}


def _table_moves(table: str) -> list[Any]:
    found = readings(table)
    if not found:
        raise Unsupported(
            f"{canonical(table) or 'nothing'} is no move of landlord-ai: no game of it has it on the table"
        )
    return found


def _beats(move: Any, table: list[Any]) -> bool:
    return any(bool(move.beats(t)) for t in table)


def beats(inp: dict[str, Any]) -> dict[str, Any]:
    table = _table_moves(inp["table"])
    try:
        plays = readings(inp["play"])
    except NotationError:
        return {"beats": False}
    return {"beats": any(_beats(m, table) for m in plays)}


def legal(inp: dict[str, Any]) -> dict[str, Any]:
    moves = _moves(_counter(inp["hand"]))
    if inp.get("table"):
        table = _table_moves(inp["table"])
        moves = [m for m in moves if _beats(m, table)]
    return {"plays": sorted({_spell(m) for m in moves})}


# ---- the auction and the whole hand ---------------------------------------------------------


def _landlord_module() -> Any:
    try:
        import keras  # noqa: F401
    except ImportError:  # only its learning players use keras; the rules never do
        sys.modules.setdefault("keras", types.ModuleType("keras"))
    from landlordai.game import landlord

    return landlord


def _new_game(hands: list[str], kitty: str, first: int) -> Any:
    landlord = _landlord_module()
    from landlordai.game.player import TurnPosition

    g = landlord.LandlordGame([None, None, None])
    for seat, hand in enumerate(hands):
        g.force_hand(TurnPosition(seat), sorted(_card(c) for c in hand))
    g.force_kitty(sorted(_card(c) for c in kitty))
    g.force_current_position(TurnPosition(first))
    return g


_BIDS = {"p": 0, "1": 1, "2": 2, "3": 3}


def _auction(g: Any, bids: list[str]) -> dict[str, Any] | None:
    """Apply the bids with ``make_bet_move``; an answer when the play cannot begin, else None.

    landlord-ai offers the bets 0..3 at every turn (``get_legal_moves``); a bet that is not above
    the highest is logged as a pass.
    """
    from landlordai.game.move import BetMove

    for i, b in enumerate(bids):
        if g.is_betting_complete() or g.is_round_over():
            return {"error": "auction_closed", "at": i, "phase": "bids"}
        amount = _BIDS.get(b.strip().lower())
        if amount is None or BetMove(amount) not in g.get_legal_moves():
            return {"error": "bad_bid", "at": i, "phase": "bids"}
        g.make_bet_move(BetMove(amount) if amount else None)
    if g.is_round_over():  # all passed: the round is over, nobody scores
        return {"redeal": True}
    if not g.is_betting_complete():
        return {"error": "incomplete", "at": len(bids), "phase": "bids"}
    return None


def bid(inp: dict[str, Any]) -> dict[str, Any]:
    deck = str(FULL_DECK)
    g = _new_game([deck[0:17], deck[17:34], deck[34:51]], deck[51:], 0)
    out = _auction(g, [str(b) for b in inp["bids"]])
    if out is not None:
        out.pop("phase", None)
        if out.get("error") == "incomplete":
            out.pop("at", None)
        return out
    return {"landlord": int(g.get_landlord_position()), "base": g.get_bet_amount()}


def game(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        hands = [canonical(h) for h in inp["hands"]]
        kitty = canonical(inp["kitty"])
        whole = [len(h) for h in hands] == [17, 17, 17] and len(kitty) == 3
        whole = whole and parse("".join(hands) + kitty) == FULL_DECK
    except NotationError:
        whole = False
    first = inp["first_bidder"]
    if not whole or first not in (0, 1, 2):
        return {"error": "bad_deal", "at": None}
    g = _new_game(hands, kitty, first)
    out = _auction(g, [str(b) for b in inp["bids"]])
    if out is not None:
        return out
    base = g.get_bet_amount()
    g.control_position = g.get_landlord_position()  # as its main_game does before the first play
    plays = [str(p) for p in inp["plays"]]
    for i, p in enumerate(plays):
        error = _play(g, p)
        if error:
            return {"error": error, "at": i, "phase": "plays"}
    if not g.is_round_over():
        return {"error": "incomplete", "at": len(plays)}
    landlord_won = g.get_landlord_position() in g.get_winners()
    spring = bool(g.peasants_have_no_plays())
    return {
        "landlord": int(g.get_landlord_position()),
        "base": base,
        "multiplier": g.get_bet_amount() // base,
        "spring": spring and landlord_won,
        "antispring": False,  # landlord-ai has no anti-spring
        "winner": "landlord" if landlord_won else "farmers",
        "scores": g.get_scores(),
    }


def _play(g: Any, text: str) -> str | None:
    if g.is_round_over():
        return "game_over"
    legal = g.get_legal_moves()
    if text.strip().lower() == "p":
        if None not in legal:
            return "must_lead"
        g.play_move(None)
        return None
    try:
        want = _counter(text)
    except NotationError:
        return "bad_notation"
    held = Counter(g.get_hand(g.get_current_position()))
    if any(held[c] < n for c, n in want.items()):
        return "not_in_hand"
    ok = [m for m in legal if m is not None and +m.cards == want]
    if not ok:
        return "does_not_beat" if readings(text) else "invalid_play"
    g.play_move(ok[0])
    return None


def main() -> int:
    ops: dict[str, Op] = {"classify": classify, "beats": beats, "legal": legal, "bid": bid, "game": game}
    return serve(
        "landlord-ai",
        _version(),
        ops,
        VARIANT,
        language="python",
        homepage="https://pypi.org/project/landlord-ai/",
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("landlord-ai")
    except PackageNotFoundError:
        return VERSION


if __name__ == "__main__":
    sys.exit(main())
