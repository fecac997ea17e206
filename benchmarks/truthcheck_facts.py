"""``python -m benchmarks.truthcheck_facts``: how fast the independent facts of ``truthcheck`` are.

Prints the time of :func:`truthcheck.facts.fewest_plays` on fixed-seed random 17- and 20-card hands
with a cold memo (emptied before every hand) and warm, plus trio-rich 20-card hands (the slowest
kind for a plays-of-the-lowest-card search), the one-off build of the play tables, and
``plays_in`` on a 20-card hand. The target: a 20-card hand well under a second.
"""

from __future__ import annotations

import random
import statistics
import time

from truthcheck import facts
from truthcheck.rules import DECK, to_str

TRIO_RICH = ("3334445556667778888B", "3334445556667777BR9T", "333444555666777888AB")


def _cold_ms(hand: str) -> float:
    facts.clear_memo()
    t = time.perf_counter()
    facts.fewest_plays(hand)
    return (time.perf_counter() - t) * 1e3


def main() -> None:
    t = time.perf_counter()
    facts.fewest_plays("3")
    facts.plays_in("3")
    print(f"play tables built once: {(time.perf_counter() - t) * 1e3:.0f} ms")
    rng = random.Random(2025)
    for size in (17, 20):
        hands = [to_str(rng.sample(DECK, size)) for _ in range(200)]
        cold, warm = [], []
        for h in hands:
            cold.append(_cold_ms(h))
            t = time.perf_counter()
            facts.fewest_plays(h)  # the same hand again: answered from the memo
            warm.append((time.perf_counter() - t) * 1e3)
        print(
            f"fewest_plays, {size} cards, 200 hands, cold memo: median {statistics.median(cold):.1f} ms, "
            f"max {max(cold):.1f} ms; warm median {statistics.median(warm):.3f} ms"
        )
    for h in TRIO_RICH:
        print(f"fewest_plays {h} cold: {_cold_ms(h):.1f} ms")
    hand = to_str(rng.sample(DECK, 20))
    t = time.perf_counter()
    for _ in range(100):
        facts.plays_in(hand)
    print(f"plays_in, 20 cards: {(time.perf_counter() - t) * 10:.2f} ms")


if __name__ == "__main__":
    main()
