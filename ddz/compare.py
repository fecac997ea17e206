"""Comparison: does a play beat the play on the table, and why (or why not)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import RANKS, Cards, check_cards_arg
from .messages import Said, rule_of
from .plays import Play, Rejection, analyze
from .variants import STANDARD, Variant


@dataclass(frozen=True, slots=True)
class Verdict(Said):
    """The answer of :func:`compare`: ``beats`` and a reason code; the structured ``data``, the
    rule id and the Spanish ``message`` come from the two plays and the catalog
    (:mod:`ddz.messages`, codes ``verdict.*``), worked out only when asked for."""

    beats: bool
    reason: str
    play: Play | Rejection | None = field(default=None, repr=False, compare=False)
    """The play compared (or why it is not one)."""
    table: Play | Rejection | None = field(default=None, repr=False, compare=False)
    """The play on the table (or why it is not one)."""

    def __bool__(self) -> bool:
        return self.beats

    @property
    def data(self) -> dict[str, Any]:
        """The plain values the message needs (rank symbols, kind ids, counts, a nested cause)."""
        p, t, reason = self.play, self.table, self.reason
        if reason == "invalid_play" and isinstance(p, Rejection):
            return {"cause": p.as_message()}
        if reason == "invalid_table" and isinstance(t, Rejection):
            return {"cause": t.as_message()}
        if not (isinstance(p, Play) and isinstance(t, Play)):
            return {}
        if reason == "different_kind":
            return {"kind": p.kind.value, "table_kind": t.kind.value}
        if reason == "different_count":
            return {"count": len(p.cards), "table_count": len(t.cards)}
        if reason in ("higher", "not_higher"):
            return {"rank": RANKS[p.rank], "table_rank": RANKS[t.rank], "kickers": bool(p.kickers)}
        return {}

    @property
    def rule(self) -> str:
        """The rule id: the cause's for an invalid play, R-CMP-3 between two bombs."""
        cause = self.play if self.reason == "invalid_play" else self.table
        if self.reason in ("invalid_play", "invalid_table") and isinstance(cause, Rejection):
            return cause.rule
        if (
            self.reason in ("higher", "not_higher")
            and isinstance(self.play, Play)
            and self.play.kind == "bomb"
        ):
            return "R-CMP-3"
        return rule_of("verdict." + self.reason)

    @property
    def catalog_code(self) -> str:
        return "verdict." + self.reason


def _as_play(x: str | Cards | Play, variant: Variant | str) -> Play | Rejection:
    if isinstance(x, Play):
        return x
    check_cards_arg(x, "plays")
    return analyze(x, variant)


def compare(
    play: str | Cards | Play, table: str | Cards | Play, variant: Variant | str = STANDARD
) -> Verdict:
    """Whether ``play`` beats ``table``, with the reason in Spanish.

    ```python
    >>> compare("KKK3", "QQQR").beats
    True

    ```
    """
    variant = Variant.parse(variant)
    p, t = _as_play(play, variant), _as_play(table, variant)
    if isinstance(p, Rejection):
        return Verdict(False, "invalid_play", p, t)
    if isinstance(t, Rejection):
        return Verdict(False, "invalid_table", p, t)
    return compare_plays(p, t)


def compare_plays(p: Play, t: Play) -> Verdict:
    """:func:`compare` for two plays already classified (under the same variant)."""
    if t.kind == "rocket":
        return Verdict(False, "nothing_beats_rocket", p, t)
    if p.kind == "rocket":
        return Verdict(True, "rocket", p, t)
    if p.kind == "bomb" and t.kind != "bomb":
        return Verdict(True, "bomb", p, t)
    if t.kind == "bomb" and p.kind != "bomb":
        return Verdict(False, "table_is_bomb", p, t)
    if p.kind != t.kind:
        return Verdict(False, "different_kind", p, t)
    if len(p.cards) != len(t.cards):
        return Verdict(False, "different_count", p, t)
    if p.rank > t.rank:
        return Verdict(True, "higher", p, t)
    return Verdict(False, "not_higher", p, t)


def beats(play: str | Cards | Play, table: str | Cards | Play, variant: Variant | str = STANDARD) -> bool:
    """True when ``play`` beats ``table`` (see :func:`compare` for the reason).

    ```python
    >>> beats("KKK3", "QQQR"), beats("555566", "444433"), beats("BR", "2222")
    (True, True, True)

    ```
    """
    variant = Variant.parse(variant)
    p, t = _as_play(play, variant), _as_play(table, variant)
    if isinstance(p, Rejection) or isinstance(t, Rejection):
        return False
    return compare_plays(p, t).beats


__all__ = [
    "Verdict",
    "beats",
    "compare",
    "compare_plays",
]
