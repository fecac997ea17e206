"""Game records: a versioned JSON document that replays to the identical final state."""

from __future__ import annotations

import json
from typing import Any

from .cards import NotationError
from .game import RECORD_FORMAT as FORMAT
from .game import RECORD_VERSION as VERSION
from .game import Game, GameError
from .messages import CodedError


class RecordError(CodedError):
    """A record that cannot be replayed: a ``code`` with its ``data`` (catalog codes ``record.*``);
    ``index`` is the first bad action (or None)."""

    group = "record"

    def __init__(self, code: str, data: dict[str, Any] | None = None, index: int | None = None) -> None:
        super().__init__(code, data, index)
        self.index = index


MAX_RECORD_BYTES = 64 * 1024
"""A record (its JSON text, UTF-8) larger than this is refused before it is parsed."""
MAX_RECORD_REDEALS = 1000
"""Most redeals a record may lead to (only ``unlimited_redeals`` goes past three)."""
MAX_PLAY_ACTIONS = 3 * 54
"""Most actions of a play phase: every play takes at least one of the 54 cards, and at most
two passes follow each play."""
MAX_RECORD_ACTIONS = 3 * (MAX_RECORD_REDEALS + 1) + MAX_PLAY_ACTIONS
"""Most actions a record may hold: three bids per deal and a play phase."""


def _strict_int(value: Any) -> bool:
    return type(value) is int  # True is not 1, 1.0 is not 1


def _check_shape(record: dict[str, Any]) -> list[Any]:
    """The actions list, after checking the types and sizes of every field a replay reads."""
    variant = record.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise RecordError("bad_variant")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("no_actions")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError("too_many_actions", {"count": len(actions), "limit": MAX_RECORD_ACTIONS})
    if not all(isinstance(a, str) for a in actions):
        raise RecordError("bad_field", {"field": "actions", "expected": "texts"})
    if "code" in record:
        if not isinstance(record["code"], str):
            raise RecordError("bad_field", {"field": "code", "expected": "text"})
    elif "deal" in record:
        d = record["deal"]
        if not isinstance(d, dict) or not {"hands", "kitty", "first_bidder"} <= d.keys():
            raise RecordError("bad_field", {"field": "deal", "expected": "deal"})
        hands = d["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise RecordError("bad_field", {"field": "deal.hands", "expected": "texts"})
        if not isinstance(d["kitty"], str):
            raise RecordError("bad_field", {"field": "deal.kitty", "expected": "text"})
        for name in ("first_bidder", "redeals"):
            if name in d and not _strict_int(d[name]):
                raise RecordError("bad_field", {"field": f"deal.{name}", "expected": "int"})
    return actions


def replay(record: dict[str, Any] | str) -> Game:
    """Rebuild a game from its record; raises :class:`RecordError` at the first bad action.

    Bounded: a text over :data:`MAX_RECORD_BYTES`, more than :data:`MAX_RECORD_ACTIONS` actions
    or more than :data:`MAX_RECORD_REDEALS` redeals is refused; fields have strict JSON types
    (``true`` and ``1.0`` are not integers). Linear in the number of actions."""
    if isinstance(record, str):
        if len(record) > MAX_RECORD_BYTES or len(record.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
            raise RecordError("too_large", {"limit": MAX_RECORD_BYTES})
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError("json_error", {"error": e.msg, "line": e.lineno}) from None
        except RecursionError:
            raise RecordError("too_deep") from None
        except ValueError as e:  # e.g. an integer over Python's digit limit
            raise RecordError("bad_json", {"detail": str(e)[:80]}) from None
    if not isinstance(record, dict):
        raise RecordError("not_object")
    version = record.get("version")
    if record.get("format") != FORMAT or type(version) is not int or version != VERSION:
        raise RecordError("unknown_format", {"format": FORMAT, "version": VERSION})
    actions = _check_shape(record)
    try:
        if "code" in record:
            game = Game.from_code(record["code"], record.get("variant"))
        elif isinstance(record.get("deal"), dict):
            d = record["deal"]
            game = Game.from_hands(
                d["hands"], d["kitty"], d["first_bidder"], d.get("redeals", 0), record.get("variant")
            )
        else:
            raise RecordError("no_deal")
    except (ValueError, KeyError, TypeError) as e:
        if isinstance(e, RecordError):
            raise
        cause = e.as_message() if isinstance(e, CodedError) else str(e)
        raise RecordError("bad_deal", {"cause": cause}) from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except (GameError, NotationError) as e:
            raise RecordError(
                "bad_action", {"index": i, "action": action, "cause": e.as_message()}, i
            ) from None
        if game.redeals > MAX_RECORD_REDEALS:
            raise RecordError("too_many_redeals", {"limit": MAX_RECORD_REDEALS}, i)
    expected = record.get("result")
    if expected is not None and (game.result is None or game.result.as_dict() != expected):
        raise RecordError("result_mismatch", None, len(actions))
    return game


__all__ = [
    "RecordError",
    "replay",
]
