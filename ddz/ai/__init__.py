"""CPU players, hints and the minimum-plays solver."""

from .cpu import Advice, Cpu, bid_for, choose_play, hint
from .solver import decompose, min_plays

__all__ = ["Advice", "Cpu", "bid_for", "choose_play", "decompose", "hint", "min_plays"]
