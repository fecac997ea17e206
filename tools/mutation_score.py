"""Mutation score of the last ``mutmut run``, overall and per module (``make mutation`` prints it).

    .venv/bin/python tools/mutation_score.py            # the table
    .venv/bin/python tools/mutation_score.py --survivors  # and every surviving mutant's name

Killed = killed, timeout or caught by the type checker; the score is killed / (all − skipped).
Mutants that no selected test reaches ("no tests") count as survivors.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

KILLED = {"killed", "timeout", "caught by type check"}
SKIPPED = {"skipped", "not checked"}


def read_results(mutmut: str) -> dict[str, str]:
    """mutant name → status, from ``mutmut results --all true``."""
    out = subprocess.run([mutmut, "results", "--all", "true"], capture_output=True, text=True, check=True)
    results = {}
    for line in out.stdout.splitlines():
        name, sep, status = line.strip().partition(": ")
        if sep:
            results[name] = status
    return results


def module_of(mutant: str) -> str:
    """``ddz.moves.x__four_gen__mutmut_3`` → ``ddz.moves``."""
    parts = mutant.split(".")
    return ".".join(p for p in parts[:-1])


def table(results: dict[str, str]) -> list[tuple[str, int, int, Counter[str]]]:
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in results.items():
        by_module[module_of(name)][status] += 1
    rows = []
    for module in sorted(by_module) + ["all"]:
        c = by_module[module] if module != "all" else sum(by_module.values(), Counter())
        killed = sum(n for s, n in c.items() if s in KILLED)
        counted = sum(n for s, n in c.items() if s not in SKIPPED)
        rows.append((module, killed, counted, c))
    return rows


def sample(results: dict[str, str], n: int, seed: int) -> list[str]:
    """``n`` unchecked mutants per module, at random: a score estimate when a full run is too long."""
    rng = random.Random(seed)
    by_module: dict[str, list[str]] = defaultdict(list)
    for name, status in sorted(results.items()):
        if status == "not checked":
            by_module[module_of(name)].append(name)
    return [m for names in by_module.values() for m in rng.sample(names, min(n, len(names)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="print N random unchecked mutant names per module (for `mutmut run`)",
    )
    parser.add_argument("--seed", type=int, default=12, help="seed of --sample")
    parser.add_argument("--mutmut", default=str(Path(sys.executable).with_name("mutmut")))
    args = parser.parse_args(argv)
    results = read_results(args.mutmut)
    if not results:
        print("no mutmut results: run `make mutation` first", file=sys.stderr)
        return 2
    if args.sample:
        print(" ".join(sample(results, args.sample, args.seed)))
        return 0
    print(f"{'module':<14} {'killed':>7} {'of':>6} {'score':>7}  other")
    for module, killed, counted, c in table(results):
        score = f"{100 * killed / counted:.1f}%" if counted else "-"
        other = ", ".join(f"{s} {n}" for s, n in sorted(c.items()) if s not in KILLED)
        print(f"{module:<14} {killed:>7} {counted:>6} {score:>7}  {other}")
    if args.survivors:
        for name, status in sorted(results.items()):
            if status not in KILLED | SKIPPED:
                print(f"{status}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
