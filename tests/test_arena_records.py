"""Deal records of the arena: a long match played in parts (seeds, sessions,
machines) is judged as one, deal by deal; a part cut short resumes without replaying a deal; a record
that cannot be trusted (another engine, uncommitted changes, two outcomes for one deal) is refused."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from benchmarks import records
from benchmarks.arena import main as arena_main
from benchmarks.arena import run


@pytest.fixture
def committed(monkeypatch: pytest.MonkeyPatch) -> str:
    """The engine as a commit (a developer's tree may have changes the CI checkout has not)."""
    monkeypatch.setattr(records, "engine_commit", lambda root=records.ROOT: "abc1234567")
    return "abc1234567"


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _rate(rows: list[dict[str, object]]) -> float:
    """The per-deal rate straight from the file: each deal scores A's wins over its two games."""
    scores = [sum(bool(g[1]) for g in row["games"]) / 2 for row in rows]  # type: ignore[attr-defined]
    return sum(scores) / len(scores)


def test_a_match_recorded_in_parts_is_the_match_played_at_once(tmp_path: Path, committed: str) -> None:
    file = tmp_path / "r.jsonl"
    first = run(
        "greedy", "random", 4, bidding=False, workers=1, backend="local", seed=7, quiet=True, record=file
    )
    assert first.paired is not None and first.paired.deals == 4 and len(_lines(file)) == 4
    whole = run(
        "greedy", "random", 9, bidding=False, workers=2, backend="local", seed=7, quiet=True, record=file
    )
    rows = _lines(file)
    assert len(rows) == 9, "the first four deals are not played again"
    assert sorted(int(r["deal"]) for r in rows) == list(range(9))  # type: ignore[call-overload]
    assert {(r["a"], r["b"], r["seed"], r["commit"]) for r in rows} == {("greedy", "random", 7, committed)}
    at_once = run("greedy", "random", 9, bidding=False, workers=1, backend="local", seed=7, quiet=True)
    assert whole.paired == at_once.paired and whole.win_rate == at_once.win_rate
    assert whole.paired is not None and whole.paired.rate == pytest.approx(_rate(rows))
    again = run(
        "greedy", "random", 9, bidding=False, workers=1, backend="local", seed=7, quiet=True, record=file
    )
    assert len(_lines(file)) == 9 and again.paired == whole.paired


def test_parts_with_their_own_seeds_are_judged_as_one_match(
    tmp_path: Path, committed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run("greedy", "random", 5, bidding=False, workers=1, backend="local", seed=11, quiet=True, record=one)
    run("greedy", "random", 6, bidding=False, workers=1, backend="local", seed=12, quiet=True, record=two)
    run("random", "greedy", 3, bidding=False, workers=1, backend="local", seed=12, quiet=True, record=two)
    matches = records.by_match([one, two, one])  # a file given twice: its deals count once
    assert sorted(len(d) for d in matches.values()) == [3, 11]
    assert records.main([str(one), str(two)]) == 0
    out = capsys.readouterr().out
    rows = [r for r in _lines(one) + _lines(two) if r["a"] == "greedy"]
    assert f"por reparto: {_rate(rows):.3f}" in out
    assert "greedy contra random (commit abc1234567); semillas 11, 12:" in out
    assert "22 partidas (11 repartos × 2)" in out and "6 partidas (3 repartos × 2)" in out


def test_other_settings_or_another_commit_make_another_match(tmp_path: Path, committed: str) -> None:
    file = tmp_path / "r.jsonl"
    run("greedy", "random", 2, bidding=False, workers=1, backend="local", seed=3, quiet=True, record=file)
    run(
        "greedy",
        "random",
        2,
        bidding=False,
        workers=1,
        backend="local",
        seed=3,
        quiet=True,
        record=file,
        settings={"ROLLOUT_SAMPLES": 8},
    )
    assert len(_lines(file)) == 4, "the same deals under other settings are another match's"
    text = file.read_text(encoding="utf-8").replace(committed, "fedcba9876", 1)
    file.write_text(text, encoding="utf-8")
    assert len(records.by_match([file])) == 3


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _row(deal: int, won: bool, commit: str = "abc1234567") -> dict[str, object]:
    return {
        "a": "x",
        "b": "y",
        "seed": 1,
        "bidding": False,
        "settings": {},
        "commit": commit,
        "deal": deal,
        "games": [["landlord", won, 2], ["farmers", False, -1]],
    }


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([_row(0, True), _row(0, False)], "el reparto 0 de la semilla 1 aparece con resultados distintos"),
        ([_row(0, True, commit="abc1234567-dirty")], "cambios sin commit"),
        ([{**_row(0, True), "games": [["landlord", True, 2]]}], "línea 1: un reparto se juega dos veces"),
        ([_row(0, True), {"a": "x"}], "línea 2: no es un registro de reparto"),
    ],
)
def test_a_record_that_cannot_be_trusted_is_refused_in_spanish(
    tmp_path: Path, rows: list[dict[str, object]], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "bad.jsonl", rows)
    with pytest.raises(records.RecordError, match=message):
        records.by_match([path])
    assert records.main([str(path)]) == 2 and message in capsys.readouterr().err


def test_no_deal_or_no_file_is_an_error_not_a_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    assert records.main([str(empty)]) == 2 and "ningún reparto" in capsys.readouterr().err
    assert (
        records.main([str(tmp_path / "missing.jsonl")]) == 2 and "no se puede leer" in capsys.readouterr().err
    )
    assert records.main([]) == 2


def test_recording_needs_a_committed_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "repo"
    (repo / "ddz").mkdir(parents=True)
    (repo / "ddz" / "x.py").write_text("x = 1\n")
    (repo / "notes.txt").write_text("a\n")
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "x"], check=True)
    head = records.engine_commit(repo)
    assert len(head) == 10 and not head.endswith("-dirty")
    (repo / "notes.txt").write_text("b\n")
    assert records.engine_commit(repo) == head, "changes outside the engine do not count"
    subprocess.run([*git, "commit", "-qam", "notes"], check=True)
    assert records.engine_commit(repo) == head, "a commit outside the engine goes on with the match"
    (repo / "ddz" / "x.py").write_text("x = 2\n")
    assert records.engine_commit(repo) == head + "-dirty"
    subprocess.run([*git, "commit", "-qam", "engine"], check=True)
    now = records.engine_commit(repo)
    assert len(now) == 10 and now != head and not now.endswith("-dirty"), "a new engine is a new match"


def test_the_arena_refuses_to_record_an_engine_with_uncommitted_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(records, "engine_commit", lambda root=records.ROOT: "abc1234567-dirty")
    file = tmp_path / "r.jsonl"
    argv = ["--a", "greedy", "--b", "random", "--deals", "2", "--quiet", "--record", str(file)]
    assert arena_main(argv) == 2
    assert "haz commit antes" in capsys.readouterr().err and not file.exists()
