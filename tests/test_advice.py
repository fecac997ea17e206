"""The evaluator behind the advice (:mod:`ddz.ai.evaluate`), judged by a second, simple reference:
the deals are counted again with :func:`truthcheck.claims.deals_won` (its own enumeration of the
physical deals, and plain minimax at open cards for small positions)."""

from __future__ import annotations

import math
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from ddz.ai import Advice, Cpu, hint
from ddz.ai.evaluate import count_splits, evaluate, splits
from ddz.ai.reasons import Reason, as_message
from ddz.codes import encode
from ddz.game import PASS, PLAYING, Game
from ddz.messages import Message, nested
from truthcheck import claims, endgame, facts
from truthcheck.claims import Decision, deals_won
from tutorial.review import GOOD, MISTAKE, _zone_item


def _pool(ranks: list[int]) -> list[int]:
    pool = [min(ranks.count(r), 4 if r < 13 else 1) for r in range(15)]
    return pool


pools = (
    st.lists(st.integers(0, 14), max_size=16)
    .map(_pool)
    .flatmap(lambda pool: st.tuples(st.just(pool), st.integers(0, sum(pool))))
)


@given(pools)
def test_the_splits_are_every_way_to_deal_the_unseen_cards(case: tuple[list[int], int]) -> None:
    pool, n = case
    got = list(splits(pool, n))
    assert len(got) == count_splits(pool, n) == len({k for k, _ in got})
    assert all(sum(k) == n and all(0 <= a <= b for a, b in zip(k, pool)) for k, _ in got)
    assert sum(w for _, w in got) == math.comb(sum(pool), n)  # every physical deal, once


@cache
def _positions(cards: int, hands: int = 6) -> tuple[Game, ...]:
    """Decisions with at most ``cards`` cards in the three hands, from ``hands`` seeded self-play hands."""
    out = []
    for seed in range(hands):
        g = Game.from_code(encode(1000 + seed))
        g.skip_bidding(g.first_bidder, 1)
        cpu = Cpu("normal" if seed % 2 else "easy")
        while g.phase == PLAYING:
            if sum(len(h) for h in g.hands) <= cards and len(g.legal_actions()) > 1:
                out.append(g.copy())
            g.apply(cpu.act(g))
    return tuple(out)


def _moves(g: Game) -> list[str]:
    return [str(p.cards) for p in g.legal_plays()] + (
        [PASS] if g.table is not None and g.table_seat != g.turn else []
    )


def test_the_evaluator_counts_the_deals_as_plain_minimax_does() -> None:
    found = _positions(10)
    assert len(found) >= 10, "too few positions to judge"
    for g in found:
        judged = evaluate(g)
        assert judged is not None and judged.exact
        moves = _moves(g)
        wins, total = deals_won(Decision(g, g.turn, ""), moves)
        assert judged.deals == total
        assert [judged.value(m).wins for m in moves] == wins, g.position()


def test_the_hint_wins_the_most_deals() -> None:
    """With few cards, the hint's move wins as many deals at open cards as any move (plain minimax)."""
    for g in _positions(10):
        moves = _moves(g)
        wins, _ = deals_won(Decision(g, g.turn, ""), moves)
        advised = hint(g).action
        key = PASS if advised == PASS else facts.canon(advised)
        mine = wins[[PASS if m == PASS else facts.canon(m) for m in moves].index(key)]
        assert mine == max(wins), (g.position(), advised)


# Found by ``python -m benchmarks.advice --seed 7``: Difícil's choice (the hint until the evaluator)
# wins fewer deals than another move.
DIFFERS = (
    "6789TJQ/678TJQKKA/2 4KA playing 1 2:- 0 2x1 - 8,3,9:4555566778999TQKAAA BR@1 standard",
    "QQKKK/5677899JQK2/22 692 playing 1 2:- 0 2x1 - 6,2,7:3333456668899TJAA2 BR@1 standard",
)


def test_where_difficil_wins_fewer_deals_the_hint_does_not() -> None:
    for position in DIFFERS:
        g = Game.from_position(position)
        moves = _moves(g)
        wins, _ = deals_won(Decision(g, g.turn, ""), moves)
        advised = hint(g).action
        canon = [PASS if m == PASS else facts.canon(m) for m in moves]
        assert wins[canon.index(facts.canon(advised))] == max(wins), advised


def test_the_hint_s_evaluator_sentence_is_true_and_a_changed_count_is_not() -> None:
    checked = 0
    for g in [Game.from_position(p) for p in DIFFERS] + list(_positions(10)):
        a = hint(g)
        if a.why.code != "splits":
            continue
        claim = nested("hint.play" if a.action != PASS else "hint.pass", why=_why(a))
        if a.action != PASS:
            claim["data"]["cards"] = " ".join(a.action)
        x = Decision(g, g.turn, a.action)
        assert claims.check(x, claim) == [], (g.position(), claim)
        wrong = {**a.why.data, "other_wins": a.why.data["other_wins"] + 1}
        bad = nested(
            "hint.pass" if a.action == PASS else "hint.play", why=as_message(Reason("splits", wrong))
        )
        if a.action != PASS:
            bad["data"]["cards"] = " ".join(a.action)
        assert claims.check(x, bad), "a wrong count passed"
        checked += 1
    assert checked >= 2


def _why(a: Advice) -> Message:
    return as_message(a.why)


def test_the_review_never_calls_a_move_that_lost_a_won_position_good() -> None:
    graded = lost = 0
    for g in [g for g in _positions(11, 48) if g.turn == 0]:  # the review judges seat 0
        cpu = hint(g)
        lord = g.landlord or 0
        state = tuple(facts.hand_of(str(g.hand((lord + k) % 3))) for k in range(3))
        turn = (g.turn - lord) % 3
        table = str(g.table.cards) if g.table is not None and g.table_seat != g.turn else ""
        owner = ((g.table_seat or 0) - lord) % 3 if table else -1
        hands = (state[0], state[1], state[2])
        won = endgame.value(hands, turn, table, owner) == endgame.side(turn)
        for move in _moves(g):
            got = _zone_item(g, move, cpu)
            canon = PASS if move == PASS else facts.canon(move)
            loses = endgame.result(hands, turn, table, owner, canon) != endgame.side(turn)
            if got is None:  # the hint's own move, which kept what there was to keep: judged as before
                assert canon == (PASS if cpu.action == PASS else facts.canon(cpu.action))
                assert not (won and loses)
                continue
            verdict, claim, _ = got
            if won and loses:
                assert verdict == MISTAKE and claim["code"] == "review.lost_won"
                assert claims.check(Decision(g, g.turn, move), claim) == []
                lost += 1
            graded += verdict == GOOD
    assert lost >= 3 and graded >= 3


def test_pista_pressed_again_offers_the_pass_and_the_deals_each_move_wins() -> None:
    """The options of «Pista» pressed again hold every legal move, «Pasar» among
    them when the seat follows a play; in the evaluator's zone ordered by the deals they win, each
    sentence's counts true (counted again by the truth check), and a wrong count is caught."""
    from tutorial.practice import hint_option_claim, hint_options

    following = [g for g in _positions(12) if g.table is not None and g.table_seat != g.turn]
    leading = [g for g in _positions(12) if g.table is None or g.table_seat == g.turn]
    assert following and leading
    for g in (*following[:4], *leading[:2]):
        first = hint(g, g.turn).action
        options = hint_options(g, g.turn, first)
        assert sorted(o.action for o in options) == sorted(g.legal_actions())
        assert [o.action for o in options].count(PASS) == (g in following)
        assert options[0].action == first and all(o.wins is not None for o in options)
        wins = [o.wins or 0 for o in options[1:]]
        assert wins == sorted(wins, reverse=True)
        for i in range(1, len(options)):
            claim = hint_option_claim(options, i)
            x = Decision(g, g.turn, options[i].action)
            assert claims.check(x, claim) == [], claim
        claim = hint_option_claim(options, 1)
        wrong = {**claim, "data": {**claim["data"], "wins": int(claim["data"]["wins"]) + 1}}
        assert claims.check(Decision(g, g.turn, options[1].action), wrong)


def test_the_benchmark_shows_the_clearest_differences_first() -> None:
    """`benchmarks.advice` lists first where the hint's move wins every split, then the widest gaps:
    the closing note's examples are proofs, not a two-deal edge in a sample."""
    from benchmarks.advice import Judged, report

    def judged(name: str, hint_wins: int, before_wins: int, n: int) -> Judged:
        every = {"A": hint_wins, "B": before_wins}
        return Judged("easy", {"hint": "A", "before": "B"}, {"A": True, "B": False}, every, n, n, 0.01, name)

    results = [
        judged("narrow", 36, 34, 40),
        judged("wide", 14, 2, 23),
        judged("proof", 10, 9, 10),
        judged("same", 5, 5, 10),
    ]
    lines = report(results, show=3)
    shown = [line.split(":")[0].strip() for line in lines if line.startswith("  ") and "repartos" in line]
    assert shown == ["proof", "wide", "narrow"]
