"""The beginner mistakes of source 002, each a written definition and a predicate on one decision.

«Revisa tu partida» names a mistake only when its predicate holds; the tests check every predicate
on examples that are the mistake and on near misses that are not. The fourth mistake of the seed
(a hand of big cards with no linking cards) is about a whole hand, not one decision: it is not
judged here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ddz.ai.cpu import Advice
from ddz.ai.solver import min_plays
from ddz.cards import BLACK_JOKER, RANKS, RED_JOKER, TWO, Cards
from ddz.game import BIDDING, PASS, Game
from ddz.plays import Play, classify


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: the game just before it, the action, and the CPU's advice there."""

    game: Game
    seat: int
    action: str
    cpu: Advice

    @property
    def hand(self) -> Cards:
        return self.game.hand(self.seat)

    @property
    def play(self) -> Play | None:
        if self.game.phase == BIDDING or self.action == PASS:
            return None
        return classify(self.action)


def high_cards(hand: Cards) -> int:
    """2s, jokers and bombs: the cards a beginner counts instead of plays."""
    c = hand.counts
    return c[TWO] + c[BLACK_JOKER] + c[RED_JOKER] + sum(1 for r in range(12) if c[r] == 4)


MANY_PLAYS = 8
"""A hand that needs this many plays or more is slow to empty (the seed's «doce turnos»)."""


def _high_cards_bid(d: Decision) -> bool:
    if d.game.phase != BIDDING:
        return False
    mine = 0 if d.action == PASS else int(d.action)
    advised = 0 if d.cpu.action == PASS else int(d.cpu.action)
    return mine > advised and min_plays(d.hand) >= MANY_PLAYS and high_cards(d.hand) >= 2


def _early_bomb(d: Decision) -> bool:
    p = d.play
    return (
        p is not None
        and p.is_bomb
        and d.game.table is None
        and min_plays(d.hand - p.cards) > 1
        and d.cpu.why.code not in ("bomb_now", "sure_win", "go_out")
    )


_CARRIERS = (
    "trio_single",
    "trio_pair",
    "four_two_singles",
    "four_two_pairs",
    "airplane_singles",
    "airplane_pairs",
)


def _broken_bomb(d: Decision) -> bool:
    p = d.play
    if p is None or p.kind not in _CARRIERS:
        return False
    return any(d.hand.counts[r] == 4 and p.cards.counts[r] > 0 for r in range(13))


LOW_RUN = RANKS.index("Q")
"""A partner's play ranked below a Q is «lanzado con cartas bajas»."""


def _covered_partner(d: Decision) -> bool:
    g, p = d.game, d.play
    if p is None or g.table is None or g.landlord in (None, d.seat):
        return False
    partner = 3 - d.seat - (g.landlord or 0)
    return g.table_seat == partner and g.table.rank < LOW_RUN and p.cards != d.hand and d.cpu.action == PASS


@dataclass(frozen=True)
class Mistake:
    label: str
    """The seed's words."""
    definition: str
    """When the review names it (what the predicate checks), in Spanish."""
    holds: Callable[[Decision], bool]


MISTAKES: dict[str, Mistake] = {
    "high_cards": Mistake(
        "mirar cartas altas en vez de tiradas",
        f"pujas más de lo que aconseja el motor con una mano que necesita {MANY_PLAYS} jugadas o más "
        "y que tiene al menos dos cartas altas (doses, comodines o bombas)",
        _high_cards_bid,
    ),
    "early_bomb": Mistake(
        "abrir con la bomba o el cohete",
        "abres la baza con una bomba o el cohete cuando no te deja a una jugada de salir y la CPU no "
        "la jugaría ahí",
        _early_bomb,
    ),
    "broken_bomb": Mistake(
        "romper el póker para completar un trío con carta o un cuatro con dos",
        "juegas un trío, un avión o un cuarteto con acompañantes que usa cartas de un valor del que "
        "tienes las cuatro",
        _broken_bomb,
    ),
    "covered_partner": Mistake(
        "taparle las cartas a tu compañero",
        "superas una jugada de tu compañero menor que una Q, sin salir con ello, cuando la CPU pasaría",
        _covered_partner,
    ),
}
"""The mistakes a single decision can show, by code."""


def mistake_of(d: Decision) -> str:
    """The code of the first mistake whose definition the decision meets (``""`` when none)."""
    return next((code for code, m in MISTAKES.items() if m.holds(d)), "")
