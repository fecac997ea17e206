"""Arena: ``python -m benchmarks.arena`` plays deals twice with the sides swapped and reports strength.

    python -m benchmarks.arena --a cpu --b random --deals 10000 [--bidding] [--workers 2]
                        [--backend local|ray] [--svg results.svg]
    python -m benchmarks.arena --a cpu-hard --b cpu-hard@cd3b160   # today's Difícil against a past one
    python -m benchmarks.arena --a cpu-hard:2 --b rlcard --workers 1  # Difícil on two processes
    python -m benchmarks.arena --a cpu-hard --b rlcard --set ROLLOUT_BUDGET=3000   # what more work buys

Each deal is played once with A as landlord against B as both farmers and once the other way
round (without bidding the landlord is the deal's first bidder, base 1, as in the published
Dou Dizhu AI evaluations). Prints win rates and average points with 95% confidence intervals,
and decision latency of both agents.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from benchmarks import records
from benchmarks.stats import GameOutcome, Summary, outcomes, paired, summarize
from ddz.codes import encode
from ddz.game import BIDDING, PLAYING, Game

ROOT = Path(__file__).resolve().parents[1]


class Agent(Protocol):
    name: str

    def act(self, game: Game) -> str: ...


@functools.cache
def cpu_at(revision: str) -> types.ModuleType:
    """``ddz/ai/cpu.py`` as it was at the git ``revision``, loaded over today's engine (the module of
    a past CPU, to measure today's against it)."""
    source = subprocess.run(
        ["git", "show", f"{revision}:ddz/ai/cpu.py"], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    name = f"ddz.ai.cpu_at_{revision.replace('-', '_').replace('.', '_')}"
    module = types.ModuleType(name)
    module.__package__ = "ddz.ai"
    sys.modules[name] = module
    exec(compile(source, f"{revision}:ddz/ai/cpu.py", "exec"), module.__dict__)
    return module


def make_agent(name: str, seed: int) -> Agent:
    """An agent by name: ``cpu`` (= ``cpu-normal``), ``cpu-easy``, ``cpu-hard``, ``random``,
    ``greedy`` or ``rlcard``; ``cpu-hard@REV`` is the CPU of the git revision ``REV``, and
    ``cpu-hard:2`` today's on two processes (its playouts on a helper too)."""
    if name.startswith("cpu-") and "@" in name:
        level, revision = name.removeprefix("cpu-").split("@", 1)
        agent: Agent = cpu_at(revision).Cpu(level)
        return agent
    if name == "cpu" or name.startswith("cpu-"):
        return _cpu(name)
    if name == "random":
        from benchmarks.agents import RandomAgent

        return RandomAgent(seed)
    if name == "greedy":
        from benchmarks.agents import GreedyAgent

        return GreedyAgent()
    if name == "rlcard":
        from conformance.peers.rlcard_agent import RlcardRuleAgent

        return RlcardRuleAgent(seed)
    raise ValueError(f"agente desconocido «{name}»: cpu, cpu-easy, cpu-hard, random, greedy o rlcard")


@functools.cache
def _cpu(name: str) -> Agent:
    """Today's CPU by name (``cpu-hard:2``: on two processes), one per name and arena worker (its
    helper processes are started once)."""
    from ddz.ai import Cpu

    level, _, processes = name.removeprefix("cpu").removeprefix("-").partition(":")
    if processes and not processes.isdigit():
        raise ValueError(f"procesos no válidos en «{name}»: tras «:» va un número (cpu-hard:2)")
    return Cpu(level or "normal", int(processes or 1))


def play_one(code_seed: int, a: str, b: str, a_is_landlord: bool, bidding: bool, seed: int) -> GameOutcome:
    game = Game.from_code(encode(code_seed))
    agents = {a: make_agent(a, seed), b: make_agent(b, seed + 1)} if a != b else {a: make_agent(a, seed)}
    lat: dict[str, list[float]] = {a: [], b: []}
    if bidding:
        # A sits at the first bidder's seat when it is the landlord side, B at the other two.
        a_seats = (
            {game.first_bidder}
            if a_is_landlord
            else {(game.first_bidder + 1) % 3, (game.first_bidder + 2) % 3}
        )
    else:
        landlord = game.first_bidder
        game.skip_bidding(landlord, 1)
        a_seats = {landlord} if a_is_landlord else {s for s in range(3) if s != landlord}
    seat_agent = {s: (a if s in a_seats else b) for s in range(3)}
    steps = 0
    while game.phase in (BIDDING, PLAYING):
        who = seat_agent[game.turn]
        t = time.perf_counter()
        action = agents[who].act(game)
        lat[who].append(time.perf_counter() - t)
        game.apply(action)
        steps += 1
        if steps > 2000:
            raise RuntimeError("a hand that never ends")
    r = game.result
    assert r is not None and game.landlord is not None
    a_side_landlord = game.landlord in a_seats
    a_won = (r.winner == "landlord") == a_side_landlord
    a_seat = next(iter(a_seats))
    return GameOutcome("landlord" if a_side_landlord else "farmers", a_won, r.scores[a_seat], lat)


def _work(args: tuple[int, str, str, bool, int]) -> tuple[int, list[GameOutcome]]:
    """Deal ``i`` of the seed, played both ways: its index and its two games."""
    i, a, b, bidding, seed = args
    code_seed = (seed * 1_000_003 + i * 7919) % (1 << 40)
    return i, [
        play_one(code_seed, a, b, True, bidding, seed + 2 * i),
        play_one(code_seed, a, b, False, bidding, seed + 2 * i),
    ]


Played = tuple[int, list[GameOutcome]]


def run_local(jobs: list[tuple[int, str, str, bool, int]], workers: int) -> Iterator[Played]:
    if workers <= 1:
        yield from map(_work, jobs)
        return
    import multiprocessing as mp

    with mp.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(_work, jobs, chunksize=8)


def run_ray(jobs: list[tuple[int, str, str, bool, int]], address: str | None) -> Iterator[Played]:
    import ray

    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_work_chunk)
    chunks = [jobs[i : i + 25] for i in range(0, len(jobs), 25)]
    pending = [remote.remote(c) for c in chunks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield from ray.get(done[0])


def _work_chunk(jobs: list[tuple[int, str, str, bool, int]]) -> list[Played]:
    return [_work(j) for j in jobs]


def _progress(items: Iterable[Played], total: int, quiet: bool) -> Iterator[Played]:
    try:
        from tqdm import tqdm

        yield from tqdm(items, total=total, unit="reparto", disable=quiet, file=sys.stderr)
    except ImportError:  # pragma: no cover - tqdm is in the arena extra
        for i, x in enumerate(items, 1):
            if not quiet and (i % 100 == 0 or i == total):
                print(f"\r{i}/{total} repartos", end="", file=sys.stderr)
            yield x


def svg_chart(summaries: list[Summary]) -> str:
    """Win rate per role with 95% intervals, as a small standalone SVG."""
    rows = [
        (f"{s.a} vs {s.b} — {'terrateniente' if r == 'landlord' else 'campesinos'}", *s.by_role[r][:2])
        for s in summaries
        for r in ("landlord", "farmers")
    ]
    h = 40 + 34 * len(rows)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="760" height="{h}" font-family="sans-serif" font-size="13">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<line x1="300" y1="20" x2="300" y2="{h - 10}" stroke="#999"/>',
        f'<line x1="500" y1="20" x2="500" y2="{h - 10}" stroke="#c33" stroke-dasharray="4"/>',
        '<text x="500" y="14" text-anchor="middle" fill="#c33">0,5</text>',
    ]
    for i, (label, p, ci) in enumerate(rows):
        y = 30 + 34 * i
        parts.append(f'<text x="290" y="{y + 15}" text-anchor="end">{label}</text>')
        parts.append(f'<rect x="300" y="{y}" width="{400 * p:.1f}" height="20" fill="#2a7"/>')
        lo, hi = 300 + 400 * max(p - ci, 0), 300 + 400 * min(p + ci, 1)
        parts.append(
            f'<line x1="{lo:.1f}" y1="{y + 10}" x2="{hi:.1f}" y2="{y + 10}" stroke="black" stroke-width="2"/>'
        )
        parts.append(f'<text x="{300 + 400 * p + 6:.1f}" y="{y + 15}">{p:.3f}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def run(
    a: str,
    b: str,
    deals: int,
    bidding: bool,
    workers: int,
    backend: str,
    seed: int,
    quiet: bool = False,
    address: str | None = None,
    record: Path | None = None,
    settings: dict[str, float] | None = None,
) -> Summary:
    """Play ``deals`` deals of ``seed`` both ways and judge them. With ``record`` (see
    :mod:`benchmarks.records`), each deal is appended to that file as soon as it is played, the deals
    already there for this match are not played again, and the summary is of every deal of the seed
    up to ``deals``, old and new."""
    done: dict[int, list[GameOutcome]] = {}
    match = None
    if record is not None:
        match = records.Match(a, b, bidding, tuple(sorted((settings or {}).items())), records.engine_commit())
        if match.commit.endswith("-dirty"):
            raise ValueError("«--record» necesita el motor sin cambios pendientes (haz commit antes)")
        for m, (s, i), games in records.read([record]) if record.exists() else ():
            if m == match and s == seed and i < deals:
                done[i] = outcomes(games)
    jobs = [(i, a, b, bidding, seed) for i in range(deals) if i not in done]
    source: Callable[[], Iterator[Played]]
    if backend == "ray":
        source = lambda: run_ray(jobs, address)  # noqa: E731
    else:
        source = lambda: run_local(jobs, workers)  # noqa: E731
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(record.open("a", encoding="utf-8")) if record is not None else None
        for i, pair in _progress(source(), len(jobs), quiet):
            done[i] = pair
            if out is not None and match is not None:
                games = [(o.a_role, o.a_won, o.a_points) for o in pair]
                out.write(records.record_line(match, (seed, i), games) + "\n")
                out.flush()
    pairs = [done[i] for i in sorted(done)]
    summary = summarize(a, b, [o for pair in pairs for o in pair])
    summary.paired = paired(pairs)
    return summary


TUNABLE = (
    "ROLLOUT_CARDS",
    "ROLLOUT_CANDIDATES",
    "ROLLOUT_SAMPLES",
    "ROLLOUT_BUDGET",
    "SIGNIFICANCE",
)
"""The constants of today's Difícil that ``--set`` may change for a run (to measure what more work buys):
all read by the deciding process, so ``cpu-hard:2``'s helper processes need not know of them."""


def tune(settings: Sequence[str]) -> dict[str, float]:
    """Set ``NAME=VALUE`` constants of today's CPU (``ddz.ai.cpu``) for this process and the workers
    it forks; returns what was set. Raises ValueError (in Spanish), and sets nothing, on a name not in
    :data:`TUNABLE`, a value of the wrong type, or one that is not a finite number above 0."""
    from ddz.ai import cpu

    done: dict[str, float] = {}
    for item in settings:
        name, sep, text = item.partition("=")
        if not sep or name not in TUNABLE:
            raise ValueError(f"«--set {item}»: se espera NOMBRE=VALOR con NOMBRE entre {', '.join(TUNABLE)}")
        kind = type(getattr(cpu, name))
        try:
            value = kind(text)
        except ValueError:
            raise ValueError(
                f"«--set {item}»: {name} es un número {'entero' if kind is int else 'real'}"
            ) from None
        if not value > 0 or not math.isfinite(value):
            raise ValueError(f"«--set {item}»: {name} tiene que ser un número finito mayor que 0")
        done[name] = value
    for name, value in done.items():  # only once every setting is valid
        setattr(cpu, name, value)
    return done


def main(argv: list[str] | None = None) -> int:
    import os

    p = argparse.ArgumentParser(
        prog="python -m benchmarks.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--a", default="cpu")
    p.add_argument(
        "--b", action="append", help="opponent(s): random, greedy, cpu, cpu-easy, cpu-hard, rlcard"
    )
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--bidding", action="store_true", help="play the auction instead of a fixed landlord")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--backend", choices=("local", "ray"), default="local")
    p.add_argument("--ray-address", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--svg", help="write a chart of the win rates to this file")
    p.add_argument("--quiet", action="store_true")
    p.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="append each deal to FILE (JSON lines) and skip those already there; judge many such"
        " files as one match with: python -m benchmarks.records FILE...",
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"change a constant of today's Difícil for this run (local backend): {', '.join(TUNABLE)}",
    )
    args = p.parse_args(argv)
    try:
        if args.set and args.backend == "ray":
            raise ValueError("«--set» solo vale con --backend local (los procesos heredan el cambio)")
        settings = tune(args.set)
        for name, value in settings.items():
            print(f"{name} = {value} (solo en esta ejecución)")
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    summaries = []
    for b in args.b or ["random"]:
        try:
            s = run(
                args.a,
                b,
                args.deals,
                args.bidding,
                args.workers,
                args.backend,
                args.seed,
                args.quiet,
                args.ray_address,
                args.record,
                settings,
            )
        except ImportError as e:
            print(
                f"error: falta un paquete opcional para «{b}»: {e.name} (pip install 'ddz[peers]')",
                file=sys.stderr,
            )
            return 2
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        summaries.append(s)
        print("\n".join(s.lines()))
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as fh:
            fh.write(svg_chart(summaries))
        print(f"gráfico: {args.svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Any", "main", "run"]
