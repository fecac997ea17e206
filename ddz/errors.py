"""The engine's coded errors: a catalog code and plain data, said in Spanish only when asked for.

Every error of the public API is a :class:`CodedError`; its sentence comes from the message
catalog (:mod:`ddz.messages`), which hands this module its renderer when it is imported (the
catalog raises these errors, so this module cannot import it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

Seats = Sequence[str] | Mapping[int, str] | None
"""Names for seats 0, 1, 2 (``("Sur", "Este", "Oeste")``); ``None`` says «asiento N»."""


class Renderer(Protocol):
    """What says a catalog code with its data: :func:`ddz.messages.render`."""

    def __call__(
        self, code: str, data: Mapping[str, Any] | None = None, /, *, seats: Seats = None
    ) -> str: ...


_renderer: Renderer | None = None


def use_renderer(render: Renderer) -> None:
    """Say every :class:`Said` value with ``render`` (:mod:`ddz.messages` calls this once, at import)."""
    global _renderer
    _renderer = render


class Said:
    """What a value that says something shares: its catalog code and plain ``data`` give the
    Spanish ``message`` (``say(seats)`` names the seats) and ``as_message()`` (to nest it)."""

    __slots__ = ()

    @property
    def catalog_code(self) -> str:
        raise NotImplementedError

    @property
    def data(self) -> Mapping[str, Any]:
        raise NotImplementedError

    @property
    def message(self) -> str:
        return self.say()

    def say(self, seats: Seats = None) -> str:
        """The Spanish sentence, seats called by ``seats`` (``("Sur", "Este", "Oeste")``) if given."""
        assert _renderer is not None, "ddz.messages sets the renderer when it is imported"
        return _renderer(self.catalog_code, self.data, seats=seats)

    def as_message(self) -> dict[str, Any]:
        """The message as plain data, to nest in another one: ``{"code": …, "data": …}``."""
        return {"code": self.catalog_code, "data": self.data}


class CodedError(Said, ValueError):
    """Base of the engine's errors: a ``code`` and its plain ``data``; ``message`` and ``str()``
    are the Spanish sentence of catalog code ``GROUP.code``, rendered when asked for."""

    group = ""
    """The catalog group of the subclass's codes."""

    def __init__(self, code: str, data: Mapping[str, Any] | None = None, *more: Any) -> None:
        super().__init__(code, data, *more)
        self.code = code
        self._data: dict[str, Any] = dict(data or {})

    @property
    def catalog_code(self) -> str:
        return f"{self.group}.{self.code}"

    @property
    def data(self) -> dict[str, Any]:
        return self._data

    def __str__(self) -> str:
        return self.message


class MessageError(CodedError):
    """A code that is not in the catalog, or a template that cannot be read (catalog codes
    ``message.*``): a mistake in the calling code or in the catalog, never in a learner's input."""

    group = "message"


__all__ = ["CodedError", "MessageError", "Renderer", "Said", "Seats", "use_renderer"]
