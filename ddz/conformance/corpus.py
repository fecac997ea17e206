"""Loading the YAML corpus: ``cases/<op>/*.yaml``, ``rules.md`` and ``schemas/``.

The corpus ships inside the package (``ddz/conformance/data/``, read through
:mod:`importlib.resources`), so an installed wheel finds it from any directory;
``DDZ_CORPUS`` or ``ddz-conformance run --corpus PATH`` point at another copy.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from ..outside import NotAFile, TooLarge, read_capped
from ..variants import Variant

INFORMATIVE_KEYS = frozenset({"reason", "phase", "message"})
"""Result keys that explain an answer without being the answer (reason codes, the phase of a
``game`` error, messages). An implementation may omit them; a different value is reported as an
informative difference, never a failure. Every other key of an expected result is normative."""


def packaged_dir() -> Path:
    """The corpus shipped inside the package: ``ddz/conformance/data/``."""
    return Path(str(files("ddz.conformance") / "data"))


def corpus_dir() -> Path:
    """The corpus folder in use: ``DDZ_CORPUS`` when set, else the packaged one."""
    env = os.environ.get("DDZ_CORPUS")
    if env:
        return Path(env)
    return packaged_dir()


class CorpusError(Exception):
    """No usable corpus where one was asked for (a run must never pass on zero cases)."""


MAX_CASE_FILE = 4 << 20
"""A case file larger than this (bytes) is refused before it is parsed."""


@dataclass(frozen=True)
class Case:
    """One test of the corpus."""

    id: str
    op: str
    input: dict[str, Any]
    expect: dict[str, Any]
    rules: tuple[str, ...]
    note: str
    group: str
    group_title: str
    source: str
    file: str
    quote: tuple[str, ...] = ()
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def anchor(self) -> str:
        """Stable HTML anchor for docs and app links."""
        return "case-" + re.sub(r"[^a-z0-9]+", "-", self.id.lower()).strip("-")

    def expected(self, variant: Variant) -> dict[str, Any]:
        """The expected result under ``variant`` (the last matching flag wins)."""
        result = self.expect
        for flag in variant.flags:
            if flag in self.variants:
                result = self.variants[flag]
        return result


MAX_CASE_DEPTH = 64
"""A case file nested deeper than this is refused while it is read (the real ones nest 6 deep)."""
MAX_RULES_FILE = 1 << 20
"""``rules.md`` and the schemas of a corpus larger than this (bytes) are refused unread."""


def _case_loader() -> type:
    """PyYAML's safe loader, refusing aliases (no billion laughs, no circular data) and nesting
    deeper than :data:`MAX_CASE_DEPTH` (no recursion error) while it composes the document."""
    import yaml
    from yaml.composer import ComposerError

    class CaseLoader(yaml.SafeLoader):
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise ComposerError(None, None, "aliases (*name) are not allowed in a case file", mark)
            self.depth += 1
            try:
                if self.depth > MAX_CASE_DEPTH:
                    mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                    raise ComposerError(None, None, f"nested deeper than {MAX_CASE_DEPTH} levels", mark)
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    return CaseLoader


def read_corpus_file(path: Path, limit: int) -> str:
    """The text of a corpus file: a regular file of at most ``limit`` bytes, in UTF-8, or
    :class:`CorpusError` naming the file (a FIFO named ``*.yaml`` is never opened for reading)."""
    try:
        return read_capped(path, limit).decode("utf-8")
    except TooLarge:
        raise CorpusError(f"{path}: larger than {limit} bytes") from None
    except NotAFile:
        raise CorpusError(f"{path}: not a regular file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CorpusError(f"{path}: cannot read: {getattr(e, 'strerror', None) or e}") from None


def load_files(root: Path | None = None) -> list[tuple[Path, dict[str, Any]]]:
    import yaml

    base = (root or corpus_dir()) / "cases"
    loader = _case_loader()
    out = []
    for path in sorted(base.glob("*/*.yaml")):
        text = read_corpus_file(path, MAX_CASE_FILE)
        try:
            doc = yaml.load(text, Loader=loader)  # a safe loader, stricter still
        except yaml.YAMLError as e:
            where = getattr(e, "problem_mark", None)
            line = f" (line {where.line + 1})" if where is not None else ""
            problem = getattr(e, "problem", None) or type(e).__name__
            raise CorpusError(f"{path}: not valid YAML{line}: {problem}") from None
        except RecursionError:
            raise CorpusError(f"{path}: nested too deep to read") from None
        if not isinstance(doc, dict):
            raise CorpusError(f"{path}: a case file is a mapping with op and groups")
        out.append((path, doc))
    return out


def iter_cases(files: list[tuple[Path, dict[str, Any]]]) -> Iterator[Case]:
    for path, doc in files:
        for g in doc.get("groups", []):
            shared = g.get("input", {}) or {}
            for t in g.get("tests", []):
                yield Case(
                    id=f"{g['id']}.{t['id']}",
                    op=doc["op"],
                    input={**shared, **t.get("input", {})},
                    expect=t["expect"],
                    rules=tuple(t.get("rules", [])),
                    note=t.get("note", ""),
                    group=g["id"],
                    group_title=g.get("title", ""),
                    source=g.get("source", ""),
                    quote=tuple(g.get("quote", ())),
                    file=str(path.relative_to(path.parents[2])),
                    variants=t.get("variants", {}) or {},
                )


def load_cases(root: Path | None = None) -> list[Case]:
    """Every case of the corpus, in file order; :class:`CorpusError` for a malformed file
    (``ddz-conformance check`` says exactly what is wrong)."""
    files = load_files(root)
    try:
        return list(iter_cases(files))
    except (KeyError, TypeError, AttributeError) as e:
        raise CorpusError(
            f"a case file does not follow the case schema ({type(e).__name__}: {str(e)[:80]}); "
            "run ddz-conformance check --corpus on it"
        ) from None


def require_cases(root: Path | None = None) -> list[Case]:
    """Every case of the corpus at ``root``; raises :class:`CorpusError` when there are none."""
    base = root or corpus_dir()
    if not base.is_dir():
        raise CorpusError(f"the corpus folder {str(base)!r} does not exist")
    cases = load_cases(base)
    if not cases:
        raise CorpusError(f"no cases under {str(base / 'cases')!r} (expected cases/<op>/*.yaml)")
    return cases


def _rules_md(root: Path | None) -> str:
    path = (root or corpus_dir()) / "rules.md"
    try:
        return read_corpus_file(path, MAX_RULES_FILE)
    except CorpusError as e:
        raise CorpusError(f"cannot read the rule index: {e}") from None


def rule_ids(root: Path | None = None) -> list[str]:
    """Rule ids declared in ``rules.md`` (``### R-…`` headings), in order."""
    text = _rules_md(root)
    return re.findall(r"^### ([A-Z]+-[A-Z0-9-]+)\s*$", text, flags=re.M)


def rule_texts(root: Path | None = None) -> dict[str, str]:
    """Rule id -> its Spanish sentence (first paragraph line under the heading)."""
    text = _rules_md(root)
    out: dict[str, str] = {}
    for m in re.finditer(r"^### ([A-Z]+-[A-Z0-9-]+)\s*\n(.+)$", text, flags=re.M):
        out[m.group(1)] = m.group(2).strip()
    return out


def mismatches(expected: dict[str, Any], actual: Any) -> tuple[list[str], list[str]]:
    """The keys of ``expected`` that ``actual`` gets wrong: ``(normative, informative)``.

    Informative keys (:data:`INFORMATIVE_KEYS`) never fail a case: an implementation may omit
    them or spell them its own way; the runner reports them apart. ``plays`` is a set.
    """
    if not isinstance(actual, dict):
        return ["(result)"], []
    normative: list[str] = []
    informative: list[str] = []
    for key, want in expected.items():
        if key in INFORMATIVE_KEYS:
            if key in actual and actual[key] != want:
                informative.append(key)
            continue
        got = actual.get(key, _MISSING)
        if key == "plays":
            same = isinstance(got, list) and sorted(map(str, got)) == sorted(want)
        else:
            same = got == want
        if not same:
            normative.append(key)
    return normative, informative


_MISSING = object()


def matches(op: str, expected: dict[str, Any], actual: Any, informative: bool = True) -> bool:
    """Whether ``actual`` satisfies ``expected``; with ``informative`` (the default, used for
    ddz itself) the informative keys must match too when ``actual`` gives them."""
    normative, extra = mismatches(expected, actual)
    return not normative and not (informative and extra)


__all__ = [
    "Case",
    "CorpusError",
    "corpus_dir",
    "load_cases",
    "rule_texts",
]
