"""The ``ddz`` command: classify, compare and list plays, show deals, check records, solve endgames.

Output is in Spanish; ``--json`` (anywhere on the line) prints machine-readable results. Bad
input exits with status 2 and a clear message, never a traceback; with ``--json`` that message is a
JSON object on stdout, ``{"error": {"code": …, "message": …}}`` (``code``: the catalog code of the
problem, such as ``rejection.notation``, ``deal_code.length`` or ``cli.usage``), and nothing goes to
stderr. A reader that stops early (``ddz legal … | head -1``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__
from .cards import NotationError, parse_hand
from .codes import CodeError, cards_of, deal
from .compare import compare
from .endgame import PASS, THREE_HAND_SEATS, Position, solve
from .messages import render
from .moves import legal_plays
from .outside import NotAFile, TooLarge, printable, printable_json, quiet_on_closed_pipe, read_capped
from .plays import KINDS, InvalidPlay, Play, Rejection, analyze
from .variants import Variant

_ARGPARSE_WORDS = (
    ("invalid choice", "invalid_choice"),
    ("choose from", "choose_from"),
    ("the following arguments are required", "required"),
    ("unrecognized arguments", "unrecognized"),
    ("expected one argument", "expected_one"),
    ("invalid int value", "invalid_int"),
    ("argument", "argument"),
)
"""argparse's English error words and their ``cli.argparse`` message in the catalog."""


class _Parser(argparse.ArgumentParser):
    """argparse speaking Spanish to the player."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._positionals.title = render("cli.positionals")
        self._optionals.title = render("cli.optionals")

    def format_usage(self) -> str:
        return super().format_usage().replace("usage:", render("cli.usage"), 1)

    def format_help(self) -> str:
        return (
            super()
            .format_help()
            .replace("usage:", render("cli.usage"), 1)
            .replace("show this help message and exit", render("cli.help_help"))
        )

    def error(self, message: str) -> Any:
        for en, words in _ARGPARSE_WORDS:  # argparse's English, not Spanish, is what is replaced
            message = re.sub(rf"\b{en}\b", render("cli.argparse", words=words), message)
        raise _Failure("cli.usage", render("cli.error", cause=message), self.format_usage())


class _Failure(Exception):
    """An error of the command: a ``code`` (the catalog code of the problem, ``cli.usage`` for a bad
    command line) and its Spanish line ``text`` (``error: …``); ``usage`` for a bad command line."""

    def __init__(self, code: str, text: str, usage: str = "") -> None:
        super().__init__(text)
        self.code, self.text, self.usage = code, text, usage


def _fail(args: argparse.Namespace | bool, code: str, text: str, usage: str = "") -> int:
    """Report an error and return exit status 2: ``text`` on stderr (after ``usage``), or with
    ``--json`` ``{"error": {"code", "message"[, "usage"]}}`` on stdout and nothing on stderr."""
    as_json = args if isinstance(args, bool) else bool(getattr(args, "json", False))
    if as_json:
        error = {"code": code, "message": text.removeprefix(render("cli.error", cause=""))}
        print(printable_json({"error": error | ({"usage": usage.strip()} if usage else {})}))
    else:
        sys.stderr.write(usage)
        _say(text, err=True)
    return 2


def _say(*lines: str, err: bool = False) -> None:
    """Print ``lines``, one per line, each through :func:`~ddz.outside.printable`: whatever came from
    outside on it (an argument, a field of a record) is shown escaped, a newline inside it included,
    so it can neither act on the terminal nor forge a line of ours."""
    for line in lines:
        print(printable(line), file=sys.stderr if err else sys.stdout)


def _emit(args: argparse.Namespace, data: dict[str, Any], *lines: str) -> None:
    if args.json:
        print(printable_json(data))
    else:
        _say(*lines)


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
        _emit(args, data, render("cli.classified", shown=got.shown(), play=got.as_message()))
        return 0
    if got.reason == "notation":
        return _fail(args, got.catalog_code, render("cli.error", cause=got.as_message()))
    data = {
        "cards": got.cards,
        "kind": "invalid",
        "reason": got.reason,
        "rule": got.rule,
        "message": got.message,
    }
    text = render(
        "cli.not_a_play", cards=got.cards or " ".join(args.cards), cause=got.as_message(), rule=got.rule
    )
    _emit(args, data, text)
    return 1


def cmd_beats(args: argparse.Namespace) -> int:
    for what, text in (("play", args.play), ("table", args.table)):
        got = analyze(text, args.variant)
        if isinstance(got, Rejection) and got.reason == "notation":
            text = render("cli.unreadable", what=what, text=text, cause=got.as_message())
            return _fail(args, got.catalog_code, text)
    v = compare(args.play, args.table, args.variant)
    _emit(
        args,
        {"beats": v.beats, "reason": v.reason, "rule": v.rule, "message": v.message},
        render(
            "cli.beats", play=args.play, beats=v.beats, table=args.table, cause=v.as_message(), rule=v.rule
        ),
    )
    return 0 if v.beats else 1


def cmd_legal(args: argparse.Namespace) -> int:
    hand = parse_hand(" ".join(args.hand))
    table = None
    if args.table:
        got = analyze(args.table, args.variant)
        if not isinstance(got, Play):
            text = render("cli.bad_table", table=args.table, cause=got.as_message())
            return _fail(args, got.catalog_code, text)
        table = got
    plays = legal_plays(hand, table, args.variant)
    if args.json:
        print(printable_json({"plays": [str(p) for p in plays]}))
        return 0
    following = bool(args.table)
    _say(render("cli.legal_head", count=len(plays), following=following, table=args.table, hand=str(hand)))
    for kind in KINDS:
        group = [p.shown() for p in plays if p.kind == kind]
        if group:
            _say(render("cli.legal_group", kind=kind.value, count=len(group), plays=" · ".join(group)))
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    d = deal(args.code, args.redeal)
    hands = [str(cards_of(h)) for h in d.hands]
    data = {"hands": hands, "kitty": str(cards_of(d.kitty)), "first_bidder": d.first_bidder}
    lines = [render("cli.deal_seat", seat=i, cards=h) for i, h in enumerate(hands)]
    lines += [render("cli.deal_kitty", cards=data["kitty"]), render("cli.deal_first", seat=d.first_bidder)]
    _emit(args, data, *lines)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .records import MAX_RECORD_BYTES, replay

    try:
        if args.file == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
            if len(data) > MAX_RECORD_BYTES:
                raise TooLarge(args.file)
        else:  # a regular file, never more than the cap (not a FIFO, nor a device such as /dev/zero)
            data = read_capped(args.file, MAX_RECORD_BYTES)
        text = data.decode("utf-8")
    except TooLarge:
        return _fail(args, "cli.too_large", render("cli.too_large", file=args.file, limit=MAX_RECORD_BYTES))
    except OSError as e:
        problem = (
            "missing"
            if isinstance(e, FileNotFoundError)
            else "folder"
            if isinstance(e, IsADirectoryError)
            else "denied"
            if isinstance(e, PermissionError)
            else "notfile"
            if isinstance(e, NotAFile)
            else "other"
        )
        text = render("cli.cannot_read", file=args.file, problem=problem, reason=e.strerror)
        return _fail(args, "cli.cannot_read", text)
    except UnicodeDecodeError:
        return _fail(args, "cli.not_utf8", render("cli.not_utf8", file=args.file))
    game = replay(text)
    if game.result is None:  # valid, but the hand goes on: no result yet
        _emit(args, {"finished": False, "message": render("cli.record_open")}, render("cli.record_open"))
    else:
        _emit(args, game.result.as_dict(), *game.result.explain())
    return 0


CLI_MAX_NODES = 5_000_000
"""The most positions ``ddz endgame`` searches before saying the endgame is too big (some seconds)."""


def _say_move(move: str, variant: Variant) -> str:
    if move == PASS:
        return render("cli.endgame_move", {"pass": True, "cards": ""})
    got = analyze(move, variant)
    shown = got.shown() if isinstance(got, Play) else move
    return render("cli.endgame_move", {"pass": False, "cards": shown})


def _endgame_position(args: argparse.Namespace) -> Position | str:
    """The position the arguments give, or the ``cli.endgame_form`` problem with them."""
    three = [args.landlord, args.farmer1, args.farmer2]
    two = [args.first, args.second]
    if any(x is not None for x in three):
        if any(x is not None for x in two):
            return "both"
        if any(x is None for x in three):
            return "three"
        turn = args.turn or "landlord"
        return Position.three(
            args.landlord,
            args.farmer1,
            args.farmer2,
            turn=turn,
            table=args.table,
            table_seat=args.table_seat,
            variant=args.variant,
        )
    if any(x is None for x in two):
        return "two"
    if args.turn is not None or args.table_seat is not None:
        return "seats"
    return Position.two(args.first, args.second, table=args.table, variant=args.variant)


def cmd_endgame(args: argparse.Namespace) -> int:
    pos = _endgame_position(args)
    if isinstance(pos, str):
        return _fail(args, "cli.endgame_form", render("cli.endgame_form", problem=pos))
    s = solve(pos, max_nodes=CLI_MAX_NODES)
    if args.json:
        print(printable_json(s.as_dict()))
        return 0
    v = pos.variant
    moves = " · ".join(_say_move(m, v) for m in s.winning_moves)
    lines = [
        render("cli.endgame_winner", winner=s.winner),
        render("cli.endgame_moves", count=len(s.winning_moves), moves=moves, mover=pos.seat_name(pos.turn)),
        render("cli.endgame_line"),
    ]
    at = pos
    for m in s.line:
        who = at.seat_name(at.turn)
        at = at.play(m)
        lines.append(render("cli.endgame_step", who=who, move=_say_move(m, v), out=at.winner is not None))
    if args.refutations and s.refutations:
        lines.append(render("cli.endgame_refutations"))
        for m, line in s.refutations:
            steps = " · ".join(_say_move(x, v) for x in line)
            lines.append(render("cli.endgame_refutation", move=_say_move(m, v), steps=steps))
    print("\n".join(lines))
    return 0


def _endgame_parser(sub: Any) -> argparse.ArgumentParser:
    e: argparse.ArgumentParser = sub.add_parser(
        "endgame",
        help=render("cli.help_endgame"),
        description=render("cli.help_endgame"),
        epilog=render("cli.endgame_epilog"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    e.add_argument("first", nargs="?", metavar="FIRST", help=render("cli.help_endgame_arg", arg="first"))
    e.add_argument("second", nargs="?", metavar="SECOND", help=render("cli.help_endgame_arg", arg="second"))
    e.add_argument("--table", default=None, help=render("cli.help_endgame_arg", arg="table"))
    for seat in THREE_HAND_SEATS:
        e.add_argument(f"--{seat}", default=None, help=render("cli.help_endgame_arg", arg=seat))
    e.add_argument("--turn", choices=THREE_HAND_SEATS, help=render("cli.help_endgame_arg", arg="turn"))
    e.add_argument(
        "--table-seat", choices=THREE_HAND_SEATS, help=render("cli.help_endgame_arg", arg="table_seat")
    )
    e.add_argument(
        "--refutations", action="store_true", help=render("cli.help_endgame_arg", arg="refutations")
    )
    e.set_defaults(func=cmd_endgame)
    return e


def _common(p: argparse.ArgumentParser, top: bool) -> None:
    """``--json`` and ``--variant``, on the command and on each subcommand: accepted anywhere.

    On a subcommand they default to ``SUPPRESS``, so that leaving them out there keeps what was
    given before the subcommand."""
    keep: dict[str, Any] = {} if top else {"default": argparse.SUPPRESS}
    p.add_argument("--json", action="store_true", help=render("cli.help_json"), **keep)
    p.add_argument("--variant", help=render("cli.help_variant"), **({"default": "standard"} | keep))


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ddz", description=render("cli.description"))
    p.add_argument(
        "--version", action="version", version=f"ddz {__version__}", help=render("cli.help_version")
    )
    _common(p, top=True)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    c = sub.add_parser("classify", help=render("cli.help_classify"))
    c.add_argument("cards", nargs="+")
    c.set_defaults(func=cmd_classify)
    b = sub.add_parser("beats", help=render("cli.help_beats"))
    b.add_argument("play")
    b.add_argument("table")
    b.set_defaults(func=cmd_beats)
    legal = sub.add_parser("legal", help=render("cli.help_legal"))
    legal.add_argument("hand", nargs="+")
    legal.add_argument("--table", default=None, help=render("cli.help_table"))
    legal.set_defaults(func=cmd_legal)
    d = sub.add_parser("deal", help=render("cli.help_deal"))
    d.add_argument("code")
    d.add_argument("--redeal", type=int, default=0, choices=range(4))
    d.set_defaults(func=cmd_deal)
    r = sub.add_parser("replay", help=render("cli.help_replay"))
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    e = _endgame_parser(sub)
    for each in (c, b, legal, d, r, e):
        _common(each, top=False)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    return quiet_on_closed_pipe(lambda: _main(argv))


def _wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for ``--json`` (or an abbreviation argparse accepts, such as
    ``--js``) before any ``--``: known before it is parsed, so that a usage error is JSON too."""
    words = list(argv)
    words = words[: words.index("--")] if "--" in words else words
    return any(len(w) >= 3 and "--json".startswith(w) and w.startswith("--j") for w in words)


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser().parse_args(words)
    except _Failure as e:
        return _fail(_wants_json(words), e.code, e.text, e.usage)
    try:
        args.variant = Variant.parse(args.variant)
        code: int = args.func(args)
        return code
    except BrokenPipeError:  # an OSError, but not a player's error: see quiet_on_closed_pipe
        raise
    except (NotationError, InvalidPlay, CodeError, OSError, ValueError) as e:
        return _fail(args, getattr(e, "catalog_code", "cli.error"), render("cli.error", cause=str(e)))
    except Exception as e:  # with --json, even a bug answers in JSON (and the traceback is lost)
        if not args.json:
            raise
        return _fail(args, "cli.internal", f"{type(e).__name__}: {e}")


if __name__ == "__main__":
    sys.exit(main())
