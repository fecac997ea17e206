"""``ddz-conformance``: check the corpus, run it against implementations, fuzz, report.

ddz-conformance check [--corpus PATH] [--repo CHECKOUT]
ddz-conformance run [--impl "CMD"]... [--corpus PATH] [--variant V] [--run GLOB] [--skip GLOB]
                    [--expectations FILE] [--write-expectations FILE] [--strict]
                    [--format pretty|json|markdown]
ddz-conformance summary FILE
ddz-conformance smoke --impl "CMD" [--timeout S]
ddz-conformance dump [--corpus PATH]
ddz-conformance fuzz --impl "CMD" [--examples N]
ddz-conformance report [--out REPORT.md]
ddz-conformance --version

The corpus is the one shipped inside the package unless ``--corpus PATH`` (a folder holding
``cases/<op>/*.yaml`` and ``rules.md``) names another copy. A run that finds no case is an
error (exit status 2), never «0 passed».

``run`` starts every implementation first. One that cannot start (its command does not run, it
exits, its start reply is off the protocol or late) is reported, and the others still run; the
exit status is then 2 (else 1 when a case failed unexpectedly, 0 when none did).

``run --format json`` prints JSON lines: a header (the runner's version, the corpus's version,
hash and case counts, each implementation's handshake, or for one that could not start a
``failed_to_start`` entry), an ``error`` line per implementation that could not start, one line
per case and outcome, and a footer (the counts per implementation and in total, the names that
could not start); the count line goes to stderr then, so stdout is JSON only. Every line follows
``report.schema.json``. Bowtie's report is the model.

``summary FILE`` reads such a report back (validated line by line) and prints a table of the
counts per implementation. ``smoke --impl CMD`` starts one implementation, prints what its
handshake declares and sends it one request (the corpus's shortest case of an op it declares):
exit status 0 when it answers within the protocol, 1 when it started but did not, 2 when it
could not start.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..outside import NotAFile, TooLarge, printable, printable_json, quiet_on_closed_pipe, read_capped
from ..variants import FLAG_DOCS, STANDARD, Variant
from .corpus import Case, CorpusError, mismatches, require_cases
from .report import CACHE_DIR
from .runner import (
    GIVE_UP_RULE,
    MAX_TIMEOUT,
    Implementation,
    ImplError,
    InProcess,
    Outcome,
    Skip,
    Subprocess,
    run_all,
    show_progress,
)

STATUSES = ("passed", "failed", "skipped", "errored")


def select(cases: list[Case], run: list[str], skip: list[str]) -> list[Case]:
    out = [c for c in cases if not run or any(fnmatch.fnmatchcase(c.id, g) for g in run)]
    return [c for c in out if not any(fnmatch.fnmatchcase(c.id, g) for g in skip)]


def tally(outcomes: list[Outcome]) -> Counter[str]:
    return Counter(o.status for o in outcomes)


def count_line(counts: Counter[str]) -> str:
    return ", ".join(f"{counts.get(s, 0)} {s}" for s in STATUSES)


class UsageError(Exception):
    """Bad command-line input: printed as ``error: …`` with exit status 2, never a traceback."""


MAX_EXPECTATIONS = 4 << 20
"""An ``--expectations`` file larger than this (bytes) is refused unread."""


def _load_expectations(path: str | None) -> dict[str, set[str]]:
    if not path or not os.path.lexists(path):  # the first run: no known failures yet
        return {}
    try:
        data = json.loads(read_capped(path, MAX_EXPECTATIONS).decode("utf-8"))
    except TooLarge:
        raise UsageError(f"--expectations {path!r} is larger than {MAX_EXPECTATIONS} bytes") from None
    except NotAFile:
        raise UsageError(f"--expectations {path!r} is not a regular file") from None
    except OSError as e:
        raise UsageError(f"cannot read --expectations {path!r}: {e.strerror or e}") from None
    except (ValueError, RecursionError) as e:
        raise UsageError(f"--expectations {path!r} is not valid JSON: {str(e)[:120]}") from None
    if not isinstance(data, dict) or not all(
        isinstance(ids, list) and all(isinstance(i, str) for i in ids) for ids in data.values()
    ):
        raise UsageError(f"--expectations {path!r} must be a JSON object {{implementation: [case ids]}}")
    return {name: set(ids) for name, ids in data.items()}


def _check_writable(path: str | None) -> None:
    """Fail before the run, not after it, when ``--write-expectations`` cannot be written."""
    if not path:
        return
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise UsageError(f"--write-expectations {path!r} is a directory")
    if not folder.is_dir():
        raise UsageError(f"--write-expectations {path!r}: the folder {str(folder)!r} does not exist")
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise UsageError(f"--write-expectations {path!r} is not writable")


def _corpus(args: argparse.Namespace) -> Path | None:
    return Path(args.corpus) if getattr(args, "corpus", None) else None


def _parse_variant(spec: str) -> Variant:
    try:
        return Variant.parse(spec)
    except ValueError:
        known = ", ".join(FLAG_DOCS)
        raise UsageError(
            f"unknown variant {spec!r}; use standard or standard+FLAG with FLAG in: {known}"
        ) from None


@dataclass(frozen=True)
class StartFailure:
    """An implementation that could not start: reported (in every format), while the others run."""

    command: str
    error: str
    stderr: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """What the report calls it: its command (it gave no name), escaped and clipped."""
        return printable(self.command)[:200]

    def entry(self) -> dict[str, Any]:
        """Its entry in the JSON header, in place of a handshake (``failed_start`` in the schema)."""
        return {"name": self.name, "command": self.command, "failed_to_start": True, "error": self.error}


Started = tuple[Implementation, dict[str, Any]]
"""An implementation that is running, with the ``implementation`` object of its handshake."""


def _start_all(commands: list[str], timeout: float) -> list[Started | StartFailure]:
    """Start every command, in order; one that fails is a :class:`StartFailure` in its place."""
    started: list[Started | StartFailure] = []
    for cmd in commands:
        sp = Subprocess(cmd, timeout=timeout)
        try:
            hello = sp.start()
        except ImplError as e:  # Subprocess.start leaves no child running
            started.append(StartFailure(cmd, str(e), e.stderr))
            continue
        started.append((sp, dict(hello["implementation"])))
    return started


def cmd_run(args: argparse.Namespace) -> int:
    variant = _parse_variant(args.variant)
    known = _load_expectations(args.expectations)
    _check_writable(args.write_expectations)
    all_cases = require_cases(_corpus(args))
    cases = select(all_cases, args.run or [], args.skip or [])
    if not cases:
        raise UsageError(f"--run/--skip leave none of the {len(all_cases)} cases to run")
    started: list[Started | StartFailure] = []
    if not args.impl:
        from ..protocol import ddz_implementation

        started.append((InProcess(variant), ddz_implementation(variant)[0]))
    started += _start_all(args.impl or [], args.timeout)
    impls = [s[0] for s in started if not isinstance(s, StartFailure)]
    failures = [s for s in started if isinstance(s, StartFailure)]
    args.failures = failures
    args.handshakes = [s.entry() if isinstance(s, StartFailure) else s[1] for s in started]  # the JSON header
    args.corpus_cases = (all_cases, cases)
    total: Counter[str] = Counter()
    bad = 0
    written: dict[str, list[str]] = {}
    reports = []
    progress = show_progress() and args.format == "pretty"
    for impl in impls:
        outcomes, seconds = run_all(impl, cases, progress=progress)
        impl.close()
        gave_up = getattr(impl, "given_up", None)
        if gave_up:
            _say(f"ddz-conformance: {impl.name}: {gave_up}; the remaining cases error", err=True)
        known_ids = known.get(impl.name, set())
        for o in outcomes:
            o.known = o.case.id in known_ids
        counts = tally(outcomes)
        total += counts
        unexpected = [o for o in outcomes if o.status in ("failed", "errored") and not o.known]
        fixed = [o for o in outcomes if o.status == "passed" and o.known]
        bad += len(unexpected) + (len(fixed) if args.strict else 0)
        written[impl.name] = sorted(o.case.id for o in outcomes if o.status in ("failed", "errored"))
        reports.append((impl, outcomes, counts, seconds, fixed))
    render = {"pretty": _pretty, "json": _json, "markdown": _markdown}[args.format]
    render(reports, args)
    if args.write_expectations:
        try:
            Path(args.write_expectations).write_text(
                json.dumps(written, indent=1, sort_keys=True) + "\n", encoding="utf-8"
            )
        except OSError as e:
            raise UsageError(f"cannot write --write-expectations {args.write_expectations!r}: {e}") from None
    for f in failures:  # why the status is 2, on stderr in every format, before the count line
        last = f" (its last line on stderr: {f.stderr[-1]})" if f.stderr else ""
        _say(f"error: could not start {f.command!r}: {f.error}{last}", err=True)
    print(count_line(total), file=sys.stderr if args.format == "json" else sys.stdout)
    return 2 if failures else 1 if bad else 0


def _say(text: str = "", err: bool = False) -> None:
    """One line of the pretty, Markdown or check output: everything on it that came from outside
    (an implementation's name and answers, a corpus's ids, rules, inputs and expectations) is
    escaped by :func:`printable`, a newline inside it included."""
    print(printable(text), file=sys.stderr if err else sys.stdout)


def _pretty(reports: list[Any], args: argparse.Namespace) -> None:
    for f in args.failures:
        _say(f"== {f.name}: could not start: {f.error}")
        for line in f.stderr:
            _say(f"      stderr| {line}")
    for impl, outcomes, counts, seconds, fixed in reports:
        per_k = seconds / max(len(outcomes), 1) * 1000
        info = [o for o in outcomes if o.informative]
        _say(
            f"== {impl.name} ({impl.variant.name}): {count_line(counts)} in {seconds:.2f} s ({per_k:.2f} s per 1000 cases); "
            f"{len(info)} informative differences"
        )
        if isinstance(impl, Subprocess):
            _say(f"   {_restarts(impl)}; {GIVE_UP_RULE}")
        gave_up = getattr(impl, "given_up", None)
        not_run = [o for o in outcomes if gave_up and o.status == "errored" and o.message == gave_up]
        for o in outcomes:
            if o.status in ("failed", "errored") and o not in not_run:
                tag = "known " if o.known else ""
                detail = o.message if o.status == "errored" else f"got {printable_json(o.actual)}"
                keys = f" (normative: {', '.join(o.differs)})" if o.differs else ""
                _say(f"  {tag}{o.status.upper()} {o.case.id} [{', '.join(o.case.rules)}]{keys}")
                _say(f"      input {printable_json(o.case.input)}")
                _say(f"      expected {printable_json(o.expected)}; {detail}")
                for line in o.stderr:
                    _say(f"      stderr| {line}")
        if not_run:
            _say(f"  ERRORED {len(not_run)} more cases, not run: {gave_up}")
        for o in fixed:
            _say(f"  NOW PASSING (listed as known failure) {o.case.id}")
        for o in info:
            diffs = "; ".join(f"{k} {_informative(o, k)}" for k in o.informative)
            _say(f"  informative {o.case.id}: {diffs}")


def _restarts(impl: Subprocess) -> str:
    budget = f"{impl.max_restarts}, {impl.restart_budget:g} s"
    return f"{impl.restarts} restarts in {impl.restart_seconds:.1f} s (budget: {budget})"


def _informative(o: Outcome, key: str) -> str:
    return f"expected {printable_json(o.expected.get(key))}, got {printable_json(o.actual.get(key))}"


def _json(reports: list[Any], args: argparse.Namespace) -> None:
    from .report import corpus_digest

    all_cases, cases = args.corpus_cases
    header = {
        "type": "header",
        "runner": {"name": "ddz-conformance", "version": __version__, "protocol": 1},
        "corpus": {
            "version": __version__,
            "hash": corpus_digest(all_cases),
            "path": str(_corpus(args) or "packaged"),
            "cases": len(all_cases),
            "selected": len(cases),
        },
        "implementations": args.handshakes,
    }
    print(printable_json(header))
    for f in args.failures:
        error = {"type": "error", "implementation": f.name, "command": f.command, "phase": "start"}
        print(printable_json(error | {"message": f.error, "stderr": list(f.stderr)}))
    total: Counter[str] = Counter()
    per_impl: dict[str, dict[str, Any]] = {}
    footer: dict[str, Any] = {"type": "footer", "give_up_rule": GIVE_UP_RULE}
    for impl, outcomes, counts, seconds, fixed in reports:
        for o in outcomes:
            print(
                printable_json(
                    {
                        "type": "case",
                        "implementation": impl.name,
                        "case": o.case.id,
                        "status": o.status,
                        "known": o.known,
                        "rules": list(o.case.rules),
                        "expected": o.expected,
                        "actual": o.actual,
                        "normative": list(o.differs),
                        "informative": list(o.informative),
                        "message": o.message,
                        "stderr": list(o.stderr),
                    }
                )
            )
        total += counts
        per_impl[impl.name] = {
            **{s: counts.get(s, 0) for s in STATUSES},
            "informative": sum(bool(o.informative) for o in outcomes),
            "now_passing": [o.case.id for o in fixed],
            "seconds": round(seconds, 3),
        }
        if isinstance(impl, Subprocess):
            per_impl[impl.name] |= {
                "restarts": impl.restarts,
                "restart_seconds": round(impl.restart_seconds, 3),
                "given_up": impl.given_up,
            }
    footer["implementations"] = per_impl
    footer["failed_to_start"] = [f.name for f in args.failures]
    footer["total"] = {s: total.get(s, 0) for s in STATUSES}
    print(printable_json(footer))


def _markdown(reports: list[Any], args: argparse.Namespace) -> None:
    _say("| implementación | variante | " + " | ".join(STATUSES) + " | informative |")
    _say("|---|---|" + "---|" * (len(STATUSES) + 1))
    for f in args.failures:
        error = f.error.replace("|", "/")
        _say(f"| {f.name.replace('|', '/')} | could not start: {error} |" + " – |" * (len(STATUSES) + 1))
    for impl, outcomes, counts, _seconds, _fixed in reports:
        _say(
            f"| {impl.name.replace('|', '/')} | {impl.variant.name} | "
            + " | ".join(str(counts.get(s, 0)) for s in STATUSES)
            + f" | {sum(bool(o.informative) for o in outcomes)} |"
        )


def cmd_check(args: argparse.Namespace) -> int:
    from .check import check, repository_paths, summary

    root = _corpus(args)
    tests, sources = repository_paths(Path(args.repo))
    problems = check(root, tests, sources)
    for p in problems:
        _say(p)
    s = summary(root)
    if problems:
        print(f"corpus check: {len(problems)} problems")
        return 1
    skipped = [
        what
        for what, path in (
            ("the quotes against the source documents", sources),
            ("rules named by tests", tests),
        )
        if path is None
    ]
    print(
        f"corpus check: ok — {s['cases']} cases in {s['files']} files, {s['rules']} rules, "
        + ("every rule covered, " if tests is not None else "")
        + "every case agrees with ddz"
        + (f"; NOT checked: {' and '.join(skipped)} (no checkout at --repo {args.repo!r})" if skipped else "")
    )
    return 0


def cmd_dump(args: argparse.Namespace) -> int:
    out = []
    for c in require_cases(_corpus(args)):
        out.append(
            {
                "id": c.id,
                "op": c.op,
                "input": c.input,
                "expect": c.expect,
                "variants": c.variants,
                "rules": list(c.rules),
                "note": c.note,
                "source": c.source,
                "anchor": c.anchor,
            }
        )
    print(printable_json(out, indent=1))
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    from .fuzz import fuzz

    return fuzz(args.impl, args.examples, args.seed, args.timeout)


def cmd_report(args: argparse.Namespace) -> int:
    from .report import PEERS_DIR, write_report

    if not args.impl and not PEERS_DIR.is_dir():
        raise UsageError(
            f"report runs the peer adapters of the source checkout ({PEERS_DIR}/), which the installed "
            "package does not carry: run it from the checkout's root (make report), or name the peers "
            "with --impl"
        )
    folder = Path(args.out).parent
    if not folder.is_dir():
        raise UsageError(f"--out {args.out!r}: the folder {str(folder)!r} does not exist")
    if Path(args.out).is_dir():
        raise UsageError(f"--out {args.out!r} is a directory")
    cache = None if args.no_cache else Path(args.cache)
    write_report(Path(args.out), args.impl or [], fuzz_examples=args.fuzz_examples, cache=cache)
    _say(f"wrote {args.out}")
    return 0


MAX_REPORT = 64 << 20
"""A ``summary`` report larger than this (bytes) is refused unread."""


def _read_report(path: str) -> list[dict[str, Any]]:
    """The lines of a saved ``run --format json`` report, each checked against
    ``report.schema.json``, a header first and a footer last; :class:`UsageError` otherwise."""
    from jsonschema.exceptions import best_match

    from .schemas import packaged_validator

    try:
        text = read_capped(path, MAX_REPORT).decode("utf-8")
    except TooLarge:
        raise UsageError(f"{path!r} is larger than {MAX_REPORT} bytes: not a report") from None
    except NotAFile:
        raise UsageError(f"{path!r} is not a regular file") from None
    except FileNotFoundError:
        raise UsageError(f"{path!r} does not exist") from None
    except IsADirectoryError:
        raise UsageError(f"{path!r} is a directory") from None
    except OSError as e:
        raise UsageError(f"cannot read {path!r}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path!r} is not UTF-8 text: not a run --format json report") from None
    lines: list[tuple[int, dict[str, Any]]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except (ValueError, RecursionError) as e:
            raise UsageError(
                f"{path!r}, line {n}: not JSON ({str(e)[:80]}): not a run --format json report"
            ) from None
        problem = best_match(packaged_validator("report").iter_errors(value))
        if problem is not None:
            where = "/".join(map(str, problem.absolute_path)) or "the line"
            raise UsageError(
                f"{path!r}, line {n}: does not follow report.schema.json ({where}: {problem.message[:160]})"
            )
        lines.append((n, value))
    kinds = [v["type"] for _, v in lines]
    if not lines or kinds[0] != "header":
        raise UsageError(f"{path!r}: no header line first: not a run --format json report")
    if kinds[-1] != "footer":
        raise UsageError(f"{path!r}: no footer line last: the run did not finish (or the file is cut short)")
    for n, v in lines[1:-1]:
        if v["type"] in ("header", "footer"):
            raise UsageError(f"{path!r}, line {n}: a {v['type']} line in the middle: more than one report?")
    return [v for _, v in lines]


def cmd_summary(args: argparse.Namespace) -> int:
    lines = _read_report(args.file)
    header, footer = lines[0], lines[-1]
    ran = footer["implementations"]
    counted: dict[str, Counter[str]] = {name: Counter() for name in ran}
    for line in lines[1:-1]:
        if line["type"] == "case":
            if line["implementation"] not in counted:
                raise UsageError(
                    f"{args.file!r}: a case line of {line['implementation']!r}, which the footer does not count"
                )
            counts = counted[line["implementation"]]
            counts[line["status"]] += 1
            counts["informative"] += bool(line["informative"])
    failed = [e for e in header["implementations"] if "failed_to_start" in e and "ops" not in e]
    shared = len(header["implementations"]) - len(failed) > len(ran)  # the footer keeps one per name
    for name, counts in counted.items():
        given = Counter({k: ran[name][k] for k in (*STATUSES, "informative")})
        if not shared and +given != +counts:
            raise UsageError(
                f"{args.file!r}: the footer counts {name!r} as {count_line(given)}, "
                f"its case lines as {count_line(counts)}"
            )
    corpus, runner = header["corpus"], header["runner"]
    _say(
        f"{args.file}: {runner['name']} {runner['version']}, corpus {corpus['version']} "
        f"({corpus['hash'][:19]}…), {corpus['selected']} of {corpus['cases']} cases"
    )
    if shared:
        _say("note: some implementations share a name; the case lines of each name are counted together")
    names = [*counted, *(e["name"] for e in failed), "total"]
    width = min(max(len("implementation"), *(len(printable(n)) for n in names)), 40)

    def row(name: str, cells: list[str]) -> None:
        shown = printable(name)
        shown = shown if len(shown) <= width else shown[: width - 1] + "…"
        _say(f"{shown:<{width}}  " + "  ".join(cells).rstrip())

    def numbers(counts: Counter[str]) -> list[str]:
        return [f"{counts.get(s, 0):>7}" for s in STATUSES] + [f"{counts.get('informative', 0):>11}"]

    row("implementation", [f"{s:>7}" for s in (*STATUSES, "informative")])
    for name, counts in counted.items():
        row(name, numbers(counts))
    for e in failed:
        row(e["name"], [f"could not start: {e['error']}"])
    row("total", numbers(sum(counted.values(), Counter())))
    return 0


SMOKE_OPS = ("classify", "notation", "beats", "legal", "deal", "bid", "endgame", "game")
"""The op of ``smoke``'s one request: the first of these the implementation declares."""


def _smoke_case(ops: Sequence[str]) -> Case | None:
    """The request ``smoke`` sends: of the packaged corpus's cases of the first op of
    :data:`SMOKE_OPS` in ``ops`` (every op when ``ops`` is empty, as in ``run_case``), the one with
    the shortest input, one whose answer is neither an error nor an invalid play if there is one."""
    cases = require_cases(None)
    for op in SMOKE_OPS:
        of_op = [c for c in cases if c.op == op]
        if of_op and (not ops or op in ops):
            return min(
                of_op,
                key=lambda c: (
                    "error" in c.expect or c.expect.get("kind") == "invalid",
                    len(json.dumps(c.input)),
                    c.id,
                ),
            )
    return None


HANDSHAKE_ORDER = ("name", "version", "variant", "ops", "language", "homepage")


def _declared(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value) or "(none)"
    return value if isinstance(value, str) else printable_json(value)


def cmd_smoke(args: argparse.Namespace) -> int:
    sp = Subprocess(args.impl, timeout=args.timeout, max_restarts=0)  # one life: a smoke test
    t0 = time.perf_counter()
    try:
        hello = sp.start()
    except ImplError as e:
        _say(f"error: could not start {args.impl!r}: {e}", err=True)
        for line in e.stderr:
            _say(f"  stderr| {line}", err=True)
        return 2
    try:
        _say(f"{args.impl}: started in {time.perf_counter() - t0:.2f} s, protocol version {hello['version']}")
        declared: dict[str, Any] = {"variant": "standard (not declared)"} | hello["implementation"]
        keys = [k for k in HANDSHAKE_ORDER if k in declared] + sorted(set(declared) - set(HANDSHAKE_ORDER))
        width = max(len(k) for k in keys)
        for key in keys:
            _say(f"  {key:<{width}}  {_declared(declared[key])}")
        case = _smoke_case(sp.ops)
        if case is None:
            _say("request: none (it declares no op of the corpus)")
        else:
            ask = f"request {case.op} {printable_json(case.input)} (case {case.id})"
            t1 = time.perf_counter()
            try:
                result = sp.run(case.op, case.input)
            except Skip as e:
                _say(f"{ask}: skipped ({e})")
            except ImplError as e:
                if not e.answered:
                    _say(f"error: {sp.name} started but gave no valid answer to the {ask}: {e}", err=True)
                    for line in e.stderr:
                        _say(f"  stderr| {line}", err=True)
                    return 1
                _say(f"{ask}: errored ({e})")
            else:
                normative, _ = mismatches(case.expected(sp.variant), result)
                verdict = (
                    "as the corpus expects"
                    if not normative
                    else f"not as the corpus expects ({', '.join(normative)})"
                )
                _say(
                    f"{ask}: answered in {time.perf_counter() - t1:.3f} s, {printable_json(result)}, {verdict}"
                )
    finally:
        sp.close()
    _say(f"ok: {sp.name} is alive")
    return 0


def _seconds(text: str) -> float:
    """``--timeout``: a number of seconds above zero and at most :data:`MAX_TIMEOUT`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the timeout must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}"
        )
    return value


def _positive(text: str) -> int:
    """A whole number of at least 1 (``--examples``, ``--fuzz-examples``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: at least 1")
    return value


class _Parser(argparse.ArgumentParser):
    """argparse whose errors, which quote the arguments, are escaped by :func:`printable`."""

    def error(self, message: str) -> Any:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {printable(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ddz-conformance", description="The Dou Dizhu conformance suite.")
    p.add_argument("--version", action="version", version=f"ddz-conformance {__version__} (protocol 1)")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("run", help="run the corpus against implementations")
    r.add_argument("--impl", action="append", help="command of an implementation speaking the protocol")
    r.add_argument("--corpus", help="corpus folder (cases/<op>/*.yaml; default: the packaged one)")
    r.add_argument("--variant", default="standard", help="variant of the in-process ddz")
    r.add_argument("--run", action="append", help="only case ids matching this glob")
    r.add_argument("--skip", action="append", help="skip case ids matching this glob")
    r.add_argument("--expectations", help="JSON file {implementation: [known failing case ids]}")
    r.add_argument("--write-expectations", help="write the failing case ids to this file")
    r.add_argument("--strict", action="store_true", help="fail when a known failure now passes")
    r.add_argument("--format", choices=("pretty", "json", "markdown"), default="pretty")
    r.add_argument(
        "--timeout", type=_seconds, default=5.0, help=f"seconds per case (above 0, at most {MAX_TIMEOUT:g})"
    )
    r.set_defaults(func=cmd_run)
    c = sub.add_parser("check", help="validate the corpus and check it against ddz")
    c.add_argument("--corpus", help="corpus folder (default: the packaged one)")
    c.add_argument(
        "--repo",
        default=".",
        help="the source checkout whose conformance/sources and tests/ the quotes and uncased rules are "
        "checked against (default: the current folder; without them those checks are skipped, and said)",
    )
    c.set_defaults(func=cmd_check)
    d = sub.add_parser("dump", help="print the whole corpus as JSON")
    d.add_argument("--corpus", help="corpus folder (default: the packaged one)")
    d.set_defaults(func=cmd_dump)
    f = sub.add_parser("fuzz", help="differential fuzzing against another implementation")
    f.add_argument("--impl", required=True)
    f.add_argument("--examples", type=_positive, default=2000)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--timeout", type=_seconds, default=5.0)
    f.set_defaults(func=cmd_fuzz)
    rep = sub.add_parser("report", help="run the peers and write REPORT.md (and results.json beside it)")
    rep.add_argument(
        "--impl",
        action="append",
        help="peer commands (default: the checkout's adapters in conformance/peers/, run from its root)",
    )
    rep.add_argument(
        "--out",
        default="REPORT.md",
        help="where to write REPORT.md (default: the current folder; `make report` writes the corpus's)",
    )
    rep.add_argument("--fuzz-examples", type=_positive, default=1500)
    rep.add_argument(
        "--cache",
        default=str(CACHE_DIR),
        help="where each peer's outcomes are kept per case between runs: a new case re-runs alone "
        f"(default: {CACHE_DIR})",
    )
    rep.add_argument("--no-cache", action="store_true", help="run every case of every peer")
    rep.set_defaults(func=cmd_report)
    sm = sub.add_parser("summary", help="the counts per implementation of a saved run --format json report")
    sm.add_argument("file", help="the report: the stdout of ddz-conformance run --format json")
    sm.set_defaults(func=cmd_summary)
    sk = sub.add_parser("smoke", help="start one implementation, show its handshake, send it one request")
    sk.add_argument("--impl", required=True, help="command of an implementation speaking the protocol")
    sk.add_argument(
        "--timeout",
        type=_seconds,
        default=5.0,
        help=f"seconds for the request (above 0, at most {MAX_TIMEOUT:g})",
    )
    sk.set_defaults(func=cmd_smoke)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    return quiet_on_closed_pipe(lambda: _main(argv))


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except (
        UsageError,
        ImplError,
        CorpusError,
    ) as e:  # ImplError: fuzz and report start their peers themselves
        print(f"error: {printable(str(e))}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as e:
        if e.name not in ("yaml", "jsonschema", "hypothesis"):
            raise
        print(f"error: ddz-conformance needs {e.name}: pip install 'ddz[conformance]'", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["STANDARD", "main"]
