"""The exact endgame solver's figures: ``python -m benchmarks.endgame``.

Fixed-seed random positions in four classes, each solved cold (transposition tables, remembered plays
and the fewest-plays memo emptied first) with :func:`ddz.endgame.solve`: the winner, every winning
first move, a refutation of each losing one and the principal line. CPU time per position (median
and max of the class) against the class's target, nodes per second, and the peak resident
memory of the whole run against 500 MB. The move generator's own figures (random whole games per
second with bidding, cold following against DouZero) are printed by ``python -m benchmarks.bench``.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from dataclasses import dataclass

from ddz import endgame
from ddz.ai import solver as _fewest
from ddz.cards import FULL_DECK, Cards
from ddz.endgame import Position, solve
from ddz.moves import legal_plays


@dataclass(frozen=True)
class Klass:
    name: str
    target_s: float
    positions: tuple[Position, ...]


def _deal(rng: random.Random, sizes: tuple[int, ...]) -> list[Cards]:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    out, at = [], 0
    for n in sizes:
        out.append(Cards.from_ranks(deck[at : at + n]))
        at += n
    return out


def two_hand(rng: random.Random, first: int, second: int, table: bool) -> Position:
    """``first`` cards against ``second``; with ``table``, second has just led a random play of its
    hand (so it holds ``second`` cards after it)."""
    if not table:
        a, b = _deal(rng, (first, second))
        return Position.two(a, b)
    while True:
        a, b = _deal(rng, (first, second + 4))
        plays = [p for p in legal_plays(b) if len(p) < len(b)]
        p = rng.choice(plays)
        rest = b - p.cards
        if len(rest) >= second:  # keep the class's card count: trim to ``second``
            rest = Cards.from_ranks(sorted(rest)[:second])
            return Position.two(a, rest, table=p)


def three_hand(rng: random.Random, sizes: tuple[int, int, int], turn: int) -> Position:
    landlord, farmer1, farmer2 = _deal(rng, sizes)
    return Position.three(landlord, farmer1, farmer2, turn=turn)


def classes(seed: int, per_class: int) -> list[Klass]:
    rng = random.Random(seed)
    big = tuple(two_hand(rng, 13, 12, False) for _ in range(per_class))
    small = tuple(
        two_hand(rng, *((8, 8) if i % 3 == 0 else (9, 7) if i % 3 == 1 else (8, 7)), table=i % 2 == 1)
        for i in range(per_class)
    )
    three = tuple(three_hand(rng, (6, 6, 6) if i % 2 == 0 else (8, 5, 5), i % 3) for i in range(per_class))
    return [
        Klass("two hands, 13 vs 12 (25 cards), first leads", 2.0, big),
        Klass("two hands, <= 16 cards (8v8, 9v7, 8v7; half answer a play)", 0.050, small),
        Klass("three hands, 18 cards (6/6/6, 8/5/5; every seat to move)", 1.0, three),
    ]


def _cold() -> None:
    endgame.clear_caches()
    _fewest._MEMO.clear()
    _fewest._MEMO[0] = 0


def run(klass: Klass, verbose: bool) -> tuple[list[float], int]:
    times: list[float] = []
    nodes = 0
    for p in klass.positions:
        _cold()
        t = time.process_time()
        s = solve(p)
        dt = time.process_time() - t
        times.append(dt)
        nodes += s.nodes
        if verbose:
            hands = " / ".join(str(h) for h in p.hands)
            table = f" table {p.table}" if p.table else ""
            print(
                f"    {hands}{table}: {s.winner}, {len(s.winning_moves)} winning first moves, "
                f"{dt * 1000:.1f} ms, {s.nodes} nodes"
            )
    return times, nodes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.endgame", description=__doc__)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--per-class", type=int, default=9)
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per position")
    args = ap.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    print(
        f"exact endgames: {args.per_class} fixed-seed positions per class (seed {args.seed}), each solved cold"
    )
    ok = True
    for k in classes(args.seed, args.per_class):
        times, nodes = run(k, args.verbose)
        med, worst = statistics.median(times), max(times)
        met = worst <= k.target_s
        ok &= met
        over = sum(t > k.target_s for t in times)
        verdict = "met" if met else f"NOT met on {over} of {len(times)} positions"
        print(
            f"  {k.name}: median {med * 1000:.1f} ms, max {worst * 1000:.1f} ms "
            f"(target <= {k.target_s * 1000:.0f} ms: {verdict}); {nodes / sum(times):,.0f} nodes/s"
        )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"  peak resident memory of the run: {peak_mb:.0f} MB (target <= 500 MB: {'met' if peak_mb <= 500 else 'NOT met'})"
    )
    print("  move generator (whole games per second, cold following): python -m benchmarks.bench")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
