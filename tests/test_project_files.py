"""The files a next contributor reads first are true: the changelog names the current corpus and the
version, CONTRIBUTING.md names checks that exist, the licence is the one declared."""

from __future__ import annotations

import ast
import os
import re
import tomllib
from pathlib import Path

import pytest

from ddz.conformance.corpus import rule_ids
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


def test_the_changelog_s_corpus_line_is_written_by_a_tool(tmp_path: Path) -> None:
    """``make changelog`` (tools/changelog_corpus.py) writes the corpus line; nobody copies a hash."""
    from tools import changelog_corpus as tool

    assert "tools/changelog_corpus.py" in (ROOT / "Makefile").read_text(encoding="utf-8")
    info = corpus_info()
    path = tmp_path / "CHANGELOG.md"
    old = "Corpus: 3 cases, 2 rules, `sha256:" + "0" * 64 + "` (what changed)."
    path.write_text(f"# Changelog\n\n## [Unreleased]\n\n{old}\n\n## [0.1.0]\n\n{old}\n", encoding="utf-8")
    assert tool.main(["--check", "--file", str(path)]) == 1
    assert tool.main(["--file", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    new = f"Corpus: {info['cases']} cases, {len(rule_ids())} rules, `{info['hash']}` (what changed)."
    assert text.count(new) == 1 and text.endswith(f"## [0.1.0]\n\n{old}\n")
    assert tool.main(["--check", "--file", str(path)]) == 0
    bare = tmp_path / "bare.md"
    bare.write_text("# Changelog\n\n## [Unreleased]\n\n### Added\n", encoding="utf-8")
    tool.main(["--file", str(bare)])
    assert info["hash"] in _sections(bare.read_text(encoding="utf-8"))[0][1]
    assert tool.main(["--check"]) == 0, "CHANGELOG.md: run make changelog"


VAGUE = re.compile(
    r"^test_(?:.*_)?(?:issue|last|holes?|misc|more|extra|new|fixes|regressions?|stuff|\d+)(?:_|$)"
)
"""Test module names that say when or why a test was written, not what it tests."""


def test_test_files_are_named_by_subject() -> None:
    assert VAGUE.match("test_last_holes") and VAGUE.match("test_issue_21") and VAGUE.match("test_28")
    assert not VAGUE.match("test_records") and not VAGUE.match("test_spring_and_rocket")
    vague = [p.name for p in (ROOT / "tests").glob("test_*.py") if VAGUE.match(p.stem)]
    assert vague == [], "name the test file by what it tests"


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
    recipes = ["add a rule", "add a corpus case", "add a message code", "add an annotated hand"]
    for recipe in [*recipes, "add a peer adapter", "add an app page"]:
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


INDEX_INSTALL = re.compile(r"pip install\s+(?:-\S+\s+)*['\"]?ddz\b")
"""``pip install ddz`` / ``pip install 'ddz[conformance]'``: an install from the package index."""


def test_no_page_installs_ddz_from_the_package_index() -> None:
    """ddz is not on PyPI: the pages say to install it from a clone or from a wheel built there."""
    assert INDEX_INSTALL.search("pip install 'ddz[conformance]'") and INDEX_INSTALL.search(
        "pip install -U ddz"
    )
    assert not INDEX_INSTALL.search("pip install './dist/ddz-0.1.0-py3-none-any.whl[conformance]'")
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
    wrong = [str(p.relative_to(ROOT)) for p in pages if INDEX_INSTALL.search(p.read_text(encoding="utf-8"))]
    assert wrong == [], "ddz is not on the package index"
    implementers = (ROOT / "docs" / "conformidad" / "implementers.md").read_text(encoding="utf-8")
    assert "not on the Python package index" in implementers and ".whl[conformance]" in implementers


def test_make_checks_types_the_tools_the_minimal_adapter_and_the_tests_strictly() -> None:
    """``mypy --strict`` covers what implementers copy (the minimal adapter), the tools and the tests."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    (line,) = re.findall(r"^\t\$\(BIN\)/mypy (.+)$", makefile, flags=re.M)
    assert {"ddz", "conformance/peers", "conformance/adapters/python", "tools", "tutorial", "tests"} <= set(
        line.split()
    )
    assert (
        tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["strict"] is True
    )


ISSUE_NUMBER = re.compile(r"\bissues? " + r"\d+", flags=re.I)
"""A pointer into the project's issue tracker (built in two parts so this file does not match itself)."""

SOURCE_FOLDERS = ("ddz", "tutorial", "tests", "benchmarks", "truthcheck", "tools", "conformance")
SKIPPED_FOLDERS = re.compile(r"^(?:node_modules|\.venv.*|build)$")


def _source_files() -> list[Path]:
    """Every ``.py`` and ``.js`` file under :data:`SOURCE_FOLDERS`, outside installed or built folders."""
    found = []
    for folder in SOURCE_FOLDERS:
        for top, folders, names in os.walk(ROOT / folder):
            folders[:] = [f for f in folders if not SKIPPED_FOLDERS.match(f)]
            found += [Path(top) / name for name in names if name.endswith((".py", ".js"))]
    return sorted(found)


def test_code_names_no_issue_numbers() -> None:
    """Comments and docstrings say what the code does or guards, not which issue of the tracker asked for it."""
    n = 27  # the samples are built so that this file does not match itself
    assert ISSUE_NUMBER.search(f"(Issue {n}, point 3)") and ISSUE_NUMBER.search(f"issues {n} and 28")
    assert not ISSUE_NUMBER.search(f"tissue {n}") and not ISSUE_NUMBER.search("an issue of the layout")
    files = _source_files()
    assert ROOT / "tests" / "test_project_files.py" in files and ROOT / "ddz" / "__init__.py" in files
    hits = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if ISSUE_NUMBER.search(line)
    ]
    assert hits == [], "say what the code does or guards, not which issue asked for it: " + ", ".join(hits)
