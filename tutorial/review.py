"""«Revisa tu partida»: every bid and play of the human, marked against the CPU and the solver.

Like a chess site's game review: each decision is *bien*, *imprecisión* or *error*, says what the CPU
would have done and why, and names the seeds' beginner mistakes (seed 002) when they occur.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddz.ai import hint
from ddz.ai.cpu import Advice
from ddz.ai.solver import min_plays
from ddz.cards import BLACK_JOKER, RED_JOKER, TWO, Cards, parse
from ddz.game import BIDDING, PASS, Game
from ddz.messages import say_cards
from ddz.plays import Play, analyze

GOOD, INACCURATE, MISTAKE = "bien", "imprecisión", "error"

BEGINNER_MISTAKES = {
    "high_cards": "mirar cartas altas en vez de tiradas",
    "early_bomb": "abrir con la bomba o el cohete",
    "broken_bomb": "romper el póker para completar un trío o un cuatro con dos",
    "covered_partner": "taparle las cartas a tu compañero",
}
"""The beginner mistakes of seed 002 that a single decision shows (the fourth, a hand with no
linking cards, is about a whole hand, not one decision)."""


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
    if action == PASS:
        return "pasar"
    got = analyze(action)
    return say_cards(got.shown()) if isinstance(got, Play) else action


def _has_control(cards: Cards) -> bool:
    c = cards.counts
    return bool(c[TWO] or c[BLACK_JOKER] or c[RED_JOKER])


def _same(a: str, b: str) -> bool:
    if PASS in (a, b):
        return a == b
    return parse(a) == parse(b)


def _bid_item(g: Game, index: int, action: str, cpu: Advice) -> Item:
    hand = g.hand(0)
    mine, theirs = (0 if action == PASS else int(action)), (0 if cpu.action == PASS else int(cpu.action))
    plays = min_plays(hand)
    said = "pasaste" if not mine else f"pujaste {mine}"
    would = "pasar" if not theirs else f"pujar {theirs}"
    base = dict(index=index, phase=BIDDING, hand=tuple(g.hands[0]), table="", action=action, cpu=cpu)
    if mine == theirs:
        return Item(
            **base, verdict=GOOD, text=f"Bien: {said}, como la CPU. {cpu.reason[0].upper()}{cpu.reason[1:]}."
        )
    if mine > theirs and plays >= 7 and _has_control(hand):
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
    base = dict(index=index, phase=g.phase, hand=tuple(g.hands[0]), table=table, action=action, cpu=cpu)
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
    # the seeds' beginner mistakes
    if isinstance(play, Play):
        partner = 3 - (g.landlord or 0) if g.landlord != 0 else -1
        if g.table is not None and g.table_seat == partner and cpu.action == PASS:
            return Item(
                **base,
                verdict=MISTAKE,
                mistake="covered_partner",
                text=f"Error de principiante: {BEGINNER_MISTAKES['covered_partner']}. {did} sobre "
                f"la jugada de tu compañero y le quitaste la salida a tu propio bando. {why_cpu}",
            )
        if (
            play.is_bomb
            and g.table is None
            and cpu.why.code not in ("bomb_now", "sure_win", "go_out")
            and left > 1
        ):
            return Item(
                **base,
                verdict=MISTAKE,
                mistake="early_bomb",
                text=f"Error de principiante: {BEGINNER_MISTAKES['early_bomb']}. Su valor está en "
                f"recuperar la salida cuando importa; así solo duplicas el multiplicador. {why_cpu}",
            )
        broken = [r for r in range(13) if hand.counts[r] == 4 and 0 < play.cards.counts[r] < 4]
        if broken and play.kind in (
            "trio_single",
            "trio_pair",
            "four_two_singles",
            "four_two_pairs",
            "airplane_singles",
            "airplane_pairs",
        ):
            return Item(
                **base,
                verdict=MISTAKE,
                mistake="broken_bomb",
                text=f"Error de principiante: {BEGINNER_MISTAKES['broken_bomb']}. {did} y ya no "
                f"tienes esas cuatro cartas juntas. {why_cpu}",
            )
    if cpu.why.code in ("go_out", "sure_win"):
        return Item(
            **base, verdict=MISTAKE, text=f"Error: había una forma segura de ganar y no la jugaste. {why_cpu}"
        )
    if left >= cpu_left + 2:
        return Item(
            **base,
            verdict=MISTAKE,
            text=f"Error: {did_lc} y te quedan {left} jugadas; la CPU se habría quedado en {cpu_left}. {why_cpu}",
        )
    if left > cpu_left:
        return Item(
            **base,
            verdict=INACCURATE,
            text=f"Imprecisión: {did_lc} y te quedan {left} jugadas, una más que con la jugada de la CPU. {why_cpu}",
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
        text=f"Bien: {did_lc}; te quedan {left} jugadas, las mismas que con la jugada de la CPU. {why_cpu}",
    )


def review(code: str, actions: list[str]) -> list[Item]:
    """Every decision of seat 0 in the hand ``code`` played with ``actions`` (all seats)."""
    g = Game.from_code(code)
    items = []
    for i, action in enumerate(actions):
        if g.turn == 0:
            cpu = hint(g, 0)
            items.append(
                _bid_item(g, i, action, cpu) if g.phase == BIDDING else _play_item(g, i, action, cpu)
            )
        g.apply(action)
    return items
