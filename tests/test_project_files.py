"""The files a next contributor reads first are true: the changelog names the current corpus and the
version, CONTRIBUTING.md names checks that exist, the licence is the one declared."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from ddz.conformance.report import corpus_info

ROOT = Path(__file__).resolve().parents[1]


def _sections(text: str) -> list[tuple[str, str]]:
    """``(heading, body)`` of each ``## [...]`` section of the changelog, newest first."""
    parts = re.split(r"^## \[([^\]]+)\].*$", text, flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def test_the_changelog_names_the_current_corpus() -> None:
    """A change of expected results is a changelog entry: the newest section names the corpus hash."""
    sections = _sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    heading, body = sections[0]
    hashes = re.findall(r"sha256:[0-9a-f]{64}", body)
    assert hashes, f"the newest section, [{heading}], names no corpus hash"
    assert hashes[0] == corpus_info()["hash"], (
        f"the corpus changed: note it in CHANGELOG.md under [{heading}] with its hash {corpus_info()['hash']}"
    )


def test_the_changelog_has_a_section_for_the_version() -> None:
    init = (ROOT / "ddz" / "__init__.py").read_text(encoding="utf-8")
    (version,) = re.findall(r'^__version__ = "([^"]+)"$', init, flags=re.M)
    headings = [h for h, _ in _sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))]
    assert headings[0] == "Unreleased" or headings[0] == version
    assert version in headings, f"CHANGELOG.md has no section [{version}]"


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")}


def test_contributing_names_checks_that_exist() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    refs = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", text)
    assert len(refs) >= 10, "each recipe names the test that enforces it"
    for path, name in refs:
        assert name in _test_names(ROOT / path), f"CONTRIBUTING.md names {path}::{name}, which does not exist"
    for path in re.findall(r"`((?:ddz|tests|tools|tutorial|docs)/[\w/.-]+\.(?:py|md|json|yaml))", text):
        assert (ROOT / path).exists(), f"CONTRIBUTING.md names {path}, which does not exist"
    for recipe in ("add a rule", "add a corpus case", "add a message code", "add an annotated hand"):
        body = text.split(f"## Recipe: {recipe}", 1)[1].split("\n## ", 1)[0]
        assert "Enforced by" in body, recipe


@pytest.mark.parametrize("name", ["_TWO_SIDED", "CATALOG", "check_claims"])
def test_contributing_names_code_that_exists(name: str) -> None:
    where = {
        "_TWO_SIDED": "ddz/conformance/check.py",
        "CATALOG": "ddz/messages.py",
        "check_claims": "tutorial/logic.py",
    }
    assert name in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert re.search(rf"^(def )?{name}\b", (ROOT / where[name]).read_text(encoding="utf-8"), flags=re.M)


def test_the_licence_is_the_one_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
