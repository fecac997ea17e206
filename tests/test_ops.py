"""The conformance ops on malformed or borderline input (shared by the protocol server and the runner)."""

from __future__ import annotations

from typing import Any

import pytest

from ddz.ops import OpError, run_op

SPRING_DEAL: dict[str, Any] = {
    "hands": ["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"],
    "kitty": "99B",
    "first_bidder": 0,
    "redeals": 0,
}
SPRING_PLAYS = ["33445566778899", "p", "p", "2222", "p", "p", "BR"]


def game(bids: list[str], plays: list[str]) -> dict[str, Any]:
    return run_op("game", {**SPRING_DEAL, "bids": bids, "plays": plays})


def test_game_scores_a_well_formed_hand() -> None:
    assert game(["3"], SPRING_PLAYS)["scores"] == [48, -24, -24]


@pytest.mark.parametrize(
    "bids,plays,expected",
    [
        ([], SPRING_PLAYS, {"error": "incomplete", "at": 0, "phase": "bids"}),
        (["1", "p"], SPRING_PLAYS, {"error": "incomplete", "at": 2, "phase": "bids"}),
        (["3", *SPRING_PLAYS], [], {"error": "auction_closed", "at": 1, "phase": "bids"}),
        (["3", "p"], SPRING_PLAYS, {"error": "auction_closed", "at": 1, "phase": "bids"}),
        (["1", "p", "p", "2"], [], {"error": "auction_closed", "at": 3, "phase": "bids"}),
    ],
)
def test_game_auction_ends_exactly_at_the_end_of_bids(
    bids: list[str], plays: list[str], expected: dict[str, Any]
) -> None:
    assert game(bids, plays) == expected


def test_game_and_bid_ops_agree_on_a_closed_auction() -> None:
    bid = run_op("bid", {"bids": ["3", "p"]})
    assert bid["error"] == game(["3", "p"], SPRING_PLAYS)["error"] == "auction_closed"


@pytest.mark.parametrize("field", ["bids", "plays", "hands"])
def test_game_lists_must_hold_strings(field: str) -> None:
    inp = {**SPRING_DEAL, "bids": ["3"], "plays": SPRING_PLAYS}
    inp[field] = [3, *inp[field][1:]]
    with pytest.raises(OpError, match=field):
        run_op("game", inp)
