"""The learning path of «Estrategia»: stages unlocked in order (or skipped), and the practice hand
offered after each stage (no Streamlit here, so it is tested directly)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import Any

from ddz.ai import hint
from ddz.ai.cpu import LEVEL_NAMES_ES
from ddz.codes import encode
from ddz.game import BIDDING
from tutorial.practice import HUMAN, Practice

ROLES = ("", "landlord", "farmer")


def unlocked(ids: Sequence[str], done: Collection[str], skipped: Collection[str]) -> list[bool]:
    """Stage ``i`` is open when every stage before it is done or skipped (the first always is)."""
    out, open_ = [], True
    for sid in ids:
        out.append(open_)
        open_ = open_ and (sid in done or sid in skipped)
    return out


def to_skip(ids: Sequence[str], target: str, done: Collection[str]) -> list[str]:
    """The stages to mark as skipped to open ``target``: those before it not done yet."""
    return [sid for sid in ids[: ids.index(target)] if sid not in done]


@lru_cache(maxsize=8)
def practice_code(role: str, level: str) -> str:
    """The first deal code (seeds 1, 2, 3…) that puts you in ``role`` when you follow the hints:
    ``landlord`` — your hint is to bid 3 and no CPU before you has bid 3 (so your 3 wins);
    ``farmer`` — a CPU bids 3 before your turn; ``""`` — any deal."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    for seed in range(1, 5000):
        code = encode(seed)
        if not role:
            return code
        p, _ = Practice.start(code, None, level)
        p.run_cpus()
        g = p.game
        if role == "farmer" and g.landlord is not None and g.landlord != HUMAN and not g.redeals:
            return code
        mine = role == "landlord" and g.phase == BIDDING and g.turn == HUMAN and not g.redeals
        if mine and hint(g, HUMAN).action == "3":
            return code
    raise LookupError(f"no deal for role {role!r}")  # pragma: no cover - the tests find one


def practice_link(practice: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The label and the «Jugar» query parameters (``codigo``, ``nivel``) of a stage's practice hand."""
    level = str(practice.get("level", "easy"))
    role = str(practice.get("role", ""))
    label = f"{practice['text']} contra {LEVEL_NAMES_ES[level]}"
    params = {"codigo": practice_code(role, level)}
    if level != "normal":
        params["nivel"] = level
    return label, params
