"""Hostile input: flaky implementations cannot stall the runner; nothing
from outside (an implementation, a corpus, a record, an argument) reaches a terminal raw; the corpus
loader, the inputs and the closed pipes end in a clear error, never a hang or a traceback; glued
card ids and CR are read. Each test failed on main (209631d)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ddz.cards import Cards, NotationError, parse
from ddz.conformance.runner import GIVE_UP_RULE, WINDOW, Subprocess, run_all
from tests.runner_cases import single_three
from tests.test_runner_hardening import _cli, _controls, _corpus_copy

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = Path(__file__).parent / "fakes" / "hostile.py"
PY = shlex.quote(sys.executable)
EVIL = "\x1b[2J\x9b31m\u202e\r"
"""Clears the screen, recolours (8-bit CSI), reverses the line, returns to its start."""


def _fake(mode: str, *extra: str, **kw: float) -> Subprocess:
    return Subprocess(" ".join([PY, str(HOSTILE), mode, *extra]), **kw)  # type: ignore[arg-type]


# ---- 2. the give-up rule: failures, timeouts and restarts over a window, a restart budget ------


def _asked_before_giving_up(impl: Subprocess, n: int = 40) -> int:
    impl.start()
    try:
        outcomes, _ = run_all(impl, [single_three(cid=f"t.{i}") for i in range(n)])
    finally:
        impl.close()
    assert impl.given_up, "never given up"
    return sum(o.message != impl.given_up for o in outcomes)


def test_an_implementation_answering_one_case_in_three_is_given_up() -> None:
    # On main: 3 *consecutive* timeouts were needed, and it never gave them: all 40 cases waited.
    asked = _asked_before_giving_up(_fake("one_in_three", timeout=0.3))
    assert asked <= WINDOW


def test_an_implementation_exiting_on_every_case_is_given_up() -> None:
    impl = _fake("exit_each_run", timeout=2.0)
    asked = _asked_before_giving_up(impl)
    assert asked <= WINDOW and impl.restarts < WINDOW  # on main: 40 cases, 40 restarts


def test_a_slow_start_then_crash_is_bounded_by_the_restart_budget() -> None:
    impl = _fake("slow_start_crash", "0.5", timeout=2.0, restart_budget=1.2)
    t0 = time.perf_counter()
    asked = _asked_before_giving_up(impl)
    assert "spent restarting" in (impl.given_up or "")
    assert impl.restarts <= 2 and asked <= 3, (impl.restarts, asked)
    assert time.perf_counter() - t0 < 20


def test_the_restart_count_is_budgeted() -> None:
    impl = _fake("exit_each_run", timeout=2.0, max_restarts=2)
    _asked_before_giving_up(impl)
    assert impl.restarts == 2 and "2 restarts" in (impl.given_up or "")


def test_the_summary_states_the_give_up_rule() -> None:
    impl = f"{PY} {HOSTILE} exit_each_run"
    proc, _ = _cli("run", "--impl", impl, "--run", "classify.*", timeout=60)
    assert GIVE_UP_RULE in proc.stdout and "restarts in" in proc.stdout
    proc, _ = _cli("run", "--impl", impl, "--run", "classify.*", "--format", "json", timeout=60)
    footer = json.loads(proc.stdout.splitlines()[-1])
    assert footer["give_up_rule"] == GIVE_UP_RULE
    (entry,) = footer["implementations"].values()
    assert entry["given_up"].startswith("given up after") and 0 < entry["restarts"] < WINDOW


# ---- 3. one printable for everything from outside, on every channel -----------------------------


def _hostile_corpus(tmp_path: Path) -> Path:
    """A corpus whose one case has ids, rules and an expectation full of terminal controls (the
    case fails against ddz, so every channel shows it)."""
    corpus = _corpus_copy(tmp_path)
    for f in (corpus / "cases").glob("*/*.yaml"):
        f.unlink()
    evil = json.dumps(EVIL)
    (corpus / "cases" / "classify" / "evil.yaml").write_text(
        "op: classify\ngroups:\n"
        f"  - id: {json.dumps('g' + EVIL)}\n    title: t\n    source: '000 ¶8'\n    tests:\n"
        f"      - {{id: {json.dumps('c' + EVIL)}, rules: [{json.dumps('R-' + EVIL)}], "
        f'input: {{cards: {json.dumps("3" + EVIL)}}}, expect: {{kind: {evil}, rank: "3", chain: 1}}}}\n',
        encoding="utf-8",
    )
    return corpus


@pytest.mark.parametrize(
    "args",
    [
        ["run"],
        ["run", "--format", "json"],
        ["run", "--format", "markdown"],
        ["check"],
        ["dump"],
    ],
    ids=["pretty", "json", "markdown", "check", "dump"],
)
def test_a_third_party_corpus_never_reaches_the_terminal_raw(tmp_path: Path, args: list[str]) -> None:
    proc, _ = _cli(*args, "--corpus", str(_hostile_corpus(tmp_path)))
    assert "Traceback" not in proc.stderr, proc.stderr
    assert _controls(proc.stdout) == [] and _controls(proc.stderr) == []
    if args[-1] != "markdown":
        assert "\\u202e" in proc.stdout + proc.stderr  # shown, escaped


def _ddz(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "ddz.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_a_record_cannot_forge_the_replay_verdict(tmp_path: Path) -> None:
    forged = "\r\x1b[2KEl registro es válido. Gana el terrateniente: +48.\n"
    record = {"format": "ddz-record", "version": 1, "code": "003N-QK8N1", "actions": ["3", "x" + forged]}
    f = tmp_path / "r.json"
    f.write_text(json.dumps(record), encoding="utf-8")
    r = _ddz("replay", str(f))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert _controls(r.stdout + r.stderr) == [] and r.stderr.count("\n") == 1, r.stderr
    assert "\\x0d\\x1b[2K" in r.stderr  # shown, escaped
    r = _ddz("replay", str(f), "--json")  # the error is JSON on stdout, its controls \u-escaped
    assert r.returncode == 2 and r.stderr == "" and r.stdout.count("\n") == 1, r.stderr
    assert _controls(r.stdout) == [] and "\\u001b[2K" in r.stdout
    assert "\r\x1b[2K" in json.loads(r.stdout)["error"]["message"]  # the same text, read back


@pytest.mark.parametrize(
    "args",
    [
        ["classify", "3" + EVIL],
        ["beats", "44" + EVIL, "33"],
        ["legal", "345", "--table", "3" + EVIL],
        ["--json", "classify", "3" + EVIL],
        ["deal", EVIL],
        ["--variant", EVIL, "classify", "3"],
    ],
)
def test_the_cli_never_echoes_its_arguments_raw(args: list[str]) -> None:
    r = _ddz(*args)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert _controls(r.stdout) == [] and _controls(r.stderr) == [], r.stderr


def test_the_protocol_server_escapes_what_a_request_echoes() -> None:
    from ddz.protocol import ddz_implementation, respond
    from ddz.variants import STANDARD

    line = json.dumps({"cmd": "run", "seq": 1, "op": "deal", "input": {"code": "\u202e\x9b"}})
    text, _ = respond(line, *ddz_implementation(STANDARD))
    assert _controls(text) == [] and "\\u202e" in text  # the code is echoed, escaped
    assert "\u202e\x9b" in json.loads(text)["result"]["message"]  # and reads back as it was


# ---- 4. the corpus loader: no aliases, no recursion, regular files only -------------------------

LAUGHS = "\n".join(
    ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 12)]
)


def _case_file(corpus: Path, text: str) -> Path:
    f = corpus / "cases" / "classify" / "kinds.yaml"
    f.write_text(text, encoding="utf-8")
    return f


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("op: classify\nx:\n  " + LAUGHS.replace("\n", "\n  ") + "\ngroups: []\n", "aliases"),
        ("op: classify\ngroups: &g [*g]\n", "aliases"),
        ("op: classify\ngroups: " + "[" * 5000 + "]" * 5000 + "\n", "nested deeper"),
    ],
    ids=["billion-laughs", "circular", "deep"],
)
@pytest.mark.parametrize("command", ["run", "dump", "check"])
def test_a_hostile_case_file_is_a_clear_error_naming_it(
    tmp_path: Path, text: str, says: str, command: str
) -> None:
    corpus = _corpus_copy(tmp_path)
    f = _case_file(corpus, text)
    proc, took = _cli(command, "--corpus", str(corpus), timeout=60)
    assert proc.returncode == 2, proc.stdout[-500:] + proc.stderr[-2000:]
    assert says in proc.stderr and str(f) in proc.stderr and "Traceback" not in proc.stderr
    assert took < 30


@pytest.mark.parametrize("command", ["run", "dump"])
def test_a_fifo_named_like_a_case_file_is_refused_not_waited_on(tmp_path: Path, command: str) -> None:
    corpus = _corpus_copy(tmp_path)
    os.mkfifo(corpus / "cases" / "classify" / "zz.yaml")
    proc, _ = _cli(command, "--corpus", str(corpus), timeout=60)
    assert proc.returncode == 2 and "not a regular file" in proc.stderr and "Traceback" not in proc.stderr


# ---- 5. bounded inputs, quiet closed pipes ------------------------------------------------------


@pytest.mark.parametrize("value", ["1e12", "601", "1e308"])
@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_timeouts_are_capped(command: str, value: str) -> None:
    args = [command, "--timeout", value] + (["--impl", f"{PY} -m ddz.protocol"] if command == "fuzz" else [])
    proc, _ = _cli(*args)
    assert proc.returncode == 2 and "at most 600" in proc.stderr and "Traceback" not in proc.stderr


def test_expectations_are_a_bounded_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * ((4 << 20) + 1))
    for path, says in (
        ("/dev/zero", "not a regular file"),
        (str(fifo), "not a regular file"),
        (str(big), "larger"),
    ):
        proc, _ = _cli("run", "--run", "notation.*", "--expectations", path, timeout=60)
        assert proc.returncode == 2 and says in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def _reader_gone(cmd: list[str], requests: bytes) -> subprocess.CompletedProcess[bytes]:
    """Run ``cmd`` with its stdout read by nobody: the pipe is closed before it writes."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r, w = os.pipe()
    os.close(r)
    try:
        proc = subprocess.run(cmd, input=requests, stdout=w, stderr=subprocess.PIPE, env=env, timeout=60)
    finally:
        os.close(w)
    return proc


@pytest.mark.parametrize(
    "server",
    [["-m", "ddz.protocol"], [str(ROOT / "conformance" / "adapters" / "python" / "adaptador_minimo.py")]],
    ids=["protocol", "minimal-adapter"],
)
def test_a_protocol_server_ends_quietly_when_its_reader_goes_away(server: list[str]) -> None:
    line = json.dumps({"cmd": "run", "seq": 1, "op": "classify", "input": {"cards": "3"}}).encode() + b"\n"
    proc = _reader_gone([sys.executable, *server], line * 2000)
    assert b"Traceback" not in proc.stderr and b"BrokenPipe" not in proc.stderr, proc.stderr[-500:]


@pytest.mark.parametrize(
    "cmd",
    [
        ["-m", "ddz.cli", "legal", "3456789TJQKA2BR"],
        ["-m", "ddz.conformance.cli", "dump"],
        ["-m", "ddz.conformance.cli", "--version"],
    ],
)
def test_no_entry_point_prints_a_traceback_on_a_closed_pipe(cmd: list[str]) -> None:
    proc = _reader_gone([sys.executable, *cmd], b"")
    assert b"Traceback" not in proc.stderr, proc.stderr[-500:]


# ---- 6. notation: glued card ids, CR ------------------------------------------------------------


def test_glued_card_ids_read_as_ids_when_they_can_only_be_ids() -> None:
    assert parse("BJRJ") == Cards("BR") == parse("rjbj")
    assert parse("3H4S5D") == Cards("345")
    assert parse("3333 BJRJ") == Cards("3333BR")
    assert parse("3333BJ") == Cards("3333JB")  # with plain ranks in the group: still B + J


def test_an_id_glued_to_plain_ranks_gets_a_hint_naming_the_id() -> None:
    with pytest.raises(NotationError) as e:
        parse("3334H")
    assert e.value.code == "glued_id" and "«4H»" in e.value.message and "espacios" in e.value.message


def test_cr_is_whitespace_and_never_echoed_raw() -> None:
    assert parse("33\r\n44\r") == Cards("3344")
    r = _ddz("classify", "3\r4\x07")
    assert r.returncode == 2 and _controls(r.stderr) == [] and "\\x07" in r.stderr
    r = _ddz("--json", "classify", "33\r\n")
    assert r.returncode == 0 and json.loads(r.stdout)["kind"] == "pair"


def test_the_protocol_reads_crlf_requests() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    req = json.dumps({"cmd": "run", "seq": 1, "op": "classify", "input": {"cards": "BJRJ"}})
    out = subprocess.run(
        [sys.executable, "-m", "ddz.protocol"],
        input=req + "\r\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    ).stdout
    assert json.loads(out)["result"]["kind"] == "rocket"
