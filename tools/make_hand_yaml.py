"""Write the skeleton of an annotated hand: the CPU-played record, with no notes yet.

    python tools/make_hand_yaml.py CODE SLUG "Título" > tutorial/data/hands/SLUG.yaml

Steps without a note show the CPU's own reason, computed when the page is drawn. Add hand-written
notes only for the key moments, each with ``checks`` of what it claims (see ``check_claims`` in
``tutorial/logic.py``); ``tests/test_annotated_hands.py`` fails on a note without checks or a false one.
"""

from __future__ import annotations

import sys

import yaml

from ddz.ai import Cpu
from ddz.game import BIDDING, PLAYING, Game

code, slug, title = sys.argv[1], sys.argv[2], sys.argv[3]
g = Game.from_code(code)
cpu = Cpu()
while g.phase in (BIDDING, PLAYING):
    g.apply(cpu.act(g))
doc = {
    "id": slug,
    "title": title,
    "intro": "…",
    "lesson": "…",
    "record": g.record(),
    "notes": {},
    "checks": {},
}
yaml.safe_dump(doc, sys.stdout, allow_unicode=True, sort_keys=False, width=100)
