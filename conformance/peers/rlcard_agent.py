"""RLCard's rule agent (DouDizhuRuleAgentV1) playing in a ddz game, through its own code."""

from __future__ import annotations

from typing import Any

from ddz.game import BIDDING, PASS, Game


class RlcardRuleAgent:
    """Feeds the agent RLCard's raw observation built from what the seat may see."""

    name = "rlcard"

    def __init__(self, seed: int = 0) -> None:
        import numpy as np
        from rlcard.games.doudizhu.utils import CARD_TYPE
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

        np.random.seed(seed)
        self.agent = DouDizhuRuleAgentV1()
        self.known = CARD_TYPE[2]
        self.fallbacks = 0

    def act(self, game: Game) -> str:
        if game.phase == BIDDING:
            return "1" if game.highest_bid() == 0 else PASS
        actions = [a for a in game.legal_actions() if a == PASS or a in self.known]
        obs: dict[str, Any] = {
            "trace": [(s, "pass" if a == PASS else a) for s, a in game.trail],
            "current_hand": str(game.hand(game.turn)),
            "actions": ["pass" if a == PASS else a for a in actions],
            "landlord": game.landlord,
            "self": game.turn,
        }
        choice = self.agent.step({"raw_obs": obs})
        action = PASS if choice == "pass" else str(choice)
        if action not in actions:
            self.fallbacks += 1
            return actions[0]
        return action
