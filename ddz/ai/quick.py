"""The playouts' policy: every seat plays from the plan of its hand.

«Difícil» judges its candidates by playing sampled deals to the end (:func:`ddz.ai.cpu.playout`).
Each simulated seat decides here, with the cost order's terms (:mod:`ddz.ai.weights`) over a
short list: the plays of one fewest-plays plan of its hand (:func:`ddz.ai.solver.decompose`),
and other answers only where passing would cost more. It is about four times cheaper per decision
than «Normal»'s whole cost order, so a decision can play more deals in the same time. Standard rules
only (a variant's playouts keep «Normal»).
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from typing import Protocol

from ..cards import Cards
from ..endgame import PlayPhase
from ..moves import follow_keys, plays_for_keys
from ..plays import Play
from ..variants import STANDARD
from .solver import decompose, min_plays_key
from .tricks import control_spent, higher_seen, is_boss
from .weights import DANGER, WEIGHTS


class PlayPosition(PlayPhase, Protocol):
    """What the cost order and the quick policy read of a position: a :class:`~ddz.game.Game`, or a
    playout's bare position (the play phase, and every hand's size)."""

    @property
    def hands(self) -> Sequence[Sized]: ...


_PLANS: dict[int, tuple[Play, ...]] = {}
_PLANS_LIMIT = 100_000
"""How many hands' plans :func:`plan_of` keeps (about 30 MB) before it forgets them all."""


def plan_of(hand: Cards) -> tuple[Play, ...]:
    """A fewest-plays plan of ``hand`` (:func:`~ddz.ai.solver.decompose`), remembered by hand."""
    got = _PLANS.get(hand.key)
    if got is None:
        if len(_PLANS) >= _PLANS_LIMIT:
            _PLANS.clear()
        got = _PLANS[hand.key] = tuple(decompose(hand))
    return got


def _rest_of_plan(plans: dict[int, tuple[Play, ...]], hand: Cards, plan: tuple[Play, ...], p: Play) -> None:
    """After a plan play, the rest of the plan is a fewest-plays plan of the rest of the hand (one
    play fewer, and no hand needs fewer than one play less): ``plans`` (one playout's) keeps it for
    that hand rather than search again. Only that playout reads it, so what a seat plays depends on
    the playout alone, not on what other playouts searched before."""
    if p in plan:
        i = plan.index(p)
        plans[hand.key - p.cards.key] = plan[:i] + plan[i + 1 :]


def quick_beats(p: Play, t: Play) -> bool:
    """Does ``p`` beat ``t`` (standard rules; both plays of the same variant)? The answer of
    :func:`ddz.compare.compare_plays` without building its verdict (a tenth of the time; in playouts
    the verdict cost 9 % of a decision)."""
    pk, tk = p.kind, t.kind
    if tk == "rocket":
        return False
    if pk == "rocket":
        return True
    if pk == "bomb":
        return tk != "bomb" or p.rank > t.rank
    return pk == tk and p.rank > t.rank and len(p.cards) == len(t.cards)


def _spend(p: Play, left: int, danger: bool) -> float:
    """What playing ``p`` spends when ``left`` plays remain after it: control cards while the end
    is far, a bomb that neither nearly ends the hand nor stops an opponent near the end."""
    w = WEIGHTS
    cost = w.rank * p.rank
    control = control_spent(p)
    if control and left > 2 and not danger:
        cost += w.control * control
    if p.is_bomb and not (left <= 1 or danger):
        cost += w.bomb
    return cost


def quick_play(
    game: PlayPosition, seat: int, seen: Sequence[int], plans: dict[int, tuple[Play, ...]] | None = None
) -> Play | None:
    """The play of ``seat`` (to move, standard rules) in a playout, or None for a pass; ``seen``:
    per rank, the cards the two other seats may hold between them; ``plans``: the plans the playout
    has followed so far, by hand (see :func:`_rest_of_plan`; without it, each hand's own plan).

    Leading, it plays out the hand's plan: a plan play nobody can beat when two are left, the lowest
    single or pair to a partner about to go out, else the plan play that spends least (low ranks
    first, control and bombs kept, no low single or pair an opponent with that many cards could
    beat). Answering, it passes on its partner and otherwise weighs the plan plays that beat the
    table against passing; only when none answers and passing would cost (an opponent near the end,
    or it must press the landlord) does it look at the other answers, each costing the plays its
    rest then needs."""
    hand = game.hand(seat)
    plan = plans.get(hand.key) if plans is not None else None
    if plan is None:
        plan = plan_of(hand)
    p = _choose(game, seat, hand, plan, seen)
    if p is not None and plans is not None:
        _rest_of_plan(plans, hand, plan, p)
    return p


def _choose(
    game: PlayPosition, seat: int, hand: Cards, plan: tuple[Play, ...], seen: Sequence[int]
) -> Play | None:
    w = WEIGHTS
    now = len(plan)
    lord = game.landlord
    assert lord is not None
    counts = [len(h) for h in game.hands]
    partner = -1 if seat == lord else 3 - seat - lord
    near = min(counts[o] for o in range(3) if o != seat and o != partner)
    danger = near <= DANGER
    table = game.table
    if table is None:
        if now == 1:
            return plan[0]
        if now == 2:
            most = max(counts[o] for o in range(3) if o != seat)
            for p in plan:
                if is_boss(p, seen, most):
                    return p
        if (
            partner >= 0
            and counts[partner] <= 2
            and seat == (lord + 2) % 3
            and counts[lord] > counts[partner]
        ):
            kind = "single" if counts[partner] == 1 else "pair"
            feed = [p for p in plan if p.kind == kind]
            if feed:
                return min(feed, key=lambda p: p.rank)
        best, best_cost = plan[0], float("inf")
        for p in plan:
            cost = _spend(p, now - 1, danger)
            if near == 1 and p.kind == "single" and higher_seen(seen, p):
                cost += w.low_single - w.low_single_rank * p.rank
            if near == 2 and p.kind == "pair" and higher_seen(seen, p):
                cost += w.low_pair
            if cost < best_cost:
                best, best_cost = p, cost
        return best
    if now == 1 and quick_beats(plan[0], table):
        return plan[0]
    owner = game.table_seat
    if owner == partner or owner is None:
        return None
    pass_cost = w.plays * now + w.pass_base
    if counts[owner] <= 5 or near <= 3:
        pass_cost += w.pass_near
    if partner >= 0 and seat == (lord + 1) % 3:
        pass_cost += w.press
    answer: Play | None = None
    answer_cost = pass_cost
    for p in plan:
        if quick_beats(p, table):
            cost = w.plays * (now - 1) + _spend(p, now - 1, danger)
            if cost < answer_cost:
                answer, answer_cost = p, cost
    if answer is not None and not answer.is_bomb:
        return answer
    if answer is None and pass_cost < w.plays * now + 8:
        return None  # passing costs next to nothing: no hand is broken to answer
    plan_keys = {p.cards.key for p in plan}
    for p in plays_for_keys(follow_keys(hand.counts, table, STANDARD), STANDARD):
        if p.cards.key in plan_keys:
            continue
        left = min_plays_key(hand.key - p.cards.key)
        if left == 0:
            return p
        cost = w.plays * left + _spend(p, left, danger)
        if cost < answer_cost:
            answer, answer_cost = p, cost
    return answer


__all__ = ["plan_of", "quick_beats", "quick_play"]
