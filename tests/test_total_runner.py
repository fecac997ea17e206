"""A total runner (Bowtie's model): an implementation that cannot start is
reported and the others still run (exit status 2); the JSON report says so in its header, an
error line and its footer, and follows report.schema.json; ``summary`` reads a saved report back;
``smoke`` starts one adapter and sends it one request."""

from __future__ import annotations

import copy
import fnmatch
import json
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ddz.conformance.corpus import load_cases

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "ddz" / "conformance" / "data" / "schemas"
PY = shlex.quote(sys.executable)
GOOD = f"{PY} -m ddz.protocol"
MINIMAL = f"{PY} {shlex.quote(str(ROOT / 'conformance' / 'adapters' / 'python' / 'adaptador_minimo.py'))}"
FAKES = Path(__file__).parent / "fakes"
STATUSES = ("passed", "failed", "skipped", "errored")
GLOB = "classify.kinds.*"

GARBAGE = "import sys\nprint('hello there, no JSON here', flush=True)\nsys.stdin.readline()\n"
CRASH = "import sys\nsys.stderr.write('boom: the model file is missing\\n')\nsys.exit(3)\n"
OFF_PROTOCOL = (  # valid JSON, but a start reply without the implementation's version and ops
    "import json, sys\nsys.stdin.readline()\n"
    "print(json.dumps({'version': 1, 'implementation': {'name': 'half'}}), flush=True)\nsys.stdin.readline()\n"
)


def conformance(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ddz.conformance.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    return f"{PY} {shlex.quote(str(path))}"


def selected(glob: str = GLOB) -> int:
    """How many corpus cases the glob selects, counted here from the corpus."""
    return sum(fnmatch.fnmatchcase(c.id, glob) for c in load_cases())


def report_validator() -> Any:
    """A validator of report.schema.json built here from the schema files (their references to
    the protocol schema resolved), not the runner's own."""
    import jsonschema
    from referencing import Registry, Resource

    schemas = [json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.schema.json")]
    registry: Registry[Any] = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas
    )
    (report,) = [s for s in schemas if s["$id"].endswith("/report.schema.json")]
    return jsonschema.Draft202012Validator(report, registry=registry)


def no_traceback(r: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in r.stdout + r.stderr, r.stderr[-800:]


def broken(tmp_path: Path, kind: str) -> tuple[str, str]:
    """A command that cannot start, and a word its failure must be reported with (from the fake
    itself, or the name of the missing program)."""
    if kind == "false":
        false = shutil.which("false")
        assert false is not None
        return false, "false"
    if kind == "missing":
        return str(tmp_path / "no-such-adapter"), "no-such-adapter"
    if kind == "garbage":
        return script(tmp_path, "garbage", GARBAGE), "hello there"
    if kind == "crash":
        return script(tmp_path, "crash", CRASH), "the model file is missing"
    return script(tmp_path, "half", OFF_PROTOCOL), "version"


KINDS = ["false", "missing", "garbage", "crash", "off-protocol"]


# ---- run: one implementation cannot start, the other runs -------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("broken_first", [True, False])
def test_a_broken_implementation_is_reported_and_the_good_one_still_runs(
    tmp_path: Path, kind: str, broken_first: bool
) -> None:
    bad, why = broken(tmp_path, kind)
    impls = [bad, GOOD] if broken_first else [GOOD, bad]
    r = conformance("run", "--impl", impls[0], "--impl", impls[1], "--run", GLOB)
    no_traceback(r)
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-500:])
    n = selected()
    assert n > 5
    out = r.stdout.splitlines()
    ran = [line for line in out if line.startswith("== ddz ")]
    assert len(ran) == 1 and f" {n} passed, 0 failed, 0 skipped, 0 errored" in ran[0], out[:5]
    assert out[-1] == f"{n} passed, 0 failed, 0 skipped, 0 errored"
    reported = [line for line in out if line.startswith("==") and "ddz (" not in line]
    assert len(reported) == 1 and "could not start" in reported[0], out[:5]
    assert why in r.stdout, r.stdout[:800]  # the reason (or the adapter's stderr) is shown
    assert "could not start" in r.stderr and why in r.stderr, r.stderr


def test_a_run_whose_only_implementation_cannot_start_still_reports(tmp_path: Path) -> None:
    bad, why = broken(tmp_path, "garbage")
    r = conformance("run", "--impl", bad, "--run", GLOB)
    no_traceback(r)
    assert r.returncode == 2 and why in r.stdout + r.stderr
    assert r.stdout.splitlines()[-1] == "0 passed, 0 failed, 0 skipped, 0 errored"


def test_every_implementation_that_starts_runs(tmp_path: Path) -> None:
    """Two good ones around a broken one: both run their cases."""
    bad, _ = broken(tmp_path, "crash")
    r = conformance("run", "--impl", GOOD, "--impl", bad, "--impl", MINIMAL, "--run", GLOB)
    no_traceback(r)
    n = selected()
    assert r.returncode == 2
    assert r.stdout.splitlines()[-1] == f"{2 * n} passed, 0 failed, 0 skipped, 0 errored"


def test_a_failed_case_without_a_failed_start_still_exits_1(tmp_path: Path) -> None:
    """The status 2 is the failed start's: a run whose cases fail, all started, exits 1."""
    zoo = f"{PY} {shlex.quote(str(FAKES / 'zoo.py'))} ok"
    r = conformance("run", "--impl", zoo, "--run", GLOB)
    no_traceback(r)
    assert r.returncode == 1, r.stdout[-300:]


def test_markdown_lists_the_implementation_that_could_not_start(tmp_path: Path) -> None:
    bad, _ = broken(tmp_path, "garbage")
    r = conformance("run", "--impl", bad, "--impl", GOOD, "--run", GLOB, "--format", "markdown")
    rows = [line for line in r.stdout.splitlines() if line.startswith("| ")]
    assert r.returncode == 2 and len(rows) == 3, r.stdout  # the heading, the broken one, ddz
    assert any("hello there" in row for row in rows)
    assert any(row.startswith("| ddz | standard | ") and f"| {selected()} | 0 |" in row for row in rows)


# ---- run --format json ------------------------------------------------------------------------------------
def json_run(tmp_path: Path, kind: str = "garbage") -> tuple[subprocess.CompletedProcess[str], str, str]:
    bad, why = broken(tmp_path, kind)
    r = conformance("run", "--impl", GOOD, "--impl", bad, "--run", GLOB, "--format", "json")
    return r, bad, why


def test_json_with_a_failed_start_has_its_entry_its_error_line_and_the_others_cases(tmp_path: Path) -> None:
    r, bad, why = json_run(tmp_path)
    no_traceback(r)
    assert r.returncode == 2
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    header, footer = lines[0], lines[-1]
    assert [header["type"], footer["type"]] == ["header", "footer"]
    good, failed = header["implementations"]
    assert good["name"] == "ddz" and good["ops"]  # the handshake, as before
    assert failed["command"] == bad and failed["failed_to_start"] is True and why in failed["error"]
    errors = [line for line in lines if line["type"] == "error"]
    assert len(errors) == 1 and lines[1] == errors[0]  # right after the header, before the cases
    (error,) = errors
    assert error["implementation"] == failed["name"] and error["command"] == bad and error["phase"] == "start"
    cases = lines[2:-1]
    assert {c["type"] for c in cases} == {"case"} and {c["implementation"] for c in cases} == {"ddz"}
    assert len(cases) == selected() and all(c["status"] == "passed" for c in cases)
    assert footer["failed_to_start"] == [failed["name"]]
    assert list(footer["implementations"]) == ["ddz"] and footer["total"]["passed"] == len(cases)
    assert r.stderr.strip().splitlines()[-1] == f"{len(cases)} passed, 0 failed, 0 skipped, 0 errored"


@pytest.mark.parametrize("kind", ["garbage", "crash", "missing"])
def test_json_with_a_failed_start_follows_the_report_schema(tmp_path: Path, kind: str) -> None:
    r, _, _ = json_run(tmp_path, kind)
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    validator = report_validator()
    assert {line["type"] for line in lines} == {"header", "error", "case", "footer"}
    for line in lines:
        assert [e.message for e in validator.iter_errors(line)] == [], line
    if kind == "crash":
        (error,) = [line for line in lines if line["type"] == "error"]
        assert any("the model file is missing" in x for x in error["stderr"])


def test_the_report_schema_stays_strict_about_failed_starts(tmp_path: Path) -> None:
    r, _, _ = json_run(tmp_path)
    header, error, *_, footer = [json.loads(line) for line in r.stdout.splitlines()]
    validator = report_validator()

    def invalid(line: dict[str, Any]) -> bool:
        return bool(list(validator.iter_errors(line)))

    entry = header["implementations"][1]
    for broken_line in (
        {**error, "extra": 1},
        {k: v for k, v in error.items() if k != "message"},
        {**error, "phase": "run"},
        {k: v for k, v in footer.items() if k != "failed_to_start"},
        {**footer, "failed_to_start": [3]},
    ):
        assert invalid(broken_line), broken_line
    for bad_entry in (
        {**entry, "failed_to_start": False},
        {**entry, "surprise": True},
        {k: v for k, v in entry.items() if k != "error"},
    ):
        changed = copy.deepcopy(header)
        changed["implementations"][1] = bad_entry
        assert invalid(changed), bad_entry


# ---- summary ------------------------------------------------------------------------------------------------
def saved_report(tmp_path: Path) -> tuple[Path, list[dict[str, Any]], str]:
    """A report of ddz, the minimal adapter (some cases skipped), the zoo's «single 3 to everything»
    (passed and failed) and a broken adapter; its lines, and the broken adapter's command."""
    bad, _ = broken(tmp_path, "garbage")
    zoo = f"{PY} {shlex.quote(str(FAKES / 'zoo.py'))} ok"
    args = ["run", "--run", "classify.kinds.*", "--run", "notation.*", "--format", "json"]
    for impl in (GOOD, MINIMAL, zoo, bad):
        args += ["--impl", impl]
    r = conformance(*args)
    assert r.returncode == 2, r.stderr[-500:]
    path = tmp_path / "report.json"
    path.write_text(r.stdout, encoding="utf-8")
    return path, [json.loads(line) for line in r.stdout.splitlines()], bad


def table(stdout: str) -> dict[str, list[str]]:
    """The summary's rows, by their first cell (names without spaces)."""
    return {line.split()[0]: line.split()[1:] for line in stdout.splitlines()[1:] if line.strip()}


def test_summary_prints_the_counts_of_each_implementation(tmp_path: Path) -> None:
    path, lines, bad = saved_report(tmp_path)
    counts: dict[str, Counter[str]] = {}
    for line in lines:
        if line["type"] == "case":
            counts.setdefault(line["implementation"], Counter())[line["status"]] += 1
    assert set(counts) == {"ddz", "adaptador-minimo", "zoo"}
    assert counts["adaptador-minimo"]["skipped"] > 0 and counts["zoo"]["failed"] > 0  # a real mix
    r = conformance("summary", str(path))
    no_traceback(r)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    rows = table(r.stdout)
    for name, c in counts.items():
        assert [int(x) for x in rows[name][:4]] == [c[s] for s in STATUSES], (name, rows[name])
    total = sum(counts.values(), Counter())
    assert [int(x) for x in rows["total"][:4]] == [total[s] for s in STATUSES]
    (failed,) = [line for line in r.stdout.splitlines() if "could not start" in line]
    assert "hello there" in failed and failed.startswith(bad[:20])  # its command, and why


def test_summary_of_a_report_with_two_implementations_of_one_name(tmp_path: Path) -> None:
    """ddz twice (two variants): both are named «ddz», and the summary adds their cases up."""
    r = conformance(
        "run", "--impl", GOOD, "--impl", f"{GOOD} --variant standard+trio_as_kickers", "--run", GLOB,
        "--format", "json",
    )  # fmt: skip
    path = tmp_path / "report.json"
    path.write_text(r.stdout, encoding="utf-8")
    s = conformance("summary", str(path))
    assert s.returncode == 0, s.stderr
    assert int(table(s.stdout)["ddz"][0]) == 2 * selected()


def test_summary_refuses_what_is_not_a_whole_report(tmp_path: Path) -> None:
    path, lines, _ = saved_report(tmp_path)
    text = path.read_text(encoding="utf-8")
    tampered = copy.deepcopy(lines)
    tampered[-1]["implementations"]["ddz"]["passed"] += 1
    bad_files = {
        "missing": None,
        "empty": "",
        "not-json": "hello\n",
        "not-a-report": json.dumps({"type": "case"}) + "\n",
        "cut-short": "\n".join(text.splitlines()[:-1]) + "\n",
        "cut-mid-line": text[: len(text) // 2],
        "no-header": "\n".join(text.splitlines()[1:]) + "\n",
        "two-reports": text + text,
        "counts-disagree": "".join(json.dumps(line) + "\n" for line in tampered),
    }
    for name, content in bad_files.items():
        target = tmp_path / f"{name}.json"
        if content is not None:
            target.write_text(content, encoding="utf-8")
        r = conformance("summary", str(target))
        no_traceback(r)
        assert r.returncode == 2 and r.stdout == "", (name, r.stdout[:300])
        assert r.stderr.startswith("error: ") and str(target) in r.stderr, (name, r.stderr)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    for target in (binary, tmp_path):  # not UTF-8; a folder
        r = conformance("summary", str(target))
        no_traceback(r)
        assert r.returncode == 2 and r.stderr.startswith("error: "), r.stderr


# ---- smoke -----------------------------------------------------------------------------------------------------
def handshake(command: str) -> dict[str, Any]:
    """The implementation's handshake, asked for here over the protocol."""
    out = subprocess.run(
        shlex.split(command),
        input='{"cmd":"start","version":1}\n{"cmd":"stop"}\n',
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    ).stdout
    implementation: dict[str, Any] = json.loads(out.splitlines()[0])["implementation"]
    return implementation


@pytest.mark.parametrize("command", [GOOD, MINIMAL])
def test_smoke_shows_the_handshake_and_one_answer(command: str) -> None:
    r = conformance("smoke", "--impl", command)
    no_traceback(r)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    hello = handshake(command)
    fields = {
        line.split()[0]: line.split(None, 1)[1] for line in r.stdout.splitlines() if line.startswith("  ")
    }
    assert fields["name"] == hello["name"] and fields["version"] == hello["version"]
    assert fields["ops"].split(", ") == hello["ops"]
    assert fields["variant"].startswith(hello.get("variant", "standard"))
    answered = [line for line in r.stdout.splitlines() if line.startswith("request ")]
    assert len(answered) == 1
    (case,) = [c for c in load_cases() if f"(case {c.id})" in answered[0]]
    assert case.op in hello["ops"] and json.dumps(case.input) in answered[0]
    found = re.search(r" s, (\{.*\}), ", answered[0])
    assert found is not None, answered
    result = json.loads(found.group(1))
    assert {k: result.get(k) for k in case.expect} == case.expect  # the corpus's answer came back


def test_smoke_of_adapters_that_cannot_start(tmp_path: Path) -> None:
    for kind in KINDS:
        bad, why = broken(tmp_path, kind)
        r = conformance("smoke", "--impl", bad)
        no_traceback(r)
        assert r.returncode == 2, (kind, r.stdout, r.stderr)
        assert r.stderr.startswith("error: ") and why in r.stderr, (kind, r.stderr)


@pytest.mark.parametrize(("mode", "limit"), [("exit_each_run", 30.0), ("mute", 15.0)])
def test_smoke_of_an_adapter_that_starts_but_does_not_answer(mode: str, limit: float) -> None:
    """It shakes hands, then exits on the request, or never answers it: status 1, and quickly."""
    import time

    t0 = time.perf_counter()
    r = conformance(
        "smoke", "--impl", f"{PY} {shlex.quote(str(FAKES / 'hostile.py'))} {mode}", "--timeout", "1"
    )
    took = time.perf_counter() - t0
    no_traceback(r)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "hostile" in r.stdout and r.stderr.startswith("error: "), r.stderr
    assert took < limit, took


def test_smoke_counts_an_errored_answer_as_alive() -> None:
    """An ``errored`` line is an answer within the protocol: the adapter is alive."""
    r = conformance("smoke", "--impl", f"{PY} {shlex.quote(str(FAKES / 'hostile.py'))} escapes")
    no_traceback(r)
    assert r.returncode == 0 and "\x1b" not in r.stdout, r.stdout
