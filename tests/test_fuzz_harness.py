"""The fuzz harness (tools/fuzz.py) itself: its seeds pass, the inputs that once killed the server
or the replayer pass, and it does report a target that breaks its promise."""

from __future__ import annotations

import json

import pytest

from tools import fuzz

ONCE_FATAL = {
    "protocol": [
        b'{"cmd":"run","seq":1,"op":"notation","input":{"cards":"\\ud800"}}',
        b"[" * 3000 + b"]" * 3000,
        b'{"cmd":"run","seq":' + b"9" * 5000 + b',"op":"notation","input":{}}',
        b'{"cmd":"run","seq":2,"op":"deal","input":{"code":"003N-QK8N1","redeal":1000000000000}}',
        b"\xff\xfe\x00garbage",
    ],
    "replay": [b'{"format":"ddz-record","version":1,"variant":5,"actions":[]}', b"[" * 3000],
    "parse": [b"\xed\xa0\x80", b"10" * 30, b"\xff\x80"],
}


@pytest.mark.parametrize("target", fuzz.TARGETS)
def test_seeds_and_once_fatal_inputs_pass(target: str) -> None:
    seeds = fuzz.seeds()[target]
    assert seeds, "every target has seeds"
    for data in seeds[:40] + ONCE_FATAL[target]:
        fuzz.check(target, data)


def test_a_broken_promise_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    import ddz.protocol

    def two_lines(line: str, *args: object) -> tuple[str, bool]:
        return json.dumps({"a": 1}) + "\n{}", False

    monkeypatch.setattr(ddz.protocol, "respond", two_lines)
    with pytest.raises(fuzz.FuzzFailure, match="more than one line"):
        fuzz.check("protocol", b'{"cmd":"stop"}')


def test_the_first_byte_picks_the_target() -> None:
    assert fuzz._pick(b"\x01abc", fuzz.TARGETS) == ("protocol", b"abc")
    assert fuzz._pick(b"\x05abc", fuzz.TARGETS) == ("replay", b"abc")
    assert fuzz._pick(b"abc", ("parse",)) == ("parse", b"abc")
