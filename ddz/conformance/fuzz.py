"""Differential fuzzing: hypothesis asks ddz and another implementation the same questions
and shrinks every disagreement to a minimal example, with the rule ids involved."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

from ..cards import MAX_COPIES, RANKS
from ..compare import compare
from ..ops import run_op
from ..outside import printable, printable_json
from ..plays import KIND_RULES, Play, analyze
from .runner import ImplError, Skip, Subprocess, show_progress

_DECK = [RANKS[r] for r in range(15) for _ in range(MAX_COPIES[r])]


@dataclass
class Disagreement:
    op: str
    input: dict[str, Any]
    ddz: Any
    other: Any
    rules: list[str] = field(default_factory=list)

    def signature(self) -> str:
        return json.dumps([self.op, _shape(self.ddz), _shape(self.other)], sort_keys=True)


def _shape(result: Any) -> Any:
    if isinstance(result, dict):
        if "kind" in result:
            return result["kind"] + (":" + str(result.get("reason")) if result["kind"] == "invalid" else "")
        if "beats" in result:
            return result["beats"]
        if "plays" in result:
            return "plays"
    return str(result)[:40]


def _rules_of(cards: str) -> list[str]:
    got = analyze(cards)
    return [KIND_RULES[got.kind]] if isinstance(got, Play) else [got.rule]


def _agree(op: str, a: Any, b: Any) -> bool:
    if op == "classify":
        keys = ("kind", "rank", "chain") if a.get("kind") != "invalid" else ("kind",)
        return all(a.get(k) == b.get(k) for k in keys)
    if op == "beats":
        return bool(a.get("beats")) == bool(b.get("beats"))
    return sorted(a.get("plays", [])) == sorted(b.get("plays", []))


def fuzz_impl(impl: Subprocess, examples: int, seed: int, rounds: int = 6) -> list[Disagreement]:
    """Up to ``rounds`` distinct, shrunk disagreements per op."""
    from hypothesis import strategies as st

    def cards(min_size: int = 1, max_size: int = 20) -> st.SearchStrategy[str]:
        idx = st.lists(st.integers(0, 53), min_size=min_size, max_size=max_size, unique=True)
        return idx.map(lambda ix: "".join(sorted((_DECK[i] for i in ix), key=RANKS.index)))

    def structured() -> st.SearchStrategy[str]:
        # Bias towards near-plays: a legal play plus or minus a card or two.
        from ..cards import FULL_DECK
        from ..moves import legal_plays

        pool = [str(p) for p in legal_plays(FULL_DECK)][::7]
        extra = st.lists(st.sampled_from(RANKS), max_size=2)
        return st.tuples(st.sampled_from(pool), extra).map(
            lambda t: "".join(sorted(t[0] + "".join(t[1]), key=RANKS.index))
        )

    def fours() -> st.SearchStrategy[str]:
        # Four of a rank plus a few extra cards: where the four restrictions bite.
        extra = st.lists(st.sampled_from(RANKS), min_size=1, max_size=4)
        return st.tuples(st.sampled_from(RANKS[:13]), extra).map(
            lambda t: "".join(sorted(t[0] * 4 + "".join(t[1]), key=RANKS.index))
        )

    def trios() -> st.SearchStrategy[str]:
        # Consecutive trios with trio-shaped or joker kickers.
        return st.tuples(
            st.integers(0, 9), st.integers(2, 4), st.lists(st.sampled_from(RANKS), max_size=4)
        ).map(
            lambda t: "".join(
                sorted(
                    "".join(RANKS[r] * 3 for r in range(t[0], min(t[0] + t[1], 12))) + "".join(t[2]),
                    key=RANKS.index,
                )
            )
        )

    def valid(s: str) -> bool:
        return all(s.count(r) <= MAX_COPIES[i] for i, r in enumerate(RANKS))

    found: list[Disagreement] = []
    seen: set[str] = set()
    ops: dict[str, Any] = {
        "classify": st.one_of(cards(), structured(), fours(), trios())
        .filter(valid)
        .map(lambda s: {"cards": s}),
        "beats": st.tuples(
            st.one_of(structured(), fours()).filter(valid), st.one_of(structured(), fours()).filter(valid)
        ).map(lambda t: {"play": t[0], "table": t[1]}),
        "legal": st.tuples(
            st.one_of(cards(1, 12), fours().filter(valid)), st.one_of(st.none(), structured().filter(valid))
        ).map(lambda t: {"hand": t[0], "table": t[1]}),
    }
    for op, strategy in ops.items():
        if impl.ops and op not in impl.ops:
            continue
        if show_progress():
            print(f"fuzz: {op} ({examples} examples per round)…", file=sys.stderr, flush=True)
        for _ in range(rounds):
            box: dict[str, Disagreement] = {}
            probe = _make_probe(impl, op, strategy, examples, seen, box)
            try:
                probe()
            except Exception as e:  # hypothesis may group several failures
                if impl.given_up:
                    raise ImplError(impl.given_up) from None
                if not isinstance(e, AssertionError):
                    raise
                d = box["d"]
                d.rules = _rules_for(d)
                seen.add(d.signature())
                found.append(d)
                continue
            if impl.given_up:
                raise ImplError(impl.given_up)
            break
    return found


def _make_probe(
    impl: Subprocess, op: str, strategy: Any, examples: int, seen: set[str], box: dict[str, Disagreement]
) -> Any:
    from hypothesis import HealthCheck, given, settings

    @settings(
        max_examples=examples,
        database=None,
        derandomize=True,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(strategy)
    def probe(inp: dict[str, Any]) -> None:
        if impl.given_up:
            return
        if (
            op == "legal"
            and inp.get("table") is not None
            and not isinstance(analyze(inp["table"], impl.variant), Play)
        ):
            return
        mine = run_op(op, inp, impl.variant)  # ddz under the variant the implementation declares
        try:
            theirs = impl.run(op, inp)
        except Skip:
            return  # the implementation cannot answer this input (e.g. a position it cannot build)
        except ImplError as e:
            if impl.given_up:  # no point asking again: fuzz_impl stops the whole run
                return
            theirs = {"errored": str(e)}
        if _agree(op, mine, theirs):
            return
        d = Disagreement(op, inp, mine, theirs)
        if d.signature() in seen:
            return
        box["d"] = d
        raise AssertionError(d.signature())

    return probe


def _rules_for(d: Disagreement) -> list[str]:
    if d.op == "classify":
        return _rules_of(d.input["cards"])
    if d.op == "beats":
        return [compare(d.input["play"], d.input["table"]).rule]
    mine, theirs = (
        set(d.ddz.get("plays", [])),
        set(d.other.get("plays", []) if isinstance(d.other, dict) else []),
    )
    rules: list[str] = []
    for p in sorted(mine ^ theirs)[:3]:
        rules += _rules_of(p)
    return sorted(set(rules))


def fuzz(command: str, examples: int, seed: int, timeout: float) -> int:
    impl = Subprocess(command, timeout=timeout)
    impl.start()
    try:
        found = fuzz_impl(impl, examples, seed)
    finally:
        impl.close()
    for d in found:
        print(
            printable_json({"op": d.op, "input": d.input, "ddz": d.ddz, impl.name: d.other, "rules": d.rules})
        )
    print(f"{len(found)} disagreements found with {printable(impl.name)}", file=sys.stderr)
    return 1 if found else 0
