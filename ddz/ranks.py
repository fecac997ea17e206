"""The rank symbols, in a module of their own: :mod:`ddz.cards` and the message catalog
(:mod:`ddz.messages`) both read them, and neither imports the other for it."""

from __future__ import annotations

RANKS = "3456789TJQKA2BR"
"""Rank symbols in ascending order of strength; a rank's index is its strength."""
