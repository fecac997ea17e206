"""The conformance protocol server: ``python -m ddz.protocol`` (JSON lines on stdin/stdout).

Requests, one JSON object per line; exactly one response line per request, flushed:

- ``{"cmd":"start","version":1}`` → ``{"version":1,"implementation":{...}}``
- ``{"cmd":"run","seq":N,"op":OP,"input":{...}}`` → ``{"seq":N,"result":{...}}`` or
  ``{"seq":N,"errored":true,"context":{"message":...}}``
- ``{"cmd":"stop"}`` → the process exits 0.

Start the server with ``--variant FLAGS`` to play a variant (declared in the handshake).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import IO, Any

from . import __version__
from .ops import OPS, OpError, run_op
from .variants import Variant

PROTOCOL_VERSION = 1


Runner = Callable[[str, dict[str, Any]], dict[str, Any]]
"""Runs one op on its input and returns the result; raises to report ``errored``."""


def handle(request: Any, implementation: dict[str, Any], run: Runner) -> tuple[dict[str, Any], bool]:
    """The response to one request, and whether to stop. Never raises."""
    if not isinstance(request, dict):
        return {"errored": True, "context": {"message": "request must be a JSON object"}}, False
    cmd = request.get("cmd")
    if cmd == "start":
        return {"version": PROTOCOL_VERSION, "implementation": implementation}, False
    if cmd == "stop":
        return {"ok": True}, True
    if cmd == "run":
        seq, op = request.get("seq"), request.get("op", "")
        if op not in OPS:
            return {"seq": seq, "errored": True, "context": {"message": f"unknown op {op!r}"}}, False
        if op not in implementation.get("ops", ()):
            return {
                "seq": seq,
                "skipped": True,
                "message": f"{implementation.get('name')} has no op {op}",
            }, False
        try:
            result = run(op, request.get("input", {}))
        except Exception as e:
            message = str(e) if isinstance(e, OpError) else f"{type(e).__name__}: {e}"
            return {"seq": seq, "errored": True, "context": {"message": message}}, False
        return {"seq": seq, "result": result}, False
    return {"errored": True, "context": {"message": f"unknown cmd {cmd!r}"}}, False


def serve(stdin: IO[str], stdout: IO[str], implementation: dict[str, Any], run: Runner) -> int:
    """Answer requests line by line until ``stop`` or the end of input."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as e:
            response: dict[str, Any] = {"errored": True, "context": {"message": f"bad JSON: {e.msg}"}}
            stop = False
        else:
            response, stop = handle(request, implementation, run)
        if stop:
            return 0
        stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


def ddz_implementation(variant: Variant) -> tuple[dict[str, Any], Runner]:
    """The handshake and the op runner of ddz itself."""
    impl = {
        "name": "ddz",
        "version": __version__,
        "ops": list(OPS),
        "variant": variant.name,
        "language": "python",
    }
    return impl, lambda op, inp: run_op(op, inp, variant)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ddz.protocol", description=__doc__)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args(argv)
    try:
        variant = Variant.parse(args.variant)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    return serve(sys.stdin, sys.stdout, *ddz_implementation(variant))


if __name__ == "__main__":
    sys.exit(main())
