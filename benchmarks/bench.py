"""Benchmarks: ``python -m benchmarks.bench`` (or ``make bench``) prints the figures the issues ask for.

What users call is the string API, so that is what is timed: ``parse`` of a 20-card string,
``analyze``/``classify`` of random multisets (most of them invalid), ``legal_plays(str)`` leading
and ``legal_plays(str, str)`` following, on fixed-seed random hands, side by side with DouZero's
native generator (on its own pre-converted input) and RLCard's, in the same process, as ratios.
Each figure is the median of several rounds (one pass over all the hands per round), and each
ratio the median of the per-round ratios, so that a busy machine moves both sides together.
"Warm" means the string caches hold the input; "cold" empties them (and, for classify and
analyze, the cache by multiset) before every call, or for parse reads spellings never read
before (the shared table of ``Play`` values that legal_plays keeps, one per distinct play, stays).
Then full random games per second, the solver's worst case (cold memo) and corpus throughput over
the protocol.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from ddz import cards as _cards_module
from ddz import plays as _plays_module
from ddz.cards import FULL_DECK, RANKS, Cards, parse
from ddz.moves import legal_plays
from ddz.plays import Play, analyze, classify

ROUNDS = 7
TRIO_RICH = ("3334445556667778888B", "3334445556667777BR9T")
"""Trio-rich 20-card leads: five trios and a quad and a joker; four trios, a quad, both jokers, two singles."""


def _pass_us(fn: Callable[[Any], Any], items: Sequence[Any]) -> float:
    """One pass over ``items``, in µs per call."""
    t = time.perf_counter()
    for x in items:
        fn(x)
    return (time.perf_counter() - t) / len(items) * 1e6


def _median_us(fn: Callable[[Any], Any], items: Sequence[Any], rounds: int = ROUNDS) -> float:
    return statistics.median(_pass_us(fn, items) for _ in range(rounds))


def _versus(
    ours: dict[str, tuple[Callable[[Any], Any], Sequence[Any]]],
    peer: tuple[Callable[[Any], Any], Sequence[Any]],
    rounds: int = ROUNDS,
) -> tuple[dict[str, float], float, dict[str, float]]:
    """Interleaved rounds: median µs of each of ours, of the peer, and median ratio ours/peer."""
    times: dict[str, list[float]] = {k: [] for k in ours}
    ratios: dict[str, list[float]] = {k: [] for k in ours}
    theirs: list[float] = []
    for _ in range(rounds):
        t_peer = _pass_us(*peer)
        theirs.append(t_peer)
        for k, (fn, items) in ours.items():
            t = _pass_us(fn, items)
            times[k].append(t)
            ratios[k].append(t / t_peer)
    med = statistics.median
    return {k: med(v) for k, v in times.items()}, med(theirs), {k: med(v) for k, v in ratios.items()}


def _clear_string_caches(multisets: bool = False) -> None:
    """Empty the caches keyed by strings (and, with ``multisets``, analyze's cache by multiset)."""
    _cards_module._PARSE_CACHE.clear()
    _cards_module._COUNTS_CACHE.clear()
    _plays_module._BY_TEXT.clear()
    if multisets:
        _plays_module._BY_KEY.clear()


def _cold_lead(hand: str) -> object:
    """legal_plays of a hand with the string caches emptied first (the shared Play table stays)."""
    _clear_string_caches()
    return legal_plays(hand)


def _cold_follow(pair: tuple[str, str]) -> object:
    _clear_string_caches()
    return legal_plays(pair[0], pair[1])


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


def random_multisets(n: int, seed: int) -> list[str]:
    """n random sets of 1 to 20 cards dealt from one deck, written in a shuffled order."""
    rng = random.Random(seed)
    deck = [RANKS[r] for r in range(15) for _ in range(FULL_DECK.counts[r])]
    return ["".join(rng.sample(deck, rng.randint(1, 20))) for _ in range(n)]


def _bytes_per_entry(fill: Callable[[str], object], texts: Sequence[str]) -> float:
    """Bytes allocated per new cache entry (the key strings already exist and are not counted)."""
    _clear_string_caches()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for t in texts:
        fill(t)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(texts)


def bench_engine(n: int, seed: int) -> dict[str, float]:
    out: dict[str, float] = {}
    h20, h17, tables = sample(n, seed)
    s20, s17 = [str(h) for h in h20], [str(h) for h in h17]
    rand = random_multisets(n, seed + 3)
    out["invalid_share"] = sum(not isinstance(analyze(s), Play) for s in rand) / len(rand)
    out["parse_us"] = _median_us(parse, s20)

    rng = random.Random(seed + 4)
    # Each round, the 20-card hands spelled in an order never read before, caches emptied first.
    unseen = [["".join(rng.sample(s, len(s))) for s in s20] for _ in range(ROUNDS)]
    cold_parse = []
    for texts in unseen:
        _clear_string_caches()
        cold_parse.append(_pass_us(parse, texts))
    out["parse_cold_us"] = statistics.median(cold_parse)
    strings = [str(t) for t in tables]
    for s in strings:
        classify(s)
    out["classify_us"] = _median_us(classify, strings)
    lookup = {s: classify(s) for s in strings}
    out["dict_get_us"] = _median_us(lookup.get, strings)

    def cold_classify_play(s: str) -> object:
        _clear_string_caches(multisets=True)
        return classify(s)

    out["classify_cold_us"] = _median_us(cold_classify_play, strings)

    def classify_or_reject(s: str) -> object:
        try:
            return classify(s)
        except ValueError as e:
            return e

    for s in rand:
        analyze(s)
    out["analyze_random_us"] = _median_us(analyze, rand)
    out["classify_random_us"] = _median_us(classify_or_reject, rand)

    def cold_analyze(s: str) -> object:
        _clear_string_caches(multisets=True)
        return analyze(s)

    def cold_classify(s: str) -> object:
        _clear_string_caches(multisets=True)
        return classify_or_reject(s)

    def cold_analyze_cards(c: Cards) -> object:
        _plays_module._BY_KEY.clear()
        return analyze(c)

    parsed = [parse(s) for s in rand]
    out["analyze_random_cold_us"] = _median_us(cold_analyze, rand)
    out["classify_random_cold_us"] = _median_us(cold_classify, rand)
    out["analyze_cards_cold_us"] = _median_us(cold_analyze_cards, parsed)
    out["clear_us"] = _median_us(lambda s: _clear_string_caches(multisets=True), rand)
    for h in s20:
        legal_plays(h)  # warm the caches and the shared play table
    for h, t in zip(s17, strings):
        legal_plays(h, t)

    out["lead20_cold_us"] = _median_us(_cold_lead, s20)
    out["follow17_cold_us"] = _median_us(_cold_follow, list(zip(s17, strings)))
    out["plays_per_lead20"] = statistics.mean(len(legal_plays(h)) for h in h20)
    out["parse_entry_bytes"] = _bytes_per_entry(parse, s20)
    out["analyze_entry_bytes"] = _bytes_per_entry(analyze, rand)
    out["key_str_bytes"] = statistics.mean(sys.getsizeof(s) for s in s20)
    return out


def bench_vs_douzero(n: int, seed: int) -> dict[str, float] | None:
    try:
        from douzero.env.move_generator import MovesGener  # noqa: F401

        from conformance.peers import douzero_impl as dz
    except ImportError:
        return None
    h20, h17, tables = sample(n, seed)
    s20, s17, st = [str(h) for h in h20], [str(h) for h in h17], [str(t) for t in tables]
    env20 = [dz._env(s) for s in s20]
    env17 = [(dz._env(h), dz._env(t)) for h, t in zip(s17, st)]
    follow_s, follow_c = list(zip(s17, st)), list(zip(h17, tables))
    out: dict[str, float] = {}
    ours, theirs, ratio = _versus(
        {"str": (legal_plays, s20), "cards": (legal_plays, h20)},
        (lambda h: dz._legal(h, []), env20),
    )
    # Cold rounds apart: each cold call empties the caches the warm rounds rely on.
    cold, _, cold_ratio = _versus({"cold": (_cold_lead, s20)}, (lambda h: dz._legal(h, []), env20))
    ours.update(cold)
    ratio.update(cold_ratio)
    out.update(lead_str=ours["str"], lead_cards=ours["cards"], lead_cold=ours["cold"], lead_dz=theirs)
    out.update(lead_ratio_str=ratio["str"], lead_ratio_cards=ratio["cards"], lead_ratio_cold=ratio["cold"])
    for h, t in follow_s:
        legal_plays(h, t)  # warm again: the cold rounds emptied the caches
    ours, theirs, ratio = _versus(
        {
            "str": (lambda p: legal_plays(p[0], p[1]), follow_s),
            "cards": (lambda p: legal_plays(p[0], p[1]), follow_c),
        },
        (lambda p: dz._legal(p[0], p[1]), env17),
    )
    cold, _, cold_ratio = _versus(
        {"cold": (_cold_follow, follow_s)}, (lambda p: dz._legal(p[0], p[1]), env17)
    )
    ours.update(cold)
    ratio.update(cold_ratio)
    out.update(follow_str=ours["str"], follow_cards=ours["cards"], follow_cold=ours["cold"], follow_dz=theirs)
    out.update(
        follow_ratio_str=ratio["str"], follow_ratio_cards=ratio["cards"], follow_ratio_cold=ratio["cold"]
    )
    for i, hand in enumerate(TRIO_RICH):
        reps = [hand] * 200
        ours, theirs, ratio = _versus(
            {"str": (legal_plays, reps)}, (lambda h: dz._legal(h, []), [dz._env(hand)] * 200)
        )
        out.update({f"trio{i}_str": ours["str"], f"trio{i}_dz": theirs, f"trio{i}_ratio": ratio["str"]})
        out[f"trio{i}_plays"] = len(legal_plays(hand))
    return out


def bench_vs_rlcard(n: int, seed: int) -> dict[str, float] | None:
    try:
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.games.doudizhu.utils import get_gt_cards

        from conformance.peers import rlcard_impl as rl
    except ImportError:
        return None
    h20, h17, tables = sample(n, seed)
    s20, s17, st = [str(h) for h in h20], [str(h) for h in h17], [str(t) for t in tables]
    follow = [(rl._Player(h), rl._Player(t)) for h, t in zip(s17, st)]
    _, theirs, lead = _versus({"str": (legal_plays, s20)}, (DoudizhuJudger.playable_cards_from_hand, s20), 3)
    _, theirs2, follow_r = _versus(
        {"str": (lambda p: legal_plays(p[0], p[1]), list(zip(s17, st)))},
        (lambda p: get_gt_cards(p[0], p[1]), follow),
        3,
    )
    return {
        "lead_us": theirs,
        "follow_us": theirs2,
        "lead_ratio": lead["str"],
        "follow_ratio": follow_r["str"],
    }


def bench_games(seconds: float, seed: int) -> tuple[float, int, float]:
    """Whole random games (random legal players through the string API, bidding included) for
    ``seconds``: games per wall-clock second, the count, and games per CPU-second of this process
    (what a quiet box gives; a busy one slows the wall clock more than this process's CPU time)."""
    from benchmarks.agents import RandomAgent
    from ddz.codes import encode
    from ddz.game import BIDDING, PLAYING, Game

    agent, rng = RandomAgent(seed), random.Random(seed)
    games, t0, c0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        g = Game.from_code(encode(rng.getrandbits(40)))
        while g.phase in (BIDDING, PLAYING):
            g.apply(agent.act(g))
        games += 1
    return games / (time.perf_counter() - t0), games, games / (time.process_time() - c0)


SOLVER_HARD = (
    "444488889999TJQKA2BR",  # the worst found by a hill-climbing search on explored states
    "33336666789TJQKA2222",
    "333444555666777888BR",
    "3333444455556666777B",
    "33344455566677788899",
    "3334445556667778889T",
)


def bench_solver(seed: int) -> tuple[float, str]:
    """The slowest hand (cold memo) among the hard ones and 200 random 20-card hands, then the
    median of five cold solves of that hand, in ms."""
    from ddz.ai import solver

    def cold(hand: str) -> float:
        solver._MEMO.clear()
        solver._MEMO[0] = 0
        t = time.perf_counter()
        solver.min_plays(hand)
        return (time.perf_counter() - t) * 1000

    rng = random.Random(seed)
    deck = [r for r in range(15) for _ in range(FULL_DECK.counts[r])]
    candidates = list(SOLVER_HARD) + [str(Cards.from_ranks(rng.sample(deck, 20))) for _ in range(200)]
    worst = max(candidates, key=cold)
    return statistics.median(cold(worst) for _ in range(5)), worst


def bench_protocol() -> tuple[float, int]:
    from ddz.conformance.corpus import load_cases
    from ddz.conformance.runner import Subprocess, run_all

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
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench", description=__doc__)
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=20261129)
    p.add_argument("--game-seconds", type=float, default=5.0)
    args = p.parse_args(argv)
    _progress("engine")
    e = bench_engine(args.hands, args.seed)
    print(f"medians of {ROUNDS} rounds over {args.hands} fixed-seed hands; ratios are ddz time / peer time")
    print(
        f"parse, 20-card string: {e['parse_us'] * 1000:.0f} ns warm (cache by string), "
        f"{e['parse_cold_us'] * 1000:.0f} ns cold (a spelling never read before)"
    )
    print(
        f"classify, canonical string of a play: {e['classify_us'] * 1000:.0f} ns warm "
        f"(a dict .get: {e['dict_get_us'] * 1000:.0f} ns), {e['classify_cold_us'] * 1000:.0f} ns cold"
    )
    print(
        f"random multisets of 1-20 cards ({e['invalid_share']:.0%} invalid): analyze(str) "
        f"{e['analyze_random_us'] * 1000:.0f} ns warm, {e['analyze_random_cold_us'] * 1000:.0f} ns cold; "
        f"classify(str) (raising InvalidPlay, caught) {e['classify_random_us'] * 1000:.0f} ns warm, "
        f"{e['classify_random_cold_us'] * 1000:.0f} ns cold; analyze(Cards) pre-parsed "
        f"{e['analyze_cards_cold_us'] * 1000:.0f} ns cold (cold = all caches emptied before each call, "
        f"{e['clear_us'] * 1000:.0f} ns of the figure; a rejection is built and cached each time)"
    )
    print(
        f"cache memory: parse {e['parse_entry_bytes']:.0f} B per entry, analyze {e['analyze_entry_bytes']:.0f} B "
        f"per entry (string and multiset entries, rejections included), plus the key string "
        f"({e['key_str_bytes']:.0f} B for 20 cards) when the caller drops it; each cache holds at most "
        f"{_cards_module.PARSE_CACHE_LIMIT} entries"
    )
    print(
        f"legal_plays(str), cold string caches (the multiset tables stay): lead 20 cards {e['lead20_cold_us']:.1f} µs "
        f"({e['plays_per_lead20']:.0f} plays on average), follow 17 cards {e['follow17_cold_us']:.2f} µs"
    )
    _progress("DouZero")
    dz = bench_vs_douzero(args.hands, args.seed)
    if dz is None:
        print("DouZero: not installed (make peers)")
    else:
        print(
            f"vs DouZero, lead 20 cards: ddz {dz['lead_str']:.1f} µs (str) / {dz['lead_cards']:.1f} µs (Cards) / "
            f"{dz['lead_cold']:.1f} µs (str, cold), DouZero {dz['lead_dz']:.1f} µs -> ratio "
            f"{dz['lead_ratio_str']:.2f}x (str), {dz['lead_ratio_cards']:.2f}x (pre-parsed), "
            f"{dz['lead_ratio_cold']:.2f}x (str, cold)"
        )
        print(
            f"vs DouZero, follow 17 cards: ddz {dz['follow_str']:.2f} µs (str) / {dz['follow_cards']:.2f} µs "
            f"(Cards + Play) / {dz['follow_cold']:.2f} µs (str, cold), DouZero {dz['follow_dz']:.2f} µs -> ratio "
            f"{dz['follow_ratio_str']:.2f}x (str), {dz['follow_ratio_cards']:.2f}x (pre-parsed), "
            f"{dz['follow_ratio_cold']:.2f}x (str, cold)"
        )
        for i, hand in enumerate(TRIO_RICH):
            print(
                f"vs DouZero, trio-rich lead {hand} ({dz[f'trio{i}_plays']:.0f} plays): ddz "
                f"{dz[f'trio{i}_str']:.0f} µs (str), DouZero {dz[f'trio{i}_dz']:.0f} µs -> "
                f"ratio {dz[f'trio{i}_ratio']:.2f}x"
            )
    _progress("RLCard")
    rl = bench_vs_rlcard(min(args.hands, 500), args.seed)
    if rl is None:
        print("RLCard: not installed (make peers)")
    else:
        print(
            f"vs RLCard (str), lead 20: RLCard {rl['lead_us']:.0f} µs -> ratio {rl['lead_ratio']:.3f}x; "
            f"follow 17: RLCard {rl['follow_us']:.0f} µs -> ratio {rl['follow_ratio']:.3f}x"
        )
    _progress("random full games")
    gps, n, cpu_gps = bench_games(args.game_seconds, args.seed)
    print(
        f"full random games (random legal players, bidding included): {gps:.0f} games/s ({n} games), "
        f"{cpu_gps:.0f} games per CPU-second"
    )
    _progress("solver")
    ms, hand = bench_solver(args.seed)
    print(
        f"min-plays solver, worst of {len(SOLVER_HARD) + 200} 20-card hands, median of 5 cold solves: "
        f"{ms:.1f} ms ({hand})"
    )
    _progress("protocol")
    us, cases = bench_protocol()
    print(
        f"conformance over the JSON-lines protocol (subprocess): {us / 1000:.3f} s per 1000 cases ({cases} cases)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["RANKS", "main", "subprocess"]
