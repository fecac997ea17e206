"""The arena's statistics: a game's outcome, a match's summary with 95 % intervals, and the paired
judgement of duplicate deals. :mod:`benchmarks.arena` plays the games, :mod:`benchmarks.records` reads
them back; both count them here."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from ddz.ai.cpu import sign_test


@dataclass
class GameOutcome:
    a_role: str
    """``landlord`` or ``farmers``: the side agent A played."""
    a_won: bool
    a_points: int
    """Points of A's side (the landlord's score, or one farmer's)."""
    latencies: dict[str, list[float]] = field(default_factory=dict)


def outcomes(games: Iterable[tuple[str, bool, int]]) -> list[GameOutcome]:
    """A recorded deal's games (A's side, whether A won, A's points; see :mod:`benchmarks.records`)."""
    return [GameOutcome(role, won, points) for role, won, points in games]


@dataclass
class Summary:
    a: str
    b: str
    games: int
    win_rate: float
    win_ci: float
    by_role: dict[str, tuple[float, float, int]]
    points: float
    points_ci: float
    latency: dict[str, tuple[float, float, float]]
    paired: Paired | None = None

    def lines(self) -> list[str]:
        out = [f"{self.a} contra {self.b}: {self.games} partidas ({self.games // 2} repartos × 2)"]
        out.append(f"  victorias de {self.a}: {self.win_rate:.3f} ± {self.win_ci:.3f} (IC 95%)")
        if self.paired is not None:
            d = self.paired
            out.append(
                f"    por reparto: {d.rate:.3f} ± {d.ci:.3f} (IC 95% emparejado); {self.a} gana con los dos"
                f" bandos {d.both} repartos y pierde con los dos {d.neither} de {d.deals}"
                f" (prueba de signos, unilateral: p = {d.p_value:.3g})"
            )
        for role, (p, ci, n) in self.by_role.items():
            word = "terrateniente" if role == "landlord" else "campesinos"
            out.append(f"    como {word}: {p:.3f} ± {ci:.3f} ({n} partidas)")
        out.append(f"  puntos medios de {self.a}: {self.points:+.3f} ± {self.points_ci:.3f}")
        for name, (p50, p95, mx) in self.latency.items():
            out.append(
                f"  latencia de {name}: p50 {p50 * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, máx {mx * 1000:.1f} ms"
            )
        return out


def _ci(p: float, n: int) -> float:
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / max(n, 1))


@dataclass(frozen=True)
class Paired:
    """A duplicate match judged deal by deal: each deal scores A's wins over its two games (0, ½ or
    1). Most deals are split (each side wins as landlord, or each as farmers), so this interval is
    far narrower than the one over games; ``both`` and ``neither`` are the deals that tell the two
    agents apart, and ``p_value`` is the one-sided sign test that A is no better."""

    deals: int
    rate: float
    ci: float
    both: int
    neither: int
    p_value: float


def paired(deals: list[list[GameOutcome]]) -> Paired:
    """:class:`Paired` for the games of each deal (A as landlord, then as the farmers)."""
    n = len(deals)
    scores = [sum(o.a_won for o in pair) / len(pair) for pair in deals]
    mean = sum(scores) / max(n, 1)
    var = sum((x - mean) ** 2 for x in scores) / max(n - 1, 1)
    both = sum(x == 1 for x in scores)
    neither = sum(x == 0 for x in scores)
    return Paired(n, mean, 1.96 * math.sqrt(var / max(n, 1)), both, neither, sign_test(both, neither))


def summarize(a: str, b: str, outcomes: list[GameOutcome]) -> Summary:
    n = len(outcomes)
    wins = sum(o.a_won for o in outcomes)
    by_role = {}
    for role in ("landlord", "farmers"):
        sub = [o for o in outcomes if o.a_role == role]
        p = sum(o.a_won for o in sub) / max(len(sub), 1)
        by_role[role] = (p, _ci(p, len(sub)), len(sub))
    pts = [o.a_points for o in outcomes]
    mean = sum(pts) / max(n, 1)
    var = sum((x - mean) ** 2 for x in pts) / max(n - 1, 1)
    latency = {}
    for name in (a, b):
        xs = sorted(x for o in outcomes for x in o.latencies.get(name, []))
        if xs:
            latency[name] = (xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.95))], xs[-1])
    p = wins / max(n, 1)
    return Summary(a, b, n, p, _ci(p, n), by_role, mean, 1.96 * math.sqrt(var / max(n, 1)), latency)
