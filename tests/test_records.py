"""Game records: replayed in linear time, bounded in size and actions, strictly typed; the same
bounds in the protocol's game op and the ``ddz replay`` command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ddz.codes import encode
from ddz.game import Game

# ---- records: bounded, linear, strictly typed ---------------------------------------------------

HANDS = ["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"]


def _deal_record(**deal: object) -> dict[str, object]:
    return {
        "format": "ddz-record",
        "version": 1,
        "deal": {"hands": HANDS, "kitty": "99B", "first_bidder": 0, **deal},
        "actions": [],
    }


def _redeal_record(redeals: int) -> str:
    import json

    return json.dumps(
        {
            "format": "ddz-record",
            "version": 1,
            "variant": "unlimited_redeals",
            "code": encode(12345),
            "actions": ["p"] * (3 * redeals),
        }
    )


def test_a_long_unlimited_redeals_record_replays_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record of n redeals deals n + 1 deals, each once (dealing every deal again at each redeal
    would deal about n²/2). Counted, not timed: under CI load a 1-second pass mark failed (1.05 s),
    and so did a ratio of the fastest of five replays (10.3 for 4 times the redeals, 3.8 quiet)."""
    import time

    import ddz.codes
    from ddz.records import MAX_RECORD_REDEALS, replay

    real = ddz.codes._next
    dealt = 0

    def counted(rng: Any, index: int) -> Any:
        nonlocal dealt
        dealt += 1
        return real(rng, index)

    monkeypatch.setattr(ddz.codes, "_next", counted)
    for redeals in (MAX_RECORD_REDEALS // 4, MAX_RECORD_REDEALS):  # the most a record may ask for
        dealt = 0
        t0 = time.perf_counter()
        g = replay(_redeal_record(redeals))
        print(f"replay: {redeals} redeals, {dealt} deals dealt, {time.perf_counter() - t0:.3f} s")
        assert g.redeals == redeals
        assert redeals + 1 <= dealt <= redeals + 4, f"{dealt} deals dealt for {redeals} redeals"


def test_redeals_continue_the_same_sequence_as_dealing_them_all_at_once() -> None:
    from ddz.codes import deals
    from ddz.variants import Variant

    code = encode(777)
    g = Game.from_code(code, Variant.parse("unlimited_redeals"))
    for _ in range(3 * 9):
        g.apply("p")
    assert g.deal == deals(code, 10)[9]
    h = g.copy()
    for _ in range(3):
        h.apply("p")
    assert h.deal == deals(code, 11)[10] and g.deal == deals(code, 10)[9]


def test_records_are_bounded() -> None:
    import json

    from ddz.records import MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, MAX_RECORD_REDEALS, RecordError, replay

    with pytest.raises(RecordError) as e:
        replay(_redeal_record(MAX_RECORD_REDEALS + 1))
    assert e.value.code == "too_many_redeals" and str(MAX_RECORD_REDEALS) in e.value.message
    with pytest.raises(RecordError) as e:
        replay(" " * (MAX_RECORD_BYTES + 1))
    assert e.value.code == "too_large" and "bytes" in e.value.message
    rec = json.loads(_redeal_record(0))
    rec["actions"] = ["p"] * (MAX_RECORD_ACTIONS + 1)
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert e.value.code == "too_many_actions"


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        ({"first_bidder": 1.0}, "deal.first_bidder"),
        ({"first_bidder": True}, "deal.first_bidder"),
        ({"redeals": 2.5}, "deal.redeals"),
        ({"redeals": True}, "deal.redeals"),
        ({"kitty": 99}, "deal.kitty"),
    ],
)
def test_record_fields_have_strict_types(deal: dict[str, object], field: str) -> None:
    from ddz.records import RecordError, replay

    with pytest.raises(RecordError) as e:
        replay(_deal_record(**deal))
    assert e.value.code == "bad_field" and field in e.value.message


def test_from_hands_refuses_a_bool_or_float_seat() -> None:
    from ddz.game import GameError

    for first, redeals in ((True, 0), (1.0, 0), (0, 2.5), (0, False)):
        with pytest.raises(GameError):
            Game.from_hands(HANDS, "99B", first, redeals)  # type: ignore[arg-type]


def test_the_protocol_bounds_a_game_request() -> None:
    from ddz.ops import OpError, run_op

    inp = {"hands": HANDS, "kitty": "99B", "first_bidder": 0, "bids": ["3"], "plays": ["p"] * 10_000}
    with pytest.raises(OpError):
        run_op("game", inp)


@pytest.mark.parametrize(
    "content",
    [
        '{"format":"ddz-record","version":1,"deal":{"hands":%s,"kitty":"99B","first_bidder":1.0},"actions":[]}',
        '{"format":"ddz-record","version":1,"deal":{"hands":%s,"kitty":"99B","first_bidder":true},"actions":[]}',
        '{"format":"ddz-record","version":1,"deal":{"hands":%s,"kitty":"99B","first_bidder":0,"redeals":2.5},"actions":[]}',
    ],
)
def test_ddz_replay_refuses_loose_types_with_exit_2(content: str, tmp_path: Path, capsys: Any) -> None:
    import json

    from ddz.cli import main

    f = tmp_path / "r.json"
    f.write_text(content % json.dumps(HANDS), encoding="utf-8")
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert "número entero" in err and "Traceback" not in err


def test_ddz_replay_reads_at_most_the_cap() -> None:
    import os
    import subprocess
    import sys

    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root))
    try:  # on main (f105911) this read /dev/zero until memory ran out
        r = subprocess.run(
            [sys.executable, "-m", "ddz.cli", "replay", "/dev/zero"],
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("ddz replay /dev/zero did not stop at the size cap")
    # refused unread: a device is not a regular file
    assert r.returncode == 2 and "no es un archivo normal" in r.stderr and "Traceback" not in r.stderr
