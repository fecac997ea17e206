"""The versioned report: results.json is current with the corpus (a hash compare, no peer runs),
REPORT.md and the compliance pages are drawn from it, and it holds the implementations the
issue asks for."""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from ddz.conformance import pages
from ddz.conformance.corpus import corpus_dir, load_cases, rule_ids
from ddz.conformance.report import (
    PEERS,
    cell_text,
    corpus_digest,
    load_results,
    render,
    rule_cells,
    stale_reasons,
)

ROOT = Path(__file__).resolve().parents[1]
IMPL_PAGES = ROOT / "docs" / "conformidad" / "implementaciones"


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    return load_results()


def test_report_check_fails_on_stale_results_only(
    results: dict[str, Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whether the committed results are current is `make report-check`'s to fail on (the test run only
    warns, tests/conftest.py): a new corpus case must not fail the tests until every peer has run it."""
    from ddz.conformance import report

    current = copy.deepcopy(results)
    current["corpus"].update({k: report.corpus_info()[k] for k in ("hash", "ddz_version")})
    monkeypatch.setattr(report, "load_results", lambda: current)
    assert report.main(["--check"]) == 0
    assert "is current with the corpus" in capsys.readouterr().out
    current["corpus"]["hash"] = "sha256:" + "0" * 64
    assert report.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "results.json is stale — run `make report`" in out and "the corpus changed" in out


def test_report_md_is_rendered_from_results_json(results: dict[str, Any]) -> None:
    committed = (corpus_dir() / "REPORT.md").read_text(encoding="utf-8")
    assert committed == render(results), (
        "REPORT.md is not what results.json renders: `python -m ddz.conformance.report --render-only`"
    )


def test_the_digest_follows_expectations_not_notes() -> None:
    cases = load_cases()
    same = [dataclasses.replace(cases[0], note="another note"), *cases[1:]]
    assert corpus_digest(same) == corpus_digest(cases)
    changed = [dataclasses.replace(cases[0], expect={"kind": "invalid"}), *cases[1:]]
    assert corpus_digest(changed) != corpus_digest(cases)
    assert corpus_digest(cases[1:]) != corpus_digest(cases)


def test_a_changed_corpus_makes_the_results_stale(results: dict[str, Any]) -> None:
    old = copy.deepcopy(results)
    old["corpus"]["hash"] = "sha256:" + "0" * 64
    assert any("the corpus changed" in p for p in stale_reasons(old))
    old = copy.deepcopy(results)
    old["corpus"]["ddz_version"] = "0.0.0"
    assert stale_reasons(old)


def test_the_report_holds_at_least_six_implementations_with_versions(results: dict[str, Any]) -> None:
    impls = {i["name"]: i for i in results["implementations"]}
    assert {"ddz", "rlcard", "douzero", "openspiel", "landlord-ai", "ddz-min-js", "doudizhu"} <= set(impls)
    ran = [i for i in impls.values() if i["available"]]
    assert len(ran) >= 6
    ids = {c.id for c in load_cases()}
    for impl in ran:
        assert impl["version"] and impl["variant"].startswith("standard"), impl["name"]
        assert set(impl["statuses"]) == ids, f"{impl['name']} has no status for some cases"
        assert impl["handshake"]["name"] == impl["name"]
        failing = {cid for cid, st in impl["statuses"].items() if st in ("failed", "errored")}
        assert failing == {p["case"] for p in impl["problems"]}
    dz = impls["doudizhu"]
    assert dz["available"] == (dz["reason"] == "")
    if not dz["available"]:  # the documented reason, not a bare import error
        assert "LICENSE" in dz["reason"] and "0.1.6" in dz["reason"]
    assert impls["ddz"]["counts"]["passed"] == len(ids)


def test_every_implementation_has_a_page_in_the_nav(results: dict[str, Any]) -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for impl in results["implementations"]:
        page = IMPL_PAGES / f"{impl['name']}.md"
        assert page.exists(), page
        assert f"<!-- compliance: impl {impl['name']} -->" in page.read_text(encoding="utf-8")
        assert f"conformidad/implementaciones/{impl['name']}.md" in nav
    assert {p.stem for p in IMPL_PAGES.glob("*.md")} == {i["name"] for i in results["implementations"]}


def test_a_failing_cell_links_to_the_cases_with_input_expected_and_actual(results: dict[str, Any]) -> None:
    cells = rule_cells(results)
    matrix = pages.matrix(results)
    landlord = next(i for i in results["implementations"] if i["name"] == "landlord-ai")
    page = pages.implementation(results, "landlord-ai")
    cases = {c.id: c for c in load_cases()}
    for rid in rule_ids():
        counts = cells[rid].get("landlord-ai")
        failing = [p for p in landlord["problems"] if rid in cases[p["case"]].rules]
        link = f"(implementaciones/landlord-ai.md#{rid})"
        assert (link in matrix) == bool(failing), rid
        if failing:
            assert f"{{ #{rid} }}" in page
            assert counts is not None and counts["failed"] + counts["errored"] == len(failing)
        for p in failing:
            block = page.split(f'id="{pages.case_anchor(rid, p["case"])}"', 1)[1].split("</div>", 1)[0]
            assert "entrada" in block and "se espera" in block and "<dt>da</dt>" in block
            assert f"conformidad/casos/#{cases[p['case']].anchor}" in block
            assert all(f"reglas/#{r}" in block for r in cases[p["case"]].rules)
    assert re.search(r"\[✗ \d+/\d+", matrix) and "✓" in matrix


def test_cell_text_counts_pass_fail_and_skip() -> None:
    from collections import Counter

    assert cell_text(None) == "—"
    assert cell_text(Counter(passed=4)) == "✅ 4/4"
    assert cell_text(Counter(passed=2, failed=3, skipped=1)) == "❌ 2/5 ⤼1"
    assert cell_text(Counter(passed=1, errored=1)) == "❌ 1/2"
    assert cell_text(Counter(skipped=8)) == "— ⤼8"


def test_an_implementation_that_cannot_run_gets_its_reason_on_its_page(results: dict[str, Any]) -> None:
    fake = copy.deepcopy(results)
    for impl in fake["implementations"]:
        if impl["name"] == "doudizhu":
            impl.update(available=False, reason="it cannot be built because of X", statuses={}, problems=[])
    page = pages.implementation(fake, "doudizhu")
    assert "No se puede ejecutar" in page and "because of X" in page
    assert "no se puede ejecutar" in pages.matrix(fake)
    assert "**No se puede ejecutar.** it cannot be built because of X" in render(fake)


def test_the_bundled_peers_are_the_documented_ones() -> None:
    assert [p.name for p in PEERS] == [
        "rlcard",
        "douzero",
        "openspiel",
        "landlord-ai",
        "doudizhu",
        "ddz-min-js",
    ]
    assert all(p.install and p.licence and p.pinned for p in PEERS)


def test_a_new_case_reruns_alone_with_the_peer_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``report`` keeps each peer's outcomes per case hash: adding one case runs that case alone on
    the peer, and the entry is the one a run without the cache gives."""
    import sys

    from ddz.conformance import report, runner

    cases = load_cases()[:30]
    ran: list[int] = []
    real_run_all = runner.run_all

    def counting(impl: Any, todo: list[Any], progress: bool = False) -> Any:
        if not isinstance(impl, runner.InProcess):
            ran.append(len(todo))
        return real_run_all(impl, todo, progress)

    monkeypatch.setattr(report, "run_all", counting)
    peer = report.Peer("ddz-subprocess", script=(sys.executable, "-m", "ddz.protocol"))
    cache = tmp_path / "cache"
    monkeypatch.setattr(report, "load_cases", lambda: cases[:-1])
    report.collect((peer,), fuzz_examples=0, cache=cache)
    monkeypatch.setattr(report, "load_cases", lambda: cases)
    cached = report.collect((peer,), fuzz_examples=0, cache=cache)
    changed = [dataclasses.replace(cases[0], expect={"kind": "invalid"}), *cases[1:]]
    monkeypatch.setattr(report, "load_cases", lambda: changed)
    report.collect((peer,), fuzz_examples=0, cache=cache)
    monkeypatch.setattr(report, "load_cases", lambda: cases)
    fresh = report.collect((peer,), fuzz_examples=0)
    assert ran == [29, 1, 1, 30]
    assert cached["implementations"][1] == fresh["implementations"][1]
    assert (cache / "ddz-subprocess.json").is_file()
