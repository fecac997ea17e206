"""The «Retos» page's figures: ``python -m benchmarks.retos``.

Every stored puzzle (``tutorial/data/retos.yaml``) is walked along its principal line, and at each
position the page may solve (every turn of the line: the learner's, to judge a move and refute a
losing one, and the defence's, to answer) :func:`ddz.endgame.solve` runs cold (tables emptied
first). Printed: the puzzles by level and by theme, the CPU time of those solves (median, 95th
percentile, max) against a 50 ms target for positions of at most 16 cards, and the
slowest puzzle.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from ddz.endgame import clear_caches, solve
from tutorial.retos import THEMES, puzzles, steps

TARGET_S = 0.050


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.parse_args(argv)
    all_ = puzzles()
    levels = Counter(z.level for z in all_)
    themes = Counter(z.theme for z in all_)
    print(f"{len(all_)} puzzles; by level: " + ", ".join(f"{lv}: {levels[lv]}" for lv in sorted(levels)))
    print("by theme: " + ", ".join(f"{t} {themes[t]}" for t in THEMES if themes[t]))
    small: list[float] = []
    big: list[float] = []
    worst = (0.0, "")
    for z in all_:
        for st in steps(z.position(), z.line):
            clear_caches()
            t = time.process_time()
            solve(st.before)
            dt = time.process_time() - t
            (small if sum(len(h) for h in st.before.hands) <= 16 else big).append(dt)
            worst = max(worst, (dt, z.id))
    for name, xs in (("<= 16 cards", small), ("17-24 cards", big)):
        if xs:
            xs.sort()
            p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
            print(
                f"cold solve, {name}: {len(xs)} positions, median {1000 * statistics.median(xs):.1f} ms, "
                f"p95 {1000 * p95:.1f} ms, max {1000 * xs[-1]:.1f} ms"
            )
    ok = all(x <= TARGET_S for x in small)
    print(f"slowest: {worst[1]} {1000 * worst[0]:.1f} ms; <= 16 cards within {1000 * TARGET_S:.0f} ms: {ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
