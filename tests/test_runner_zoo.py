"""The runner against a zoo of misbehaving implementations: it never crashes nor hangs."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from ddz.conformance.corpus import Case
from ddz.conformance.runner import ImplError, Subprocess, run_all
from tests.runner_cases import single_three

ZOO = Path(__file__).parent / "fakes" / "zoo.py"
TIMEOUT = 0.5


def _case(i: int) -> Case:
    return single_three(cid=f"t.{i}")


CASES = [_case(i) for i in range(4)]


def _impl(*args: str, timeout: float = TIMEOUT) -> Subprocess:
    return Subprocess(f"{sys.executable} {ZOO} {' '.join(args)}", timeout=timeout, start_timeout=2.0)


SLOW_BUT_FINE = {"stderr-flood": 5.0, "huge-line": 5.0}
"""Modes whose every answer is slow to read on a busy machine: 220 KB of stderr before each answer
(through the runner's draining thread), a 3 MB line (read to its end and dropped). A CI run once
took longer than TIMEOUT for each, which turned the second's «longer than» into «no answer within»."""


# (mode, expected statuses of the four cases, a fragment of the first errored message)
RUN_ZOO = [
    ("stderr-flood", ["passed"] * 4, ""),
    ("crash-after 2", ["passed", "passed", "errored", "passed"], "exited"),
    ("hang", ["errored"] * 4, "no answer within"),
    ("garbage", ["errored"] * 4, "garbage on stdout"),
    ("non-utf8", ["errored"] * 4, "kind"),
    ("deep 5000", ["errored"] * 4, "nested deeper than"),  # the same words on every Python version
    ("deep 100", ["errored"] * 4, "nested deeper than"),
    ("out-of-order", ["errored"] * 4, "out of sequence"),
    ("huge-line", ["errored"] * 4, "longer than"),
    ("off-schema", ["errored"] * 4, "kind"),
]


def test_zoo_never_crashes_nor_hangs_the_runner() -> None:
    t0 = time.perf_counter()
    for mode, statuses, fragment in RUN_ZOO:
        impl = _impl(mode, timeout=SLOW_BUT_FINE.get(mode, TIMEOUT))
        impl.start()
        try:
            outcomes, _ = run_all(impl, CASES)
        finally:
            impl.close()
        assert [o.status for o in outcomes] == statuses, mode
        errored = [o for o in outcomes if o.status == "errored"]
        if errored:
            assert fragment in errored[0].message, (mode, errored[0].message)
    assert time.perf_counter() - t0 < 20, "the whole zoo must run in bounded time"


def test_crash_keeps_the_last_stderr_lines() -> None:
    impl = _impl("crash-after", "1")
    impl.start()
    try:
        outcomes, _ = run_all(impl, CASES[:2])
    finally:
        impl.close()
    assert outcomes[1].status == "errored"
    assert any("boom after 1 requests" in line for line in outcomes[1].stderr)


def test_stderr_flood_keeps_only_the_tail() -> None:
    impl = _impl("stderr-flood", timeout=SLOW_BUT_FINE["stderr-flood"])  # 0.5 s timed out in a CI run
    impl.start()
    try:
        outcomes, _ = run_all(impl, CASES[:1])
        assert [o.status for o in outcomes] == ["passed"]  # answered in time: no restart lost the flood
        # the stderr pump is its own thread: on a busy machine the reply can come before it has read
        # a line (a CI run saw an empty tail): wait until it has read the flood (the tail stays still)
        deadline = time.monotonic() + 10
        tail, before = impl.stderr_tail(), None
        while (not tail or tail != before) and time.monotonic() < deadline:
            time.sleep(0.2)
            tail, before = impl.stderr_tail(), tail
    finally:
        impl.close()
    assert 0 < len(tail) <= 20


@pytest.mark.parametrize(
    "mode,fragment",
    [
        ("bad-variant", "unknown variant"),
        ("bad-ops", "implementation/ops"),
        ("bad-impl", "implementation"),
        ("garbage-start", "does not follow the protocol"),
    ],
)
def test_bad_handshake_is_a_clear_error(mode: str, fragment: str) -> None:
    impl = _impl(mode)
    with pytest.raises(ImplError, match=fragment):
        impl.start()
    assert impl._proc is None, "no child left behind"


def test_handshake_timeout_kills_the_child(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    impl = _impl("hang-start", str(pidfile))
    impl.start_timeout = 1.0
    t0 = time.perf_counter()
    with pytest.raises(ImplError, match="no answer within"):
        impl.start()
    assert time.perf_counter() - t0 < 5
    pid = int(pidfile.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_an_implementation_that_cannot_restart_is_given_up() -> None:
    impl = _impl("crash-after", "0")
    impl.start()
    impl.start_timeout = 1.0
    impl.command = f"{sys.executable} {ZOO} hang-start"  # every restart now times out
    t0 = time.perf_counter()
    try:
        outcomes, _ = run_all(impl, [_case(i) for i in range(10)])
    finally:
        impl.close()
    assert all(o.status == "errored" for o in outcomes)
    assert "given up" in outcomes[-1].message
    assert time.perf_counter() - t0 < 8, "no full handshake timeout per case once given up"
