"""«Revisa tu partida»: every bid and play of the human, marked against the CPU and the solver.

Like a chess site's game review: each decision is *bien*, *imprecisión* or *error*, says what the CPU
would have done and why, and names the sources' beginner mistakes (source 002) when they occur.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ddz.ai import hint
from ddz.ai.cpu import SEAT_NAMES, Advice, control_summary, sure_win_with
from ddz.ai.evaluate import ZONE_CARDS, evaluate
from ddz.ai.reasons import Reason, as_message, control_messages, spent_messages
from ddz.ai.solver import decompose, min_plays
from ddz.cards import parse
from ddz.endgame import Position, move_wins, solve
from ddz.game import BIDDING, PASS, Game
from ddz.messages import Message, nested, render_message, say_cards
from ddz.plays import classify
from tutorial.cpus import cpu_player
from tutorial.mistakes import MISTAKES, Decision, mistake_of

GOOD, INACCURATE, MISTAKE, FORCED = "bien", "imprecisión", "error", "sin elección"
"""Verdicts; a pass that was the only legal action is «sin elección» and is not counted."""

BEGINNER_MISTAKES = {code: m.label for code, m in MISTAKES.items()}
"""The beginner mistakes of source 002 that a single decision shows (definitions: :mod:`tutorial.mistakes`)."""


@dataclass(frozen=True)
class Item:
    """One reviewed decision of the human: what was decided, the verdict, and the claim that says
    why (a ``review.*`` catalog message with its data; ``text`` is its Spanish sentence)."""

    index: int
    """Position of the action in the hand's list of actions."""
    phase: str
    hand: tuple[str, ...]
    table: str
    """The play to beat, as people write it ("" when leading or bidding)."""
    action: str
    cpu: Advice
    verdict: str
    claim: Message
    mistake: str = ""
    """A key of :data:`BEGINNER_MISTAKES`, when the decision is one of them."""

    @property
    def text(self) -> str:
        return render_message(self.claim)


def _same(a: str, b: str) -> bool:
    if PASS in (a, b):
        return a == b
    return parse(a) == parse(b)


def _shown(action: str) -> str:
    return PASS if action == PASS else classify(action).shown()


def _why(cpu: Advice) -> Message:
    return as_message(cpu.why)


def _bid_item(g: Game, index: int, action: str, cpu: Advice) -> tuple[str, Message, str]:
    mine, theirs = (0 if action == PASS else int(action)), (0 if cpu.action == PASS else int(cpu.action))
    common = {"mine": mine, "theirs": theirs, "why": _why(cpu)}
    if mine == theirs:
        return GOOD, nested("review.bid_same", **common), ""
    if mistake_of(Decision(g, 0, action, cpu)) == "high_cards":
        label = BEGINNER_MISTAKES["high_cards"]
        return (
            MISTAKE,
            nested("review.bid_high_cards", label=label, plays=min_plays(g.hand(0)), **common),
            "high_cards",
        )
    verdict = MISTAKE if abs(mine - theirs) >= 2 else INACCURATE
    return verdict, nested("review.bid_other", verdict=verdict, **common), ""


def _zone_item(g: Game, action: str, cpu: Advice) -> tuple[str, Message, str] | None:
    """The verdict with few cards left (at most :data:`EXACT_CARDS` in the three hands), from the
    facts first: an action that throws away a position won with every hand known is an error, even
    when the hint did the same (``review.lost_won``). Then the evaluator's evidence
    (:func:`ddz.ai.evaluate.evaluate`, what the hint is based on): an action that wins fewer deals
    of the unseen cards than the hint's is not «bien» (``review.fewer_deals``: an error when it
    wins none), one that wins as many is (``review.as_many_deals``). None: no verdict here."""
    if sum(len(h) for h in g.hands) > EXACT_CARDS:
        return None
    real = {_canon(m): won for m, won in move_wins(Position.of_game(g))[0]}
    mine, theirs = _canon(action), _canon(cpu.action)
    common = {"action": _shown(action), "cpu_action": _shown(cpu.action)}
    if any(real.values()) and not real[mine]:
        wins = [nested("review.a_move", move=_shown(m)) for m, won in real.items() if won]
        claim = nested(
            "review.lost_won",
            first=wins[0],
            others=wins[1:],
            others_n=len(wins) - 1,
            hint_too=not real[theirs],
            **common,
        )
        return MISTAKE, claim, ""
    judged = evaluate(g, 0)
    if judged is None or mine == theirs:
        return None
    me, best = judged.value(action), judged.value(cpu.action)
    data = {"wins": me.wins, "cpu_wins": best.wins, "deals": judged.deals, "exact": judged.exact, **common}
    if me.wins < best.wins:
        verdict = MISTAKE if me.wins == 0 else INACCURATE
        return verdict, nested("review.fewer_deals", verdict=verdict, **data), ""
    return GOOD, nested("review.as_many_deals", **data), ""


def _canon(action: str) -> str:
    return PASS if action == PASS else str(parse(action))


def _play_item(g: Game, index: int, action: str, cpu: Advice) -> tuple[str, Message, str]:
    hand = g.hand(0)
    zone = _zone_item(g, action, cpu)
    if zone is not None:
        return zone
    common = {"action": _shown(action), "cpu_action": _shown(cpu.action), "why": _why(cpu)}
    if _same(action, cpu.action):
        return GOOD, nested("review.play_same", **common), ""
    play = classify(action) if action != PASS else None
    left = min_plays(hand - play.cards) if play is not None else min_plays(hand)
    mistake = mistake_of(Decision(g, 0, action, cpu))  # source 002's beginner mistakes (tutorial.mistakes)
    if mistake:
        what = nested(f"review.mistake_{mistake}", action=common["action"])
        return (
            MISTAKE,
            nested("review.beginner", label=BEGINNER_MISTAKES[mistake], what=what, **common),
            mistake,
        )
    if play is not None and not left:
        return GOOD, nested("review.go_out_too", **common), ""
    sure = sure_win_with(g, 0, action)
    if sure is not None:
        return GOOD, nested("review.sure_win_too", sure=as_message(Reason("sure_win", sure)), **common), ""
    if cpu.why.code in ("go_out", "sure_win"):
        return MISTAKE, nested("review.missed_sure_win", **common), ""
    cpu_left = cpu.plays_left
    if left > cpu_left:
        verdict = MISTAKE if left >= cpu_left + 2 else INACCURATE
        return (
            verdict,
            nested("review.more_plays", verdict=verdict, left=left, cpu_left=cpu_left, **common),
            "",
        )
    spent = control_messages(control_summary(play.cards)) if play is not None else []
    if spent and not (cpu.action != PASS and control_messages(control_summary(parse(cpu.action)))):
        data = {"control": spent, "left": left, "cpu_left": cpu_left, "fewer": cpu_left - left}
        return INACCURATE, nested("review.spent_control", **data, **common), ""
    return GOOD, nested("review.as_good", left=left, fewer=cpu_left - left, **common), ""


def review(code: str, actions: list[str]) -> list[Item]:
    """Every decision of seat 0 in the hand ``code`` played with ``actions`` (all seats); a pass
    that was the only legal action is marked «sin elección»."""
    g = Game.from_code(code)
    items = []
    helpers = cpu_player("hard").helpers
    for i, action in enumerate(actions):
        if g.turn == 0:
            cpu = hint(g, 0, helpers)
            table = g.table.shown() if g.table is not None else ""
            if g.phase == BIDDING:
                verdict, claim, mistake = _bid_item(g, i, action, cpu)
            elif not g.leading and not g.legal_plays():
                verdict, claim, mistake = FORCED, nested("review.forced", table=table), ""
            else:
                verdict, claim, mistake = _play_item(g, i, action, cpu)
            shown = say_cards(table) if table else ""
            items.append(Item(i, g.phase, tuple(g.hands[0]), shown, action, cpu, verdict, claim, mistake))
        g.apply(action)
    return items


def counted(items: list[Item]) -> dict[str, int]:
    """How many decisions got each verdict, the ones «sin elección» apart (they are not counted)."""
    return {v: sum(i.verdict == v for i in items) for v in (GOOD, INACCURATE, MISTAKE, FORCED)}


REVIEW_BUDGET = 1800
"""Simulated decisions per candidate of the key moment (the hard level's playouts, with more room:
the review runs once, at the end of the hand)."""


@dataclass(frozen=True)
class KeyMoment:
    """Why a lost hand was lost: the decision (``item``, its position in the review) that threw a
    won position away, proved with every card known (``review.exact_moment``), or whose alternative
    (the CPU's choice) won clearly more simulated endings (``review.key_moment``: ``samples``,
    ``wins_played``, ``wins_cpu``); or, with ``item`` None, why there is none (``review.no_moment``).
    ``claim`` is the ``review.*`` message that says so; ``text`` its sentence."""

    item: int | None
    samples: int
    wins_played: int
    wins_cpu: int
    claim: Message

    @property
    def text(self) -> str:
        return render_message(self.claim)


def winner_hand(g: Game) -> Message:
    """The ``review.winner_hand`` claim of a finished hand: the hand of the seat that went out, as
    it was when the play began (the landlord's with the kitty), its fewest plays and control cards."""
    assert g.result is not None and g.landlord is not None
    seat = next(i for i in range(3) if not g.hands[i])
    start = g.hand(seat) + sum((parse(a) for who, a in g.trail if who == seat and a != PASS), parse(""))
    plan = [p.shown() for p in decompose(start)]  # the count's own plan: what it breaks is no control
    kept = control_summary(start, plan)
    control, spent = control_messages(kept), spent_messages(kept)
    return nested(
        "review.winner_hand",
        landlord=seat == g.landlord,
        who=SEAT_NAMES[seat],
        plays=len(plan),
        plan=plan,
        control=control,
        has_control=bool(control),
        spent=spent,
        has_spent=bool(spent),
    )


EXACT_CARDS = ZONE_CARDS
"""The review solves a decision exactly (:mod:`ddz.endgame`, every hand known) when the three hands
hold at most this many cards together: the evaluator's zone (:data:`ddz.ai.evaluate.ZONE_CARDS`)."""


def _line_step(g: Game, k: int, move: str) -> Message:
    """One move of a line from the endgame position of ``g`` (its ``k``-th seat from the landlord)."""
    assert g.landlord is not None
    who = (g.landlord + k) % 3
    return nested("review.line_step", you=who == 0, who=SEAT_NAMES[who], move=_shown(move))


def exact_moment(code: str, actions: list[str], items: list[Item]) -> tuple[KeyMoment | None, str, int]:
    """Where a lost hand was lost, exactly, from the first decision of seat 0 with at most
    :data:`EXACT_CARDS` cards left in the three hands (every card known): the first decision there
    whose action threw a won position away (a key moment); else the zone (``"lost"``: the side had
    already lost at its first decision; ``"kept"``: every action kept the win; ``"none"``: no
    decision with so few cards) and the index of its first decision."""
    g = Game.from_code(code)
    done, first = 0, -1
    for n, item in enumerate(items):
        for a in actions[done : item.index]:
            g.apply(a)
        done = item.index
        if item.phase == BIDDING or item.verdict == FORCED or sum(len(h) for h in g.hands) > EXACT_CARDS:
            continue
        first = n if first < 0 else first
        pos = Position.of_game(g)
        real = {_canon(m): won for m, won in move_wins(pos)[0]}
        if not any(real.values()):
            # lost at the first decision here: the mistake, if any, came earlier; at a later one, after
            # every action of seat 0 kept the win: the partner lost it
            return None, "lost" if n == first else "kept", first
        move = _canon(item.action)
        if real[move]:
            continue  # the action taken wins too
        solved = solve(pos)  # the refutation's line (only for the decision that lost)
        refutation = solved.refutation(move)
        assert refutation is not None
        steps, k = [], pos.turn
        for m in refutation:
            steps.append(_line_step(g, k, m))
            k = (k + 1) % 3
        wins = [nested("review.a_move", move=_shown(w)) for w in solved.winning_moves]
        claim = nested(
            "review.exact_moment",
            n=n + 1,
            action=_shown(item.action),
            first=wins[0],
            others=wins[1:],
            others_n=len(wins) - 1,
            line=steps,
        )
        return KeyMoment(n, 0, 0, 0, claim), "", first
    return None, "kept" if first >= 0 else "none", first


def key_moment(code: str, actions: list[str], items: list[Item]) -> KeyMoment | None:
    """The «momento clave» of a hand seat 0 lost (``None`` if it won): exact when the cards were few
    (:func:`exact_moment`); else each decision that differs
    from the CPU's is estimated with the hard level's playouts (:func:`ddz.ai.cpu.rollout_outcomes`):
    the same deals of the cards seat 0 could not see, played out (:func:`ddz.ai.cpu.playout`) after each of the two
    actions; a decision is the key moment only when the CPU's choice wins clearly more of them (the
    sign test of «Difícil»), the largest gap first. With no such decision, the moment says so: every
    decision was the CPU's own (the CPU in your seat loses the same way), or none did clearly worse."""
    from ddz.ai.cpu import SIGNIFICANCE, rollout_outcomes, sign_test

    g = Game.from_code(code)
    for a in actions:
        g.apply(a)
    if g.result is None or (g.result.winner == "landlord") == (g.landlord == 0):
        return None
    exact, zone, first = exact_moment(code, actions, items)
    if exact is not None:
        return exact
    best: KeyMoment | None = None
    tried: list[int] = []  # the samples of each decision estimated
    before = Game.from_code(code)
    done = 0
    helpers = cpu_player("hard").helpers
    for n, item in enumerate(items):
        for a in actions[done : item.index]:
            before.apply(a)
        done = item.index
        if item.verdict == FORCED or item.phase == BIDDING or _same(item.action, item.cpu.action):
            continue
        if sum(len(h) for h in before.hands) <= EXACT_CARDS:
            break  # from here on the exact search spoke: the hand was already lost
        outcomes = rollout_outcomes(before, 0, [item.action, item.cpu.action], REVIEW_BUDGET, helpers=helpers)
        samples = len(outcomes)
        tried.append(samples)
        played, cpu_wins = sum(o[0] for o in outcomes), sum(o[1] for o in outcomes)
        clear = (
            sign_test(sum(o[1] > o[0] for o in outcomes), sum(o[1] < o[0] for o in outcomes)) <= SIGNIFICANCE
        )
        if clear and (best is None or cpu_wins - played > best.wins_cpu - best.wins_played):
            claim = nested(
                "review.key_moment",
                n=n + 1,
                action=_shown(item.action),
                cpu_action=_shown(item.cpu.action),
                samples=samples,
                cpu_wins=cpu_wins,
                wins=played,
            )
            best = KeyMoment(n, samples, played, cpu_wins, claim)
    if best is not None:
        return best
    judged = [i for i in items if i.verdict != FORCED and i.phase != BIDDING]
    bids_differ = any(i.action != i.cpu.action for i in items if i.phase == BIDDING)
    claim = nested(
        "review.no_moment",
        before="no_worse" if tried else "same",
        decisions=len(judged),
        bids_differ=bids_differ,
        samples=min(tried, default=0),
        zone=zone,
        at=first + 1,
        winner=winner_hand(g),
    )
    return KeyMoment(None, min(tried, default=0), 0, 0, claim)


@lru_cache(maxsize=64)
def reviewed(code: str, actions: tuple[str, ...]) -> tuple[tuple[Item, ...], KeyMoment | None]:
    """The review of a hand and its key moment (:func:`review`, :func:`key_moment`), worked out once
    per server process: a finished hand opened again (a reload, «back» to it, another tab) is shown at
    once instead of being reviewed again (seconds: the key moment plays the hand out). Both are fixed
    by the deal code and the actions, and nothing here is changed after it is made."""
    items = review(code, list(actions))
    return tuple(items), key_moment(code, list(actions), items)
