"""Comparison: does a play beat the play on the table, and why (or why not)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK_NAMES_ES, Cards, check_cards_arg
from .plays import Play, Rejection, analyze
from .variants import STANDARD, Variant


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of :func:`compare`: ``beats``, a reason code, the rule id and a Spanish message."""

    beats: bool
    reason: str
    rule: str
    message: str

    def __bool__(self) -> bool:
        return self.beats


def _as_play(x: str | Cards | Play, variant: Variant) -> Play | Rejection:
    if isinstance(x, Play):
        return x
    check_cards_arg(x, "las jugadas")
    return analyze(x, variant)


def compare(play: str | Cards | Play, table: str | Cards | Play, variant: Variant = STANDARD) -> Verdict:
    """Whether ``play`` beats ``table``, with the reason in Spanish.

    ```python
    >>> compare("KKK3", "QQQR").beats
    True

    ```
    """
    p, t = _as_play(play, variant), _as_play(table, variant)
    if isinstance(p, Rejection):
        return Verdict(False, "invalid_play", p.rule, f"tu jugada no es válida: {p.message}")
    if isinstance(t, Rejection):
        return Verdict(False, "invalid_table", t.rule, f"la jugada de la mesa no es válida: {t.message}")
    return compare_plays(p, t)


def compare_plays(p: Play, t: Play) -> Verdict:
    """:func:`compare` for two plays already classified (under the same variant)."""
    if t.kind == "rocket":
        return Verdict(False, "nothing_beats_rocket", "R-CMP-4", "nada supera al cohete")
    if p.kind == "rocket":
        return Verdict(True, "rocket", "R-CMP-4", "el cohete supera a todo, bombas incluidas")
    if p.kind == "bomb" and t.kind != "bomb":
        return Verdict(True, "bomb", "R-CMP-3", "una bomba supera a cualquier jugada que no sea bomba")
    if t.kind == "bomb" and p.kind != "bomb":
        return Verdict(
            False, "table_is_bomb", "R-CMP-3", "a una bomba solo la superan una bomba más alta o el cohete"
        )
    if p.kind != t.kind:
        return Verdict(
            False,
            "different_kind",
            "R-CMP-1",
            f"hay que responder con el mismo tipo: en la mesa hay {t.name} y tú juegas {p.name}",
        )
    if len(p.cards) != len(t.cards):
        return Verdict(
            False,
            "different_count",
            "R-CMP-1",
            f"hay que responder con el mismo número de cartas: {len(t.cards)} en la mesa, {len(p.cards)} la tuya",
        )
    mine, theirs = RANK_NAMES_ES[p.rank], RANK_NAMES_ES[t.rank]
    rule = "R-CMP-3" if p.kind == "bomb" else "R-CMP-2"
    if p.rank > t.rank:
        extra = " (los acompañantes no cuentan)" if p.kickers else ""
        return Verdict(True, "higher", rule, f"{mine} es más alto que {theirs}{extra}")
    extra = "; los acompañantes no aportan fuerza" if p.kickers else ""
    return Verdict(False, "not_higher", rule, f"{mine} no es más alto que {theirs}{extra}")


def beats(play: str | Cards | Play, table: str | Cards | Play, variant: Variant = STANDARD) -> bool:
    """True when ``play`` beats ``table`` (see :func:`compare` for the reason).

    ```python
    >>> beats("KKK3", "QQQR"), beats("555566", "444433"), beats("BR", "2222")
    (True, True, True)

    ```
    """
    p, t = _as_play(play, variant), _as_play(table, variant)
    if isinstance(p, Rejection) or isinstance(t, Rejection):
        return False
    return compare_plays(p, t).beats
