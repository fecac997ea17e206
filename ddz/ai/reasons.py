"""Why the CPU (or a hint) chose an action: a small taxonomy of reason codes from the seeds' strategy
paragraphs, with structured data, and one Spanish catalog that renders them in the right person.

The engine decides with codes; only :func:`render` produces Spanish. ``person="tú"`` talks to the
player (a hint); any other value is a seat name and the sentence is in the third person
(«Oeste pasa: no tiene nada que supere a 33»).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CODES: dict[str, str] = {
    "go_out": "the play empties the hand",
    "sure_win": "exact endgame search: after this play no opponent can stop the hand",
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
    "lowest_play": "the easy level: the lowest group of cards, or the lowest play that beats the table",
}
"""Every reason code with what it means (the seeds' strategy terms)."""


@dataclass(frozen=True)
class Reason:
    """A reason code with its data (cards as notation strings, counts as ints)."""

    code: str
    data: dict[str, Any] = field(default_factory=dict)
    extra: tuple[Reason, ...] = ()
    """Secondary reasons rendered after the main one («…; y guardas el 2 para recuperar la salida»)."""

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown reason code {self.code!r}")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " y " + items[-1]


def _control_words(d: dict[str, Any]) -> list[str]:
    """«un 2», «dos doses», «el cohete», «una bomba de 7»… from a control-cards summary."""
    out = []
    twos = int(d.get("twos", 0))
    if twos:
        out.append("un 2" if twos == 1 else f"{['', '', 'dos', 'tres', 'cuatro'][twos]} doses")
    if d.get("rocket"):
        out.append("el cohete")
    else:
        for j in d.get("jokers", []):
            out.append(f"el comodín {j}")
    for b in d.get("bombs", []):
        out.append(f"una bomba de {b}")
    return out


def render(reason: Reason, person: str = "tú") -> str:
    """The Spanish sentence for ``reason``: to the player (``"tú"``) or about a seat (its name)."""
    you = person == "tú"
    d = reason.data

    def v(second: str, third: str) -> str:
        return second if you else third

    code = reason.code
    if code == "go_out":
        text = v("con esto te quedas sin cartas", "con esto se queda sin cartas")
    elif code == "sure_win":
        text = v(
            "después nadie puede pararte: ganas la mano juegues como juegues el resto",
            "después nadie puede pararle: gana la mano juegue como juegue el resto",
        )
    elif code == "fewest_plays":
        plan = " · ".join(d.get("plan", []))
        text = (
            v("te deja", "le deja")
            + f" en {_plural(int(d['plays']), 'jugada')}"
            + (f" ({plan})" if plan else "")
        )
    elif code == "long_chain":
        text = (
            v("sales", "sale") + f" con una cadena larga ({d['cards']}): descarga {d['n']} cartas de una vez"
        )
    elif code == "keep_control":
        text = v("y guardas ", "y guarda ") + _list(_control_words(d)) + " para recuperar la salida"
    elif code == "control_back":
        text = f"el {d['rank']} recupera la salida"
    elif code == "bomb_now":
        what = "el cohete" if d.get("rocket") else "la bomba"
        why = (
            v("te quedan pocas jugadas", "le quedan pocas jugadas")
            if d.get("why") == "few_plays"
            else f"a {d['who']} le quedan {_plural(int(d['cards_left']), 'carta')}"
        )
        text = f"{what} decide la mano ahora: {why}"
    elif code == "feed_partner":
        text = v(
            f"le das paso a tu compañero, que solo tiene {_plural(int(d['cards_left']), 'carta')}",
            f"le da paso a su compañero, que solo tiene {_plural(int(d['cards_left']), 'carta')}",
        )
    elif code == "high_single":
        text = (
            f"a {d['who']} le queda una carta: si hay que sacar una suelta, la más alta, "
            "nunca una baja que le deje salir"
        )
    elif code == "partner_leads":
        text = v(
            "tu compañero lleva la baza: no hay que superarlo",
            "su compañero lleva la baza: no hay que superarlo",
        )
    elif code == "forced_pass":
        text = v("no tienes nada que supere a ", "no tiene nada que supere a ") + str(d["table"])
    elif code == "save_strength":
        text = f"superar a {d['table']} " + _save_cost(d, you) + ": mejor guardar la mano"
    elif code == "bid":
        text = _render_bid(d, you)
    elif code == "cover_partner":
        text = (
            f"a {d['who']} le quedan {_plural(int(d['cards_left']), 'carta')} y juega ahora: "
            + v("superas", "supera")
            + f" el {d['table']} de "
            + v("tu", "su")
            + " compañero para que no se lo lleve él"
        )
    elif code == "attach_kicker":
        text = (
            v("sales", "sale")
            + f" con {d['cards']}: el {d['kicker']} va de acompañante del trío en vez de salir solo"
        )
    elif code == "take_lead":
        text = f"pasar le dejaría la salida a {d['who']}: " + v("superas", "supera") + f" a {d['table']}"
    elif code == "playout":
        mine = ("pasando " if d["action"] == "p" else f"con {d['action']} ") + v("ganas", "gana")
        other = "pasando" if d["other"] == "p" else f"con {d['other']}"
        text = (
            f"jugando el final en {d['samples']} repartos posibles de las cartas que no "
            + v("ves", "ve")
            + f", {mine} {d['wins']}; {other}, solo {d['other_wins']}"
        )
    elif code == "lowest_play":
        if "table" in d:
            text = f"{d['cards']} es lo más bajo que supera a {d['table']}"
        else:
            text = v("sales", "sale") + f" con lo más bajo: {d['cards']}"
    else:  # pragma: no cover - CODES and this function list the same codes (tested)
        raise ValueError(code)
    for extra in reason.extra:
        text += "; " + render(extra, person)
    return text


def _save_cost(d: dict[str, Any], you: bool) -> str:
    """What beating the table would cost, in words."""
    te, tu = ("te", "tu") if you else ("le", "su")
    cost = str(d.get("cost"))
    if cost == "control":
        return f"{te} obligaría a gastar " + _list(_control_words(d.get("control", {})) or ["una carta alta"])
    if cost == "bomb":
        return f"{te} obligaría a gastar {tu} bomba"
    if cost == "break_bomb":
        return f"{te} obligaría a romper {tu} bomba de {d.get('rank', '')}"
    if cost == "split_rocket":
        return f"{te} obligaría a separar el cohete"
    after, now = int(d.get("after", 0)), int(d.get("now", 0))
    if after == now:
        return f"no {te} acerca a salir: {te} seguirían quedando {_plural(after, 'jugada')}"
    return f"{te} dejaría {_plural(after, 'jugada')}, más que las {now} de ahora"


def _render_bid(d: dict[str, Any], you: bool) -> str:
    plays = _plural(int(d["plays"]), "jugada")
    control = _control_words(d.get("control", {}))
    has = (
        ("tienes " if you else "tiene ") + _list(control) + (" para recuperar la salida")
        if control
        else ("no tienes" if you else "no tiene") + " doses, comodines ni bombas para recuperar la salida"
    )
    head = ("tu mano sale" if you else "su mano sale") + f" en {plays} y {has}"
    bid = int(d["bid"])
    if bid:
        return f"{head}: puja {bid}"  # the same word for «tú» (imperative) and «él»
    if d.get("would_open"):
        return f"{head}: no vale la pena subir a {int(d['highest']) + 1} o más"
    return f"{head}: " + ("mejor pasar" if you else "pasa")
