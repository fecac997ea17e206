"""A second language speaks the protocol: the Node adapter passes the suite with its expectations."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from ddz.conformance.corpus import load_cases

ADAPTER = Path(__file__).resolve().parents[1] / "conformance" / "adapters" / "node"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None and not os.environ.get("CI"), reason="needs node (CI installs it: .ci/run)"
)


def _conformance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ddz.conformance.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_node_adapter_passes_the_suite_with_its_expectations() -> None:
    assert NODE, "node is missing on a CI machine: .ci/run must install nodejs"
    proc = _conformance(
        "run",
        "--impl",
        f"{NODE} {ADAPTER / 'ddz_min.js'}",
        "--expectations",
        str(ADAPTER / "expectations.json"),
        "--strict",
        "--format",
        "json",
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    lines = [json.loads(line) for line in proc.stdout.strip().splitlines()]
    rows = [r for r in lines if r["type"] == "case"]
    assert lines[0]["implementations"][0]["name"] == "ddz-min-js"  # its handshake, in the header
    assert {r["implementation"] for r in rows} == {"ddz-min-js"}
    status = Counter((r["case"].split(".")[0], r["status"]) for r in rows)
    ops = Counter(c.op for c in load_cases())
    for op in ("classify", "beats"):
        assert status[(op, "passed")] == ops[op], f"every {op} case answered by JavaScript and right"
    assert sum(n for (op, s), n in status.items() if s == "skipped") == sum(
        n for op, n in ops.items() if op not in ("classify", "beats")
    )
    # its reason codes are ddz's too: the device bar (tutorial/bar.js) says the same rejection
    assert not [r["case"] for r in rows if r["informative"]], "an informative difference"


def test_node_adapter_agrees_with_ddz_under_fuzzing() -> None:
    assert NODE, "node is missing on a CI machine: .ci/run must install nodejs"
    proc = _conformance("fuzz", "--impl", f"{NODE} {ADAPTER / 'ddz_min.js'}", "--examples", "300")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert "0 disagreements found with ddz-min-js" in proc.stderr


def test_the_card_widget_runs_the_very_core_the_suite_checks() -> None:
    """The widget inlines ``ddz_core.js`` byte for byte, and the adapter the suite runs requires that
    same file: the corpus guards the rules on the device. Needs the app's
    Streamlit: the light venvs of ``make test-pythons`` skip it."""
    pytest.importorskip("streamlit")
    from tutorial import widget

    core = ADAPTER / "ddz_core.js"
    assert widget.CORE_FILE.resolve() == core.resolve()
    assert core.read_text(encoding="utf-8") in widget.JS
    assert widget.BAR_FILE.read_text(encoding="utf-8") in widget.JS
    adapter = (ADAPTER / "ddz_min.js").read_text(encoding="utf-8")
    assert 'require("./ddz_core.js")' in adapter and "function classify" not in adapter
