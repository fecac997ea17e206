"""The conformance operations as plain functions of JSON-ready values.

Shared by the JSON-lines protocol server, the in-process conformance runner and the CLI.
Each op takes the ``input`` object of a ``run`` request and returns its ``result`` object;
bad input raises :class:`OpError` (reported as ``errored``), never anything else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import NotationError, parse
from .codes import MAX_REDEALS, CodeError, cards_of, deal
from .compare import compare
from .endgame import EndgameError, Position, solve
from .game import BIDDING, OVER, VOID, Game, GameError, auction_outcome, parse_bid
from .messages import CodedError
from .moves import legal_plays
from .plays import Play, analyze
from .records import MAX_PLAY_ACTIONS
from .variants import Variant

OPS = ("notation", "classify", "beats", "legal", "deal", "bid", "game", "endgame")
"""The operations of the conformance suite, in the order the protocol lists them."""
MAX_BIDS = 3 * (MAX_REDEALS + 1)
"""Most bids of a ``game`` request: three per deal (explicit hands allow up to three redeals)."""


class OpError(CodedError):
    """A malformed request (missing or mistyped field): a ``ValueError`` whose ``code`` is a
    catalog code ``request.*`` and whose ``str()`` is its Spanish sentence."""

    group = "request"


def _field(inp: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if not isinstance(inp, dict):
        raise OpError("not_object")
    if name not in inp:
        if default is ...:
            raise OpError("missing_field", {"field": name})
        return default
    value = inp[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise OpError("wrong_type", {"field": name})
    return value


def _strings(inp: dict[str, Any], name: str) -> list[str]:
    values: list[str] = _field(inp, name, list)
    if not all(isinstance(x, str) for x in values):
        raise OpError("not_strings", {"field": name})
    return values


def op_notation(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """``cards`` (and an optional ``limit``) read as notation: ``{"cards": canonical}`` or a notation error."""
    text = _field(inp, "cards", str)
    limit = _field(inp, "limit", (int, type(None)), None)
    try:
        return {"cards": str(parse(text, limit=limit))}
    except NotationError as e:
        return {"error": "notation", "message": e.message}


def op_classify(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """The kind of play ``cards`` make (kind, rank, chain…) or why they make none (``reason``)."""
    got = analyze(_field(inp, "cards", str), v)
    if isinstance(got, Play):
        return {"kind": got.kind, "rank": got.rank_symbol, "chain": got.chain}
    return {"kind": "invalid", "reason": got.reason}


def op_beats(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """Whether ``play`` beats ``table``: ``{"beats": bool, "reason": verdict code}``."""
    verdict = compare(_field(inp, "play", str), _field(inp, "table", str), v)
    return {"beats": verdict.beats, "reason": verdict.reason}


def op_legal(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """Every play of ``hand`` (that beats ``table`` if given): ``{"plays": [notation, …]}``."""
    hand = _field(inp, "hand", str)
    table = _field(inp, "table", (str, type(None)), None)
    try:
        return {"plays": [str(p) for p in legal_plays(hand, table or None, v)]}
    except ValueError as e:
        raise OpError(
            "bad_input", {"cause": e.as_message() if isinstance(e, CodedError) else str(e)}
        ) from None


def op_deal(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """The deal of a deal ``code`` (and ``redeal``): ``hands``, ``kitty`` and ``first_bidder``."""
    code = _field(inp, "code", str)
    redeal = _field(inp, "redeal", int, 0)
    if not 0 <= redeal <= MAX_REDEALS:
        raise OpError("out_of_range", {"field": "redeal", "max": MAX_REDEALS})
    try:
        d = deal(code, redeal)
    except CodeError as e:
        return {"error": "bad_code", "message": str(e)}
    return {
        "hands": [str(cards_of(h)) for h in d.hands],
        "kitty": str(cards_of(d.kitty)),
        "first_bidder": d.first_bidder,
    }


def op_bid(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """The outcome of an auction of ``bids``: ``landlord`` and ``base``, a ``redeal``, or an ``error``."""
    bids = _strings(inp, "bids")
    redeals = _field(inp, "redeals", int, 0)
    if not 0 <= redeals <= MAX_REDEALS:
        raise OpError("out_of_range", {"field": "redeals", "max": MAX_REDEALS})
    auction: list[int] = []
    outcome = None
    for i, b in enumerate(bids):
        if outcome is not None:
            return {"error": "auction_closed", "at": i}
        try:
            auction.append(parse_bid(b, auction))
        except GameError as e:
            return {"error": e.code, "at": i}
        outcome = auction_outcome(auction, redeals, v)
    if outcome is None:
        return {"error": "incomplete"}
    if outcome[0] == "redeal":
        return {"redeal": True}
    return {"landlord": outcome[1], "base": outcome[2]}


def op_game(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """A whole hand from explicit ``hands``, ``kitty``, ``bids`` and ``plays``: its scored result
    (:meth:`~ddz.game.Result.as_dict`), a ``redeal``, or the first refused action (``error``, ``at``)."""
    hands = _strings(inp, "hands")
    try:
        g = Game.from_hands(
            hands,
            _field(inp, "kitty", str),
            _field(inp, "first_bidder", int),
            _field(inp, "redeals", int, 0),
            v,
        )
    except (GameError, NotationError) as e:
        return {"error": getattr(e, "code", "bad_deal"), "at": None}
    bids = _strings(inp, "bids")
    plays = _strings(inp, "plays")
    if len(bids) > MAX_BIDS or len(plays) > MAX_PLAY_ACTIONS:
        raise OpError("too_many_actions", {"bids": MAX_BIDS, "plays": MAX_PLAY_ACTIONS})
    for i, b in enumerate(bids):
        if g.phase != BIDDING:
            return {"error": "auction_closed", "at": i, "phase": "bids"}
        try:
            g.apply(b)
        except GameError as e:
            return {"error": e.code, "at": i, "phase": "bids"}
    if g.phase == BIDDING:
        return {"error": "incomplete", "at": len(bids), "phase": "bids"}
    if g.phase == VOID:
        return {"redeal": True}
    for i, p in enumerate(plays):
        if g.phase == OVER:
            return {"error": "game_over", "at": i, "phase": "plays"}
        try:
            g.apply(p)
        except GameError as e:
            return {"error": e.code, "at": i, "phase": "plays"}
    if g.result is None:
        return {"error": "incomplete", "at": len(plays)}
    return g.result.as_dict()


ENDGAME_MAX_NODES = 2_000_000
"""The most positions an ``endgame`` request may search (past it: ``{"error": "too_hard"}``)."""


def op_endgame(inp: dict[str, Any], v: Variant) -> dict[str, Any]:
    """``hands``: two (first, second; first to move) or three (landlord, farmer 1, farmer 2);
    ``table``: the play to answer or null; three hands also take ``turn`` (seat 0..2, default 0) and
    ``table_seat`` (who made the table play). The result: ``winner`` (``first``/``second``, or
    ``landlord``/``farmers``), a winning ``move`` (null when the side to move loses) and the ``line``."""
    hands = _strings(inp, "hands")
    table = _field(inp, "table", (str, type(None)), None)
    try:
        if len(hands) == 2:
            for extra in ("turn", "table_seat"):
                if extra in inp:
                    raise OpError("three_hands_only", {"field": extra})
            pos = Position.two(hands[0], hands[1], table=table, variant=v)
        elif len(hands) == 3:
            turn = _field(inp, "turn", int, 0)
            seat = _field(inp, "table_seat", (int, type(None)), None)
            pos = Position.three(
                hands[0], hands[1], hands[2], turn=turn, table=table, table_seat=seat, variant=v
            )
        else:
            raise OpError("hands_count")
        s = solve(pos, max_nodes=ENDGAME_MAX_NODES)
    except EndgameError as e:
        return {"error": e.code, "message": e.message}
    return {"winner": s.winner, "move": s.move, "line": list(s.line)}


HANDLERS: dict[str, Callable[[dict[str, Any], Variant], dict[str, Any]]] = {
    "notation": op_notation,
    "classify": op_classify,
    "beats": op_beats,
    "legal": op_legal,
    "deal": op_deal,
    "bid": op_bid,
    "game": op_game,
    "endgame": op_endgame,
}


def run_op(op: str, inp: dict[str, Any], variant: Variant | str | None = None) -> dict[str, Any]:
    """Run one op; raises :class:`OpError` for an unknown op or malformed input."""
    handler = HANDLERS.get(op)
    if handler is None:
        raise OpError("unknown_op", {"op": op, "known": list(OPS)})
    if not isinstance(inp, dict):
        raise OpError("not_object")
    return handler(inp, Variant.parse(variant))


__all__ = [
    "OPS",
    "OpError",
    "op_beats",
    "op_bid",
    "op_classify",
    "op_deal",
    "op_endgame",
    "op_game",
    "op_legal",
    "op_notation",
    "run_op",
]
