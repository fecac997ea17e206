"""What a play risks and spends: whether anybody holding some of the unseen cards could beat it (a sure
trick), and the control cards it uses up."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import BLACK_JOKER, NUM_RANKS, RED_JOKER, TWO, unpack
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


def higher_seen(seen: Sequence[int], p: Play) -> bool:
    """Could a card (or pair) among ``seen`` (per rank, what the others may hold) beat this single (or
    pair)?"""
    need = 1 if p.kind == "single" else 2
    return any(seen[r] >= need for r in range(p.rank + 1, NUM_RANKS))


def control_spent(p: Play) -> int:
    """The 2s and jokers a play spends (none for a bomb or the rocket: they are their own cost)."""
    c = p.cards.counts
    return 0 if p.is_bomb else c[TWO] + c[BLACK_JOKER] + c[RED_JOKER]
