"""How long ``ddz-conformance run`` spends on a flaky implementation before giving it up.

    python -m benchmarks.flaky_runner                  # every mode, --timeout 1 and the default 5 s
    python -m benchmarks.flaky_runner --mode mute --timeout 1

Each mode is a fake in ``tests/fakes/hostile.py``: ``mute`` (answers the handshake, then
nothing), ``one_in_three`` (answers one case in three, never the others), ``exit_each_run`` (exits on
every case), ``slow_start_crash`` (starts in 29 s, then exits on every case). Prints the wall time of
the whole run over the full corpus, the restarts, the cases run before giving up, and why.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ROOT / "tests" / "fakes" / "hostile.py"
MODES = ("mute", "one_in_three", "exit_each_run", "slow_start_crash")


def measure(mode: str, timeout: float) -> dict[str, object]:
    """Run the whole corpus against ``mode`` and return the figures of the run."""
    impl = f"{shlex.quote(sys.executable)} {shlex.quote(str(HOSTILE))} {mode}"
    cmd = [sys.executable, "-m", "ddz.conformance.cli", "run", "--impl", impl, "--format", "json"]
    cmd += ["--timeout", str(timeout)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=3600)
    took = time.perf_counter() - t0
    lines: list[dict[str, Any]] = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
    footer = lines[-1] if lines else {}
    per_impl: dict[str, Any] = next(iter(footer.get("implementations", {}).values()), {})
    rows = [r for r in lines if r.get("type") == "case"]
    given_up = per_impl.get("given_up")
    asked = sum(1 for r in rows if r["status"] != "skipped" and r["message"] != given_up)
    return {
        "mode": mode,
        "timeout": timeout,
        "seconds": round(took, 1),
        "cases asked": asked,
        "restarts": per_impl.get("restarts"),
        "given up": given_up,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", action="append", choices=MODES)
    ap.add_argument("--timeout", action="append", type=float, help="seconds per case (default: 1 and 5)")
    args = ap.parse_args(argv)
    for mode in args.mode or MODES:
        for timeout in args.timeout or (1.0, 5.0):
            got = measure(mode, timeout)
            print(
                f"{got['mode']:17} --timeout {got['timeout']:g}: {got['seconds']:6.1f} s, "
                f"{got['cases asked']} cases asked, {got['restarts']} restarts; {got['given up']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
