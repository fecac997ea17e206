"""The ddz command: answers in Spanish, clear errors, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def ddz(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ddz.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_classify_spanish() -> None:
    r = ddz("classify", "444455")
    assert r.returncode == 0 and "cuarteto con dos sueltas" in r.stdout


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
