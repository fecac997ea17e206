"""«Difícil» on more than one process: helper processes play some of a decision's
deals, and nothing a player sees depends on them: the same outcomes, counted in the same order under
the same budget, as a plain loop that plays every deal here one after the other; a helper that dies
or hangs has its deal played here."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator

import pytest

from ddz.ai import Cpu, choose_play, cpu
from ddz.ai.helpers import Helper
from ddz.game import Game
from tests.test_cpu_levels import _endgame_positions

Still = Callable[[list[tuple[int, ...]]], list[int]]


def _one_after_the_other(
    game: Game, actions: list[str], budget: int, still_open: Still | None
) -> list[tuple[int, ...]]:
    """The reference: every deal in order, each live action played out with what the shared
    budget has left; a deal whose playouts do not all fit is not counted, and nothing after it."""
    budget_left = cpu._Budget(budget)
    live = list(range(len(actions)))
    out: list[tuple[int, ...]] = []
    for hands in cpu.rollout_deals(game, game.turn):
        row = []
        for j, action in enumerate(actions):
            if j not in live:
                row.append(cpu.NOT_PLAYED)
                continue
            row.append(cpu.playout(game, hands, action, budget_left))
            if budget_left.cut:
                return out
        out.append(tuple(row))
        if still_open is not None:
            live = [j for j in still_open(out) if j in live]
            if not live:
                break
    return out


def _drop_second_after(deals: int) -> Still:
    """Leaves out the second action after ``deals`` deals, and everything after twice as many."""
    return lambda out: [] if len(out) >= 2 * deals else [0, 2] if len(out) >= deals else [0, 1, 2]


@pytest.fixture(scope="module")
def helper() -> Iterator[Helper]:
    h = Helper()
    yield h
    h.close()


@pytest.mark.parametrize(
    ("budget", "still_open"),
    [(100_000, None), (300, None), (700, _drop_second_after(3)), (100_000, _drop_second_after(5))],
)
def test_helpers_give_the_outcomes_of_one_deal_after_the_other(
    helper: Helper, budget: int, still_open: Still | None
) -> None:
    checked = cut_short = 0
    for g in _endgame_positions(4):
        actions = g.legal_actions()[:3]
        expected = _one_after_the_other(g, actions, budget, still_open)
        assert cpu.rollout_outcomes(g, g.turn, actions, budget, still_open) == expected
        answered = helper.answered
        assert cpu.rollout_outcomes(g, g.turn, actions, budget, still_open, helpers=[helper]) == expected
        assert helper.answered > answered and not helper.failed, "the helper played deals"
        checked += 1
        cut_short += len(expected) < cpu.ROLLOUT_SAMPLES
    assert checked == 4
    if budget < 1000 or still_open is not None:
        assert cut_short >= 2, "the budget (or the settling) stops the playouts early"


def test_difficil_on_two_processes_chooses_as_on_one() -> None:
    two = Cpu("hard", processes=2)
    try:
        positions = _endgame_positions(26)[14:]  # the 19th's choice comes from the playouts
        alone = [choose_play(g, level="hard") for g in positions]
        assert [two.advise(g) for g in positions] == alone
        assert sum(a.why.code == "playout" for a in alone) >= 1, "some choices come from the playouts"
        assert two.helpers[0].answered > 0 and not two.helpers[0].failed
    finally:
        two.close()


def test_a_helper_that_dies_has_its_deals_played_here() -> None:
    g = _endgame_positions(3)[2]
    actions = g.legal_actions()[:3]
    expected = cpu.rollout_outcomes(g, g.turn, actions)
    h = Helper()
    assert h.send("ddz.ai.cpu:sign_test", 2, 0) and h.receive() == 0.25 and h._process is not None
    h._process.kill()
    h._process.wait()
    assert cpu.rollout_outcomes(g, g.turn, actions, helpers=[h]) == expected
    assert h.failed and h.answered == 1
    assert cpu.rollout_outcomes(g, g.turn, actions, helpers=[h]) == expected  # not started again
    assert h._process is None


def test_a_helper_that_hangs_is_given_up_and_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    import ddz.ai.helpers as helpers

    g = _endgame_positions(2)[1]
    actions = g.legal_actions()[:3]
    expected = cpu.rollout_outcomes(g, g.turn, actions)
    h = Helper()
    assert h.send("ddz.ai.cpu:sign_test", 2, 0) and h.receive() == 0.25 and h._process is not None
    monkeypatch.setattr(helpers, "ANSWER_SECONDS", 0.5)  # once started (starting may take longer)
    process = h._process
    os.kill(process.pid, signal.SIGSTOP)  # alive, never answering
    assert cpu.rollout_outcomes(g, g.turn, actions, helpers=[h]) == expected
    assert h.failed
    assert process.poll() is not None, "the hung process was killed"


@pytest.mark.parametrize("processes", [0, -1, 17, 1.5, "2", True, None])
def test_a_wrong_number_of_processes_is_refused_in_spanish(processes: object) -> None:
    with pytest.raises(cpu.AiError, match=r"número de procesos no válido: .*entero de 1 a 16") as e:
        Cpu("hard", processes)  # type: ignore[arg-type]
    assert e.value.code == "bad_processes"


@pytest.mark.parametrize("dropped", [0, 1])
def test_every_budget_ends_the_playouts_where_one_deal_after_the_other_does(
    helper: Helper, dropped: int
) -> None:
    # Budgets one decision apart put the end of the budget in every playout of the first deals,
    # exactly at its end among them, and in deals played by the helper after an action was left out.
    g = _endgame_positions(1)[0]
    actions = g.legal_actions()[:3]

    def still_open(out: list[tuple[int, ...]]) -> list[int]:
        return [j for j in range(3) if j != dropped] if out else [0, 1, 2]  # one left out after a deal

    lengths = set()
    for budget in range(1, 160):
        expected = _one_after_the_other(g, actions, budget, still_open)
        assert cpu.rollout_outcomes(g, g.turn, actions, budget, still_open, helpers=[helper]) == expected, (
            budget
        )
        lengths.add(len(expected))
    assert len(lengths) >= 4, "the budgets end the playouts after different numbers of deals"


def test_one_deals_playouts_share_the_budget_or_each_have_it() -> None:
    g = _endgame_positions(1)[0]
    actions = g.legal_actions()[:3]
    hands = cpu.rollout_deals(g, g.turn)[0]
    won, alone = cpu.deal_outcomes(g, hands, actions, (0, 1, 2), 10_000)
    assert won == tuple(cpu.playout(g, hands, a) for a in actions) and min(alone) >= 2
    # shared: each playout gets what the ones before it left; after a cut none is played
    for left in range(1, sum(alone) + 1):
        shared = cpu.deal_outcomes(g, hands, actions, (0, 1, 2), left, shared=True)[1]
        fits = [sum(alone[: j + 1]) <= left for j in range(3)]
        assert shared == tuple(u if ok else cpu.CUT for u, ok in zip(alone, fits, strict=True)), left
    # not shared: each playout may use the whole budget (the caller counts them in order)
    for left in range(1, max(alone) + 1):
        each = cpu.deal_outcomes(g, hands, actions, (0, 1, 2), left)[1]
        assert each == tuple(u if u <= left else cpu.CUT for u in alone), left
    assert cpu.deal_outcomes(g, hands, actions, (2,), 10_000) == (
        (cpu.NOT_PLAYED,) * 2 + won[2:],
        (0, 0, alone[2]),
    )


@pytest.mark.parametrize("function", ["os:getcwd", "ddz.ai.cpu:no_such_function", "ddz.nowhere:f", "junk"])
def test_a_helper_runs_only_the_engines_functions(function: str) -> None:
    h = Helper()
    try:
        assert h.send(function) and h.receive() is None and h.failed  # refused: the caller does the work
        assert not h.send("ddz.ai.cpu:sign_test", 2, 0) and h.receive() is None  # not used again
    finally:
        h.close()


@pytest.mark.parametrize("python", ["", None, "/nonexistent/python3"])
def test_a_helper_that_cannot_start_leaves_the_work_here(
    monkeypatch: pytest.MonkeyPatch, python: str
) -> None:
    g = _endgame_positions(1)[0]
    actions = g.legal_actions()[:2]
    expected = cpu.rollout_outcomes(g, g.turn, actions, deals=4)
    monkeypatch.setattr("sys.executable", python)
    h = Helper()
    assert cpu.rollout_outcomes(g, g.turn, actions, deals=4, helpers=[h]) == expected
    assert h.failed and h.answered == 0


def _budgets_ending_in_each_deal(g: Game, actions: list[str], still_open: Still, deals: int) -> list[int]:
    """Budgets that end exactly at, just before and just after every playout of the first ``deals``
    deals of one deal after the other (with ``still_open`` leaving actions out on the way)."""
    live, spent = [0, 1, 2], 0
    out: list[tuple[int, ...]] = []
    budgets: set[int] = set()
    for hands in cpu.rollout_deals(g, g.turn)[:deals]:
        _, used = cpu.deal_outcomes(g, hands, actions, tuple(live), 1 << 29)
        for j in live:
            spent += used[j]
            budgets |= {spent - 1, spent, spent + 1}
        out.append((0,) * 3)
        live = [j for j in still_open(out) if j in live]
    return sorted(b for b in budgets if b > 0)


@pytest.mark.parametrize("processes", [2, 3])
def test_deals_played_ahead_with_an_action_since_left_out_count_as_one_after_the_other(
    processes: int,
) -> None:
    # Helpers take deals in turns of two and this process plays ahead while they work: those deals
    # carry the actions open when they were handed out. With the first action left out after the
    # first deal, a deal played ahead still plays it first; where the budget ends inside such a deal,
    # the count must end where one deal after the other ends (and not where a shared budget, spent on
    # the action no longer open, would end it).
    g = _endgame_positions(1)[0]
    actions = g.legal_actions()[:3]

    def still_open(out: list[tuple[int, ...]]) -> list[int]:
        return [1, 2] if out else [0, 1, 2]

    helpers = [Helper() for _ in range(processes - 1)]
    try:
        budgets = _budgets_ending_in_each_deal(g, actions, still_open, 12)
        lengths = set()
        for budget in budgets:
            expected = _one_after_the_other(g, actions, budget, still_open)
            got = cpu.rollout_outcomes(g, g.turn, actions, budget, still_open, helpers=helpers)
            assert got == expected, budget
            lengths.add(len(expected))
        assert len(lengths) >= 10, "the budgets end the count in each of the first deals"
        assert all(h.answered > 0 and not h.failed for h in helpers)
    finally:
        for h in helpers:
            h.close()
