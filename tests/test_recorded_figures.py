"""The strength table of the docs is what the committed deal records say.

Every row of «Mediciones registradas» in ``docs/aprender/app.md`` is recomputed here straight from
``benchmarks/results/*.jsonl`` with plain arithmetic (not the arena's own helpers): the deals, the
per-deal rate with its paired 95 % interval, the deals won and lost with both sides, and the rate
on each side. A figure typed by hand, or left behind by more records, fails; so does a table with no
records behind it."""

from __future__ import annotations

import json
import math
import re
import subprocess
from collections import defaultdict
from pathlib import Path

from benchmarks import records

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "aprender" / "app.md"
SECTION = "### Mediciones registradas"

NAMES = {
    "cpu-hard": "Difícil",
    "cpu": "Normal",
    "cpu-easy": "Fácil",
    "rlcard": "RLCard (reglas)",
    "cpu-hard@623b198": "la Difícil de 623b198",
}


def _records() -> dict[tuple[str, str, str], dict[tuple[int, int], list[list[object]]]]:
    """Each match's deals (a, b, engine commit -> (seed, deal) -> games), read line by line."""
    out: dict[tuple[str, str, str], dict[tuple[int, int], list[list[object]]]] = defaultdict(dict)
    for path in sorted(RESULTS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            assert not row["bidding"] and not row["settings"], (
                f"{path.name}: only plain matches go in the table"
            )
            out[(row["a"], row["b"], row["commit"])][(row["seed"], row["deal"])] = row["games"]
    return out


def _num(x: float) -> str:
    return f"{x:.3f}".replace(".", ",")


def _deals(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _row(a: str, b: str, deals: dict[tuple[int, int], list[list[object]]]) -> str:
    scores = []
    side: dict[str, list[int]] = {"landlord": [], "farmers": []}
    for games in deals.values():
        assert len(games) == 2
        scores.append(sum(1 for g in games if g[1]) / 2)
        for role, won, _points in games:
            side[str(role)].append(1 if won else 0)
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1))
    cells = [
        f"{NAMES[a]} contra {NAMES[b]}",
        _deals(n),
        f"{_num(mean)} ± {_num(1.96 * sd / math.sqrt(n))}",
        _deals(scores.count(1.0)),
        _deals(scores.count(0.0)),
    ]
    for role in ("landlord", "farmers"):
        wins = side[role]
        p = sum(wins) / len(wins)
        cells.append(f"{_num(p)} ± {_num(1.96 * math.sqrt(p * (1 - p) / len(wins)))}")
    return "| " + " | ".join(cells) + " |"


def _table() -> tuple[str, list[str]]:
    """The section's engine commit and its table rows."""
    text = PAGE.read_text(encoding="utf-8")
    assert SECTION in text, f"{PAGE.name} has no section {SECTION!r}"
    section = text.split(SECTION, 1)[1].split("\n#", 1)[0]
    commit = re.search(r"motor `([0-9a-f]{10})`", section)
    assert commit, "the section names the engine commit its records were played with"
    rows = [line for line in section.splitlines() if line.startswith("| ") and "contra" in line]
    return commit.group(1), rows


def test_every_row_of_the_table_is_what_the_records_say() -> None:
    commit, rows = _table()
    matches = {(a, b): deals for (a, b, c), deals in _records().items() if c == commit}
    assert len(rows) >= 4 and len(matches) == len(rows), (rows, sorted(matches))
    expected = sorted(_row(a, b, deals) for (a, b), deals in matches.items())
    assert sorted(rows) == expected


def test_the_records_were_played_by_a_commit_of_this_history() -> None:
    commit, _ = _table()
    found = subprocess.run(["git", "cat-file", "-t", commit], capture_output=True, text=True, cwd=ROOT)
    assert found.stdout.strip() == "commit", f"{commit} is not a commit of this repository"
    last_engine_change = subprocess.run(
        ["git", "log", "-1", "--format=%h", "--abbrev=10", commit, "--", *records.ENGINE_PATHS],
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout.strip()
    assert last_engine_change == commit, f"{commit} did not change the engine ({records.ENGINE_PATHS})"
