"""The template language of the message catalog: a subset of ICU MessageFormat.

A template is literal text with these placeholders:

- ``{name}``: a simple argument, the value of data field ``name``.
- ``{name, type}``: a simple argument with one of the catalog's own types (:data:`TYPES`), none of
  them ICU's: ``rank``, ``kind``, ``seat``, ``Seat``, ``the_seat``, ``cards``, ``noun_cards``,
  ``the_cards``, ``signed``, ``list`` and ``commas``. What each says is the Spanish of
  :mod:`ddz.messages`.
- ``{name, select, key {text} … other {text}}``: the branch whose key is the value (``true`` /
  ``false`` for a boolean), ``other`` when none is.
- ``{name, plural, =N {text} one {text} other {text}}``: the branch ``=N`` whose N is the number,
  else ``one`` when it is 1, else ``other``; inside, ``#`` stands for the number.

Branches nest (a branch is a template). ``select`` and ``plural`` need an ``other`` branch; a
brace left open, an unmatched ``}``, an unknown type or a placeholder it cannot read is refused:
:func:`parse` raises :class:`~ddz.errors.MessageError` (code ``template``) naming the problem.

Where it departs from ICU:

- No quoting: an apostrophe is plain text, so a brace or ``#`` cannot be written literally.
- ``}`` outside every argument is an error (ICU reads it as text).
- ``#`` is the number of the innermost enclosing ``plural`` also inside a ``select`` nested in it
  (ICU: only right in the plural's branch), and is never literal (outside a plural it says ``None``).
- The number of a ``plural`` is an ``int()`` of the value, written without grouping; its only
  categories are ``one`` (exactly 1) and ``other``: ``zero``, ``two``, ``few`` and ``many`` are
  never chosen, and there is no ``offset:``.
- No ICU type (``number``, ``date``, ``time``, ``spellout``, ``ordinal``, ``selectordinal``,
  ``choice``…) and no argument style (``{n, number, integer}``); ``select`` and ``plural`` are
  lowercase only (ICU reads them in any case).
- A value is said by the caller's :data:`Format`, not by ICU's locale formats (for a plain
  ``{name}``, :mod:`ddz.messages` says ``str(value)``, a nested message's sentence or a list's items).

The renderer walks the parsed nodes and hands each argument to the caller's :data:`Format`
(:func:`ddz.messages.render` passes the Spanish one), so this module writes no Spanish.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .errors import MessageError

Node = str | tuple[Any, ...]
"""A parsed piece of a template: a ``str`` (literal text), ``("#",)`` (the plural number),
``("arg", name, type)`` (``type`` ``""`` for a plain ``{name}``) or
``("choice", name, "select" | "plural", {key: nodes})``."""

TYPES = frozenset(
    {
        "",
        "rank",
        "kind",
        "seat",
        "Seat",
        "the_seat",
        "signed",
        "list",
        "commas",
        "cards",
        "noun_cards",
        "the_cards",
    }
)
"""The types a simple argument may have (``""``: none, ``{name}``)."""

Format = Callable[[Any, str, Sequence[str]], str]
"""How a renderer says one argument: ``(value, type, the pieces of text written so far) -> text``."""


def parse(template: str, code: str = "") -> tuple[Node, ...]:
    """The nodes of ``template``; raises :class:`~ddz.errors.MessageError` (code ``template``, data
    ``code``, ``problem`` and ``text``) if it cannot be read. ``code`` names it in the error.

    ```python
    >>> parse("{n, plural, one {# carta} other {# cartas}}")
    (('choice', 'n', 'plural', {'one': (('#',), ' carta'), 'other': (('#',), ' cartas')}),)

    ```
    """
    nodes, end = _parse(template, 0, code)
    if end != len(template):
        raise MessageError("template", {"code": code, "problem": "unbalanced", "text": template[end:]})
    return nodes


def fields(nodes: tuple[Node, ...]) -> tuple[str, ...]:
    """The data fields ``nodes`` name, in order of first use (choices' branches included)."""
    names: list[str] = []
    _names(nodes, names)
    return tuple(names)


def _parse(t: str, i: int, code: str) -> tuple[tuple[Node, ...], int]:
    """Nodes from ``t[i:]`` up to an unmatched ``}`` (or the end); returns them and that index."""
    out: list[Node] = []
    lit: list[str] = []
    while i < len(t):
        ch = t[i]
        if ch == "}":
            break
        if ch == "#":
            if lit:
                out.append("".join(lit))
                lit = []
            out.append(("#",))
            i += 1
            continue
        if ch != "{":
            lit.append(ch)
            i += 1
            continue
        if lit:
            out.append("".join(lit))
            lit = []
        close = t.find("}", i)
        head_end = min(x for x in (close, t.find("{", i + 1)) if x >= 0) if close >= 0 else -1
        if head_end < 0:
            raise MessageError("template", {"code": code, "problem": "unclosed", "text": t[i:]})
        parts = [p.strip() for p in t[i + 1 : head_end].split(",")]
        name = parts[0]
        if len(parts) >= 2 and parts[1] in ("select", "plural"):
            branches: dict[str, tuple[Node, ...]] = {}
            j = t.index(",", t.index(",", i) + 1) + 1  # after "name, select,"
            while True:
                while j < len(t) and t[j] == " ":
                    j += 1
                if j >= len(t):
                    raise MessageError("template", {"code": code, "problem": "unclosed", "text": t[i:]})
                if t[j] == "}":
                    break
                brace = t.find("{", j)
                key = t[j:brace].strip()
                if brace < 0 or "}" in key:
                    raise MessageError("template", {"code": code, "problem": "unreadable", "text": t[i:]})
                body, j = _parse(t, brace + 1, code)
                branches[key] = body
                j += 1  # the branch's "}"
            if "other" not in branches:
                raise MessageError("template", {"code": code, "problem": "no_other", "text": name})
            out.append(("choice", name, parts[1], branches))
            i = j + 1
            continue
        if t[head_end] != "}" or len(parts) > 2:
            raise MessageError(
                "template", {"code": code, "problem": "unreadable", "text": t[i : head_end + 1]}
            )
        style = parts[1] if len(parts) == 2 else ""
        if style not in TYPES:
            raise MessageError("template", {"code": code, "problem": "style", "text": style})
        out.append(("arg", name, style))
        i = head_end + 1
    if lit:
        out.append("".join(lit))
    return tuple(out), i


def _names(nodes: tuple[Node, ...], into: list[str]) -> None:
    for n in nodes:
        if isinstance(n, tuple) and n[0] in ("arg", "choice"):
            if n[1] not in into:
                into.append(n[1])
            if n[0] == "choice":
                for body in n[3].values():
                    _names(body, into)


def render(nodes: tuple[Node, ...], data: Mapping[str, Any], say: Format) -> str:
    """The text of ``nodes`` with ``data`` (every field :func:`fields` names must be in it), each
    argument said by ``say``.

    ```python
    >>> render(parse("{n, plural, =0 {nada} one {# carta} other {# cartas}}"), {"n": 3}, lambda v, t, _: str(v))
    '3 cartas'

    ```
    """
    out: list[str] = []
    _render(nodes, data, say, None, out)
    return "".join(out)


def _render(
    nodes: tuple[Node, ...], data: Mapping[str, Any], say: Format, number: Any, out: list[str]
) -> None:
    for n in nodes:
        if isinstance(n, str):
            out.append(n)
        elif n[0] == "#":
            out.append(str(number))
        elif n[0] == "arg":
            out.append(say(data[n[1]], n[2], out))
        else:
            _, name, how, branches = n
            value = data[name]
            if how == "plural":
                count = int(value)
                key = f"={count}"
                if key not in branches:
                    key = "one" if count == 1 and "one" in branches else "other"
                _render(branches[key], data, say, count, out)
            else:
                key = ("true" if value else "false") if isinstance(value, bool) else str(value)
                _render(branches.get(key, branches["other"]), data, say, number, out)


__all__ = ["TYPES", "Format", "Node", "fields", "parse", "render"]
