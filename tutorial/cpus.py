"""The app's CPU players: one per level and server process, so that «Difícil»'s helper process
(:mod:`ddz.ai.helpers`) is started once and serves every table of the server, one decision at a
time (a table that finds it busy plays its decision alone: the same choice, later)."""

from __future__ import annotations

import functools
import os

from ddz.ai import Cpu


@functools.cache
def cpu_player(level: str) -> Cpu:
    """The CPU at ``level``; «Difícil» plays its playouts on two processes when the machine has
    two cores or more."""
    return Cpu(level, 2 if level == "hard" and (os.cpu_count() or 1) >= 2 else 1)


__all__ = ["cpu_player"]
