"""«Retos»: endgame puzzles (残局) solved by :mod:`ddz.endgame`, played against perfect defence.

Every puzzle is a real position: a deal code played by the CPU (and a few random moves) until few
cards are left (``tools/make_retos.py`` writes ``tutorial/data/retos.yaml``). The side to move wins
with perfect play and only one or two of its first moves win. Each puzzle carries a **theme**, and
the theme is a checked claim: :data:`THEMES` maps each theme to a predicate that reads it from the
position and the solver's answer (the principal line, the winning first moves, the refutations) and
returns the facts its sentence states, or None when the theme does not hold.

A three-hand puzzle has the landlord in seat 0 and the farmers in seats 1 and 2, in turn order
(:meth:`ddz.endgame.Position.three`). When the farmers are to move, the learner plays both of them
(they win together, and every card is visible).

:class:`Attempt` is one try at a puzzle: a winning move is played and the defence answers with the
solver's line; a losing move is taken back and answered with its refutation. No Streamlit here: the
page (``tutorial/views/retos.py``) draws what this module decides.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ddz.cards import Cards, parse
from ddz.codes import cards_of, ids_for
from ddz.compare import compare_plays
from ddz.endgame import PASS, Position, Solution, solve
from ddz.game import Game, assign_ids
from ddz.messages import nested, render, render_message
from ddz.moves import legal_plays
from ddz.plays import Play, Rejection, analyze

DATA = Path(__file__).resolve().parent / "data" / "retos.yaml"
LEVELS = (1, 2, 3)
"""Difficulty levels, easiest first (the page names them with ``retos.level``)."""
LEARNER: dict[str, tuple[int, ...]] = {"landlord": (0,), "farmers": (1, 2)}
"""The seats the learner plays, by side."""
ROCKET = "BR"

Witness = dict[str, Any]
"""The facts a theme's sentence states (catalog ``retos.why``), as plain data."""


# ---- reading a line ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One move of a line: who made it, the move (notation, ``"p"`` for a pass) and the position it
    was made in."""

    seat: int
    move: str
    before: Position

    @property
    def out(self) -> bool:
        """The move empties its seat's hand (the line ends with it)."""
        return self.move != PASS and len(self.before.hands[self.seat]) == len(parse(self.move))


def steps(p: Position, line: Sequence[str]) -> list[Step]:
    """The moves of ``line`` from ``p``, each with the position it was made in."""
    out = []
    for m in line:
        out.append(Step(p.turn, m, p))
        p = p.play(m)
    return out


def trick_winner(p: Position, line: Sequence[str]) -> int | None:
    """The seat whose play ends the trick that ``line[0]`` opens or joins (the one who leads next),
    or the seat that goes out first; None if the line ends before."""
    for st in steps(p, line):
        if st.out:
            return st.seat
        after = st.before.play(st.move)
        if after.table is None:  # everyone else passed: the last one to play leads
            return after.turn
    return None


def trick_moves(p: Position, line: Sequence[str]) -> list[Step]:
    """The moves of ``line`` up to the end of the trick ``line[0]`` opens or joins (or the end)."""
    out = []
    for st in steps(p, line):
        out.append(st)
        if st.out or st.before.play(st.move).table is None:
            break
    return out


def _kind(move: str) -> str:
    got = analyze(move)
    return "" if isinstance(got, Rejection) else str(got.kind)


def _is_bomb(move: str) -> bool:
    return _kind(move) in ("bomb", "rocket")


def _defenders(p: Position) -> tuple[int, ...]:
    return (1, 2) if p.to_move == "landlord" else (0,)


def _partner(seat: int) -> int:
    return 3 - seat


def _answers(hand: Cards, move: str) -> list[Play]:
    table = analyze(move)
    assert isinstance(table, Play)
    return legal_plays(hand, table)


def _losing(s: Solution) -> list[str]:
    return [m for m, _ in s.refutations]


def shown(move: str) -> str:
    """A move in notation with its groups apart (``"KKK 3"``), for ``{x, cards}``; a pass as is."""
    if move == PASS:
        return move
    got = analyze(move)
    return got.shown() if isinstance(got, Play) else move


# ---- themes: each one a predicate over the position and the solver's answer ----------------------
def keep_rocket(p: Position, s: Solution) -> Witness | None:
    """The mover could play the rocket now, and that loses; the winning line keeps it for its last
    trick: the rocket, if the line plays it at all, is the learner's last play or the one before it."""
    if ROCKET not in _losing(s) or not s.line or s.line[0] == ROCKET:
        return None
    mine = [st.move for st in steps(p, s.line) if st.before.side(st.seat) == p.to_move and st.move != PASS]
    if ROCKET in mine and mine.index(ROCKET) < len(mine) - 2:
        return None
    return {"move": ROCKET}


def keep_bomb(p: Position, s: Solution) -> Witness | None:
    """A bomb the mover could play now loses, and the winning first move is no bomb."""
    if not s.line or _is_bomb(s.line[0]):
        return None
    bombs = [m for m in _losing(s) if _kind(m) == "bomb"]
    return {"move": shown(bombs[0]), **bomb_kept(p, s.line, bombs[0])} if bombs else None


def bomb_kept(p: Position, line: Sequence[str], bomb: str) -> Witness:
    """Does the winning ``line`` keep ``bomb`` (the mover's own four) as a bomb? ``kept``: every play
    of the mover's side in it that holds one of those cards is that bomb; else ``later``, the first
    play that spends them otherwise (a four with two, a trio…)."""
    four = parse(bomb.replace(" ", ""))
    rank = next(r for r in range(15) if four.counts[r])
    mine = [st.move for st in steps(p, line) if st.before.side(st.seat) == p.to_move and st.move != PASS]
    other = [m for m in mine if parse(m).counts[rank] and parse(m) != four]
    return {"kept": not other, "later": shown(other[0]) if other else ""}


def singles_win(s: Solution) -> bool:
    """Some winning first move is a single card."""
    return any(m != PASS and _kind(m) == "single" for m in s.winning_moves)


def count_bombs(p: Position, s: Solution) -> Witness | None:
    """A defender holds a bomb or the rocket, and a losing first move is refuted by it: the defence
    plays it in the refutation line."""
    for move, line in s.refutations:
        for st in steps(p, line)[1:]:
            if st.seat in _defenders(p) and _is_bomb(st.move):
                return {
                    "owner": st.seat,
                    "bomb": shown(st.move),
                    "rocket": st.move == ROCKET,
                    "move": shown(move),
                    "pass": move == PASS,
                }
    return None


def dont_cover(p: Position, s: Solution) -> Witness | None:
    """Farmers: the table is the partner's play and passing wins, while some play over it loses."""
    if p.to_move != "farmers" or p.table is None or p.table_seat != _partner(p.turn):
        return None
    if not s.line or s.line[0] != PASS:
        return None
    over = [m for m in _losing(s) if m != PASS]
    if not over:
        return None
    return {"partner": p.table_seat, "table": shown(str(p.table.cards)), "move": shown(over[0])}


def yield_lead(p: Position, s: Solution) -> Witness | None:
    """Farmers: the winning first move is a play, and the partner wins its trick: the partner's play
    (``over``) is the last of that trick, so the partner leads next (or goes out with it)."""
    if p.to_move != "farmers" or not s.line or s.line[0] == PASS:
        return None
    partner = _partner(p.turn)
    if trick_winner(p, s.line) != partner:
        return None
    trick = trick_moves(p, s.line)
    over = [st.move for st in trick if st.seat == partner and st.move != PASS]
    return {"move": shown(s.line[0]), "partner": partner, "over": shown(over[-1])} if over else None


def bomb_now(p: Position, s: Solution) -> Witness | None:
    """The winning first move is a bomb or the rocket that nobody else can answer."""
    if not s.line or not _is_bomb(s.line[0]) or not _unanswered(p, s.line[0]):
        return None
    return {"move": shown(s.line[0]), "rocket": s.line[0] == ROCKET}


def last_card(p: Position, s: Solution) -> Witness | None:
    """A defender holds one card; the mover leads, the winning first move is no single card, and
    leading a single loses."""
    if p.table is None and s.line and _kind(s.line[0]) != "single":
        for seat in _defenders(p):
            if len(p.hands[seat]) == 1:
                singles = [m for m in _losing(s) if _kind(m) == "single"]
                if singles:
                    return {"who": seat, "move": shown(singles[0]), "singles_win": singles_win(s)}
    return None


def kicker(p: Position, s: Solution) -> Witness | None:
    """The winning first move is a trio with a kicker, and the bare trio (a legal move) loses."""
    if not s.line or _kind(s.line[0]) not in ("trio_single", "trio_pair"):
        return None
    play = analyze(s.line[0])
    assert isinstance(play, Play)
    body = str(play.body)
    if body not in _losing(s):
        return None
    return {"move": shown(s.line[0]), "body": body}


def straight_first(p: Position, s: Solution) -> Witness | None:
    """The mover leads and the winning first move is a straight or a pair straight."""
    if p.table is None and s.line and _kind(s.line[0]) in ("straight", "pair_straight"):
        return {"move": shown(s.line[0]), "pairs": _kind(s.line[0]) == "pair_straight"}
    return None


def _broken(p: Position, s: Solution, held: int) -> Witness | None:
    if not s.line or s.line[0] == PASS:
        return None
    hand, move = p.hands[p.turn].counts, parse(s.line[0]).counts
    for r, (h, m) in enumerate(zip(hand, move)):
        if h == held and 0 < m < held:
            return {"rank": r, "move": shown(s.line[0])}
    return None


def break_trio(p: Position, s: Solution) -> Witness | None:
    """The winning first move takes one or two of the three cards of a value the mover holds."""
    return _broken(p, s, 3)


def break_pair(p: Position, s: Solution) -> Witness | None:
    """The winning first move takes one of the two cards of a value the mover holds."""
    return _broken(p, s, 2)


def _unanswered(p: Position, move: str) -> bool:
    """Nobody else (defenders and partner alike) holds a play that beats ``move``."""
    return not any(_answers(p.hands[d], move) for d in range(len(p.hands)) if d != p.turn)


def boss_first(p: Position, s: Solution) -> Witness | None:
    """The mover leads a play that is no bomb and nobody else can answer, and keeps cards: the mover
    leads again."""
    if p.table is not None or not s.line or _is_bomb(s.line[0]):
        return None
    move = s.line[0]
    if len(parse(move)) == len(p.hands[p.turn]) or not _unanswered(p, move):
        return None
    return {"move": shown(move)}


def wait(p: Position, s: Solution) -> Witness | None:
    """The table is a defender's play, passing wins and some play over it loses."""
    if p.table is None or p.table_seat not in _defenders(p) or not s.line or s.line[0] != PASS:
        return None
    over = [m for m in _losing(s) if m != PASS]
    if not over:
        return None
    return {"table": shown(str(p.table.cards)), "move": shown(over[0])}


def few_winning(p: Position, s: Solution) -> Witness | None:
    """One or two of the mover's legal moves win (the others lose against the best defence)."""
    if not 1 <= len(s.winning_moves) <= 2:
        return None
    return {"n": len(p.moves()), "wins": [shown(m) for m in s.winning_moves], "count": len(s.winning_moves)}


Theme = Callable[[Position, Solution], Witness | None]
THEMES: dict[str, Theme] = {
    "keep_rocket": keep_rocket,
    "dont_cover": dont_cover,
    "yield_lead": yield_lead,
    "count_bombs": count_bombs,
    "keep_bomb": keep_bomb,
    "bomb_now": bomb_now,
    "last_card": last_card,
    "kicker": kicker,
    "straight_first": straight_first,
    "break_trio": break_trio,
    "boss_first": boss_first,
    "wait": wait,
    "break_pair": break_pair,
    "few_winning": few_winning,
}
"""Theme id -> its predicate, in the order the generator tries them (the most telling first)."""


def theme_of(p: Position, s: Solution, skip: Sequence[str] = ()) -> tuple[str, Witness] | None:
    """The first theme of :data:`THEMES` (not in ``skip``) that holds, with its facts."""
    for name, check in THEMES.items():
        if name in skip:
            continue
        got = check(p, s)
        if got is not None:
            return name, got
    return None


# ---- difficulty -----------------------------------------------------------------------------------
def learner_turns(p: Position, line: Sequence[str]) -> int:
    """How many moves of the line the learner's side makes."""
    return sum(st.before.side(st.seat) == p.to_move for st in steps(p, line))


def effort(p: Position, line: Sequence[str], nodes: int) -> float:
    """The difficulty score: the learner's moves in the line plus log2 of the positions the solver
    searched (cold)."""
    return learner_turns(p, line) + math.log2(nodes + 1)


LEVEL_FLOORS = (0.0, 10.0, 13.3)
"""The least :func:`effort` of levels 1, 2 and 3."""


def level_of(score: float) -> int:
    return max(i + 1 for i, floor in enumerate(LEVEL_FLOORS) if score >= floor)


# ---- the stored puzzles ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle:
    """One stored puzzle (see ``tutorial/data/retos.yaml``)."""

    id: str
    level: int
    theme: str
    why: Witness
    hands: tuple[str, str, str]
    """Landlord, farmer 1, farmer 2, in notation."""
    turn: int
    table: str | None
    table_seat: int | None
    line: tuple[str, ...]
    winning: tuple[str, ...]
    nodes: int
    deal: str
    actions: tuple[str, ...]
    """The actions of the deal (bids included) that lead to the position."""

    def position(self) -> Position:
        return Position.three(*self.hands, turn=self.turn, table=self.table, table_seat=self.table_seat)

    @property
    def side(self) -> str:
        return "landlord" if self.turn == 0 else "farmers"

    @property
    def number(self) -> int:
        return int(self.id[1:])

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "level": self.level,
            "theme": self.theme,
            "why": self.why,
            "hands": list(self.hands),
            "turn": self.turn,
            "table": self.table,
            "table_seat": self.table_seat,
            "line": " ".join(self.line),
            "winning": list(self.winning),
            "nodes": self.nodes,
            "deal": self.deal,
            "actions": " ".join(self.actions),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Puzzle:
        return cls(
            id=str(d["id"]),
            level=int(d["level"]),
            theme=str(d["theme"]),
            why=dict(d["why"]),
            hands=(str(d["hands"][0]), str(d["hands"][1]), str(d["hands"][2])),
            turn=int(d["turn"]),
            table=None if d["table"] is None else str(d["table"]),
            table_seat=None if d["table_seat"] is None else int(d["table_seat"]),
            line=tuple(str(d["line"]).split()),
            winning=tuple(str(m) for m in d["winning"]),
            nodes=int(d["nodes"]),
            deal=str(d["deal"]),
            actions=tuple(str(d["actions"]).split()),
        )


OWN = "own"
"""The id (and the theme, when no theme of :data:`THEMES` holds) of a puzzle made from your own hand."""
OWN_CARDS = 24
"""«Practica esta posición» makes a puzzle of a position with at most this many cards in the three hands."""


def from_hand(code: str, actions: Sequence[str]) -> Puzzle | None:
    """Your own position as a puzzle: the hand ``code`` after ``actions``, when the side to move wins
    with every card known (None otherwise, or when the position is not one of play or too big)."""
    from ddz.game import PLAYING

    try:
        g = Game.from_code(code)
        for a in actions:
            g.apply(a)
    except ValueError:
        return None
    if g.phase != PLAYING or sum(len(h) for h in g.hands) > OWN_CARDS:
        return None
    p = Position.of_game(g)
    s = solve(p)
    if s.winner != p.to_move:
        return None
    theme, why = theme_of(p, s) or (OWN, {})
    return Puzzle(
        id=OWN,
        level=level_of(effort(p, s.line, s.nodes)),
        theme=theme,
        why=why,
        hands=(str(p.hands[0]), str(p.hands[1]), str(p.hands[2])),
        turn=p.turn,
        table=None if p.table is None else str(p.table.cards),
        table_seat=p.table_seat,
        line=tuple(s.line),
        winning=tuple(s.winning_moves),
        nodes=s.nodes,
        deal=code,
        actions=tuple(actions),
    )


@lru_cache(maxsize=1)
def puzzles() -> tuple[Puzzle, ...]:
    """The stored puzzles, easiest first."""
    import yaml

    return tuple(Puzzle.from_dict(d) for d in yaml.safe_load(DATA.read_text(encoding="utf-8")))


def by_id(pid: str) -> Puzzle | None:
    return next((z for z in puzzles() if z.id == pid), None)


def key(p: Position) -> tuple[Any, ...]:
    return (
        tuple(str(h) for h in p.hands),
        p.turn,
        None if p.table is None else str(p.table.cards),
        p.table_seat,
    )


@lru_cache(maxsize=4096)
def _solved(k: tuple[Any, ...]) -> Solution:
    hands, turn, table, seat = k
    return solve(Position.three(hands[0], hands[1], hands[2], turn=turn, table=table, table_seat=seat))


def solution(p: Position) -> Solution:
    """The solver's answer for ``p`` (remembered: the page asks again on every rerun)."""
    return _solved(key(p))


# ---- sentences ------------------------------------------------------------------------------------
def move_msg(move: str) -> dict[str, Any]:
    return nested("retos.move", cards=shown(move), **{"pass": move == PASS})


def step_msg(st: Step) -> dict[str, Any]:
    return nested("retos.step", seat=st.seat, cards=shown(st.move), out=st.out, **{"pass": st.move == PASS})


def say_step(st: Step) -> str:
    """«el campesino 1 juega 7 7», «el terrateniente pasa»."""
    return render("retos.step", step_msg(st)["data"])


def say_task(p: Position) -> str:
    """What the learner has to do: the side it plays, who moves and the play to answer."""
    return render(
        "retos.task",
        side=p.to_move,
        mover=p.turn,
        leading=p.table is None,
        table="" if p.table is None else shown(str(p.table.cards)),
        owner=p.table_seat if p.table_seat is not None else 0,
    )


def say_label(z: Puzzle) -> str:
    if z.id == OWN:
        return render("retos.own_label", theme=say_theme(z.theme, z.why))
    return render("retos.label", n=z.number, theme=say_theme(z.theme, z.why))


def title_key(theme: str, why: Witness | None = None) -> str:
    """The key of ``theme``'s title in ``retos.theme``; with its witness ``why``, no stronger than
    the solution: «nada de sueltas» only when no single wins, «Guarda la bomba» only when the line
    keeps it."""
    w = why or {}
    if theme == "last_card" and w.get("singles_win"):
        return "last_card_some"
    if theme == "keep_bomb" and w.get("kept") is False:
        return "keep_bomb_later"
    return theme


def say_theme(theme: str, why: Witness | None = None) -> str:
    """The title of ``theme`` (:func:`title_key`)."""
    return render("retos.theme", theme=title_key(theme, why))


def say_why(theme: str, why: Witness) -> str:
    """What ``theme`` means in a puzzle: its sentence with the facts its predicate found."""
    return render(f"retos.why_{theme}", why)


def count_claim(s: Solution) -> dict[str, Any]:
    """«De todas tus jugadas posibles, solo gana 3 3.» as a claim (``retos.count``): every winning
    first move of ``s``."""
    wins = [move_msg(m) for m in s.winning_moves]
    return nested("retos.count", count=len(wins), first=wins[0], second=wins[-1], wins=wins)


def say_count(s: Solution) -> str:
    """The sentence of :func:`count_claim`."""
    return render_message(count_claim(s))


def say_refutation(p: Position, line: Sequence[str]) -> str:
    """«7 7 pierde: …» — the losing move and who wins against it."""
    st = steps(p, line)
    winner = st[-1].before.side(st[-1].seat)
    return render("retos.wrong", {"cards": shown(line[0]), "winner": winner, "pass": line[0] == PASS})


def say_level(level: int, count: int) -> str:
    return render("retos.level", level=level, n=count)


def say_progress(solved: int, total: int, stars: int) -> str:
    return render("retos.progress", solved=solved, total=total, stars=stars, most=3 * total)


def say_result(stars: int, mistakes: int, seen: bool) -> str:
    return render("retos.solved", stars=stars, mistakes=mistakes, seen=seen)


def say_seat(seat: int, you: bool) -> str:
    return render("retos.seat", seat=seat, you=you)


# ---- one try ---------------------------------------------------------------------------------------
@dataclass
class Verdict:
    """What the page says about the learner's move: a sentence, and for a losing move the refutation."""

    ok: bool
    text: str
    refutation: tuple[str, ...] = ()
    refuted_at: Position | None = None
    ids: tuple[tuple[str, ...], ...] = ()
    """The card ids of each move of the refutation (taken from the hands as they were)."""


def check_cards(p: Position, ranks: str, passing: bool = False) -> tuple[str | None, str]:
    """The learner's selection as a legal move (notation or ``"p"``), or None and why not."""
    if passing:
        if p.table is None:
            return None, render("retos.must_lead")
        return PASS, ""
    if not ranks:
        return None, render("retos.pick_some")
    got = analyze(ranks)
    if isinstance(got, Rejection):
        return None, render("retos.not_a_play", why=got.as_message())
    if p.table is not None:
        v = compare_plays(got, p.table)
        if not v.beats:
            return None, render("retos.does_not_beat", table=shown(str(p.table.cards)), why=v.as_message())
    return str(got.cards), ""


@dataclass
class Attempt:
    """One try at a puzzle: the position now, the moves made, the mistakes, the last verdict."""

    puzzle: Puzzle
    position: Position = field(init=False)
    history: list[Step] = field(default_factory=list)
    mistakes: int = 0
    seen: bool = False
    """The learner opened the solution before finishing."""
    verdict: Verdict | None = None
    ids: list[list[str]] = field(init=False)
    """The card ids in each hand (the widget draws them), and ``ids[3]`` those on the table."""
    played: list[list[str]] = field(default_factory=list)
    """The card ids of each move of ``history`` (none for a pass)."""

    def __post_init__(self) -> None:
        self.position = self.puzzle.position()
        got = card_ids(self.puzzle)
        self.ids = got[:3] + [got[3] if len(got) > 3 else []]

    @property
    def side(self) -> str:
        return self.puzzle.side

    @property
    def done(self) -> bool:
        return self.position.winner is not None

    @property
    def stars(self) -> int:
        """3 without a mistake, 2 with one, 1 with more; 0 after opening the solution."""
        if not self.done or self.seen:
            return 0
        return max(1, 3 - self.mistakes)

    def play(self, move: str, chosen: Sequence[str] = ()) -> Verdict:
        """The learner's legal ``move`` (``chosen``: the card ids raised): a winning one is played and
        the defence answers; a losing one is taken back and answered with its refutation."""
        p = self.position
        s = solution(p)
        if move in s.winning_moves:
            self._apply(move, chosen)
            self.defend()
            said = render("retos.right", {"cards": shown(move), "over": self.done, "pass": move == PASS})
            self.verdict = Verdict(True, said)
        else:
            line = s.refutation(move) or (move,)
            self.mistakes += 1
            moved = ids_along(self.ids, steps(p, line))
            self.verdict = Verdict(False, say_refutation(p, line), tuple(line), p, tuple(map(tuple, moved)))
        return self.verdict

    def _apply(self, move: str, chosen: Sequence[str] = ()) -> None:
        seat = self.position.turn
        self.history.append(Step(seat, move, self.position))
        self.position = self.position.play(move)
        if move != PASS:
            hand = self.ids[seat]
            mine = set(chosen) <= set(hand) and bool(chosen) and parse_ids(chosen) == parse(move)
            gone = [i for i in hand if i in set(chosen)] if mine else ids_for(parse(move), hand)
            self.ids[seat] = [i for i in hand if i not in set(gone)]
            self.ids[3] = list(gone)
            self.played.append(list(gone))
            return
        self.played.append([])
        if self.position.table is None:
            self.ids[3] = []

    def defend(self) -> None:
        """The defence's moves until the learner's turn (or the end): the solver's line."""
        while not self.done and self.position.to_move != self.side:
            self._apply(solution(self.position).line[0])


def ids_along(ids: Sequence[Sequence[str]], line: Sequence[Step]) -> list[list[str]]:
    """The card ids each move of ``line`` takes from the hands ``ids`` (none for a pass)."""
    hands = [list(h) for h in ids[:3]]
    out: list[list[str]] = []
    for st in line:
        got = [] if st.move == PASS else ids_for(parse(st.move), hands[st.seat])
        hands[st.seat] = [i for i in hands[st.seat] if i not in set(got)]
        out.append(got)
    return out


def card_ids(z: Puzzle) -> list[list[str]]:
    """Card ids for the three hands (and the table play), distinct across them."""
    groups = [parse(h) for h in z.hands] + ([parse(z.table)] if z.table else [])
    return assign_ids(groups)


def parse_ids(ids: Sequence[str]) -> Cards:
    return cards_of(list(ids))
