"""The minimal Python adapter (conformance/adapters/python/adaptador_minimo.py) speaks the protocol:
the runner passes every case of the ops it declares, skips the others, and a request it cannot
read gets an ``errored`` line without ending the process."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from ddz.conformance.corpus import load_cases
from ddz.conformance.runner import schema_problem

ADAPTER = Path(__file__).resolve().parents[1] / "conformance" / "adapters" / "python" / "adaptador_minimo.py"
DECLARED = ("classify", "beats", "legal")


def test_the_minimal_adapter_passes_what_it_declares_and_skips_the_rest() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ddz.conformance.cli", "run", "--impl", f"{sys.executable} {ADAPTER}"]
        + ["--strict", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    (hello,) = lines[0]["implementations"]
    assert hello["name"] == "adaptador-minimo" and sorted(hello["ops"]) == sorted(DECLARED)
    rows = [r for r in lines if r["type"] == "case"]
    status = Counter((r["case"].split(".")[0], r["status"]) for r in rows)
    ops = Counter(c.op for c in load_cases())
    for op, n in ops.items():
        want = "passed" if op in DECLARED else "skipped"
        assert status[(op, want)] == n, f"{op}: {n} cases, all {want}"
    assert sum(status.values()) == sum(ops.values())


def test_bad_requests_get_an_errored_line_and_the_loop_goes_on() -> None:
    requests = [
        "not json",
        "[1, 2]",
        '{"cmd": "run", "seq": 1, "op": "classify"}',  # no input
        '{"cmd": "run", "seq": 2, "op": "deal", "input": {"code": "003N-QK8N1"}}',  # not declared
        '{"cmd": "run", "seq": 3, "op": "classify", "input": {"cards": "444455"}}',
        '{"cmd": "stop"}',
        '{"cmd": "run", "seq": 4, "op": "classify", "input": {"cards": "3"}}',  # after stop: unread
    ]
    proc = subprocess.run(
        [sys.executable, str(ADAPTER)],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    replies = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [schema_problem(r, "#/$defs/response") for r in replies] == [None] * 5
    assert [r.get("errored", False) for r in replies] == [True, True, True, False, False]
    assert replies[2]["seq"] == 1 and replies[3] == {"seq": 2, "skipped": True, "message": "no op 'deal'"}
    assert replies[4] == {"seq": 3, "result": {"kind": "four_two_singles", "rank": "4", "chain": 1}}
