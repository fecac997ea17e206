"""Helper processes: a function of the engine run in another Python process, so that work that
splits (the deals of «Difícil»'s playouts, :func:`ddz.ai.cpu.rollout_outcomes`) is done on two
cores at once. A helper that fails or is slow to answer reports None, and its caller does the work
itself; it is not asked again.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import subprocess
import sys
import threading
from multiprocessing.connection import Connection
from pathlib import Path

ANSWER_SECONDS = 30.0
"""How long a call may take in a helper before the helper counts as failed."""


class Helper:
    """One helper process (:func:`main` in a new Python, started on first use; it ends with
    :meth:`close`, when its owner is collected, or with this process)."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._out: Connection | None = None
        self._in: Connection | None = None
        self._waiting = 0
        """How many calls are under way (their answers come back in order)."""
        self.failed = False
        """It failed once (it could not start, died, or did not answer in time): it is not used."""
        self.answered = 0
        """How many calls it has answered."""
        self.busy = threading.Lock()
        """Held by the caller whose calls are under way: a helper serves one thread at a time
        (another finds it busy and does its work itself)."""

    def _start(self) -> bool:
        if self._process is None and not self.failed:
            root = Path(__file__).resolve().parents[2]  # where this ddz is imported from
            try:
                self._process = subprocess.Popen(
                    [sys.executable, "-c", "from ddz.ai.helpers import main; main()"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    cwd=root,
                )
                stdin, stdout = self._process.stdin, self._process.stdout
                assert stdin is not None and stdout is not None
                # the connections own copies of the pipes' ends (closing them ends the helper)
                self._out = Connection(os.dup(stdin.fileno()), readable=False)
                self._in = Connection(os.dup(stdout.fileno()), writable=False)
                stdin.close()
                stdout.close()
            except (OSError, TypeError, ValueError):  # TypeError: sys.executable is None
                self._fail()
        return self._process is not None

    def _fail(self) -> None:
        self.failed = True
        self.close()

    def send(self, function: str, *args: object, queue: bool = False) -> bool:
        """Start ``function`` (``"module:name"``) on ``args`` in the helper; False when it cannot
        be used (then :meth:`receive` gives None). Answers of earlier calls still under way are
        dropped first (their caller was interrupted before reading them), unless ``queue``: then the
        call waits behind them, and their answers come first."""
        while self._waiting and not queue and not self.failed:
            self.receive()  # an answer no longer wanted
        if not self._start():
            return False
        try:
            assert self._out is not None
            self._out.send((function, args))
        except (OSError, ValueError, AssertionError):
            self._fail()
            return False
        self._waiting += 1
        return True

    def ready(self) -> bool:
        """Can :meth:`receive` answer at once (the oldest call has answered or failed, or none is
        under way)?"""
        if not self._waiting or self._in is None:
            return True
        try:
            return self._in.poll(0)
        except (OSError, ValueError):
            return True

    def receive(self) -> object | None:
        """What the oldest call under way (see :meth:`send`) returned, or None when the helper failed."""
        if not self._waiting or self._in is None:
            return None
        self._waiting -= 1
        try:
            if self._in.poll(ANSWER_SECONDS):
                ok, answer = self._in.recv()
                if ok:
                    self.answered += 1
                    return answer  # type: ignore[no-any-return]
        except (OSError, EOFError, ValueError):
            pass
        self._fail()
        return None

    def close(self) -> None:
        """End the process (a helper that failed is not started again)."""
        process, self._process = self._process, None
        self._waiting = 0
        for conn in (self._out, self._in):
            if conn is not None:
                conn.close()
        self._out = self._in = None
        if process is not None:
            try:
                process.wait(1.0)  # the helper sees the end of its input and stops
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter exit anything may already be gone
            self.close()


def _serve(inbox: Connection, outbox: Connection) -> None:
    """The helper's loop: call what it is sent and send back the result, until its input ends (or
    its owner no longer reads: it closed the pipe with calls still under way)."""
    while True:
        try:
            function, args = inbox.recv()
        except (EOFError, OSError):
            return
        module, _, name = str(function).partition(":")
        if not module.startswith("ddz.") or not name:
            answer: tuple[bool, object] = (False, f"not an engine function: {function!r}")
        else:
            try:
                answer = (True, getattr(importlib.import_module(module), name)(*args))
            except Exception as e:  # reported to the caller, which does the work itself
                answer = (False, repr(e))
        try:
            outbox.send(answer)
        except OSError:  # a broken pipe: the owner is gone
            return


def main() -> None:
    """The helper process: serve on standard input and output (anything printed goes to
    standard error, so it cannot break the answers)."""
    inbox, outbox = Connection(os.dup(0), writable=False), Connection(os.dup(1), readable=False)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    _serve(inbox, outbox)


__all__ = ["Helper"]
