"""doudizhu 0.1.5 (onestraw's «doudizhu engine», MIT) as a conformance implementation.

The engine enumerates every play it knows (37 kinds split by chain length) into a dictionary from
the sorted cards to ``(kind, weight)`` readings, and answers from it:

- ``classify``: ``Doudizhu.check_card_type``; the first reading wins (its enumeration order puts a
  bare airplane before the same cards read as an airplane with kickers); the rank is the top of
  the body (its weights count from different origins per kind, so the adapter derives the rank).
- ``beats``: ``Doudizhu.cards_greater`` (a table it cannot read is no position of its games:
  ``skipped``).
- ``legal`` with a table: ``Doudizhu.list_greater_cards`` (the plays of the hand that beat the
  table, bombs and rocket included). It has no generator for a lead: ``legal`` without a table is
  ``skipped``.

**It cannot be installed on Python 3.11 from the package index**:
doudizhu 0.1.1 to 0.1.5 are published as source archives only, and their ``setup.py`` opens
``LICENSE``, which none of those archives contains, so pip stops with ``FileNotFoundError:
[Errno 2] No such file or directory: 'LICENSE'`` while getting the build requirements; 0.1.0
builds, but it is Python 2 code (``print`` statements, ``from engine import Doudizhu``,
``sorted(cmp=...)``) and its import is a ``SyntaxError`` on Python 3. The code of 0.1.5 itself runs
on Python 3.11 (it has a ``compat`` module for it): what is needed is a release whose archive
ships ``LICENSE`` (or a wheel), i.e. ``doudizhu>=0.1.6`` from its author. Until then this adapter
stops at the handshake with that reason (:data:`UNAVAILABLE`), and the report says so.
Run: ``python -m conformance.peers.doudizhu_impl``.
"""

from __future__ import annotations

import sys
from typing import Any

from ddz.cards import RANKS, NotationError
from ddz.protocol import Unsupported

from .common import Op, canonical, chain_top, serve

VERSION = "0.1.5"
VARIANT = "standard+jokers_as_kickers+trio_as_kickers"
"""Its enumeration lets both jokers ride as kickers of a four-with-two or an airplane, and a
value repeat three times among airplane kickers."""
UNAVAILABLE = (
    "doudizhu cannot be installed on Python 3.11: 0.1.1-0.1.5 ship only sdists whose setup.py opens "
    "LICENSE, which none contains (pip: FileNotFoundError 'LICENSE'); 0.1.0 builds but is Python 2 "
    "(SyntaxError on import). Needed: doudizhu>=0.1.6 with LICENSE in its sdist, or a wheel."
)
"""Why it cannot run (the last line the adapter writes on stderr: the report quotes it)."""

NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "CJ")
"""Its card names, in our rank order (BJ: the black joker, CJ: the coloured one)."""

KINDS: dict[str, tuple[str, int]] = {
    "solo": ("single", 1),
    "solo_chain": ("straight", 1),
    "pair": ("pair", 2),
    "pair_chain": ("pair_straight", 2),
    "trio": ("trio", 3),
    "trio_chain": ("airplane", 3),
    "trio_solo": ("trio_single", 3),
    "trio_solo_chain": ("airplane_singles", 3),
    "trio_pair": ("trio_pair", 3),
    "trio_pair_chain": ("airplane_pairs", 3),
    "four_two_solo": ("four_two_singles", 4),
    "four_two_pair": ("four_two_pairs", 4),
    "bomb": ("bomb", 4),
    "rocket": ("rocket", 1),
}
"""Its kind names (less the ``_N`` chain length) -> our kind and the copies per body rank."""


def _engine() -> Any:
    from doudizhu.engine import Doudizhu

    Doudizhu.init_doudizhu_dict()
    return Doudizhu


def _theirs(cards: str) -> str:
    return "-".join(NAMES[RANKS.index(c)] for c in canonical(cards))


def _ours(cards: str) -> str:
    return canonical("".join(RANKS[NAMES.index(c)] for c in cards.split("-") if c))


def _readings(cards: str) -> list[tuple[str, int]]:
    ok, found = _engine().check_card_type(_theirs(cards))
    return list(found) if ok else []


def _kind(cards: str, name: str) -> dict[str, Any]:
    base, _, length = name.rpartition("_")
    if not length.isdigit():
        base, length = name, "1"
    kind, width = KINDS[base]
    if kind == "rocket":
        return {"kind": kind, "rank": "R", "chain": 1}
    chain = int(length)
    return {"kind": kind, "rank": chain_top(cards, width, chain), "chain": chain}


def classify(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        found = _readings(inp["cards"]) if canonical(inp["cards"]) else []
    except NotationError:
        found = []
    return _kind(canonical(inp["cards"]), found[0][0]) if found else {"kind": "invalid"}


def _need_table(table: str) -> None:
    if not _readings(table):
        raise Unsupported(
            f"{canonical(table) or 'nothing'} is no play of doudizhu: no game of it has it on the table"
        )


def beats(inp: dict[str, Any]) -> dict[str, Any]:
    _need_table(inp["table"])
    try:
        play = _theirs(inp["play"])
    except NotationError:
        return {"beats": False}
    got = _engine().cards_greater(play, _theirs(inp["table"]))
    return {"beats": isinstance(got, tuple) and bool(got[0])}


def legal(inp: dict[str, Any]) -> dict[str, Any]:
    if not inp.get("table"):
        raise Unsupported("doudizhu has no generator of leads (list_greater_cards needs a table)")
    _need_table(inp["table"])
    found = _engine().list_greater_cards(_theirs(inp["table"]), _theirs(inp["hand"]))
    return {"plays": sorted({_ours(p) for plays in found.values() for p in plays})}


def main() -> int:
    try:
        _engine()
    except ImportError as e:
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        print(UNAVAILABLE, file=sys.stderr)
        return 3
    ops: dict[str, Op] = {"classify": classify, "beats": beats, "legal": legal}
    return serve(
        "doudizhu", _version(), ops, VARIANT, language="python", homepage="https://pypi.org/project/doudizhu/"
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("doudizhu")
    except PackageNotFoundError:
        return VERSION


if __name__ == "__main__":
    sys.exit(main())
