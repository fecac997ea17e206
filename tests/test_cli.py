"""The ddz command: answers in Spanish, clear errors, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ddz.cli import main


def ddz(*args: str) -> subprocess.CompletedProcess[str]:
    """The command run in this process (``ddz.cli.main``, what the console script calls), its output
    captured: an exception it let out fails the test. The real process is run by ``ddz_process``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse: --help, --version, a usage error
            code = e.code if isinstance(e.code, int) else 0 if e.code is None else 1
    return subprocess.CompletedProcess(["ddz", *args], code, out.getvalue(), err.getvalue())


def ddz_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ddz.cli", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "status", "out", "err"),
    [
        (("classify", "444455"), 0, "cuarteto con dos sueltas", ""),
        (("beats", "33X", "3"), 2, "", "«X»"),
        (("classify", "--nope"), 2, "", "uso: ddz classify"),
        (("--version",), 0, "ddz ", ""),
    ],
)
def test_the_command_as_a_process(args: tuple[str, ...], status: int, out: str, err: str) -> None:
    """The same answers from a real process (``python -m ddz.cli``), and never a traceback."""
    r = ddz_process(*args)
    assert r.returncode == status and out in r.stdout and err in r.stderr, (r.returncode, r.stderr[-300:])
    assert "Traceback" not in r.stdout + r.stderr
    q = ddz(*args)
    assert (r.returncode, r.stdout, r.stderr) == (q.returncode, q.stdout, q.stderr)


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


def test_endgame_json_two_and_three_hands() -> None:
    r = ddz("--json", "endgame", "44446", "7", "--table", "3333")
    assert r.returncode == 0
    got = json.loads(r.stdout)
    assert (got["winner"], got["move"], got["line"]) == ("first", "4444", ["4444", "p", "6"])
    r = ddz("endgame", "AAA222", "3", "--table", "KKKQQQ", "--json")  # AAA222 is no airplane
    assert json.loads(r.stdout)["winner"] == "second" and json.loads(r.stdout)["move"] is None
    args = ("--landlord", "55", "--farmer1", "4", "--farmer2", "34K", "--turn", "farmer2")
    r = ddz("--json", "endgame", *args, "--table", "Q", "--table-seat", "farmer1")
    got = json.loads(r.stdout)
    assert got["winner"] == "farmers" and got["move"] == "p"  # let the partner's Q stand
    assert got["refutations"] == {"K": ["K", "p", "p", "3", "5", "p", "p", "5"]}
    r = ddz("endgame", "--help")
    assert r.returncode == 0 and "--landlord" in r.stdout and "Tres manos" in r.stdout


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
        (("endgame", "3X", "4"), "la mano «3X» no se puede leer"),
        (("endgame", "3"), "necesita dos manos"),
        (("endgame", "3333", "3"), "la baraja solo tiene 4"),
        (("endgame", "3", "4", "--table", "34"), "no forman ninguna"),
        (("endgame", "--landlord", "3", "--farmer1", "4", "--farmer2", "5", "--table", "6"), "falta quién"),
        (
            ("endgame", "--landlord", "3", "--farmer1", "4", "--farmer2", "5", "--turn", "x"),
            "opción no válida",
        ),
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


ROOT = Path(__file__).resolve().parents[1]


def _source_version() -> str:
    """The one version, read from the source file (not imported from the code under test)."""
    import re

    text = (ROOT / "ddz" / "__init__.py").read_text(encoding="utf-8")
    found: list[str] = re.findall(r'^__version__ = "([^"]+)"$', text, flags=re.M)
    (version,) = found
    return version


def test_one_version_source_printed_by_both_commands() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ddz.__version__"}
    version = _source_version()
    r = ddz("--version")
    assert r.returncode == 0 and r.stdout == f"ddz {version}\n"
    assert "muestra la versión de ddz y termina" in ddz("--help").stdout
    c = subprocess.run(
        [sys.executable, "-m", "ddz.conformance.cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert c.returncode == 0 and c.stdout == f"ddz-conformance {version} (protocol 1)\n"


@pytest.mark.parametrize(
    "args",
    [
        ("--json", "classify", "333444555777", "--variant", "standard+trio_as_kickers"),
        ("classify", "--json", "333444555777", "--variant", "standard+trio_as_kickers"),
        ("classify", "333444555777", "--json", "--variant", "standard+trio_as_kickers"),
        ("--variant", "standard+trio_as_kickers", "classify", "333444555777", "--json"),
        ("--variant", "standard+trio_as_kickers", "--json", "classify", "333444555777"),
    ],
)
def test_json_and_variant_are_accepted_anywhere(args: tuple[str, ...]) -> None:
    r = ddz(*args)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["kind"] == "airplane_singles"  # the variant's answer, as JSON


def test_an_option_left_out_after_the_subcommand_keeps_the_one_before() -> None:
    r = ddz("--json", "--variant", "standard+trio_as_kickers", "classify", "333444555777")
    assert json.loads(r.stdout)["kind"] == "airplane_singles"
    plain = ddz("classify", "333444555777")
    assert plain.returncode == 1 and not plain.stdout.startswith("{")  # standard rejects it, in Spanish


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["-m", "ddz.cli", "legal", "33445566778899TTJ"], 141),
        (["-m", "ddz.cli", "--help"], 0),  # argparse itself ignores a failed write of the help
        (["-m", "ddz.conformance.cli", "dump"], 141),
        (["-m", "ddz.conformance.cli", "run", "--run", "classify.*"], 141),
    ],
)
def test_a_reader_that_stops_early_gets_no_traceback(argv: list[str], status: int) -> None:
    """``ddz … | head -1``: the reader has gone before the command writes (the pipe is closed
    at once), so every write fails; the command ends quietly with 141, like a Unix tool."""
    proc = subprocess.Popen(
        [sys.executable, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == status
    assert err == "", err


def test_report_writes_into_the_current_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed, the package folder is inside site-packages: the report never goes there unasked."""
    import ddz.conformance
    from ddz.conformance.cli import build_parser

    monkeypatch.chdir(tmp_path)
    out = Path(build_parser().parse_args(["report"]).out).resolve()
    assert out == tmp_path / "REPORT.md"
    assert Path(ddz.conformance.__file__).parent not in out.parents


# ---- --json errors: a JSON object on stdout, never a traceback nor plain text ----------------------------
def _json_error(r: subprocess.CompletedProcess[str]) -> dict[str, str]:
    """The ``error`` object of a ``--json`` failure: exit status 2, one JSON object on stdout with
    a non-empty ``code`` and ``message``, and nothing on stderr."""
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr == "" and "Traceback" not in r.stdout, r.stderr
    got = json.loads(r.stdout)
    assert isinstance(got, dict) and set(got) == {"error"}, got
    error: dict[str, str] = got["error"]
    assert isinstance(error["code"], str) and error["code"] and isinstance(error["message"], str)
    assert error["message"].strip(), error
    return error


JSON_ERRORS = [
    (("classify", "33X"), "rejection."),
    (("beats", "3", "33X"), "rejection."),
    (("legal", "3" * 5), "notation."),
    (("legal", "3", "--table", "34"), "rejection."),
    (("deal", "ZZZZ"), "deal_code."),
    (("deal", "003N-QK8N1", "--redeal", "7"), "cli.usage"),
    (("--variant", "nope", "classify", "3"), "variant."),
    (("frobnicate",), "cli.usage"),
    (("classify",), "cli.usage"),
    (("classify", "3", "--bogus"), "cli.usage"),
    (("replay", "/nonexistent.json"), "cli."),
    (("endgame", "3"), "cli."),
    (("endgame", "3333", "3"), "endgame."),
    (("endgame", "--landlord", "3", "--farmer1", "4", "--farmer2", "5", "--turn", "x"), "cli.usage"),
]


@pytest.mark.parametrize(("args", "code"), JSON_ERRORS)
def test_json_errors_are_json_on_stdout(args: tuple[str, ...], code: str) -> None:
    error = _json_error(ddz("--json", *args))
    assert error["code"].startswith(code), error
    plain = ddz(*args)  # the same sentence as without --json, where it goes to stderr
    assert plain.returncode == 2 and error["message"] in plain.stderr, (error, plain.stderr)
    assert not plain.stdout.startswith("{")


@pytest.mark.parametrize("where", ["first", "last", "abbreviated"])
def test_json_errors_wherever_json_is_given(where: str) -> None:
    args = {
        "first": ("--json", "deal", "ZZZZ"),
        "last": ("deal", "ZZZZ", "--json"),
        "abbreviated": ("--js", "deal", "--redeal", "9", "003N-QK8N1"),  # argparse accepts --js
    }[where]
    _json_error(ddz(*args))


def test_json_errors_of_the_real_process() -> None:
    for args in (("--json", "frobnicate"), ("--json", "classify", "33X"), ("deal", "--json", "ZZZZ")):
        r = ddz_process(*args)
        assert "Traceback" not in r.stdout + r.stderr
        _json_error(r)


def test_json_errors_of_bad_files(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\xff\xfe{}")
    record = tmp_path / "bad.json"
    record.write_text('{"format": "ddz-record", "version": 1, "code": "003N-QK8N1", "actions": ["p", "9"]}')
    for path, code, named in ((junk, "cli.", True), (record, "record.", False), (tmp_path, "cli.", True)):
        error = _json_error(ddz("--json", "replay", str(path)))
        assert error["code"].startswith(code), error
        assert str(path) in error["message"] or not named, error  # a file that cannot be read is named


def test_json_replay_of_an_unfinished_hand_is_json(tmp_path: Path) -> None:
    record = tmp_path / "open.json"
    record.write_text('{"format": "ddz-record", "version": 1, "code": "003N-QK8N1", "actions": ["p"]}')
    r = ddz("--json", "replay", str(record))
    assert r.returncode == 0 and json.loads(r.stdout)["finished"] is False, r.stdout


def test_json_turns_even_a_bug_into_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception the command does not expect: JSON with --json, the traceback without it."""
    import ddz.cli as module

    def broken(args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(module, "cmd_classify", broken)
    error = _json_error(ddz("--json", "classify", "3"))
    assert error["code"] == "cli.internal" and "a bug" in error["message"]
    with pytest.raises(RuntimeError):
        main(["classify", "3"])
