"""Game records: a versioned JSON document that replays to the identical final state."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .cards import NotationError, parse

if TYPE_CHECKING:
    from .game import Game

FORMAT = "ddz-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be replayed; ``index`` is the first bad action (or None)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


def make_record(game: Game) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": FORMAT, "version": VERSION, "variant": game.variant.name}
    if game.code is not None:
        rec["code"] = game.code
    else:
        assert game.deal is not None
        d = game._deals[0]
        rec["deal"] = {
            "hands": [str(h) for h in d.rank_hands()],
            "kitty": str(parse("".join(c[0] for c in d.kitty))),
            "first_bidder": d.first_bidder,
            "redeals": d.index,
        }
    rec["actions"] = list(game.actions)
    if game.result is not None:
        rec["result"] = game.result.as_dict()
    return rec


def replay(record: dict[str, Any] | str) -> Game:
    """Rebuild a game from its record; raises :class:`RecordError` at the first bad action."""
    from .game import Game, GameError

    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError(f"el registro no es JSON válido: {e.msg} (línea {e.lineno})") from None
        except RecursionError:
            raise RecordError("el registro no es JSON válido: anida demasiados niveles") from None
        except ValueError as e:  # e.g. an integer over Python's digit limit
            raise RecordError(f"el registro no es JSON válido: {str(e)[:80]}") from None
    if not isinstance(record, dict):
        raise RecordError("el registro tiene que ser un objeto JSON")
    version = record.get("version")
    if record.get("format") != FORMAT or type(version) is not int or version != VERSION:
        raise RecordError(f"formato de registro desconocido: se espera {FORMAT} versión {VERSION}")
    variant = record.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise RecordError("la variante del registro tiene que ser un texto, como «standard»")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("el registro no tiene la lista de acciones «actions»")
    try:
        if "code" in record:
            game = Game.from_code(record["code"], record.get("variant"))
        elif isinstance(record.get("deal"), dict):
            d = record["deal"]
            game = Game.from_hands(
                d["hands"], d["kitty"], d["first_bidder"], d.get("redeals", 0), record.get("variant")
            )
        else:
            raise RecordError("el registro no tiene ni código ni reparto")
    except (ValueError, KeyError, TypeError) as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(f"el reparto del registro no es válido: {e}") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except GameError as e:
            raise RecordError(f"acción {i} («{action}») no válida: {e.message}", i) from None
        except NotationError as e:
            raise RecordError(f"acción {i} («{action}») no válida: {e.message}", i) from None
    expected = record.get("result")
    if expected is not None and (game.result is None or game.result.as_dict() != expected):
        raise RecordError("el resultado guardado no coincide con el de la partida reproducida", len(actions))
    return game
