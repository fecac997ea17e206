"""The ddz command: answers in Spanish, clear errors, never a traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def ddz(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ddz.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_classify_spanish() -> None:
    r = ddz("classify", "444455")
    assert r.returncode == 0 and "cuarteto con dos sueltas" in r.stdout
    assert r.stdout.startswith("4444 55:")  # as people write it: the body first, then the kickers
    assert ddz("classify", "2", "5", "6", "2", "2", "2").stdout.startswith("2222 56:")


def test_classify_illegal_names_rule() -> None:
    r = ddz("classify", "44445555")
    assert r.returncode == 1 and "R-ONE-2" in r.stdout and "van juntas" in r.stdout


def test_beats_json() -> None:
    r = ddz("--json", "beats", "KKK3", "QQQR")
    assert r.returncode == 0 and json.loads(r.stdout)["beats"] is True


def test_legal_groups_by_kind() -> None:
    r = ddz("legal", "77778", "--table", "666")
    assert r.returncode == 0 and "trío (1): 777" in r.stdout and "bomba (1): 7777" in r.stdout


@pytest.mark.parametrize(
    "args,fragment",
    [
        (("classify", "33X"), "«X»"),
        (("legal", "3" * 5), "quinta carta"),
        (("legal", "3", "--table", "xx"), "la jugada de la mesa"),
        (("legal", "3", "--table", "34"), "no forman ninguna"),
        (("deal", "ZZZZ"), "código no válido"),
        (("replay", "/nonexistent.json"), "no se puede leer"),
        (("--variant", "nope", "classify", "3"), "variante desconocida"),
        (("frobnicate",), "opción no válida"),
        (("classify",), "faltan estos argumentos"),
    ],
)
def test_bad_input_exits_2_without_traceback(args: tuple[str, ...], fragment: str) -> None:
    r = ddz(*args)
    assert r.returncode == 2
    assert fragment in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_replay_bad_record(tmp_path: object) -> None:
    from pathlib import Path

    p = Path(str(tmp_path)) / "r.json"
    p.write_text('{"format": "ddz-record", "version": 1, "code": "003N-QK8N1", "actions": ["p", "9"]}')
    r = ddz("replay", str(p))
    assert r.returncode == 2 and "acción 1" in r.stderr and "Traceback" not in r.stderr


def _no_traceback(r: subprocess.CompletedProcess[str], fragment: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr[-500:])
    assert fragment in r.stderr, r.stderr[-500:]
    assert "Traceback" not in r.stderr + r.stdout


@pytest.mark.parametrize(
    "record,fragment",
    [
        (
            '{"format": "ddz-record", "version": 1, "variant": 5, "code": "003N-QK8N1", "actions": []}',
            "variante",
        ),
        ('{"format": "ddz-record", "version": true, "code": "003N-QK8N1", "actions": []}', "versión 1"),
        ('{"format": "ddz-record", "version": 1.0, "code": "003N-QK8N1", "actions": []}', "versión 1"),
        ("[" * 30_000 + "]" * 30_000, "niveles"),
        ('{"format": "ddz-record", "version": ' + "9" * 5000 + "}", "no es JSON válido"),
    ],
)
def test_replay_hostile_record_exits_2(tmp_path: Path, record: str, fragment: str) -> None:
    p = tmp_path / "r.json"
    p.write_text(record)
    _no_traceback(ddz("replay", str(p)), fragment)


def test_replay_non_utf8_file_exits_2(tmp_path: Path) -> None:
    p = tmp_path / "r.json"
    p.write_bytes(b"\xff\xfe{}")
    _no_traceback(ddz("replay", str(p)), "UTF-8")


@pytest.mark.parametrize("args", [("beats", "33X", "3"), ("beats", "3", "33X")])
def test_beats_unreadable_cards_exit_2(args: tuple[str, ...]) -> None:
    _no_traceback(ddz(*args), "«X»")


def conformance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ddz.conformance.cli", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "args,fragment",
    [
        (("run", "--variant", "foo"), "unknown variant 'foo'"),
        (("run", "--impl", "/nonexistent"), "cannot run '/nonexistent'"),
        (("run", "--impl", ""), "the command is empty"),
        (("run", "--impl", "python3 'x"), "cannot parse the command"),
        (("run", "--impl", f"{sys.executable} -c pass"), "handshake failed"),
        (("fuzz", "--impl", "/nonexistent"), "cannot run"),
        (("run", "--corpus", "/nonexistent"), "does not exist"),
        (("dump", "--corpus", "/nonexistent"), "does not exist"),
        (("run", "--skip", "*"), "none of the"),
    ],
)
def test_conformance_bad_arguments_exit_2(args: tuple[str, ...], fragment: str) -> None:
    _no_traceback(conformance(*args), fragment)


def test_conformance_bad_expectations_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "known.json"
    bad.write_text("{not json")
    _no_traceback(
        conformance("run", "--run", "classify.kinds.pair", "--expectations", str(bad)), "not valid JSON"
    )
    bad.write_text('["a list"]')
    _no_traceback(
        conformance("run", "--run", "classify.kinds.pair", "--expectations", str(bad)), "JSON object"
    )


@pytest.mark.parametrize("where", ["missing-folder", "directory"])
def test_conformance_unwritable_expectations_exit_2(tmp_path: Path, where: str) -> None:
    target = tmp_path / "nope" / "known.json" if where == "missing-folder" else tmp_path
    r = conformance("run", "--run", "classify.kinds.pair", "--write-expectations", str(target))
    _no_traceback(r, "--write-expectations")


def test_conformance_runs_another_copy_of_the_corpus(tmp_path: Path) -> None:
    from ddz.conformance.corpus import corpus_dir, load_cases

    copy = tmp_path / "corpus"
    (copy / "cases").mkdir(parents=True)
    shutil.copytree(corpus_dir() / "cases" / "bid", copy / "cases" / "bid")
    r = conformance("run", "--corpus", str(copy))
    assert r.returncode == 0, r.stdout + r.stderr
    n = len(load_cases(copy))
    assert 0 < n < len(load_cases())
    assert r.stdout.strip().splitlines()[-1] == f"{n} passed, 0 failed, 0 skipped, 0 errored"
