"""Simple reference opponents for the arena: random legal and greedy smallest play."""

from __future__ import annotations

import random

from ddz.game import BIDDING, PASS, Game


class RandomAgent:
    """Picks uniformly among the legal actions (seeded, so reproducible)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game) -> str:
        return self.rng.choice(game.legal_actions())


class GreedyAgent:
    """Plays the smallest legal play (fewest cards, then lowest rank); bids 1 when it can."""

    name = "greedy"

    def act(self, game: Game) -> str:
        if game.phase == BIDDING:
            return "1" if game.highest_bid() == 0 else PASS
        plays = game.legal_plays()
        if not plays:
            return PASS
        return str(min(plays, key=lambda p: (p.is_bomb, len(p.cards), p.rank)))
