"""CPU levels «Fácil», «Normal», «Difícil»: they exist, are deterministic and
legal, and each of «Difícil»'s fixes of a measured weakness of «Normal» shows in a small scenario."""

from __future__ import annotations

import copy
import itertools
import math
from collections.abc import Callable
from typing import Any

import pytest

from benchmarks.arena import make_agent, run
from ddz.ai import LEVEL_NAMES_ES, LEVELS, Cpu, choose_play, cpu, hint
from ddz.ai.quick import quick_play
from ddz.cards import TWO, Cards, parse
from ddz.codes import encode, ids_for
from ddz.endgame import Position, winner
from ddz.game import BIDDING, OVER, PASS, PLAYING, Game
from ddz.plays import Play, classify
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

    # «Difícil» plays three hands (each of its decisions plays out up to 24 deals: about 1.5 s a
    # hand); the soak (`make soak`) checks the reasons of 120 hands of it
    for i in range(sample(3 if level == "hard" else 8)):
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
    # The partner (Oeste) plays next and could still take the trick: no «pasar le dejaría
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
            if sum(len(h) for h in g.hands) <= min(cpu.ROLLOUT_CARDS, 40) and len(g.legal_actions()) > 2:
                out.append(copy.deepcopy(g))
                break
            g.apply(choose_play(g, level="normal").action)
    return out


def test_hard_playouts_stay_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Count every decision simulated inside one «Difícil» decision: each seat's move by the quick
    # policy, and each endgame the solver settles (a search that gives up is followed by a move,
    # counted as that): never more than the budget, and the budget does bind.
    calls = 0
    policy, solve = quick_play, cpu._exact_winner

    def counting_policy(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return policy(*args)

    def counting_solve(*args: Any) -> Any:
        nonlocal calls
        got = solve(*args)
        calls += got is not None
        return got

    monkeypatch.setattr(cpu, "quick_play", counting_policy)
    monkeypatch.setattr(cpu, "_exact_winner", counting_solve)
    for budget, positions in ((cpu.ROLLOUT_BUDGET, 3), (300, 8), (40, 4)):
        monkeypatch.setattr(cpu, "ROLLOUT_BUDGET", budget)
        used = []
        for g in _endgame_positions(positions):
            calls = 0
            choose_play(g, level="hard")
            used.append(calls)
        assert max(used) <= budget, (budget, used)
        if budget == 300:
            assert max(used) > budget // 2, "the positions do run playouts"


def _played_out(game: Game, hands: list[Cards], action: str) -> int:
    """The reference for :func:`cpu.playout`: a real :class:`Game` (every play checked) with the
    seats holding ``hands``, played to the end by the quick policy after ``action``; 1 if the side of the
    player to move wins."""
    sim = copy.deepcopy(game)
    sim.hands = [ids_for(h) for h in hands]
    sim._hand_cache = {}
    side = game.turn == game.landlord
    sim.apply(action)
    plans: dict[int, tuple[Play, ...]] = {}
    while sim.phase == PLAYING:
        if sum(len(h) for h in sim.hands) <= cpu.EXACT_CARDS:
            return int((_solved(sim) == "landlord") == side)
        play = quick_play(sim, sim.turn, cpu.others_pool(sim, sim.turn), plans)
        sim.apply(PASS if play is None else str(play))  # checked: a play the seat may not make raises
    assert sim.result is not None
    return int((sim.result.winner == "landlord") == side)


def _solved(g: Game) -> str:
    """The side that wins the real game ``g`` with every hand known (the endgame solver, given the
    position through its public, checked constructor and the seats' names)."""
    lord = g.landlord
    assert lord is not None
    names = {lord: "landlord", (lord + 1) % 3: "farmer1", (lord + 2) % 3: "farmer2"}
    hand = [str(g.hand(s)) for s in (lord, (lord + 1) % 3, (lord + 2) % 3)]
    table = None if g.table is None else str(g.table.cards)
    owner = None if g.table is None or g.table_seat is None else names[g.table_seat]
    return winner(Position.three(hand[0], hand[1], hand[2], names[g.turn], table, owner))


def test_playouts_end_as_the_real_game_does() -> None:
    # A playout runs on a bare position (hands, table, turn), stops at a forced win and is solved
    # exactly once few cards are left: the winner is the one of the real game, every play checked,
    # played by «Normal» until then and solved through the endgame solver's public constructor.
    checked = 0
    for g in _endgame_positions(10):
        for hands in cpu.rollout_deals(g, g.turn)[:3]:
            for action in g.legal_actions()[:4]:
                assert cpu.playout(g, hands, action) == _played_out(g, hands, action), (g.actions, action)
                checked += 1
    assert checked >= 60


def test_a_playout_with_few_cards_left_is_solved_for_the_right_side() -> None:
    # Small positions (at most 8 cards) with the landlord in each seat, each seat to move, leading
    # or answering a play of the seat before: after each action, the playout's result is the brute
    # force's (every line played to the end, nothing remembered), read with the seats renamed here:
    # the landlord first, then the farmers in turn order.
    from tests.test_endgame import brute_three

    checked = {"landlord": 0, "farmers": 0}
    sets = (["3Q", "48K", "6A"], ["22", "3", "4"], ["KK3", "A4", "55"], ["3Q", "48K", "6A2"])
    for lord, turn, hands, table in itertools.product(range(3), range(3), sets, (None, "5")):
        owner = (turn + 2) % 3 if table else None
        g = situation(hands, landlord=lord, turn=turn, table=table, table_seat=owner)
        deal = [g.hand(s) for s in range(3)]
        for action in g.legal_actions():
            got = cpu.playout(g, deal, action)
            after = copy.deepcopy(g)
            after.apply(action)
            if after.phase != PLAYING:  # the mover went out
                assert got == 1, (lord, turn, hands, table, action)
                continue
            order = [lord, (lord + 1) % 3, (lord + 2) % 3]
            renamed = (str(after.hand(lord)), str(after.hand(order[1])), str(after.hand(order[2])))
            on = None if after.table is None else str(after.table.cards)
            last = 0 if after.table_seat is None else order.index(after.table_seat)
            lord_wins = brute_three(renamed, order.index(after.turn), on, last)
            assert got == int(lord_wins == (turn == lord)), (lord, turn, hands, table, action)
            checked["landlord" if lord_wins else "farmers"] += 1
    assert min(checked.values()) >= 20, checked


def _passed_holding_an_answer(game: Game, deal: list[Cards]) -> int:
    """How many passes of the deal's other seats on an opponent's single, pair or trio came from a
    hand (its cards in ``deal`` plus those it played after the pass) holding exactly that many
    cards of a higher rank below the 2s: a second reading of the trail, trick by trick."""
    lord = game.landlord
    odd = 0
    owner, last, passes = -1, "", 0
    for i, (who, action) in enumerate(game.trail):
        if action != PASS:
            owner, last, passes = who, action, 0
            continue
        if last and who != game.turn and (who == lord) != (owner == lord):
            play = classify(last)
            need = {"single": 1, "pair": 2, "trio": 3}.get(str(play.kind), 0)
            then = deal[who]
            for w, a in game.trail[i + 1 :]:
                if w == who and a != PASS:
                    then = then + parse(a)
            odd += bool(need) and any(then.counts[r] == need for r in range(play.rank + 1, TWO))
        passes += 1
        if passes == 2:
            last = ""
    return odd


def test_passes_make_the_deals_where_they_were_unlikely_rarer(monkeypatch: pytest.MonkeyPatch) -> None:
    # A seat that passed on its opponents' 9 while holding a lone 10 is not impossible, but rarer:
    # fewer of the sampled deals than of plain shuffles give it such an answer, and none when such
    # deals are never kept and enough shuffles are tried (counted by a second reading of the trail).
    positions = [g for g in _endgame_positions(30) if cpu._declined(g, g.turn)]
    assert len(positions) >= 8
    weighed = sum(_passed_holding_an_answer(g, d) for g in positions for d in cpu.rollout_deals(g, g.turn))
    monkeypatch.setattr(cpu, "PASS_ODDS", 1.0)
    plain = sum(_passed_holding_an_answer(g, d) for g in positions for d in cpu.rollout_deals(g, g.turn))
    monkeypatch.setattr(cpu, "PASS_ODDS", 0.0)
    monkeypatch.setattr(cpu, "SAMPLE_TRIES", 200)
    never = sum(_passed_holding_an_answer(g, d) for g in positions for d in cpu.rollout_deals(g, g.turn))
    assert plain >= 40 and weighed < 0.8 * plain and never == 0


def test_playouts_skip_what_is_settled_and_choose_as_if_every_playout_were_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # «Difícil» stops playing a candidate once it could no longer win clearly, and stops simulating
    # once none could: the same choices and reasons as playing every candidate on every deal (with a
    # budget that never binds, so both see the same deals), among them decisions the playouts
    # overturned; and the skipping saves playouts.
    monkeypatch.setattr(cpu, "ROLLOUT_BUDGET", 1 << 30)
    positions = _endgame_positions(57)[34:]
    played = {"skipping": 0, "every": 0}
    every, run = cpu.rollout_outcomes, cpu.playout

    def counted(*args: Any) -> int:
        played[mode] += 1
        return run(*args)

    def all_deals(
        game: Game, seat: int, actions: list[str], budget: int | None = None, still_open: Any = None, **_: Any
    ) -> Any:
        return every(game, seat, actions, budget)

    monkeypatch.setattr(cpu, "playout", counted)
    mode = "skipping"
    skipping = [choose_play(g, level="hard") for g in positions]
    monkeypatch.setattr(cpu, "rollout_outcomes", all_deals)
    mode = "every"
    full = [choose_play(g, level="hard") for g in positions]
    assert sum(a.why.code == "playout" for a in full) >= 2
    assert skipping == full
    # 16 % fewer with 24 deals (1,328 of 1,584), 20 % with 16: the more deals are left, the longer a
    # candidate stays in question
    assert played["skipping"] < 0.9 * played["every"], played


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
    """«Pista» pressed as the automatic pass fired once asked for seat 0 while seat 1 was to
    move; the hint took the mover's plays out of seat 0's hand and raised StopIteration. Now the
    engine says, in the catalog's words, that it is not that seat's turn; the mover still gets a
    legal answer from its own hand."""
    from ddz.game import GameError
    from tutorial.practice import Practice

    p, error = Practice.start("FXYD-VCVEM", ["p", "p", "9S", "QD", "p"], "hard")
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


def test_the_truth_check_reruns_a_playout_estimate_and_catches_a_wrong_count() -> None:
    # «X won a of N deals, Y won b»: true as the CPU says it, false with one count off, with the two
    # actions swapped, or with an action that was not among those tried.
    from ddz.ai.reasons import Reason, as_message
    from truthcheck.claims import Decision, check

    found = 0
    for g in _endgame_positions(57)[34:]:
        advice = choose_play(g, level="hard")
        if advice.why.code != "playout":
            continue
        found += 1
        d = advice.why.data
        assert check(Decision(g, g.turn, advice.action), as_message(advice.why)) == []
        wrong = [
            {**d, "wins": d["wins"] - 1},
            {**d, "other_wins": d["other_wins"] + 1},
            {
                **d,
                "action": d["other"],
                "other": d["action"],
                "wins": d["other_wins"],
                "other_wins": d["wins"],
            },
            {**d, "tried": [t for t in d["tried"] if t != d["other"]]},
        ]
        for data in wrong:
            claim = as_message(Reason("playout", data))
            assert check(Decision(g, g.turn, advice.action), claim), data
        if found == 2:
            return
    raise AssertionError(f"{found} playout decisions among the positions")


def test_the_bound_skips_solving_plays_that_cannot_be_chosen_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The cost order solves the rest of the hand only for the plays whose lower bound could still put
    # them first (among the playouts' candidates for «Difícil»): every advice, reason included, is the
    # one of solving every play (a bound of minus infinity prunes nothing), and most plays are skipped.
    positions = []
    for i in range(sample(12)):
        g = Game.from_code(encode(i * 6007 + 11))
        g.skip_bidding(g.first_bidder, 1)
        while g.phase == PLAYING:
            positions.append(copy.deepcopy(g))
            g.apply(choose_play(g, level="normal").action)
    # five positions, three of them overturned by the playouts (48 deals, solved from 15 cards left)
    hard = [g for i, g in enumerate(_endgame_positions(42)) if i in (6, 12, 17, 18, 19)]
    bounded = [choose_play(g, level="normal") for g in positions]
    bounded_hard = [choose_play(g, level="hard") for g in hard]
    real, solved = cpu._play_cost, {"bounded": 0, "every": 0}

    def counted(*args: Any) -> Any:
        if args[-1] is None:
            solved[mode] += 1
        elif mode == "every":
            return (-math.inf, *real(*args)[1:])
        return real(*args)

    monkeypatch.setattr(cpu, "_play_cost", counted)
    mode = "bounded"
    assert [choose_play(g, level="normal") for g in positions] == bounded
    mode = "every"
    assert [choose_play(g, level="normal") for g in positions] == bounded and len(positions) >= 40
    print(f"plays solved: {solved['bounded']} of {solved['every']}")
    assert solved["bounded"] < 0.5 * solved["every"], solved
    assert [choose_play(g, level="hard") for g in hard] == bounded_hard
    assert sum(a.why.code == "playout" for a in bounded_hard) >= 2


def test_the_solvers_memory_is_emptied_when_a_decisions_playouts_start_over_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The exact search of the playouts fills the endgame solver's tables; a decision that finds them
    # over EXACT_MEMORY entries empties them first, so Difícil's memory stays bounded.
    from ddz import endgame

    g = _endgame_positions(5)[4]  # its playouts reach 15 cards: thousands of positions solved
    endgame.clear_caches()
    cpu.rollout_outcomes(g, g.turn, g.legal_actions()[:2], deals=6)
    filled = endgame.cache_entries()
    assert filled > 1000  # the playouts solved their last cards
    monkeypatch.setattr(cpu, "EXACT_MEMORY", filled - 1)
    cleared = 0
    real = endgame.clear_caches

    def counted() -> None:
        nonlocal cleared
        cleared += 1
        real()

    monkeypatch.setattr(cpu, "clear_caches", counted)
    again = cpu.rollout_outcomes(g, g.turn, g.legal_actions()[:2], deals=6)
    assert cleared == 1 and 0 < endgame.cache_entries() <= filled
    monkeypatch.setattr(cpu, "EXACT_MEMORY", 1 << 40)
    assert cpu.rollout_outcomes(g, g.turn, g.legal_actions()[:2], deals=6) == again  # the same results
    assert cleared == 1
