"""The peer adapters drive RLCard and DouZero through their own code paths (extra ``peers``)."""

from __future__ import annotations

import sys

import pytest

from ddz.conformance.corpus import load_cases
from ddz.conformance.runner import Subprocess, run_case


def _impl(module: str, package: str) -> Subprocess:
    pytest.importorskip(package)
    impl = Subprocess(f"{sys.executable} -m ddz.peers.{module}", timeout=20)
    impl.start()
    return impl


def test_rlcard_accepts_a_trio_among_airplane_kickers() -> None:
    impl = _impl("rlcard_impl", "rlcard")
    try:
        assert impl.name == "rlcard"
        assert impl.run("classify", {"cards": "333444555777"})["kind"] == "airplane_singles"
        assert impl.run("classify", {"cards": "444455"}) == {
            "kind": "four_two_singles",
            "rank": "4",
            "chain": 1,
        }
        assert impl.run("beats", {"play": "KKK3", "table": "QQQR"}) == {"beats": True}
        assert sorted(impl.run("legal", {"hand": "77778", "table": "666"})["plays"]) == ["777", "7777"]
    finally:
        impl.close()


def test_douzero_accepts_what_seed_000_forbids() -> None:
    impl = _impl("douzero_impl", "douzero")
    try:
        assert impl.run("classify", {"cards": "44445555"})["kind"] == "four_two_pairs"
        assert impl.run("classify", {"cards": "4444BR"})["kind"] == "four_two_singles"
        assert impl.run("classify", {"cards": "33334"})["kind"] == "trio_pair"
        assert "4444BR" in impl.run("legal", {"hand": "4444BR", "table": None})["plays"]
        assert impl.run("classify", {"cards": "34567"}) == {"kind": "straight", "rank": "7", "chain": 5}
    finally:
        impl.close()


def test_report_numbers_match_a_fresh_run() -> None:
    impl = _impl("douzero_impl", "douzero")
    try:
        failed = [c.id for c in load_cases() if run_case(impl, c).status == "failed"]
    finally:
        impl.close()
    from ddz.conformance.corpus import corpus_dir

    report = (corpus_dir() / "REPORT.md").read_text(encoding="utf-8")
    assert f"| ddz | {len(load_cases())} | 0 | 0 | 0 |" in report, "REPORT.md is stale: run make report"
    assert f"## Casos que falla douzero ({len(failed)})" in report
    assert all(f"`{cid}`" in report for cid in failed)
