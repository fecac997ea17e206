"""CPU players, hints and the minimum-plays solver."""

from .cpu import LEVEL_NAMES_ES, LEVELS, Advice, AiError, Cpu, bid_for, choose_play, hint
from .solver import decompose, min_plays

__all__ = [
    "LEVELS",
    "LEVEL_NAMES_ES",
    "Advice",
    "AiError",
    "Cpu",
    "bid_for",
    "choose_play",
    "decompose",
    "hint",
    "min_plays",
]
