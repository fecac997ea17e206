"""Coverage-guided fuzzing of the three entry points that read untrusted text.

    .venv/bin/python tools/fuzz.py --seconds 300            # all three targets, atheris
    .venv/bin/python tools/fuzz.py --target protocol --seconds 60
    .venv/bin/python tools/fuzz.py --engine hypothesis --seconds 60

Targets and what must hold for *every* input:

- ``parse``: :func:`ddz.cards.parse` returns :class:`~ddz.cards.Cards` or raises
  :class:`~ddz.cards.NotationError`; :func:`ddz.plays.analyze` returns a play or a rejection;
  the canonical string parses back to the same cards.
- ``protocol``: :func:`ddz.protocol.respond` never raises and answers one line of JSON that
  encodes to UTF-8, within a time bound.
- ``replay``: :func:`ddz.records.replay` returns a game or raises
  :class:`~ddz.records.RecordError`; a replayed game's own record replays to the same state.

The engine is atheris (libFuzzer) when it is installed (``make fuzz`` installs it), else hypothesis
(``st.binary()``, not coverage-guided). Seeds come from the conformance corpus and a played game.
A crash prints the input and exits 1; atheris also writes it to ``crash-*`` in the current folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGETS = ("parse", "protocol", "replay")
SLOW = 2.0
"""Seconds one input may take before it counts as unbounded work."""


class FuzzFailure(AssertionError):
    """An input broke a promise of the target."""


def _check_parse(text: str) -> None:
    from ddz.cards import Cards, NotationError, parse
    from ddz.plays import Play, Rejection, analyze

    try:
        cards = parse(text)
    except NotationError:
        pass
    else:
        if not isinstance(cards, Cards) or parse(str(cards)) != cards:
            raise FuzzFailure(f"parse({text!r}) does not round-trip: {cards!r}")
    got = analyze(text)
    if not isinstance(got, Play | Rejection):
        raise FuzzFailure(f"analyze({text!r}) returned {got!r}")


_IMPL: tuple[dict[str, Any], Callable[[str, dict[str, Any]], dict[str, Any]]] | None = None


def _check_protocol(line: str) -> None:
    global _IMPL
    from ddz.protocol import ddz_implementation, respond
    from ddz.variants import STANDARD

    if _IMPL is None:
        _IMPL = ddz_implementation(STANDARD)
    text, _stop = respond(line, *_IMPL)
    if "\n" in text or "\r" in text:
        raise FuzzFailure(f"respond({line!r}) answered more than one line: {text!r}")
    text.encode("utf-8")  # raises on a lone surrogate
    if not isinstance(json.loads(text), dict):
        raise FuzzFailure(f"respond({line!r}) answered {text!r}")


def _check_replay(text: str) -> None:
    from ddz.records import RecordError, replay

    try:
        game = replay(text)
    except RecordError:
        return
    again = replay(json.dumps(game.record()))
    if again.hands != game.hands or again.result != game.result:
        raise FuzzFailure(f"replay({text!r}) does not replay its own record")


CHECKS: dict[str, Callable[[str], None]] = {
    "parse": _check_parse,
    "protocol": _check_protocol,
    "replay": _check_replay,
}


def check(target: str, data: bytes) -> None:
    """Run one input through ``target``; raise :class:`FuzzFailure` (or anything else) on a bug."""
    text = data.decode("utf-8", errors="surrogateescape" if data[:1] == b"\xff" else "replace")
    start = time.perf_counter()
    CHECKS[target](text)
    took = time.perf_counter() - start
    if took > SLOW:
        raise FuzzFailure(f"{target} took {took:.1f} s on {text[:200]!r}")


def seeds() -> dict[str, list[bytes]]:
    """Valid and nearly valid inputs for each target: corpus requests and a played game."""
    from ddz.conformance.corpus import load_cases
    from ddz.game import Game

    cases = load_cases()
    notation = [c.input.get("cards", "") for c in cases if c.op in ("notation", "classify")]
    requests = [
        json.dumps({"cmd": "run", "seq": i, "op": c.op, "input": c.input}, ensure_ascii=False)
        for i, c in enumerate(cases)
    ]
    requests += ['{"cmd":"start","version":1}', '{"cmd":"stop"}']
    game = Game.from_code("003N-QK8N1")
    while game.result is None:
        game.apply(game.legal_actions()[0])
    record = json.dumps(game.record(), ensure_ascii=False)
    return {
        "parse": [s.encode() for s in notation if isinstance(s, str)],
        "protocol": [r.encode() for r in requests],
        "replay": [record.encode(), record.replace('"actions": [', '"actions": ["p", ').encode()],
    }


def _pick(data: bytes, targets: tuple[str, ...]) -> tuple[str, bytes]:
    """The first byte chooses the target when fuzzing several at once."""
    if len(targets) == 1:
        return targets[0], data
    if not data:
        return targets[0], data
    return targets[data[0] % len(targets)], data[1:]


def run_atheris(targets: tuple[str, ...], seconds: int) -> int:
    import atheris

    with atheris.instrument_imports(include=["ddz"]):
        import ddz.cards
        import ddz.codes
        import ddz.compare
        import ddz.game
        import ddz.moves
        import ddz.ops
        import ddz.plays
        import ddz.protocol
        import ddz.records  # noqa: F401

    def one_input(data: bytes) -> None:
        target, rest = _pick(data, targets)
        check(target, rest)

    corpus = Path(tempfile.mkdtemp(prefix="ddz-fuzz-"))
    for target, found in seeds().items():
        if target in targets:
            prefix = b"" if len(targets) == 1 else bytes([targets.index(target)])
            for i, s in enumerate(found):
                (corpus / f"{target}-{i}").write_bytes(prefix + s)
    args = [sys.argv[0], f"-max_total_time={seconds}", "-timeout=10", "-rss_limit_mb=2048"]
    args += ["-artifact_prefix=fuzz-crash-", str(corpus)]
    print(f"atheris: {', '.join(targets)} for {seconds} s, seeds in {corpus}", flush=True)
    atheris.Setup(args, one_input)
    atheris.Fuzz()  # exits the process; libFuzzer prints «Done N runs in S second(s)»
    return 0


def run_hypothesis(targets: tuple[str, ...], seconds: int) -> int:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    runs = 0
    all_seeds = [(t, s) for t, found in seeds().items() if t in targets for s in found]
    inputs = st.tuples(
        st.sampled_from(targets), st.binary(max_size=400) | st.sampled_from(all_seeds).map(lambda x: x[1])
    )

    @settings(max_examples=2000, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(inputs)
    def batch(target_data: tuple[str, bytes]) -> None:
        nonlocal runs
        runs += 1
        check(*target_data)

    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch()
    took = time.perf_counter() - start
    print(f"hypothesis: Done {runs} runs in {took:.0f} second(s) ({runs / took:.0f}/s), no failure")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=60, help="how long to fuzz (default 60)")
    parser.add_argument("--target", choices=(*TARGETS, "all"), default="all")
    parser.add_argument("--engine", choices=("atheris", "hypothesis"), default=None)
    args = parser.parse_args(argv)
    targets = TARGETS if args.target == "all" else (args.target,)
    engine = args.engine
    if engine is None:
        try:
            import atheris  # noqa: F401

            engine = "atheris"
        except ImportError:
            engine = "hypothesis"
    if engine == "atheris":
        return run_atheris(targets, args.seconds)
    return run_hypothesis(targets, args.seconds)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main())
