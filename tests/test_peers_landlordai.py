"""landlord-ai and doudizhu through their adapters: each disagreement the report lists, shown
on its minimal example (in process: no subprocess, fast)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ddz.ops import run_op

la = pytest.importorskip("conformance.peers.landlordai_impl")
pytest.importorskip("landlordai.game.deck")

DEAL = {
    "hands": ["33334445556667777", "456QQQKKKAAA2222R", "88889999TTTTJJJJQ"],
    "kitty": "KAB",
    "first_bidder": 0,
    "redeals": 0,
}


def test_landlordai_reads_the_plain_kinds_like_ddz() -> None:
    for cards in ("3", "BR", "2222", "34567", "334455", "333444555", "3334", "33344", "KKKAAA35", "333345"):
        assert la.classify({"cards": cards}) == run_op("classify", {"cards": cards}), cards


def test_landlordai_has_no_two_trio_airplane_without_kickers() -> None:
    assert la.classify({"cards": "333444"}) == {"kind": "invalid"}
    assert run_op("classify", {"cards": "333444"})["kind"] == "airplane"


def test_landlordai_lets_a_body_rank_ride_as_an_airplane_kicker() -> None:
    assert la.classify({"cards": "3334443K"})["kind"] == "airplane_singles"
    assert la.classify({"cards": "44445555"})["kind"] == "airplane_singles"
    assert run_op("classify", {"cards": "3334443K"})["reason"] == "kicker_same_as_body"


def test_landlordai_compares_four_with_two_pairs_against_four_with_two_singles() -> None:
    inp = {"play": "22223344", "table": "333345"}
    assert la.beats(inp) == {"beats": True}
    assert run_op("beats", inp)["beats"] is False


def test_landlordai_takes_a_lower_bid_as_a_pass() -> None:
    assert la.bid({"bids": ["2", "1"], "redeals": 0}) == {"error": "incomplete"}
    assert la.bid({"bids": ["2", "1", "p"], "redeals": 0}) == {"landlord": 0, "base": 2}
    assert la.bid({"bids": ["p", "p", "p"], "redeals": 3}) == {"redeal": True}


def test_landlordai_spring_triples_and_the_winning_farmer_pays_when_farmers_win() -> None:
    spring = {
        "hands": ["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"],
        "kitty": "99B",
        "first_bidder": 0,
        "redeals": 0,
        "bids": ["3"],
        "plays": ["33445566778899", "p", "p", "2222", "p", "p", "BR"],
    }
    got = la.game(spring)
    assert got["multiplier"] == 12 and got["scores"] == [72, -36, -36]  # ×2 ×2 ×3
    assert run_op("game", spring)["scores"] == [48, -24, -24]
    farmers = {
        **DEAL,
        "hands": ["33344499TTJJQQAAA", "KKKK5556667778889", "3456789T222QQJJBR"],
        "kitty": "TA2",
        "first_bidder": 1,
        "bids": ["1", "p", "2"],
        "plays": [
            "3",
            "KKKK",
            "BR",
            "p",
            "p",
            "JJ",
            "AA",
            "p",
            "p",
            "44",
            "p",
            "QQ",
            "p",
            "p",
            "3456789T",
            "p",
            "p",
            "222",
        ],
    }
    assert la.game(farmers)["scores"] == [0, 8, -8]  # the farmer who went out pays 2S
    assert run_op("game", farmers)["scores"] == [-16, 8, 8]


def test_landlordai_cannot_lead_with_a_pass_and_skips_tables_it_cannot_have() -> None:
    from ddz.protocol import Unsupported

    assert la.game({**DEAL, "bids": ["1", "p", "p"], "plays": ["p"]}) == {
        "error": "must_lead",
        "at": 0,
        "phase": "plays",
    }
    with pytest.raises(Unsupported):
        la.legal({"hand": "555666", "table": "333444"})


def test_doudizhu_adapter_reports_why_it_cannot_start() -> None:
    from conformance.peers import doudizhu_impl

    proc = subprocess.run(
        [sys.executable, "-m", "conformance.peers.doudizhu_impl"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    try:
        import doudizhu  # noqa: F401
    except ImportError:
        assert proc.returncode == 3
        assert doudizhu_impl.UNAVAILABLE in proc.stderr
    else:  # installed after all: it must answer the handshake
        assert proc.returncode == 0
