"""Search CPU-played deals for hands that show a given feature (used to pick the annotated hands)."""

from __future__ import annotations

import sys

from ddz.ai import Cpu
from ddz.codes import encode
from ddz.game import BIDDING, PLAYING, Game
from ddz.plays import analyze


def play(code: str) -> Game:
    g = Game.from_code(code)
    cpu = Cpu()
    while g.phase in (BIDDING, PLAYING):
        g.apply(cpu.act(g))
    return g


def features(g: Game) -> set[str]:
    r = g.result
    assert r is not None
    f: set[str] = {str(r.winner)}
    kinds = [analyze(a).kind for _, a in g.trail if a != "p"]  # type: ignore[union-attr]
    if r.spring:
        f.add("spring")
    if r.antispring:
        f.add("antispring")
    if "bomb" in kinds and "rocket" in kinds:
        f.add("bomb+rocket")
    if "four_two_singles" in kinds or "four_two_pairs" in kinds:
        f.add("four_two")
    if g.redeals:
        f.add("redeal")
    f.add(f"len{len(g.trail)}")
    return f


if __name__ == "__main__":
    want = set(sys.argv[1:])
    for i in range(20000):
        code = encode(i * 104729 % (1 << 40))
        g = play(code)
        f = features(g)
        if want <= f:
            print(code, sorted(f), len(g.actions))
            break
