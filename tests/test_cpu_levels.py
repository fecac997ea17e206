"""CPU levels «Fácil», «Normal», «Difícil» (issue 11 item 6): they exist, are deterministic and
legal, and each of «Difícil»'s fixes of a measured weakness of «Normal» shows in a small scenario."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from benchmarks.arena import make_agent, run
from ddz.ai import LEVEL_NAMES_ES, LEVELS, Cpu, choose_play, cpu, hint
from ddz.codes import encode, ids_for
from ddz.game import BIDDING, OVER, PASS, PLAYING, Game
from tests.oracle import sample
from tests.test_ai_arena import situation


def test_the_three_levels_and_their_spanish_names() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert LEVEL_NAMES_ES == {"easy": "Fácil", "normal": "Normal", "hard": "Difícil"}
    assert Cpu().level == "normal" and Cpu().name == "cpu"
    assert [Cpu(level).name for level in LEVELS] == ["cpu-easy", "cpu", "cpu-hard"]
    with pytest.raises(ValueError, match="nivel"):
        Cpu("imposible")
    assert [make_agent(n, 0).name for n in ("cpu-easy", "cpu", "cpu-normal", "cpu-hard")] == [
        "cpu-easy",
        "cpu",
        "cpu",
        "cpu-hard",
    ]


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_deterministic_and_legal(level: str) -> None:
    def actions(code: str) -> list[str]:
        g = Game.from_code(code)
        cpu = Cpu(level)
        while g.phase in (BIDDING, PLAYING):
            action = cpu.act(g)
            assert action in g.legal_actions()
            g.apply(action)
        assert g.phase == OVER
        return g.actions

    for i in range(sample(8)):
        code = encode(i * 7919 + 3)
        assert actions(code) == actions(code)


def test_levels_play_differently() -> None:
    played = {level: [a for i in range(3) for a in _play(encode(i * 31 + 1), Cpu(level))] for level in LEVELS}
    assert played["easy"] != played["normal"] != played["hard"]


def _play(code: str, cpu: Cpu) -> list[str]:
    g = Game.from_code(code)
    while g.phase in (BIDDING, PLAYING):
        g.apply(cpu.act(g))
    return g.actions


def test_hint_is_hard() -> None:
    g = situation(["9K", "3344556", "A27788QQ"], landlord=0, turn=2, table="5", table_seat=1)
    assert hint(g) == choose_play(g, level="hard") != choose_play(g, level="normal")


def test_arena_takes_the_levels_as_agents() -> None:
    s = run("cpu-hard", "cpu-easy", 2, bidding=False, workers=1, backend="local", seed=2, quiet=True)
    assert s.games == 4 and {"cpu-hard", "cpu-easy"} <= set(s.latency)


# -- «Difícil»: each measured weakness of «Normal», in a position where «Normal» shows it ------------


def test_hard_farmer_before_the_landlord_covers_a_low_play_of_the_partner() -> None:
    # The landlord (0) has 2 cards and plays next; the partner (1) led a 5: let it run and the
    # landlord beats it and goes out. «Normal» never overtakes the partner; «Difícil» does.
    g = situation(["9K", "3344556", "A27788QQ"], landlord=0, turn=2, table="5", table_seat=1)
    assert choose_play(g, level="normal").action == PASS
    advice = choose_play(g, level="hard")
    assert advice.action != PASS and advice.why.code == "cover_partner"
    assert "superas el 5 de tu compañero" in advice.reason


def test_hard_attaches_a_low_single_to_a_trio() -> None:
    g = situation(
        ["3KKK55", "456789TJQQKAA2BR7", "3344566778899TTJ"], landlord=0, turn=0
    )  # «Normal» leads the lone 3
    assert choose_play(g, level="normal").action == "3"
    advice = choose_play(g, level="hard")
    assert advice.why.code == "attach_kicker" and advice.action in ("3KKK", "55KKK")


def test_hard_breaks_222_to_take_the_lead() -> None:
    # The landlord led an A; farmer 1 holds 222 and many small cards: passing is not free.
    g = situation(
        ["3456789TJQQKAA", "2223569TJ", "3344556677889"], landlord=0, turn=1, table="A", table_seat=0
    )
    assert choose_play(g, level="normal").action == PASS
    advice = choose_play(g, level="hard")
    # Issue 17: the partner (Oeste) plays next and could still take the trick: no «pasar le dejaría
    # la salida a Sur» here.
    assert advice.action == "2" and advice.why.code == "fewest_plays"


def test_take_lead_only_when_a_pass_really_leaves_the_lead() -> None:
    # The landlord (Este) faces Oeste's 3; Oeste plays right after Este: a pass ends the trick.
    g = situation(
        ["3444667788TTJJKAA", "345567799TTKKA22", "556889JJQKA22"],
        landlord=1,
        turn=1,
        table="3",
        table_seat=2,
    )
    advice = choose_play(g, level="hard")
    assert advice.why.code == "take_lead", advice.reason
    assert advice.reason.startswith("pasar le dejaría la salida a Oeste: superas a 3")


def test_hard_bombs_when_an_opponent_has_five_cards() -> None:
    # The landlord faces a K from farmer 2; farmer 1 has 5 cards: bomb now, not at the end.
    g = situation(["88883469", "TTJQK", "3344556677"], landlord=0, turn=0, table="K", table_seat=2)
    assert choose_play(g, level="normal").action == PASS
    advice = choose_play(g, level="hard")
    assert advice.action == "8888" and advice.why.code == "bomb_now"


def test_easy_plays_the_lowest_that_beats() -> None:
    g = situation(
        ["3456789TJQQKAA", "2223569TJ", "3344556677889"], landlord=0, turn=1, table="8", table_seat=0
    )
    advice = Cpu("easy").advise(g)
    assert advice.action == "9" and advice.why.code == "lowest_play"
    assert advice.reason == "9 es lo más bajo que supera a 8"


def test_easy_bids_on_high_cards_only() -> None:
    from ddz.ai.cpu import easy_bid
    from ddz.cards import parse

    assert easy_bid(parse("3456789TJQ22BRKKA"), 0) == 2
    assert easy_bid(parse("3358TTJQQKA457899"), 0) == 0


# -- «Difícil»'s endgame playouts: bounded, deterministic, blind to the hidden cards ---------------


def _endgame_positions(count: int) -> list[Game]:
    """Positions of real hands (played by «Normal») where «Difícil» would run its playouts."""
    out: list[Game] = []
    i = 0
    while len(out) < count:
        g = Game.from_code(encode(i * 7919 + 5))
        g.skip_bidding(g.first_bidder, 1)
        i += 1
        while g.phase == PLAYING:
            if sum(len(h) for h in g.hands) <= cpu.ROLLOUT_CARDS and len(g.legal_actions()) > 2:
                out.append(copy.deepcopy(g))
                break
            g.apply(choose_play(g, level="normal").action)
    return out


def test_hard_playouts_stay_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Count every «Normal» decision simulated inside one «Difícil» decision (the decision itself
    # is one more call): never more than the budget, and the budget does bind.
    calls = 0
    decide = cpu._decide

    def counting(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return decide(*args)

    monkeypatch.setattr(cpu, "_decide", counting)
    used = []
    for g in _endgame_positions(12):
        calls = 0
        choose_play(g, level="hard")
        used.append(calls - 1)
    assert max(used) <= cpu.ROLLOUT_BUDGET
    assert max(used) > cpu.ROLLOUT_BUDGET // 2, "the positions do run playouts"
    monkeypatch.setattr(cpu, "ROLLOUT_BUDGET", 40)
    for g in _endgame_positions(4):
        calls = 0
        choose_play(g, level="hard")
        assert calls - 1 <= 40


def test_hard_is_deterministic_and_sees_only_its_seat() -> None:
    # The same decision (and reason) again, after forgetting every cache, and whatever the hidden
    # cards: redealing the other two hands (same counts, same kitty cards kept) changes nothing.
    for g in _endgame_positions(6):
        first = choose_play(g, level="hard")
        cpu._boss.cache_clear()
        cpu._sure.cache_clear()
        cpu._ENDGAME.clear()
        assert choose_play(g, level="hard") == first
        for hands in cpu.rollout_deals(g, g.turn)[:3]:
            other = copy.deepcopy(g)
            other.hands = [ids_for(h) for h in hands]
            other._hand_cache = {}
            assert other.hand(g.turn) == g.hand(g.turn)
            assert choose_play(other, level="hard") == first


@pytest.mark.parametrize("level", LEVELS)
def test_advice_for_a_seat_not_to_move_is_a_clear_error(level: str) -> None:
    """Issue 27: «Pista» pressed as the automatic pass fired asked for seat 0 while seat 1 was to
    move; the hint took the mover's plays out of seat 0's hand and raised StopIteration. Now the
    engine says, in the catalog's words, that it is not that seat's turn; the mover still gets a
    legal answer from its own hand."""
    from ddz.game import GameError
    from tutorial.practice import Practice

    p, error = Practice.start("FXYD-VCVEM", ["p", "p", "9S", "QD", "2D", "p"], "hard")
    g = p.game
    assert not error and g.phase == PLAYING and g.turn == 1
    asks: tuple[Callable[[], object], ...] = (lambda: hint(g, 0), lambda: choose_play(g, 2, level=level))
    for ask in asks:
        with pytest.raises(GameError) as e:
            ask()
        assert e.value.code == "not_your_turn" and e.value.data == {"turn": 1}
    advice = choose_play(g, 1, level=level)
    assert advice.action in g.legal_actions()  # the mover's own plays


def test_plan_memos_are_shared_bounded_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """``decompose`` shares its memos between hands with the same bombs: the plans are those of a fresh
    search, and the memos stay within their bounds (a call adds at most what a fresh call would)."""
    from ddz.ai import solver

    hands = [str(Game.from_code(encode(i * 7 + 1)).hand(s)) for i in range(12) for s in range(3)]
    fresh, grows = [], []
    for h in hands:
        solver._PLAN_MEMOS.clear()
        fresh.append([str(p) for p in solver.decompose(h)])
        grows.append(sum(len(m) for m, _ in solver._PLAN_MEMOS.values()))
    monkeypatch.setattr(solver, "_PLAN_LIMIT", 300)
    monkeypatch.setattr(solver, "_LOWEST_LIMIT", 200)
    solver._PLAN_MEMOS.clear()
    solver._LOWEST.clear()
    shared = []
    for h in hands:
        shared.append([str(p) for p in solver.decompose(h)])
        assert sum(len(m) for m, _ in solver._PLAN_MEMOS.values()) <= 300 + max(grows)
        assert len(solver._LOWEST) <= 200
    assert shared == fresh
    solver._PLAN_MEMOS.clear()
    solver._LOWEST.clear()
