"""The ``ddz`` command: classify, compare and list plays, show deals, check records.

Output is in Spanish; ``--json`` prints machine-readable results. Bad input exits with
status 2 and a clear message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from typing import Any

from .cards import NotationError, parse_hand
from .codes import CodeError, cards_of, deal
from .compare import compare
from .moves import legal_plays
from .plays import KIND_NAMES_ES, InvalidPlay, Play, Rejection, analyze
from .variants import Variant

_ARGPARSE_ES = (
    ("invalid choice", "opción no válida"),
    ("choose from", "elige entre"),
    ("the following arguments are required", "faltan estos argumentos"),
    ("unrecognized arguments", "argumentos no reconocidos"),
    ("expected one argument", "falta el valor"),
    ("invalid int value", "no es un número entero"),
    ("argument", "argumento"),
)


class _Parser(argparse.ArgumentParser):
    """argparse speaking Spanish to the player."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._positionals.title = "argumentos"
        self._optionals.title = "opciones"

    def format_usage(self) -> str:
        return super().format_usage().replace("usage:", "uso:", 1)

    def format_help(self) -> str:
        return (
            super()
            .format_help()
            .replace("usage:", "uso:", 1)
            .replace("show this help message and exit", "muestra esta ayuda y termina")
        )

    def error(self, message: str) -> Any:
        for en, es in _ARGPARSE_ES:
            message = re.sub(rf"\b{en}\b", es, message)
        self.print_usage(sys.stderr)
        self.exit(2, f"error: {message}\n")


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data, ensure_ascii=False) if args.json else text)


def cmd_classify(args: argparse.Namespace) -> int:
    got = analyze(" ".join(args.cards), args.variant)
    if isinstance(got, Play):
        data = {
            "cards": str(got.cards),
            "kind": got.kind,
            "name": got.name,
            "rank": got.rank_symbol,
            "chain": got.chain,
            "body": str(got.body),
            "kickers": str(got.kickers),
        }
        _emit(args, data, f"{got.shown()}: {got.describe()}")
        return 0
    if got.reason == "notation":
        print(f"error: {got.message}", file=sys.stderr)
        return 2
    data = {
        "cards": got.cards,
        "kind": "invalid",
        "reason": got.reason,
        "rule": got.rule,
        "message": got.message,
    }
    _emit(args, data, f"{got.cards or ' '.join(args.cards)}: no es una jugada — {got.message} [{got.rule}]")
    return 1


def cmd_beats(args: argparse.Namespace) -> int:
    for what, text in (("tu jugada", args.play), ("la jugada de la mesa", args.table)):
        got = analyze(text, args.variant)
        if isinstance(got, Rejection) and got.reason == "notation":
            print(f"error: {what} «{text}» no se puede leer: {got.message}", file=sys.stderr)
            return 2
    v = compare(args.play, args.table, args.variant)
    word = "supera" if v.beats else "no supera"
    _emit(
        args,
        {"beats": v.beats, "reason": v.reason, "rule": v.rule, "message": v.message},
        f"{args.play} {word} a {args.table}: {v.message} [{v.rule}]",
    )
    return 0 if v.beats else 1


def cmd_legal(args: argparse.Namespace) -> int:
    hand = parse_hand(" ".join(args.hand))
    table = None
    if args.table:
        got = analyze(args.table, args.variant)
        if not isinstance(got, Play):
            print(f"error: la jugada de la mesa «{args.table}» no es válida: {got.message}", file=sys.stderr)
            return 2
        table = got
    plays = legal_plays(hand, table, args.variant)
    if args.json:
        print(json.dumps({"plays": [str(p) for p in plays]}))
        return 0
    what = f"que superan a {args.table}" if args.table else "de salida"
    print(f"{len(plays)} jugadas {what} con {hand}:")
    for kind in KIND_NAMES_ES:
        group = [p.shown() for p in plays if p.kind == kind]
        if group:
            print(f"  {KIND_NAMES_ES[kind]} ({len(group)}): {' · '.join(group)}")
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    d = deal(args.code, args.redeal)
    hands = [str(cards_of(h)) for h in d.hands]
    data = {"hands": hands, "kitty": str(cards_of(d.kitty)), "first_bidder": d.first_bidder}
    lines = [f"Asiento {i}: {h}" for i, h in enumerate(hands)]
    lines += [f"Pozo: {data['kitty']}", f"Puja primero: asiento {d.first_bidder}"]
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .records import replay

    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as e:
        print(f"error: no se puede leer «{args.file}»: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"error: «{args.file}» no es un texto UTF-8 (un registro es JSON)", file=sys.stderr)
        return 2
    game = replay(text)
    if game.result is None:
        print("El registro es válido; la mano no ha terminado.")
    else:
        _emit(args, game.result.as_dict(), "\n".join(game.result.explain()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ddz", description="Dou Dizhu: clasifica, compara y lista jugadas.")
    p.add_argument("--json", action="store_true", help="salida JSON para máquinas")
    p.add_argument("--variant", default="standard", help="variante de reglas (por defecto: standard)")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    c = sub.add_parser("classify", help="qué jugada forman unas cartas")
    c.add_argument("cards", nargs="+")
    c.set_defaults(func=cmd_classify)
    b = sub.add_parser("beats", help="si una jugada supera a la de la mesa")
    b.add_argument("play")
    b.add_argument("table")
    b.set_defaults(func=cmd_beats)
    legal = sub.add_parser("legal", help="todas las jugadas legales de una mano")
    legal.add_argument("hand", nargs="+")
    legal.add_argument("--table", default=None, help="la jugada de la mesa que hay que superar")
    legal.set_defaults(func=cmd_legal)
    d = sub.add_parser("deal", help="el reparto de un código de partida")
    d.add_argument("code")
    d.add_argument("--redeal", type=int, default=0, choices=range(4))
    d.set_defaults(func=cmd_deal)
    r = sub.add_parser("replay", help="comprueba y puntúa un registro de partida (JSON)")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.variant = Variant.parse(args.variant)
        code: int = args.func(args)
        return code
    except (NotationError, InvalidPlay, CodeError, OSError, ValueError) as e:
        print(f"error: {getattr(e, 'message', e)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
