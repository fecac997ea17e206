"""Typed schemas: each op's input, result and expect (ops.schema.json) as the case files and the
protocol use them, the JSON report of ``run --format json`` (report.schema.json) validated on a
real run, and the handshake's language and homepage shown in the report."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ddz.conformance.check import check
from ddz.conformance.cli import main as conformance_main
from ddz.conformance.corpus import corpus_dir, load_cases
from ddz.conformance.report import load_results, render
from ddz.conformance.schemas import NAMES, load, packaged_validator, schema_dir
from ddz.ops import OPS, run_op
from ddz.protocol import ddz_implementation
from ddz.variants import STANDARD

ROOT = Path(__file__).resolve().parents[1]


def problems(name: str, pointer: str, value: Any) -> list[str]:
    return [e.message for e in packaged_validator(name, pointer).iter_errors(value)]


def test_every_schema_is_packaged_and_valid() -> None:
    import jsonschema

    assert sorted(p.name for p in schema_dir().glob("*.schema.json")) == sorted(
        f"{n}.schema.json" for n in NAMES
    )
    for name in NAMES:
        jsonschema.Draft202012Validator.check_schema(load(name))


@pytest.mark.parametrize("op", OPS)
def test_each_op_types_its_input_result_and_expect(op: str) -> None:
    defs = load("ops")["$defs"]["ops"][op]
    for part in ("input_fields", "input", "result", "expect"):
        assert part in defs, (op, part)
    fields = defs["input_fields"]["properties"]
    assert fields and all("type" in f or "$ref" in f or "oneOf" in f for f in fields.values()), op
    assert defs["expect"]["additionalProperties"] is False
    assert load("protocol")["$defs"]["results"][op] == {"$ref": f"ops.schema.json#/$defs/ops/{op}/result"}


def test_every_case_and_ddz_s_answer_follow_the_op_schemas() -> None:
    cases = load_cases()
    assert len(cases) > 150
    for c in cases:
        assert problems("ops", f"#/$defs/ops/{c.op}/input", c.input) == [], c.id
        assert problems("ops", f"#/$defs/ops/{c.op}/expect", c.expect) == [], c.id
        for flag, expect in c.variants.items():
            assert problems("ops", f"#/$defs/ops/{c.op}/expect", expect) == [], (c.id, flag)
        assert problems("protocol", f"#/$defs/results/{c.op}", run_op(c.op, c.input)) == [], c.id
        request = {"cmd": "run", "seq": 1, "op": c.op, "input": c.input}
        assert problems("protocol", "#/$defs/request", request) == [], c.id


@pytest.mark.parametrize(
    ("op", "value", "where"),
    [
        ("classify", {"cards": 33}, "input"),
        ("beats", {"play": "3"}, "input"),
        ("bid", {"bids": ["1"], "redeals": 9}, "input"),
        ("classify", {"kind": "pairs"}, "expect"),
        ("beats", {"beats": "yes"}, "expect"),
        ("legal", {"plays": ["3"], "extra": 1}, "expect"),
        ("game", {"winner": "nobody"}, "expect"),
        ("classify", {"kind": "pair", "rank": "1", "chain": 1}, "result"),
        ("game", {"landlord": 3, "base": 1, "multiplier": 1, "spring": False, "antispring": False,
                  "winner": "landlord", "scores": [2, -1, -1]}, "result"),
    ],
)  # fmt: skip
def test_mistyped_values_are_refused(op: str, value: dict[str, Any], where: str) -> None:
    assert problems("ops", f"#/$defs/ops/{op}/{where}", value) != []


def corpus_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the corpus whose beats cases have ``old`` written as ``new`` (``old`` must be there)."""
    root = tmp_path / "corpus"
    shutil.copytree(corpus_dir(), root)
    path = root / "cases" / "beats" / "compare.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return root


def test_check_refuses_a_mistyped_case(tmp_path: Path) -> None:
    root = corpus_with(
        tmp_path,
        'input: {play: "KKK3", table: "QQQR"}, expect: {beats: true}',
        'input: {play: "KKK3", table: 7}, expect: {beats: "true"}',
    )
    found = check(root)
    assert any("7 is not of type 'string'" in p for p in found), found
    assert any("'true' is not of type 'boolean'" in p for p in found), found


def test_check_refuses_a_case_whose_joined_input_lacks_a_field(tmp_path: Path) -> None:
    root = corpus_with(tmp_path, 'input: {play: "KKK3", table: "QQQR"}', 'input: {play: "KKK3"}')
    assert any("KKK3-vs-QQQR: input: 'table' is a required property" in p for p in check(root))


# ---- the JSON report --------------------------------------------------------------------------------------
def test_a_real_json_run_follows_the_report_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code = conformance_main(
        [
            "run",
            "--impl",
            f"{sys.executable} -m ddz.protocol",
            "--run",
            "classify.kinds.*",
            "--format",
            "json",
        ]
    )
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["type"] for line in (lines[0], lines[-1])] == ["header", "footer"]
    assert {line["type"] for line in lines[1:-1]} == {"case"} and len(lines) > 10
    for line in lines:
        assert problems("report", f"#/$defs/{line['type']}", line) == [], line
        assert problems("report", "#", line) == []
    assert lines[0]["implementations"][0]["language"] == "python"
    broken = copy.deepcopy(lines)
    broken[0]["corpus"]["hash"] = "md5:0"
    del broken[1]["status"]
    broken[-1]["total"]["passed"] = -1
    assert all(problems("report", "#", line) for line in (broken[0], broken[1], broken[-1]))


# ---- handshake metadata ------------------------------------------------------------------------------------
def test_the_protocol_documents_language_and_homepage() -> None:
    fields = load("protocol")["$defs"]["implementation"]["properties"]
    assert {"name", "version", "ops", "variant", "language", "homepage"} <= set(fields)
    implementation = ddz_implementation(STANDARD)[0]
    hello = {"version": 1, "implementation": implementation}
    assert problems("protocol", "#/$defs/response/oneOf/0", hello) == []
    assert implementation["language"] == "python"
    assert problems(
        "protocol", "#/$defs/implementation", {"name": "x", "version": "1", "ops": [], "language": 3}
    )


def test_a_bundled_peer_names_its_language_and_homepage() -> None:
    pytest.importorskip("rlcard")
    out = subprocess.run(
        [sys.executable, "-m", "conformance.peers.rlcard_impl"],
        input='{"cmd": "start", "version": 1}\n{"cmd": "stop"}\n',
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    ).stdout
    hello = json.loads(out.splitlines()[0])["implementation"]
    assert hello["language"] == "python" and hello["homepage"] == "https://github.com/datamllab/rlcard"


def test_the_report_shows_each_handshake_s_language_and_homepage() -> None:
    results = copy.deepcopy(load_results())
    peer = next(i for i in results["implementations"] if i["name"] == "douzero")
    peer["handshake"] = {
        **peer["handshake"],
        "language": "python",
        "homepage": "https://github.com/kwai/DouZero",
    }
    text = render(results)
    header = next(line for line in text.splitlines() if line.startswith("| implementación"))
    assert "lenguaje" in header
    row = next(line for line in text.splitlines() if line.startswith("| [douzero]"))
    assert row.startswith("| [douzero](https://github.com/kwai/DouZero) | 1.1.0 | python |")
