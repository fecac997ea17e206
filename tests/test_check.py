"""``ddz-conformance check`` finds every kind of broken corpus (so a wrong case cannot hide)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ddz.conformance.check import check, cited_paragraphs, repository_paths
from ddz.conformance.corpus import corpus_dir

ROOT = Path(__file__).resolve().parents[1]
REPO_SOURCES = ROOT / "conformance" / "sources"
REPO = {"tests": ROOT / "tests", "sources": REPO_SOURCES}


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(corpus_dir(), root)
    return root


def _edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / "cases" / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_real_corpus_is_sound() -> None:
    assert check(**REPO) == []


def test_wrong_expectation_is_caught(corpus: Path) -> None:
    _edit(
        corpus,
        "beats/compare.yaml",
        'input: {play: "KKK3", table: "QQQR"}, expect: {beats: true}',
        'input: {play: "KKK3", table: "QQQR"}, expect: {beats: false}',
    )
    assert any("KKK3-vs-QQQR" in p and "ddz gives" in p for p in check(corpus, **REPO))


def test_duplicate_id_unknown_rule_and_impossible_cards(corpus: Path) -> None:
    _edit(corpus, "classify/kinds.yaml", "{id: pair, rules: [R-KIND-2]", "{id: single-low, rules: [R-NOPE-1]")
    _edit(corpus, "classify/kinds.yaml", 'input: {cards: "33"}', 'input: {cards: "33333"}')
    problems = check(corpus, **REPO)
    assert any("duplicate case id classify.kinds.single-low" in p for p in problems)
    assert any("unknown rule id R-NOPE-1" in p for p in problems)
    assert any("'33333' is not a possible set of cards" in p for p in problems)


def test_uncovered_and_one_sided_rules(corpus: Path) -> None:
    new_rule = "R-" + "UNCOVERED-1"  # built, so that no test file names it
    rules = corpus / "rules.md"
    rules.write_text(
        rules.read_text(encoding="utf-8") + f"\n### {new_rule}\nNueva regla sin casos.\n", encoding="utf-8"
    )
    _edit(
        corpus,
        "classify/kinds.yaml",
        "{id: trios-not-consecutive, rules: [R-KIND-8]",
        "{id: trios-not-consecutive, rules: [R-KIND-0]",
    )
    _edit(
        corpus,
        "classify/restrictions.yaml",
        "{id: airplane-AAA222, rules: [R-CHAIN-1]",
        "{id: airplane-AAA222, rules: [R-KIND-0]",
    )
    problems = check(corpus, **REPO)
    assert f"rule {new_rule} has no case" in problems
    assert any(p.startswith("rule R-KIND-8 needs a positive and a negative case") for p in problems)


def test_schema_violation(corpus: Path) -> None:
    _edit(
        corpus,
        "notation/notation.yaml",
        'note: "Sin mayúsculas obligatorias',
        'nota: "Sin mayúsculas obligatorias',
    )
    assert any("note" in p or "nota" in p for p in check(corpus, **REPO))


def test_scoring_rules_need_both_sides(corpus: Path) -> None:
    case_id, rule = "almost-antispring", "R-SCORE-2"
    # Untag the only negative case of a scoring rule: check must ask for it back.
    path = corpus / "cases" / "game" / "hands.yaml"
    text = path.read_text(encoding="utf-8")
    head, tail = text.split(f"- id: {case_id}\n", 1)
    rules_line, rest = tail.split("\n", 1)
    path.write_text(f"{head}- id: {case_id}\n{rules_line.replace(rule + ', ', '')}\n{rest}", encoding="utf-8")
    assert any(
        p.startswith(f"rule {rule} needs a positive and a negative case") for p in check(corpus, **REPO)
    )


def test_quotes_are_checked_against_the_cited_paragraph(corpus: Path) -> None:
    # A quote that is not in the source, and a true quote under a source that does not cite its
    # paragraph (¶19's sentence cited as ¶18), are both reported.
    _edit(
        corpus,
        "beats/compare.yaml",
        "los acompañantes no aportan fuerza.",
        "los acompañantes aportan fuerza.",
    )
    _edit(corpus, "beats/compare.yaml", "source: 000 ¶19; 002 ¶10; 003 ¶13", "source: 000 ¶18; 002 ¶10")
    problems = check(corpus, **REPO)
    assert sum(p.startswith("group beats.body-only: quote not found") for p in problems) == 2


def test_every_group_needs_a_quote(corpus: Path) -> None:
    _edit(corpus, "bid/auction.yaml", "    quote:\n", "    quoted:\n")
    assert any("quote" in p for p in check(corpus, **REPO))


def test_citations_expand_ranges_and_lists() -> None:
    assert cited_paragraphs("000 ¶8–¶10; 002 ¶3, ¶12; decisiones D-EMPTY") == [
        ("000", 8),
        ("000", 9),
        ("000", 10),
        ("002", 3),
        ("002", 12),
    ]
    assert cited_paragraphs("convenciones del proyecto") == []


def test_the_sources_copy_is_the_shared_folder() -> None:
    """conformance/sources/ is a verbatim copy of the shared source folder that every developer and CI
    have (named ``seeds`` on disk)."""
    shared = REPO_SOURCES.parents[2] / "shared" / "seeds"
    ours = sorted(p.name for p in REPO_SOURCES.glob("*.txt"))
    assert ours == ["000_de8480d489e0684a.txt", "002_ab64ef985eb77096.txt", "003_83e57cb7b5e9d9be.txt"]
    if not shared.is_dir():
        pytest.skip("../shared/seeds is not beside this checkout")
    for name in ours:
        assert (REPO_SOURCES / name).read_bytes() == (shared / name).read_bytes(), name


def test_the_command_says_when_it_cannot_check_the_quotes(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside a checkout (an installed wheel) the quotes cannot be checked: the command says so,
    instead of a plain «ok»; from the checkout a broken quote fails it."""
    from ddz.conformance.cli import main

    assert repository_paths(tmp_path) == (None, None)
    assert repository_paths(ROOT) == (ROOT / "tests", REPO_SOURCES)
    assert main(["check", "--repo", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "NOT checked: the quotes against the source documents and rules named by tests" in out
    assert main(["check", "--repo", str(ROOT)]) == 0
    assert "NOT checked" not in capsys.readouterr().out
    _edit(corpus, "bid/auction.yaml", "exactamente un turno", "exactamente dos turnos")
    assert main(["check", "--corpus", str(corpus), "--repo", str(tmp_path)]) == 0
    assert main(["check", "--corpus", str(corpus), "--repo", str(ROOT)]) == 1
    assert "quote not found" in capsys.readouterr().out
