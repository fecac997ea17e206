"""«Revisa tu partida»: every bid and play of the human, marked against the CPU and the solver.

Like a chess site's game review: each decision is *bien*, *imprecisión* or *error*, says what the CPU
would have done and why, and names the seeds' beginner mistakes (seed 002) when they occur.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ddz.ai import hint
from ddz.ai.cpu import Advice
from ddz.ai.solver import min_plays
from ddz.cards import BLACK_JOKER, RED_JOKER, TWO, Cards, parse
from ddz.game import BIDDING, PASS, Game
from ddz.messages import say_cards
from ddz.plays import Play, analyze
from tutorial.logic import count, say_play
from tutorial.mistakes import MISTAKES, Decision, mistake_of

GOOD, INACCURATE, MISTAKE, FORCED = "bien", "imprecisión", "error", "sin elección"
"""Verdicts; a pass that was the only legal action is «sin elección» and is not counted."""

BEGINNER_MISTAKES = {code: m.label for code, m in MISTAKES.items()}
"""The beginner mistakes of seed 002 that a single decision shows (definitions: :mod:`tutorial.mistakes`)."""


@dataclass(frozen=True)
class Item:
    """One reviewed decision of the human."""

    index: int
    """Position of the action in the hand's list of actions."""
    phase: str
    hand: tuple[str, ...]
    table: str
    """The play to beat, as people write it ("" when leading or bidding)."""
    action: str
    cpu: Advice
    verdict: str
    text: str
    mistake: str = ""
    """A key of :data:`BEGINNER_MISTAKES`, when the decision is one of them."""


def _shown(action: str) -> str:
    return "pasar" if action == PASS else say_play(action)


def _has_control(cards: Cards) -> bool:
    c = cards.counts
    return bool(c[TWO] or c[BLACK_JOKER] or c[RED_JOKER])


def _same(a: str, b: str) -> bool:
    if PASS in (a, b):
        return a == b
    return parse(a) == parse(b)


class _Decided(TypedDict):
    """The fields of an :class:`Item` that say what was decided, before it is judged."""

    index: int
    phase: str
    hand: tuple[str, ...]
    table: str
    action: str
    cpu: Advice


def _bid_item(g: Game, index: int, action: str, cpu: Advice) -> Item:
    hand = g.hand(0)
    mine, theirs = (0 if action == PASS else int(action)), (0 if cpu.action == PASS else int(cpu.action))
    plays = min_plays(hand)
    said = "pasaste" if not mine else f"pujaste {mine}"
    would = "pasar" if not theirs else f"pujar {theirs}"
    base = _Decided(index=index, phase=BIDDING, hand=tuple(g.hands[0]), table="", action=action, cpu=cpu)
    if mine == theirs:
        return Item(
            **base, verdict=GOOD, text=f"Bien: {said}, como la CPU. {cpu.reason[0].upper()}{cpu.reason[1:]}."
        )
    if mistake_of(Decision(g, 0, action, cpu)) == "high_cards":
        return Item(
            **base,
            verdict=MISTAKE,
            mistake="high_cards",
            text=f"Error de principiante: {BEGINNER_MISTAKES['high_cards']}. {said.capitalize()} con una mano que "
            f"necesita {plays} jugadas. La CPU habría preferido {would}: {cpu.reason}.",
        )
    verdict = MISTAKE if abs(mine - theirs) >= 2 else INACCURATE
    label = "Error" if verdict == MISTAKE else "Imprecisión"
    return Item(
        **base, verdict=verdict, text=f"{label}: {said}; la CPU habría preferido {would}: {cpu.reason}."
    )


def _play_item(g: Game, index: int, action: str, cpu: Advice) -> Item:
    hand = g.hand(0)
    table = say_cards(g.table.shown()) if g.table is not None else ""
    base = _Decided(index=index, phase=g.phase, hand=tuple(g.hands[0]), table=table, action=action, cpu=cpu)
    mine = _shown(action)
    theirs = _shown(cpu.action)
    if _same(action, cpu.action):
        return Item(
            **base,
            verdict=GOOD,
            text=f"Bien: {'pasaste' if action == PASS else f'jugaste {mine}'}, como la CPU: {cpu.reason}.",
        )
    play = analyze(action) if action != PASS else None
    left = min_plays(hand - play.cards) if isinstance(play, Play) else min_plays(hand)
    cpu_left = cpu.plays_left
    why_cpu = f"La CPU habría {'pasado' if cpu.action == PASS else f'jugado {theirs}'}: {cpu.reason}."
    did = "Pasaste" if action == PASS else f"Jugaste {mine}"
    did_lc = "pasaste" if action == PASS else f"jugaste {mine}"
    # the seeds' beginner mistakes, each by its written definition (tutorial.mistakes)
    mistake = mistake_of(Decision(g, 0, action, cpu))
    if mistake:
        what = {
            "covered_partner": f"{did} sobre la jugada de tu compañero y le quitaste la salida a tu propio bando.",
            "early_bomb": "Su valor está en recuperar la salida cuando importa; así solo duplicas el multiplicador.",
            "broken_bomb": f"{did} y ya no tienes esas cuatro cartas juntas.",
        }[mistake]
        return Item(
            **base,
            verdict=MISTAKE,
            mistake=mistake,
            text=f"Error de principiante: {BEGINNER_MISTAKES[mistake]}. {what} {why_cpu}",
        )
    if cpu.why.code in ("go_out", "sure_win"):
        return Item(
            **base, verdict=MISTAKE, text=f"Error: había una forma segura de ganar y no la jugaste. {why_cpu}"
        )
    if left >= cpu_left + 2:
        return Item(
            **base,
            verdict=MISTAKE,
            text=f"Error: {did_lc} y te quedan {count(left, 'jugada')}; la CPU se habría quedado en {cpu_left}. {why_cpu}",
        )
    if left > cpu_left:
        return Item(
            **base,
            verdict=INACCURATE,
            text=f"Imprecisión: {did_lc} y te quedan {count(left, 'jugada')}, una más que con la jugada de la CPU. {why_cpu}",
        )
    if (
        isinstance(play, Play)
        and _has_control(play.cards)
        and not (cpu.action != PASS and _has_control(parse(cpu.action)))
    ):
        return Item(
            **base,
            verdict=INACCURATE,
            text=f"Imprecisión: {did_lc} y gastaste un 2 o un comodín que la CPU habría guardado para recuperar la salida. {why_cpu}",
        )
    return Item(
        **base,
        verdict=GOOD,
        text=f"Bien: {did_lc}; te quedan {count(left, 'jugada')}, las mismas que con la jugada de la CPU. {why_cpu}",
    )


def _forced_item(g: Game, index: int, action: str, cpu: Advice) -> Item:
    table = say_cards(g.table.shown()) if g.table is not None else ""
    return Item(
        index=index,
        phase=g.phase,
        hand=tuple(g.hands[0]),
        table=table,
        action=action,
        cpu=cpu,
        verdict=FORCED,
        text=f"Sin elección: no tenías nada que superara {table}, así que pasar era lo único posible.",
    )


def review(code: str, actions: list[str]) -> list[Item]:
    """Every decision of seat 0 in the hand ``code`` played with ``actions`` (all seats); a pass
    that was the only legal action is marked «sin elección»."""
    g = Game.from_code(code)
    items = []
    for i, action in enumerate(actions):
        if g.turn == 0:
            cpu = hint(g, 0)
            if g.phase == BIDDING:
                items.append(_bid_item(g, i, action, cpu))
            elif not g.leading and not g.legal_plays():
                items.append(_forced_item(g, i, action, cpu))
            else:
                items.append(_play_item(g, i, action, cpu))
        g.apply(action)
    return items


def counted(items: list[Item]) -> dict[str, int]:
    """How many decisions got each verdict, the ones «sin elección» apart (they are not counted)."""
    return {v: sum(i.verdict == v for i in items) for v in (GOOD, INACCURATE, MISTAKE, FORCED)}


REVIEW_BUDGET = 1200
"""Simulated decisions per candidate of the key moment (the hard level's playouts, with more room:
the review runs once, at the end of the hand)."""


@dataclass(frozen=True)
class KeyMoment:
    """Where a lost hand went wrong, by the CPU's estimate: the decision whose alternative (the
    CPU's choice) won the most more simulated endings than what was played."""

    item: int
    """Position of the decision in the review's items."""
    samples: int
    wins_played: int
    wins_cpu: int
    text: str


def key_moment(code: str, actions: list[str], items: list[Item]) -> KeyMoment | None:
    """The «momento clave» of a hand seat 0 lost (``None`` if it won, or if no decision of it
    did worse than the CPU's choice in the simulated endings). Each candidate is estimated with
    the hard level's playouts (:func:`ddz.ai.cpu.rollout_wins`): the same deals of the cards seat 0
    could not see, played out by «Normal» after each of the two actions."""
    from ddz.ai.cpu import rollout_wins

    g = Game.from_code(code)
    for a in actions:
        g.apply(a)
    if g.result is None or (g.result.winner == "landlord") == (g.landlord == 0):
        return None
    best: KeyMoment | None = None
    for n, item in enumerate(items):
        if item.verdict in (GOOD, FORCED) or item.phase == BIDDING or _same(item.action, item.cpu.action):
            continue
        before = Game.from_code(code)
        for a in actions[: item.index]:
            before.apply(a)
        (played, cpu_wins), samples = rollout_wins(before, 0, [item.action, item.cpu.action], REVIEW_BUDGET)
        if (
            samples
            and cpu_wins > played
            and (best is None or cpu_wins - played > best.wins_cpu - best.wins_played)
        ):
            theirs = "pasar" if item.cpu.action == PASS else f"jugar {_shown(item.cpu.action)}"
            mine = "pasaste" if item.action == PASS else f"jugaste {_shown(item.action)}"
            text = (
                f"Momento clave (estimación de la CPU), decisión {n + 1}: {mine}. En {samples} "
                f"{'final simulado' if samples == 1 else 'finales simulados'} con repartos posibles de las "
                f"cartas que no veías, {theirs} gana {cpu_wins} de {'ese' if samples == 1 else f'los {samples}'}"
                f" y lo que hiciste, {played}."
            )
            best = KeyMoment(n, samples, played, cpu_wins, text)
    return best
