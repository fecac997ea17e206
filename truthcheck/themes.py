"""The sentences of «Retos» judged by plain minimax: a puzzle's title and theme sentence, its solution
line, «De todas tus jugadas posibles…» and the verdict on every first move the learner can try.

Written apart from :mod:`tutorial.retos` and :mod:`ddz.endgame`: the positions are read with
:mod:`truthcheck.facts` and solved with :mod:`truthcheck.endgame` (seat 0 the landlord, seats 1
and 2 the farmers in turn order). Each check returns what is wrong (an empty list: true).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import endgame, facts
from .endgame import PASS
from .rules import RANKS

Hands = tuple[str, str, str]
State = tuple[Hands, int, str, int]
"""The hands, the seat to move, the play to answer (``""``: none) and the seat that made it (-1)."""


@dataclass(frozen=True)
class Walk:
    """A line played from a position: the state before each move, its move, and who won (if anyone)."""

    moves: tuple[tuple[State, str], ...]
    winner: str | None
    problems: tuple[str, ...]


def start(hands: Sequence[str], turn: int, table: str | None, owner: int | None) -> State:
    """The state of a puzzle (the table only when it is another seat's play)."""
    h = (facts.hand_of(hands[0]), facts.hand_of(hands[1]), facts.hand_of(hands[2]))
    if table and owner is not None and owner != turn:
        return h, turn, facts.canon(table), owner
    return h, turn, "", -1


def move_of(shown: str) -> str:
    """A move as the app stores or shows it (``"KKK 3"``, ``"p"``) in canonical notation."""
    return PASS if shown.strip() == PASS else facts.canon(shown)


def leads(s: State) -> bool:
    return not s[2] or s[3] == s[1]


def wins(s: State, move: str) -> bool:
    """``move`` keeps the win for the side of the seat that makes it."""
    return endgame.result(*s, move) == endgame.side(s[1])


def winning_moves(s: State) -> set[str]:
    return {m for m in endgame.moves(*s) if wins(s, m)}


def walk(s: State, line: Sequence[str]) -> Walk:
    """Play ``line`` (canonical moves) from ``s``: every move must be legal and none may follow the end."""
    out: list[tuple[State, str]] = []
    problems: list[str] = []
    winner: str | None = None
    for m in line:
        if winner is not None:
            problems.append(f"{m} after the hand is over")
            break
        if m not in endgame.moves(*s):
            problems.append(f"{m} is not a legal move of seat {s[1]}")
            break
        out.append((s, m))
        nxt = endgame.after(*s, m)
        if isinstance(nxt, str):
            winner = nxt
        else:
            s = nxt
    return Walk(tuple(out), winner, tuple(problems))


def winning_line(s: State, line: Sequence[str]) -> list[str]:
    """The line is legal, every move of the mover's side in it keeps the win, and it ends with that
    side out: a line that wins (the defence's moves may be any)."""
    side = endgame.side(s[1])
    w = walk(s, line)
    bad = list(w.problems)
    bad += [f"{m} gives the win away" for st, m in w.moves if endgame.side(st[1]) == side and not wins(st, m)]
    if w.winner != side:
        bad.append(f"the line does not end with the {side} out")
    return bad


def refutation(s: State, line: Sequence[str]) -> list[str]:
    """``line[0]`` loses and the rest is the defence winning: every defence move keeps its win and the
    line ends with the defence out."""
    mover = endgame.side(s[1])
    w = walk(s, line)
    bad = list(w.problems)
    if not line or wins(s, line[0]):
        bad.append(f"{line[0] if line else 'nothing'} does not lose")
    bad += [
        f"{m} gives the defence's win away"
        for st, m in w.moves[1:]
        if endgame.side(st[1]) != mover and not wins(st, m)
    ]
    if w.winner in (None, mover):
        bad.append("the line does not end with the defence out")
    return bad


def _mine(s: State, w: Walk) -> list[str]:
    """The plays (no passes) of the mover's seat in a walked line."""
    return [m for st, m in w.moves if st[1] == s[1] and m != PASS]


def _trick(w: Walk) -> tuple[int | None, list[tuple[int, str]]]:
    """Who takes the trick the line's first move opens or joins (the seat that leads next, or goes
    out), and the moves of that trick."""
    trick: list[tuple[int, str]] = []
    for st, m in w.moves:
        trick.append((st[1], m))
        nxt = endgame.after(*st, m)
        if isinstance(nxt, str):
            return st[1], trick
        if leads(nxt):
            return nxt[1], trick
    return None, trick


def _answerable(s: State, play: str) -> bool:
    """Some other seat holds a play that beats ``play``."""
    return any(facts.answers(h, play) for seat, h in enumerate(s[0]) if seat != s[1])


@lru_cache(maxsize=100_000)
def _value_without(hands: Hands, turn: int, table: str, owner: int, seat: int, banned: str) -> str:
    """:func:`truthcheck.endgame.value` when ``seat`` may never play ``banned``."""
    mine = endgame.side(turn)
    for m in endgame.moves(hands, turn, table, owner):
        if turn == seat and m == banned:
            continue
        nxt = endgame.after(hands, turn, table, owner, m)
        got = nxt if isinstance(nxt, str) else _value_without(*nxt, seat, banned)
        if got == mine:
            return mine
    return "farmers" if mine == "landlord" else "landlord"


def _check(bad: list[str], ok: object, what: str) -> None:
    if not ok:
        bad.append(what)


def check_theme(s: State, line: Sequence[str], theme: str, title: str, why: Mapping[str, Any]) -> list[str]:
    """The title (its key in ``retos.theme``) and the sentence (``retos.why_<theme>`` with the facts
    ``why``) of a puzzle whose solution is ``line``, judged on the position ``s``."""
    hands, turn, table, owner = s
    mover = endgame.side(turn)
    first = line[0] if line else ""
    bad = winning_line(s, line)
    w = walk(s, line)
    titles = {"last_card": ("last_card", "last_card_some"), "keep_bomb": ("keep_bomb", "keep_bomb_later")}
    _check(bad, title in titles.get(theme, (theme,)), f"the title {title} is not one of the theme {theme}")
    move = move_of(str(why["move"])) if "move" in why else ""

    def loses(m: str, what: str) -> None:
        _check(bad, m in endgame.moves(*s), f"{what} {m} is not a legal move")
        _check(bad, m not in endgame.moves(*s) or not wins(s, m), f"{what} {m} does not lose")

    def first_is(m: str) -> None:
        _check(bad, m == first, f"{m} is not the solution's first move {first}")

    if theme == "own":
        _check(bad, endgame.value(*s) == mover, "the side to move does not win")
    elif theme == "keep_rocket":
        loses("BR", "the rocket")
        mine = _mine(s, w)
        _check(bad, first != "BR", "the line starts with the rocket")
        _check(
            bad,
            "BR" not in mine or mine.index("BR") >= len(mine) - 2,
            "the line plays the rocket before the end",
        )
    elif theme == "keep_bomb":
        _check(
            bad,
            facts.kind_of(move) == "bomb" and move in facts.plays_in(hands[turn]),
            f"{move}: no bomb of the mover",
        )
        loses(move, "the bomb")
        _check(bad, facts.kind_of(first) not in ("bomb", "rocket"), "the line starts with a bomb")
        other = [m for m in _mine(s, w) if move and move[0] in m and m != move]
        _check(bad, bool(why["kept"]) == (not other), f"kept is {not other}: {other}")
        _check(
            bad, (title == "keep_bomb") == (not other), f"the title {title} with the bomb spent as {other}"
        )
        _check(
            bad,
            not other or move_of(str(why["later"])) == other[0],
            f"those cards are played first in {other[:1]}",
        )
    elif theme == "count_bombs":
        bomb, who = move_of(str(why["bomb"])), int(why["owner"])
        m = PASS if why["pass"] else move
        _check(bad, endgame.side(who) != mover, f"seat {who} is no defender")
        _check(bad, bomb in facts.plays_in(hands[who]), f"seat {who} does not hold {bomb}")
        _check(
            bad, facts.kind_of(bomb) == ("rocket" if why["rocket"] else "bomb"), f"{bomb}: the rocket flag"
        )
        loses(m, "the move")
        nxt = endgame.after(*s, m) if m in endgame.moves(*s) else mover
        _check(
            bad,
            isinstance(nxt, tuple) and _value_without(*nxt, who, bomb) == mover,
            f"{m} wins if {bomb} is never played: the defence needs no bomb",
        )
    elif theme in ("dont_cover", "wait"):
        _check(bad, bool(table) and move_of(str(why["table"])) == table, f"the table is {table or 'empty'}")
        if theme == "dont_cover":
            _check(
                bad,
                mover == "farmers" and owner == 3 - turn and owner == int(why["partner"]),
                "the table is no partner's play",
            )
        else:
            _check(bad, table != "" and endgame.side(owner) != mover, "the table is no defender's play")
        _check(bad, first == PASS, "the solution does not pass")
        loses(move, "the play over it")
        _check(bad, move != PASS, "the play over it is a pass")
    elif theme == "yield_lead":
        first_is(move)
        taker, trick = _trick(w)
        partner = 3 - turn
        over = [m for seat, m in trick if seat == partner and m != PASS]
        _check(
            bad,
            mover == "farmers" and taker == partner == int(why["partner"]),
            f"the trick goes to seat {taker}",
        )
        _check(
            bad,
            bool(over) and over[-1] == move_of(str(why["over"])),
            f"the partner's play is {over[-1:] or 'none'}",
        )
    elif theme == "bomb_now":
        first_is(move)
        _check(bad, facts.kind_of(move) == ("rocket" if why["rocket"] else "bomb"), f"{move} is no such bomb")
        _check(bad, not _answerable(s, move), f"someone can beat {move}")
    elif theme == "last_card":
        who = int(why["who"])
        _check(bad, leads(s), "the mover does not lead")
        _check(
            bad,
            endgame.side(who) != mover and len(hands[who]) == 1,
            f"seat {who} is no defender with one card",
        )
        _check(bad, facts.kind_of(move) == "single", f"{move} is no single")
        loses(move, "the single")
        single = any(wins(s, c) for c in sorted(set(hands[turn])))
        _check(bad, bool(why["singles_win"]) == single, f"some single wins: {single}")
        _check(
            bad, (title == "last_card") == (not single), f"the title {title} when some single wins: {single}"
        )
        _check(bad, facts.kind_of(first) != "single", "the solution leads a single")
    elif theme == "kicker":
        first_is(move)
        body = move_of(str(why["body"]))
        _check(bad, facts.kind_of(move) in ("trio_single", "trio_pair"), f"{move} is no trio with a kicker")
        _check(
            bad,
            facts.kind_of(move) is None or facts.body_of(move) == body,
            f"{body} is not the trio of {move}",
        )
        loses(body, "the bare trio")
    elif theme == "straight_first":
        first_is(move)
        _check(bad, leads(s), "the mover does not lead")
        kind = "pair_straight" if why["pairs"] else "straight"
        _check(bad, facts.kind_of(move) == kind, f"{move} is no {kind}")
    elif theme in ("break_trio", "break_pair"):
        first_is(move)
        held = 3 if theme == "break_trio" else 2
        rank = RANKS[int(why["rank"])]
        n = hands[turn].count(rank)
        _check(bad, n == held and 0 < move.count(rank) < held, f"{move} and the {n} cards of {rank}")
    elif theme == "boss_first":
        first_is(move)
        _check(bad, leads(s), "the mover does not lead")
        _check(bad, facts.kind_of(move) not in ("bomb", "rocket"), f"{move} is a bomb")
        _check(bad, len(move) < len(hands[turn]), f"{move} empties the hand")
        _check(bad, not _answerable(s, move), f"someone can beat {move}")
    elif theme == "few_winning":
        got = winning_moves(s)
        named = [move_of(str(m)) for m in why["wins"]]
        _check(bad, 1 <= len(got) <= 2 and int(why["count"]) == len(got), f"{len(got)} moves win")
        _check(bad, set(named) == got, f"the winning moves are {sorted(got)}")
    else:
        bad.append(f"no verifier for the theme {theme}")
    return bad
