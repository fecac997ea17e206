"""Deal records of the arena: long matches played in parts, on several machines or sessions, and
judged as one.

    python -m benchmarks.arena --a cpu-hard --b rlcard --seed 40001 --deals 500 --record r.jsonl
    python -m benchmarks.records r.jsonl [more.jsonl ...]     # every match in them, judged as one

With ``--record FILE`` the arena appends one JSON line per deal as soon as it is played: the match
(both agents, the seed, bidding or not, the ``--set`` settings and the engine's git commit) and
the deal's two games. Run again with the same file and arguments, it plays only the deals that
are not yet there (a part cut short is resumed, not repeated). ``python -m benchmarks.records``
reads any number of such files and prints, per match, the figures the arena prints (the paired
per-deal rate with its 95 % interval, both sides, the sign test) over every deal recorded for it,
whatever part or file it came from. A deal recorded twice for one match counts once (the games
are deterministic: the same deal, the same outcome); a deal of an engine with uncommitted changes
is refused, since no one could play it again.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.stats import outcomes, paired, summarize

ROOT = Path(__file__).resolve().parents[1]


ENGINE_PATHS = ("ddz", "benchmarks/*.py", "pyproject.toml")
"""What decides how a deal is played: the engine, the arena and its agents, and the pinned packages
(RLCard). Records, docs and tests are outside: committing them does not start a new match."""


def engine_commit(root: Path = ROOT) -> str:
    """The last git commit at ``root`` that changed :data:`ENGINE_PATHS`, with ``-dirty`` when they
    have uncommitted changes (then a deal played there could not be played again). A match can
    thus go on across commits of records, docs or tests."""
    head = subprocess.run(
        ["git", "log", "-1", "--format=%h", "--abbrev=10", "--", *ENGINE_PATHS],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    ).stdout.strip()
    changed = subprocess.run(
        ["git", "status", "--porcelain", "--", *ENGINE_PATHS],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    ).stdout.strip()
    return head + ("-dirty" if changed else "")


@dataclass(frozen=True)
class Match:
    """What makes two deals' records part of one match (their seeds may differ: a long match is
    played in parts with seeds of their own)."""

    a: str
    b: str
    bidding: bool
    settings: tuple[tuple[str, float], ...]
    commit: str

    def label(self) -> str:
        extra = "".join(f", {k}={v:g}" for k, v in self.settings)
        return f"{self.a} contra {self.b} (commit {self.commit}{extra})"


def match_of(row: dict[str, Any]) -> Match:
    return Match(
        str(row["a"]),
        str(row["b"]),
        bool(row["bidding"]),
        tuple(sorted((str(k), float(v)) for k, v in row.get("settings", {}).items())),
        str(row["commit"]),
    )


Deal = tuple[int, int]
"""A deal: the arena's seed and its index among that seed's deals."""

Games = list[tuple[str, bool, int]]
"""A deal's two games: A's side (``landlord`` or ``farmers``), whether A won, A's points."""


def record_line(match: Match, deal: Deal, games: Sequence[tuple[str, bool, int]]) -> str:
    """One deal's record: its match, the deal and its two games."""
    row = {
        "a": match.a,
        "b": match.b,
        "seed": deal[0],
        "bidding": match.bidding,
        "settings": dict(match.settings),
        "commit": match.commit,
        "deal": deal[1],
        "games": [[role, won, points] for role, won, points in games],
    }
    return json.dumps(row, ensure_ascii=False)


class RecordError(ValueError):
    """A record file that cannot be read as deal records (the message says which line, and why)."""


def read(paths: Iterable[Path]) -> Iterator[tuple[Match, Deal, Games]]:
    """Every deal of the record files: its match, the deal and its games."""
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(f"{path}: no se puede leer ({e.strerror})") from None
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                match = match_of(row)
                games = [(str(r), bool(w), int(p)) for r, w, p in row["games"]]
                deal = (int(row["seed"]), int(row["deal"]))
            except (ValueError, KeyError, TypeError) as e:
                raise RecordError(f"{path}, línea {n}: no es un registro de reparto ({e})") from None
            if len(games) != 2 or {r for r, _, _ in games} != {"landlord", "farmers"}:
                raise RecordError(f"{path}, línea {n}: un reparto se juega dos veces, una por bando")
            yield match, deal, games


def by_match(paths: Iterable[Path]) -> dict[Match, dict[Deal, Games]]:
    """The deals of every match in the files, each once (:class:`RecordError` for a deal recorded
    twice with different games, or an engine with uncommitted changes)."""
    out: dict[Match, dict[Deal, Games]] = {}
    for match, deal, games in read(paths):
        if match.commit.endswith("-dirty"):
            raise RecordError(f"{match.label()}: jugado con cambios sin commit; no se puede repetir")
        seen = out.setdefault(match, {})
        if deal in seen and seen[deal] != games:
            raise RecordError(
                f"{match.label()}: el reparto {deal[1]} de la semilla {deal[0]} aparece con resultados distintos"
            )
        seen[deal] = games
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    try:
        matches = by_match(Path(a) for a in args)
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not matches:
        print("error: ningún reparto en esos ficheros", file=sys.stderr)
        return 2
    for match, deals in sorted(matches.items(), key=lambda kv: kv[0].label()):
        pairs = [outcomes(deals[d]) for d in sorted(deals)]
        s = summarize(match.a, match.b, [o for pair in pairs for o in pair])
        s.paired = paired(pairs)
        s.latency = {}  # not recorded: measured on a quiet machine, not in long parallel runs
        seeds = sorted({seed for seed, _ in deals})
        shown = ", ".join(map(str, seeds[:8])) + (f" y {len(seeds) - 8} más" if len(seeds) > 8 else "")
        print(f"{match.label()}{', con subasta' if match.bidding else ''}; semillas {shown}:")
        print("\n".join(s.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
