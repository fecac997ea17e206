"""``ddz-conformance check``: lint the corpus itself so that a wrong case cannot hide."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from ..cards import NotationError, parse
from ..variants import STANDARD, Variant
from .corpus import (
    MAX_RULES_FILE,
    Case,
    CorpusError,
    corpus_dir,
    iter_cases,
    load_files,
    packaged_dir,
    read_corpus_file,
    rule_ids,
)
from .runner import InProcess, run_case

_CARD_FIELDS = ("cards", "play", "table", "hand", "kitty")


def _card_strings(case: Case) -> list[str]:
    inp = case.input
    out = [inp[k] for k in _CARD_FIELDS if isinstance(inp.get(k), str)]
    out += [h for h in inp.get("hands", []) if isinstance(h, str)]
    out += [p for p in inp.get("plays", []) if isinstance(p, str) and p != "p"]
    exp = case.expect
    out += [p for p in exp.get("plays", []) if isinstance(p, str)]
    out += [h for h in exp.get("hands", []) if isinstance(h, str)]
    return out


def repository_paths(repo: Path) -> tuple[Path | None, Path | None]:
    """The pytest folder and the source documents of a checkout at ``repo`` (None where absent):
    an installed wheel carries neither, so the caller names the checkout (``--repo``)."""
    tests, sources = repo / "tests", repo / "conformance" / "sources"
    return (tests if tests.is_dir() else None, sources if sources.is_dir() else None)


def check(root: Path | None = None, tests: Path | None = None, sources: Path | None = None) -> list[str]:
    """All problems found in the corpus (empty when it is sound).

    A rule without cases (UI, counter) passes when a test file in ``tests`` names it; every
    group's ``quote`` must be found, word for word, in a paragraph its ``source`` cites among the
    source documents at ``sources``. Without ``tests`` (or ``sources``) those two checks are not
    made: the caller says so (``ddz-conformance check`` prints which checks it skipped).
    """
    from .schemas import packaged_validator, validator

    base = root or corpus_dir()
    problems: list[str] = []
    schema_path = base / "schemas" / "case-file.schema.json"
    if not schema_path.is_file():  # a corpus copied without its schemas: check against the packaged one
        schema_path = packaged_dir() / "schemas" / "case-file.schema.json"
    try:
        schema = json.loads(read_corpus_file(schema_path, MAX_RULES_FILE))
    except (CorpusError, ValueError, RecursionError) as e:
        return [f"cannot read the case schema {str(schema_path)!r}: {str(e)[:120]}"]
    files = load_files(base)
    if not files:
        return [f"no case files under {base / 'cases'}"]
    case_file = validator(schema)
    for path, doc in files:
        for err in case_file.iter_errors(doc):
            loc = "/".join(map(str, err.absolute_path))
            problems.append(f"{path.name}: {loc}: {err.message}")
        if isinstance(doc, dict) and path.parent.name != doc.get("op"):
            problems.append(f"{path}: op {doc.get('op')!r} does not match its folder")
    if problems:
        return problems
    cases = list(iter_cases(files))
    for c in cases:  # a test's input joined to its group's: the op's whole input
        for err in packaged_validator("ops", f"#/$defs/ops/{c.op}/input").iter_errors(c.input):
            problems.append(f"{c.id}: input: {err.message}")
    for cid, n in Counter(c.id for c in cases).items():
        if n > 1:
            problems.append(f"duplicate case id {cid} ({n} times)")
    declared = rule_ids(base)
    for rid, n in Counter(declared).items():
        if n > 1:
            problems.append(f"rules.md declares {rid} {n} times")
    known = set(declared)
    covered: set[str] = set()
    for c in cases:
        for rid in c.rules:
            if rid not in known:
                problems.append(f"{c.id}: unknown rule id {rid}")
        covered.update(c.rules)
        for s in _card_strings(c):
            if c.op == "notation" and s == c.input.get("cards"):
                continue
            try:
                parse(s)
            except NotationError as e:
                problems.append(f"{c.id}: {s!r} is not a possible set of cards ({e.message})")
    if sources is not None:
        problems += check_quotes(cases, sources)
    tests_text = "" if tests is None else _tests_text(tests)
    for rid in declared:
        if rid in covered or tests is None:
            continue
        if re.search(rf"\b{re.escape(rid)}\b", tests_text):
            continue  # a rule outside the protocol (UI, counter) checked by a named pytest test
        problems.append(f"rule {rid} has no case")
    problems += _both_sides(cases, declared)
    problems += _agree_with_ddz(cases)
    return problems


_TWO_SIDED = re.compile(
    r"^(R-KIND-(1[0-4]|[1-9])|R-CHAIN-1|R-CMP-[1-5]|R-ONE-[2-4]|R-BID-[2-5]|R-SCORE-[245])$"
)
"""Rules that have both a positive and a negative side, and so need a case of each."""

_SCORE_SIDES: dict[str, str] = {"R-SCORE-2": "multiplier", "R-SCORE-4": "spring", "R-SCORE-5": "antispring"}
"""Scoring rules whose side is read from the scored result: it doubled, it was a spring…"""


def positive(case: Case, rule: str = "") -> bool | None:
    """Whether a case shows the rule allowing something (a play, a win, a landlord, a spring…);
    None when the case says nothing about that side of ``rule`` (an error for a scoring rule)."""
    e = case.expect
    if rule in _SCORE_SIDES:
        if "scores" not in e:
            return None
        value: Any = e.get(_SCORE_SIDES[rule])
        return bool(value) and (rule != "R-SCORE-2" or value > 1)
    if case.op == "classify":
        return e.get("kind") != "invalid"
    if case.op == "beats":
        return bool(e.get("beats"))
    if case.op == "legal":
        return bool(e.get("plays"))
    return "error" not in e


def _both_sides(cases: list[Case], declared: list[str]) -> list[str]:
    sides: dict[str, set[bool]] = {}
    for c in cases:
        for rid in c.rules:
            side = positive(c, rid)
            if side is not None:
                sides.setdefault(rid, set()).add(side)
    return [
        f"rule {rid} needs a positive and a negative case (has only {'positive' if True in sides.get(rid, set()) else 'negative'} ones)"
        for rid in declared
        if _TWO_SIDED.match(rid) and len(sides.get(rid, set())) < 2
    ]


_CITATION = re.compile(r"\b(\d{3})((?:[\s,;–-]*¶\d+)+)")


def cited_paragraphs(source: str) -> list[tuple[str, int]]:
    """The (document, paragraph) pairs a ``source`` cites: ``000 ¶8–¶10; 002 ¶3, ¶12`` gives
    000 ¶8, ¶9, ¶10, 002 ¶3 and ¶12 (a paragraph is a non-empty line of the document)."""
    out: list[tuple[str, int]] = []
    for doc, refs in _CITATION.findall(source):
        for lo, hi in re.findall(r"¶(\d+)(?:\s*[–-]\s*¶(\d+))?", refs):
            out += [(doc, n) for n in range(int(lo), int(hi or lo) + 1)]
    return out


def _paragraphs(sources: Path) -> dict[str, list[str]]:
    out = {}
    for path in sorted(sources.glob("[0-9][0-9][0-9]_*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        out[path.name[:3]] = [" ".join(line.split()) for line in lines if line.strip()]
    return out


def check_quotes(cases: list[Case], sources: Path) -> list[str]:
    """Each group's quotes appear verbatim (spacing aside) in a paragraph that its source cites."""
    docs = _paragraphs(sources)
    problems: list[str] = []
    seen: set[str] = set()
    for c in cases:
        if c.group in seen:
            continue
        seen.add(c.group)
        cited = cited_paragraphs(c.source)
        if not cited:
            problems.append(f"group {c.group}: its source {c.source!r} cites no paragraph of the documents")
        texts = [docs[d][n - 1] for d, n in cited if d in docs and 0 < n <= len(docs[d])]
        for q in c.quote:
            if not any(" ".join(q.split()) in t for t in texts):
                problems.append(f"group {c.group}: quote not found in {c.source}: {q[:60]!r}")
    return problems


def _tests_text(folder: Path) -> str:
    if not folder.is_dir():
        return ""
    return "\n".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py"))


def _agree_with_ddz(cases: list[Case]) -> list[str]:
    problems = []
    variants = {STANDARD} | {Variant.parse(f) for c in cases for f in c.variants}
    engines = {v: InProcess(v) for v in variants}
    for c in cases:
        for v in {STANDARD} | {Variant.parse(f) for f in c.variants}:
            out = run_case(engines[v], c)
            if out.status != "passed" or out.informative:
                problems.append(
                    f"{c.id} [{v.name}]: ddz gives {out.actual or out.message}, case expects {out.expected}"
                )
    return problems


def summary(root: Path | None = None) -> dict[str, Any]:
    cases = list(iter_cases(load_files(root)))
    return {
        "cases": len(cases),
        "files": len({c.file for c in cases}),
        "rules": len(rule_ids(root)),
        "ops": dict(Counter(c.op for c in cases)),
    }
