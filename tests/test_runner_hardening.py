"""The runner against implementations that hang, leave children behind or write
terminal escapes, and the CLI inputs that used to end in a traceback. Each test failed on
main (f105911)."""

from __future__ import annotations

import contextlib
import os
import shlex
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = Path(__file__).parent / "fakes" / "hostile.py"
PY = shlex.quote(sys.executable)


def _cli(*args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``ddz-conformance ARGS`` in its own process group; on ``timeout`` the whole group is
    killed (an implementation the CLI left behind cannot keep this test waiting) and the test fails."""
    import signal

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("CI", None)
    cmd = [sys.executable, "-m", "ddz.conformance.cli", *args]
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail(f"ddz-conformance {' '.join(args)} did not finish in {timeout} s")
    finally:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever it left behind
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), time.perf_counter() - t0


def _controls(text: str) -> list[str]:
    """Control and format characters other than the newline."""
    return [c for c in text if c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")]


def test_a_mute_implementation_is_given_up_quickly() -> None:
    proc, took = _cli("run", "--impl", f"{PY} {HOSTILE} mute", "--timeout", "1", timeout=60)
    print(f"run against a hanging implementation, --timeout 1: {took:.1f} s")
    assert took < 15, took
    assert proc.returncode == 1
    gave_up = [line for line in proc.stderr.splitlines() if "given up after 3 consecutive" in line]
    assert len(gave_up) == 1, proc.stderr
    assert "more cases, not run" in proc.stdout
    assert proc.stdout.count("ERRORED") <= 4  # three timeouts and one summary line, not one per case


def test_a_child_left_holding_stdout_does_not_block_the_runner() -> None:
    impl = f"sh -c 'sleep 300 & exec {PY} -m ddz.protocol'"
    proc, took = _cli("run", "--impl", impl, "--run", "notation.*", timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert took < 20


@pytest.mark.parametrize("value", ["-1", "0", "inf", "nan", "-inf", "soon"])
@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_timeout_must_be_finite_and_positive(command: str, value: str) -> None:
    args = [command, "--timeout", value] + (["--impl", f"{PY} -m ddz.protocol"] if command == "fuzz" else [])
    proc, _ = _cli(*args)
    assert proc.returncode == 2
    assert "timeout" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "args",
    [["fuzz", "--impl", f"{PY} -m ddz.protocol", "--examples", "0"], ["report", "--fuzz-examples", "-3"]],
)
def test_example_counts_are_checked(args: list[str]) -> None:
    proc, _ = _cli(*args)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_fuzz_against_a_mute_implementation_stops_with_a_clear_error() -> None:
    proc, took = _cli(
        "fuzz", "--impl", f"{PY} {HOSTILE} mute", "--timeout", "1", "--examples", "5", timeout=90
    )
    assert proc.returncode == 2, proc.stderr
    assert "given up" in proc.stderr and "Traceback" not in proc.stderr
    assert took < 30


@pytest.mark.parametrize("fmt", ["pretty", "json", "markdown"])
def test_nothing_an_implementation_writes_reaches_the_terminal_raw(fmt: str) -> None:
    proc, _ = _cli("run", "--impl", f"{PY} {HOSTILE} escapes", "--run", "classify.*", "--format", fmt)
    assert proc.returncode == 1
    assert "PWNED" in proc.stdout  # the text is shown, escaped
    assert _controls(proc.stdout) == [], set(_controls(proc.stdout))
    assert _controls(proc.stderr) == [], set(_controls(proc.stderr))


def test_printable_escapes_every_control() -> None:
    from ddz.outside import printable, printable_json

    text = "a\x1b[2Jb\x9bc\u202ed\x00\ne\x7f"
    shown = printable(text)
    assert _controls(shown) == [] and "\n" not in shown
    assert "\\x1b" in shown and "\\x9b" in shown and "\\u202e" in shown
    assert printable("España — ñandú 10♠") == "España — ñandú 10♠"
    import json

    assert json.loads(printable_json({"k": text})) == {"k": text}


def test_no_progress_bar_when_not_a_terminal() -> None:
    proc, _ = _cli("run", "--impl", f"{PY} -m ddz.protocol", "--run", "notation.*")
    assert proc.returncode == 0 and "\r" not in proc.stderr


def _corpus_copy(tmp_path: Path) -> Path:
    import shutil

    from ddz.conformance.corpus import packaged_dir

    dst = tmp_path / "corpus"
    shutil.copytree(packaged_dir(), dst)
    return dst


def test_a_corpus_with_a_yaml_syntax_error_is_a_clear_error(tmp_path: Path) -> None:
    corpus = _corpus_copy(tmp_path)
    bad = corpus / "cases" / "classify" / "kinds.yaml"
    bad.write_text(bad.read_text(encoding="utf-8") + "\n  - {id: [unclosed\n", encoding="utf-8")
    for command in ("run", "check"):
        proc, _ = _cli(command, "--corpus", str(corpus))
        assert proc.returncode == 2, proc.stderr
        assert "not valid YAML" in proc.stderr and "Traceback" not in proc.stderr


def test_check_on_a_corpus_without_schemas_or_rules(tmp_path: Path) -> None:
    import shutil

    corpus = _corpus_copy(tmp_path)
    shutil.rmtree(corpus / "schemas")
    proc, _ = _cli("check", "--corpus", str(corpus))
    assert "Traceback" not in proc.stderr and proc.returncode in (0, 1), proc.stderr
    (corpus / "rules.md").unlink()
    proc, _ = _cli("check", "--corpus", str(corpus))
    assert proc.returncode == 2 and "rule index" in proc.stderr and "Traceback" not in proc.stderr


def test_report_into_a_missing_folder(tmp_path: Path) -> None:
    proc, _ = _cli("report", "--out", str(tmp_path / "nowhere" / "REPORT.md"))
    assert proc.returncode == 2 and "does not exist" in proc.stderr and "Traceback" not in proc.stderr
