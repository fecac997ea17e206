"""The one message catalog (ddz.messages, with the codes only the app says from tutorial/catalog.py):
every code is reached from real engine input and says exactly the sentence written here by hand; no
engine module writes Spanish outside the catalog; rendering with missing data fails clearly."""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ddz import messages
from ddz.ai import Cpu
from ddz.ai.reasons import Reason
from ddz.ai.reasons import render as render_reason
from ddz.cards import Cards, parse, parse_hand, rank_index
from ddz.cli import build_parser
from ddz.cli import main as cli_main
from ddz.codes import deal, decode, encode
from ddz.compare import Verdict, compare
from ddz.diagnose import Diagnosis, diagnose
from ddz.endgame import Position, solve
from ddz.game import Event, Game, GameError
from ddz.messages import CATALOG, CodedError, MessageDataError, MessageError, nested, render
from ddz.moves import legal_plays
from ddz.ops import run_op
from ddz.plays import Play, Rejection, analyze, classify
from ddz.records import replay
from ddz.variants import Variant
from tutorial.catalog import ENTRIES as APP_ENTRIES  # the codes only the app says join CATALOG

ROOT = Path(__file__).resolve().parents[1]
HANDS = ["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"]
"""Seat 0 holds the 2222 bomb and the red joker; the kitty 99B gives it the rocket."""
SYMBOLS = "se usan 3 4 5 6 7 8 9 T J Q K A 2 B R"


def game(*actions: str, redeals: int = 0) -> Game:
    g = Game.from_hands(HANDS, "99B", 0, redeals)
    for a in actions:
        g.apply(a)
    return g


SPRING = ["3", "33445566778899", "p", "p", "2222", "p", "p"]
"""Seat 0 bids 3 and, with nobody else playing, is left with the rocket: bomb, rocket and spring."""


def spring() -> list[Event]:
    return game(*SPRING).apply("BR")


def _all_pass(g: Game) -> list[Event]:
    g.apply("p")
    g.apply("p")
    return g.apply("p")


def _over() -> Game:
    g = game(*SPRING)
    g.apply("BR")
    return g


def antispring() -> list[Event]:
    """Seat 0 bids 3 and leads a 3; seat 1 wins with a 2 and goes out with an airplane."""
    hands = ["3456777888999TTTJ", "333444555666789T2", "JJJQQQQKKKKAAAA22"]
    g = Game.from_hands(hands, "2BR", 0)
    events: list[Event] = []
    for a in ["3", "3", "2", "p", "p", "333444555666789T"]:
        events = g.apply(a)
    return events


def error(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> BaseException:
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError, AttributeError) as e:
        return e
    raise AssertionError(f"{fn} did not raise")


def said(x: object) -> tuple[str | None, str]:
    """The catalog code an engine value says and its sentence."""
    if isinstance(x, Rejection):
        return "rejection." + x.reason, x.message
    if isinstance(x, Verdict):
        return "verdict." + x.reason, x.message
    if isinstance(x, CodedError):
        return f"{x.group}.{x.code}", x.message
    if isinstance(x, Event):
        return "event." + x.kind, x.text
    if isinstance(x, Diagnosis):
        return x.catalog_code, x.message
    if isinstance(x, BaseException):
        return None, str(x)
    assert isinstance(x, str), x
    return None, x


BIG = Path(tempfile.gettempdir()) / f"ddz-messages-big-{os.getpid()}.json"


def _big_file(size: int) -> str:
    """The path of a regular file of ``size`` spaces (:data:`BIG`)."""
    BIG.write_bytes(b" " * size)
    return str(BIG)


def cli(*args: str) -> str:
    """What ``ddz ARGS`` prints (stdout then stderr), run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        cli_main(list(args))
    return (out.getvalue() + err.getvalue()).strip()


def cpu(code: str, data: dict[str, Any], person: str = "tú", *extra: Reason) -> str:
    return render_reason(Reason(code, data, extra), person)


_CHOICE = {"type": "choice", "options": ["no", "sí"], "answer": 1, "why": "Por eso."}
_BEATS = {"type": "beats", "play": "345678", "table": "34567"}


def _lesson(name: str, *args: Any) -> Any:
    """A lesson function of the tutorial (``check_answer``, ``solution``…) called with ``args``."""
    from tutorial import logic

    return getattr(logic, name)(*args)


def _lesson_hint(ex: dict[str, Any]) -> str:
    return str(_lesson("exercise_hint", ex))


def _pick(ex: dict[str, Any], cards: str) -> str:
    return str(_lesson("check_selection", ex, cards).message)


def _record(**fields: Any) -> str:
    return json.dumps({"format": "ddz-record", "version": 1, **fields})


# (code, real engine input, the exact sentence): written from the rules, not copied from output.
def _bar(cards: str, table: str) -> str:
    """The selection bar's sentence (the app's and the device's, see tests/test_device_bar.py)."""
    from tutorial.logic import describe

    return describe(cards, table).detail


CASES: list[tuple[str, Callable[[], object], str]] = [
    # notation
    ("notation.unknown_rank", lambda: error(rank_index, "X"), "valor desconocido «X»"),
    (
        "notation.unknown_symbol",
        lambda: error(parse, "33X"),
        f"símbolo desconocido «X» en la posición 3; {SYMBOLS}",
    ),
    (
        "notation.unknown_symbol",
        lambda: error(parse, "3\x1b[2J"),
        f"símbolo desconocido «\\x1b» en la posición 2; {SYMBOLS}",
    ),
    (
        "notation.glued_id",
        lambda: error(parse, "3334H"),
        "«4H» en la posición 4 es el nombre de una carta pegado a otras: separa los nombres con espacios "
        "(«3 4H 5S» o «BJ RJ») o escribe solo los valores («345»)",
    ),
    (
        "notation.unknown_symbol",
        lambda: error(parse, "3 1"),
        f"símbolo desconocido «1» en la posición 3 (el diez se escribe T o 10); {SYMBOLS}",
    ),
    (
        "notation.second_joker",
        lambda: error(parse, "BB"),
        "un segundo comodín pequeño en la posición 2: solo hay uno",
    ),
    (
        "notation.fifth_copy",
        lambda: error(parse, "QQQQQ"),
        "una quinta carta de valor Q en la posición 5: solo hay cuatro de cada valor",
    ),
    (
        "notation.bad_counts",
        lambda: error(Cards, (5,)),
        "recuento de cartas imposible: (5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)",
    ),
    ("notation.cannot_remove", lambda: error(lambda: Cards("3") - Cards("4")), "no se pueden quitar 4 de 3"),
    (
        "notation.too_many",
        lambda: error(parse_hand, "3333444455556666777788"),
        "22 cartas: una mano tiene como máximo 20",
    ),
    # cards (TypeError, AttributeError)
    (
        "cards.not_cards",
        lambda: error(parse, ["3"]),
        "las cartas se dan como texto en notación (str) o como Cards, no como list",
    ),
    (
        "cards.not_cards",
        lambda: error(compare, 3, "4"),
        "las jugadas se dan como texto en notación (str) o como Cards, no como int",
    ),
    (
        "cards.not_cards",
        lambda: error(legal_plays, "3", 5),
        "la jugada de la mesa se da como texto en notación (str) o como Cards, no como int",
    ),
    (
        "cards.immutable_set",
        lambda: error(setattr, Cards("3"), "key", 1),
        "Cards es inmutable: no se puede asignar 'key'",
    ),
    (
        "cards.immutable_del",
        lambda: error(delattr, Cards("3"), "key"),
        "Cards es inmutable: no se puede borrar 'key'",
    ),
    # rejection
    ("rejection.notation", lambda: analyze("3x"), f"símbolo desconocido «x» en la posición 2; {SYMBOLS}"),
    ("rejection.empty", lambda: analyze(""), "no hay ninguna carta: una jugada tiene al menos una"),
    (
        "rejection.too_many",
        lambda: analyze("333344445555666677778"),
        "más de 20 cartas nunca es una jugada: ninguna mano tiene tantas",
    ),
    (
        "rejection.two_in_chain",
        lambda: analyze("TJQKA2"),
        "el 2 no entra en escaleras, escaleras de parejas ni aviones: las estructuras consecutivas "
        "se detienen en el as",
    ),
    (
        "rejection.joker_in_chain",
        lambda: analyze("QKA2B"),
        "los comodines no entran en escaleras: las estructuras consecutivas se detienen en el as",
    ),
    (
        "rejection.straight_too_short",
        lambda: analyze("3456"),
        "una escalera necesita al menos 5 valores consecutivos",
    ),
    (
        "rejection.pair_straight_too_short",
        lambda: analyze("3344"),
        "una escalera de parejas necesita al menos 3 parejas de valores consecutivos",
    ),
    (
        "rejection.not_consecutive",
        lambda: analyze("34568"),
        "los valores de una escalera tienen que ser consecutivos",
    ),
    (
        "rejection.four_split",
        lambda: analyze("44445555"),
        "las cuatro cartas de un valor van juntas: no se pueden usar tres como cuerpo y la cuarta "
        "como acompañante, ni repartirlas en dos parejas acompañantes",
    ),
    (
        "rejection.kicker_same_as_body",
        lambda: analyze("33334445"),
        "un acompañante no puede tener el valor del cuerpo: la cuarta carta de un valor no acompaña "
        "a las otras tres",
    ),
    (
        "rejection.kicker_repeated",
        lambda: analyze("333444555777"),
        "ningún valor puede aparecer más de dos veces entre los acompañantes",
    ),
    (
        "rejection.jokers_as_kickers",
        lambda: analyze("333444BR"),
        "los dos comodines no pueden acompañar a la vez (uno solo sí): juntos son el cohete",
    ),
    (
        "rejection.four_two_same_singles",
        lambda: analyze("444455", Variant.parse("four_two_distinct_singles")),
        "en esta variante las dos sueltas de un cuarteto deben ser de valores distintos",
    ),
    ("rejection.no_pattern", lambda: analyze("3479"), "estas cartas no forman ninguna de las 14 jugadas"),
    # ---- diagnosis (ddz.diagnose): the Explorador's near-misses ----
    (
        "diagnosis.not_bomb",
        lambda: diagnose("444455"),
        "no es una bomba: una bomba son exactamente cuatro cartas iguales, sin nada más. 4 4 4 4 + 5 5 es un cuarteto con dos sueltas: solo supera a otro cuarteto con dos sueltas de cuerpo más bajo; lo superan un cuarteto con dos sueltas de cuerpo más alto, cualquier bomba y el cohete, y no duplica el multiplicador",
    ),
    (
        "diagnosis.bomb_block",
        lambda: diagnose("3333"),
        "cuatro cartas iguales jugadas juntas son siempre una bomba, nunca un trío con su cuarta carta de acompañante: supera a cualquier jugada que no sea bomba ni cohete y duplica el multiplicador",
    ),
    (
        "diagnosis.rocket_not_pair",
        lambda: diagnose("BR"),
        "los dos comodines juntos son siempre el cohete, nunca una pareja: supera a todo, bombas incluidas, y duplica el multiplicador",
    ),
    (
        "diagnosis.airplane_only",
        lambda: diagnose("333444555666"),
        "solo tiene una lectura, un avión de cuatro tríos: 6 6 6 no puede acompañar a 3 3 3 4 4 4 5 5 5, porque un valor aparece como mucho dos veces entre los acompañantes",
    ),
    (
        "diagnosis.one_joker_kicker",
        lambda: diagnose("QQQR"),
        "el comodín grande puede acompañar: un comodín solo sí (los dos juntos no, serían el cohete); como acompañante no aporta fuerza, solo cuenta el cuerpo, Q Q Q",
    ),
    (
        "diagnosis.kicker_twice",
        lambda: diagnose("33344455"),
        "5 5 son dos cartas sueltas que acompañan a 3 3 3 4 4 4: un valor puede aparecer hasta dos veces entre los acompañantes",
    ),
    ("diagnosis.empty", lambda: diagnose(""), "no has elegido ninguna carta: para no jugar, se pasa"),
    (
        "diagnosis.too_many",
        lambda: diagnose("333444555666777888999"),
        "21 cartas: ninguna jugada tiene más de 20, las que tiene el terrateniente al empezar",
    ),
    (
        "diagnosis.chain_through_two",
        lambda: diagnose("TJQKA2"),
        "el 2 no entra en escaleras, escaleras de parejas ni aviones: se detienen en el as; sin el 2, 10 J Q K A sí es una jugada: escalera del 10 al A (5 valores)",
    ),
    (
        "diagnosis.chain_through_two",
        lambda: diagnose("A2345"),
        "el 2 no entra en escaleras, escaleras de parejas ni aviones: se detienen en el as (el 2 no va antes del 3: es la carta más alta después de los comodines); y las escaleras no dan la vuelta: después del as no viene el 3; sin el 2 ni A, 3 4 5 son 3 valores seguidos: añade 6 y 7 para tener una escalera",
    ),
    (
        "diagnosis.chain_through_two",
        lambda: diagnose("KA2BR"),
        "los comodines y el 2 no entran en escaleras, escaleras de parejas ni aviones: se detienen en el as; sin el 2 ni los comodines, K A son 2 valores seguidos: añade 10, J y Q para tener una escalera",
    ),
    (
        "diagnosis.chain_through_two",
        lambda: diagnose("KKAA22"),
        "el 2 no entra en escaleras, escaleras de parejas ni aviones: se detienen en el as; sin los doses, K K A A son 2 valores seguidos: añade una pareja de Q para tener una escalera de parejas",
    ),
    (
        "diagnosis.number_for_face",
        lambda: diagnose("34567891011"),
        "«11» no es una carta: la J se escribe J; el diez sí se escribe 10. Así, 3 4 5 6 7 8 9 10 J es una jugada: escalera del 3 al J (9 valores)",
    ),
    (
        "diagnosis.number_for_face",
        lambda: diagnose("1 2 3"),
        "«1» no es una carta: el as se escribe A; el diez sí se escribe 10",
    ),
    (
        "diagnosis.chain_too_short",
        lambda: diagnose("3456"),
        "una escalera necesita al menos 5 valores seguidos y aquí hay 4: añade, por ejemplo, un 7",
    ),
    (
        "diagnosis.chain_too_short",
        lambda: diagnose("345"),
        "una escalera necesita al menos 5 valores seguidos y aquí hay 3: añade, por ejemplo, 6 y 7",
    ),
    (
        "diagnosis.not_consecutive",
        lambda: diagnose("34578"),
        "los valores de una escalera tienen que ser seguidos: falta el 6",
    ),
    (
        "diagnosis.four_split",
        lambda: diagnose("44445555"),
        "las cuatro cartas de un valor van juntas, como bomba o como cuerpo de un cuarteto: las de 4 y 5 no pueden repartirse en dos parejas acompañantes; juega cada bloque como bomba",
    ),
    (
        "diagnosis.kicker_same_as_body",
        lambda: diagnose("33344435"),
        "el cuarto 3 no puede acompañar a los otros tres: un acompañante nunca tiene el valor del cuerpo",
    ),
    (
        "diagnosis.kicker_repeated",
        lambda: diagnose("333444555777"),
        "3 cartas de 7 no pueden ir de acompañantes: un valor aparece como mucho dos veces entre los acompañantes, así que un trío no acompaña a 3 3 3 4 4 4 5 5 5",
    ),
    (
        "diagnosis.jokers_as_kickers",
        lambda: diagnose("4444BR"),
        "los dos comodines juntos son el cohete y no acompañan a la vez: juega el cohete aparte, o cambia uno de ellos por otra carta: 4 4 4 4 + 3 y comodín pequeño sí es un cuarteto con dos sueltas",
    ),
    (
        "diagnosis.rocket_alone",
        lambda: diagnose("3BR"),
        "el cohete, los dos comodines, va solo y no lleva acompañantes: juega 3 aparte",
    ),
    (
        "diagnosis.two_different",
        lambda: diagnose("34"),
        "dos cartas solo son una jugada si tienen el mismo valor (una pareja) o son los dos comodines (el cohete): 3 4 son dos cartas sueltas, de una en una",
    ),
    (
        "diagnosis.trios_kickers",
        lambda: diagnose("3334445556"),
        "tres tríos seguidos piden tres acompañantes (o ninguno): tres cartas sueltas o tres parejas; aquí acompaña 1 carta: 6",
    ),
    (
        "diagnosis.four_kickers",
        lambda: diagnose("33334"),
        "cuatro cartas iguales (3 3 3 3) van solas, como bomba, o con dos acompañantes: dos cartas sueltas o dos parejas; aquí acompaña 1 carta: 4",
    ),
    # play
    (
        "play.describe",
        lambda: classify("KKK3").describe(),
        "trío con carta suelta de K (cuerpo K K K, acompañante 3)",
    ),
    (
        "play.describe",
        lambda: classify("33344456").describe(),
        "avión con cartas sueltas del 3 al 4 (2 valores) (cuerpo 3 3 3 4 4 4, acompañantes 5 6)",
    ),
    ("play.describe", lambda: classify("TTTT").describe(), "bomba de 10"),
    ("play.anatomy", lambda: classify("3KKK").anatomy(), "cuerpo K K K, acompañante 3, carta que manda: K"),
    (
        "play.anatomy",
        lambda: classify("334455").anatomy(),
        "cuerpo 3 3 4 4 5 5, carta que manda: 5, cadena de 3 valores",
    ),
    (
        "play.anatomy",
        lambda: classify("333444 5566").anatomy(),
        "cuerpo 3 3 3 4 4 4, acompañantes 5 5 6 6, carta que manda: 4, cadena de 2 valores",
    ),
    (
        "play.anatomy",
        lambda: classify("B").anatomy(),
        "cuerpo comodín pequeño, carta que manda: comodín pequeño",
    ),
    (
        "play.anatomy_rocket",
        lambda: classify("RB").anatomy(),
        "los dos comodines, comodín pequeño y comodín grande: nada supera al cohete",
    ),
    ("play.describe", lambda: classify("R").describe(), "carta suelta del comodín grande"),
    ("play.seat_played", lambda: messages.render("play.seat_played", cards="BR"), "juega el cohete"),
    ("play.seat_played", lambda: messages.render("play.seat_played", cards="KKK 3"), "juega K K K + 3"),
    (
        "play.nothing_beats",
        lambda: messages.render("play.nothing_beats", table="R"),
        "No tienes nada que supere al comodín grande",
    ),
    (
        "play.against",
        lambda: _bar("2222", "BR"),
        "cuerpo 2 2 2 2, carta que manda: 2. No supera al cohete: nada supera al cohete.",
    ),
    (
        "play.against",
        lambda: _bar("2", "B"),
        "cuerpo 2, carta que manda: 2. No supera al comodín pequeño: 2 no es más alto que el comodín pequeño.",
    ),
    ("play.describe_rocket", lambda: classify("BR").describe(), "cohete (los dos comodines)"),
    # verdict
    (
        "verdict.invalid_play",
        lambda: compare("3x", "4"),
        f"tu jugada no es válida: símbolo desconocido «x» en la posición 2; {SYMBOLS}",
    ),
    (
        "verdict.invalid_table",
        lambda: compare("4", "3456"),
        "la jugada de la mesa no es válida: una escalera necesita al menos 5 valores consecutivos",
    ),
    ("verdict.nothing_beats_rocket", lambda: compare("2222", "BR"), "nada supera al cohete"),
    ("verdict.rocket", lambda: compare("BR", "2222"), "el cohete supera a todo, bombas incluidas"),
    ("verdict.bomb", lambda: compare("3333", "2"), "una bomba supera a cualquier jugada que no sea bomba"),
    (
        "verdict.table_is_bomb",
        lambda: compare("AAA2", "3333"),
        "a una bomba solo la superan una bomba más alta o el cohete",
    ),
    (
        "verdict.different_kind",
        lambda: compare("55", "4"),
        "hay que responder con el mismo tipo: en la mesa hay carta suelta y tú juegas pareja",
    ),
    (
        "verdict.different_count",
        lambda: compare("345678", "34567"),
        "hay que responder con el mismo número de cartas: 5 en la mesa, 6 la tuya",
    ),
    ("verdict.higher", lambda: compare("KKK3", "QQQR"), "K es más alto que Q (los acompañantes no cuentan)"),
    ("verdict.higher", lambda: compare("TTTT", "9999"), "10 es más alto que 9"),
    (
        "verdict.not_higher",
        lambda: compare("QQQ3", "KKK4"),
        "Q no es más alto que K; los acompañantes no aportan fuerza",
    ),
    (
        "verdict.not_higher",
        lambda: compare("B", "R"),
        "el comodín pequeño no es más alto que el comodín grande",
    ),
    ("verdict.higher", lambda: compare("R", "2"), "el comodín grande es más alto que 2"),
    # game
    ("game.bad_bid", lambda: error(game, "4"), "en la subasta se puja 1, 2 o 3, o se pasa («p»), no «4»"),
    (
        "game.bid_not_higher",
        lambda: error(game, "2", "1"),
        "la puja tiene que superar a la más alta (2): 1 no la supera",
    ),
    (
        "game.bad_deal",
        lambda: error(Game.from_hands, ["3"], "4", 0),
        "hacen falta exactamente tres manos",
    ),
    (
        "game.bad_deal",
        lambda: error(Game.from_hands, ["3", "4", "5"], "666", 0),
        "cada mano tiene 17 cartas y el pozo 3",
    ),
    (
        "game.bad_deal",
        lambda: error(Game.from_hands, [HANDS[0], HANDS[1], "33" + HANDS[2][2:]], "99B", 0),
        "las manos y el pozo no forman la baraja de 54 cartas",
    ),
    ("game.bad_deal", lambda: error(Game.from_hands, HANDS, "99B", 5), "el primer postor es 0, 1 o 2"),
    (
        "game.bad_deal",
        lambda: error(Game.from_hands, HANDS, "99B", 0, 4),
        "como mucho hay tres repartos repetidos",
    ),
    ("game.bad_action", lambda: error(game().apply, 3), "acción no válida: 3"),
    (
        "game.bad_action",
        lambda: error(game("1").skip_bidding, 0),
        "solo se puede saltar la subasta antes de la primera puja",
    ),
    ("game.bad_action", lambda: error(game().skip_bidding, 5), "terrateniente 0, 1 o 2 y base 1, 2 o 3"),
    ("game.bad_action", lambda: error(game("3").apply, "p", ids=["3S"]), "un pase no lleva cartas"),
    ("game.game_over", lambda: error(_over().apply, "p"), "la mano ya ha terminado"),
    ("game.not_your_turn", lambda: error(game().apply, "p", seat=2), "no es tu turno: le toca al asiento 0"),
    (
        "game.must_lead",
        lambda: error(game, "3", "p"),
        "quien abre la baza no puede pasar: tiene que jugar algo",
    ),
    (
        "game.bad_notation",
        lambda: error(game, "3", "3x"),
        f"símbolo desconocido «x» en la posición 2; {SYMBOLS}",
    ),
    ("game.not_in_hand", lambda: error(game, "3", "AAAA"), "no tienes esas cartas: te falta AAAA"),
    (
        "game.bad_ids",
        lambda: error(game("3").apply, "33", ids=["3S", "4S"]),
        "las cartas elegidas no son 33 de tu mano",
    ),
    (
        "game.invalid_play",
        lambda: error(game, "3", "34"),
        "34 no es una jugada: estas cartas no forman ninguna de las 14 jugadas",
    ),
    ("game.does_not_beat", lambda: error(game, "3", "4", "3"), "3 no supera a 4: 3 no es más alto que 4"),
    # op: the error codes of the conformance operations, as the corpus pages name them
    (
        "op.auction_closed",
        lambda: render("op." + run_op("bid", {"bids": ["3", "p"]})["error"]),
        "la subasta ya estaba cerrada",
    ),
    (
        "op.incomplete",
        lambda: render("op." + run_op("bid", {"bids": ["p"]})["error"]),
        "falta algo: la subasta o la mano no han terminado",
    ),
    ("op.notation", lambda: render("op." + run_op("notation", {"cards": "x"})["error"]), "no se puede leer"),
    (
        "op.bad_code",
        lambda: render("op." + run_op("deal", {"code": "ZZZZ"})["error"]),
        "ese código de reparto no es válido",
    ),
    # event, doubling, result
    ("event.bid", lambda: game().apply("p")[0], "Asiento 0 pasa."),
    ("event.bid", lambda: game("p").apply("2")[0], "Asiento 1 puja 2."),
    (
        "event.forced",
        lambda: game("p", "p", redeals=3).apply("p")[1],
        "Cuarto reparto sin pujas: quien abrió la subasta es terrateniente con base 1.",
    ),
    ("event.void", lambda: game("p", "p").apply("p")[1], "Los tres pasan: la mano se anula."),
    (
        "event.redeal",
        lambda: _all_pass(Game.from_code("003N-QK8N1"))[1],
        "Los tres pasan: se baraja y se reparte de nuevo.",
    ),
    (
        "event.landlord",
        lambda: game().apply("3")[1],
        "Asiento 0 es el terrateniente (base 3) y recibe el pozo: 9, 9 y comodín pequeño.",
    ),
    ("event.play", lambda: game("3").apply("33")[0], "Asiento 0 juega pareja de 3."),
    (
        "event.play",
        lambda: game("3").apply("334455")[0],
        "Asiento 0 juega escalera de parejas del 3 al 5 (3 valores).",
    ),
    ("event.double", lambda: game("3").apply("2222")[1], "¡Bomba 2222! El multiplicador se duplica: 2."),
    ("event.double", lambda: game("3").apply("BR")[1], "¡Cohete! El multiplicador se duplica: 2."),
    ("event.pass", lambda: game("3", "3").apply("p")[0], "Asiento 1 pasa."),
    (
        "event.trick",
        lambda: game("3", "3", "p").apply("p")[1],
        "Dos pases seguidos: se cierra la baza y sale el asiento 0.",
    ),
    (
        "event.over",
        lambda: spring()[-1],
        "Gana el terrateniente (el asiento 0 se queda sin cartas). Base (puja del terrateniente): 3. "
        "×2 por bomba 2222 (asiento 0). ×2 por cohete (asiento 0). "
        "×2 por primavera: ningún campesino jugó una carta. Multiplicador: 8. S = 3 × 8 = 24. "
        "Puntos: asiento 0: +48, asiento 1: −24, asiento 2: −24.",
    ),
    (
        "event.over",
        lambda: antispring()[-1],
        "Ganan los campesinos (el asiento 1 se queda sin cartas). Base (puja del terrateniente): 3. "
        "×2 por antiprimavera: el terrateniente solo jugó su salida. Multiplicador: 2. S = 3 × 2 = 6. "
        "Puntos: asiento 0: −12, asiento 1: +6, asiento 2: +6.",
    ),
    # record
    (
        "record.bad_json",
        lambda: error(replay, "1" * 5000),  # Python's own words after the colon, cut at 80 characters
        "el registro no es JSON válido: Exceeds the limit (4300 digits) for integer string conversion: "
        "value has 5000 di",
    ),
    (
        "record.json_error",
        lambda: error(replay, "{"),
        "el registro no es JSON válido: Expecting property name enclosed in double quotes (línea 1)",
    ),
    (
        "record.too_deep",
        lambda: error(replay, "[" * 60_000),  # deep, but within the size cap
        "el registro no es JSON válido: anida demasiados niveles",
    ),
    (
        "record.too_large",
        lambda: error(replay, " " * 70_000),
        "el registro ocupa más de 65536 bytes: ninguna mano necesita tanto",
    ),
    (
        "record.too_many_actions",
        lambda: error(replay, _record(code="003N-QK8N1", actions=["p"] * 4000)),
        "el registro tiene 4000 acciones; como mucho se admiten 3165",
    ),
    (
        "record.too_many_redeals",
        lambda: error(replay, _record(code="003N-QK8N1", variant="unlimited_redeals", actions=["p"] * 3003)),
        "el registro pide más de 1000 repartos repetidos: no se reproduce",
    ),
    (
        "record.bad_field",
        lambda: error(replay, _record(deal={"hands": [], "kitty": "99B", "first_bidder": 1.0}, actions=[])),
        "el campo «deal.first_bidder» del registro tiene que ser un número entero",
    ),
    (
        "play.inconsistent",
        lambda: error(Play, "pair", Cards("34"), Cards("34"), Cards(""), 1, 1),
        "«3 4» no se lee como pareja con cuerpo «3 4»: una jugada solo se construye con la lectura de sus cartas",
    ),
    (
        "cli.too_large",
        lambda: cli("replay", _big_file(65537)),
        f"error: «{BIG}» ocupa más de 65536 bytes: un registro nunca es tan grande",
    ),
    ("record.not_object", lambda: error(replay, "[]"), "el registro tiene que ser un objeto JSON"),
    (
        "record.unknown_format",
        lambda: error(replay, {"format": "x"}),
        "formato de registro desconocido: se espera ddz-record versión 1",
    ),
    (
        "record.bad_variant",
        lambda: error(replay, _record(variant=3)),
        "la variante del registro tiene que ser un texto, como «standard»",
    ),
    (
        "record.no_actions",
        lambda: error(replay, _record()),
        "el registro no tiene la lista de acciones «actions»",
    ),
    (
        "record.no_deal",
        lambda: error(replay, _record(actions=[])),
        "el registro no tiene ni código ni reparto",
    ),
    (
        "record.bad_deal",
        lambda: error(replay, _record(code="ZZZZ", actions=[])),
        "el reparto del registro no es válido: código no válido: «ZZZZ» tiene 4 símbolos y un código tiene 9",
    ),
    (
        "record.bad_action",
        lambda: error(replay, _record(code="003N-QK8N1", actions=["p", "9"])),
        "acción 1 («9») no válida: en la subasta se puja 1, 2 o 3, o se pasa («p»), no «9»",
    ),
    (
        "record.result_mismatch",
        lambda: error(replay, _record(code="003N-QK8N1", actions=[], result={})),
        "el resultado guardado no coincide con el de la partida reproducida",
    ),
    # deal_code
    ("deal_code.seed_range", lambda: error(encode, -1), "semilla fuera de rango: -1"),
    ("deal_code.not_text", lambda: error(decode, 5), "código no válido: se esperaba texto, no int"),
    (
        "deal_code.length",
        lambda: error(decode, "ZZZZ"),
        "código no válido: «ZZZZ» tiene 4 símbolos y un código tiene 9",
    ),
    (
        "deal_code.symbol",
        lambda: error(decode, "003N-QK8NU"),
        "código no válido: el símbolo «U» (posición 9) no se usa en los códigos",
    ),
    (
        "deal_code.check",
        lambda: error(decode, "003N-QK8N2"),
        "código no válido: «003N-QK8N2» no pasa la comprobación; revisa si hay una errata",
    ),
    (
        "deal_code.redeal_range",
        lambda: error(deal, "003N-QK8N1", 4),
        "reparto fuera de rango: 4 (0 es el primero; 1, 2 o 3 los repetidos)",
    ),
    # variant
    (
        "variant.not_text",
        lambda: error(Variant.parse, 3),
        "la variante se da como texto (por ejemplo «standard»), no como int",
    ),
    (
        "variant.unknown",
        lambda: error(Variant.parse, "nope"),
        "variante desconocida «nope»; se conocen: standard, four_two_distinct_singles, jokers_as_kickers, "
        "trio_as_kickers, unlimited_redeals",
    ),
    # cli
    (
        "cli.classified",
        lambda: cli("classify", "KKK3"),
        "KKK 3: trío con carta suelta de K (cuerpo K K K, acompañante 3)",
    ),
    (
        "cli.not_a_play",
        lambda: cli("classify", "3479"),
        "3479: no es una jugada — estas cartas no forman ninguna de las 14 jugadas [R-KIND-0]",
    ),
    (
        "cli.error",
        lambda: cli("classify", "3x"),
        f"error: símbolo desconocido «x» en la posición 2; {SYMBOLS}",
    ),
    (
        "cli.unreadable",
        lambda: cli("beats", "4", "3x"),
        f"error: la jugada de la mesa «3x» no se puede leer: símbolo desconocido «x» en la posición 2; {SYMBOLS}",
    ),
    (
        "cli.beats",
        lambda: cli("beats", "KKK3", "QQQR"),
        "KKK3 supera a QQQR: K es más alto que Q (los acompañantes no cuentan) [R-CMP-2]",
    ),
    (
        "cli.beats",
        lambda: cli("beats", "55", "4"),
        "55 no supera a 4: hay que responder con el mismo tipo: en la mesa hay carta suelta y tú juegas "
        "pareja [R-CMP-1]",
    ),
    (
        "cli.bad_table",
        lambda: cli("legal", "3", "--table", "3479"),
        "error: la jugada de la mesa «3479» no es válida: estas cartas no forman ninguna de las 14 jugadas",
    ),
    (
        "cli.legal_head",
        lambda: cli("legal", "77778", "--table", "666"),
        "2 jugadas que superan a 666 con 77778:\n  trío (1): 777\n  bomba (1): 7777",
    ),
    (
        "cli.legal_group",
        lambda: cli("legal", "BR"),
        "3 jugadas de salida con BR:\n  carta suelta (2): B · R\n  cohete (1): BR",
    ),
    (
        "cli.deal_seat",
        lambda: cli("deal", "003N-QK8N1"),
        "Asiento 0: 45566779TJQQKAA2R\nAsiento 1: 3444888899TTTKA2B\nAsiento 2: 3335679JJJQQKKA22\n"
        "Pozo: 567\nPuja primero: asiento 2",
    ),
    (
        "cli.cannot_read",
        lambda: cli("replay", "/nonexistent/r.json"),
        "error: no se puede leer «/nonexistent/r.json»: no existe",
    ),
    ("cli.cannot_read", lambda: cli("replay", "/"), "error: no se puede leer «/»: es una carpeta"),
    (
        "cli.cannot_read",
        lambda: cli("replay", "/dev/null"),
        "error: no se puede leer «/dev/null»: no es un archivo normal (una tubería o un dispositivo)",
    ),
    (
        "cli.argparse",
        lambda: cli("frob").splitlines()[-1],
        "error: argumento command: opción no válida: 'frob' (elige entre 'classify', 'beats', 'legal', "
        "'deal', 'replay', 'endgame')",
    ),
    (
        "cli.argparse",
        lambda: cli("classify").splitlines()[-1],
        "error: faltan estos argumentos: cards",
    ),
    (
        "cli.argparse",
        lambda: cli("classify", "3", "--foo").splitlines()[-1],
        "error: argumentos no reconocidos: --foo",
    ),
    (
        "cli.argparse",
        lambda: cli("--variant").splitlines()[-1],
        "error: argumento --variant: falta el valor",
    ),
    (
        "cli.argparse",
        lambda: cli("deal", "003N-QK8N1", "--redeal", "x").splitlines()[-1],
        "error: argumento --redeal: no es un número entero: 'x'",
    ),
    # endgame: the exact solver's errors and the ddz endgame command
    (
        "endgame.empty_hand",
        lambda: error(Position.two, "", "3"),
        "la primera mano está vacía: el final ya ha terminado",
    ),
    (
        "endgame.empty_hand",
        lambda: error(Position.three, "3", "4", ""),
        "la mano del campesino 2 está vacía: el final ya ha terminado",
    ),
    (
        "endgame.bad_hand",
        lambda: error(Position.two, "3X", "3"),
        f"la mano «3X» no se puede leer: símbolo desconocido «X» en la posición 2; {SYMBOLS}",
    ),
    (
        "endgame.too_many_copies",
        lambda: error(Position.two, "3333", "3"),
        "hay 5 cartas de valor 3 entre las manos y la mesa, y la baraja solo tiene 4",
    ),
    (
        "endgame.too_many_copies",
        lambda: error(Position.two, "B", "4", table="B"),
        "hay 2 cartas de valor comodín pequeño entre las manos y la mesa, y la baraja solo tiene 1",
    ),
    (
        "endgame.bad_table",
        lambda: error(Position.two, "3", "4", table="34"),
        "la jugada de la mesa «34» no es válida: estas cartas no forman ninguna de las 14 jugadas",
    ),
    (
        "endgame.bad_seat",
        lambda: error(Position.three, "3", "4", "5", turn="dealer"),
        "asiento desconocido «dealer»: se usa landlord (el terrateniente), farmer1 (el campesino que juega "
        "después) o farmer2 (el otro campesino)",
    ),
    (
        "endgame.table_without_seat",
        lambda: error(Position.three, "3", "4", "5", table="6"),
        "hay una jugada en la mesa, pero falta quién la hizo",
    ),
    (
        "endgame.seat_without_table",
        lambda: error(Position.three, "3", "4", "5", table_seat=1),
        "se dice quién hizo la jugada de la mesa, pero no hay ninguna jugada en la mesa",
    ),
    (
        "endgame.own_table",
        lambda: error(Position.three, "3", "4", "5", table="6", table_seat=0),
        "la jugada de la mesa es de quien tiene el turno: cuando los demás pasan, quien jugó el último abre "
        "la baza sin nada que superar",
    ),
    (
        "endgame.must_lead",
        lambda: error(Position.two("3", "4").play, "p"),
        "quien abre la baza no puede pasar",
    ),
    (
        "endgame.bad_move",
        lambda: error(Position.two("3", "4").play, "3X"),
        f"la jugada «3X» no se puede leer: símbolo desconocido «X» en la posición 2; {SYMBOLS}",
    ),
    (
        "endgame.illegal_move",
        lambda: error(Position.two("3", "4", table="5").play, "3"),
        "3 no es una jugada legal aquí: no sale de la mano o no supera a la mesa",
    ),
    (
        "endgame.over",
        lambda: error(Position.two("3", "4").play("3").play, "4"),
        "el final ya ha terminado: no se puede jugar 4",
    ),
    (
        "endgame.too_hard",
        lambda: error(solve, Position.two("3456789TJQKA2", "3456789TJQKA"), max_nodes=5),
        "este final es demasiado grande para resolverlo aquí (más de 5 posiciones): prueba con menos cartas",
    ),
    (
        "cli.endgame_form",
        lambda: cli("endgame", "3"),
        "error: un final de dos manos necesita dos manos, FIRST y SECOND",
    ),
    (
        "cli.endgame_form",
        lambda: cli("endgame", "3", "4", "--landlord", "5"),
        "error: se da un final de dos manos (FIRST SECOND) o uno de tres (--landlord, --farmer1, --farmer2), "
        "no los dos",
    ),
    (
        "cli.endgame_form",
        lambda: cli("endgame", "--landlord", "5", "--farmer1", "6"),
        "error: un final de tres manos necesita --landlord, --farmer1 y --farmer2",
    ),
    (
        "cli.endgame_form",
        lambda: cli("endgame", "3", "4", "--table-seat", "farmer1"),
        "error: --turn y --table-seat solo sirven en un final de tres manos",
    ),
    (
        "cli.endgame_winner",
        lambda: cli("endgame", "44446", "7", "--table", "3333"),
        "Gana la primera mano con las cartas a la vista y juego perfecto.\n"
        "Jugada ganadora: 4 4 4 4\n"
        "Línea principal:\n"
        "  primera mano: 4 4 4 4\n"
        "  segunda mano: pasa\n"
        "  primera mano: 6 (se queda sin cartas)",
    ),
    (
        "cli.endgame_refutation",
        lambda: cli("endgame", "44446", "7", "--table", "3333", "--refutations").split("\n", 6)[-1],
        "Refutaciones:\n  pasa pierde: pasa · 7",
    ),
    (
        "cli.endgame_moves",
        lambda: cli("endgame", "AAA222", "3", "--table", "KKKQQQ"),
        "Gana la segunda mano con las cartas a la vista y juego perfecto.\n"
        "Ninguna jugada de la primera mano gana: todas pierden ante la mejor defensa.\n"
        "Línea principal:\n"
        "  primera mano: pasa\n"
        "  segunda mano: 3 (se queda sin cartas)",
    ),
    (
        "cli.endgame_moves",
        lambda: cli("endgame", "--landlord", "KKKQ", "--farmer1", "3", "--farmer2", "4").splitlines()[1],
        "Jugadas ganadoras (5): Q · K · K K · K K K · K K K + Q",
    ),
    (
        "cli.endgame_step",
        lambda: cli(
            "endgame",
            "--landlord",
            "9Q",
            "--farmer1",
            "3",
            "--farmer2",
            "T",
            "--turn",
            "farmer1",
            "--table",
            "9",
            "--table-seat",
            "landlord",
        ),
        "Ganan los campesinos con las cartas a la vista y juego perfecto.\n"
        "Jugada ganadora: pasa\n"
        "Línea principal:\n"
        "  campesino 1: pasa\n"
        "  campesino 2: 10 (se queda sin cartas)",
    ),
    # cpu: the reasons the CPU gives, to the player (tú) and about a seat
    ("cpu.go_out", lambda: cpu("go_out", {}), "con esto te quedas sin cartas"),
    (
        "cpu.sure_win",
        lambda: cpu("sure_win", {"order": ["TTJJQQ", "22", "AA"], "last_open": True}),
        "ganas seguro si juegas en este orden: 10 10 J J Q Q · 2 2 · A A; nadie puede superar ninguna de "
        "esas jugadas antes de la última",
    ),
    (
        "cpu.sure_win",
        lambda: cpu("sure_win", {"order": ["R", "2"], "last_open": False}, "Este"),
        "gana seguro si juega en este orden: comodín grande · 2; nadie puede superar ninguna de ellas",
    ),
    (
        "cpu.fewest_plays",
        lambda: cpu("fewest_plays", {"plays": 2, "plan": ["KKK 3", "TT"]}),
        "te deja en 2 jugadas (K K K + 3 · 10 10)",
    ),
    ("cpu.fewest_plays", lambda: cpu("fewest_plays", {"plays": 1}, "Oeste"), "le deja en 1 jugada"),
    (
        "cpu.long_chain",
        lambda: cpu("long_chain", {"cards": "789TJ", "n": 5}, "Este"),
        "sale con una cadena larga (7 8 9 10 J): descarga 5 cartas de una vez",
    ),
    (
        "cpu.keep_control",
        lambda: cpu("keep_control", {"twos": 2, "jokers": ["grande"], "rocket": False, "bombs": []}),
        "y guardas dos doses y el comodín grande para recuperar la salida",
    ),
    (
        "cpu.keep_control",
        lambda: cpu("keep_control", {"twos": 1, "rocket": True, "bombs": ["7"]}, "Este"),
        "y guarda un 2, el cohete y una bomba de 7 para recuperar la salida",
    ),
    (
        "cpu.bomb_spent",
        lambda: cpu("keep_control", {"twos": 1, "bombs_spent": [{"rank": "J", "plays": ["JJJJ 78"]}]}),
        "y guardas un 2 para recuperar la salida; ojo: ese plan juega los cuatro J en J J J J + 7 8, "
        "así que ya no son bomba",
    ),
    (
        "cpu.bomb_spent",
        lambda: cpu("keep_control", {"bombs_spent": [{"rank": "9", "plays": ["56789TJ", "999 3"]}]}, "Este"),
        "ojo: ese plan reparte los cuatro 9 entre 5 6 7 8 9 10 J y 9 9 9 + 3, así que ya no son bomba",
    ),
    (
        "cpu.control_back",
        lambda: cpu("control_back", {"kind": "trio", "rank": "2", "sure": True}),
        "el trío de 2 recupera la salida: nadie puede superar esa jugada",
    ),
    (
        "cpu.control_back",
        lambda: cpu(
            "control_back",
            {"kind": "pair", "rank": "2", "sure": False, "higher": [], "bomb": True, "rocket": True},
        ),
        "la pareja de 2 no recupera la salida con seguridad: aún pueden superar esa jugada una bomba y el cohete",
    ),
    (
        "cpu.control_back",
        lambda: cpu("control_back", {"kind": "rocket", "rank": "R", "sure": True}),
        "el cohete recupera la salida: nadie puede superar esa jugada",
    ),
    (
        "cpu.bomb_now",
        lambda: cpu("bomb_now", {"rocket": False, "why": "danger", "who": "Este", "cards_left": 3}),
        "la bomba decide la mano ahora: a Este le quedan 3 cartas",
    ),
    (
        "cpu.bomb_now",
        lambda: cpu("bomb_now", {"rocket": True, "why": "danger", "who": "Este", "cards_left": 1}),
        "el cohete decide la mano ahora: a Este le queda 1 carta",
    ),
    (
        "cpu.bomb_now",
        lambda: cpu("bomb_now", {"rocket": True, "why": "few_plays"}),
        "el cohete decide la mano ahora: te quedan pocas jugadas",
    ),
    (
        "cpu.feed_partner",
        lambda: cpu("feed_partner", {"cards_left": 2, "kind": "pair"}),
        "sales con tu pareja más baja, la más fácil de superar para tu compañero, al que solo le quedan 2 cartas",
    ),
    (
        "cpu.high_single",
        lambda: cpu("high_single", {"who": "Oeste"}),
        "a Oeste le queda una carta: si hay que sacar una suelta, la más alta, nunca una baja que le deje salir",
    ),
    (
        "cpu.partner_leads",
        lambda: cpu("partner_leads", {}, "Este"),
        "su compañero lleva la baza: no hay que superarlo",
    ),
    (
        "cpu.forced_pass",
        lambda: cpu("forced_pass", {"table": "KKK 3"}),
        "no tienes nada que supere a K K K + 3",
    ),
    (
        "cpu.save_strength",
        lambda: cpu(
            "save_strength", {"table": "AA", "best": "22", "cost": "control", "control": {"twos": 2}}
        ),
        "superar a A A con 2 2 te haría gastar dos doses",
    ),
    (
        "cpu.cost_control",
        lambda: cpu("save_strength", {"table": "A", "best": "2", "cost": "control", "control": {}}),
        "superar a A con 2 te haría gastar una carta alta",
    ),
    (
        "cpu.cost_bomb",
        lambda: cpu(
            "save_strength", {"table": "TTJJQQ", "cost": "bomb", "only": True, "what": "rocket"}, "Este"
        ),
        "solo puede superar 10 10 J J Q Q con el cohete",
    ),
    (
        "cpu.cost_bomb",
        lambda: cpu("save_strength", {"table": "AA", "cost": "bomb", "only": True, "what": "both"}),
        "solo puedes superar A A con una bomba o el cohete",
    ),
    (
        "cpu.cost_bomb",
        lambda: cpu("save_strength", {"table": "A", "best": "7777", "cost": "bomb", "what": "bomb"}, "Este"),
        "superar a A con 7 7 7 7 le haría gastar una bomba",
    ),
    (
        "cpu.cost_break_bomb",
        lambda: cpu("save_strength", {"table": "66", "best": "77", "cost": "break_bomb", "rank": "7"}),
        "superar a 6 6 con 7 7 rompería tu bomba de 7",
    ),
    (
        "cpu.cost_split_rocket",
        lambda: cpu("save_strength", {"table": "2", "best": "R", "cost": "split_rocket"}, "Este"),
        "superar a 2 con el comodín grande separaría el cohete",
    ),
    (
        "cpu.cost_plays",
        lambda: cpu("save_strength", {"table": "AA", "best": "22", "cost": "plays", "after": 3, "now": 3}),
        "superar a A A con 2 2 no te acerca a salir: te seguirían quedando 3 jugadas",
    ),
    (
        "cpu.cost_plays",
        lambda: cpu(
            "save_strength", {"table": "AA", "best": "22", "cost": "plays", "after": 1, "now": 1}, "Este"
        ),
        "superar a A A con 2 2 no le acerca a salir: le seguiría quedando 1 jugada",
    ),
    (
        "cpu.cost_plays",
        lambda: cpu(
            "save_strength", {"table": "AA", "best": "22", "cost": "plays", "after": 4, "now": 3}, "Este"
        ),
        "superar a A A con 2 2 le dejaría 4 jugadas, más que las 3 de ahora",
    ),
    (
        "cpu.bid",
        lambda: cpu(
            "bid", {"plays": 5, "control": {"twos": 0, "jokers": [], "bombs": []}, "bid": 1, "highest": 0}
        ),
        "tu mano sale en 5 jugadas y no tienes doses, comodines ni bombas para recuperar la salida: puja 1",
    ),
    (
        "cpu.bid",
        lambda: cpu(
            "bid", {"plays": 4, "control": {"twos": 1}, "bid": 0, "would_open": True, "highest": 1}, "Este"
        ),
        "su mano sale en 4 jugadas y tiene un 2 para recuperar la salida: no vale la pena pujar 2 o más",
    ),
    (
        "cpu.bid",
        lambda: cpu(
            "bid",
            {
                "plays": 3,
                "control": {"twos": 1, "bombs": [], "bombs_spent": [{"rank": "7", "plays": ["7777 35"]}]},
                "bid": 2,
                "highest": 1,
            },
        ),
        "tu mano sale en 3 jugadas y tienes un 2 para recuperar la salida (ojo: ese plan juega los cuatro 7 "
        "en 7 7 7 7 + 3 5, así que ya no son bomba): puja 2",
    ),
    (
        "cpu.bid",
        lambda: cpu("bid", {"plays": 1, "control": {}, "bid": 0}),
        "tu mano sale en 1 jugada y no tienes doses, comodines ni bombas para recuperar la salida: mejor pasar",
    ),
    (
        "cpu.cover_partner",
        lambda: cpu("cover_partner", {"table": "5", "who": "Este", "cards_left": 3}),
        "a Este le quedan 3 cartas y juega ahora: superas el 5 de tu compañero para que no se lo lleve él",
    ),
    (
        "cpu.attach_kicker",
        lambda: cpu("attach_kicker", {"cards": "KKK 3", "kicker": "3", "pair": False}, "Oeste"),
        "sale con K K K + 3: el 3 va de acompañante del trío en vez de salir solo",
    ),
    (
        "cpu.attach_kicker",
        lambda: cpu("attach_kicker", {"cards": "KKK 99", "kicker": "99", "pair": True}, "Oeste"),
        "sale con K K K + 9 9: los 9 9 van de acompañantes del trío en vez de salir solos",
    ),
    (
        "cpu.take_lead",
        lambda: cpu("take_lead", {"who": "Este", "table": "AA"}),
        "pasar le dejaría la salida a Este: superas a A A",
    ),
    (
        "cpu.take_lead",
        lambda: cpu("take_lead", {"who": "Este", "side": True, "table": "T"}, "Oeste"),
        "pasar dejaría la baza a los campesinos: supera a 10",
    ),
    (
        "cpu.playout",
        lambda: cpu("playout", {"action": "p", "wins": 5, "other": "KKK 3", "other_wins": 2, "samples": 8}),
        "estimación: en 8 repartos posibles de las cartas que no ves, jugados hasta el final, pasando ganas "
        "5 veces; con K K K + 3, solo 2 veces",
    ),
    (
        "cpu.playout",
        lambda: cpu(
            "playout", {"action": "AA", "wins": 1, "other": "p", "other_wins": 0, "samples": 4}, "Este"
        ),
        "estimación: en 4 repartos posibles de las cartas que no ve, jugados hasta el final, con A A gana "
        "1 vez; pasando, ninguna",
    ),
    (
        "cpu.splits",
        lambda: cpu(
            "splits",
            {"action": "JJJ", "wins": 35, "deals": 35, "exact": True, "other": "34567", "other_wins": 0},
        ),
        "a cartas vistas, con J J J ganas en los 35 repartos posibles de las cartas que no ves; con 3 4 5 6 7, "
        "en ninguno",
    ),
    (
        "cpu.splits",
        lambda: cpu(
            "splits",
            {"action": "p", "wins": 1, "deals": 1, "exact": True, "other": "2", "other_wins": 0},
            "Este",
        ),
        "a cartas vistas, pasando gana en el único reparto posible de las cartas que no ve; con 2, en ninguno",
    ),
    (
        "cpu.splits",
        lambda: cpu(
            "splits",
            {"action": "99", "wins": 30, "deals": 40, "exact": False, "other": "5", "other_wins": 27},
        ),
        "estimación: en 40 repartos al azar de las cartas que no ves, jugados a cartas vistas, con 9 9 ganas en 30; "
        "con 5, solo en 27",
    ),
    (
        "cpu.splits",
        lambda: cpu(
            "splits", {"action": "K", "wins": 120, "deals": 126, "exact": True, "other": "p", "other_wins": 7}
        ),
        "a cartas vistas, con K ganas en 120 de los 126 repartos posibles de las cartas que no ves; pasando, solo en 7",
    ),
    (
        "cpu.lowest_play",
        lambda: cpu("lowest_play", {"cards": "55", "table": "44"}),
        "5 5 es lo más bajo que supera a 4 4",
    ),
    ("cpu.lowest_play", lambda: cpu("lowest_play", {"cards": "3"}, "Este"), "sale con lo más bajo: 3"),
    # ---- lesson (tutorial.logic): the feedback of the exercises ----
    *[
        (code, make, sentence)
        for code, make, sentence in (
            (
                "lesson.hint_beats",
                lambda: _lesson_hint({"type": "beats", "play": "3", "table": "33"}),
                "fíjate en la regla «Para superar una jugada hay que igualar el tipo y el número de cartas: "
                "una escalera de cinco no supera a un trío con pareja, ni una de seis a una de cinco.»",
            ),
            (
                "lesson.hint_kind",
                lambda: _lesson_hint({"type": "is_kind", "cards": "3333", "kind": "bomb"}),
                "recuerda la regla «Bomba: cuatro cartas del mismo valor.»",
            ),
            (
                "lesson.hint_bomb",
                lambda: _lesson_hint({"type": "bomb_possible"}),
                "una bomba son las cuatro cartas de un valor. ¿Has visto ya alguna de ellas, en tu mano o en la mesa?",
            ),
            (
                "lesson.hint_count",
                lambda: _lesson_hint({"type": "count", "hand": "333444"}),
                "una forma de vaciarla en el mínimo de jugadas usa 3 3 3 4 4 4: forma esa jugada y agrupa el resto",
            ),
            (
                "lesson.hint_bid",
                lambda: _lesson_hint({"type": "bid", "hand": "333444"}),
                "esta mano sale en 1 jugada; cuenta también sus doses, comodines y bombas",
            ),
            (
                "lesson.hint_choice",
                lambda: _lesson_hint({"type": "choice"}),
                "vuelve a leer la idea de la etapa, arriba",
            ),
            (
                "lesson.hint_choose",
                lambda: _lesson_hint({"type": "choose"}),
                "lee otra vez lo que pide el ejercicio y fíjate en qué cartas conviene guardar",
            ),
            (
                "lesson.not_yet",
                lambda: _lesson("check_answer", _CHOICE, 0, False).message,
                "Todavía no. Pista: vuelve a leer la idea de la etapa, arriba",
            ),
            ("lesson.right", lambda: _lesson("check_answer", _CHOICE, 1).message, "¡Correcto! Por eso."),
            (
                "lesson.wrong_option",
                lambda: _lesson("check_answer", _CHOICE, 0).message,
                "No: la respuesta es «sí». Por eso.",
            ),
            ("lesson.answer_option", lambda: _lesson("solution", _CHOICE), "La respuesta es «sí». Por eso."),
            (
                "lesson.answer_yes_no",
                lambda: _lesson("check_answer", _BEATS, False).message,
                "¡Correcto! La respuesta es «no»: hay que responder con el mismo número de cartas: 5 en la mesa, 6 la tuya.",
            ),
            (
                "lesson.wrong_yes_no",
                lambda: _lesson("check_answer", _BEATS, True).message,
                "No. La respuesta es «no»: hay que responder con el mismo número de cartas: 5 en la mesa, 6 la tuya.",
            ),
            (
                "lesson.bomb_seen",
                lambda: _lesson("solution", {"type": "bomb_possible", "hand": "9", "seen": "", "rank": "9"}),
                "La respuesta es «no»: ya has visto alguna de las cuatro cartas de ese valor, así que nadie tiene las cuatro.",
            ),
            (
                "lesson.bomb_seen",
                lambda: _lesson("solution", {"type": "bomb_possible", "hand": "3", "seen": "", "rank": "9"}),
                "La respuesta es «sí»: no has visto ninguna de las cuatro: un rival podría tenerlas todas.",
            ),
            (
                "lesson.count_answer",
                lambda: _lesson("solution", {"type": "count", "hand": "333444"}),
                "Es 1 jugada. Una forma: 3 3 3 4 4 4.",
            ),
            (
                "lesson.one_way",
                lambda: _lesson("solution", {"type": "count", "hand": "KKK3TT"}),
                "Son 2 jugadas. Una forma: K K K + 3 · 10 10.",
            ),
            (
                "lesson.count_wrong",
                lambda: _lesson("check_answer", {"type": "count", "hand": "KKK3TT"}, 3).message,
                "No: son 2 jugadas. Una forma: K K K + 3 · 10 10.",
            ),
            (
                "lesson.bid_answer",
                lambda: _lesson("solution", {"type": "bid", "hand": "3456789TJQ22BRKKA"}),
                "Con esta mano lo razonable es pujar 3: sale en 4 tiradas (valoración +9,5).",
            ),
            (
                "lesson.bid_right",
                lambda: _lesson("check_answer", {"type": "bid", "hand": "3358TTJQQKA457899"}, 0).message,
                "¡Bien tasada! Con esta mano lo razonable es pasar: sale en 8 tiradas (valoración −1,0).",
            ),
            (
                "lesson.bid_wrong",
                lambda: _lesson("check_answer", {"type": "bid", "hand": "3358TTJQQKA457899"}, 2).message,
                "No es lo que aconseja el motor. Con esta mano lo razonable es pasar: sale en 8 tiradas (valoración −1,0).",
            ),
            (
                "lesson.good_answer",
                lambda: _lesson("solution", {"type": "choose", "hand": "KKK3", "kind": "trio_single"}),
                "Una respuesta buena: K K K + 3, trío con carta suelta de K (cuerpo K K K, acompañante 3).",
            ),
            (
                "lesson.pick_some",
                lambda: _pick({"type": "choose", "hand": "3"}, ""),
                "Elige alguna carta de tu mano.",
            ),
            (
                "lesson.not_a_play",
                lambda: _pick({"type": "choose", "hand": "34"}, "34"),
                "Eso no es una jugada: estas cartas no forman ninguna de las 14 jugadas.",
            ),
            (
                "lesson.wrong_kind",
                lambda: _pick({"type": "choose", "hand": "333", "kind": "pair_straight"}, "333"),
                "Eso es un trío, no una escalera de parejas.",
            ),
            (
                "lesson.does_not_beat",
                lambda: _pick({"type": "choose", "hand": "3334", "table": "7774"}, "3334"),
                "No supera a 7 7 7 + 4: 3 no es más alto que 7; los acompañantes no aportan fuerza.",
            ),
            (
                "lesson.keep_high",
                lambda: _pick({"type": "choose", "hand": "2R", "avoid": "2R"}, "2"),
                "Guarda el 2: es una carta alta, de las que sirven para recuperar la salida.",
            ),
            (
                "lesson.the_card",
                lambda: _pick({"type": "choose", "hand": "BR", "avoid": "BR"}, "BR"),
                "Guarda el comodín pequeño y el comodín grande: son cartas altas, de las que sirven para recuperar la salida.",
            ),
            (
                "lesson.no_lead_with",
                lambda: _pick({"type": "choose", "hand": "BR3", "avoid_kinds": ["rocket"]}, "BR"),
                "No abras con el cohete: su valor está en recuperar la salida cuando importe.",
            ),
            (
                "lesson.breaks_four",
                lambda: _pick({"type": "choose", "hand": "77773", "avoid_break": "7"}, "777"),
                "Así rompes tu póker de 7: cuatro cartas iguales valen más juntas.",
            ),
            (
                "lesson.too_many_left",
                lambda: _pick({"type": "choose", "hand": "3579", "max_plays_after": 1}, "3"),
                "Te deja en 3 jugadas; hay una salida que te deja en 1 jugada.",
            ),
            (
                "lesson.well_played",
                lambda: _pick({"type": "choose", "hand": "KKK35"}, "KKK3"),
                "¡Bien! Juegas trío con carta suelta de K (cuerpo K K K, acompañante 3); te queda 1 jugada.",
            ),
        )
    ],
    (
        "cpu.also",
        lambda: cpu("forced_pass", {"table": "2"}, "tú", Reason("keep_control", {"twos": 1})),
        "no tienes nada que supere a 2; y guardas un 2 para recuperar la salida",
    ),
]

_WHY = nested("cpu.fewest_plays", you=True, plays=2, plan=["KKK 3", "55"], has_plan=True)
_OUT = nested("cpu.go_out", you=True)
_LORD = nested(
    "review.winner_hand",
    landlord=True,
    who="Este",
    plays=4,
    control=[nested("cpu.control_rocket")],
    has_control=True,
    spent=[],
    has_spent=False,
)
_WEST = nested(
    "review.winner_hand",
    landlord=False,
    who="Oeste",
    plays=1,
    control=[],
    has_control=False,
    spent=[],
    has_spent=False,
)
# The teacher's claims: each sentence read against its template and the rules.
TEACHER_CASES: list[tuple[str, Callable[[], object], str]] = [
    (
        "coach.bid",
        lambda: render("coach.bid", dict(why=_OUT, bid=2)),
        "Primero, la subasta: quien más puja será el terrateniente y jugará solo contra los otros dos. Cuenta tus jugadas, no tus cartas altas: con esto te quedas sin cartas. Pulsa «Pujar 2».",
    ),
    (
        "coach.over",
        lambda: render("coach.over", {}),
        "¡Mano terminada! Ya conoces lo básico. Abajo puedes revisar cada una de tus decisiones.",
    ),
    (
        "coach.pass",
        lambda: render("coach.pass", dict(why=_OUT)),
        "Pulsa «Pasar»: con esto te quedas sin cartas.",
    ),
    (
        "coach.raise",
        lambda: render(
            "coach.raise", dict(leading=True, cards="KKK 3", kind="trio_single", how=False, why=_WHY)
        ),
        "Abres la baza: puedes jugar la combinación que quieras. Levanta K K K + 3, trío con carta suelta. Por qué: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "coach.raise",
        lambda: render("coach.raise", dict(leading=False, cards="BR", kind="rocket", how=True, why=_WHY)),
        "Levanta el cohete. Toca cada carta para levantarla (o desliza el dedo por encima de varias; un doble toque levanta todas las de un valor). Si te equivocas, vuelve a tocarla para bajarla. Por qué: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "coach.raised",
        lambda: render("coach.raised", dict(why=_WHY)),
        "¡Eso es! La barra lo confirma: ahora pulsa «Jugar». Por qué esta jugada: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "cpu.control_back",
        lambda: render(
            "cpu.control_back",
            dict(
                sure=False,
                what=nested("cpu.what_play", kind="single", rank="2"),
                beaters=[nested("cpu.beater_rank", rank="R")],
                n=1,
            ),
        ),
        "el 2 no recupera la salida con seguridad: aún puede superar esa jugada el comodín grande",
    ),
    ("hint.bid", lambda: render("hint.bid", dict(why=_OUT)), "Pista: con esto te quedas sin cartas."),
    (
        "hint.pass",
        lambda: render("hint.pass", dict(why=_OUT)),
        "Pista: pasa — con esto te quedas sin cartas.",
    ),
    (
        "hint.play",
        lambda: render("hint.play", dict(cards="TT", why=_WHY)),
        "Pista: juega 10 10 — te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "hint.option",
        lambda: render(
            "hint.option",
            dict(
                n=2, total=7, cards="TT", left=3, passes=False, evaluated=False, wins=0, deals=0, exact=False
            ),
        ),
        "Pista 2 de 7: juega 10 10 — te quedan 3 jugadas.",
    ),
    (
        "hint.option",
        lambda: render(
            "hint.option",
            dict(
                n=3,
                total=3,
                cards="KKK 3",
                left=1,
                passes=False,
                evaluated=False,
                wins=0,
                deals=0,
                exact=False,
            ),
        ),
        "Pista 3 de 3: juega K K K + 3 — te queda 1 jugada.",
    ),
    (
        "hint.option",
        lambda: render(
            "hint.option",
            dict(
                n=2, total=2, cards="KK", left=0, passes=False, evaluated=False, wins=0, deals=0, exact=False
            ),
        ),
        "Pista 2 de 2: juega K K — te quedas sin cartas.",
    ),
    (
        "hint.option",
        lambda: render(
            "hint.option",
            n=4,
            total=6,
            cards="",
            left=2,
            passes=True,
            evaluated=True,
            wins=12,
            deals=45,
            exact=True,
        ),
        "Pista 4 de 6: pasa — te siguen quedando 2 jugadas; a cartas vistas, ganas en 12 de los 45 repartos "
        "posibles de las cartas que no ves.",
    ),
    (
        "hint.option",
        lambda: render(
            "hint.option",
            n=2,
            total=3,
            cards="",
            left=1,
            passes=True,
            evaluated=True,
            wins=0,
            deals=1,
            exact=True,
        ),
        "Pista 2 de 3: pasa — te sigue quedando 1 jugada; a cartas vistas, en el único reparto posible de las "
        "cartas que no ves pierdes.",
    ),
    (
        "hint.option",
        lambda: render(
            "hint.option",
            n=2,
            total=9,
            cards="R",
            left=3,
            passes=False,
            evaluated=True,
            wins=31,
            deals=40,
            exact=False,
        ),
        "Pista 2 de 9: juega el comodín grande — te quedan 3 jugadas; estimación: en 40 repartos al azar de las "
        "cartas que no ves, jugados a cartas vistas, ganas en 31.",
    ),
    ("history.bid", lambda: render("history.bid", dict(bid=0, you=True, who="Tú")), "Tú pasas."),
    ("history.bid", lambda: render("history.bid", dict(bid=2, you=False, who="Oeste")), "Oeste puja 2."),
    ("history.double", lambda: render("history.double", dict(value=4)), "El multiplicador se duplica: ×4."),
    (
        "history.forced",
        lambda: render("history.forced", dict(you=False, who="Este")),
        "Cuarto reparto y tampoco puja nadie: como Este abrió la subasta, es terrateniente a la fuerza con base 1.",
    ),
    (
        "history.landlord",
        lambda: render("history.landlord", dict(you=True, who="Tú", base=3, kitty="TTJ")),
        "Eres el terrateniente (base 3) y recibes el pozo: 10 10 J.",
    ),
    (
        "history.over",
        lambda: render("history.over", dict(you=False, who="Oeste", landlord=False)),
        "Oeste se queda sin cartas: ganan los campesinos.",
    ),
    (
        "history.pass",
        lambda: render("history.pass", dict(you=True, who="Tú", forced=True)),
        "Tú pasas: no tenías nada que superara la jugada de la mesa.",
    ),
    (
        "history.play",
        lambda: render(
            "history.play", dict(you=False, who="Este", cards="BR", what=nested("play.describe_rocket"))
        ),
        "Este juega el cohete: cohete (los dos comodines).",
    ),
    (
        "history.redeal",
        lambda: render("history.redeal", dict(deal=2)),
        "Nadie ha pujado: se baraja y se reparte de nuevo (reparto 2 de 4).",
    ),
    (
        "history.trick",
        lambda: render("history.trick", dict(you=True, who="Tú")),
        "Dos pases seguidos: baza nueva, abres tú.",
    ),
    (
        "review.as_good",
        lambda: render("review.as_good", dict(action="TT", cpu_action="p", why=_WHY, left=3, fewer=1)),
        "Bien: jugaste 10 10; te quedan 3 jugadas, una menos que con la jugada de la CPU. La CPU habría pasado: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.as_good",
        lambda: render("review.as_good", dict(action="TT", cpu_action="p", why=_WHY, left=1, fewer=0)),
        "Bien: jugaste 10 10; te queda 1 jugada, igual que con la jugada de la CPU. La CPU habría pasado: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.lost_won",
        lambda: render(
            "review.lost_won",
            dict(
                action="34567",
                cpu_action="34567",
                first=nested("review.a_move", move="JJJ"),
                others=[nested("review.a_move", move="JJJ 3")],
                others_n=1,
                hint_too=True,
            ),
        ),
        "Error: con las cartas a la vista ganabas con J J J (también con J J J + 3); jugaste 3 4 5 6 7 y eso pierde "
        "contra la mejor defensa. La pista también fallaba aquí: 3 4 5 6 7 también pierde.",
    ),
    (
        "review.lost_won",
        lambda: render(
            "review.lost_won",
            dict(
                action="p",
                cpu_action="2",
                first=nested("review.a_move", move="2"),
                others=[],
                others_n=0,
                hint_too=False,
            ),
        ),
        "Error: con las cartas a la vista ganabas con 2; pasaste y eso pierde contra la mejor defensa. "
        "La pista proponía 2.",
    ),
    (
        "review.fewer_deals",
        lambda: render(
            "review.fewer_deals",
            dict(verdict="error", action="8", cpu_action="K", wins=0, cpu_wins=12, deals=20, exact=True),
        ),
        "Error: jugaste 8; a cartas vistas, de los 20 repartos posibles de las cartas que no veías, K gana en 12 "
        "y lo que hiciste, en ninguno.",
    ),
    (
        "review.fewer_deals",
        lambda: render(
            "review.fewer_deals",
            dict(
                verdict="imprecisión", action="p", cpu_action="AA", wins=9, cpu_wins=31, deals=40, exact=False
            ),
        ),
        "Imprecisión: pasaste; estimación: en 40 repartos al azar de las cartas que no veías, jugados a cartas "
        "vistas, A A gana en 31 y lo que hiciste, en 9.",
    ),
    (
        "review.as_many_deals",
        lambda: render(
            "review.as_many_deals",
            dict(action="QQ", cpu_action="p", wins=6, cpu_wins=6, deals=10, exact=True),
        ),
        "Bien: jugaste Q Q; a cartas vistas, de los 10 repartos posibles de las cartas que no veías, gana en 6, "
        "como pasar, lo que proponía la pista.",
    ),
    (
        "review.as_many_deals",
        lambda: render(
            "review.as_many_deals",
            dict(action="7", cpu_action="9", wins=20, cpu_wins=20, deals=40, exact=False),
        ),
        "Bien: jugaste 7; estimación: en 40 repartos al azar de las cartas que no veías, jugados a cartas vistas, "
        "gana en 20, como 9, lo que proponía la pista.",
    ),
    (
        "review.beginner",
        lambda: render(
            "review.beginner",
            dict(
                label="romper una bomba",
                what=nested("review.mistake_broken_bomb", action="9"),
                action="9",
                cpu_action="p",
                why=_WHY,
            ),
        ),
        "Error de principiante: romper una bomba. Jugaste 9 y ya no tienes esas cuatro cartas juntas. La CPU habría pasado: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.beginner",
        lambda: render(
            "review.beginner",
            dict(
                label="cubrir al compañero",
                what=nested("review.mistake_covered_partner", action="AA"),
                action="AA",
                cpu_action="p",
                why=_WHY,
            ),
        ),
        "Error de principiante: cubrir al compañero. Jugaste A A sobre la jugada de tu compañero y le quitaste la salida a tu propio bando. La CPU habría pasado: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.beginner",
        lambda: render(
            "review.beginner",
            dict(
                label="bomba pronto",
                what=nested("review.mistake_early_bomb"),
                action="5555",
                cpu_action="33",
                why=_WHY,
            ),
        ),
        "Error de principiante: bomba pronto. Su valor está en recuperar la salida cuando importa; así solo duplicas el multiplicador. La CPU habría jugado 3 3: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.bid_high_cards",
        lambda: render(
            "review.bid_high_cards", dict(label="pujar por cartas altas", mine=3, theirs=0, plays=9, why=_OUT)
        ),
        "Error de principiante: pujar por cartas altas. Pujaste 3 con una mano que necesita 9 jugadas. La CPU habría preferido pasar: con esto te quedas sin cartas.",
    ),
    (
        "review.bid_other",
        lambda: render("review.bid_other", dict(verdict="error", mine=0, theirs=2, why=_OUT)),
        "Error: pasaste; la CPU habría preferido pujar 2: con esto te quedas sin cartas.",
    ),
    (
        "review.bid_same",
        lambda: render("review.bid_same", dict(mine=1, theirs=1, why=_OUT)),
        "Bien: pujaste 1, como la CPU: con esto te quedas sin cartas.",
    ),
    (
        "review.forced",
        lambda: render("review.forced", dict(table="QQQ R")),
        "Sin elección: no tenías nada que superara a Q Q Q + comodín grande, así que pasar era lo único posible.",
    ),
    (
        "review.go_out_too",
        lambda: render("review.go_out_too", dict(action="55", cpu_action="5", why=_OUT)),
        "Bien: jugaste 5 5 y te quedaste sin cartas. La CPU habría jugado 5: con esto te quedas sin cartas.",
    ),
    (
        "review.key_moment",
        lambda: render(
            "review.key_moment", dict(n=4, action="p", cpu_action="AA", samples=12, cpu_wins=9, wins=3)
        ),
        "Momento clave (estimación de la CPU), decisión 4: pasaste. En 12 finales simulados con repartos posibles de las cartas que no veías, jugar A A gana 9 de los 12 y lo que hiciste, 3 de 12.",
    ),
    (
        "review.no_moment",
        lambda: render(
            "review.no_moment",
            dict(before="same", decisions=1, bids_differ=True, samples=0, zone="none", at=0, winner=_LORD),
        ),
        "Momento clave: ninguno claro tuyo. En tu única decisión de juego con elección hiciste lo mismo que la "
        "CPU; solo en la subasta elegiste otra cosa. Al empezar el juego, la mano del terrateniente salía en 4 "
        "jugadas y tenía el cohete.",
    ),
    (
        "review.no_moment",
        lambda: render(
            "review.no_moment",
            dict(before="same", decisions=3, bids_differ=False, samples=0, zone="none", at=0, winner=_LORD),
        ),
        "Momento clave: ninguno claro tuyo. En tus 3 decisiones de juego con elección hiciste lo mismo que la "
        "CPU, y también en la subasta, así que en tu sitio la CPU habría perdido esta mano igual. Al empezar el "
        "juego, la mano del terrateniente salía en 4 jugadas y tenía el cohete.",
    ),
    (
        "review.no_moment",
        lambda: render(
            "review.no_moment",
            dict(before="same", decisions=0, bids_differ=True, samples=0, zone="none", at=0, winner=_LORD),
        ),
        "Momento clave: ninguno claro tuyo. No tuviste ninguna decisión de juego con elección; solo en la "
        "subasta elegiste otra cosa que la CPU. Al empezar el juego, la mano del terrateniente salía en 4 "
        "jugadas y tenía el cohete.",
    ),
    (
        "review.no_moment",
        lambda: render(
            "review.no_moment",
            dict(
                before="no_worse", decisions=5, bids_differ=False, samples=8, zone="lost", at=9, winner=_WEST
            ),
        ),
        "Momento clave: ninguno claro tuyo. Donde elegiste otra cosa que la CPU antes de la decisión 9, lo de "
        "la CPU no ganó claramente más finales simulados que lo tuyo (estimación con 8 repartos o más por "
        "decisión). Con las cartas a la vista, desde tu decisión 9 tu bando ya perdía contra la mejor defensa. "
        "Al empezar el juego, la mano de Oeste salía en 1 jugada.",
    ),
    (
        "review.no_moment",
        lambda: render(
            "review.no_moment",
            dict(before="same", decisions=5, bids_differ=False, samples=0, zone="kept", at=7, winner=_WEST),
        ),
        "Momento clave: ninguno claro tuyo. Antes de la decisión 7, en el juego hiciste lo mismo que la CPU. "
        "Con las cartas a la vista, desde tu decisión 7 cada jugada tuya mantenía la mano ganada: la perdió tu "
        "compañero. Al empezar el juego, la mano de Oeste salía en 1 jugada.",
    ),
    (
        "review.exact_moment",
        lambda: render(
            "review.exact_moment",
            dict(
                n=16,
                action="p",
                first=nested("review.a_move", move="B"),
                others=[nested("review.a_move", move="p"), nested("review.a_move", move="9")],
                others_n=2,
                line=[
                    nested("review.line_step", you=True, who="Sur", move="p"),
                    nested("review.line_step", you=False, who="Este", move="4"),
                    nested("review.line_step", you=False, who="Oeste", move="p"),
                ],
            ),
        ),
        "Momento clave (exacto, con las cartas a la vista), decisión 16: desde aquí ganabas con el comodín "
        "pequeño (también pasando y con 9); pasaste y eso pierde contra la mejor defensa: tú pasas, Este juega "
        "4, Oeste pasa, y se queda sin cartas.",
    ),
    (
        "review.missed_sure_win",
        lambda: render("review.missed_sure_win", dict(action="p", cpu_action="2", why=_OUT)),
        "Error: había una forma segura de ganar y pasaste, que no lo es. La CPU habría jugado 2: con esto te quedas sin cartas.",
    ),
    (
        "review.more_plays",
        lambda: render(
            "review.more_plays",
            dict(verdict="imprecision", action="3", cpu_action="33", why=_WHY, left=1, cpu_left=1),
        ),
        "Imprecisión: jugaste 3 y te queda 1 jugada; con la jugada de la CPU te habría quedado 1 jugada. La CPU habría jugado 3 3: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.play_same",
        lambda: render("review.play_same", dict(action="p", cpu_action="p", why=_WHY)),
        "Bien: pasaste, como la CPU: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.spent_control",
        lambda: render(
            "review.spent_control",
            dict(
                action="2",
                cpu_action="A",
                why=_WHY,
                control=[nested("cpu.control_twos", twos=1)],
                left=2,
                cpu_left=3,
                fewer=1,
            ),
        ),
        "Imprecisión: jugaste 2 y gastaste un 2, que la CPU habría guardado para recuperar la salida; te quedan 2 jugadas, una menos que con la jugada de la CPU. La CPU habría jugado A: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.summary",
        lambda: render("review.summary", dict(judged=1, good=1, inaccurate=0, mistakes=2, forced=1)),
        "Tu 1 decisión con elección: 1 bien, 0 imprecisiones, 2 errores, comparadas con la CPU y con el cálculo de jugadas mínimas. Además, 1 pase sin elección (no tenías nada que superara la mesa): no cuenta.",
    ),
    (
        "review.sure_win_too",
        lambda: render(
            "review.sure_win_too",
            dict(
                action="A",
                cpu_action="2",
                why=_WHY,
                sure=nested("cpu.sure_win", you=True, order=["A", "3"], last_open=True),
            ),
        ),
        "Bien: jugaste A; así también ganas seguro: ganas seguro si juegas en este orden: A · 3; nadie puede superar ninguna de esas jugadas antes de la última. La CPU habría jugado 2: te deja en 2 jugadas (K K K + 3 · 5 5).",
    ),
    (
        "review.undone",
        lambda: render("review.undone", dict(n=1, which=["3"])),
        "Con «Deshacer» cambiaste 1 decisión: la 3 (marcada «deshecha»).",
    ),
    (
        "review.undone",
        lambda: render("review.undone", dict(n=2, which=["3", "5"])),
        "Con «Deshacer» cambiaste 2 decisiones: las 3 y 5 (marcadas «deshecha»).",
    ),
]
CASES += TEACHER_CASES

BIDDING = "3344556677882222R/3456789TTTTJJJJQQ/3456789QQKKKKAAAA 99B bidding 0 0:- 0 - - 0,0,0 - standard"
PLAYING = (
    "334455667788992222BR/3456789TTTTJJJJQQ/3456789QQKKKKAAAA 99B playing 0 0:3 0 0x3 - 0,0,0 - standard"
)


def _position_error(text: object) -> BaseException:
    return error(Game.from_position, text)


def _edit(text: str, index: int, value: str) -> str:
    fields = text.split(" ")
    fields[index] = value
    return " ".join(fields)


POSITION_CASES: list[tuple[str, Callable[[], object], str]] = [
    ("game.bad_seat", lambda: error(game().hand, -1), "un asiento es el número entero 0, 1 o 2, no -1"),
    (
        "game.bad_seat",
        lambda: error(game().apply, "p", seat=True),
        "un asiento es el número entero 0, 1 o 2, no True",
    ),
    ("position.type", lambda: _position_error(5), "una posición es un texto, no un int"),
    (
        "position.fields",
        lambda: _position_error("a b"),
        "una posición tiene 11 o 12 campos separados por un espacio, no 2",
    ),
    (
        "position.field",
        lambda: _position_error(_edit(BIDDING, 2, "Bidding")),
        "el campo «phase» de la posición no se puede leer: «Bidding»",
    ),
    (
        "position.number",
        lambda: _position_error(_edit(BIDDING, 5, "+0")),
        "el campo «redeals» lleva números escritos con las cifras 0 a 9, sin signo ni ceros delante: «+0» no lo es",
    ),
    ("position.seat", lambda: _position_error(_edit(BIDDING, 3, "3")), "un asiento es 0, 1 o 2, no «3»"),
    (
        "position.canonical",
        lambda: _position_error(_edit(BIDDING, 1, "B99")),
        "las cartas de una posición se escriben en orden: «99B», no «B99»",
    ),
    (
        "position.unreadable",
        lambda: _position_error(_edit(BIDDING, 1, "99X")),
        f"no es una posición: símbolo desconocido «X» en la posición 3; {SYMBOLS}",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(PLAYING, 6, "-")),
        "hay terrateniente mientras se juega la mano o al terminar, y solo entonces",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(PLAYING, 3, "-")),
        "se dice quién mueve mientras se puja o se juega, y «-» cuando la mano ha terminado",
    ),
    ("position.rule", lambda: _position_error(_edit(BIDDING, 3, "1")), "el turno no sigue a la subasta"),
    (
        "position.rule",
        lambda: _position_error(_edit(_edit(BIDDING, 4, "0:3"), 3, "1")),
        "la subasta ya está cerrada: la mano se está jugando",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(PLAYING, 8, "1,0,0")),
        "las cartas jugadas por el terrateniente no cuadran con sus jugadas",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(PLAYING, 7, "3@1+2")),
        "solo hay jugada en la mesa mientras se juega, con 0 o 1 pases desde ella",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(_edit(PLAYING, 2, "over"), 3, "-")),
        "la mano termina cuando exactamente un asiento se queda sin cartas",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(PLAYING, 0, "-/3456789TTTTJJJJQQ/3456789QQKKKKAAAA")),
        "un asiento sin cartas: la mano ha terminado",
    ),
    (
        "position.rule",
        lambda: _position_error(BIDDING + " 003N-QK8N1"),
        "las manos no son las cartas del código de reparto",
    ),
    (
        "position.rule",
        lambda: _position_error(
            _edit(PLAYING, 0, "33334455667788992222BR/3456789TTTTJJJJQQ/3456789QQKKKKAAAA")
        ),
        "hay más cartas de un valor de las que tiene la baraja",
    ),
    (
        "position.rule",
        lambda: _position_error(_edit(BIDDING, 0, "3344556677882222/3456789TTTTJJJJQQ/3456789QQKKKKAAAA")),
        "durante la subasta cada mano tiene 17 cartas y, con el pozo, forman la baraja",
    ),
    (
        "notation.bad_rank_index",
        lambda: error(Cards.from_ranks, [-1]),
        "un índice de valor es un entero de 0 (el 3) a 14 (el comodín grande), no -1",
    ),
]
CASES += POSITION_CASES


# ---- retos (tutorial.retos): the «Retos» page -------------------------------------------------------
def _reto(*hands: str, turn: int, table: str | None = None, seat: int | None = None) -> Any:
    """A puzzle of the «Retos» page for a hand-made three-hand position, solved."""
    from tutorial.retos import Puzzle

    p = Position.three(hands[0], hands[1], hands[2], turn=turn, table=table, table_seat=seat)
    s = solve(p)
    h = (hands[0], hands[1], hands[2])
    return Puzzle(
        "r07", 1, "wait", {}, h, turn, table, seat, s.line, s.winning_moves, s.nodes, "0000-001SC", ()
    )


# Farmer 2 leads: only the Q wins (the landlord's 9 cannot beat it, farmer 1's K goes out over it).
_YIELD = ("9", "K", "578Q")
# A lost hand's exact key moment (tests/test_review.py): Sur, a farmer with 8 9 and the big joker, passed.
_OWN = (
    "0000-007A5",
    [
        "3",
        "33",
        "77",
        "p",
        "TT",
        "JJ",
        "p",
        "p",
        "QQQA",
        "p",
        "6AAA",
        "p",
        "p",
        "44",
        "p",
        "66",
        "p",
        "p",
        "33KKK",
        "p",
        "p",
        "44",
        "p",
        "p",
        "789TJ",
        "89TJQ",
        "p",
        "p",
        "K",
        "2",
        "p",
        "B",
        "5555",
        "p",
        "p",
        "6",
    ],
)
# Farmer 1's Q on the table: farmer 2 passes and farmer 1 goes out with the 3; covering with the A loses.
_COVER = ("J9", "3", "A54")


def _retos(name: str, *args: Any, **kwargs: Any) -> Any:
    from tutorial import retos

    return getattr(retos, name)(*args, **kwargs)


def _try(
    hands: tuple[str, ...], turn: int, *moves: str, table: str | None = None, seat: int | None = None
) -> str:
    from tutorial.retos import Attempt

    att = Attempt(_reto(*hands, turn=turn, table=table, seat=seat))
    for m in moves:
        att.play(m)
    assert att.verdict is not None
    return att.verdict.text


def _check(
    hands: tuple[str, ...], turn: int, cards: str, passing: bool = False, table: str | None = None
) -> str:
    p = Position.three(
        hands[0], hands[1], hands[2], turn=turn, table=table, table_seat=None if table is None else 0
    )
    return str(_retos("check_cards", p, cards, passing)[1])


def _step(hands: tuple[str, ...], turn: int, line: list[str], i: int) -> str:
    steps = _retos("steps", Position.three(hands[0], hands[1], hands[2], turn=turn), line)
    return str(_retos("say_step", steps[i]))


RETOS_CASES: list[tuple[str, Callable[[], object], str]] = [
    (
        "retos.intro",
        lambda: render("retos.intro"),
        "Finales de partidas reales con todas las cartas a la vista. Juegas tu bando contra la defensa "
        "perfecta: si tu jugada pierde, ves al momento cómo te la refutan, y puedes probar otra.",
    ),
    ("retos.seat", lambda: _retos("say_seat", 1, True), "Campesino 1 (tú)"),
    ("retos.seat", lambda: _retos("say_seat", 0, False), "Terrateniente"),
    (
        "retos.task",
        lambda: _retos("say_task", Position.three(*_YIELD, turn=2)),
        "Juegas con los dos campesinos contra el terrateniente: ganan los dos en cuanto uno se queda sin "
        "cartas. Empieza el campesino 2, que abre la baza.",
    ),
    (
        "retos.task",
        lambda: _retos("say_task", Position.three("45", "A", "T", turn=1, table="KKK3", table_seat=0)),
        "Juegas con los dos campesinos contra el terrateniente: ganan los dos en cuanto uno se queda sin "
        "cartas. Le toca al campesino 1: supera K K K + 3, del terrateniente, o pasa.",
    ),
    (
        "retos.task",
        lambda: _retos("say_task", Position.three("AA3", "4", "5", turn=0)),
        "Juegas con el terrateniente contra los dos campesinos. Empieza el terrateniente, que abre la baza.",
    ),
    ("retos.step", lambda: _step(_YIELD, 2, ["Q", "p", "K"], 0), "el campesino 2 juega Q"),
    ("retos.step", lambda: _step(_YIELD, 2, ["Q", "p", "K"], 1), "el terrateniente pasa"),
    (
        "retos.step",
        lambda: _step(_YIELD, 2, ["Q", "p", "K"], 2),
        "el campesino 1 juega K y se queda sin cartas",
    ),
    ("retos.right", lambda: _try(_YIELD, 2, "Q"), "¡Bien! Q gana. La defensa responde; te toca otra vez."),
    ("retos.right", lambda: _try(_YIELD, 2, "Q", "K"), "¡Bien! K gana."),
    (
        "retos.right",
        lambda: _try(_COVER, 2, "p", table="Q", seat=1),
        "¡Bien! Pasar gana. La defensa responde; te toca otra vez.",
    ),
    (
        "retos.wrong",
        lambda: _try(_YIELD, 2, "5"),
        "5 pierde contra la mejor defensa. Así gana el terrateniente:",
    ),
    (
        "retos.wrong",
        lambda: _try(_COVER, 2, "A", table="Q", seat=1),
        "A pierde contra la mejor defensa. Así gana el terrateniente:",
    ),
    ("retos.try_again", lambda: render("retos.try_again"), "Tu jugada se deshace: prueba otra."),
    ("retos.must_lead", lambda: _check(_YIELD, 2, "", True), "Abres la baza: no puedes pasar."),
    ("retos.pick_some", lambda: _check(_YIELD, 2, ""), "Levanta las cartas que quieres jugar."),
    (
        "retos.not_a_play",
        lambda: _check(_YIELD, 2, "57"),
        "Eso no es una jugada: estas cartas no forman ninguna de las 14 jugadas.",
    ),
    (
        "retos.does_not_beat",
        lambda: _check(_YIELD, 2, "8", table="T"),
        "No supera a 10: 8 no es más alto que 10.",
    ),
    (
        "retos.solved",
        lambda: _retos("say_result", 3, 0, False),
        "¡Reto resuelto sin fallos! Ganas 3 estrellas.",
    ),
    (
        "retos.solved",
        lambda: _retos("say_result", 2, 1, False),
        "¡Reto resuelto con 1 fallo! Ganas 2 estrellas.",
    ),
    (
        "retos.solved",
        lambda: _retos("say_result", 1, 4, False),
        "¡Reto resuelto con 4 fallos! Ganas 1 estrella.",
    ),
    (
        "retos.solved",
        lambda: _retos("say_result", 0, 0, True),
        "Reto terminado después de ver la solución: esta vez, sin estrellas.",
    ),
    (
        "retos.progress",
        lambda: _retos("say_progress", 1, 84, 3),
        "1 reto resuelto de 84 · 3 estrellas de 252",
    ),
    (
        "retos.progress",
        lambda: _retos("say_progress", 0, 60, 1),
        "0 retos resueltos de 60 · 1 estrella de 180",
    ),
    ("retos.level", lambda: _retos("say_level", 1, 1), "Nivel 1: fácil (1 reto)"),
    ("retos.level", lambda: _retos("say_level", 2, 25), "Nivel 2: medio (25 retos)"),
    ("retos.level", lambda: _retos("say_level", 3, 20), "Nivel 3: difícil (20 retos)"),
    ("result.signed", lambda: render("result.signed", points=-4), "−4"),
    ("result.signed", lambda: render("result.signed", points=2), "+2"),
    ("retos.label", lambda: _retos("say_label", _reto(*_YIELD, turn=2)), "Reto 7: Pasa y espera"),
    (
        "retos.own_label",
        lambda: _retos("say_label", _retos("from_hand", *_OWN)),
        "Tu partida: Encuentra la jugada que gana",
    ),
    (
        "retos.own_not_won",
        lambda: render("retos.own_not_won"),
        "Esa posición de tu partida no sirve de reto: con las cartas a la vista tu bando ya no ganaba, o "
        "quedaban demasiadas cartas.",
    ),
    ("retos.theme", lambda: _retos("say_theme", "own"), "Gana tu propia posición"),
    (
        "retos.why_own",
        lambda: _retos("say_why", "own", {}),
        "Es la posición de tu partida: con las cartas a la vista, tu bando gana desde aquí.",
    ),
    *[
        ("retos.theme", (lambda t=theme: _retos("say_theme", t)), title)
        for theme, title in (
            ("keep_rocket", "Guarda el cohete para el final"),
            ("keep_bomb", "Guarda la bomba para más tarde"),
            ("keep_bomb_later", "La bomba, ahora no"),
            ("count_bombs", "Cuenta las bombas"),
            ("dont_cover", "No tapes a tu compañero"),
            ("yield_lead", "Cede la salida a tu compañero"),
            ("bomb_now", "Recupera la salida con la bomba"),
            ("last_card", "Le queda una carta: nada de sueltas"),
            ("last_card_some", "Le queda una carta: cuidado con las sueltas"),
            ("kicker", "El trío, con acompañante"),
            ("straight_first", "La escalera primero"),
            ("break_trio", "Rompe el trío"),
            ("break_pair", "Rompe la pareja"),
            ("boss_first", "Primero la que manda"),
            ("few_winning", "Encuentra la jugada que gana"),
        )
    ],
    *[
        (f"retos.why_{theme}", (lambda t=theme, w=why: _retos("say_why", t, w)), sentence)
        for theme, why, sentence in (
            (
                "keep_rocket",
                {"move": "BR"},
                "Jugar el cohete ahora pierde: la línea que gana lo guarda para el final.",
            ),
            (
                "keep_bomb",
                {"move": "7777", "kept": True, "later": ""},
                "Jugar la bomba 7 7 7 7 ahora pierde: la línea que gana la guarda para más tarde.",
            ),
            (
                "keep_bomb",
                {"move": "7777", "kept": False, "later": "7777 35"},
                "Jugar la bomba 7 7 7 7 ahora pierde: la línea que gana juega esas cuatro cartas más tarde, en "
                "7 7 7 7 + 3 5.",
            ),
            (
                "count_bombs",
                {"owner": 2, "bomb": "4444", "rocket": False, "move": "K", "pass": False},
                "El campesino 2 tiene la bomba 4 4 4 4. Cuéntala: si juegas K, la mejor defensa la usa y pierdes.",
            ),
            (
                "count_bombs",
                {"owner": 0, "bomb": "BR", "rocket": True, "move": "p", "pass": True},
                "El terrateniente tiene el cohete. Cuéntalo: si pasas, la mejor defensa lo usa y pierdes.",
            ),
            (
                "dont_cover",
                {"partner": 1, "table": "Q", "move": "A"},
                "La jugada de la mesa, Q, es del campesino 1: pasa y deja que siga. Taparla con A pierde.",
            ),
            (
                "yield_lead",
                {"move": "Q", "partner": 1, "over": "K"},
                "Juega Q: el campesino 1 se queda con esa baza con K y sale él.",
            ),
            (
                "bomb_now",
                {"move": "9999", "rocket": False},
                "Juega la bomba 9 9 9 9 ahora: nadie puede superarla y recuperas la salida.",
            ),
            (
                "bomb_now",
                {"move": "BR", "rocket": True},
                "Juega el cohete ahora: nadie puede superarlo y recuperas la salida.",
            ),
            (
                "last_card",
                {"who": 1, "move": "K", "singles_win": False},
                "El campesino 1 tiene una sola carta: no saques sueltas. Salir con K pierde.",
            ),
            (
                "last_card",
                {"who": 1, "move": "K", "singles_win": True},
                "El campesino 1 tiene una sola carta: cuidado con las sueltas. Salir con K pierde.",
            ),
            (
                "kicker",
                {"move": "333 K", "body": "333"},
                "Saca el trío con su acompañante, 3 3 3 + K: el trío solo, 3 3 3, pierde.",
            ),
            (
                "straight_first",
                {"move": "3456789", "pairs": False},
                "Sal primero con la escalera 3 4 5 6 7 8 9.",
            ),
            (
                "straight_first",
                {"move": "334455", "pairs": True},
                "Sal primero con la escalera de parejas 3 3 4 4 5 5.",
            ),
            ("break_trio", {"rank": 7, "move": "TT"}, "Rompe tu trío de 10: 10 10 se lleva parte de él."),
            ("break_pair", {"rank": 11, "move": "A"}, "Rompe tu pareja de A: A se lleva una de sus cartas."),
            ("boss_first", {"move": "AA"}, "Sal con A A: nadie puede superarla, así que vuelves a salir tú."),
            ("wait", {"table": "J", "move": "2"}, "Pasa: superar J con 2 pierde."),
            (
                "few_winning",
                {"count": 1, "n": 5, "wins": ["Q"]},
                "Solo una jugada gana: busca bien antes de jugar.",
            ),
            (
                "few_winning",
                {"count": 2, "n": 5, "wins": ["Q", "K"]},
                "Solo 2 jugadas ganan: busca bien antes de jugar.",
            ),
        )
    ],
    (
        "retos.count",
        lambda: _retos("say_count", solve(Position.three(*_YIELD, turn=2))),
        "De todas tus jugadas posibles, solo gana Q.",
    ),
    (
        "retos.count",
        lambda: _retos("say_count", solve(Position.three(*_COVER, turn=2, table="Q", table_seat=1))),
        "De todas tus jugadas posibles, solo gana pasar.",
    ),
    (
        "retos.count",
        lambda: render(
            "retos.count",
            count=3,
            first=nested("retos.move", cards="3", **{"pass": False}),
            second=nested("retos.move", cards="", **{"pass": True}),
            wins=[
                nested("retos.move", cards="3", **{"pass": False}),
                nested("retos.move", cards="44", **{"pass": False}),
                nested("retos.move", cards="", **{"pass": True}),
            ],
        ),
        "De todas tus jugadas posibles, ganan 3: 3, 4 4 y pasar.",
    ),
    ("retos.move", lambda: render("retos.move", {"pass": False, "cards": "KKK 3"}), "K K K + 3"),
    ("retos.pass", lambda: render("retos.pass"), "pasa"),
    ("retos.cards_left", lambda: render("retos.cards_left", n=1), "1 carta"),
    ("retos.cards_left", lambda: render("retos.cards_left", n=4), "4 cartas"),
    ("retos.no_cards", lambda: render("retos.no_cards"), "sin cartas: se acabó"),
    ("retos.on_table", lambda: render("retos.on_table", owner=0), "En la mesa, del terrateniente:"),
    ("retos.on_table", lambda: render("retos.on_table", owner=2), "En la mesa, del campesino 2:"),
    (
        "retos.empty_table",
        lambda: render("retos.empty_table"),
        "Mesa vacía: quien tiene el turno abre la baza.",
    ),
    ("retos.your_turn", lambda: render("retos.your_turn", seat=0), "Te toca con el terrateniente."),
    ("retos.solution_step", lambda: render("retos.solution_step", k=2, n=7), "Solución: paso 2 de 7"),
    (
        "retos.next_move",
        lambda: render(
            "retos.next_move",
            step=_retos("step_msg", _retos("steps", Position.three(*_YIELD, turn=2), ["Q"])[0]),
        ),
        "Ahora: el campesino 2 juega Q.",
    ),
]
CASES += RETOS_CASES


# ---- the «Jugar» page (tutorial/views/play.py): its labels, headings and notices, each as the page shows it ----
TABLE_CASES: list[tuple[str, Callable[[], object], str]] = [
    ("table.seat_name", lambda: render("table.seat_name", seat=0), "Tú (Sur)"),
    ("table.seat_name", lambda: render("table.seat_name", seat=1), "Este · CPU, a tu derecha"),
    ("table.seat_name", lambda: render("table.seat_name", seat=2), "Oeste · CPU, a tu izquierda"),
    ("table.who", lambda: render("table.who", seat=0), "ti"),
    ("table.who", lambda: render("table.who", seat=2), "Oeste"),
    ("table.seat_short", lambda: render("table.seat_short", seat=0), "Tú"),
    ("table.seat_short", lambda: render("table.seat_short", seat=1), "Este"),
    ("table.explain_seat", lambda: render("table.explain_seat", seat=0), "Sur (tú)"),
    ("table.explain_seat", lambda: render("table.explain_seat", seat=2), "Oeste"),
    ("table.alert", lambda: render("table.alert", n=1), "¡Última carta!"),
    ("table.alert", lambda: render("table.alert", n=2), "¡Dos cartas!"),
    (
        "table.deal_code_title",
        lambda: render("table.deal_code_title"),
        "Código del reparto: con él se repite esta mano",
    ),
    (
        "table.level_now",
        lambda: render("table.level_now", playing="<b>Normal</b>", changed=False, chosen="<b>Normal</b>"),
        "Nivel de la CPU en esta mano: <b>Normal</b>.",
    ),
    (
        "table.level_now",
        lambda: render("table.level_now", playing="<b>Normal</b>", changed=True, chosen="<b>Difícil</b>"),
        "Nivel de la CPU en esta mano: <b>Normal</b>. Desde la próxima mano: <b>Difícil</b>.",
    ),
    ("table.table_who", lambda: render("table.table_who", over=False, seat="Este"), "En la mesa, Este:"),
    ("table.table_who", lambda: render("table.table_who", over=True, seat="Tú"), "Última jugada, Tú:"),
    (
        "table.beat_spring",
        lambda: render("table.beat_spring", kind="spring", before=2, after=4),
        "¡Primavera! El multiplicador pasa de ×2 a ×4.",
    ),
    (
        "table.beat_spring",
        lambda: render("table.beat_spring", kind="antispring", before=4, after=8),
        "¡Antiprimavera! El multiplicador pasa de ×4 a ×8.",
    ),
    (
        "table.beat_bomb",
        lambda: render("table.beat_bomb", kind="bomb", mine=True, seat="Tú", value=4),
        "¡Bomba! El multiplicador pasa a ×4.",
    ),
    (
        "table.beat_bomb",
        lambda: render("table.beat_bomb", kind="rocket", mine=False, seat="Oeste", value=8),
        "¡Cohete de Oeste! El multiplicador pasa a ×8.",
    ),
    ("table.settings", lambda: render("table.settings"), "Ajustes"),
    ("table.code_label", lambda: render("table.code_label"), "Jugar con un código"),
    ("table.code_deal", lambda: render("table.code_deal"), "Repartir con este código"),
    (
        "table.speed_caption",
        lambda: render("table.speed_caption"),
        "Velocidad de la CPU (segundos por jugada):",
    ),
    ("table.flip", lambda: render("table.flip", label="Sonidos suaves", on=True), "Sonidos suaves: sí"),
    ("table.flip", lambda: render("table.flip", label="Sonidos suaves", on=False), "Sonidos suaves: no"),
    ("table.flip_skip_anim", lambda: render("table.flip_skip_anim"), "Saltar la animación del reparto"),
    ("table.flip_show_counter", lambda: render("table.flip_show_counter"), "Mostrar el contador de cartas"),
    ("table.flip_sounds", lambda: render("table.flip_sounds"), "Sonidos suaves"),
    (
        "table.flip_auto_pass",
        lambda: render("table.flip_auto_pass"),
        "Pasar automáticamente cuando no tengo nada",
    ),
    (
        "table.flip_partner_warn",
        lambda: render("table.flip_partner_warn"),
        "Avisar antes de superar a mi compañero",
    ),
    ("table.another", lambda: render("table.another"), "Otra partida"),
    ("table.guided", lambda: render("table.guided"), "Mano guiada (para empezar)"),
    ("table.seat_role", lambda: render("table.seat_role", landlord=True), " · terrateniente"),
    ("table.seat_role", lambda: render("table.seat_role", landlord=False), " · campesino"),
    ("table.seat_pass", lambda: render("table.seat_pass"), "pasa"),
    ("table.seat_bid", lambda: render("table.seat_bid", bid="2"), "puja 2"),
    ("table.seat_before", lambda: render("table.seat_before", said="pasa"), "en la baza anterior, pasa"),
    ("table.seat_turn", lambda: render("table.seat_turn"), " · le toca"),
    ("table.cards_word", lambda: render("table.cards_word", n=1), "carta"),
    ("table.cards_word", lambda: render("table.cards_word", n=17), "cartas"),
    ("table.nobody_yet", lambda: render("table.nobody_yet"), "Nadie ha jugado todavía."),
    ("table.new_trick", lambda: render("table.new_trick", mine=True, who="ti"), "Baza nueva: abres tú."),
    ("table.new_trick", lambda: render("table.new_trick", mine=False, who="Este"), "Baza nueva: abre Este."),
    ("table.info_play", lambda: render("table.info_play", base=3, multiplier=2), "Base 3 · multiplicador ×2"),
    (
        "table.info_play",
        lambda: render("table.info_play", base="—", multiplier=1),
        "Base — · multiplicador ×1",
    ),
    (
        "table.info_auction",
        lambda: render("table.info_auction", deal=1, highest=0),
        "Subasta (reparto 1 de 4) · puja más alta: ninguna",
    ),
    (
        "table.info_auction",
        lambda: render("table.info_auction", deal=2, highest=2),
        "Subasta (reparto 2 de 4) · puja más alta: 2",
    ),
    (
        "table.redealt",
        lambda: render("table.redealt", n=1),
        "En el reparto anterior nadie pujó: se volvió a repartir. Si en el cuarto reparto tampoco puja nadie, quien abre la subasta será terrateniente con base 1.",
    ),
    (
        "table.redealt",
        lambda: render("table.redealt", n=3),
        "En los 3 repartos anteriores nadie pujó: se volvió a repartir. Si en el cuarto reparto tampoco puja nadie, quien abre la subasta será terrateniente con base 1.",
    ),
    (
        "table.forced_landlord",
        lambda: render("table.forced_landlord", mine=True, who="ti"),
        "Eres terrateniente a la fuerza, con base 1: en cuatro repartos seguidos nadie pujó y te tocaba abrir la subasta.",
    ),
    (
        "table.forced_landlord",
        lambda: render("table.forced_landlord", mine=False, who="Oeste"),
        "Oeste es terrateniente a la fuerza, con base 1: en cuatro repartos seguidos nadie pujó y le tocaba abrir la subasta.",
    ),
    (
        "table.dealt",
        lambda: render("table.dealt"),
        "Reparto: 17 cartas para cada uno y 3 boca abajo en el pozo.",
    ),
    ("table.kitty", lambda: render("table.kitty"), "Pozo"),
    ("table.last", lambda: render("table.last", line="Este pasa."), "Lo último: Este pasa."),
    ("table.history", lambda: render("table.history", n=5), "Historial de la mano (5)"),
    (
        "table.history_empty",
        lambda: render("table.history_empty"),
        "Todavía no ha pasado nada: empieza la subasta.",
    ),
    ("table.counter", lambda: render("table.counter"), "Contador de cartas (las que aún no has visto)"),
    ("table.tally_title", lambda: render("table.tally_title"), "Tus manos en este navegador"),
    ("table.tally_as_landlord", lambda: render("table.tally_as_landlord"), "Como terrateniente"),
    ("table.tally_as_farmer", lambda: render("table.tally_as_farmer"), "Como campesino"),
    ("table.tally_record", lambda: render("table.tally_record", won=1, lost=0), "1 ganada, 0 perdidas"),
    ("table.tally_record", lambda: render("table.tally_record", won=2, lost=1), "2 ganadas, 1 perdida"),
    ("table.tally_springs", lambda: render("table.tally_springs"), "Primaveras y antiprimaveras"),
    ("table.tally_best", lambda: render("table.tally_best"), "Mejor racha"),
    ("table.tally_best_n", lambda: render("table.tally_best_n", n=1), "1 mano ganada"),
    ("table.tally_best_n", lambda: render("table.tally_best_n", n=0), "0 manos ganadas seguidas"),
    ("table.tally_best_n", lambda: render("table.tally_best_n", n=3), "3 manos ganadas seguidas"),
    ("table.tally_streak", lambda: render("table.tally_streak"), "Racha actual"),
    ("table.tally_streak_n", lambda: render("table.tally_streak_n", n=1), "1 mano ganada"),
    ("table.tally_streak_n", lambda: render("table.tally_streak_n", n=2), "2 manos ganadas"),
    ("table.tally_ask", lambda: render("table.tally_ask"), "¿Poner a cero tus manos? No se puede deshacer."),
    ("table.tally_yes", lambda: render("table.tally_yes"), "Sí, poner a cero"),
    ("table.tally_no", lambda: render("table.tally_no"), "No"),
    ("table.tally_reset", lambda: render("table.tally_reset"), "Poner a cero"),
    ("table.skip_guide", lambda: render("table.skip_guide"), "Saltar la guía"),
    ("table.bid_turn", lambda: render("table.bid_turn"), "Tu turno de subasta"),
    (
        "table.bid_turn_detail",
        lambda: render("table.bid_turn_detail"),
        "Puja más que la puja más alta, o pasa.",
    ),
    ("table.pass", lambda: render("table.pass"), "Pasar"),
    ("table.bid", lambda: render("table.bid", n=3), "Pujar 3"),
    ("table.hint", lambda: render("table.hint"), "Pista"),
    ("table.undo", lambda: render("table.undo"), "Deshacer"),
    (
        "table.why_bid",
        lambda: render("table.why_bid", highest=2),
        "Solo puedes pujar más de 2, la puja más alta, o pasar.",
    ),
    ("table.auction", lambda: render("table.auction"), "Subasta"),
    ("table.their_bid", lambda: render("table.their_bid", who="Este"), "Le toca pujar a Este…"),
    (
        "table.partner_ask",
        lambda: render("table.partner_ask", who="Oeste"),
        "Es la jugada de Oeste, tu compañero: ¿seguro que quieres superarla?",
    ),
    ("table.partner_yes", lambda: render("table.partner_yes"), "Sí, superarla"),
    ("table.partner_no", lambda: render("table.partner_no"), "No, mejor no"),
    (
        "table.stuck_detail",
        lambda: render("table.stuck_detail", auto=True),
        "Ninguna combinación de tu mano la supera: pasas automáticamente (puedes cambiarlo en Ajustes).",
    ),
    (
        "table.stuck_detail",
        lambda: render("table.stuck_detail", auto=False),
        "Ninguna combinación de tu mano la supera: pulsa «Pasar».",
    ),
    ("table.play", lambda: render("table.play"), "Jugar"),
    ("table.fold", lambda: render("table.fold", folded=True), "Desplegar"),
    ("table.fold", lambda: render("table.fold", folded=False), "Plegar"),
    (
        "table.why_leading",
        lambda: render("table.why_leading"),
        "Abres la baza: no puedes pasar, tienes que jugar algo.",
    ),
    ("table.why_auto", lambda: render("table.why_auto"), "No hay pista que dar: pasas automáticamente."),
    ("table.wait", lambda: render("table.wait"), "Espera tu turno"),
    ("table.their_turn", lambda: render("table.their_turn", who="Oeste"), "Le toca a Oeste."),
    ("table.my_role", lambda: render("table.my_role", landlord=True, who=""), "Eres el terrateniente."),
    (
        "table.my_role",
        lambda: render("table.my_role", landlord=False, who="Este"),
        "Eres campesino: tu compañero es Este.",
    ),
    ("table.my_cards", lambda: render("table.my_cards", n=1), "1 carta"),
    ("table.my_cards", lambda: render("table.my_cards", n=20), "20 cartas"),
    (
        "table.choose_first",
        lambda: render("table.choose_first"),
        "Elige primero las cartas que quieres jugar.",
    ),
    ("table.and_then", lambda: render("table.and_then"), " y luego "),
    ("table.undone_mark", lambda: render("table.undone_mark"), "(deshecha)"),
    (
        "table.undone_before",
        lambda: render("table.undone_before", before="pasar y luego pujar 2"),
        "Antes habías elegido pasar y luego pujar 2 y lo deshiciste.",
    ),
    ("table.review_title", lambda: render("table.review_title"), "Revisa tu partida"),
    ("table.review_key", lambda: render("table.review_key"), "Ver el momento clave"),
    ("table.practice_position", lambda: render("table.practice_position"), "Practica esta posición"),
    (
        "table.review_where",
        lambda: render("table.review_where", where="bidding", table=None),
        "En la subasta",
    ),
    ("table.review_where", lambda: render("table.review_where", where="against", table="K K"), "Contra K K"),
    (
        "table.review_where",
        lambda: render("table.review_where", where="leading", table=None),
        "Abrías la baza",
    ),
    ("table.review_step", lambda: render("table.review_step", k=2, n=9), "decisión 2 de 9"),
    ("table.your_hand", lambda: render("table.your_hand"), "Tu mano:"),
    ("table.review_prev", lambda: render("table.review_prev"), "Anterior"),
    ("table.review_next", lambda: render("table.review_next"), "Siguiente"),
    ("table.review_next_error", lambda: render("table.review_next_error"), "Siguiente error"),
    ("table.result", lambda: render("table.result", won=True), "¡Has ganado!"),
    ("table.result", lambda: render("table.result", won=False), "Has perdido."),
    ("table.again", lambda: render("table.again"), "Repetir este reparto"),
    ("table.next_lessons", lambda: render("table.next_lessons"), "Sigue en «Estrategia», etapa a etapa"),
    ("table.replay_link", lambda: render("table.replay_link"), "Repásala paso a paso en «Manos comentadas»"),
    (
        "table.turn_words",
        lambda: render("table.turn_words", mine=True, who="ti", bidding=True),
        "Te toca pujar.",
    ),
    (
        "table.turn_words",
        lambda: render("table.turn_words", mine=False, who="Este", bidding=False),
        "Le toca a Este jugar.",
    ),
]
CASES += TABLE_CASES


# ---- one hierarchy: the errors that used to be bare ValueError/TypeError, and the catalog's own ----------
def _template_error(template: str) -> BaseException:
    """What rendering a catalog entry with ``template`` raises (the entry is put in and taken out)."""
    messages.CATALOG["test.bad"] = messages.Entry("test.bad", "", template, "")
    try:
        return error(render, "test.bad", x=1)
    finally:
        del messages.CATALOG["test.bad"]
        messages._COMPILED.pop("test.bad", None)


def _duplicate_error() -> BaseException:
    entry = CATALOG["game.game_over"]
    try:
        messages._add((entry,))
    except MessageError as e:
        return e
    raise AssertionError("a code written twice was accepted")


def _mid_hand_record() -> BaseException:
    g = game("3", "3")
    return error(Game.from_position(g.position()).record)


API_ERROR_CASES: list[tuple[str, Callable[[], object], str]] = [
    (
        "game.no_history",
        _mid_hand_record,
        "una partida rehecha desde una posición a mitad de mano no tiene registro: no se sabe su historia",
    ),
    (
        "game.nothing_to_pop",
        lambda: error(game("3", "3").pop),
        "no hay ninguna acción que deshacer: Game.pop() deshace solo las acciones de Game.push()",
    ),
    ("game.game_over", lambda: error(Cpu().advise, _over()), "la mano ya ha terminado"),
    (
        "ai.unknown_level",
        lambda: error(Cpu, "expert"),
        "nivel desconocido «expert»: los niveles son easy, normal y hard",
    ),
    (
        "ai.bad_processes",
        lambda: error(Cpu, "hard", 0),
        "número de procesos no válido: 0; debe ser un entero de 1 a 16",
    ),
    (
        "message.unknown_code",
        lambda: error(render, "no.such"),
        "el catálogo no tiene el código de mensaje «no.such»",
    ),
    (
        "message.unknown_code",
        lambda: error(Reason, "no_such_reason"),
        "el catálogo no tiene el código de mensaje «cpu.no_such_reason»",
    ),
    (
        "message.duplicate_code",
        _duplicate_error,
        "el código de mensaje «game.game_over» está dos veces en el catálogo",
    ),
    (
        "message.template",
        lambda: _template_error("a}b"),
        "la plantilla del mensaje «test.bad» no se puede leer: sobra una llave de cierre en «}b»",
    ),
    (
        "message.template",
        lambda: _template_error("{x"),
        "la plantilla del mensaje «test.bad» no se puede leer: una llave sin cerrar en «{x»",
    ),
    (
        "message.template",
        lambda: _template_error("{x, select, a {1}}"),
        "la plantilla del mensaje «test.bad» no se puede leer: a la elección «x» le falta la rama por defecto",
    ),
    (
        "message.template",
        lambda: _template_error("{x, nope}"),
        "la plantilla del mensaje «test.bad» no se puede leer: el estilo «nope» no existe",
    ),
    (
        "message.template",
        lambda: _template_error("{x, seat, y}"),
        "la plantilla del mensaje «test.bad» no se puede leer: no se entiende «{x, seat, y}»",
    ),
    (
        "message.missing_data",
        lambda: error(render, "game.not_your_turn"),
        "el mensaje «game.not_your_turn» necesita el dato turn; no se le dio ninguno "
        "(plantilla: «no es tu turno: le toca al asiento {turn}»)",
    ),
    (
        "message.missing_data",
        lambda: error(render, "request.out_of_range", field="redeal", other=1),
        "el mensaje «request.out_of_range» necesita el dato max; se le dio field, other "
        "(plantilla: «el campo «{field}» va de 0 a {max}»)",
    ),
    (
        "request.not_object",
        lambda: error(run_op, "classify", []),
        "la entrada de una operación es un objeto JSON",
    ),
    ("request.missing_field", lambda: error(run_op, "classify", {}), "falta el campo «cards»"),
    (
        "request.wrong_type",
        lambda: error(run_op, "deal", {"code": "003N-QK8N1", "redeal": True}),
        "el campo «redeal» no es del tipo que toca",
    ),
    (
        "request.not_strings",
        lambda: error(run_op, "bid", {"bids": ["1", 2]}),
        "el campo «bids» es una lista de textos",
    ),
    (
        "request.unknown_op",
        lambda: error(run_op, "shuffle", {}),
        "no hay ninguna operación «shuffle»: las hay notation, classify, beats, legal, deal, bid, game y endgame",
    ),
    (
        "request.out_of_range",
        lambda: error(run_op, "deal", {"code": "003N-QK8N1", "redeal": 4}),
        "el campo «redeal» va de 0 a 3",
    ),
    (
        "request.too_many_actions",
        lambda: error(
            run_op,
            "game",
            {"hands": HANDS, "kitty": "99B", "first_bidder": 0, "bids": ["p"] * 13, "plays": []},
        ),
        "como mucho 12 pujas y 162 jugadas (los límites de un registro)",
    ),
    (
        "request.three_hands_only",
        lambda: error(run_op, "endgame", {"hands": ["3", "4"], "turn": 1}),
        "el campo «turn» es solo para tres manos",
    ),
    (
        "request.hands_count",
        lambda: error(run_op, "endgame", {"hands": ["3"]}),
        "el campo «hands» lleva dos o tres manos",
    ),
    (
        "request.bad_input",
        lambda: error(run_op, "legal", {"hand": "3x"}),
        "símbolo desconocido «x» en la posición 2; " + SYMBOLS,
    ),
]
CASES += API_ERROR_CASES


@pytest.mark.parametrize(
    ("code", "make", "sentence"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_engine_input_says_the_expected_sentence(
    code: str, make: Callable[[], object], sentence: str
) -> None:
    got_code, text = said(make())
    if got_code is not None:
        assert got_code == code
    assert text == sentence


@contextlib.contextmanager
def codes_rendered() -> Iterator[list[str]]:
    """Every catalog code rendered (nested ones included), in order, while the block runs."""
    seen: list[str] = []
    compiled = messages._compiled

    def spy(code: str) -> Any:
        seen.append(code)
        return compiled(code)

    messages._compiled = spy
    try:
        yield seen
    finally:
        messages._compiled = compiled


def test_every_code_in_the_catalog_is_reached_from_engine_input() -> None:
    with codes_rendered() as seen:
        for code, make, _ in CASES:
            before = len(seen)
            said(make())
            assert code in seen[before:], code  # the row renders its own code
        help_text = _help_texts()
        cli("replay", str(_utf8_junk()))
        cli("replay", str(_open_record()))
    assert "muestra esta ayuda y termina" in help_text and "uso:" in help_text
    assert sorted(set(CATALOG) - set(seen)) == [], "codes no engine input renders"


def _help_texts() -> str:
    parser = build_parser()
    out = [parser.format_help()]
    sub = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction) and "legal" in a.choices
    )
    out += [p.format_help() for p in sub.choices.values()]
    return "\n".join(out)


def _utf8_junk() -> Path:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "junk.json"
    path.write_bytes(b"\xff\xfe")
    return path


def _open_record() -> Path:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "open.json"
    path.write_text(_record(code="003N-QK8N1", actions=["3"]), encoding="utf-8")
    return path


def test_cli_help_and_file_errors_speak_spanish() -> None:
    text = _help_texts()
    for phrase in [
        "uso: ddz",
        "Dou Dizhu: clasifica, compara y lista jugadas.",
        "salida JSON para máquinas",
        "variante de reglas (por defecto: standard)",
        "qué jugada forman unas cartas",
        "si una jugada supera a la de la mesa",
        "todas las jugadas legales de una mano",
        "el reparto de un código de partida",
        "comprueba y puntúa un registro de partida (JSON)",
        "la jugada de la mesa que hay que superar",
        "argumentos:",
        "opciones:",
    ]:
        assert phrase in text, phrase
    junk = _utf8_junk()
    assert cli("replay", str(junk)) == f"error: «{junk}» no es un texto UTF-8 (un registro es JSON)"
    assert cli("replay", str(_open_record())) == "El registro es válido; la mano no ha terminado."


def test_seat_names_come_from_the_caller() -> None:
    names = ("Sur", "Este", "Oeste")
    over = spring()[-1]
    assert over.say(names).startswith("Gana el terrateniente (Sur se queda sin cartas).")
    assert over.say(names).endswith(
        "×2 por cohete (Sur). ×2 por primavera: ningún campesino jugó una carta. "
        "Multiplicador: 8. S = 3 × 8 = 24. Puntos: Sur: +48, Este: −24, Oeste: −24."
    )
    assert game().apply("1")[0].say(names) == "Sur puja 1."


# ---- rendering ----------------------------------------------------------------------------------------
def test_missing_data_raises_a_clear_error() -> None:
    with pytest.raises(MessageDataError) as exc:
        render("verdict.higher", rank="K")
    text = str(exc.value)
    assert "«verdict.higher» necesita los datos table_rank y kickers; se le dio rank" in text
    assert exc.value.code == "missing_data" and exc.value.data["missing"] == ["table_rank", "kickers"]
    with pytest.raises(MessageDataError, match="el dato missing;"):
        GameError("not_in_hand").message  # noqa: B018
    with pytest.raises(MessageError, match=r"no tiene el código de mensaje «no\.such»"):
        render("no.such")


def test_engine_values_carry_plain_data() -> None:
    r = analyze("3x")
    assert isinstance(r, Rejection)
    assert json.loads(json.dumps(r.data)) == {
        "cause": {"code": "notation.unknown_symbol", "data": {"symbol": "x", "column": 2}}
    }
    v = compare("55", "4")
    assert (v.reason, v.rule, v.data) == (
        "different_kind",
        "R-CMP-1",
        {"kind": "pair", "table_kind": "single"},
    )
    e = error(game, "3", "AAAA")
    assert isinstance(e, GameError) and (e.code, e.data) == ("not_in_hand", {"missing": "AAAA"})
    assert render("game." + e.code, e.data) == e.message == str(e)


def test_rule_ids_are_the_catalogs_and_exist() -> None:
    rules = set(re.findall(r"^### (\S+)", (ROOT / "ddz/conformance/data/rules.md").read_text("utf-8"), re.M))
    assert {e.rule for e in CATALOG.values() if e.rule} <= rules
    r = analyze("44445555")
    assert isinstance(r, Rejection) and r.rule == CATALOG["rejection.four_split"].rule == "R-ONE-2"
    assert compare("5555", "4444").rule == "R-CMP-3"  # between bombs, the bomb rule


def test_templates_that_cannot_be_read_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    for bad in ["{x", "a}", "{x, nope}", "{x, select, a {1}}"]:
        monkeypatch.setitem(CATALOG, "test.bad", messages.Entry("test.bad", "", bad, ""))
        monkeypatch.setattr(messages, "_COMPILED", {})
        with pytest.raises(MessageError):
            render("test.bad", x=1)


def test_the_codes_only_the_app_says_live_beside_the_app() -> None:
    """tutorial/catalog.py registers the codes no engine module names; the engine's catalog loads
    without the tutorial, and the two together are the one catalog."""
    app = {e.code for e in APP_ENTRIES}
    assert len(app) > 100 and app <= set(CATALOG)
    engine = [p for p in sorted(ROOT.glob("ddz/**/*.py")) if p.name != "messages.py"]
    source = "\n".join(p.read_text("utf-8") for p in engine)
    assert sorted(c for c in app if f'"{c}"' in source or f"'{c}'" in source) == []
    probe = "import sys, ddz.messages as m; print(len(m.CATALOG), any(n.startswith('tutorial') for n in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == [str(len(CATALOG) - len(app)), "False"]


# ---- no Spanish outside the catalog ---------------------------------------------------------------------
SPANISH = re.compile(
    r"[áéíóúñÁÉÍÓÚÑ¿¡«»]|\b(?:el|la|los|las|del|una|es|con|que|se|por|para|hay|jugadas?|cartas?|asiento"
    r"|mano|puja|pasa|valor|pozo|terrateniente|campesinos|tienes|tiene)\b",
    re.I,
)
ENGINE = sorted([*ROOT.glob("ddz/*.py"), *ROOT.glob("ddz/ai/*.py")])
"""The engine's modules (the conformance tool and the peer adapters are not the engine)."""
ALLOWED: dict[str, set[str]] = {
    "ddz/messages.py": {"*"},  # the catalog itself
    # cpu.py belongs to the strategy work: level names, a joker's data word and the person «tú» are
    # its only Spanish.
    "ddz/ai/cpu.py": {"Fácil", "Difícil", "tú", "pequeño"},
    "ddz/ai/reasons.py": {"tú"},  # the person argument of render()
    # the truth check: the overclaims it looks for in learner text, and how it quotes what it found
    "ddz/ai/truth.py": {
        "juegues como juegues",
        "juegue como juegue",
        "hagan lo que hagan",
        "lo mejor aquí",
        "card notation «",
        "» in learner text",
        "overclaim «",
        "»",
    },
}


def spanish_literals(source: str) -> list[tuple[int, str]]:
    """String constants with Spanish in them, docstrings (bare string statements) left out."""
    tree = ast.parse(source)
    docs = {
        id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    }
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and id(n) not in docs
        and SPANISH.search(n.value)
    ]


def test_the_scan_finds_spanish() -> None:
    found = spanish_literals('"""Docstring: la mano."""\nX = f"no tienes {n} cartas"\nY = "hand"\n')
    assert [text for _, text in found] == ["no tienes ", " cartas"]


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_spanish_literal_outside_the_catalog(path: Path) -> None:
    allowed = ALLOWED.get(str(path.relative_to(ROOT)), set())
    if "*" in allowed:
        return
    found = [(line, text) for line, text in spanish_literals(path.read_text("utf-8")) if text not in allowed]
    assert found == [], f"{path.name}: Spanish outside ddz/messages.py"


def test_the_docs_page_lists_every_code() -> None:
    spec = importlib.util.spec_from_file_location("ddz_docs_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = hooks.messages_page("../")
    for entry in CATALOG.values():
        assert f'<code id="{entry.code}">{entry.code}</code>' in page
    assert "[R-ONE-2](../reglas.md#R-ONE-2)" in page
    assert hooks.expand("<!-- messages -->", "../", "../") == page


def test_the_tutorial_catalog_registers_again_as_a_no_op_and_refuses_a_changed_entry() -> None:
    """A module reloaded by Streamlit's file watcher registers its codes again: the same entries are
    no change; another template under a code already there is refused."""
    import dataclasses

    import tutorial.catalog
    from ddz.messages import CATALOG, MessageError, register

    before = dict(CATALOG)
    register(tutorial.catalog.ENTRIES, tutorial.catalog.GROUPS)
    assert before == CATALOG
    changed = dataclasses.replace(tutorial.catalog.ENTRIES[0], template="otra cosa")
    with pytest.raises(MessageError) as raised:
        register([changed])
    assert raised.value.code == "duplicate_code"
    assert before == CATALOG
