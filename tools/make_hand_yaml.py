"""Write the skeleton of an annotated hand: the CPU-played record plus one note per step.

    python tools/make_hand_yaml.py CODE SLUG "Título" > tutorial/data/hands/SLUG.yaml

The notes start as the CPU's own reason for each action; edit the key moments by hand.
"""

from __future__ import annotations

import sys

import yaml

from ddz.ai import Cpu, hint
from ddz.game import BIDDING, PLAYING, Game

SEAT = {0: "Sur", 1: "Este", 2: "Oeste"}

code, slug, title = sys.argv[1], sys.argv[2], sys.argv[3]
g = Game.from_code(code)
cpu = Cpu()
notes = {}
i = 0
while g.phase in (BIDDING, PLAYING):
    seat, bidding = g.turn, g.phase == BIDDING
    reason = hint(g).reason
    a = cpu.act(g)
    g.apply(a)
    if bidding:
        what = "pasa" if a == "p" else f"puja {a}"
    else:
        what = "pasa" if a == "p" else f"juega {a}"
    notes[i] = f"{SEAT[seat]} {what}: {reason}."
    i += 1
doc = {"id": slug, "title": title, "intro": "…", "lesson": "…", "record": g.record(), "notes": notes}
yaml.safe_dump(doc, sys.stdout, allow_unicode=True, sort_keys=False, width=100)
