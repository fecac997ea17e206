"""How often the advice loses a won position: ``python -m benchmarks.advice``.

    python -m benchmarks.advice --positions 2000 --seed 1 --workers 2

Positions come from seeded self-play hands, a third at each CPU level (Fácil, Normal, Difícil: every
seat that level, the landlord the deal's first bidder): every decision with at most 20 cards left
in the three hands and more than one legal action. For each one, every split of the unseen cards
(between the other two seats, fitting their counts and the kitty cards the landlord has not played)
is solved exactly: which moves win it at open cards (:func:`ddz.endgame.move_wins`). Two advisors
are judged on the same positions: ``hint`` (:func:`ddz.ai.hint`, what «Pista», the coach and the
review advise) and ``before`` (Difícil's own choice, :func:`ddz.ai.choose_play`, which was the hint
until the evaluator of :mod:`ddz.ai.evaluate`). For each it prints:

- **pierde con las manos conocidas**: some move wins with the real hands, the advised one loses;
- **pierde en todo reparto**: in every split of the unseen cards some move wins and the advised one
  loses (a loss the seat could have proved from what it saw);
- **nunca gana**: the advised move wins no split while some move wins some split.

It also prints the hint's time per position (cold solver tables: the worst case), p50/p95/p99/max.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ddz.ai import Cpu, choose_play, hint
from ddz.ai.evaluate import ZONE_CARDS
from ddz.cards import Cards
from ddz.codes import cards_of, encode
from ddz.endgame import Position, clear_caches, move_wins
from ddz.game import PASS, PLAYING, Game

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Judged:
    """One position: the level of its hand, each advisor's action, and what the splits say."""

    level: str
    advised: dict[str, str]
    real: dict[str, bool]
    """Each move: does it win with the real hands?"""
    every: dict[str, int]
    """Each move: in how many splits it wins."""
    splits: int
    won_everywhere: int
    """In how many splits some move wins."""
    hint_seconds: float
    position: str


def _key(action: str) -> str:
    return PASS if action == PASS else str(Cards(action))


def positions(level: str, seed: int) -> Iterator[Game]:
    """Every decision with at most :data:`ZONE_CARDS` cards left (and a choice) of one self-play
    hand at ``level`` from the deal of ``seed``."""
    g = Game.from_code(encode(seed))
    g.skip_bidding(g.first_bidder, 1)
    cpu = Cpu(level)
    while g.phase == PLAYING:
        if sum(len(h) for h in g.hands) <= ZONE_CARDS and len(g.legal_actions()) > 1:
            yield g.copy()
        g.apply(cpu.act(g))


def judge(job: tuple[str, Game]) -> Judged:
    level, g = job
    seat = g.turn
    clear_caches()
    t = time.perf_counter()
    advised = {"hint": _key(hint(g, seat).action)}
    seconds = time.perf_counter() - t
    advised["before"] = _key(choose_play(g, seat).action)
    real = {m: w for m, w in move_wins(Position.of_game(g))[0]}
    every = dict.fromkeys(real, 0)
    n = some = 0
    for pos in split_positions(g, seat):
        got = move_wins(pos)[0]
        n += 1
        some += any(w for _, w in got)
        for m, w in got:
            every[m] += w
    return Judged(level, advised, real, every, n, some, seconds, g.position())


def split_positions(g: Game, seat: int) -> Iterator[Position]:
    """Every split of the cards ``seat`` cannot see, as an open-hand position: a brute force of its
    own (every set of physical cards the next seat could hold, kept once per rank pattern), apart
    from the evaluator's enumeration. The landlord, when another seat, holds the kitty cards it has
    not played."""
    lord = g.landlord
    assert lord is not None
    others = [(seat + 1) % 3, (seat + 2) % 3]
    kitty = cards_of(g.kitty)
    kept = Cards(max(k - p, 0) for k, p in zip(kitty.counts, g.landlord_played.counts))
    held = g.hand(others[0]) + g.hand(others[1])
    if lord in others:
        held = held - kept
    cards = [r for r in range(len(held.counts)) for _ in range(held.counts[r])]
    need = [len(g.hands[o]) - (len(kept) if o == lord else 0) for o in others]
    seen: set[tuple[int, ...]] = set()
    for chosen in itertools.combinations(range(len(cards)), need[0]):
        first = Cards.from_ranks(cards[i] for i in chosen)
        if first.counts in seen:
            continue
        seen.add(first.counts)
        hands = [g.hand(0), g.hand(1), g.hand(2)]
        hands[others[0]] = first + (kept if others[0] == lord else Cards())
        hands[others[1]] = held - first + (kept if others[1] == lord else Cards())
        table = g.table if g.table is not None and g.table_seat != seat else None
        yield Position.three(
            hands[lord],
            hands[(lord + 1) % 3],
            hands[(lord + 2) % 3],
            turn=(seat - lord) % 3,
            table=table,
            table_seat=None if table is None else ((g.table_seat or 0) - lord) % 3,
        )


def jobs(count: int, seed: int) -> list[tuple[str, Game]]:
    """``count`` positions, a third from hands at each level, hands from seeds drawn from ``seed``."""
    rng = random.Random(seed)
    out: list[tuple[str, Game]] = []
    per = [count // 3 + (i < count % 3) for i in range(3)]
    for level, want in zip(LEVELS, per):
        got: list[tuple[str, Game]] = []
        while len(got) < want:
            got += [(level, g) for g in positions(level, rng.randrange(1 << 40))]
        out += got[:want]
    return out


def _pct(k: int, n: int) -> str:
    return f"{k:5d} / {n} = {100 * k / n:5.2f} %"


def gap(r: Judged) -> float:
    """How many more of the splits the hint's move wins than before's, as a share of them."""
    return (r.every[r.advised["hint"]] - r.every[r.advised["before"]]) / r.splits


def report(results: list[Judged], show: int = 3) -> list[str]:
    """The printed table: each advisor's three failure counts, overall and by level."""
    lines = []
    for who in ("before", "hint"):
        lines.append(f"{who}:")
        for level in (*LEVELS, "all"):
            rs = [r for r in results if level in ("all", r.level)]
            if not rs:
                continue
            real = sum(any(r.real.values()) and not r.real[r.advised[who]] for r in rs)
            proved = sum(
                r.won_everywhere == r.splits and r.every[r.advised[who]] == 0 for r in rs
            )  # some move wins every split and the advised one wins none
            never = sum(r.every[r.advised[who]] == 0 and any(r.every.values()) for r in rs)
            lines.append(
                f"  {level:6s} pierde con las manos conocidas {_pct(real, len(rs))}"
                f" | pierde en todo reparto {_pct(proved, len(rs))} | nunca gana {_pct(never, len(rs))}"
            )
    differ = [r for r in results if r.every[r.advised["hint"]] > r.every[r.advised["before"]]]
    # the clearest first: the hint's move wins every split, then the widest gap over before's
    differ.sort(key=lambda r: (r.every[r.advised["hint"]] < r.splits, -gap(r), r.splits))
    lines.append(f"el hint gana más repartos que before en {len(differ)} posiciones; las más claras:")
    for r in differ[:show]:
        h, b = r.advised["hint"], r.advised["before"]
        lines.append(
            f"  {r.position}: hint {h} gana {r.every[h]} de {r.splits} repartos (con las manos reales: "
            f"{'gana' if r.real[h] else 'pierde'}); before {b}, {r.every[b]} "
            f"({'gana' if r.real[b] else 'pierde'})"
        )
    times = sorted(r.hint_seconds for r in results)

    def q(p: float) -> float:
        return 1000 * times[min(len(times) - 1, int(p * len(times)))]

    lines.append(
        f"hint: {len(times)} posiciones, p50 {q(0.5):.1f} ms, p95 {q(0.95):.1f} ms, p99 {q(0.99):.1f} ms, "
        f"max {1000 * times[-1]:.1f} ms, media {1000 * statistics.fmean(times):.1f} ms"
    )
    return lines


def whole_hand_times(hands: int, seed: int) -> list[float]:
    """The hint's time (one process, cold solver tables) at every decision of ``hands`` self-play
    hands, a third at each level, whatever the cards left."""
    rng = random.Random(seed + 1)
    out = []
    for i in range(hands):
        g = Game.from_code(encode(rng.randrange(1 << 40)))
        g.skip_bidding(g.first_bidder, 1)
        cpu = Cpu(LEVELS[i % 3])
        while g.phase == PLAYING:
            clear_caches()
            t = time.perf_counter()
            hint(g)
            out.append(time.perf_counter() - t)
            g.apply(cpu.act(g))
    return out


def _quantiles(name: str, seconds: list[float]) -> str:
    times = sorted(seconds)

    def q(p: float) -> float:
        return 1000 * times[min(len(times) - 1, int(p * len(times)))]

    return (
        f"{name}: {len(times)} decisiones, p50 {q(0.5):.1f} ms, p95 {q(0.95):.1f} ms, p99 {q(0.99):.1f} ms, "
        f"max {1000 * times[-1]:.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.advice", description=__doc__)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--show", type=int, default=3, help="posiciones donde el hint gana más repartos")
    ap.add_argument("--hands", type=int, default=30, help="manos enteras para medir el tiempo del hint")
    args = ap.parse_args(argv)
    if args.positions < 3 or args.workers < 1:
        ap.error("hacen falta al menos 3 posiciones y 1 proceso")
    todo = jobs(args.positions, args.seed)
    results: list[Judged] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for i, r in enumerate(pool.map(judge, todo, chunksize=4), 1):
            results.append(r)
            if i % 100 == 0 or i == len(todo):
                print(f"  {i}/{len(todo)} posiciones, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    for line in report(results, args.show):
        print(line)
    if args.hands:
        print(_quantiles("hint en manos enteras", whole_hand_times(args.hands, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
