"""Why the CPU (or a hint) chose an action: a small taxonomy of reason codes from the sources' strategy
paragraphs, with structured data; their Spanish sentences, in the right person, are the ``cpu.*``
entries of the one message catalog (:mod:`ddz.messages`).

The engine decides with codes; only :func:`render` produces Spanish. ``person="tú"`` talks to the
player (a hint); any other value is a seat name and the sentence is in the third person
(«Oeste pasa: no tiene nada que supere a 33»).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..messages import Message, MessageDataError, MessageError, nested, render_message

CODES: dict[str, str] = {
    "go_out": "the play empties the hand",
    "sure_win": "exact endgame search: played in the order given, no other hand can stop the hand",
    "fewest_plays": "count plays, not high cards: the play leaves the fewest plays",
    "long_chain": "open with a long chain to unload many cards at once",
    "keep_control": "the play keeps 2s, jokers and bombs to win back the lead",
    "control_back": "a 2 or a joker wins the lead back",
    "bomb_now": "bomb or rocket timing: it decides the hand now",
    "feed_partner": "the farmer in front of the partner opens the way with a low card",
    "high_single": "the opponent announces one card: a single must be the highest",
    "partner_leads": "the partner holds the trick: do not cover him",
    "forced_pass": "nothing in the hand beats the table",
    "save_strength": "beating the table would cost control cards, a bomb or extra plays",
    "bid": "hand valuation for the auction: plays needed and control cards",
    "cover_partner": "the farmer just before the landlord overtakes a low play of the partner "
    "when the landlord has few cards",
    "attach_kicker": "a low single or pair goes out on a trio instead of being led alone",
    "take_lead": "passing is not free: it leaves the lead to an opponent",
    "playout": "the hard level plays the endgame out on deals of the unseen cards: this wins most",
    "splits": "the evaluator: every split of the unseen cards (or a sample), each solved at open cards: "
    "this move wins the most deals",
    "lowest_play": "the easy level: the lowest group of cards, or the lowest play that beats the table",
}
"""Every reason code with what it means (the sources' strategy terms)."""


@dataclass(frozen=True)
class Reason:
    """A reason code with its data (cards as notation strings, counts as ints)."""

    code: str
    data: dict[str, Any] = field(default_factory=dict)
    extra: tuple[Reason, ...] = ()
    """Secondary reasons rendered after the main one («…; y guardas el 2 para recuperar la salida»)."""

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise MessageError("unknown_code", {"code": f"cpu.{self.code}"})


def control_messages(d: dict[str, Any]) -> list[Message]:
    """«un 2», «dos doses», «el cohete», «una bomba de 7»… (``cpu.control_*`` messages) from a
    control-cards summary (:func:`ddz.ai.cpu.control_summary`)."""
    out = []
    twos = int(d.get("twos", 0))
    if twos:
        out.append(nested("cpu.control_twos", twos=twos))
    if d.get("rocket"):
        out.append(nested("cpu.control_rocket"))
    else:
        out += [nested("cpu.control_joker", joker=j) for j in d.get("jokers", [])]
    out += [nested("cpu.control_bomb", rank=b) for b in d.get("bombs", [])]
    return out


def spent_messages(d: dict[str, Any]) -> list[Message]:
    """«ese plan juega los cuatro 4 en 4 4 4 4 + 5 6, así que ya no son bomba» (``cpu.bomb_spent``)
    for each bomb of a control summary that its plan does not play as a bomb."""
    return [
        nested(
            "cpu.bomb_spent",
            rank=b["rank"],
            plays=[nested("cpu.plan_play", cards=q) for q in b["plays"]],
            n=len(b["plays"]),
        )
        for b in d.get("bombs_spent", [])
    ]


def as_message(reason: Reason, you: bool = True) -> Message:
    """The reason as catalog data (codes ``cpu.*``): ``you`` for the sentence to the player, else
    the third person. Secondary reasons are chained with ``cpu.also``."""
    d, code = reason.data, reason.code
    data: dict[str, Any] = {**d, "you": you}
    if code == "fewest_plays":
        data.update(plan=list(d.get("plan", [])), has_plan=bool(d.get("plan")))
    elif code == "sure_win":
        if not d.get("order"):
            raise MessageDataError.of("cpu.sure_win", ["order"], d)
    elif code == "keep_control":
        control = control_messages(d)
        spent = spent_messages(d)
        data.update(control=control, has_kept=bool(control), spent=spent, has_spent=bool(spent))
    elif code == "control_back":
        found = [nested("cpu.beater_rank", rank=h["rank"]) for h in d.get("higher", [])]
        found += [nested("cpu.beater_bomb")] if d.get("bomb") else []
        found += [nested("cpu.beater_rocket")] if d.get("rocket") else []
        what = nested("cpu.what_play", kind=d["kind"], rank=d["rank"])
        data.update(what=what, beaters=found, n=len(found))
    elif code == "take_lead":
        data.setdefault("side", False)
    elif code == "bomb_now":
        data.update(rocket=bool(d.get("rocket")), few_plays=d.get("why") == "few_plays")
        data.setdefault("who", "")
        data.setdefault("cards_left", 0)
    elif code == "save_strength":
        data["said_cost"] = _cost(d, you)
    elif code == "bid":
        control = control_messages(d.get("control", {}))
        spent = spent_messages(d.get("control", {}))
        data.update(spent=spent, has_spent=bool(spent))
        bid = int(d["bid"])
        advice = "bid" if bid else "not_higher" if d.get("would_open") else "pass"
        data.update(
            said_control=control, has_control=bool(control), advice=advice, next=int(d.get("highest", 0)) + 1
        )
    elif code == "splits":
        data["every"] = d["wins"] == d["deals"]
    elif code == "lowest_play":
        data.update(following="table" in d)
        data.setdefault("table", "")
    out = nested("cpu." + code, **data)
    for extra in reason.extra:
        out = nested("cpu.also", first=out, then=as_message(extra, you))
    return out


def render(reason: Reason, person: str = "tú") -> str:
    """The Spanish sentence for ``reason``: to the player (``"tú"``) or about a seat (its name)."""
    m = as_message(reason, person == "tú")
    return render_message(m)


def _cost(d: dict[str, Any], you: bool) -> Message:
    """What beating the table would cost (a ``cpu.cost_*`` message naming the answer it is about)."""
    cost = str(d.get("cost"))
    common = {"you": you, "table": d.get("table", ""), "best": d.get("best", "")}
    if cost == "control":
        control = control_messages(d.get("control", {})) or [nested("cpu.control_high")]
        return nested("cpu.cost_control", control=control, **common)
    if cost == "bomb":
        return nested("cpu.cost_bomb", only=bool(d.get("only")), what=d.get("what", "bomb"), **common)
    if cost == "split_rocket":
        return nested("cpu.cost_split_rocket", **common)
    if cost == "break_bomb":
        return nested("cpu.cost_break_bomb", rank=d.get("rank", ""), **common)
    after, now = int(d.get("after", 0)), int(d.get("now", 0))
    return nested("cpu.cost_plays", same=after == now, after=after, now=now, **common)


__all__ = [
    "Reason",
    "as_message",
    "control_messages",
    "render",
    "spent_messages",
]
