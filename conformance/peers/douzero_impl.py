"""DouZero 1.1.0 as a conformance implementation, through its own code paths.

``classify`` is DouZero's ``move_detector.get_move_type``; ``legal`` and ``beats`` follow
``GameEnv.get_legal_card_play_actions`` (``MovesGener`` + ``move_selector`` filters + bombs).
Install with ``pip install --no-deps douzero==1.1.0`` (numpy needed). Run:
``python -m conformance.peers.douzero_impl``.
"""

from __future__ import annotations

import sys
from typing import Any

from ddz.cards import RANKS

from .common import Op, canonical, serve

ENV = {
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "2": 17,
    "B": 20,
    "R": 30,
}
BACK = {v: k for k, v in ENV.items()}
KIND = {
    1: "single",
    2: "pair",
    3: "trio",
    4: "bomb",
    5: "rocket",
    6: "trio_single",
    7: "trio_pair",
    8: "straight",
    9: "pair_straight",
    10: "airplane",
    11: "airplane_singles",
    12: "airplane_pairs",
    13: "four_two_singles",
    14: "four_two_pairs",
}


def _env(cards: str) -> list[int]:
    return sorted(ENV[c] for c in canonical(cards))


def _str(move: list[int]) -> str:
    return "".join(sorted((BACK[x] for x in move), key=RANKS.index))


def classify(inp: dict[str, Any]) -> dict[str, Any]:
    from douzero.env import move_detector as md

    try:
        move = _env(inp["cards"])
    except ValueError:
        return {"kind": "invalid"}
    t = md.get_move_type(move)
    kind = KIND.get(t["type"])
    if kind is None:
        return {"kind": "invalid"}
    if kind == "rocket":
        return {"kind": kind, "rank": "R", "chain": 1}
    length = int(t.get("len", 1))
    low = RANKS.index(BACK[t["rank"]])
    top = low + length - 1 if length > 1 else low  # DouZero reports a chain by its lowest rank
    return {"kind": kind, "rank": RANKS[top], "chain": length}


def _legal(hand: list[int], rival: list[int]) -> list[list[int]]:
    from douzero.env import move_detector as md
    from douzero.env import move_selector as ms
    from douzero.env.move_generator import MovesGener

    mg = MovesGener(hand)
    rt = md.get_move_type(rival)
    t, n = rt["type"], rt.get("len", 1)
    if t == md.TYPE_0_PASS:
        return [sorted(m) for m in mg.gen_moves()]
    if t == md.TYPE_5_KING_BOMB or t == md.TYPE_15_WRONG:
        return []
    gen = {
        1: mg.gen_type_1_single,
        2: mg.gen_type_2_pair,
        3: mg.gen_type_3_triple,
        6: mg.gen_type_6_3_1,
        7: mg.gen_type_7_3_2,
        13: mg.gen_type_13_4_2,
        14: mg.gen_type_14_4_22,
    }
    serial = {
        8: mg.gen_type_8_serial_single,
        9: mg.gen_type_9_serial_pair,
        10: mg.gen_type_10_serial_triple,
        11: mg.gen_type_11_serial_3_1,
        12: mg.gen_type_12_serial_3_2,
    }
    filt = {
        1: ms.filter_type_1_single,
        2: ms.filter_type_2_pair,
        3: ms.filter_type_3_triple,
        4: ms.filter_type_4_bomb,
        6: ms.filter_type_6_3_1,
        7: ms.filter_type_7_3_2,
        8: ms.filter_type_8_serial_single,
        9: ms.filter_type_9_serial_pair,
        10: ms.filter_type_10_serial_triple,
        11: ms.filter_type_11_serial_3_1,
        12: ms.filter_type_12_serial_3_2,
        13: ms.filter_type_13_4_2,
        14: ms.filter_type_14_4_22,
    }
    if t == md.TYPE_4_BOMB:
        moves = filt[4](mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb(), list(rival))
    else:
        all_moves = serial[t](repeat_num=n) if t in serial else gen[t]()
        moves = filt[t](all_moves, list(rival)) + mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()
    return [sorted(m) for m in moves]


def legal(inp: dict[str, Any]) -> dict[str, Any]:
    hand = _env(inp["hand"])
    rival = _env(inp["table"]) if inp.get("table") else []
    return {"plays": sorted({_str(m) for m in _legal(hand, rival) if m})}


def beats(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        play, table = _env(inp["play"]), _env(inp["table"])
    except ValueError:
        return {"beats": False}
    return {"beats": sorted(play) in _legal(play, table)}


def main() -> int:
    ops: dict[str, Op] = {"classify": classify, "beats": beats, "legal": legal}
    return serve("douzero", "1.1.0", ops, language="python", homepage="https://github.com/kwai/DouZero")


if __name__ == "__main__":
    sys.exit(main())
