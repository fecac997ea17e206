"""Print a CPU-played deal step by step (to write annotations)."""

from __future__ import annotations

import sys

from ddz.ai import Cpu, hint
from ddz.codes import cards_of
from ddz.game import BIDDING, PLAYING, Game

code = sys.argv[1]
g = Game.from_code(code)
cpu = Cpu()
print("deal", [str(cards_of(h)) for h in g.hands], "kitty", str(cards_of(g.kitty)), "first", g.first_bidder)
i = 0
while g.phase in (BIDDING, PLAYING):
    seat = g.turn
    adv = hint(g)
    a = cpu.act(g)
    hand = str(g.hand(seat))
    ev = g.apply(a)
    print(
        i, f"s{seat}", f"[{hand}]", a, "|", adv.reason, "|", " ".join(e.text for e in ev if e.kind != "play")
    )
    i += 1
print(g.result.explain() if g.result else "")
