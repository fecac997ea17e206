"""Running cases against implementations: ddz in-process, or any command over JSON lines."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..ops import OpError, run_op
from ..outside import printable
from ..variants import STANDARD, Variant
from .corpus import Case, mismatches
from .schemas import packaged_validator


@dataclass
class Outcome:
    """What happened to one case: ``passed``, ``failed``, ``skipped`` or ``errored``."""

    case: Case
    status: str
    actual: Any = None
    expected: Any = None
    message: str = ""
    known: bool = False
    """True when the case is listed as a known failure of this implementation."""
    stderr: tuple[str, ...] = ()
    """For an errored case of a subprocess: the last lines it wrote on stderr."""
    differs: tuple[str, ...] = ()
    """For a failed case: the normative keys that do not match."""
    informative: tuple[str, ...] = ()
    """Informative keys (reason, phase, message) given with another value: reported, never failing."""


class Implementation(Protocol):
    """What the runner drives: :class:`InProcess` (ddz itself) or :class:`Subprocess` (any program
    speaking the protocol)."""

    name: str
    variant: Variant
    ops: tuple[str, ...]

    def run(self, op: str, inp: dict[str, Any]) -> dict[str, Any]:
        """The ``result`` of ``op`` on ``inp``; raises :class:`ImplError` or :class:`Skip`."""
        ...

    def close(self) -> None:
        """Release the implementation (stop its process)."""
        ...


class ImplError(Exception):
    """The implementation answered ``errored``, crashed, timed out or sent garbage."""

    def __init__(
        self, message: str, stderr: tuple[str, ...] = (), timed_out: bool = False, answered: bool = False
    ) -> None:
        super().__init__(message)
        self.stderr = stderr
        """The last lines the implementation wrote on stderr, when known."""
        self.timed_out = timed_out
        """True when the implementation did not answer in time."""
        self.answered = answered
        """True when it answered ``errored`` within the protocol (it is alive and well)."""


class Skip(Exception):
    """The implementation answered ``skipped``."""


MAX_TIMEOUTS = 3
"""After this many consecutive cases without an answer in time, the implementation is given up."""
WINDOW = 10
WINDOW_TROUBLES = 5
"""Given up when this many of the last :data:`WINDOW` cases had no valid answer: no answer in
time, an exit, a reply off the protocol (an implementation answering one case in three, or exiting
on every one, cannot keep the runner waiting)."""
MAX_RESTARTS = 20
"""The restart budget of one run: the next restart after this many gives the implementation up."""
RESTART_SECONDS = 60.0
"""The time budget of the restarts: an implementation is given up rather than restarted when that
restart, taking as long as its last start did, would pass this many seconds spent restarting (one
that starts in 29 s and then crashes costs a minute or two, not an hour)."""
MAX_TIMEOUT = 600.0
"""The longest wait for one answer (``--timeout`` is refused above it)."""
GIVE_UP_RULE = (
    f"an implementation is given up after {MAX_TIMEOUTS} consecutive cases without an answer in time, "
    f"{WINDOW_TROUBLES} of the last {WINDOW} cases without a valid answer (no answer in time, an exit, a "
    f"reply off the protocol), {MAX_RESTARTS} restarts, or when one more restart would pass "
    f"{RESTART_SECONDS:g} s spent restarting"
)
"""The give-up rule, as the summary states it."""
MAX_DEPTH = 64
"""Replies nested deeper than this are refused before anything else looks at them."""
MAX_LINE = 1 << 20
"""A reply line longer than this (bytes) is refused; the rest of it is read and dropped."""
STDERR_LINES = 20
"""How many of the implementation's last stderr lines an errored outcome keeps."""
_TOO_LONG = object()


def _depth_ok(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests at most ``limit`` containers deep (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            if d >= limit:
                return False
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return True


def schema_problem(message: Any, pointer: str) -> str | None:
    """Why ``message`` does not follow ``protocol.schema.json`` at ``pointer`` (None if it does)."""
    from jsonschema.exceptions import best_match

    best = best_match(packaged_validator("protocol", pointer).iter_errors(message))
    if best is None:
        return None
    where = "/".join(map(str, best.absolute_path)) or "the message"
    return f"{where}: {_clip(best.message)}"


def _clip(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class InProcess:
    """The ddz engine itself, called directly."""

    variant: Variant = STANDARD
    name: str = "ddz"
    ops: tuple[str, ...] = ("notation", "classify", "beats", "legal", "deal", "bid", "game", "endgame")

    def run(self, op: str, inp: dict[str, Any]) -> dict[str, Any]:
        """``run_op`` in this process; an :class:`~ddz.ops.OpError` becomes :class:`ImplError`."""
        try:
            return run_op(op, inp, self.variant)
        except OpError as e:
            raise ImplError(str(e)) from None

    def close(self) -> None:
        """Nothing to release."""


@dataclass
class Subprocess:
    """Any implementation speaking the protocol on stdin/stdout, one persistent process.

    Nothing the implementation does can crash or hang the runner: replies are read as bytes
    and decoded with replacement, refused when too long, too deep or off the protocol schema;
    every wait has a timeout; a child that misbehaves is killed and restarted, and one that
    cannot be restarted twice in a row is given up (later cases error at once).
    """

    command: str
    timeout: float = 5.0
    name: str = ""
    variant: Variant = STANDARD
    ops: tuple[str, ...] = ()
    restarts: int = 0
    start_timeout: float = 30.0
    """Seconds the handshake may take (an implementation may load a model first)."""
    max_restarts: int = MAX_RESTARTS
    restart_budget: float = RESTART_SECONDS
    """The restart budget: how many restarts, and how many seconds spent restarting, at most."""
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _lines: queue.Queue[Any] = field(default_factory=queue.Queue, repr=False)
    _stderr: collections.deque[str] = field(default_factory=collections.deque, repr=False)
    _stderr_thread: threading.Thread | None = field(default=None, repr=False)
    _stdout_closed: bool = False
    """The child closed its stdout (it is exiting: its last stderr lines are on their way)."""
    _seq: int = 0
    _failed_starts: int = 0
    _timeouts: int = 0
    _dead: str | None = None
    _recent: collections.deque[bool] = field(default_factory=lambda: collections.deque(maxlen=WINDOW))
    """Whether each of the last :data:`WINDOW` cases went without a valid answer."""
    _last_start: float = 0.0
    """Seconds the last start took (the handshake included, answered or not)."""
    restart_seconds: float = 0.0
    """Seconds spent restarting so far."""

    @property
    def given_up(self) -> str | None:
        """Why the runner stopped talking to this implementation (None while it still does)."""
        return self._dead

    def start(self) -> dict[str, Any]:
        """Launch the command and shake hands; raises :class:`ImplError` (and leaves no child
        running) when that fails."""
        try:
            argv = shlex.split(self.command)
        except ValueError as e:
            raise ImplError(f"cannot parse the command {self.command!r}: {e}") from None
        if not argv:
            raise ImplError("the command is empty")
        try:
            proc = subprocess.Popen(  # its own process group: closing kills its children too
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as e:
            raise ImplError(f"cannot run {argv[0]!r}: {e.strerror or e}") from None
        self._proc = proc
        started = time.perf_counter()
        self._lines = queue.Queue()
        self._stdout_closed = False
        self._stderr = collections.deque(maxlen=STDERR_LINES)
        threading.Thread(target=_pump_stdout, args=(proc, self._lines), daemon=True).start()
        self._stderr_thread = threading.Thread(target=_pump_stderr, args=(proc, self._stderr), daemon=True)
        self._stderr_thread.start()
        try:
            hello = self._request({"cmd": "start", "version": 1}, timeout=self.start_timeout)
            impl = self._handshake(hello)
        except ImplError as e:
            tail = self.stderr_tail()
            self.close()
            raise ImplError(f"handshake failed: {e}", tail) from None
        finally:
            self._last_start = time.perf_counter() - started
        self.name = self.name or printable(str(impl.get("name") or self.command))[:200]
        self.ops = tuple(impl["ops"]) or self.ops
        return dict(hello)

    def _handshake(self, hello: Any) -> dict[str, Any]:
        problem = schema_problem(hello, "#/$defs/response/oneOf/0")
        if problem:
            raise ImplError(f"the start reply does not follow the protocol: {problem}")
        impl: dict[str, Any] = hello["implementation"]
        try:
            self.variant = Variant.parse(str(impl.get("variant", "standard")))
        except ValueError as e:
            raise ImplError(f"the start reply names an unknown variant: {_clip(str(e))}") from None
        return impl

    def stderr_tail(self) -> tuple[str, ...]:
        """The last lines of the implementation's stderr (waits briefly for a dead child's last words)."""
        proc, thread = self._proc, self._stderr_thread
        if thread is not None and (self._stdout_closed or (proc is not None and proc.poll() is not None)):
            thread.join(timeout=1.0)  # the pump ends at the end of stderr, which a dying child closes
        return tuple(self._stderr)

    def _request(self, msg: dict[str, Any], timeout: float | None = None) -> Any:
        proc = self._proc
        if proc is None or proc.poll() is not None or proc.stdin is None:
            status = (
                f" (it exited with status {proc.returncode})" if proc and proc.returncode is not None else ""
            )
            raise ImplError(f"the implementation is not running{status}")
        try:
            proc.stdin.write(json.dumps(msg).encode("utf-8") + b"\n")
            proc.stdin.flush()
        except (OSError, ValueError) as e:
            raise ImplError(f"cannot write to the implementation: {e}") from None
        wait = min(timeout or self.timeout, MAX_TIMEOUT)
        try:
            line = self._lines.get(timeout=wait)
        except queue.Empty:
            raise ImplError(f"no answer within {wait:.1f} s", timed_out=True) from None
        if line is None:
            self._stdout_closed = True
            raise ImplError("the implementation exited")
        if line is _TOO_LONG:
            raise ImplError(f"a reply line longer than {MAX_LINE} bytes")
        text = line.decode("utf-8", errors="replace")
        try:
            reply = json.loads(text)
        except RecursionError:  # Python 3.11 and 3.12; 3.13's parser goes deeper, and the check below refuses
            raise ImplError(f"a reply nested deeper than {MAX_DEPTH} levels (refused)") from None
        except ValueError:
            raise ImplError(f"garbage on stdout: {_clip(text.strip(), 80)!r}") from None
        if not _depth_ok(reply):
            raise ImplError(f"a reply nested deeper than {MAX_DEPTH} levels (refused)")
        return reply

    def run(self, op: str, inp: dict[str, Any]) -> dict[str, Any]:
        """Send one ``run`` request and return the reply's ``result`` (see :class:`Implementation`)."""
        if self._dead is not None:
            raise ImplError(self._dead)
        try:
            if self._proc is None or self._proc.poll() is not None:
                self.restart()
            self._seq += 1
            resp = self._request({"cmd": "run", "seq": self._seq, "op": op, "input": inp})
            problem = schema_problem(resp, "#/$defs/response")
            if problem is None and resp.get("seq") != self._seq:
                problem = f"answer out of sequence (expected seq {self._seq}): {_clip(json.dumps(resp), 80)}"
            if problem is None and isinstance(resp.get("result"), dict):
                problem = schema_problem(resp["result"], f"#/$defs/results/{op}")
                problem = problem and f"result: {problem}"
            if problem is not None:
                raise ImplError(f"reply off the protocol: {problem}")
        except ImplError as e:
            tail = self.stderr_tail()
            self._count(trouble=True, timed_out=e.timed_out)
            if self._dead is None:
                self._restart_quietly(graceful=not e.timed_out)
            raise ImplError(str(e), tail, e.timed_out) from None
        self._count(trouble=False, timed_out=False)
        if resp.get("skipped"):
            raise Skip(str(resp.get("message", "")))
        if resp.get("errored"):
            ctx = resp.get("context") or {}
            raise ImplError(_clip(str(ctx.get("message", ctx)), 500), self.stderr_tail(), answered=True)
        result: dict[str, Any] = resp["result"]
        return result

    def _count(self, trouble: bool, timed_out: bool) -> None:
        """Count one case toward the give-up rule (:data:`GIVE_UP_RULE`)."""
        self._timeouts = self._timeouts + 1 if timed_out else 0
        self._recent.append(trouble)
        if self._timeouts >= MAX_TIMEOUTS:
            self._give_up(
                f"{self._timeouts} consecutive cases without an answer within {min(self.timeout, MAX_TIMEOUT):g} s"
            )
        elif sum(self._recent) >= WINDOW_TROUBLES:
            self._give_up(
                f"{sum(self._recent)} of the last {len(self._recent)} cases without a valid answer "
                "(no answer in time, an exit or a reply off the protocol)"
            )

    def _give_up(self, why: str) -> None:
        self._dead = f"given up after {why}"
        self.close(graceful=False)

    def _restart_quietly(self, graceful: bool = True) -> None:
        with contextlib.suppress(ImplError):  # recorded in self._dead, or retried on the next case
            self.restart(graceful)

    def restart(self, graceful: bool = True) -> None:
        """Start the implementation again, within the restart budget (``max_restarts`` restarts,
        ``restart_budget`` seconds spent restarting); past it, give it up and raise :class:`ImplError`."""
        self.close(graceful)
        if self._dead is not None:
            raise ImplError(self._dead)
        if self.restarts >= self.max_restarts:
            self._give_up(f"{self.restarts} restarts (the budget of a run)")
        elif self.restart_seconds + self._last_start > self.restart_budget:
            self._give_up(
                f"{self.restart_seconds:.0f} s spent restarting: one more start, taking {self._last_start:.0f} s "
                f"like the last, would pass {self.restart_budget:g} s"
            )
        if self._dead is not None:
            raise ImplError(self._dead)
        self.restarts += 1
        t0 = time.perf_counter()
        try:
            self.start()
        except ImplError as e:
            self._failed_starts += 1
            if self._failed_starts >= 2:
                self._dead = f"given up after {self._failed_starts} failed restarts: {e}"
            raise
        finally:
            self.restart_seconds += time.perf_counter() - t0
        self._failed_starts = 0

    def close(self, graceful: bool = True) -> None:
        """Stop the implementation: ask it to (unless ``graceful`` is False, after a timeout),
        then kill its whole process group, so that a child it left behind holding the pipes
        cannot keep the runner waiting. The reading threads close stdout and stderr themselves
        when they see their end; nothing here waits for that."""
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        try:
            if graceful and proc.poll() is None and proc.stdin is not None:
                proc.stdin.write(b'{"cmd":"stop"}\n')
                proc.stdin.flush()
                proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        with contextlib.suppress(OSError):  # the group is gone already, or not ours
            os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        with contextlib.suppress(OSError, ValueError):
            if proc.stdin is not None:
                proc.stdin.close()


def _pump_stdout(proc: subprocess.Popen[bytes], lines: queue.Queue[Any]) -> None:
    """Read reply lines as bytes; never dies on what it reads."""
    out = proc.stdout
    assert out is not None
    try:
        while True:
            line = out.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n"):
                    line = out.readline(MAX_LINE)
                lines.put(_TOO_LONG)
                continue
            if line.strip():
                lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)
    with contextlib.suppress(OSError, ValueError):
        out.close()


def _pump_stderr(proc: subprocess.Popen[bytes], tail: collections.deque[str]) -> None:
    """Keep the last lines of stderr (each clipped), draining the pipe so the child never blocks."""
    err = proc.stderr
    assert err is not None
    try:
        while True:
            line = err.readline(4096)
            if not line:
                break
            text = line.decode("utf-8", errors="replace").rstrip("\n")
            if text.strip():
                tail.append(_clip(printable(text), 300))
    except (OSError, ValueError):
        pass
    with contextlib.suppress(OSError, ValueError):
        err.close()


def run_case(impl: Implementation, case: Case) -> Outcome:
    """Run one case; never raises because of the implementation."""
    if impl.ops and case.op not in impl.ops:
        return Outcome(case, "skipped", message=f"op {case.op} not supported")
    expected = case.expected(impl.variant)
    try:
        actual = impl.run(case.op, case.input)
    except Skip as e:
        return Outcome(case, "skipped", expected=expected, message=str(e))
    except ImplError as e:
        return Outcome(case, "errored", expected=expected, message=str(e), stderr=e.stderr)
    except Exception as e:  # a bug in an adapter must not stop the run either
        return Outcome(case, "errored", expected=expected, message=f"{type(e).__name__}: {_clip(str(e))}")
    normative, informative = mismatches(expected, actual)
    status = "failed" if normative else "passed"
    return Outcome(case, status, actual, expected, differs=tuple(normative), informative=tuple(informative))


def show_progress() -> bool:
    """A progress bar only for a person watching: stderr is a terminal and this is not CI."""
    return sys.stderr.isatty() and not os.environ.get("CI")


def run_all(impl: Implementation, cases: list[Case], progress: bool = False) -> tuple[list[Outcome], float]:
    """Run every case; with ``progress``, a bar on stderr (cases done, seconds so far)."""
    t0 = time.perf_counter()
    out = []
    for i, c in enumerate(cases, 1):
        out.append(run_case(impl, c))
        if progress:
            width = 30
            done = width * i // len(cases)
            sys.stderr.write(
                f"\r{printable(impl.name)[:30]} [{'#' * done}{'.' * (width - done)}] "
                f"{i}/{len(cases)} {time.perf_counter() - t0:.0f} s"
            )
            sys.stderr.flush()
    if progress and cases:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
    return out, time.perf_counter() - t0


__all__ = [
    "ImplError",
    "Implementation",
    "InProcess",
    "Outcome",
    "Subprocess",
    "run_all",
    "run_case",
]
