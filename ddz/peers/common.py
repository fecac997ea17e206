"""Shared plumbing of the peer adapters: a protocol server around three functions."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from ..cards import ACE, NUM_RANKS, RANKS, NotationError, parse

Op = Callable[[dict[str, Any]], dict[str, Any]]


def serve(name: str, version: str, ops: dict[str, Op], variant: str = "standard") -> int:
    """Answer the conformance protocol on stdin/stdout with the given op functions."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except json.JSONDecodeError as e:
            out: dict[str, Any] = {"errored": True, "context": {"message": f"bad JSON: {e.msg}"}}
        else:
            cmd = req.get("cmd") if isinstance(req, dict) else None
            if cmd == "stop":
                return 0
            if cmd == "start":
                out = {
                    "version": 1,
                    "implementation": {
                        "name": name,
                        "version": version,
                        "ops": list(ops),
                        "variant": variant,
                    },
                }
            elif cmd == "run":
                seq = req.get("seq")
                op = ops.get(str(req.get("op")))
                if op is None:
                    out = {"seq": seq, "skipped": True, "message": f"{name} has no op {req.get('op')}"}
                else:
                    try:
                        out = {"seq": seq, "result": op(req.get("input") or {})}
                    except Exception as e:
                        out = {
                            "seq": seq,
                            "errored": True,
                            "context": {"message": f"{type(e).__name__}: {e}"},
                        }
            else:
                out = {"errored": True, "context": {"message": f"unknown cmd {cmd!r}"}}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


def canonical(cards: str) -> str:
    """Our canonical spelling (raises NotationError for impossible sets)."""
    return str(parse(cards))


def chain_top(cards: str, width: int, length: int) -> str:
    """The ranking card of a body of ``length`` ranks × ``width`` copies inside ``cards``:
    the highest such run (peers report a type, not the body, so the adapter derives it)."""
    counts = parse(cards).counts
    limit = ACE if length > 1 else NUM_RANKS - 1
    for top in range(limit, length - 2, -1):
        if all(counts[r] >= width for r in range(top - length + 1, top + 1)):
            return RANKS[top]
    return "?"


__all__ = ["NotationError", "canonical", "chain_top", "serve"]
