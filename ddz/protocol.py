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
from .outside import printable, printable_json, silence
from .variants import Variant

PROTOCOL_VERSION = 1


Runner = Callable[[str, dict[str, Any]], dict[str, Any]]
"""Runs one op on its input and returns the result; raises to report ``errored``
(or :class:`Unsupported` to report ``skipped``)."""


class Unsupported(Exception):
    """Raised by a runner that cannot answer this one request (``skipped``, with the message)."""


def _errored(message: str, seq: int | None = None) -> dict[str, Any]:
    return {"seq": seq, "errored": True, "context": {"message": message}}


def handle(request: Any, implementation: dict[str, Any], run: Runner) -> tuple[dict[str, Any], bool]:
    """The response to one request, and whether to stop. Never raises."""
    if not isinstance(request, dict):
        return _errored("request must be a JSON object"), False
    cmd = request.get("cmd")
    if cmd == "start":
        return {"version": PROTOCOL_VERSION, "implementation": implementation}, False
    if cmd == "stop":
        return {"ok": True}, True
    if cmd == "run":
        seq, op = request.get("seq"), request.get("op", "")
        if not isinstance(seq, int) or isinstance(seq, bool):
            return _errored("seq must be an integer"), False
        if not isinstance(op, str) or op not in OPS:
            return _errored(f"unknown op {_short(op)}", seq), False
        if op not in implementation.get("ops", ()):
            return {
                "seq": seq,
                "skipped": True,
                "message": f"{implementation.get('name')} has no op {op}",
            }, False
        try:
            result = run(op, request.get("input", {}))
        except Unsupported as e:
            return {"seq": seq, "skipped": True, "message": str(e)}, False
        except Exception as e:
            message = str(e) if isinstance(e, OpError) else f"{type(e).__name__}: {e}"
            return _errored(message, seq), False
        return {"seq": seq, "result": result}, False
    return _errored(f"unknown cmd {_short(cmd)}"), False


def _short(value: Any, limit: int = 60) -> str:
    """A bounded ``repr`` for messages (a hostile value may be huge)."""
    text = repr(value) if isinstance(value, str | int | float | bool | type(None)) else type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def respond(line: str, implementation: dict[str, Any], run: Runner) -> tuple[str, bool]:
    """The response line (without newline) to one request line, and whether to stop.

    Never raises: malformed JSON, nesting too deep for the parser, integers over Python's
    digit limit and lone surrogates all get an ``errored`` line.
    """
    try:
        request = json.loads(line)
    except json.JSONDecodeError as e:
        return json.dumps(_errored(f"bad JSON: {e.msg}")), False
    except (ValueError, RecursionError) as e:  # int digit limit, nesting
        return json.dumps(_errored(f"bad JSON: {type(e).__name__}")), False
    try:
        response, stop = handle(request, implementation, run)
        text = printable_json(response)  # what a request echoes never acts on a terminal
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate echoed from the input
            text = json.dumps(response)
    except Exception as e:  # last resort: the server never dies
        seq = request.get("seq") if isinstance(request, dict) else None
        ok_seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else None
        return json.dumps(_errored(f"internal error: {type(e).__name__}", ok_seq)), False
    return text, stop


MAX_REQUEST = 1 << 20
"""A request line longer than this (characters) gets an ``errored`` answer unread (the bounds
of a record, see :mod:`ddz.records`, fit many times over)."""


def serve(stdin: IO[str], stdout: IO[str], implementation: dict[str, Any], run: Runner) -> int:
    """Answer requests line by line until ``stop`` or the end of input; a reader that goes away
    (a closed pipe) ends the server quietly, never with a traceback."""
    try:
        return _serve(stdin, stdout, implementation, run)
    except BrokenPipeError:
        silence(stdout)
        return 0


def _serve(stdin: IO[str], stdout: IO[str], implementation: dict[str, Any], run: Runner) -> int:
    while True:
        line = stdin.readline(MAX_REQUEST + 1)
        if not line:
            break
        if len(line) > MAX_REQUEST and not line.endswith("\n"):
            while line and not line.endswith("\n"):  # drop the rest of the line, in bounded pieces
                line = stdin.readline(MAX_REQUEST)
            stdout.write(json.dumps(_errored(f"request line longer than {MAX_REQUEST} characters")) + "\n")
            stdout.flush()
            continue
        if not line.strip():
            continue
        text, stop = respond(line, implementation, run)
        if stop:
            return 0
        stdout.write(text + "\n")
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
        print(printable(str(e)), file=sys.stderr)
        return 2
    # Bytes that are not UTF-8 become U+FFFD (and then an errored answer), never a crash.
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return serve(sys.stdin, sys.stdout, *ddz_implementation(variant))


if __name__ == "__main__":
    sys.exit(main())
