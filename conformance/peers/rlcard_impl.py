"""RLCard 1.2.0 as a conformance implementation, through its own code paths.

``classify`` looks the cards up in RLCard's action space (``CARD_TYPE``), ``beats`` and ``legal``
(following) use ``rlcard.games.doudizhu.utils.get_gt_cards``, ``legal`` (leading) uses
``DoudizhuJudger.playable_cards_from_hand``. Run: ``python -m conformance.peers.rlcard_impl``.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from .common import canonical, chain_top, serve

KIND = {
    "solo": "single",
    "pair": "pair",
    "trio": "trio",
    "trio_solo": "trio_single",
    "trio_pair": "trio_pair",
    "solo_chain": "straight",
    "pair_chain": "pair_straight",
    "trio_chain": "airplane",
    "trio_solo_chain": "airplane_singles",
    "trio_pair_chain": "airplane_pairs",
    "four_two_solo": "four_two_singles",
    "four_two_pair": "four_two_pairs",
    "bomb": "bomb",
    "rocket": "rocket",
}
WIDTH = {
    "single": 1,
    "pair": 2,
    "trio": 3,
    "trio_single": 3,
    "trio_pair": 3,
    "straight": 1,
    "pair_straight": 2,
    "airplane": 3,
    "airplane_singles": 3,
    "airplane_pairs": 3,
    "four_two_singles": 4,
    "four_two_pairs": 4,
    "bomb": 4,
    "rocket": 1,
}


def _rl() -> Any:
    from rlcard.games.doudizhu import utils

    return utils


class _Player:
    def __init__(self, cards: str) -> None:
        from rlcard.games.base import Card

        self.current_hand = [
            Card("BJ" if c == "B" else "RJ", "") if c in "BR" else Card("S", c) for c in cards
        ]
        self.played_cards = cards


def classify(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        cards = canonical(inp["cards"])
    except ValueError:
        return {"kind": "invalid"}
    types = _rl().CARD_TYPE[0].get(cards)
    if not types:
        return {"kind": "invalid"}
    name = types[0][0]
    m = re.fullmatch(r"(.+?)_chain_(\d+)", name)
    base, length = (m.group(1) + "_chain", int(m.group(2))) if m else (name, 1)
    kind = KIND[base]
    if kind == "rocket":
        return {"kind": kind, "rank": "R", "chain": 1}
    return {"kind": kind, "rank": chain_top(cards, WIDTH[kind], length), "chain": length}


def beats(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        play, table = canonical(inp["play"]), canonical(inp["table"])
    except ValueError:
        return {"beats": False}
    if table not in _rl().CARD_TYPE[0] or play not in _rl().CARD_TYPE[0]:
        return {"beats": False}
    return {"beats": play in _rl().get_gt_cards(_Player(play), _Player(table))}


def legal(inp: dict[str, Any]) -> dict[str, Any]:
    hand = canonical(inp["hand"])
    table = inp.get("table")
    if not table:
        from rlcard.games.doudizhu.judger import DoudizhuJudger

        plays = DoudizhuJudger.playable_cards_from_hand(hand)
    else:
        plays = [p for p in _rl().get_gt_cards(_Player(hand), _Player(canonical(table))) if p != "pass"]
    return {"plays": sorted(set(plays))}


def main() -> int:
    import rlcard

    return serve(
        "rlcard",
        getattr(rlcard, "__version__", "1.2.0"),
        {"classify": classify, "beats": beats, "legal": legal},
        language="python",
        homepage="https://github.com/datamllab/rlcard",
    )


if __name__ == "__main__":
    sys.exit(main())
