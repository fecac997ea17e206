"""Who wins an open-hand endgame of three hands, by plain minimax over :mod:`truthcheck.facts`.

Written apart from :mod:`ddz.endgame` (no pruning, no move ordering, no bounds: every move is
tried, positions are remembered), to check the review's exact claims («desde aquí ganabas con …»).
Seats 0, 1, 2 in turn order, seat 0 the landlord; a seat's side is ``"landlord"`` or ``"farmers"``.
"""

from __future__ import annotations

from functools import lru_cache

from . import facts

PASS = "p"


def side(seat: int) -> str:
    return "landlord" if seat == 0 else "farmers"


def moves(hands: tuple[str, str, str], turn: int, table: str, owner: int) -> list[str]:
    """The moves of the seat to move: any play of its hand when it leads (no table, or the table is
    its own play), else the plays that beat the table, and the pass."""
    if not table or owner == turn:
        return sorted(facts.plays_in(hands[turn]))
    return sorted(facts.answers(hands[turn], table)) + [PASS]


def after(
    hands: tuple[str, str, str], turn: int, table: str, owner: int, move: str
) -> tuple[tuple[str, str, str], int, str, int] | str:
    """The position after ``move``, or the winning side when the move empties the hand."""
    nxt = (turn + 1) % 3
    if move == PASS:
        return hands, nxt, table, owner
    rest = facts.without(facts.hand_of(hands[turn]), facts.canon(move))
    if not rest:
        return side(turn)
    new = tuple(rest if s == turn else h for s, h in enumerate(hands))
    return (new[0], new[1], new[2]), nxt, facts.canon(move), turn


@lru_cache(maxsize=200_000)
def value(hands: tuple[str, str, str], turn: int, table: str, owner: int) -> str:
    """The side that wins with perfect play by both sides."""
    mine = side(turn)
    for m in moves(hands, turn, table, owner):
        if result(hands, turn, table, owner, m) == mine:
            return mine
    return "farmers" if mine == "landlord" else "landlord"


def result(hands: tuple[str, str, str], turn: int, table: str, owner: int, move: str) -> str:
    """The side that wins after ``move``, with perfect play from there."""
    nxt = after(hands, turn, table, owner, move)
    return nxt if isinstance(nxt, str) else value(*nxt)
