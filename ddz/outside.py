"""What comes from outside: shown escaped, read bounded.

Text that ddz did not write itself — an implementation's replies and stderr, a third-party corpus,
a record, the command line — may hold characters that act on a terminal (ESC, the 8-bit CSI, a bidi
override, a carriage return, a newline that forges a line). Every output channel of both commands
(text, JSON, Markdown, stderr) passes such text through :func:`printable` or :func:`printable_json`.
Files given from outside are read by :func:`read_capped`: a regular file, at most a cap of bytes.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any


def unsafe(ch: str) -> bool:
    """A control, format or line-separator character: one that can act on a terminal."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")


def printable(text: object) -> str:
    """``str(text)`` with every control or format character escaped (``\\x1b``, ``\\u202e``, ``\\n``):
    what came from outside can never move the cursor, clear or recolour the terminal, reorder the
    line, nor forge a line of ours."""
    return "".join(
        (f"\\x{ord(ch):02x}" if ord(ch) <= 0xFF else f"\\u{ord(ch):04x}") if unsafe(ch) else ch
        for ch in str(text)
    )


def printable_json(value: Any, indent: int | None = None) -> str:
    """``json.dumps(value, ensure_ascii=False)`` with the control and format characters JSON
    leaves raw (DEL, C1 such as the 8-bit CSI, bidi overrides…) escaped as ``\\uXXXX``; the
    result is still JSON and reads back as ``value``."""
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    if indent is not None:  # the indentation's own newlines stay
        return "\n".join(printable_json_line(line) for line in text.split("\n"))
    return printable_json_line(text)


def printable_json_line(text: str) -> str:
    """One line of JSON text with its raw control and format characters escaped as ``\\uXXXX``."""
    return "".join(f"\\u{ord(ch):04x}" if unsafe(ch) else ch for ch in text)


class NotAFile(OSError):
    """A path that is not a regular file (a FIFO, a device, a folder): never read."""


class TooLarge(OSError):
    """A file over the cap: refused before it is parsed."""


def read_capped(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, refusing anything else and anything over ``limit``.

    The file is opened without blocking (a FIFO named like a case file cannot hang the reader) and
    checked on the open descriptor; at most ``limit + 1`` bytes are ever read (``/dev/zero`` is not a
    regular file, and a file that grows while read is still refused)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "is a directory", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"{path}: not a regular file")
        if info.st_size > limit:
            raise TooLarge(f"{path}: larger than {limit} bytes")
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    if got > limit:
        raise TooLarge(f"{path}: larger than {limit} bytes")
    return b"".join(chunks)


def quiet_on_closed_pipe(body: Callable[[], int]) -> int:
    """Run a command's body; when whoever reads its output stops early (``… | head -1``), end
    quietly with status 141 (128 + SIGPIPE, what a Unix tool killed by the closed pipe gives)
    instead of a traceback."""
    try:
        code = body()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        silence(sys.stdout)
        return 141


def silence(stream: IO[str]) -> None:
    """Point ``stream``'s file descriptor at /dev/null: Python flushes stdout once more on the way
    out, and that flush must not fail (and print a traceback) once the reader has gone."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
