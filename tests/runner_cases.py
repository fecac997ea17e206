"""A one-case corpus for runner tests: every case expects the answer "a single 3"."""

from __future__ import annotations

from ddz.conformance.corpus import Case


def single_three(cards: str = "3", cid: str = "") -> Case:
    """A classify case on ``cards`` that expects a single 3 (the fakes always answer that)."""
    expect = {"kind": "single", "rank": "3", "chain": 1}
    return Case(cid or f"t.{cards}", "classify", {"cards": cards}, expect, (), "", "t", "", "", "")
