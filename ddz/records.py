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


def make_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` (:meth:`Game.record <ddz.game.Game.record>`)."""
    return game.record()


def replay(record: dict[str, Any] | str) -> Game:
    """Rebuild a game from its record; raises :class:`RecordError` at the first bad action."""
    if isinstance(record, str):
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
    variant = record.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise RecordError("bad_variant")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("no_actions")
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
    expected = record.get("result")
    if expected is not None and (game.result is None or game.result.as_dict() != expected):
        raise RecordError("result_mismatch", None, len(actions))
    return game
