"""The JSON-lines protocol server and the conformance runner, including misbehaving peers."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ddz.conformance.cli import main as conformance_main
from ddz.conformance.corpus import Case
from ddz.conformance.runner import InProcess, Subprocess, run_case
from tests.runner_cases import single_three

FAKE = Path(__file__).parent / "fakes" / "misbehaving_impl.py"


def _server(lines: list[str]) -> list[dict[str, object]]:
    proc = subprocess.run(
        [sys.executable, "-m", "ddz.protocol"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    return [json.loads(x) for x in proc.stdout.splitlines()]


def test_server_answers_every_line_and_never_crashes() -> None:
    out = _server(
        [
            '{"cmd":"start","version":1}',
            '{"cmd":"run","seq":1,"op":"classify","input":{"cards":"444455"}}',
            "not json at all",
            "[1, 2]",
            '{"cmd":"run","seq":2,"op":"nope","input":{}}',
            '{"cmd":"run","seq":3,"op":"classify","input":{"cards": 5}}',
            '{"cmd":"run","seq":4,"op":"legal","input":{"hand":"77778","table":"666"}}',
            '{"cmd":"run","seq":5,"op":"game","input":{"hands":"x"}}',
            '{"cmd":"stop"}',
            '{"cmd":"run","seq":6,"op":"classify","input":{"cards":"3"}}',
        ]
    )
    assert out[0]["implementation"]["name"] == "ddz"  # type: ignore[index]
    assert out[1] == {"seq": 1, "result": {"kind": "four_two_singles", "rank": "4", "chain": 1}}
    assert out[2]["errored"] is True and out[3]["errored"] is True
    assert out[4]["seq"] == 2 and out[4]["errored"] is True
    assert out[5]["seq"] == 3 and out[5]["errored"] is True
    assert out[6] == {"seq": 4, "result": {"plays": ["777", "7777"]}}
    assert out[7]["seq"] == 5 and out[7]["errored"] is True
    assert len(out) == 8, "nothing after stop"


def _case(cards: str) -> Case:
    return single_three(cards)


@pytest.fixture
def broken() -> Iterator[Subprocess]:
    impl = Subprocess(f"{sys.executable} {FAKE}", timeout=1.0)
    impl.start()
    yield impl
    impl.close()


def test_runner_survives_crash_garbage_hang_and_skip(broken: Subprocess) -> None:
    impl = broken
    statuses = [run_case(impl, _case(c)).status for c in ["R", "4", "33", "4", "333", "4", "3333", "4"]]
    assert statuses == ["errored", "passed", "errored", "passed", "errored", "passed", "skipped", "passed"]
    assert impl.restarts >= 3


def test_runner_reports_unsupported_op_as_skipped(broken: Subprocess) -> None:
    legal = Case("t.legal", "legal", {"hand": "3"}, {"plays": ["3"]}, (), "", "t", "", "", "")
    assert run_case(broken, legal).status == "skipped"


def test_in_process_engine_fails_a_wrong_expectation() -> None:
    wrong = Case("t.wrong", "classify", {"cards": "444455"}, {"kind": "bomb"}, (), "", "t", "", "", "")
    assert run_case(InProcess(), wrong).status == "failed"


def test_cli_run_against_subprocess_ddz(capsys: object, tmp_path: Path) -> None:
    code = conformance_main(["run", "--impl", f"{sys.executable} -m ddz.protocol", "--run", "classify.*"])
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert last.endswith("0 failed, 0 skipped, 0 errored") and not last.startswith("0 passed")


def test_cli_expectations_and_strict(capsys: object, tmp_path: Path) -> None:
    exp = tmp_path / "known.json"
    base = ["run", "--impl", f"{sys.executable} {FAKE}", "--run", "classify.kinds.*", "--timeout", "1"]
    assert conformance_main([*base, "--write-expectations", str(exp)]) == 1
    known = json.loads(exp.read_text())
    assert "classify.kinds.pair" in known["broken"] and "classify.kinds.single-low" not in known["broken"]
    assert conformance_main([*base, "--expectations", str(exp)]) == 0
    known["broken"].append("classify.kinds.single-low")  # passes, though listed as failing
    exp.write_text(json.dumps(known))
    assert conformance_main([*base, "--expectations", str(exp)]) == 0
    assert conformance_main([*base, "--expectations", str(exp), "--strict"]) == 1
    assert "NOW PASSING" in capsys.readouterr().out  # type: ignore[attr-defined]


def test_dump_is_json_with_every_case(capsys: object) -> None:
    assert conformance_main(["dump"]) == 0
    data = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert len(data) > 100 and all({"id", "op", "input", "expect", "rules", "anchor"} <= set(d) for d in data)


def _server_bytes(lines: list[bytes]) -> list[dict[str, object]]:
    proc = subprocess.run(
        [sys.executable, "-m", "ddz.protocol"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr.decode(errors="replace")[-2000:]
    return [json.loads(x) for x in proc.stdout.splitlines()]


HOSTILE_LINES: list[tuple[str, bytes]] = [
    ("surrogate-notation", b'{"cmd":"run","seq":1,"op":"notation","input":{"cards":"\\ud800"}}'),
    ("surrogate-deal", b'{"cmd":"run","seq":1,"op":"deal","input":{"code":"\\udfff0000-00000"}}'),
    ("surrogate-legal", b'{"cmd":"run","seq":1,"op":"legal","input":{"hand":"3\\ud800"}}'),
    ("surrogate-op", b'{"cmd":"run","seq":1,"op":"\\ud800","input":{}}'),
    ("surrogate-cmd", b'{"cmd":"\\ud800"}'),
    ("deep-list", b"[" * 2000 + b"]" * 2000),
    ("deep-input", b'{"cmd":"run","seq":1,"op":"classify","input":' + b'{"a":' * 3000 + b"1" + b"}" * 3001),
    ("huge-int", b'{"cmd":"run","seq":' + b"9" * 5000 + b',"op":"classify","input":{"cards":"3"}}'),
    (
        "huge-redeal",
        b'{"cmd":"run","seq":1,"op":"deal","input":{"code":"003N-QK8N1","redeal":1000000000000}}',
    ),
    ("redeal-4", b'{"cmd":"run","seq":1,"op":"deal","input":{"code":"003N-QK8N1","redeal":4}}'),
    ("redeal-negative", b'{"cmd":"run","seq":1,"op":"deal","input":{"code":"003N-QK8N1","redeal":-1}}'),
    ("not-utf8", b'{"cmd":"run","seq":1,"op":"classify","input":{"cards":"3\xff\xfe"}}'),
    ("string-seq", b'{"cmd":"run","seq":"1","op":"classify","input":{"cards":"3"}}'),
    ("bad-limit", b'{"cmd":"run","seq":1,"op":"notation","input":{"cards":"3","limit":"x"}}'),
]


@pytest.mark.parametrize("name,line", HOSTILE_LINES, ids=[n for n, _ in HOSTILE_LINES])
def test_server_survives_hostile_line(name: str, line: bytes) -> None:
    probe = b'{"cmd":"run","seq":7,"op":"classify","input":{"cards":"3"}}'
    out = _server_bytes([line, probe, b'{"cmd":"stop"}'])
    assert len(out) == 2, "one answer per request, and the server is still alive afterwards"
    bad = out[0]
    result = bad.get("result", {})
    assert isinstance(result, dict)
    assert bad.get("errored") is True or "error" in result or result.get("kind") == "invalid"
    assert out[1] == {"seq": 7, "result": {"kind": "single", "rank": "3", "chain": 1}}


def test_server_answers_a_huge_redeal_at_once() -> None:
    import time

    t0 = time.perf_counter()
    out = _server_bytes([HOSTILE_LINES[8][1]])
    assert time.perf_counter() - t0 < 10
    assert out[0]["errored"] is True and "de 0 a 3" in str(out[0]["context"])


class _Canned:
    """An implementation that answers every case with one fixed result."""

    name = "canned"
    variant = InProcess().variant
    ops: tuple[str, ...] = ("classify", "game")

    def __init__(self, result: dict[str, object]) -> None:
        self.result = result

    def run(self, op: str, inp: dict[str, object]) -> dict[str, object]:
        return dict(self.result)

    def close(self) -> None:
        pass


def test_informative_keys_never_fail_a_case_but_are_reported() -> None:
    four_split = Case(
        "t.split",
        "classify",
        {"cards": "44445555"},
        {"kind": "invalid", "reason": "four_split"},
        (),
        "",
        "t",
        "",
        "",
        "",
    )
    other_reason = run_case(_Canned({"kind": "invalid", "reason": "no_pattern"}), four_split)
    assert other_reason.status == "passed" and other_reason.informative == ("reason",)
    no_reason = run_case(_Canned({"kind": "invalid"}), four_split)
    assert no_reason.status == "passed" and no_reason.informative == ()
    wrong_kind = run_case(_Canned({"kind": "four_two_pairs", "rank": "5", "chain": 1}), four_split)
    assert wrong_kind.status == "failed" and wrong_kind.differs == ("kind",)


def test_game_error_code_and_position_are_normative_its_phase_informative() -> None:
    expect = {"error": "does_not_beat", "at": 3, "phase": "plays"}
    case = Case("t.game", "game", {}, expect, (), "", "t", "", "", "")
    assert run_case(_Canned({"error": "does_not_beat", "at": 3, "phase": "x"}), case).informative == (
        "phase",
    )
    assert run_case(_Canned({"error": "does_not_beat", "at": 4}), case).differs == ("at",)
    assert run_case(_Canned({"error": "invalid_play", "at": 3}), case).differs == ("error",)


def test_cli_reports_informative_differences_apart(capsys: object) -> None:
    code = conformance_main(["run", "--run", "classify.one-2.*", "--format", "json"])
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]  # type: ignore[attr-defined]
    rows = [r for r in lines if r["type"] == "case"]
    assert code == 0 and rows and all(r["normative"] == [] and r["informative"] == [] for r in rows)
    assert conformance_main(["run", "--run", "classify.one-2.*", "--format", "markdown"]) == 0
    assert "| informative |" in capsys.readouterr().out  # type: ignore[attr-defined]


def test_a_runner_may_decline_one_request_as_skipped() -> None:
    from ddz.protocol import Unsupported, handle

    def run(op: str, inp: dict[str, object]) -> dict[str, object]:
        raise Unsupported("cannot reach that position")

    impl = {"name": "x", "version": "1", "ops": ["beats"]}
    reply, stop = handle({"cmd": "run", "seq": 4, "op": "beats", "input": {}}, impl, run)
    assert reply == {"seq": 4, "skipped": True, "message": "cannot reach that position"} and not stop


def test_json_format_has_a_header_and_a_footer() -> None:
    """Like Bowtie's report: a header (runner, corpus, handshakes), one line per case, a footer
    (counts); stdout is JSON lines only, the count line goes to stderr."""
    import hashlib
    from collections import Counter

    server = f"{sys.executable} -m ddz.protocol --variant standard+jokers_as_kickers"
    proc = subprocess.run(
        [sys.executable, "-m", "ddz.conformance.cli", "run", "--impl", server, "--run", "classify.*"]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    header, rows, footer = lines[0], lines[1:-1], lines[-1]
    assert [header["type"], footer["type"]] == ["header", "footer"] and {r["type"] for r in rows} == {"case"}
    hello = subprocess.run(
        server.split(), input='{"cmd":"start","version":1}\n', capture_output=True, text=True, timeout=60
    )
    assert header["implementations"] == [json.loads(hello.stdout)["implementation"]]
    assert header["implementations"][0]["variant"] == "standard+jokers_as_kickers"
    assert header["runner"]["name"] == "ddz-conformance" and header["runner"]["protocol"] == 1
    dump = json.loads(
        subprocess.run(
            [sys.executable, "-m", "ddz.conformance.cli", "dump"], capture_output=True, text=True, timeout=60
        ).stdout
    )
    payload = [[c["id"], c["op"], c["input"], c["expect"], c["variants"], c["rules"]] for c in dump]
    digest = hashlib.sha256(
        json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    ).hexdigest()
    assert header["corpus"]["hash"] == f"sha256:{digest}" and header["corpus"]["cases"] == len(dump)
    classify = [c for c in dump if c["id"].startswith("classify.")]
    assert header["corpus"]["selected"] == len(rows) == len(classify)
    counts = Counter(r["status"] for r in rows)
    want = {s: counts.get(s, 0) for s in ("passed", "failed", "skipped", "errored")}
    assert (
        footer["total"] == want
        and footer["implementations"]["ddz"] == footer["implementations"]["ddz"] | want
    )
    assert proc.stderr.strip() == ", ".join(f"{n} {s}" for s, n in want.items())
