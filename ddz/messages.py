"""The one Spanish message catalog: every sentence the engine says, keyed by a code.

The engine decides with codes and plain data (card notation, rank symbols, kind ids, seat
numbers, counts); only :func:`render` turns a code and its data into Spanish. The CLI, the
protocol's ``message`` fields, the tutorial app and the documentation all render through it, so a
sentence is written once. The codes only the tutorial app says live beside it
(``tutorial/catalog.py``) and join this catalog through :func:`register`: one catalog, one renderer.

Templates are written in the language of :mod:`ddz.templates` (a subset of ICU MessageFormat:
``{name}``, ``{name, type}``, ``select``, ``plural`` with ``#``); this module says each value in
Spanish:

- ``{name}``: the value of data field ``name``. A nested message (``{"code": …, "data": …}``,
  see :func:`nested`) is rendered in place; a list of nested messages is joined with spaces.
- ``{name, rank}``: a rank symbol (``"T"``, ``"B"``) or index as its Spanish name (``10``,
  ``comodín pequeño``); ``{name, kind}``: a kind id as its Spanish name (``trío con pareja``).
- ``{name, seat}`` / ``{name, Seat}`` / ``{name, the_seat}``: a seat number as ``asiento 1`` /
  ``Asiento 1`` / ``el asiento 1``, or as the seat's own name when the caller passes ``seats``.
- ``{name, cards}``: cards in notation (``"TTJJQQ"``, ``"QQQ R"``, or a list of plays) as a learner
  reads them on the cards: ``10 10 J J Q Q``, ``Q Q Q + comodín grande`` (see :func:`say_cards`);
  right after «a», «con» or a verb of playing (``juega``, ``supera``…) a lone joker or the rocket
  takes its article, contracted («juega el cohete», «supera al comodín grande»).
  ``{name, noun_cards}`` always does so (:func:`named_cards`); ``{name, the_cards}`` gives every
  play its article («el 4», «los 9 9»).
- ``{name, signed}``: an integer with its sign (``+2``, ``−2`` with the minus sign); ``{name, list}``: items joined
  «a, b y c»; ``{name, commas}``: items joined «a, b, c».

Rendering checks that every field a template names is in the data and raises
:class:`MessageDataError` naming the code and the missing fields otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from . import templates
from .errors import CodedError as CodedError
from .errors import MessageError as MessageError
from .errors import Said as Said
from .errors import Seats as Seats
from .errors import use_renderer
from .templates import Node as Node

RANK_NAMES_ES = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    "comodín pequeño", "comodín grande",
)  # fmt: skip
"""Spanish name of each rank, by strength index (the ten is «10», the jokers have names)."""

KIND_NAMES_ES: dict[str, str] = {
    "single": "carta suelta",
    "pair": "pareja",
    "trio": "trío",
    "trio_single": "trío con carta suelta",
    "trio_pair": "trío con pareja",
    "straight": "escalera",
    "pair_straight": "escalera de parejas",
    "airplane": "avión",
    "airplane_singles": "avión con cartas sueltas",
    "airplane_pairs": "avión con parejas",
    "four_two_singles": "cuarteto con dos sueltas",
    "four_two_pairs": "cuarteto con dos parejas",
    "bomb": "bomba",
    "rocket": "cohete",
}
"""Spanish name of each of the 14 kinds of play, by kind id."""

_CARD_SYMBOLS = "3456789TJQKA2BR"


def say_cards(text: str) -> str:
    """Cards written in notation, as a learner reads them on the cards: one name per card, «10» for
    the ten and «comodín pequeño» / «comodín grande» for the jokers; the groups of a play (body,
    kickers: ``"QQQ R"``) are joined by « + ». Text that is not notation is returned unchanged.

    ```python
    >>> say_cards("TTJJQQ"), say_cards("QQQ R"), say_cards("BR")
    ('10 10 J J Q Q', 'Q Q Q + comodín grande', 'cohete')

    ```
    """
    groups = text.split()
    if not groups or any(c.upper() not in _CARD_SYMBOLS for g in groups for c in g):
        return text
    out = []
    for group in groups:
        if group.upper() == "BR":
            out.append("cohete")
            continue
        names = [RANK_NAMES_ES[_CARD_SYMBOLS.index(c.upper())] for c in group]
        joker = any(len(n) > 2 for n in names)
        out.append(", ".join(names[:-1]) + " y " + names[-1] if joker and len(names) > 1 else " ".join(names))
    return " + ".join(out)


_NAMED = ("cohete", RANK_NAMES_ES[13], RANK_NAMES_ES[14])


def named_cards(text: str, article: bool = False) -> str:
    """:func:`say_cards` as a noun in a sentence: a lone joker and the rocket take their article
    («juega el cohete», «supera al comodín grande»: the numbers and letters are names and go
    without one, «supera a 9 9»); with ``article`` every play does («el 4», «los 9 9»).

    ```python
    >>> named_cards("R"), named_cards("99"), named_cards("99", article=True)
    ('el comodín grande', '9 9', 'los 9 9')

    ```
    """
    said = say_cards(text)
    if said in _NAMED:
        return "el " + said
    if not article:
        return said
    return ("el " if len(text.replace(" ", "")) == 1 else "los ") + said


class MessageDataError(MessageError):
    """The data given to :func:`render` lacks a field the message's template needs
    (code ``message.missing_data``)."""

    @classmethod
    def of(cls, code: str, missing: Sequence[str], given: Iterable[str]) -> MessageDataError:
        """The error for message ``code`` given the fields ``given``, without those ``missing``."""
        got = sorted(given)
        data = {
            "code": code,
            "missing": list(missing),
            "n_missing": len(missing),
            "got": got,
            "n_got": len(got),
        }
        return cls("missing_data", {**data, "template": CATALOG[code].template})


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalog entry: the code, the rule it explains, the Spanish template and what it means."""

    code: str
    rule: str
    """Rule id (``R-CMP-1``) the message explains, or ``""``."""
    template: str
    meaning: str
    """What the code means, in English, for implementers."""
    summary: str = ""
    """A short Spanish phrase without data, where a list of outcomes needs one (the corpus pages)."""

    @property
    def group(self) -> str:
        return self.code.split(".", 1)[0]

    @property
    def name(self) -> str:
        """The code without its group: what ``Rejection.reason``, ``GameError.code`` … hold."""
        return self.code.split(".", 1)[1]

    @property
    def fields(self) -> tuple[str, ...]:
        """The data fields the template needs, in order of first use."""
        return _compiled(self.code)[1]


def _e(code: str, rule: str, template: str, meaning: str, summary: str = "") -> Entry:
    return Entry(code, rule, template, meaning, summary)


_KICKERS = (
    "{n_kickers, plural, =0 {} one { (cuerpo {body, cards}, acompañante {kickers, cards})}"
    " other { (cuerpo {body, cards}, acompañantes {kickers, cards})}}"
)
_YOU_THEY = "{you, select, true {%s} other {%s}}"


def _yt(second: str, third: str) -> str:
    """A template with the sentence to the player (``tú``) and about a seat (third person)."""
    return _YOU_THEY % (second, third)


_ENTRIES: tuple[Entry, ...] = (
    # ---- notation: ddz.cards.NotationError -------------------------------------------------------
    _e("notation.unknown_rank", "R-DECK-1", "valor desconocido «{symbol}»", "not a rank symbol"),
    _e(
        "notation.unknown_symbol",
        "R-DECK-1",
        "símbolo desconocido «{symbol}» en la posición {column}"
        "{symbol, select, 1 { (el diez se escribe T o 10)} other {}}; se usan 3 4 5 6 7 8 9 T J Q K A 2 B R",
        "a character that is neither a rank nor a separator (column is 1-based)",
    ),
    _e(
        "notation.glued_id",
        "R-DECK-1",
        "«{id}» en la posición {column} es el nombre de una carta pegado a otras: separa los nombres "
        "con espacios («3 4H 5S» o «BJ RJ») o escribe solo los valores («345»)",
        "a card id (rank + suit letter) glued to plain ranks; ids alone or glued together are read",
    ),
    _e(
        "notation.second_joker",
        "R-DECK-1",
        "un segundo {rank, rank} en la posición {column}: solo hay uno",
        "a joker written twice",
    ),
    _e(
        "notation.fifth_copy",
        "R-DECK-1",
        "una quinta carta de valor {rank, rank} en la posición {column}: solo hay cuatro de cada valor",
        "a value written five times",
    ),
    _e(
        "notation.bad_counts",
        "R-DECK-1",
        "recuento de cartas imposible: {counts}",
        "Cards() from impossible counts",
    ),
    _e(
        "notation.bad_rank_index",
        "R-DECK-1",
        "un índice de valor es un entero de 0 (el 3) a 14 (el comodín grande), no {index}",
        "Cards.from_ranks with an index that is not an int 0..14",
    ),
    _e(
        "notation.cannot_remove",
        "R-DECK-1",
        "no se pueden quitar {cards} de {hand}",
        "Cards subtraction of cards that are not there",
    ),
    _e(
        "notation.too_many",
        "D-LIMIT",
        "{count} cartas: una mano tiene como máximo {limit}",
        "parse(limit=…) of more cards than a hand holds",
    ),
    # ---- Cards: programming errors (TypeError, AttributeError) -------------------------------
    _e(
        "cards.not_cards",
        "",
        "{what, select, plays {las jugadas se dan} table {la jugada de la mesa se da} "
        "other {las cartas se dan}} como texto en notación (str) o como Cards, no como {type}",
        "an argument that is neither a str nor Cards (TypeError; what: cards, plays, table)",
    ),
    _e("cards.immutable_set", "", "Cards es inmutable: no se puede asignar {name}", "assigning to Cards"),
    _e("cards.immutable_del", "", "Cards es inmutable: no se puede borrar {name}", "deleting from Cards"),
    # ---- rejection: ddz.plays.Rejection.reason -----------------------------------------------
    _e("rejection.notation", "R-DECK-1", "{cause}", "the cards cannot be read (cause: a notation message)"),
    _e("rejection.empty", "D-EMPTY", "no hay ninguna carta: una jugada tiene al menos una", "no cards"),
    _e(
        "rejection.too_many",
        "D-LIMIT",
        "más de 20 cartas nunca es una jugada: ninguna mano tiene tantas",
        "more than 20 cards",
    ),
    _e(
        "rejection.two_in_chain",
        "R-CHAIN-1",
        "el 2 no entra en escaleras, escaleras de parejas ni aviones: "
        "las estructuras consecutivas se detienen en el as",
        "a chain that would need the 2",
    ),
    _e(
        "rejection.joker_in_chain",
        "R-CHAIN-1",
        "los comodines no entran en escaleras: las estructuras consecutivas se detienen en el as",
        "a chain that would need a joker",
    ),
    _e(
        "rejection.straight_too_short",
        "R-KIND-6",
        "una escalera necesita al menos 5 valores consecutivos",
        "3 or 4 consecutive singles",
    ),
    _e(
        "rejection.pair_straight_too_short",
        "R-KIND-7",
        "una escalera de parejas necesita al menos 3 parejas de valores consecutivos",
        "two consecutive pairs",
    ),
    _e(
        "rejection.not_consecutive",
        "R-KIND-6",
        "los valores de una escalera tienen que ser consecutivos",
        "same-height groups with a gap",
    ),
    _e(
        "rejection.four_split",
        "R-ONE-2",
        "las cuatro cartas de un valor van juntas: no se pueden usar tres como cuerpo y la cuarta como "
        "acompañante, ni repartirlas en dos parejas acompañantes",
        "the four cards of a value split between body and kickers",
    ),
    _e(
        "rejection.kicker_same_as_body",
        "R-ONE-3",
        "un acompañante no puede tener el valor del cuerpo: la cuarta carta de un valor no acompaña "
        "a las otras tres",
        "a kicker of the body's value",
    ),
    _e(
        "rejection.kicker_repeated",
        "R-ONE-4",
        "ningún valor puede aparecer más de dos veces entre los acompañantes",
        "a value three or more times among kickers",
    ),
    _e(
        "rejection.jokers_as_kickers",
        "R-ONE-4",
        "los dos comodines no pueden acompañar a la vez (uno solo sí): juntos son el cohete",
        "both jokers as kickers",
    ),
    _e(
        "rejection.four_two_same_singles",
        "V-FOUR-TWO-DISTINCT",
        "en esta variante las dos sueltas de un cuarteto deben ser de valores distintos",
        "a four-with-two with a pair as its two singles, under four_two_distinct_singles",
    ),
    _e(
        "rejection.no_pattern",
        "R-KIND-0",
        "estas cartas no forman ninguna de las 14 jugadas",
        "anything else",
    ),
    # ---- play: ddz.plays.Play.describe -------------------------------------------------------
    _e(
        "play.describe",
        "",
        "{chain, plural, one {{kind, kind} de {rank, rank}} "
        "other {{kind, kind} del {low, rank} al {rank, rank} (# valores)}}" + _KICKERS,
        "a play in words (low is the lowest rank of a chain)",
    ),
    _e("play.describe_rocket", "R-KIND-14", "cohete (los dos comodines)", "the rocket in words"),
    _e(
        "play.inconsistent",
        "R-ONE-5",
        "«{cards, cards}» no se lee como {kind, kind} con cuerpo «{body, cards}»: una jugada solo se "
        "construye con la lectura de sus cartas",
        "Play(...) built by hand with a kind/body/rank/chain that are not a reading of its cards",
    ),
    _e(
        "play.anatomy",
        "",
        "cuerpo {body, cards}{n_kickers, plural, =0 {} one {, acompañante {kickers, cards}} "
        "other {, acompañantes {kickers, cards}}}"
        ", carta que manda: {rank, rank}{chain, plural, one {} other {, cadena de # valores}}",
        "the parts of a play: body, kickers, ranking card, chain length (the explorer's bar)",
    ),
    _e(
        "play.anatomy_rocket",
        "R-CMP-4",
        "los dos comodines, comodín pequeño y comodín grande: nada supera al cohete",
        "the parts of the rocket (its two jokers are one play, not a body and a ranking card)",
    ),
    # ---- verdict: ddz.compare.Verdict.reason -------------------------------------------------
    _e(
        "verdict.invalid_play",
        "",
        "tu jugada no es válida: {cause}",
        "the play is not a play (cause: a rejection)",
    ),
    _e(
        "verdict.invalid_table",
        "",
        "la jugada de la mesa no es válida: {cause}",
        "the table is not a play (cause: a rejection)",
    ),
    _e("verdict.nothing_beats_rocket", "R-CMP-4", "nada supera al cohete", "the table is the rocket"),
    _e("verdict.rocket", "R-CMP-4", "el cohete supera a todo, bombas incluidas", "the rocket beats anything"),
    _e(
        "verdict.bomb",
        "R-CMP-3",
        "una bomba supera a cualquier jugada que no sea bomba",
        "a bomb against a play that is not a bomb",
    ),
    _e(
        "verdict.table_is_bomb",
        "R-CMP-3",
        "a una bomba solo la superan una bomba más alta o el cohete",
        "a play that is not a bomb against a bomb",
    ),
    _e(
        "verdict.different_kind",
        "R-CMP-1",
        "hay que responder con el mismo tipo: en la mesa hay {table_kind, kind} y tú juegas {kind, kind}",
        "another kind of play",
    ),
    _e(
        "verdict.different_count",
        "R-CMP-1",
        "hay que responder con el mismo número de cartas: {table_count} en la mesa, {count} la tuya",
        "the same kind with another number of cards",
    ),
    _e(
        "verdict.higher",
        "R-CMP-2",
        "{rank, rank} es más alto que {table_rank, rank}{kickers, select, true { (los acompañantes no cuentan)} other {}}",
        "a higher ranking card (R-CMP-3 between bombs)",
    ),
    _e(
        "verdict.not_higher",
        "R-CMP-2",
        "{rank, rank} no es más alto que {table_rank, rank}"
        "{kickers, select, true {; los acompañantes no aportan fuerza} other {}}",
        "an equal or lower ranking card (R-CMP-3 between bombs)",
    ),
    # ---- game: ddz.game.GameError.code -------------------------------------------------------
    _e(
        "game.bad_bid",
        "R-BID-2",
        "en la subasta se puja 1, 2 o 3, o se pasa («p»), no «{action}»",
        "not a bid",
        "no es una puja (se puja 1, 2 o 3, o se pasa)",
    ),
    _e(
        "game.bid_not_higher",
        "R-BID-3",
        "la puja tiene que superar a la más alta ({best}): {bid} no la supera",
        "a bid not above the highest",
        "la puja no supera a la más alta",
    ),
    _e(
        "game.bad_deal",
        "R-DEAL-1",
        "{problem, select, hands {hacen falta exactamente tres manos} "
        "sizes {cada mano tiene 17 cartas y el pozo 3} "
        "deck {las manos y el pozo no forman la baraja de 54 cartas} "
        "first_bidder {el primer postor es 0, 1 o 2} "
        "other {como mucho hay tres repartos repetidos}}",
        "explicit hands that are not a deal (problem: hands, sizes, deck, first_bidder, redeals)",
        "ese reparto no es posible",
    ),
    _e(
        "game.bad_action",
        "",
        "{problem, select, type {acción no válida: {action}} "
        "skip_late {solo se puede saltar la subasta antes de la primera puja} "
        "skip_args {terrateniente 0, 1 o 2 y base 1, 2 o 3} "
        "other {un pase no lleva cartas}}",
        "a malformed action (problem: type, skip_late, skip_args, pass_with_cards)",
        "esa acción no es válida",
    ),
    _e(
        "game.game_over",
        "",
        "la mano ya ha terminado",
        "an action after the end",
        "la mano ya había terminado",
    ),
    _e(
        "game.not_your_turn",
        "",
        "no es tu turno: le toca al asiento {turn}",
        "an action for a seat that is not to move",
        "no es su turno",
    ),
    _e(
        "game.must_lead",
        "R-TRICK-2",
        "quien abre la baza no puede pasar: tiene que jugar algo",
        "a pass when leading",
        "quien abre la baza no puede pasar",
    ),
    _e(
        "game.bad_notation",
        "R-DECK-1",
        "{cause}",
        "a play that cannot be read (cause: a notation message)",
        "esas cartas no se pueden leer",
    ),
    _e(
        "game.not_in_hand",
        "",
        "no tienes esas cartas: te falta {missing}",
        "cards the seat does not hold",
        "no tiene esas cartas",
    ),
    _e(
        "game.bad_ids",
        "",
        "las cartas elegidas no son {cards} de tu mano",
        "card ids that do not match the play",
        "las cartas elegidas no son esas",
    ),
    _e(
        "game.invalid_play",
        "R-KIND-0",
        "{cards} no es una jugada: {cause}",
        "cards that are no play (cause: a rejection)",
        "esas cartas no son ninguna jugada",
    ),
    _e(
        "game.does_not_beat",
        "R-CMP-1",
        "{cards} no supera a {table}: {cause}",
        "a play that does not beat the table (cause: a verdict)",
        "no supera a la mesa",
    ),
    # ---- op: result codes of the conformance operations (ddz.ops) ------------------------------
    _e(
        "op.auction_closed",
        "",
        "la subasta ya estaba cerrada",
        "an action after the auction closed",
        "la subasta ya estaba cerrada",
    ),
    _e(
        "op.incomplete",
        "",
        "falta algo: la subasta o la mano no han terminado",
        "the actions end before the auction or the hand",
        "falta algo: la subasta o la mano no han terminado",
    ),
    _e(
        "op.notation", "R-DECK-1", "no se puede leer", "a notation op on unreadable cards", "no se puede leer"
    ),
    _e(
        "op.bad_code",
        "",
        "ese código de reparto no es válido",
        "a deal op on a bad code",
        "ese código de reparto no es válido",
    ),
    # ---- event: ddz.game.Event.kind ----------------------------------------------------------
    _e(
        "event.bid",
        "R-BID-2",
        "{seat, Seat} {bid, plural, =0 {pasa} other {puja #}}.",
        "a bid or a pass in the auction",
    ),
    _e(
        "event.forced",
        "R-BID-7",
        "Cuarto reparto sin pujas: quien abrió la subasta es terrateniente con base 1.",
        "the fourth all-pass: the opener is landlord",
    ),
    _e("event.void", "R-BID-6", "Los tres pasan: la mano se anula.", "an all-pass without a code: no hand"),
    _e("event.redeal", "R-BID-6", "Los tres pasan: se baraja y se reparte de nuevo.", "an all-pass: redeal"),
    _e(
        "event.landlord",
        "R-BID-8",
        "{seat, Seat} es el terrateniente (base {base}) y recibe el pozo: {kitty, cards}.",
        "the landlord takes the kitty",
    ),
    _e("event.play", "", "{seat, Seat} juega {play}.", "a play (play: play.describe)"),
    _e(
        "event.double",
        "R-SCORE-2",
        "¡{kind, select, rocket {Cohete} other {Bomba {cards}}}! El multiplicador se duplica: {multiplier}.",
        "a bomb or the rocket doubles the multiplier",
    ),
    _e("event.pass", "R-TRICK-2", "{seat, Seat} pasa.", "a pass in a trick"),
    _e(
        "event.trick",
        "R-TRICK-3",
        "Dos pases seguidos: se cierra la baza y sale {seat, the_seat}.",
        "two passes close the trick",
    ),
    _e("event.over", "", "{lines}", "the hand is over (lines: the result's explanation)"),
    # ---- doubling: ddz.game.Doubling.reason ---------------------------------------------------
    _e("doubling.bomb", "R-SCORE-2", "bomba {cards} ({seat, seat})", "a bomb was played"),
    _e("doubling.rocket", "R-SCORE-2", "cohete ({seat, seat})", "the rocket was played"),
    _e("doubling.spring", "R-SCORE-4", "primavera: ningún campesino jugó una carta", "spring"),
    _e(
        "doubling.antispring",
        "R-SCORE-5",
        "antiprimavera: el terrateniente solo jugó su salida",
        "antispring",
    ),
    # ---- result: ddz.game.Result.explain ------------------------------------------------------
    _e(
        "result.winner",
        "R-WIN-1",
        "{winner, select, landlord {Gana el terrateniente} other {Ganan los campesinos}} "
        "({seat, the_seat} se queda sin cartas).",
        "who won and who went out",
    ),
    _e("result.base", "R-BID-9", "Base (puja del terrateniente): {base}.", "the base"),
    _e("result.doubling", "R-SCORE-2", "×2 por {doubling}.", "one doubling (doubling: a doubling message)"),
    _e(
        "result.multiplier",
        "R-SCORE-2",
        "Multiplicador: {multiplier}. S = {base} × {multiplier} = {stake}.",
        "the multiplier and the stake",
    ),
    _e("result.points", "R-SCORE-7", "Puntos: {scores, commas}.", "the points (scores: result.seat_points)"),
    _e("result.seat_points", "R-SCORE-7", "{seat, seat}: {points, signed}", "the points of one seat"),
    # ---- record: ddz.records.RecordError.code -------------------------------------------------
    _e(
        "record.bad_json",
        "",
        "el registro no es JSON válido: {detail}",
        "the record is not JSON (detail: the parser's words)",
    ),
    _e(
        "record.json_error",
        "",
        "el registro no es JSON válido: {error} (línea {line})",
        "the record is not JSON (error: the parser's words, line: where)",
    ),
    _e("record.too_deep", "", "el registro no es JSON válido: anida demasiados niveles", "nesting too deep"),
    _e("record.not_object", "", "el registro tiene que ser un objeto JSON", "a record that is not an object"),
    _e(
        "record.unknown_format",
        "",
        "formato de registro desconocido: se espera {format} versión {version}",
        "wrong format or version",
    ),
    _e(
        "record.bad_variant",
        "",
        "la variante del registro tiene que ser un texto, como «standard»",
        "a variant that is not a string",
    ),
    _e("record.no_actions", "", "el registro no tiene la lista de acciones «actions»", "no actions list"),
    _e("record.no_deal", "", "el registro no tiene ni código ni reparto", "neither code nor deal"),
    _e(
        "record.too_large",
        "",
        "el registro ocupa más de {limit} bytes: ninguna mano necesita tanto",
        "a record over MAX_RECORD_BYTES",
    ),
    _e(
        "record.too_many_actions",
        "",
        "el registro tiene {count} acciones; como mucho se admiten {limit}",
        "more actions than any hand can have (limit: MAX_RECORD_ACTIONS)",
    ),
    _e(
        "record.too_many_redeals",
        "",
        "el registro pide más de {limit} repartos repetidos: no se reproduce",
        "more redeals than MAX_RECORD_REDEALS (unlimited_redeals only)",
    ),
    _e(
        "record.bad_field",
        "",
        "el campo «{field}» del registro tiene que ser {expected, select, int {un número entero} "
        "text {un texto} texts {una lista de textos} deal {un objeto con hands, kitty y first_bidder} "
        "other {otra cosa}}",
        "a field of the wrong JSON type (expected: int, text, texts, deal); a bool or 1.0 is not an int",
    ),
    _e(
        "record.bad_deal",
        "",
        "el reparto del registro no es válido: {cause}",
        "the code or deal cannot start a game",
    ),
    _e(
        "record.bad_action",
        "",
        "acción {index} («{action}») no válida: {cause}",
        "an action the game refuses (cause: a game or notation message)",
    ),
    _e(
        "record.result_mismatch",
        "",
        "el resultado guardado no coincide con el de la partida reproducida",
        "the stored result differs from the replayed one",
    ),
    # ---- deal_code: ddz.codes.CodeError.code --------------------------------------------------
    _e("deal_code.seed_range", "", "semilla fuera de rango: {seed}", "encode() of a seed outside 40 bits"),
    _e(
        "deal_code.not_text",
        "",
        "código no válido: se esperaba texto, no {type}",
        "a code that is not a str",
        "ese código de reparto no es válido",
    ),
    _e(
        "deal_code.length",
        "",
        "código no válido: «{code}» tiene {length} símbolos y un código tiene {expected}",
        "a code with the wrong number of symbols",
    ),
    _e(
        "deal_code.symbol",
        "",
        "código no válido: el símbolo «{symbol}» (posición {column}) no se usa en los códigos",
        "a symbol outside the alphabet",
    ),
    _e(
        "deal_code.check",
        "",
        "código no válido: «{code}» no pasa la comprobación; revisa si hay una errata",
        "the check symbol does not match",
    ),
    _e(
        "deal_code.redeal_range",
        "R-BID-7",
        "reparto fuera de rango: {redeal} (0 es el primero; 1, 2 o 3 los repetidos)",
        "a redeal number outside 0..3",
    ),
    # ---- variant: ddz.variants.Variant.parse --------------------------------------------------
    _e(
        "variant.not_text",
        "",
        "la variante se da como texto (por ejemplo «standard»), no como {type}",
        "a variant that is not a str (TypeError)",
    ),
    _e(
        "variant.unknown",
        "",
        "variante desconocida «{flag}»; se conocen: standard, {known}",
        "an unknown flag name",
    ),
    # ---- cli: the ddz command (ddz.cli) ----------------------------------------------------------
    _e("cli.description", "", "Dou Dizhu: clasifica, compara y lista jugadas.", "the command's description"),
    _e("cli.help_json", "", "salida JSON para máquinas", "help of --json"),
    _e("cli.help_variant", "", "variante de reglas (por defecto: standard)", "help of --variant"),
    _e("cli.help_classify", "", "qué jugada forman unas cartas", "help of classify"),
    _e("cli.help_beats", "", "si una jugada supera a la de la mesa", "help of beats"),
    _e("cli.help_legal", "", "todas las jugadas legales de una mano", "help of legal"),
    _e("cli.help_table", "", "la jugada de la mesa que hay que superar", "help of legal --table"),
    _e("cli.help_deal", "", "el reparto de un código de partida", "help of deal"),
    _e("cli.help_replay", "", "comprueba y puntúa un registro de partida (JSON)", "help of replay"),
    _e("cli.help_help", "", "muestra esta ayuda y termina", "help of --help"),
    _e("cli.help_version", "", "muestra la versión de ddz y termina", "help of --version"),
    _e("cli.usage", "", "uso:", "argparse's «usage:»"),
    _e("cli.positionals", "", "argumentos", "argparse's positional arguments title"),
    _e("cli.optionals", "", "opciones", "argparse's options title"),
    _e(
        "cli.argparse",
        "",
        "{words, select, invalid_choice {opción no válida} choose_from {elige entre} "
        "required {faltan estos argumentos} unrecognized {argumentos no reconocidos} "
        "expected_one {falta el valor} invalid_int {no es un número entero} other {argumento}}",
        "argparse's English error words",
    ),
    _e("cli.error", "", "error: {cause}", "any error, on stderr (exit status 2)"),
    _e("cli.classified", "", "{shown}: {play}", "classify of a play (play: play.describe)"),
    _e(
        "cli.not_a_play",
        "",
        "{cards}: no es una jugada — {cause} [{rule}]",
        "classify of cards that are no play",
    ),
    _e(
        "cli.unreadable",
        "R-DECK-1",
        "error: {what, select, play {tu jugada} other {la jugada de la mesa}} «{text}» no se puede leer: {cause}",
        "beats with cards that cannot be read",
    ),
    _e(
        "cli.beats",
        "",
        "{play} {beats, select, true {supera} other {no supera}} a {table}: {cause} [{rule}]",
        "the answer of beats (cause: a verdict)",
    ),
    _e(
        "cli.bad_table",
        "",
        "error: la jugada de la mesa «{table}» no es válida: {cause}",
        "legal --table with cards that are no play",
    ),
    _e(
        "cli.legal_head",
        "",
        "{count} jugadas {following, select, true {que superan a {table}} other {de salida}} con {hand}:",
        "the first line of legal",
    ),
    _e("cli.legal_group", "", "  {kind, kind} ({count}): {plays}", "the plays of one kind, in legal"),
    _e("cli.deal_seat", "", "{seat, Seat}: {cards}", "one hand, in deal"),
    _e("cli.deal_kitty", "", "Pozo: {cards}", "the kitty, in deal"),
    _e("cli.deal_first", "", "Puja primero: {seat, seat}", "who bids first, in deal"),
    _e(
        "cli.cannot_read",
        "",
        "error: no se puede leer «{file}»: {problem, select, missing {no existe} folder {es una carpeta} "
        "denied {no hay permiso para leerlo} notfile {no es un archivo normal (una tubería o un dispositivo)} "
        "other {{reason}}}",
        "replay of a file that cannot be opened",
    ),
    _e(
        "cli.too_large",
        "",
        "error: «{file}» ocupa más de {limit} bytes: un registro nunca es tan grande",
        "replay of a file (or stdin) over the size cap",
    ),
    _e(
        "cli.not_utf8",
        "",
        "error: «{file}» no es un texto UTF-8 (un registro es JSON)",
        "replay of a file that is not UTF-8",
    ),
    _e(
        "cli.record_open",
        "",
        "El registro es válido; la mano no ha terminado.",
        "replay of an unfinished hand",
    ),
    # ---- cpu: ddz.ai.reasons.Reason.code (you: true to the player, false about a seat) ----------
    _e(
        "cpu.go_out",
        "",
        _yt("con esto te quedas sin cartas", "con esto se queda sin cartas"),
        "the play empties the hand",
    ),
    _e(
        "cpu.sure_win",
        "",
        _yt("ganas seguro si juegas en este orden: ", "gana seguro si juega en este orden: ")
        + "{order, cards}; nadie puede superar "
        + "{last_open, select, true {ninguna de esas jugadas antes de la última} other {ninguna de ellas}}",
        "exact endgame search: played in this order (every play but the last unbeatable by the other two "
        "hands), the hand is won whatever the others do (order: the plays, this one first)",
    ),
    _e(
        "cpu.fewest_plays",
        "",
        _yt("te deja", "le deja") + " en {plays, plural, one {# jugada} other {# jugadas}}"
        "{has_plan, select, true { ({plan, cards})} other {}}",
        "count plays, not high cards: the play leaves the fewest plays (plan: the plays joined by « · »)",
    ),
    _e(
        "cpu.long_chain",
        "",
        _yt("sales", "sale") + " con una cadena larga ({cards, cards}): descarga {n} cartas de una vez",
        "open with a long chain to unload many cards at once",
    ),
    _e(
        "cpu.keep_control",
        "",
        "{has_kept, select, true {"
        + _yt("y guardas", "y guarda")
        + " {control, list} para recuperar la salida} other {}}"
        "{has_spent, select, true {{has_kept, select, true {; } other {}}ojo: {spent, list}} other {}}",
        "the play keeps 2s, jokers and bombs to win back the lead (control: cpu.control_* messages; "
        "spent: cpu.bomb_spent messages, the bombs the plan plays as something else)",
    ),
    _e(
        "cpu.control_back",
        "",
        "{sure, select, true {{what} recupera la salida: nadie puede superar esa jugada} "
        "other {{what} no recupera la salida con seguridad: aún {n, plural, one {puede} other {pueden}} "
        "superar esa jugada {beaters, list}}}",
        "the play's own 2, joker or rocket (its body, never a kicker) wins the lead back when nothing the "
        "seat cannot see beats it, for any split of the unseen cards (sure); otherwise what could still "
        "beat it (what: cpu.what_play; beaters: cpu.beater_* messages, n of them)",
    ),
    _e(
        "cpu.what_play",
        "",
        "{kind, select, single {el {rank, rank}} pair {la pareja de {rank, rank}} bomb {la bomba de {rank, rank}} "
        "four {los cuatro {rank, rank}} rocket {el cohete} other {el trío de {rank, rank}}}",
        "the play that takes the lead, named by what carries its strength (a trio's kicker carries none)",
    ),
    _e("cpu.plan_play", "", "{cards, cards}", "one play of a plan, as the cards show it"),
    _e("cpu.beater_rank", "", "el {rank, rank}", "a higher card the others may hold"),
    _e("cpu.beater_bomb", "", "una bomba", "a bomb the others may hold"),
    _e("cpu.beater_rocket", "", "el cohete", "the rocket the others may hold"),
    _e(
        "cpu.bomb_spent",
        "",
        "ese plan {n, plural, one {juega los cuatro {rank} en {plays}} "
        "other {reparte los cuatro {rank} entre {plays, list}}}, así que ya no son bomba",
        "a bomb the plan plays as a four-with-two (or broken up): it is not kept as a bomb "
        "(plays: every play of the plan that holds them)",
    ),
    _e(
        "cpu.bomb_now",
        "",
        "{rocket, select, true {el cohete} other {la bomba}} decide la mano ahora: "
        "{few_plays, select, true {" + _yt("te quedan pocas jugadas", "le quedan pocas jugadas") + "} "
        "other {a {who} le {cards_left, plural, one {queda # carta} other {quedan # cartas}}}}",
        "bomb or rocket timing: it decides the hand now",
    ),
    _e(
        "cpu.feed_partner",
        "",
        _yt("sales con tu", "sale con su")
        + " {kind, select, pair {pareja más baja, la más fácil} other {carta más baja, la más fácil}}"
        " de superar para " + _yt("tu", "su") + " compañero, "
        "al que solo le {cards_left, plural, one {queda # carta} other {quedan # cartas}}",
        "the farmer in front of the partner opens the way with a low card",
    ),
    _e(
        "cpu.high_single",
        "",
        "a {who} le queda una carta: si hay que sacar una suelta, la más alta, nunca una baja que le deje salir",
        "the opponent announces one card: a single must be the highest",
    ),
    _e(
        "cpu.partner_leads",
        "",
        _yt("tu", "su") + " compañero lleva la baza: no hay que superarlo",
        "the partner holds the trick: do not cover him",
    ),
    _e(
        "cpu.forced_pass",
        "",
        _yt("no tienes", "no tiene") + " nada que supere a {table, cards}",
        "nothing in the hand beats the table",
    ),
    _e(
        "cpu.save_strength",
        "",
        "{said_cost}",
        "beating the table would cost control cards, a bomb or extra plays (cost: a cpu.cost_* message)",
    ),
    _e(
        "cpu.bid",
        "",
        _yt("tu mano sale", "su mano sale") + " en {plays, plural, one {# jugada} other {# jugadas}} y "
        "{has_control, select, true {"
        + _yt("tienes", "tiene")
        + " {said_control, list} para recuperar la salida} "
        "other {" + _yt("no tienes", "no tiene") + " doses, comodines ni bombas para recuperar la salida}}"
        "{has_spent, select, true { (ojo: {spent, list})} other {}}: "
        "{advice, select, bid {puja {bid}} not_higher {no vale la pena pujar {next} o más} "
        "other {" + _yt("mejor pasar", "pasa") + "}}",
        "hand valuation for the auction: plays needed and the control cards its plan keeps (advice: bid, "
        "not_higher, pass; spent: cpu.bomb_spent, the bombs that plan plays as something else)",
    ),
    _e(
        "cpu.cover_partner",
        "",
        "a {who} le {cards_left, plural, one {queda # carta} other {quedan # cartas}} y juega ahora: "
        + _yt("superas {table, the_cards} de tu", "supera {table, the_cards} de su")
        + " compañero para que no se lo lleve él",
        "the farmer just before the landlord overtakes a low play of the partner when the landlord has few cards",
    ),
    _e(
        "cpu.attach_kicker",
        "",
        _yt("sales", "sale")
        + " con {cards, cards}: {kicker, the_cards} {pair, select, true {van de acompañantes del trío en vez de "
        "salir solos} other {va de acompañante del trío en vez de salir solo}}",
        "a low single or pair goes out on a trio instead of being led alone",
    ),
    _e(
        "cpu.take_lead",
        "",
        "pasar {side, select, true {dejaría la baza a los campesinos} other {le dejaría la salida a {who}}}: "
        + _yt("superas", "supera")
        + " a {table, cards}",
        "passing is not free: it leaves the lead to an opponent",
    ),
    _e(
        "cpu.playout",
        "",
        "estimación: en {samples} repartos posibles de las cartas que no "
        + _yt("ves", "ve")
        + ", jugados hasta el final, {action, select, p {pasando} other {con {action, cards}}} "
        + _yt("ganas", "gana")
        + " {wins, plural, one {# vez} other {# veces}}; {other, select, p {pasando} other {con {other, cards}}}, "
        "{other_wins, plural, =0 {ninguna} one {solo # vez} other {solo # veces}}",
        "the hard level plays the endgame out on deals of the unseen cards: this wins clearly more "
        "(an estimate, and it says on how many deals)",
    ),
    _e(
        "cpu.splits",
        "",
        "{exact, select, true {a cartas vistas, {action, select, p {pasando} other {con {action, cards}}} "
        + _yt("ganas", "gana")
        + " {every, select, true {{deals, plural, one {en el único reparto posible} other {en los # repartos "
        "posibles}}} other {en {wins} de los {deals} repartos posibles}} de las cartas que no "
        + _yt("ves", "ve")
        + "; {other, select, p {pasando} other {con {other, cards}}}, "
        "{other_wins, plural, =0 {en ninguno} other {solo en #}}} "
        "other {estimación: en {deals} repartos al azar de las cartas que no "
        + _yt("ves", "ve")
        + ", jugados a cartas vistas, {action, select, p {pasando} other {con {action, cards}}} "
        + _yt("ganas", "gana")
        + " {wins, plural, =0 {en ninguno} other {en #}}; {other, select, p {pasando} other {con {other, cards}}}, "
        "{other_wins, plural, =0 {en ninguno} other {solo en #}}}}",
        "the evaluator: the deals of the unseen cards won at open cards by the move and by the best of "
        "those that win fewer (every deal when exact, else a random sample, and it says so)",
    ),
    _e(
        "cpu.lowest_play",
        "",
        "{following, select, true {{cards, cards} es lo más bajo que supera a {table, cards}} "
        "other {" + _yt("sales", "sale") + " con lo más bajo: {cards, cards}}}",
        "the easy level: the lowest group of cards, or the lowest play that beats the table",
    ),
    _e("cpu.also", "", "{first}; {then}", "a reason followed by a secondary one"),
    _e(
        "cpu.control_twos",
        "",
        "{twos, select, 1 {un 2} 2 {dos doses} 3 {tres doses} other {cuatro doses}}",
        "control cards: the 2s",
    ),
    _e("cpu.control_rocket", "", "el cohete", "control cards: the rocket"),
    _e("cpu.control_joker", "", "el comodín {joker}", "control cards: one joker"),
    _e("cpu.control_bomb", "", "una bomba de {rank}", "control cards: a bomb"),
    _e("cpu.control_high", "", "una carta alta", "control cards: none named"),
    _e(
        "cpu.cost_control",
        "",
        "superar a {table, cards} con {best, cards} " + _yt("te", "le") + " haría gastar {control, list}",
        "the best answer spends control cards",
    ),
    _e(
        "cpu.cost_bomb",
        "",
        "{only, select, true {solo "
        + _yt("puedes", "puede")
        + " superar {table, cards} con {what, select, rocket {el cohete} bomb {una bomba} other {una bomba o el cohete}}} "
        "other {superar a {table, cards} con {best, cards} "
        + _yt("te", "le")
        + " haría gastar {what, select, rocket {el cohete} other {una bomba}}}}",
        "every answer is a bomb or the rocket (only), or the best answer is one (what: rocket, bomb, both)",
    ),
    _e(
        "cpu.cost_break_bomb",
        "",
        "superar a {table, cards} con {best, cards} "
        + _yt("rompería tu", "rompería su")
        + " bomba de {rank}",
        "the best answer breaks a bomb",
    ),
    _e(
        "cpu.cost_split_rocket",
        "",
        "superar a {table, cards} con {best, cards} separaría el cohete",
        "the best answer splits the rocket",
    ),
    _e(
        "cpu.cost_plays",
        "",
        "superar a {table, cards} con {best, cards} {same, select, true {no "
        + _yt("te acerca a salir: te", "le acerca a salir: le")
        + " {after, plural, one {seguiría quedando # jugada} other {seguirían quedando # jugadas}}} other {"
        + _yt("te", "le")
        + " dejaría {after, plural, one {# jugada} other {# jugadas}}, más que las {now} de ahora}}",
        "the best answer does not bring the hand closer to going out",
    ),
)

CATALOG: dict[str, Entry] = {}
"""Every message, by code (``group.name``)."""


def _add(entries: tuple[Entry, ...]) -> None:
    """Put ``entries`` in :data:`CATALOG`; a code written twice is a mistake (the second would win)."""
    for e in entries:
        if e.code in CATALOG:
            raise MessageError("duplicate_code", {"code": e.code})
        CATALOG[e.code] = e


_add(_ENTRIES)

GROUPS: dict[str, str] = {
    "notation": "NotationError.code — cards that cannot be read",
    "cards": "TypeError / AttributeError of the Cards API",
    "rejection": "Rejection.reason — why a set of cards is not a play",
    "play": "Play.describe — a play in words",
    "verdict": "Verdict.reason — whether a play beats the table, and why",
    "game": "GameError.code — an action the game refuses",
    "op": "error codes of the conformance operations",
    "event": "Event.kind — what happened in a hand",
    "doubling": "Doubling.reason — why the multiplier doubled",
    "result": "Result.explain — the score breakdown",
    "record": "RecordError.code — a record that cannot be replayed",
    "deal_code": "CodeError.code — a deal code that cannot be read",
    "variant": "Variant.parse — a variant that cannot be read",
    "cli": "the ddz command's own texts",
    "cpu": "Reason.code — why the CPU (or a hint) chose an action",
}
"""The catalog's groups (the part of a code before the dot), with the API each one serves."""

# ---- diagnosis: ddz.diagnose.Diagnosis.code (the Explorador's near-misses) --------------------------
# One block (entries, catalog and group) so it merges apart from the entries above.
_NUM = "{trios, select, 2 {dos} 3 {tres} 4 {cuatro} 5 {cinco} other {seis}}"
_ACCOMPANY = (
    "{count, plural, =0 {no acompaña ninguna carta} one {acompaña # carta} other {acompañan # cartas}}"
)
_ADDS = (
    "{kind, select, pair_straight {{count, plural, one {una pareja de {adds, list}} other {parejas de "
    "{adds, list}}}} other {{count, plural, one {un {adds, list}} other {{adds, list}}}}}"
)
_WITHOUT = (
    "sin {what, select, both {el 2 ni los comodines} jokers {los comodines} two {{twos, plural, one {el 2} "
    "other {los doses}}} other {}}{wrap, select, true {{what, select, none {} other { ni }}{dropped, cards}} "
    "other {}}"
)
_DIAGNOSIS_ENTRIES: tuple[Entry, ...] = (
    _e(
        "diagnosis.not_bomb",
        "R-ONE-1",
        "no es una bomba: una bomba son exactamente cuatro cartas iguales, sin nada más. {play, cards} es "
        "un {kind, kind}: solo supera a otro {kind, kind} de cuerpo más bajo; lo superan un {kind, kind} "
        "de cuerpo más alto, cualquier bomba y el cohete, y no duplica el multiplicador",
        "a four-with-two looks like a bomb and is not one",
    ),
    _e(
        "diagnosis.bomb_block",
        "R-ONE-3",
        "cuatro cartas iguales jugadas juntas son siempre una bomba, nunca un trío con su cuarta carta "
        "de acompañante: supera a cualquier jugada que no sea bomba ni cohete y duplica el multiplicador",
        "four of a value alone are always a bomb",
    ),
    _e(
        "diagnosis.rocket_not_pair",
        "R-ONE-1",
        "los dos comodines juntos son siempre el cohete, nunca una pareja: supera a todo, bombas "
        "incluidas, y duplica el multiplicador",
        "the two jokers are the rocket, not a pair",
    ),
    _e(
        "diagnosis.airplane_only",
        "R-ONE-4",
        "solo tiene una lectura, un avión de cuatro tríos: {kickers} no puede acompañar a {body}, porque "
        "un valor aparece como mucho dos veces entre los acompañantes",
        "four trios in a row are an airplane, never three trios with a trio as kickers",
    ),
    _e(
        "diagnosis.one_joker_kicker",
        "R-ONE-4",
        "el {joker, rank} puede acompañar: un comodín solo sí (los dos juntos no, serían el cohete); "
        "como acompañante no aporta fuerza, solo cuenta el cuerpo, {body}",
        "one joker may be a kicker",
    ),
    _e(
        "diagnosis.kicker_twice",
        "R-ONE-4",
        "{kickers} son dos cartas sueltas que acompañan a {body}: un valor puede aparecer hasta dos "
        "veces entre los acompañantes",
        "a value twice among the singles of an airplane",
    ),
    _e("diagnosis.empty", "D-EMPTY", "no has elegido ninguna carta: para no jugar, se pasa", "no cards"),
    _e(
        "diagnosis.too_many",
        "D-LIMIT",
        "{count, plural, one {# carta} other {# cartas}}: ninguna jugada tiene más de 20, las que tiene el "
        "terrateniente al empezar",
        "more than 20 cards",
    ),
    _e(
        "diagnosis.chain_through_two",
        "R-CHAIN-1",
        "{what, select, both {los comodines y el 2 no entran en escaleras, escaleras de parejas ni aviones: "
        "se detienen en el as} jokers {los comodines no entran en escaleras, escaleras de parejas ni aviones: "
        "se detienen en el as} two {el 2 no entra en escaleras, escaleras de parejas ni aviones: se detienen "
        "en el as} other {}}"
        "{low, select, true { (el 2 no va antes del 3: es la carta más alta después de los comodines)} other {}}"
        "{wrap, select, true {{what, select, none {} other {; y }}las escaleras no dan la vuelta: después del "
        "as no viene el 3} other {}}"
        "{fixed, select, true {; " + _WITHOUT + ", {rest, cards} sí es una jugada: {play}} other {"
        "{count, plural, =0 {} other {; " + _WITHOUT + ", {rest, cards} {have, plural, one {es # valor} "
        "other {son # valores seguidos}}: añade " + _ADDS + " para tener {kind, select, pair_straight "
        "{una escalera de parejas} other {una escalera}}}}}}",
        "a chain through the 2 or a joker (what: two, jokers, both or none), or round the ace to the 3 "
        "(dropped: the shorter run of the two), and what is left without those cards: a play, or a run to "
        "lengthen (adds: the ranks to add)",
    ),
    _e(
        "diagnosis.chain_too_short",
        "R-KIND-6",
        "{kind, select, pair_straight {una escalera de parejas necesita al menos {need, plural, one {# pareja} other {# parejas seguidas}}} "
        "other {una escalera necesita al menos {need, plural, one {# valor} other {# valores seguidos}}}} y aquí hay {have}: añade, por "
        "ejemplo, " + _ADDS,
        "a straight or pair straight one or more ranks short (adds: the ranks that would lengthen it)",
    ),
    _e(
        "diagnosis.not_consecutive",
        "R-KIND-6",
        "{kind, select, straight {los valores de una escalera} pair_straight {las parejas de una escalera "
        "de parejas} other {los tríos de un avión}} tienen que ser seguidos: "
        "{count, plural, one {falta el {gaps, list}} other {faltan {gaps, list}}}",
        "a chain with a gap (gaps: the Spanish names of the missing ranks)",
    ),
    _e(
        "diagnosis.four_split",
        "R-ONE-2",
        "las cuatro cartas de un valor van juntas, como bomba o como cuerpo de un cuarteto: "
        "{count, plural, one {las cuatro de {quads, list} no pueden} other {las de {quads, list} no pueden}} "
        "repartirse en dos parejas acompañantes{count, plural, one {} other {; juega cada bloque como bomba}}",
        "four of a value split into two kicker pairs (quads: the Spanish names of those values)",
    ),
    _e(
        "diagnosis.kicker_same_as_body",
        "R-ONE-3",
        "el cuarto {rank, rank} no puede acompañar a los otros tres: un acompañante nunca tiene el valor del "
        "cuerpo",
        "the fourth card of a body value used as a kicker",
    ),
    _e(
        "diagnosis.kicker_repeated",
        "R-ONE-4",
        "{copies, plural, one {# carta} other {# cartas}} de {rank, rank} no pueden ir de acompañantes: un valor aparece como mucho dos veces "
        "entre los acompañantes, así que un trío no acompaña a {body}",
        "a trio used as kickers",
    ),
    _e(
        "diagnosis.jokers_as_kickers",
        "R-ONE-4",
        "los dos comodines juntos son el cohete y no acompañan a la vez: juega el cohete aparte{swap, select, "
        "true {, o cambia uno de ellos por otra carta: {fixed, cards} sí es un {kind, kind}} other {}}",
        "both jokers as kickers (fixed: the same play with another card for the red joker)",
    ),
    _e(
        "diagnosis.number_for_face",
        "R-DECK-1",
        "«{number}» no es una carta: {rank, select, J {la J se escribe J} Q {la Q se escribe Q} K {la K se "
        "escribe K} other {el as se escribe A}}; el diez sí se escribe 10"
        "{fixed, select, true {. Así, {cards, cards} es una jugada: {play}} other {}}",
        "a J, Q, K or ace written as a number (11, 12, 13, 1)",
    ),
    _e(
        "diagnosis.rocket_alone",
        "R-KIND-14",
        "el cohete, los dos comodines, va solo y no lleva acompañantes: juega {rest} aparte",
        "the rocket with other cards",
    ),
    _e(
        "diagnosis.two_different",
        "R-KIND-2",
        "dos cartas solo son una jugada si tienen el mismo valor (una pareja) o son los dos comodines (el "
        "cohete): {cards} son dos cartas sueltas, de una en una",
        "two cards of different values",
    ),
    _e(
        "diagnosis.trios_kickers",
        "R-KIND-9",
        "{trios, select, 1 {un trío pide un acompañante (o ninguno): una carta suelta o una pareja} other {"
        + _NUM
        + " tríos seguidos piden "
        + _NUM
        + " acompañantes (o ninguno): "
        + _NUM
        + " cartas sueltas o "
        + _NUM
        + " parejas}}; aquí "
        + _ACCOMPANY
        + ": {kickers}{mixed, select, true { (sueltas y parejas no se mezclan)} other {}}",
        "a trio or a run of trios with the wrong number of kickers",
    ),
    _e(
        "diagnosis.four_kickers",
        "R-KIND-11",
        "cuatro cartas iguales ({body}) van solas, como bomba, o con dos acompañantes: dos cartas sueltas o "
        "dos parejas; aquí " + _ACCOMPANY + ": {kickers}",
        "four of a value with the wrong number of kickers",
    ),
)
_add(_DIAGNOSIS_ENTRIES)
GROUPS["diagnosis"] = "Diagnosis.code — why a near-miss is not the play it resembles (the Explorador)"

# ---- endgame: ddz.endgame.EndgameError.code, and the ddz endgame command ---------------------------
# One block (entries, catalog and group) so it merges apart from the entries above.
_MOVE = "{pass, select, true {pasa} other {{cards, cards}}}"
_ENDGAME_ENTRIES: tuple[Entry, ...] = (
    _e(
        "endgame.empty_hand",
        "R-WIN-1",
        "{who, select, first {la primera mano} second {la segunda mano} landlord {la mano del terrateniente} "
        "farmer1 {la mano del campesino 1} other {la mano del campesino 2}} está vacía: el final ya ha terminado",
        "a position with an empty hand (who: first, second, landlord, farmer1, farmer2)",
    ),
    _e(
        "endgame.bad_hand", "R-DECK-1", "la mano «{hand}» no se puede leer: {cause}", "a hand in bad notation"
    ),
    _e(
        "endgame.too_many_copies",
        "R-DECK-1",
        "hay {count} cartas de valor {rank, rank} entre las manos y la mesa, y la baraja solo tiene {copies}",
        "the hands and the table hold more copies of a rank than the deck",
    ),
    _e(
        "endgame.bad_table",
        "",
        "la jugada de la mesa «{table}» no es válida: {cause}",
        "a table play that is no play (cause: a rejection)",
    ),
    _e(
        "endgame.bad_seat",
        "",
        "asiento desconocido «{seat}»: se usa landlord (el terrateniente), farmer1 (el campesino que juega "
        "después) o farmer2 (el otro campesino)",
        "a three-hand seat that is neither a name nor 0..2",
    ),
    _e(
        "endgame.table_without_seat",
        "R-TRICK-3",
        "hay una jugada en la mesa, pero falta quién la hizo",
        "a three-hand table play without the seat that made it",
    ),
    _e(
        "endgame.seat_without_table",
        "",
        "se dice quién hizo la jugada de la mesa, pero no hay ninguna jugada en la mesa",
        "a table seat without a table play",
    ),
    _e(
        "endgame.own_table",
        "R-TRICK-3",
        "la jugada de la mesa es de quien tiene el turno: cuando los demás pasan, quien jugó el último abre "
        "la baza sin nada que superar",
        "the seat to move made the table play",
    ),
    _e("endgame.must_lead", "R-TRICK-2", "quien abre la baza no puede pasar", "a pass when leading"),
    _e(
        "endgame.bad_move",
        "R-DECK-1",
        "la jugada «{move}» no se puede leer: {cause}",
        "Position.play of a move in bad notation",
    ),
    _e(
        "endgame.illegal_move",
        "",
        "{move, cards} no es una jugada legal aquí: no sale de la mano o no supera a la mesa",
        "Position.play of a move that is not among the legal ones",
    ),
    _e(
        "endgame.over",
        "R-WIN-1",
        "el final ya ha terminado: no se puede jugar {move}",
        "Position.play once a hand is empty",
    ),
    _e(
        "endgame.too_hard",
        "",
        "este final es demasiado grande para resolverlo aquí (más de {nodes} posiciones): prueba con menos "
        "cartas",
        "the search went over its node budget",
    ),
    _e(
        "cli.help_endgame",
        "",
        "resuelve un final a cartas vistas: quién gana con juego perfecto y cómo",
        "help of endgame",
    ),
    _e(
        "cli.help_endgame_arg",
        "",
        "{arg, select, first {la mano que mueve primero (final de dos manos)} "
        "second {la otra mano (final de dos manos)} "
        "table {la jugada de la mesa que hay que superar o pasar (en dos manos la hizo SECOND)} "
        "landlord {la mano del terrateniente (final de tres manos)} "
        "farmer1 {la mano del campesino que juega después del terrateniente} "
        "farmer2 {la mano del otro campesino} "
        "turn {quién mueve: landlord, farmer1 o farmer2 (por defecto landlord)} "
        "table_seat {quién hizo la jugada de la mesa: landlord, farmer1 o farmer2} "
        "other {muestra también la refutación de cada jugada que pierde}}",
        "help of each argument of endgame",
    ),
    _e(
        "cli.endgame_epilog",
        "",
        "Dos manos: FIRST contra SECOND, FIRST mueve primero (con --table, para superar o pasar la jugada "
        "de SECOND).\n"
        "  ddz endgame 44446 7 --table 3333\n"
        "Tres manos: el terrateniente contra los dos campesinos, que ganan juntos; --turn dice quién mueve "
        "y, con --table, --table-seat quién hizo esa jugada.\n"
        "  ddz endgame --landlord 9Q --farmer1 3 --farmer2 T --turn farmer1 --table 9 --table-seat landlord\n"
        "Una jugada se escribe en notación (3456789TJQKA2BR, T = 10, B y R = comodines) y pasar es «p».",
        "the examples under ddz endgame --help",
    ),
    _e(
        "cli.endgame_form",
        "",
        "error: {problem, select, both {se da un final de dos manos (FIRST SECOND) o uno de tres "
        "(--landlord, --farmer1, --farmer2), no los dos} "
        "two {un final de dos manos necesita dos manos, FIRST y SECOND} "
        "three {un final de tres manos necesita --landlord, --farmer1 y --farmer2} "
        "other {--turn y --table-seat solo sirven en un final de tres manos}}",
        "endgame with the two- and three-hand forms mixed or incomplete",
    ),
    _e(
        "cli.endgame_winner",
        "R-WIN-1",
        "{winner, select, first {Gana la primera mano} second {Gana la segunda mano} "
        "landlord {Gana el terrateniente} other {Ganan los campesinos}} con las cartas a la vista y juego "
        "perfecto.",
        "the first line of endgame: who wins",
    ),
    _e(
        "cli.endgame_moves",
        "",
        "{count, plural, =0 {Ninguna jugada {mover, select, first {de la primera mano} second {de la segunda "
        "mano} landlord {del terrateniente} farmer1 {del campesino 1} other {del campesino 2}} gana: todas "
        "pierden ante la mejor defensa.} one {Jugada ganadora: {moves}} other {Jugadas ganadoras (#): {moves}}}",
        "the winning first moves of endgame (moves: the moves, already said)",
    ),
    _e("cli.endgame_move", "", _MOVE, "one move of an endgame line: a play, or a pass"),
    _e("cli.endgame_line", "", "Línea principal:", "the heading of the principal line"),
    _e(
        "cli.endgame_step",
        "",
        "  {who, select, first {primera mano} second {segunda mano} landlord {terrateniente} "
        "farmer1 {campesino 1} other {campesino 2}}: {move}{out, select, true { (se queda sin cartas)} other {}}",
        "one turn of the principal line (move: cli.endgame_move)",
    ),
    _e("cli.endgame_refutations", "", "Refutaciones:", "the heading of the refutations"),
    _e(
        "cli.endgame_refutation",
        "",
        "  {move} pierde: {steps}",
        "a losing first move and the line that refutes it (steps: the moves, already said)",
    ),
)
_add(_ENDGAME_ENTRIES)
GROUPS["endgame"] = "EndgameError.code — a position the endgame solver cannot take"

# ---- position: ddz.game.PositionError.code (Game.from_position), and a seat given to the Game API -----
# One block (entries, catalog and group) so it merges apart from the entries above.
_POSITION_ENTRIES: tuple[Entry, ...] = (
    _e(
        "game.bad_seat",
        "",
        "un asiento es el número entero 0, 1 o 2, no {seat}",
        "a seat argument that is not the int 0, 1 or 2 (True, 1.0 and -1 are refused)",
        "ese asiento no existe",
    ),
    _e("position.type", "", "una posición es un texto, no un {type}", "a position that is not a str"),
    _e(
        "position.fields",
        "",
        "una posición tiene 11 o 12 campos separados por un espacio, no {count}",
        "a line with the wrong number of fields",
    ),
    _e(
        "position.field",
        "",
        "el campo «{field}» de la posición no se puede leer: «{value}»",
        "a field that is not written as Game.position writes it",
    ),
    _e(
        "position.number",
        "",
        "el campo «{field}» lleva números escritos con las cifras 0 a 9, sin signo ni ceros delante: "
        "«{value}» no lo es",
        "a number with a sign, an underscore, a leading zero or non-ASCII digits",
    ),
    _e("position.seat", "", "un asiento es 0, 1 o 2, no «{seat}»", "a seat field that is not 0, 1 or 2"),
    _e(
        "position.canonical",
        "",
        "las cartas de una posición se escriben en orden: «{cards}», no «{text}»",
        "cards not in canonical notation",
    ),
    _e(
        "position.rule",
        "",
        "{problem, select, landlord {hay terrateniente mientras se juega la mano o al terminar, y solo entonces} "
        "turn {se dice quién mueve mientras se puja o se juega, y «-» cuando la mano ha terminado} "
        "auction_turn {el turno no sigue a la subasta} "
        "auction_closed {la subasta ya está cerrada: la mano se está jugando} "
        "landlord_played {las cartas jugadas por el terrateniente no cuadran con sus jugadas} "
        "table {solo hay jugada en la mesa mientras se juega, con 0 o 1 pases desde ella} "
        "over {la mano termina cuando exactamente un asiento se queda sin cartas} "
        "empty_hand {un asiento sin cartas: la mano ha terminado} "
        "code {las manos no son las cartas del código de reparto} "
        "deck {hay más cartas de un valor de las que tiene la baraja} "
        "other {durante la subasta cada mano tiene 17 cartas y, con el pozo, forman la baraja}}",
        "a position whose fields contradict each other (problem: landlord, turn, auction_turn, "
        "auction_closed, landlord_played, table, over, empty_hand, code, deck, bidding_deal)",
    ),
    _e(
        "position.unreadable",
        "",
        "no es una posición: {cause}",
        "cards or a deal code that cannot be read (cause: their message)",
    ),
)
CATALOG.update({e.code: e for e in _POSITION_ENTRIES})
GROUPS["position"] = "PositionError.code — a line that is not a Game.position"

# ---- one hierarchy: every error of the public API is a CodedError with a catalog code ---------------
# One block (entries, catalog and groups) so it merges apart from the entries above.
_API_ERROR_ENTRIES: tuple[Entry, ...] = (
    _e(
        "game.no_history",
        "",
        "una partida rehecha desde una posición a mitad de mano no tiene registro: no se sabe su historia",
        "Game.record() of a game rebuilt from a mid-hand position",
        "esa partida no tiene registro",
    ),
    _e(
        "game.nothing_to_pop",
        "",
        "no hay ninguna acción que deshacer: Game.pop() deshace solo las acciones de Game.push()",
        "Game.pop() with no action made by Game.push() left",
        "no hay nada que deshacer",
    ),
    _e(
        "ai.unknown_level",
        "",
        "nivel desconocido «{level}»: los niveles son {known, list}",
        "a CPU level that is not easy, normal or hard",
    ),
    _e(
        "ai.bad_processes",
        "",
        "número de procesos no válido: {processes}; debe ser un entero de 1 a {most}",
        "Cpu(processes=...) that is not a whole number from 1 to MAX_PROCESSES",
    ),
    _e(
        "message.unknown_code",
        "",
        "el catálogo no tiene el código de mensaje «{code}»",
        "a message code that is not in the catalog",
    ),
    _e(
        "message.duplicate_code",
        "",
        "el código de mensaje «{code}» está dos veces en el catálogo",
        "a catalog entry written twice",
    ),
    _e(
        "message.template",
        "",
        "la plantilla del mensaje «{code}» no se puede leer: "
        "{problem, select, unbalanced {sobra una llave de cierre en «{text}»} "
        "unclosed {una llave sin cerrar en «{text}»} "
        "no_other {a la elección «{text}» le falta la rama por defecto} "
        "style {el estilo «{text}» no existe} "
        "other {no se entiende «{text}»}}",
        "a template that cannot be read (problem: unbalanced, unclosed, no_other, style, unreadable)",
    ),
    _e(
        "message.missing_data",
        "",
        "el mensaje «{code}» necesita {n_missing, plural, one {el dato} other {los datos}} {missing, list}; "
        "{n_got, plural, =0 {no se le dio ninguno} other {se le dio {got, commas}}} "
        "(plantilla: «{template}»)",
        "render() without a field the template needs",
    ),
    _e(
        "request.not_object",
        "",
        "la entrada de una operación es un objeto JSON",
        "an op input that is not a JSON object",
    ),
    _e("request.missing_field", "", "falta el campo «{field}»", "a required field is missing"),
    _e(
        "request.wrong_type",
        "",
        "el campo «{field}» no es del tipo que toca",
        "a field of the wrong JSON type (true is not a number)",
    ),
    _e(
        "request.not_strings",
        "",
        "el campo «{field}» es una lista de textos",
        "a list field holding something that is not a string",
    ),
    _e(
        "request.unknown_op",
        "",
        "no hay ninguna operación «{op}»: las hay {known, list}",
        "an op name the suite does not define",
    ),
    _e(
        "request.out_of_range",
        "",
        "el campo «{field}» va de 0 a {max}",
        "redeal(s) outside 0..3",
    ),
    _e(
        "request.too_many_actions",
        "",
        "como mucho {bids} pujas y {plays} jugadas (los límites de un registro)",
        "a game op with more actions than any record holds",
    ),
    _e(
        "request.three_hands_only",
        "",
        "el campo «{field}» es solo para tres manos",
        "an endgame field of the three-hand game given with two hands",
    ),
    _e(
        "request.hands_count",
        "",
        "el campo «hands» lleva dos o tres manos",
        "an endgame op with a number of hands other than 2 or 3",
    ),
    _e(
        "request.bad_input",
        "",
        "{cause}",
        "an input the engine refuses (cause: the engine's message)",
    ),
)
_add(_API_ERROR_ENTRIES)
GROUPS["message"] = "MessageError.code — a code or template the catalog cannot render (a mistake in code)"
GROUPS["ai"] = "AiError.code — a request the CPU players cannot take"
GROUPS["request"] = "OpError.code — a malformed request of the conformance operations (ddz.ops)"


def register(entries: Iterable[Entry], groups: Mapping[str, str] | None = None) -> None:
    """Add ``entries`` to :data:`CATALOG` and ``groups`` (name → the API it serves) to :data:`GROUPS`:
    how the tutorial app adds the codes only it says (``tutorial/catalog.py``, at import). A code
    already in the catalog with another entry is refused (:class:`MessageError` ``duplicate_code``);
    the same entry again is a no-op (a module reloaded by Streamlit's file watcher registers again)."""
    _add(tuple(e for e in entries if CATALOG.get(e.code) != e))
    GROUPS.update(groups or {})


# ---- templates ------------------------------------------------------------------------------------
# A code's template is parsed once (ddz.templates) and kept with the fields it names.
_COMPILED: dict[str, tuple[tuple[Node, ...], tuple[str, ...]]] = {}


def _compiled(code: str) -> tuple[tuple[Node, ...], tuple[str, ...]]:
    got = _COMPILED.get(code)
    if got is None:
        entry = CATALOG.get(code)
        if entry is None:
            raise MessageError("unknown_code", {"code": code})
        nodes = templates.parse(entry.template, code)
        got = _COMPILED[code] = (nodes, templates.fields(nodes))
    return got


def template_nodes(code: str) -> tuple[Node, ...]:
    """The compiled template of ``code`` (literals, ``("#",)``, ``("arg", name, style)``,
    ``("choice", name, "select" | "plural", {key: nodes})``): what a renderer in another language
    walks to say the same sentence (the tutorial's card widget, ``tutorial/bar.js``)."""
    return _compiled(code)[0]


# ---- rendering ------------------------------------------------------------------------------------
Message = dict[str, Any]
"""A nested message: ``{"code": code, "data": {...}}`` (see :func:`nested`)."""


def nested(code: str, **data: Any) -> Message:
    """A message to render inside another one (a data value), as plain JSON-ready values."""
    return {"code": code, "data": data}


def render(code: str, data: Mapping[str, Any] | None = None, /, *, seats: Seats = None, **more: Any) -> str:
    """The Spanish sentence for ``code`` with ``data`` (a mapping, keyword fields or both).

    ``seats`` names seats 0, 1, 2 (``("Sur", "Este", "Oeste")``) in the seat styles.

    ```python
    >>> render("verdict.different_count", table_count=4, count=5)
    'hay que responder con el mismo número de cartas: 4 en la mesa, 5 la tuya'

    ```
    """
    values: Mapping[str, Any] = {**data, **more} if data is not None and more else (data or more)
    nodes, names = _compiled(code)
    missing = [n for n in names if n not in values]
    if missing:
        raise MessageDataError.of(code, missing, values)
    return _contract(templates.render(nodes, values, partial(_argument, seats)))


use_renderer(render)

_ARTICLE_AFTER = re.compile(
    r"\b(?:a|con|juega|juegas|jugar|jugaste|Jugaste|jugado|Juega|Levanta|levanta|supera|superar|superas)\s$"
)
"""The words after which cards are a noun of the sentence: a lone joker or the rocket takes its article
there («con el comodín grande»), not in a label («cuerpo comodín grande», «carta que manda: …»)."""
_RANK_ARTICLE = re.compile(r"(?:\b(?:de|que|a|con)\s|^\^|[(.]\s?)$")
"""Where a joker named by its rank is a noun of the sentence and takes its article: after «de», «que»,
«a», «con» and at the start of a sentence («carta suelta del comodín grande», «el comodín grande es más
alto que el comodín pequeño»), not in a label («carta que manda: comodín grande», «valor comodín…»)."""
_CONTRACTED = re.compile(r"\b([Aa]|[Dd]e) el\b")


def _contract(text: str) -> str:
    """«a el» and «de el» as Spanish writes them («al cohete», «del comodín grande»)."""
    return _CONTRACTED.sub(lambda m: {"a": "al", "A": "Al", "de": "del", "De": "Del"}[m.group(1)], text)


def message(code: str, data: Mapping[str, Any] | None = None, seats: Seats = None) -> str:
    """:func:`render` with the data as one mapping."""
    return render(code, data or {}, seats=seats)


def render_message(m: Message, seats: Seats = None) -> str:
    """The Spanish sentence of a nested message (``{"code": …, "data": …}``, see :func:`nested`)."""
    return render(m["code"], m.get("data") or {}, seats=seats)


def rule_of(code: str) -> str:
    """The rule id of a code (``""`` when it explains no single rule)."""
    entry = CATALOG.get(code)
    if entry is None:
        raise MessageError("unknown_code", {"code": code})
    return entry.rule


def summary(code: str, groups: Sequence[str] = ("game", "op", "deal_code")) -> str:
    """The data-free Spanish phrase of an error code (``not_in_hand``, ``auction_closed``…), from
    the first of ``groups`` that has it; ``""`` when none does."""
    for group in groups:
        entry = CATALOG.get(f"{group}.{code}")
        if entry is not None and entry.summary:
            return entry.summary
    return ""


def _argument(seats: Seats, value: Any, style: str, before: Sequence[str]) -> str:
    """An argument of a template in Spanish (a :data:`ddz.templates.Format`), after the text ``before``."""
    if style == "cards" and isinstance(value, str) and _ARTICLE_AFTER.search("".join(before[-3:])):
        return named_cards(value)  # «juega el cohete», «supera al comodín grande»
    if style == "rank" and _is_joker(value) and _RANK_ARTICLE.search("".join(before[-3:]) or "^"):
        return "el " + _value(value, "rank", seats)  # «carta suelta del comodín grande»
    return _value(value, style, seats)


def _is_joker(value: Any) -> bool:
    return value in (13, 14) or (isinstance(value, str) and value.upper() in ("B", "R"))


def _value(value: Any, style: str, seats: Seats) -> str:
    if style == "":
        if isinstance(value, Mapping):
            return render(value["code"], value.get("data", {}), seats=seats)
        if isinstance(value, list | tuple):
            return " ".join(_value(v, "", seats) for v in value)
        return str(value)
    if style == "rank":
        from .ranks import RANKS

        return RANK_NAMES_ES[value if isinstance(value, int) else RANKS.index(str(value).upper())]
    if style == "kind":
        return KIND_NAMES_ES[str(value)]
    if style == "cards":
        if isinstance(value, list | tuple):
            return " · ".join(say_cards(str(v)) for v in value)
        return say_cards(str(value))
    if style == "noun_cards":
        return named_cards(str(value))
    if style == "the_cards":
        return named_cards(str(value), article=True)
    if style in ("seat", "Seat", "the_seat"):
        if seats is not None:
            return str(seats[int(value)])
        return {"seat": "asiento {}", "Seat": "Asiento {}", "the_seat": "el asiento {}"}[style].format(value)
    if style == "signed":
        return f"{int(value):+d}".replace("-", "\u2212")  # the minus sign, as in «−S» of the rules
    items = [_value(v, "", seats) for v in value]
    if style == "commas" or len(items) < 2:
        return ", ".join(items)
    return ", ".join(items[:-1]) + " y " + items[-1]


__all__ = [
    "CATALOG",
    "GROUPS",
    "KIND_NAMES_ES",
    "RANK_NAMES_ES",
    "CodedError",
    "Entry",
    "Message",
    "MessageDataError",
    "MessageError",
    "Said",
    "Seats",
    "message",
    "named_cards",
    "nested",
    "register",
    "render",
    "render_message",
    "rule_of",
    "say_cards",
    "summary",
    "template_nodes",
]
