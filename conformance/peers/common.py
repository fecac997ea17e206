"""Shared plumbing of the peer adapters: a protocol server around three functions."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from ddz.cards import ACE, NUM_RANKS, RANKS, NotationError, parse

Op = Callable[[dict[str, Any]], dict[str, Any]]


def serve(
    name: str,
    version: str,
    ops: dict[str, Op],
    variant: str = "standard",
    *,
    language: str,
    homepage: str,
) -> int:
    """Answer the conformance protocol on stdin/stdout with the given op functions; the handshake
    names the peer's ``language`` and ``homepage`` (shown in the report)."""
    from ddz.protocol import serve as serve_protocol

    impl = {
        "name": name,
        "version": version,
        "ops": list(ops),
        "variant": variant,
        "language": language,
        "homepage": homepage,
    }
    return serve_protocol(sys.stdin, sys.stdout, impl, lambda op, inp: ops[op](inp))


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


__all__ = ["NotationError", "Op", "canonical", "chain_top", "serve"]
