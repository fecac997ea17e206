"""``make truth``: every sentence the app would show, verified by the engine.

Replays every annotated hand and ``--hands`` random hands at each CPU level (you play as that
level too), collects every hint, coach line, CPU reason, review item and key moment (and every sentence of
the «Retos» puzzles: titles, themes, solutions, counts, verdicts), checks the
claim behind each with all three hands, and prints the count of sentences and of false ones.
Exit status 1 when any sentence is false.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # truthcheck, tutorial

from ddz.ai.cpu import LEVELS
from ddz.codes import encode
from truthcheck.sentences import Sentence, annotated, lesson_sentences, practice, retos_sentences
from tutorial.logic import annotated_hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100, help="random hands per level (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 0:
        parser.error("--hands must be 0 or more")
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    false_kinds: Counter[str] = Counter()
    false: list[Sentence] = []
    start = time.perf_counter()

    def take(sentences: object, label: str) -> None:
        for s in sentences:  # type: ignore[attr-defined]
            seen[s.source] += 1
            kinds[s.kind or "hand-written"] += 1
            if s.problems:
                false.append(s)
                false_kinds[s.kind or "hand-written"] += 1
        elapsed = time.perf_counter() - start
        print(f"\r{label:<40} {sum(seen.values()):>7} frases, {len(false)} falsas, {elapsed:6.0f} s", end="")
        sys.stdout.flush()

    for hand in annotated_hands():
        take(annotated(hand), f"mano comentada {hand.id}")
    take(lesson_sentences(), "lecciones")
    take(retos_sentences(), "retos")
    for level in LEVELS:
        for i in range(args.hands):
            code = encode(args.seed * 1_000_003 + i * 7919 + LEVELS.index(level))
            take(practice(code, level, you=level), f"{level} {i + 1}/{args.hands}")
    print()
    total = sum(seen.values())
    hands = len(annotated_hands()) + args.hands * len(LEVELS)
    print(
        f"{total} frases comprobadas en {hands} manos ({', '.join(f'{k} {v}' for k, v in sorted(seen.items()))})"
    )
    print(f"{len(false)} falsas")
    print("por clase de afirmación (frases / falsas):")
    for kind, n in sorted(kinds.items()):
        print(f"  {kind:<28} {n:>7} / {false_kinds[kind]}")
    for s in false[:50]:
        print(f"- [{s.source}] {s.where}: {s.text}\n    {'; '.join(s.problems)}")
    return 1 if false or not total else 0


if __name__ == "__main__":
    raise SystemExit(main())
