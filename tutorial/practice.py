"""The practice hand behind «Jugar»: a game, its history of events and what the human did.

No Streamlit here, so it is tested directly. The URL keeps only the deal code and the human's own
actions (bids, passes and the exact cards of each play); the CPUs' moves are always recomputed,
never read from the URL, so editing the URL cannot dictate what a CPU plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddz.ai.cpu import LEVELS, Advice
from ddz.ai.reasons import as_message
from ddz.cards import parse
from ddz.codes import DECK_ORDER, CodeError, cards_of, new_code, normalize
from ddz.game import BIDDING, OVER, PASS, PLAYING, Event, Game, GameError
from ddz.messages import Message, nested, render_message
from ddz.plays import classify
from tutorial.cpus import cpu_player
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

    def copy(self) -> Practice:
        """An independent copy (the page draws one, so a change to the hand cannot reach a drawing
        under way)."""
        return Practice(
            self.game.copy(),
            list(self.events),
            list(self.human),
            set(self.forced_passes),
            self.level,
            set(self.forced_human),
            {k: list(v) for k, v in self.undone.items()},
        )

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
        events = self.game.apply(cpu_player(self.level).act(self.game))
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
    """One line of the hand's history: a claim (a ``history.*`` message), its kind and the cards it shows."""

    kind: str
    claim: Message
    ids: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return render_message(self.claim)


def history(p: Practice) -> list[Line]:
    """Every event of the hand in the order it happened, as claims, for the history panel."""
    from ddz.plays import Play, analyze

    g = p.game
    out: list[Line] = []
    for i, e in enumerate(p.events):
        who = {"you": e.seat == HUMAN, "who": NAMES[e.seat or 0]}
        if e.kind == "bid":
            m = nested("history.bid", bid=e.value, **who)
        elif e.kind == "redeal":
            m = nested("history.redeal", deal=e.value + 1)
        elif e.kind == "forced":
            m = nested("history.forced", **who)
        elif e.kind == "landlord":
            m = nested("history.landlord", base=e.value, kitty=e.cards, **who)
        elif e.kind == "play":
            play = analyze(e.cards)
            assert isinstance(play, Play)
            m = nested("history.play", cards=play.shown(), what=play.as_message(), **who)
        elif e.kind == "pass":
            m = nested("history.pass", forced=i in p.forced_passes, **who)
        elif e.kind == "double":
            m = nested("history.double", value=e.value)
        elif e.kind == "trick":
            m = nested("history.trick", **who)
        elif e.kind == "over":
            m = nested("history.over", landlord=bool(g.result and g.result.winner == "landlord"), **who)
        else:
            continue
        out.append(Line(e.kind, m, e.ids if e.kind == "play" else ()))
    return out


GUIDED_CODE = "0000-1AYJ8"
"""The deal of the guided first hand: your hand is worth 3, you lead as the landlord and win
(following the hints) in 9 decisions."""


def hint_claim(advice: Advice, phase: str) -> Message:
    """The «Pista» sentence as a claim: the hint's action and its reason (``hint.*``)."""
    why = as_message(advice.why)
    if phase != PLAYING:  # the bidding reason ends with its advice («…: puja 3», «…: mejor pasar»)
        return nested("hint.bid", why=why)
    if advice.action == PASS:
        return nested("hint.pass", why=why)
    return nested("hint.play", cards=classify(advice.action).shown(), why=why)


@dataclass(frozen=True)
class HintOption:
    """One option of «Pista» pressed again: the action (a play or the pass), the fewest plays it
    leaves, and, when the evaluator judged the position, the deals it wins (``wins`` of ``deals``,
    every deal when ``exact``; ``wins`` is None outside the evaluator's zone)."""

    action: str
    left: int
    wins: int | None = None
    deals: int = 0
    exact: bool = False


def hint_options(g: Game, seat: int, first: str) -> list[HintOption]:
    """What «Pista» offers when pressed again, in order: the hint's action ``first``, then every
    other legal move of the seat: its plays (against the table) and the pass when it follows a
    play. With few cards left (:mod:`ddz.ai.evaluate`), the moves that win the most deals of the
    unseen cards first; then those that leave the fewest plays (the pass leaves the hand as it is),
    so moves that leave as many plays come together; then the engine's order (kind, rank)."""
    from ddz.ai.evaluate import evaluate
    from ddz.ai.solver import min_plays
    from ddz.moves import legal_plays

    hand = g.hand(seat)
    judged = evaluate(g, seat) if g.turn == seat else None
    following = g.table is not None and g.table_seat != seat

    def option(action: str) -> HintOption:
        left = min_plays(hand if action == PASS else hand - parse(action))
        if judged is None:
            return HintOption(action, left)
        return HintOption(action, left, judged.value(action).wins, judged.deals, judged.exact)

    moves = [str(p.cards) for p in legal_plays(hand, g.table, g.variant)] + ([PASS] if following else [])
    head = PASS if first == PASS else str(parse(first))
    rest = [option(a) for a in moves if a != head]
    rest.sort(key=lambda o: (-(o.wins or 0), o.left))
    return [option(first), *rest]


def hint_option_claim(options: list[HintOption], i: int) -> Message:
    """The sentence of option ``i`` (from 1) of :func:`hint_options`: «Pista 2 de 7: juega 5 5 — te
    quedan 4 jugadas.», «Pista 3 de 7: pasa — te quedan 3 jugadas; a cartas vistas, ganas en 12 de
    los 45 repartos posibles de las cartas que no ves.» (``hint.option``)."""
    o = options[i]
    return nested(
        "hint.option",
        n=i + 1,
        total=len(options),
        cards="" if o.action == PASS else classify(o.action).shown(),
        left=o.left,
        passes=o.action == PASS,
        evaluated=o.wins is not None,
        wins=o.wins or 0,
        deals=o.deals,
        exact=o.exact,
    )


def hint_text(advice: Advice, phase: str) -> str:
    """The «Pista» sentence («Pista: juega 5 5 — te deja en 3 jugadas…»)."""
    return render_message(hint_claim(advice, phase))


def coach_claim(p: Practice, raised: list[str]) -> Message | None:
    """What the guide says now, as a claim (``coach.*``) built on the engine's hint for your seat;
    None when it is not your turn. The first plays also explain how to raise cards; once the raised
    cards are the suggested ones, it says to press «Jugar»."""
    from ddz.ai import hint

    g = p.game
    if g.phase == OVER:
        return nested("coach.over")
    if g.turn != HUMAN:
        return None
    advice = hint(g, HUMAN, cpu_player("hard").helpers)
    why = as_message(advice.why)
    if g.phase == BIDDING:
        return nested("coach.bid", why=why, bid=0 if advice.action == PASS else int(advice.action))
    if advice.action == PASS:
        return nested("coach.pass", why=why)
    play = classify(advice.action)
    if raised and str(cards_of(raised)) == str(play.cards):
        return nested("coach.raised", why=why)
    how = sum(1 for a in p.human if a not in ("p", "1", "2", "3")) < 3
    return nested("coach.raise", leading=g.leading, cards=play.shown(), kind=str(play.kind), how=how, why=why)


def coach(p: Practice, raised: list[str]) -> str:
    """What the guide says now (:func:`coach_claim` in Spanish; «» when it is not your turn)."""
    m = coach_claim(p, raised)
    return render_message(m) if m is not None else ""
