"""The practice hand behind «Jugar»: a game, its history of events and what the human did.

No Streamlit here, so it is tested directly. The URL keeps only the deal code and the human's own
actions (bids, passes and the exact cards of each play); the CPUs' moves are always recomputed,
never read from the URL, so editing the URL cannot dictate what a CPU plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddz.ai import Cpu
from ddz.ai.cpu import LEVELS
from ddz.codes import DECK_ORDER, CodeError, cards_of, new_code, normalize
from ddz.game import BIDDING, OVER, PLAYING, Event, Game, GameError
from ddz.messages import say_cards
from tutorial.logic import say_play

HUMAN = 0
_IDS = frozenset(DECK_ORDER)


def encode_action(action: str, ids: list[str] | tuple[str, ...] = ()) -> str:
    """A URL token for one human action: ``p``, ``1``–``3``, or the card ids of a play (``5H5D``)."""
    return "".join(ids) if ids else action


def decode_action(token: str) -> tuple[str, list[str] | None]:
    """The action and card ids of a URL token (a play may also be written in plain notation)."""
    if len(token) % 2 == 0 and token and all(token[i : i + 2] in _IDS for i in range(0, len(token), 2)):
        ids = [token[i : i + 2] for i in range(0, len(token), 2)]
        return str(cards_of(ids)), ids
    return token, None


@dataclass
class Practice:
    """One practice hand: the human sits at seat 0 (Sur) against two deterministic CPUs."""

    game: Game
    events: list[Event] = field(default_factory=list)
    human: list[str] = field(default_factory=list)
    """URL tokens of the human's actions, in order."""
    forced_passes: set[int] = field(default_factory=set)
    """Indices in ``events`` of the human's passes that were the only legal action."""
    level: str = "normal"
    """The CPUs' level (``easy``, ``normal``, ``hard``); part of the address, since their moves are
    recomputed from it."""
    forced_human: set[int] = field(default_factory=set)
    """Indices in ``human`` of the passes that were the only legal action."""
    undone: dict[int, list[str]] = field(default_factory=dict)
    """Decisions taken back with «Deshacer»: the index in ``human`` of the decision made again, and
    the tokens that stood there before (kept for the review)."""

    @classmethod
    def start(
        cls, code: str | None = None, tokens: list[str] | None = None, level: str = "normal"
    ) -> tuple[Practice, str]:
        """A hand from ``code`` replaying the human's ``tokens`` (the CPUs recompute their moves).

        Returns the hand and a Spanish error ("" when all went well): a bad code gives a fresh
        hand, a bad token keeps the hand as it was before that token."""
        error = ""
        if level not in LEVELS:
            level, error = "normal", "Ese nivel de la CPU no existe: juegas contra el nivel Normal."
        try:
            p = cls(Game.from_code(code if code is not None else new_code()), level=level)
        except CodeError as e:
            p, error = cls(Game.from_code(new_code()), level=level), f"{e}. Empezamos una partida nueva."
        for i, token in enumerate(tokens or []):
            p.run_cpus()
            action, ids = decode_action(token)
            try:
                p.act(action, ids)
            except GameError as e:
                error = f"La partida guardada en la dirección no es válida en tu acción {i + 1}: {e.message}"
                break
        return p, error

    @property
    def code(self) -> str:
        return self.game.code or ""

    def act(self, action: str, ids: list[str] | None = None) -> list[Event]:
        """The human's action (raises :class:`GameError`, changing nothing, if it is not allowed)."""
        g = self.game
        forced = g.phase == PLAYING and g.turn == HUMAN and not g.leading and not g.legal_plays()
        events = self.game.apply(action, seat=HUMAN, ids=ids)
        if forced:
            self.forced_passes.add(len(self.events))
            self.forced_human.add(len(self.human))
        self.human.append(encode_action(action, ids or ()))
        self.events += events
        return events

    def stuck(self) -> bool:
        """True when it is the human's turn in play and nothing of theirs beats the table."""
        g = self.game
        return g.phase == PLAYING and g.turn == HUMAN and not g.leading and not g.legal_plays()

    def can_undo(self) -> bool:
        """A decision of the human's (not a forced pass) can be taken back while the hand is on."""
        return not self.over and any(i not in self.forced_human for i in range(len(self.human)))

    def undo(self) -> str:
        """Take back the human's last decision (and the forced passes after it): the hand is
        replayed from its code up to just before it, and the CPUs move up to the human's turn again.
        Returns the token taken back ("" when there was nothing to undo)."""
        if not self.can_undo():
            return ""
        keep = len(self.human) - 1
        while keep in self.forced_human:
            keep -= 1
        taken = self.human[keep]
        again, _ = Practice.start(self.code, self.human[:keep], self.level)
        again.run_cpus()
        self.undone.setdefault(keep, []).append(taken)
        self.game, self.events, self.human = again.game, again.events, again.human
        self.forced_passes, self.forced_human = again.forced_passes, again.forced_human
        return taken

    def cpu_turn(self) -> bool:
        """True when a CPU is to move."""
        return self.game.phase in (BIDDING, PLAYING) and self.game.turn != HUMAN

    def cpu_step(self) -> list[Event]:
        """Let the CPU to move act (nothing when it is the human's turn or the hand is over)."""
        if not self.cpu_turn():
            return []
        events = self.game.apply(Cpu(self.level).act(self.game))
        self.events += events
        return events

    def run_cpus(self) -> None:
        """Let the CPUs act until it is the human's turn or the hand is over."""
        while self.cpu_turn():
            self.cpu_step()

    def query(self) -> dict[str, str]:
        """What the URL keeps: the code and the human's actions."""
        q = {"codigo": self.code}
        if self.level != "normal":
            q["nivel"] = self.level
        if self.human:
            q["acciones"] = ".".join(self.human)
        return q

    @property
    def over(self) -> bool:
        return self.game.phase == OVER

    @property
    def forced_landlord(self) -> bool:
        """The landlord was imposed: four deals in a row with no bid (base 1)."""
        g = self.game
        return g.landlord is not None and bool(g.auction) and not any(g.auction)

    def replay_link(self) -> str | None:
        """The «Manos comentadas» address of this hand, only once it is over (it shows every hand)."""
        if not self.over:
            return None
        return f"/manos?codigo={normalize(self.code)}&acciones={'.'.join(self.game.actions)}"


def say_token(token: str, bidding: bool) -> str:
    """A human decision in words: «pasar», «pujar 2», «jugar 5 5» (for the review of undone ones)."""
    action, _ = decode_action(token)
    if action == "p":
        return "pasar"
    return f"pujar {action}" if bidding else f"jugar {say_play(action)}"


TALLY_KEYS = ("landlord_won", "landlord_lost", "farmer_won", "farmer_lost", "springs", "streak", "best")
"""The session tally: hands (never points) won and lost on each side, springs, streaks."""


def empty_tally() -> dict[str, int]:
    return dict.fromkeys(TALLY_KEYS, 0)


def valid_tally(value: object) -> dict[str, int] | None:
    """A tally read back from the browser, or None when it is not one (then it is ignored)."""
    if not isinstance(value, dict):
        return None
    out = empty_tally()
    for k in TALLY_KEYS:
        v = value.get(k, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            return None
        out[k] = v
    return out


def tally_add(tally: dict[str, int], game: Game) -> dict[str, int]:
    """The tally after the finished hand ``game`` (seat 0 is you)."""
    r = game.result
    if r is None:
        return dict(tally)
    out = dict(tally)
    landlord = r.landlord == HUMAN
    won = (r.winner == "landlord") == landlord
    out[f"{'landlord' if landlord else 'farmer'}_{'won' if won else 'lost'}"] += 1
    out["springs"] += int(r.spring or r.antispring)
    out["streak"] = out["streak"] + 1 if won else 0
    out["best"] = max(out["best"], out["streak"])
    return out


NAMES = ("Tú", "Este", "Oeste")
"""Seat names on the «Jugar» page: the human is seat 0 (Sur)."""


@dataclass(frozen=True)
class Line:
    """One line of the hand's history: a Spanish sentence and the cards it shows."""

    kind: str
    text: str
    ids: tuple[str, ...] = ()


def _verb(seat: int | None, you: str, other: str) -> str:
    """«Tú pasas» / «Oeste pasa»: the right person for the seat."""
    return f"Tú {you}" if seat == HUMAN else f"{NAMES[seat or 0]} {other}"


def history(p: Practice) -> list[Line]:
    """Every event of the hand in the order it happened, in Spanish, for the history panel."""
    from ddz.plays import Play, analyze

    out: list[Line] = []
    deal_no = 1
    for i, e in enumerate(p.events):
        if e.kind == "bid":
            text = (
                _verb(e.seat, f"pujas {e.value}", f"puja {e.value}")
                if e.value
                else _verb(e.seat, "pasas", "pasa")
            )
            out.append(Line("bid", text + "."))
        elif e.kind == "redeal":
            deal_no = e.value + 1
            out.append(
                Line("redeal", f"Nadie ha pujado: se baraja y se reparte de nuevo (reparto {deal_no} de 4).")
            )
        elif e.kind == "forced":
            who = (
                "tú abriste la subasta, eres"
                if e.seat == HUMAN
                else f"{NAMES[e.seat or 0]} abrió la subasta, es"
            )
            out.append(
                Line(
                    "forced",
                    f"Cuarto reparto y tampoco puja nadie: como {who} terrateniente a la fuerza con base 1.",
                )
            )
        elif e.kind == "landlord":
            kitty = say_cards(e.cards)
            text = (
                f"Eres el terrateniente (base {e.value}) y recibes el pozo: {kitty}."
                if e.seat == HUMAN
                else f"{NAMES[e.seat or 0]} es el terrateniente (base {e.value}) y recibe el pozo: {kitty}."
            )
            out.append(Line("landlord", text))
        elif e.kind == "play":
            play = analyze(e.cards)
            what = f"{say_cards(play.shown())}: {play.describe()}" if isinstance(play, Play) else e.cards
            out.append(Line("play", _verb(e.seat, f"juegas {what}", f"juega {what}") + ".", e.ids))
        elif e.kind == "pass":
            text = _verb(e.seat, "pasas", "pasa")
            if i in p.forced_passes:
                text += ": no tenías nada que superara la jugada de la mesa"
            out.append(Line("pass", text + "."))
        elif e.kind == "double":
            out.append(Line("double", f"El multiplicador se duplica: ×{e.value}."))
        elif e.kind == "trick":
            leader = "abres tú" if e.seat == HUMAN else f"abre {NAMES[e.seat or 0]}"
            out.append(Line("trick", f"Dos pases seguidos: baza nueva, {leader}."))
        elif e.kind == "over":
            g = p.game
            winner = (
                "gana el terrateniente"
                if g.result and g.result.winner == "landlord"
                else "ganan los campesinos"
            )
            who = "Te quedas" if e.seat == HUMAN else f"{NAMES[e.seat or 0]} se queda"
            out.append(Line("over", f"{who} sin cartas: {winner}."))
    return out


GUIDED_CODE = "0000-1AYJ8"
"""The deal of the guided first hand: your hand is worth 3, you lead as the landlord and win
(following the hints) in 9 decisions."""


def coach(p: Practice, raised: list[str]) -> str:
    """What the guide says now, computed from the engine's hint for your seat («» when not your turn).

    The first plays also explain how to raise cards; once the raised cards are the suggested ones,
    it says to press «Jugar»."""
    from ddz.ai import hint
    from ddz.plays import classify

    g = p.game
    if g.phase == OVER:
        return "¡Mano terminada! Ya conoces lo básico. Abajo puedes revisar cada una de tus decisiones."
    if g.turn != HUMAN:
        return ""
    advice = hint(g, HUMAN)
    if g.phase == BIDDING:
        button = "«Pasar»" if advice.action == "p" else f"«Pujar {advice.action}»"
        return (
            "Primero, la subasta: quien más puja será el terrateniente y jugará solo contra los otros dos. "
            f"Cuenta tus jugadas, no tus cartas altas: {advice.reason}. Pulsa {button}."
        )
    if advice.action == "p":
        return f"Pulsa «Pasar»: {advice.reason}."
    play = classify(advice.action)
    chosen = str(cards_of(raised)) if raised else ""
    if chosen == str(play.cards):
        return f"¡Eso es! La barra lo confirma: ahora pulsa «Jugar». Por qué esta jugada: {advice.reason}."
    how = ""
    if sum(1 for a in p.human if a not in ("p", "1", "2", "3")) < 3:
        how = (
            " Toca cada carta para levantarla (o desliza el dedo por encima de varias; un doble toque "
            "levanta todas las de un valor). Si te equivocas, vuelve a tocarla para bajarla."
        )
    lead = "Abres la baza: puedes jugar la combinación que quieras." if g.leading else ""
    return f"{lead} Levanta {say_cards(play.shown())}, {play.name}.{how} Por qué: {advice.reason}.".strip()
