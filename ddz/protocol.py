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
from typing import IO, Any

from . import __version__
from .ops import OPS, OpError, run_op
from .variants import Variant

PROTOCOL_VERSION = 1


def handle(request: Any, variant: Variant) -> tuple[dict[str, Any], bool]:
    """The response to one request, and whether to stop."""
    if not isinstance(request, dict):
        return {"errored": True, "context": {"message": "request must be a JSON object"}}, False
    cmd = request.get("cmd")
    if cmd == "start":
        impl = {
            "name": "ddz",
            "version": __version__,
            "ops": list(OPS),
            "variant": variant.name,
            "language": "python",
        }
        return {"version": PROTOCOL_VERSION, "implementation": impl}, False
    if cmd == "stop":
        return {"ok": True}, True
    if cmd == "run":
        seq = request.get("seq")
        try:
            result = run_op(request.get("op", ""), request.get("input", {}), variant)
        except OpError as e:
            return {"seq": seq, "errored": True, "context": {"message": str(e)}}, False
        except Exception as e:
            return {"seq": seq, "errored": True, "context": {"message": f"{type(e).__name__}: {e}"}}, False
        return {"seq": seq, "result": result}, False
    return {"errored": True, "context": {"message": f"unknown cmd {cmd!r}"}}, False


def serve(stdin: IO[str], stdout: IO[str], variant: Variant) -> int:
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as e:
            response: dict[str, Any] = {"errored": True, "context": {"message": f"bad JSON: {e.msg}"}}
            stop = False
        else:
            response, stop = handle(request, variant)
        if stop:
            return 0
        stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ddz.protocol", description=__doc__)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args(argv)
    try:
        variant = Variant.parse(args.variant)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    return serve(sys.stdin, sys.stdout, variant)


if __name__ == "__main__":
    sys.exit(main())
