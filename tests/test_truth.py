"""Every sentence a learner reads is a checked claim.

The truth check (:mod:`truthcheck.sentences`, :mod:`truthcheck.claims`) collects every sentence the app
would show and verifies the claim behind it with all three hands. ``make truth`` runs it over
hundreds of hands; here it runs over every annotated hand and a sample of practice hands, plus
one test for each false sentence of the report (each failed on the earlier engine).
"""

from __future__ import annotations

import pytest

from ddz.ai import Cpu, hint
from ddz.ai.cpu import control_summary
from ddz.ai.reasons import Reason, as_message, render
from ddz.cards import parse
from ddz.codes import encode
from ddz.game import Game
from tests.oracle import sample
from tests.test_ai_arena import situation
from truthcheck.claims import Decision, check
from truthcheck.sentences import annotated, lesson_sentences, practice
from truthcheck.wording import wording
from tutorial.logic import annotated_hands, step_note
from tutorial.practice import GUIDED_CODE, HUMAN, Practice, coach

HANDS = {h.id: h for h in annotated_hands()}


@pytest.mark.parametrize("hand_id", sorted(HANDS))
def test_every_note_of_every_annotated_hand_is_true(hand_id: str) -> None:
    said = list(annotated(HANDS[hand_id]))
    assert len(said) == HANDS[hand_id].steps
    assert [s for s in said if s.problems] == []


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_sentence_of_sample_practice_hands_is_true(level: str) -> None:
    sources: set[str] = set()
    for i in range(sample(4)):
        said = list(practice(encode(i * 104729 + 31), level, you=level))
        assert [s for s in said if s.problems] == []
        sources |= {s.source for s in said}
    assert {"hint", "coach", "cpu", "review"} <= sources  # the check saw every kind of sentence


def test_the_checker_bites() -> None:
    """A false claim of each kind is caught: a sure win in an order that can be stopped, a rocket
    called a bomb, a bomb «kept» that the plan spends, cards in notation, «juegue como juegue»."""
    g = situation(["3R", "45", "6K"], landlord=0, turn=0)  # two cards each: no bomb fits in a hand

    def sure(action: str, order: list[str], last_open: bool) -> list[str]:
        return check(
            Decision(g, 0, action), as_message(Reason("sure_win", {"order": order, "last_open": last_open}))
        )

    assert sure("R", ["R", "3"], True) == []
    assert sure("3", ["3", "R"], True) and sure("R", ["R", "3"], False)
    g = situation(["3A", "45", "6K"], landlord=0, turn=0)  # the A: a 2 or a joker unseen could beat it
    assert sure("A", ["A", "3"], True)
    t = situation(["BR5", "TTJJQQ3", "44"], landlord=1, turn=0, table="TTJJQQ", table_seat=1)
    rocket = {"table": "TTJJQQ", "best": "BR", "cost": "bomb", "only": True}
    assert check(Decision(t, 0, "p"), as_message(Reason("save_strength", {**rocket, "what": "rocket"}))) == []
    assert check(Decision(t, 0, "p"), as_message(Reason("save_strength", {**rocket, "what": "bomb"})))
    h = situation(["3JJJJ78", "45", "6K"], landlord=0, turn=0)
    plan = Reason("fewest_plays", {"plays": 1, "plan": ["JJJJ 78"]})
    kept = {"twos": 0, "jokers": [], "rocket": False, "bombs": ["J"]}
    assert check(
        Decision(h, 0, "3"), as_message(Reason("fewest_plays", plan.data, (Reason("keep_control", kept),)))
    )
    assert wording("te deja en 2 jugadas (KKK 3 · TT)") and wording("gana juegue como juegue")
    assert not wording("te deja en 2 jugadas (K K K + 3 · 10 10)")


def test_the_guided_hand_names_the_order_that_wins() -> None:
    """Report: «ganas la mano juegues como juegues el resto» in the guided hand before the comodín
    grande on Este's 6, holding 10 10 J J Q Q A A 2 2 — a lone A led early is beaten."""
    p, _ = Practice.start(GUIDED_CODE)
    sure = []
    while not p.over:
        p.run_cpus()
        if p.over:
            break
        g = p.game
        advice = hint(g, HUMAN)
        assert check(Decision(g, HUMAN, advice.action), as_message(advice.why)) == [], advice.reason
        text = coach(p, [])
        assert wording(text) == [], text
        if advice.why.code == "sure_win":
            sure.append(advice.reason)
        p.act(advice.action)
    assert sure, "the guided hand reaches a sure win"
    assert all("en este orden" in s for s in sure)


@pytest.mark.parametrize(("hand_id", "step"), [("cuarteto", 19), ("cuarteto", 22), ("bombas", 34)])
def test_the_rocket_is_called_the_rocket(hand_id: str, step: int) -> None:
    """Report: «le obligaría a gastar su bomba» when only the rocket beats the table."""
    note = step_note(HANDS[hand_id], step)
    assert "cohete" in note and "bomba" not in note and "mejor guardar" not in note


@pytest.mark.parametrize(("hand_id", "step"), [("reparto", 20), ("cooperacion", 34)])
def test_the_reported_sure_wins_say_only_what_is_verified(hand_id: str, step: int) -> None:
    note = step_note(HANDS[hand_id], step)
    assert "juegue como juegue" not in note and wording(note) == []
    assert [s for s in annotated(HANDS[hand_id]) if s.problems] == []


def test_a_bomb_spent_as_four_with_two_is_never_kept() -> None:
    """Report: «te deja en 2 jugadas (JJJJ 78 · …) y guardas una bomba de J»."""
    rest = parse("JJJJ78K")
    summary = control_summary(rest, ["JJJJ 78", "K"])
    assert summary["bombs"] == [] and summary["bombs_spent"] == [{"rank": "J", "plays": ["JJJJ 78"]}]
    text = render(Reason("keep_control", summary))
    assert "bomba de J" not in text and "ya no son bomba" in text
    kept = control_summary(parse("JJJJ7"), ["7", "JJJJ"])
    assert kept["bombs"] == ["J"] and kept["bombs_spent"] == []


def test_the_bidding_hint_does_not_count_on_a_bomb_its_count_breaks() -> None:
    """No «tu mano sale en 6 jugadas y tienes … una bomba de J» when the 6 plays need J J J J
    + 3 6. The bidding reason names the count's plan and what that plan keeps; the old claim (the
    bomb kept) is caught by the truth check."""
    from ddz.ai.cpu import bid_advice

    g = Game.from_code("0000-0008G")  # seat 0 bids first: 3 5 6 6 7 7 8 9 9 10 J J J J Q 2 2
    advice = bid_advice(g, 0)
    claim = as_message(advice.why)
    text = render(advice.why)
    assert "sale en 6 jugadas" in text and "bomba de J" not in text and "ya no son bomba" in text, text
    assert check(Decision(g, 0, advice.action), claim) == []
    old = {**advice.why.data, "control": control_summary(g.hand(0))}  # what the hint said before
    assert check(Decision(g, 0, advice.action), as_message(Reason("bid", old)))


def test_every_lesson_sentence_is_true() -> None:
    said = list(lesson_sentences())
    assert len(said) > 60 and {s.kind for s in said} >= {"lesson.count", "lesson.choose", "lesson.beats"}
    assert [s for s in said if s.problems] == []


def test_the_lesson_check_bites(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solver one play off for the count exercises' hands makes their sentences false."""
    import ddz.ai.solver as solver
    from ddz.cards import parse
    from tutorial.logic import lessons

    counted = {
        parse(str(e["hand"])) for s in lessons() for e in s.get("exercises", []) if e["type"] == "count"
    }
    real = solver.min_plays
    monkeypatch.setattr(solver, "min_plays", lambda hand: real(hand) + (parse(hand) in counted))
    wrong = [s for s in lesson_sentences() if s.problems]
    assert wrong and {s.kind for s in wrong} == {"lesson.count"}


@pytest.mark.parametrize("i", [21, 48, 51])
def test_practica_esta_posicion_names_every_winning_move(i: int) -> None:
    """«Practica esta posición» once said «solo ganan X o Y» where more moves won. The count of
    your own lost position, offered at the review's exact key moment, is a claim: the moves it names
    are every winning first move by plain minimax (truthcheck), and a sentence that leaves one out is
    caught."""
    from truthcheck.claims import check_count
    from tutorial.retos import count_claim, from_hand, solution
    from tutorial.review import key_moment, review

    code = encode(i * 104729 + 31)
    said = [s for s in practice(code, "easy", you="easy") if s.source == "practice_position"]
    counts = [s for s in said if s.kind == "retos.count"]
    assert len(counts) == 1 and [s for s in said if s.problems] == [], said
    assert "cohete" not in counts[0].text or "el cohete" in counts[0].text
    p, _ = Practice.start(code, level="easy")  # the same hand again, for the position and a wrong claim
    me = Cpu("easy")
    while not p.over:
        p.act(me.act(p.game)) if p.game.turn == HUMAN else p.cpu_step()
    acts = list(p.game.actions)
    items = review(code, acts)
    moment = key_moment(code, acts, items)
    assert moment is not None and moment.item is not None
    z = from_hand(code, acts[: items[moment.item].index])
    assert z is not None
    pos = z.position()
    table = str(pos.table.cards) if pos.table is not None and pos.table_seat != pos.turn else ""
    owner = pos.table_seat if table and pos.table_seat is not None else -1
    claim = count_claim(solution(pos))
    wins = claim["data"]["wins"]
    short = {**claim, "data": {**claim["data"], "wins": wins[:-1], "count": len(wins) - 1}}
    hands = (z.hands[0], z.hands[1], z.hands[2])
    assert check_count(hands, pos.turn, table, owner, claim) == []
    if len(wins) > 1:
        assert check_count(hands, pos.turn, table, owner, short)
    assert check_count(hands, pos.turn, table, owner, {**claim, "data": {**claim["data"], "count": 9}})
