"""The weights of the cost order «Normal» and «Difícil» play by (and their playouts' quick policy)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """What the cost order of «Normal» and «Difícil» charges (lower cost is better; one play left in
    the hand costs ``plays``)."""

    plays: float = 10.0
    rank: float = 0.3
    control: float = 4.0
    """Each 2 or joker spent while the rest needs more than two plays and nobody is near the end."""
    break_bomb: float = 12.0
    split_rocket: float = 8.0
    bomb: float = 25.0
    """A bomb or the rocket played when it neither goes out nor stops an opponent near the end."""
    low_single: float = 30.0
    low_single_rank: float = 0.8
    """Leading a single an opponent with one card could beat: ``low_single - low_single_rank × rank``."""
    low_pair: float = 12.0
    """Leading a pair an opponent with two cards could beat."""
    pass_base: float = 3.0
    pass_near: float = 30.0
    """Passing on an opponent who holds at most five cards (or when one holds at most three)."""
    press: float = 6.0
    """Passing as the farmer after the landlord."""
    partner: float = 40.0
    """Passing on the partner's play (a bonus; a charge when the partner must be covered)."""
    feed: float = 60.0
    """Leading the lowest single (or pair) to a partner about to go out: a bonus."""
    cover_boss: float = 10.0
    """Covering the partner with a play the landlord cannot beat: a bonus."""
    lone_low: float = 6.0
    """«Difícil»: leading a low single or pair alone when a trio could carry it."""
    attach: float = 4.0
    """«Difícil»: a trio that carries a low kicker: a bonus."""


WEIGHTS = Weights()
"""The weights both levels play with. Each one halved and doubled for «Difícil» alone, over 1,000
duplicate deals without playouts: no change won more than 0.7 points more than today's weights."""


DANGER = 4
"""An opponent with at most this many cards is near the end: «Normal» (and the playouts' quick policy)
spend control cards and bombs on it."""
