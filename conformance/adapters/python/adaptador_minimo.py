"""A minimal adapter: the ddz engine behind the conformance protocol, in one readable file.

Adaptador mínimo: el motor ddz detrás del protocolo de conformidad (docs/conformidad/protocolo.md).

Copy it and replace the three ``ddz`` calls by your engine's. It reads one JSON request per line
on stdin and writes exactly one JSON line per request on stdout, flushed:

- ``start`` -> the handshake: name, version, the ops it answers, its variant;
- ``run`` -> ``{"seq": N, "result": {...}}`` for ``classify``, ``beats`` and ``legal``; any other op
  is declined with ``skipped``; a request it cannot read gets ``errored``, and the loop goes on;
- ``stop`` -> exit 0.

    ddz-conformance run --impl "python3 conformance/adapters/python/adaptador_minimo.py"
"""

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from ddz import Play, analyze, compare, legal_plays  # your engine here

Json = dict[str, Any]

HANDSHAKE = {
    "name": "adaptador-minimo",
    "version": "0.1.0",
    "ops": ["classify", "beats", "legal"],
    "language": "python",  # optional: the language and homepage are shown in the report
    "homepage": "https://example.org/adaptador-minimo",
}


def classify(inp: Json) -> Json:
    got = analyze(inp["cards"])
    if isinstance(got, Play):  # a play: its kind id, the rank that decides, the chain length
        return {"kind": got.kind, "rank": got.rank_symbol, "chain": got.chain}
    return {"kind": "invalid", "reason": got.reason}  # reason is informative: any code will do


def beats(inp: Json) -> Json:
    return {"beats": compare(inp["play"], inp["table"]).beats}


def legal(inp: Json) -> Json:  # the runner compares plays as a set, in canonical notation
    return {"plays": [str(p) for p in legal_plays(inp["hand"], inp.get("table"))]}


OPS: dict[str, Callable[[Json], Json]] = {"classify": classify, "beats": beats, "legal": legal}


def answer(line: str) -> Json | None:
    """The reply to one request line (None for stop)."""
    try:
        req = json.loads(line)
        if req["cmd"] == "start":
            return {"version": 1, "implementation": HANDSHAKE}
        if req["cmd"] == "stop":
            return None
        seq = req["seq"]
    except Exception as e:  # not JSON, not an object, no cmd or seq: errored, never a crash
        return {"seq": None, "errored": True, "context": {"message": f"bad request: {e!r}"}}
    op = OPS.get(req.get("op"))
    if op is None:
        return {"seq": seq, "skipped": True, "message": f"no op {req.get('op')!r}"}
    try:
        return {"seq": seq, "result": op(req["input"])}
    except Exception as e:
        return {"seq": seq, "errored": True, "context": {"message": f"{type(e).__name__}: {e}"}}


try:
    for line in sys.stdin:
        if line.strip():
            reply = answer(line)
            if reply is None:
                break
            print(json.dumps(reply), flush=True)
except BrokenPipeError:  # the runner went away: end quietly (stdout to /dev/null for the last flush)
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
