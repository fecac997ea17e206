"""Sure tricks: whether anybody holding some of the unseen cards could beat a play."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import BLACK_JOKER, RED_JOKER, TWO, unpack
from ..moves import follow_keys
from ..plays import Play

GROUPS = {"single": 1, "pair": 2, "trio": 3}
"""The kinds that are one group of a rank, with their size (what beats them is a higher group)."""


def is_boss(p: Play, unseen: Sequence[int], most: int = 20) -> bool:
    """Nobody holding at most ``most`` of the unseen cards can beat ``p`` (a sure trick)."""
    kind = p.kind
    if kind in ("bomb", "rocket"):
        return not any(sum(unpack(k)) <= most for k in follow_keys(unseen, p))
    # anything else: any bomb or the rocket beats it, or a higher play of its kind (as many cards)
    if (most >= 4 and 4 in unseen[:BLACK_JOKER]) or (most >= 2 and unseen[BLACK_JOKER] and unseen[RED_JOKER]):
        return False
    need = GROUPS.get(kind)
    if need is None:  # a chain, a trio with a kicker, a four with two
        return most < len(p.cards) or not follow_keys(unseen, p)
    top = RED_JOKER if need == 1 else TWO  # a single, pair or trio: a higher group of its size
    return most < need or not any(unseen[r] >= need for r in range(p.rank + 1, top + 1))
