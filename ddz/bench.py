"""Benchmarks: ``python -m ddz.bench`` (or ``make bench``) prints the figures the issues ask for.

Fixed-seed random 17- and 20-card hands; µs per ``classify`` of a canonical string (against a
plain dict lookup), per leading and per following ``legal_plays``; DouZero's and RLCard's move
generators on the same hands in the same run when they are installed (the ``peers`` extra);
full random games per second; the solver's worst case; corpus throughput over the protocol.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from .cards import FULL_DECK, RANKS, Cards
from .moves import legal_plays
from .plays import Play, classify


def _per_call_us(fn: Callable[[Any], Any], items: Sequence[Any], repeat: int = 5) -> float:
    """Best of ``repeat`` passes over ``items``, in µs per call."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t)
    return best / len(items) * 1e6


def _progress(msg: str) -> None:
    print(f"… {msg}", file=sys.stderr, flush=True)


def hands(n: int, size: int, seed: int) -> list[Cards]:
    rng = random.Random(seed)
    deck = [r for r in range(15) for _ in range(FULL_DECK.counts[r])]
    return [Cards.from_ranks(rng.sample(deck, size)) for _ in range(n)]


def sample(n: int, seed: int) -> tuple[list[Cards], list[Cards], list[Play]]:
    """The shared fixtures: n 20-card hands, n 17-card hands, and a table play for each."""
    h20, h17 = hands(n, 20, seed), hands(n, 17, seed + 1)
    rng = random.Random(seed + 2)
    return h20, h17, [rng.choice(legal_plays(h)) for h in h20]


def bench_engine(n: int, seed: int) -> dict[str, float]:
    out: dict[str, float] = {}
    h20, h17, tables = sample(n, seed)
    strings = [str(t) for t in tables]
    lookup = {s: classify(s) for s in strings}
    out["classify_us"] = _per_call_us(classify, strings)
    out["dict_get_us"] = _per_call_us(lookup.get, strings)
    out["dict_subscript_us"] = _per_call_us(lookup.__getitem__, strings)

    def dict_lookup(s: str) -> object:  # the same lookup behind a Python function call
        return lookup[s]

    out["dict_function_us"] = _per_call_us(dict_lookup, strings)
    for h in h20:
        legal_plays(h)  # warm the shared play table
    out["lead20_us"] = _per_call_us(legal_plays, h20)
    out["lead17_us"] = _per_call_us(legal_plays, h17)
    pairs = list(zip(h17, tables))
    out["follow17_us"] = _per_call_us(lambda p: legal_plays(p[0], p[1]), pairs)
    out["plays_per_lead20"] = statistics.mean(len(legal_plays(h)) for h in h20)
    return out


def bench_douzero(n: int, seed: int) -> dict[str, float] | None:
    try:
        from .peers import douzero_impl as dz
    except ImportError:
        return None
    try:
        from douzero.env.move_generator import MovesGener  # noqa: F401
    except ImportError:
        return None
    h20, h17, tables = sample(n, seed)
    env20 = [dz._env(str(h)) for h in h20]
    env17 = [(dz._env(str(h)), dz._env(str(t))) for h, t in zip(h17, tables)]
    return {
        "lead20_us": _per_call_us(lambda h: dz._legal(h, []), env20),
        "follow17_us": _per_call_us(lambda p: dz._legal(p[0], p[1]), env17),
    }


def bench_rlcard(n: int, seed: int) -> dict[str, float] | None:
    try:
        from rlcard.games.doudizhu.judger import DoudizhuJudger

        from .peers import rlcard_impl as rl
    except ImportError:
        return None
    h20, h17, tables = sample(n, seed)
    s20 = [str(h) for h in h20]
    from rlcard.games.doudizhu.utils import get_gt_cards

    follow = [(rl._Player(str(h)), rl._Player(str(t))) for h, t in zip(h17, tables)]
    return {
        "lead20_us": _per_call_us(DoudizhuJudger.playable_cards_from_hand, s20, repeat=2),
        "follow17_us": _per_call_us(lambda p: get_gt_cards(p[0], p[1]), follow, repeat=2),
    }


def bench_games(seconds: float, seed: int) -> tuple[float, int]:
    from .agents import RandomAgent
    from .codes import encode
    from .game import BIDDING, PLAYING, Game

    agent, rng = RandomAgent(seed), random.Random(seed)
    games, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = Game.from_code(encode(rng.getrandbits(40)))
        while g.phase in (BIDDING, PLAYING):
            g.apply(agent.act(g))
        games += 1
    return games / (time.perf_counter() - t0), games


def bench_solver(seed: int) -> tuple[float, str]:
    from .ai import solver

    rng = random.Random(seed)
    deck = [r for r in range(15) for _ in range(FULL_DECK.counts[r])]
    candidates = [
        "333444555666777888BR",
        "3333444455556666777B",
        "33344455566677788899",
        "3334445556667778889T",
    ]
    candidates += [str(Cards.from_ranks(rng.sample(deck, 20))) for _ in range(200)]
    worst, worst_hand = 0.0, ""
    for h in candidates:
        solver._MEMO.clear()
        solver._MEMO[0] = 0
        t = time.perf_counter()
        solver.min_plays(h)
        dt = time.perf_counter() - t
        if dt > worst:
            worst, worst_hand = dt, h
    return worst * 1000, worst_hand


def bench_protocol() -> tuple[float, int]:
    from .conformance.corpus import load_cases
    from .conformance.runner import Subprocess, run_all

    cases = load_cases()
    impl = Subprocess(f"{sys.executable} -m ddz.protocol")
    impl.start()
    try:
        reps = max(1, 2000 // len(cases))
        t = time.perf_counter()
        for _ in range(reps):
            run_all(impl, cases)
        dt = time.perf_counter() - t
    finally:
        impl.close()
    return dt / (reps * len(cases)) * 1000 * 1000, reps * len(cases)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ddz.bench", description=__doc__)
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=20261129)
    p.add_argument("--game-seconds", type=float, default=5.0)
    args = p.parse_args(argv)
    _progress("engine")
    e = bench_engine(args.hands, args.seed)
    print(
        f"classify (canonical string): {e['classify_us'] * 1000:.0f} ns/call; a dict lookup: "
        f"{e['dict_get_us'] * 1000:.0f} ns as d.get, {e['dict_subscript_us'] * 1000:.0f} ns as d.__getitem__, "
        f"{e['dict_function_us'] * 1000:.0f} ns inside a Python function -> classify is "
        f"{e['classify_us'] / e['dict_get_us']:.2f}x / {e['classify_us'] / e['dict_subscript_us']:.2f}x / "
        f"{e['classify_us'] / e['dict_function_us']:.2f}x"
    )
    print(
        f"legal_plays lead, 20 cards: {e['lead20_us']:.1f} µs ({e['plays_per_lead20']:.0f} plays on average)"
    )
    print(f"legal_plays lead, 17 cards: {e['lead17_us']:.1f} µs")
    print(f"legal_plays follow, 17 cards: {e['follow17_us']:.2f} µs")
    for name, fn in (("DouZero", bench_douzero), ("RLCard", bench_rlcard)):
        _progress(name)
        peer = fn(min(args.hands, 500) if name == "RLCard" else args.hands, args.seed)
        if peer is None:
            print(f"{name}: not installed (make peers)")
            continue
        print(
            f"{name} same hands: lead 20 {peer['lead20_us']:.1f} µs, follow 17 {peer['follow17_us']:.2f} µs -> "
            f"ddz is {peer['lead20_us'] / e['lead20_us']:.1f}x faster leading, "
            f"{peer['follow17_us'] / e['follow17_us']:.1f}x faster following"
        )
    _progress("random full games")
    gps, n = bench_games(args.game_seconds, args.seed)
    print(f"full random games (random legal players, bidding included): {gps:.0f} games/s ({n} games)")
    _progress("solver")
    ms, hand = bench_solver(args.seed)
    print(f"min-plays solver, worst of 204 20-card hands (cold cache): {ms:.1f} ms ({hand})")
    _progress("protocol")
    us, cases = bench_protocol()
    print(
        f"conformance over the JSON-lines protocol (subprocess): {us / 1000:.3f} s per 1000 cases ({cases} cases)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["RANKS", "main", "subprocess"]
