"""The peer adapters drive RLCard, DouZero and OpenSpiel through their own code paths (extras
``peers`` and ``peers-openspiel``); each test skips cleanly when its library is missing."""

from __future__ import annotations

import sys

import pytest

from ddz.conformance.corpus import load_cases
from ddz.conformance.runner import Subprocess, run_case


def _impl(module: str, package: str) -> Subprocess:
    pytest.importorskip(package)
    impl = Subprocess(f"{sys.executable} -m conformance.peers.{module}", timeout=20)
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


def test_douzero_accepts_what_source_000_forbids() -> None:
    impl = _impl("douzero_impl", "douzero")
    try:
        assert impl.run("classify", {"cards": "44445555"})["kind"] == "four_two_pairs"
        assert impl.run("classify", {"cards": "4444BR"})["kind"] == "four_two_singles"
        assert impl.run("classify", {"cards": "33334"})["kind"] == "trio_pair"
        assert "4444BR" in impl.run("legal", {"hand": "4444BR", "table": None})["plays"]
        assert impl.run("classify", {"cards": "34567"}) == {"kind": "straight", "rank": "7", "chain": 5}
    finally:
        impl.close()


def test_openspiel_differs_where_its_source_says() -> None:
    impl = _impl("openspiel_impl", "pyspiel")
    try:
        assert impl.name == "openspiel" and set(impl.ops) == {"classify", "beats", "legal", "bid", "game"}
        assert impl.run("classify", {"cards": "444455"}) == {"kind": "invalid"}  # no four-with-two
        assert impl.run("classify", {"cards": "333444555777"})["kind"] == "airplane_singles"  # trio kickers
        assert impl.run("classify", {"cards": "34567"}) == {"kind": "straight", "rank": "7", "chain": 5}
        assert impl.run("classify", {"cards": "333444-55"}) == {
            "kind": "airplane_singles",
            "rank": "4",
            "chain": 2,
        }
        assert impl.run("beats", {"play": "KKK3", "table": "QQQR"}) == {"beats": True}
        assert impl.run("beats", {"play": "2222", "table": "BR"}) == {"beats": True}  # a bomb over the rocket
        assert sorted(impl.run("legal", {"hand": "77778", "table": "666"})["plays"]) == ["777", "7777"]
        assert sorted(impl.run("legal", {"hand": "34", "table": None})["plays"]) == ["3", "4"]
        # Its auction goes round until two players pass after the last bid (source 003's example).
        assert impl.run("bid", {"bids": ["p", "1", "p"], "redeals": 0})["error"] == "incomplete"
        assert impl.run("bid", {"bids": ["p", "1", "p", "p"], "redeals": 0}) == {"landlord": 1, "base": 1}
        assert impl.run("bid", {"bids": ["p", "p", "p"], "redeals": 3}) == {"redeal": True}
    finally:
        impl.close()


def test_openspiel_plays_whole_hands_and_skips_impossible_positions() -> None:
    from ddz.conformance.runner import Skip

    impl = _impl("openspiel_impl", "pyspiel")
    try:
        spring = next(c for c in load_cases() if c.id == "game.spring.spring-bombs-rocket")
        assert impl.run("game", spring.input) == spring.expect
        with pytest.raises(Skip, match="more cards than the deck"):
            impl.run("beats", {"play": "7777", "table": "7777"})
    finally:
        impl.close()


@pytest.mark.parametrize(
    "module,package,name",
    [
        ("douzero_impl", "douzero", "douzero"),
        ("openspiel_impl", "pyspiel", "openspiel"),
        ("landlordai_impl", "landlordai", "landlord-ai"),
    ],
)
def test_report_numbers_match_a_fresh_run(module: str, package: str, name: str) -> None:
    impl = _impl(module, package)
    try:
        statuses = {c.id: run_case(impl, c).status for c in load_cases()}
    finally:
        impl.close()
    from ddz.conformance.report import load_results

    entry = next(i for i in load_results()["implementations"] if i["name"] == name)
    assert entry["statuses"] == statuses, "results.json is stale: run make report"
