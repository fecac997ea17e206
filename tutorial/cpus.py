"""The app's CPU players: one per level and server process. On two cores or more, while the machine
is not busy with other work, «Difícil» plays its playouts with a helper process as well
(:mod:`ddz.ai.helpers`), started once and serving every table of the server one decision at a time
(a table that finds it busy plays its decision alone). With or without it the choice is the same: it
only comes sooner."""

from __future__ import annotations

import functools
import os

from ddz.ai import Cpu


def cpu_player(level: str) -> Cpu:
    """The CPU at ``level``: «Difícil» with its helper when :func:`helped` says so."""
    return _cpu(level, level == "hard" and helped())


def helped() -> bool:
    """Two cores or more, and a load average over the last minute of at most the cores less one (a
    helper process speeds a decision up only with a core of its own); False where the load is not
    known (``os.getloadavg`` is missing on Windows)."""
    cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return False
    return cores >= 2 and load <= cores - 1


@functools.cache
def _cpu(level: str, helper: bool) -> Cpu:
    return Cpu(level, 2 if helper else 1)


__all__ = ["cpu_player", "helped"]
