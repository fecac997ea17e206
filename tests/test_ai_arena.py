"""CPU players, hints and the arena: named situations from the sources' strategy text, legality, strength."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.arena import run, svg_chart
from benchmarks.stats import summarize
from ddz import classify, parse
from ddz.ai import Cpu, bid_for, choose_play, hint
from ddz.cards import FULL_DECK, NUM_RANKS, Cards
from ddz.codes import encode
from ddz.game import BIDDING, OVER, PLAYING, Game
from ddz.moves import legal_plays


def situation(
    hands: list[str], landlord: int, turn: int, table: str | None = None, table_seat: int | None = None
) -> Game:
    """A play-phase position (only what the CPU may see matters: its hand, counts, table)."""
    cards = "/".join(str(parse(h)) for h in hands)
    on_table = f"{parse(table)}@{table_seat}+0" if table else "-"
    return Game.from_position(f"{cards} - playing {turn} 0:- 0 {landlord}x1 {on_table} 0,0,0 - standard")


def test_does_not_beat_a_partner_without_need() -> None:
    # Seat 2 (farmer) played J, the landlord (0) passed; seat 1 (farmer) holds a Q.
    g = situation(["3456789TTJQKA2", "3349Q", "55667788"], landlord=0, turn=1, table="J", table_seat=2)
    advice = choose_play(g)
    assert advice.action == "p" and "compañero" in advice.reason


def test_beats_the_partner_when_that_empties_the_hand() -> None:
    g = situation(["3456789TTJQKA2", "Q", "55667788"], landlord=0, turn=1, table="J", table_seat=2)
    assert choose_play(g).action == "Q"


def test_landlord_keeps_the_boss_and_leads_weak_groups() -> None:
    g = situation(["3345678TT22", "99JJQQKKAA", "456789TJQK"], landlord=0, turn=0)
    action = choose_play(g).action
    assert "2" not in action and action  # leads low groups, keeps the 2s to regain the lead


def test_no_low_single_into_an_opponent_with_one_card() -> None:
    # The landlord (1) has one card left; farmer 0 leads.
    g = situation(["3456QQA", "K", "789TJ"], landlord=1, turn=0)
    play = classify(choose_play(g).action)
    assert not (play.kind == "single" and play.rank < classify("A").rank)


def test_mistake_two_does_not_open_with_the_rocket() -> None:
    g = situation(["3345679TTJJQBR", "44556677", "8899"], landlord=0, turn=0)
    assert choose_play(g).action not in ("BR",)


def test_mistake_three_does_not_break_a_bomb_for_a_trio() -> None:
    g = situation(["777735TTJJ", "44556688", "99QQKKAA"], landlord=0, turn=0)
    action = choose_play(g).action
    assert parse(action).count("7") in (0, 4)


def test_bomb_when_it_decides_the_hand() -> None:
    # The landlord (1) played a straight; farmer 2 holds a bomb and one more card: bomb, then out.
    g = situation(["QQ", "3456789", "KKKK3"], landlord=1, turn=2, table="TJQKA", table_seat=1)
    assert choose_play(g).action == "KKKK"


def test_no_bomb_from_a_losing_position() -> None:
    # Far from going out and nobody is close: keep the bomb, do not just double the stake.
    g = situation(["34679TJA2B", "QQ44556677889", "KKKK358TJA2"], landlord=1, turn=2, table="9", table_seat=1)
    assert choose_play(g).action != "KKKK"


def test_bidding_values_the_hand() -> None:
    assert bid_for(parse("3456789TJQ22BRKKA"), 0) == 3
    assert bid_for(parse("3358TTJQQKA457899"), 0) == 0
    assert bid_for(parse("3456789TJQ22BRKKA"), 3) == 0  # cannot outbid a 3


def test_hint_gives_a_legal_action_and_a_spanish_reason() -> None:
    g = Game.from_code("0001-FY3Q0")
    h = hint(g)
    assert h.action in g.legal_actions() and "jugadas" in h.reason
    g.apply("3")
    h = hint(g)
    assert h.action in g.legal_actions() and h.reason


@pytest.mark.slow  # a soak run of 1,000 hands («Normal»); test_levels_are_deterministic_and_legal is the fast one
@settings(max_examples=1000)
@given(st.integers(0, 2**40 - 1))
def test_cpu_moves_are_always_legal(code_seed: int) -> None:
    g = Game.from_code(encode(code_seed))
    cpu = Cpu()
    while g.phase in (BIDDING, PLAYING):
        action = cpu.act(g)
        assert action in g.legal_actions()
        g.apply(action)
    assert g.phase == OVER


def test_cpu_is_deterministic() -> None:
    def actions() -> list[str]:
        g = Game.from_code("0000-ZYQTR")
        cpu = Cpu()
        while g.phase in (BIDDING, PLAYING):
            g.apply(cpu.act(g))
        return g.actions

    assert actions() == actions()


def test_arena_reports_rates_intervals_and_a_chart(tmp_path: Path) -> None:
    s = run("cpu", "random", 15, bidding=False, workers=2, backend="local", seed=3, quiet=True)
    assert s.games == 30 and 0.7 < s.win_rate <= 1.0 and 0 < s.win_ci < 0.3
    assert set(s.by_role) == {"landlord", "farmers"} and s.by_role["landlord"][2] == 15
    assert "cpu" in s.latency and s.latency["cpu"][1] >= s.latency["cpu"][0]
    svg = svg_chart([s])
    assert svg.startswith("<svg") and svg.count("<rect") == 3
    again = run("cpu", "random", 15, bidding=False, workers=1, backend="local", seed=3, quiet=True)
    assert again.win_rate == s.win_rate, "deterministic for a seed, whatever the workers"


def test_arena_with_bidding() -> None:
    s = run("cpu", "greedy", 10, bidding=True, workers=1, backend="local", seed=5, quiet=True)
    assert s.games == 20


def test_summary_statistics() -> None:
    from benchmarks.stats import GameOutcome

    outs = [
        GameOutcome("landlord", True, 2),
        GameOutcome("landlord", False, -2),
        GameOutcome("farmers", True, 1),
        GameOutcome("farmers", True, 1),
    ]
    s = summarize("a", "b", outs)
    assert s.win_rate == 0.75 and s.by_role["landlord"][0] == 0.5 and s.points == 0.5


def test_paired_statistics_judge_deal_by_deal() -> None:
    from benchmarks.stats import GameOutcome, paired

    def deal(landlord_won: bool, farmers_won: bool) -> list[GameOutcome]:
        return [GameOutcome("landlord", landlord_won, 0), GameOutcome("farmers", farmers_won, 0)]

    d = paired([deal(True, False), deal(True, True), deal(False, False), deal(True, True)])
    # per-deal scores 1/2, 1, 0, 1: mean 5/8, sample variance 0.6875 / 3, two deals won both ways
    # and one lost both ways; the sign test of 2 out of 3 is (3 + 1) / 8
    assert (d.deals, d.rate, d.both, d.neither, d.p_value) == (4, 0.625, 2, 1, 0.5)
    assert d.ci == pytest.approx(1.96 * (0.6875 / 3) ** 0.5 / 2)
    s = run("cpu", "random", 12, bidding=False, workers=1, backend="local", seed=3, quiet=True)
    assert s.paired is not None and s.paired.deals == 12
    assert s.paired.rate == pytest.approx(s.win_rate), "the mean over deals is the rate over games"
    assert any("por reparto" in line for line in s.lines())


@pytest.mark.slow  # starts a Ray cluster
def test_arena_on_ray() -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    try:
        s = run("cpu", "random", 12, bidding=False, workers=1, backend="ray", seed=3, quiet=True)
        local = run("cpu", "random", 12, bidding=False, workers=1, backend="local", seed=3, quiet=True)
        assert s.games == 24 and s.win_rate == local.win_rate
    finally:
        ray.shutdown()


def test_rlcard_agent_plays_legal_games() -> None:
    pytest.importorskip("rlcard")
    s = run("cpu", "rlcard", 6, bidding=False, workers=1, backend="local", seed=1, quiet=True)
    assert s.games == 12


def test_exact_endgame_finds_the_forced_win() -> None:
    # The landlord holds the rocket and a 3: rocket first (nobody can beat it), then the 3 goes out.
    g = situation(["BR3", "4455667788", "99TTJJQQKK"], landlord=0, turn=0)
    advice = choose_play(g)
    assert advice.action == "BR" and "ganas seguro si juegas en este orden: cohete · 3" in advice.reason


def test_exact_endgame_counts_beatable_plays() -> None:
    from ddz.ai.cpu import _sure_win

    unseen = list(parse("4455667788AA22").counts)
    assert _sure_win(parse("BR3"), unseen, 10)  # only the 3 can be beaten
    assert not _sure_win(parse("KK3"), unseen, 10)  # AA beats KK, anything beats the 3
    assert _sure_win(parse("KK3"), unseen, 1)  # a one-card opponent cannot answer a pair


def _fewest_open(hand: str, unseen: list[int], most: int, memo: dict[str, int]) -> int:
    """The test's own search: over every legal lead of ``hand`` (the string API) as first play,
    the fewest plays some seat holding at most ``most`` of ``unseen`` could beat."""
    from ddz.ai.tricks import is_boss as _is_boss

    if not hand:
        return 0
    if hand not in memo:
        memo[hand] = min(
            (not _is_boss(p, unseen, most)) + _fewest_open(str(parse(hand) - p.cards), unseen, most, memo)
            for p in legal_plays(hand)
        )
    return memo[hand]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 9), st.integers(1, 20))
def test_a_sure_win_is_at_most_one_beatable_play_in_some_order(
    rnd: random.Random, size: int, most: int
) -> None:
    """«Sure win» of a rest of at most 12 cards, against a brute force over every order of every
    way to play it out: at most one play the others could beat."""
    from ddz.ai.cpu import _sure_win

    deck = [r for r in range(NUM_RANKS) for _ in range(FULL_DECK.counts[r])]
    rnd.shuffle(deck)
    hand = Cards.from_ranks(deck[:size])
    unseen = list(Cards.from_ranks(deck[size : size + rnd.randint(0, 17)]).counts)
    assert _sure_win(hand, unseen, most) == (_fewest_open(str(hand), unseen, most, {}) <= 1)


def test_a_past_revision_of_the_cpu_plays_over_todays_engine() -> None:
    """``cpu-hard@REV`` (the arena's way to measure today's Difícil against a past one) loads that
    revision's ``ddz/ai/cpu.py`` as a module of its own; at ``HEAD``, with the file unchanged since,
    it plays every decision of a whole hand as today's Difícil does."""
    import subprocess

    from benchmarks.arena import ROOT, make_agent

    try:
        dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "ddz/ai/cpu.py"], cwd=ROOT).returncode
    except OSError:
        pytest.skip("git is not installed")
    if dirty:
        pytest.skip("ddz/ai/cpu.py differs from HEAD's")
    past, today = make_agent("cpu-hard@HEAD", 0), Cpu("hard")
    assert type(past).__module__ != type(today).__module__  # another module, not today's imported again
    game = Game.from_code(encode(424242))
    decisions = 0
    while game.phase != OVER:
        action = today.act(game)
        assert past.act(game) == action, (decisions, game.actions)
        game.apply(action)
        decisions += 1
    assert decisions > 20


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 20), st.integers(0, 6) | st.integers(0, 20))
def test_a_sure_trick_is_a_play_no_seat_can_beat(rnd: random.Random, size: int, most: int) -> None:
    """«Nobody can beat it»: checked against every play of the string API that beats it from the
    unseen cards, kept when a seat holding at most ``most`` cards could hold it."""
    from ddz.ai.tricks import is_boss as _is_boss

    deck = [r for r in range(NUM_RANKS) for _ in range(FULL_DECK.counts[r])]
    rnd.shuffle(deck)
    hand = Cards.from_ranks(deck[:size])
    unseen = Cards.from_ranks(deck[size : size + rnd.randint(0, 34)])
    p = rnd.choice(legal_plays(str(hand)))
    answers = [q for q in legal_plays(str(unseen), str(p.cards)) if len(q.cards) <= most]
    assert _is_boss(p, list(unseen.counts), most) == (not answers)


def test_arena_set_changes_difficils_constant_for_the_run_and_refuses_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from benchmarks import arena
    from ddz.ai import cpu

    monkeypatch.setattr(cpu, "ROLLOUT_BUDGET", cpu.ROLLOUT_BUDGET)  # restored after the test
    monkeypatch.setattr(cpu, "SIGNIFICANCE", cpu.SIGNIFICANCE)
    assert (
        arena.main(
            [
                "--a",
                "random",
                "--b",
                "greedy",
                "--deals",
                "1",
                "--workers",
                "1",
                "--quiet",
                "--set",
                "ROLLOUT_BUDGET=7",
                "--set",
                "SIGNIFICANCE=0.25",
            ]
        )
        == 0
    )
    assert (cpu.ROLLOUT_BUDGET, cpu.SIGNIFICANCE) == (7, 0.25)
    assert "ROLLOUT_BUDGET = 7" in capsys.readouterr().out
    for bad, says in [
        (["ROLLOUT_BUDGET"], "NOMBRE=VALOR"),
        (["WEIGHTS=1"], "NOMBRE=VALOR"),
        (["ROLLOUT_BUDGET=1.5"], "entero"),
        (["ROLLOUT_SAMPLES=0"], "mayor que 0"),
        (["SIGNIFICANCE=nan"], "finito"),
        (["SIGNIFICANCE=inf"], "finito"),
        (["EXACT_CARDS=20"], "NOMBRE=VALOR"),  # read in the helper processes too: not settable
        (["ROLLOUT_BUDGET=9", "SIGNIFICANCE=x"], "real"),  # the valid first one is not applied either
    ]:
        sets = [a for item in bad for a in ("--set", item)]
        assert arena.main(["--a", "random", "--b", "greedy", "--deals", "1", *sets]) == 2
        err = capsys.readouterr().err
        assert says in err and bad[-1] in err
    assert cpu.ROLLOUT_BUDGET == 7, "a refused setting changes nothing"
    assert arena.main(["--a", "random", "--backend", "ray", "--set", "ROLLOUT_BUDGET=9"]) == 2
    assert "--backend local" in capsys.readouterr().err
