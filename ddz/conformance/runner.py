"""Running cases against implementations: ddz in-process, or any command over JSON lines."""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..ops import OpError, run_op
from ..variants import STANDARD, Variant
from .corpus import Case, matches


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


class Implementation(Protocol):
    name: str
    variant: Variant
    ops: tuple[str, ...]

    def run(self, op: str, inp: dict[str, Any]) -> dict[str, Any]: ...

    def close(self) -> None: ...


class ImplError(Exception):
    """The implementation answered ``errored``, crashed, timed out or sent garbage."""


class Skip(Exception):
    """The implementation answered ``skipped``."""


@dataclass
class InProcess:
    """The ddz engine itself, called directly."""

    variant: Variant = STANDARD
    name: str = "ddz"
    ops: tuple[str, ...] = ("notation", "classify", "beats", "legal", "deal", "bid", "game")

    def run(self, op: str, inp: dict[str, Any]) -> dict[str, Any]:
        try:
            return run_op(op, inp, self.variant)
        except OpError as e:
            raise ImplError(str(e)) from None

    def close(self) -> None:
        pass


@dataclass
class Subprocess:
    """Any implementation speaking the protocol on stdin/stdout, one persistent process."""

    command: str
    timeout: float = 5.0
    name: str = ""
    variant: Variant = STANDARD
    ops: tuple[str, ...] = ()
    restarts: int = 0
    _proc: subprocess.Popen[str] | None = field(default=None, repr=False)
    _lines: queue.Queue[str | None] = field(default_factory=queue.Queue, repr=False)
    _seq: int = 0

    def start(self) -> dict[str, Any]:
        self._proc = subprocess.Popen(
            shlex.split(self.command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self._lines = queue.Queue()
        threading.Thread(target=self._pump, args=(self._proc, self._lines), daemon=True).start()
        hello = self._request({"cmd": "start", "version": 1}, timeout=max(self.timeout, 30.0))
        impl = hello.get("implementation", {}) if isinstance(hello, dict) else {}
        self.name = self.name or str(impl.get("name", self.command))
        self.ops = tuple(impl.get("ops", ())) or self.ops
        self.variant = Variant.parse(str(impl.get("variant", "standard")))
        return dict(hello) if isinstance(hello, dict) else {}

    @staticmethod
    def _pump(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    def _request(self, msg: dict[str, Any], timeout: float | None = None) -> Any:
        proc = self._proc
        if proc is None or proc.poll() is not None or proc.stdin is None:
            raise ImplError("the implementation is not running")
        try:
            proc.stdin.write(json.dumps(msg) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise ImplError(f"cannot write to the implementation: {e}") from None
        try:
            line = self._lines.get(timeout=timeout or self.timeout)
        except queue.Empty:
            raise ImplError(f"no answer within {timeout or self.timeout:.1f} s") from None
        if line is None:
            raise ImplError("the implementation exited")
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            raise ImplError(f"garbage on stdout: {line[:80]!r}") from None

    def run(self, op: str, inp: dict[str, Any]) -> dict[str, Any]:
        if self._proc is None or self._proc.poll() is not None:
            self.restart()
        self._seq += 1
        try:
            resp = self._request({"cmd": "run", "seq": self._seq, "op": op, "input": inp})
        except ImplError:
            self.restart()
            raise
        if not isinstance(resp, dict) or resp.get("seq") != self._seq:
            self.restart()
            raise ImplError(f"answer out of sequence: {str(resp)[:80]}")
        if resp.get("skipped"):
            raise Skip(str(resp.get("message", "")))
        if resp.get("errored"):
            ctx = resp.get("context") or {}
            raise ImplError(str(ctx.get("message", ctx)))
        result = resp.get("result")
        if not isinstance(result, dict):
            raise ImplError("answer without a result object")
        return result

    def restart(self) -> None:
        self.close()
        self.restarts += 1
        self.start()

    def close(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write('{"cmd":"stop"}\n')
                proc.stdin.flush()
                proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        if proc.poll() is None:
            proc.kill()
            proc.wait()


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
        return Outcome(case, "errored", expected=expected, message=str(e))
    status = "passed" if matches(case.op, expected, actual) else "failed"
    return Outcome(case, status, actual, expected)


def run_all(impl: Implementation, cases: list[Case], progress: bool = False) -> tuple[list[Outcome], float]:
    t0 = time.perf_counter()
    out = [run_case(impl, c) for c in cases]
    return out, time.perf_counter() - t0
