"""Write the «Retos» puzzles, ``tutorial/data/retos.yaml``, from real deals and the exact solver.

    python tools/make_retos.py [--seeds N] [--out PATH]

For each deal code ``encode(seed)`` (seed 0, 1, 2…), the hand is bid and played by the CPU, with one
move in five (a seeded draw) taken at random among the legal ones so that the endings differ from the
CPU's habits. Every position of the play phase with at most :data:`MAX_CARDS` cards in the three
hands, and every position of the solver's principal line from it (the same deal played on
perfectly), is a candidate; it becomes a puzzle when

- the side to move wins with perfect play (:func:`ddz.endgame.solve`, tables emptied first, so the
  node count is the same on every run);
- it has at least :data:`MIN_MOVES` legal moves and at most :data:`MAX_WINNING` of them win;
- no winning first move empties the mover's hand, and the learner moves at least twice in the
  principal line;
- a theme of :data:`tutorial.retos.THEMES` holds (a theme already used :data:`THEME_CAP` times is
  skipped, so that the themes vary).

One puzzle per deal at most: the candidate of that deal with the highest difficulty score. The run
stops when :data:`TARGET` puzzles are found. The same command writes the same file.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yaml

from ddz.ai import Cpu
from ddz.codes import encode
from ddz.endgame import Position, clear_caches, solve
from ddz.game import Game
from tutorial.retos import DATA, THEMES, Puzzle, effort, key, learner_turns, level_of, steps, theme_of

MAX_CARDS = 24
MIN_MOVES = 4
MAX_WINNING = 2
THEME_CAP = 10
TARGET = 84
RANDOM_MOVES = 0.2


def position_of(g: Game) -> Position:
    """The game's play-phase position as a three-hand endgame (landlord in seat 0)."""
    assert g.landlord is not None
    lord = g.landlord
    hands = [g.hand((lord + k) % 3) for k in range(3)]
    seat = None if g.table is None or g.table_seat is None else (g.table_seat - lord) % 3
    return Position.three(
        hands[0], hands[1], hands[2], turn=(g.turn - lord) % 3, table=g.table, table_seat=seat
    )


def candidate(p: Position, used: dict[str, int]) -> dict[str, Any] | None:
    if len(p.moves()) < MIN_MOVES:
        return None
    clear_caches()
    s = solve(p)
    if s.winner != p.to_move or len(s.winning_moves) > MAX_WINNING:
        return None
    if any(m != "p" and len(p.hands[p.turn]) == len(m) for m in s.winning_moves):
        return None
    if learner_turns(p, s.line) < 2:
        return None
    full = [t for t, n in used.items() if n >= THEME_CAP]
    got = theme_of(p, s, skip=full)
    if got is None:
        return None
    theme, why = got
    score = effort(p, s.line, s.nodes)
    return {"position": p, "solution": s, "theme": theme, "why": why, "score": score}


def line_to(start: Position, p: Position) -> list[str]:
    """The moves of the solver's line from ``start`` that reach ``p`` (as game actions)."""
    out: list[str] = []
    for st in steps(start, solve(start).line):
        if st.before == p:
            return out
        out.append(st.move)
    raise ValueError("not on the line")


def from_deal(seed: int, used: dict[str, int]) -> tuple[dict[str, Any], list[str], str] | None:
    code = encode(seed)
    rng = random.Random(seed)
    cpu = Cpu("normal")
    g = Game.from_code(code)
    best: tuple[dict[str, Any], list[str]] | None = None
    seen: set[tuple[Any, ...]] = set()
    while not g.is_over:
        if g.phase == "playing" and sum(len(g.hand(s)) for s in range(3)) <= MAX_CARDS:
            start = position_of(g)
            clear_caches()
            for st in steps(start, solve(start).line):  # the deal's position, then perfect play on
                if key(st.before) in seen:
                    continue
                seen.add(key(st.before))
                got = candidate(st.before, used)
                if got is not None and (best is None or got["score"] > best[0]["score"]):
                    best = (got, list(g.actions) + list(line_to(start, st.before)))
        action = (
            cpu.act(g)
            if g.phase != "playing" or rng.random() >= RANDOM_MOVES
            else rng.choice(g.legal_actions())
        )
        g.apply(action)
    return None if best is None else (best[0], best[1], code)


def make(seeds: int) -> list[Puzzle]:
    used = {t: 0 for t in THEMES}
    found = []
    for seed in range(seeds):
        got = from_deal(seed, used)
        if got is None:
            continue
        c, actions, code = got
        used[c["theme"]] += 1
        found.append((c, actions, code))
        if len(found) >= TARGET:
            break
    found.sort(key=lambda f: (f[0]["score"], f[2]))
    out = []
    for i, (c, actions, code) in enumerate(found):
        p, s = c["position"], c["solution"]
        out.append(
            Puzzle(
                id=f"r{i + 1:02d}",
                level=level_of(c["score"]),
                theme=c["theme"],
                why=c["why"],
                hands=(str(p.hands[0]), str(p.hands[1]), str(p.hands[2])),
                turn=p.turn,
                table=None if p.table is None else str(p.table.cards),
                table_seat=p.table_seat,
                line=s.line,
                winning=s.winning_moves,
                nodes=s.nodes,
                deal=code,
                actions=tuple(actions),
            )
        )
    return out


HEADER = """\
# «Retos»: endgame puzzles from real deals, solved exactly. Written by tools/make_retos.py: do not edit.
# Each puzzle: the hands (landlord, farmer 1, farmer 2), the seat to move (0 is the landlord) and the
# play on the table, the solver's principal line, its winning first moves and the positions it
# searched (cold), the level, the theme with the facts its sentence states, and the deal code with
# the actions that lead to the position.
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=5000, help="deal codes to try at most")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    got = make(args.seeds)
    text = yaml.safe_dump([z.as_dict() for z in got], allow_unicode=True, sort_keys=False, width=120)
    args.out.write_text(HEADER + text, encoding="utf-8")
    levels = {lv: sum(z.level == lv for z in got) for lv in sorted({z.level for z in got})}
    themes = {t: sum(z.theme == t for z in got) for t in THEMES}
    print(f"{len(got)} puzzles; by level {levels}; by theme {themes}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
