"""«Revisa tu partida» worth reading: forced passes are «sin elección» and not counted,
each beginner mistake is named only when its written definition holds, and a lost hand names
its key moment with the alternative."""

from __future__ import annotations

import pytest

from ddz.ai import Cpu, hint
from ddz.ai.cpu import Advice
from ddz.ai.reasons import Reason
from ddz.game import BIDDING, PASS, PLAYING, Game
from ddz.messages import nested
from tests.test_ai_arena import situation
from truthcheck.claims import check_moment
from tutorial.mistakes import MISTAKES, Decision, mistake_of
from tutorial.practice import Practice
from tutorial.review import FORCED, GOOD, INACCURATE, MISTAKE, counted, key_moment, review, reviewed


def _advice(action: str, code: str = "fewest_plays") -> Advice:
    return Advice(action, Reason(code, {"plays": 3} if code == "fewest_plays" else {}), 3)


def _bid(hand: str, action: str, advised: str) -> Decision:
    g = situation([hand, "3", "4"], landlord=0, turn=0)
    g.landlord, g.phase = None, BIDDING
    return Decision(g, 0, action, _advice(advised, "bid"))


# ---- the definitions, each on an example that is the mistake and on near misses -----------------
def test_high_cards_needs_many_plays_two_high_cards_and_an_overbid() -> None:
    slow_with_twos = "33577799JJKK22BQA"  # 17 cards in 9 plays, with two 2s and a joker
    assert mistake_of(_bid(slow_with_twos, "3", PASS)) == "high_cards"
    assert mistake_of(_bid(slow_with_twos, PASS, PASS)) == ""  # no overbid
    one_high = "35799JKA2Q4468QQ3"  # 8 plays but one 2 only: a one-step overbid is not this mistake
    assert mistake_of(_bid(one_high, "1", PASS)) == ""
    fast = "33344455566677789"  # few plays, no high card
    assert mistake_of(_bid(fast, "3", "1")) == ""


def test_early_bomb_is_leading_a_bomb_that_is_not_needed() -> None:
    g = situation(["88883469TJ", "TJQK5", "3344556677"], landlord=0, turn=0)
    assert mistake_of(Decision(g, 0, "8888", _advice("3"))) == "early_bomb"
    assert mistake_of(Decision(g, 0, "3", _advice("3"))) == ""  # not a bomb
    g2 = situation(["88883", "TJQK5", "3344556677"], landlord=0, turn=0)  # then one play left
    assert mistake_of(Decision(g2, 0, "8888", _advice("8888", "bomb_now"))) == ""
    g3 = situation(["88883469TJ", "TJQK5", "3344556677"], landlord=0, turn=0, table="4", table_seat=2)
    assert mistake_of(Decision(g3, 0, "8888", _advice(PASS))) == ""  # answering, not leading


def test_broken_bomb_is_spending_some_of_four_as_kickers_or_body() -> None:
    g = situation(["7777345TJQ", "TJQK5", "3344556688"], landlord=0, turn=0)
    assert mistake_of(Decision(g, 0, "7773", _advice("3"))) == "broken_bomb"
    assert mistake_of(Decision(g, 0, "777734", _advice("3"))) == "broken_bomb"  # four with two
    assert mistake_of(Decision(g, 0, "7", _advice("3"))) == ""  # a single is not this mistake
    assert mistake_of(Decision(g, 0, "7777", _advice("3"))) != "broken_bomb"  # the bomb is no break


def test_covered_partner_is_beating_a_low_play_of_the_partner() -> None:
    # Sur (farmer, landlord 1) beats Oeste's (partner) 6 with a 9 while the CPU would pass.
    g = situation(["3459TJK", "3456789TJQKA22BR", "566778"], landlord=1, turn=0, table="6", table_seat=2)
    assert mistake_of(Decision(g, 0, "9", _advice(PASS, "partner_leads"))) == "covered_partner"
    assert mistake_of(Decision(g, 0, "9", _advice("9"))) == ""  # the CPU would cover too
    high = situation(["3459TJK2", "3456789TJQKA2BR", "5667Q8"], landlord=1, turn=0, table="Q", table_seat=2)
    assert mistake_of(Decision(high, 0, "K", _advice(PASS, "partner_leads"))) == ""  # not low
    mine = situation(["3459TJK", "3456789TJQKA22BR", "566778"], landlord=1, turn=0, table="6", table_seat=1)
    assert mistake_of(Decision(mine, 0, "9", _advice(PASS))) == ""  # the landlord's play


def test_every_mistake_has_a_written_definition() -> None:
    assert set(MISTAKES) == {"high_cards", "early_bomb", "broken_bomb", "covered_partner"}
    for m in MISTAKES.values():
        assert m.label and len(m.definition) > 40


# ---- forced passes and the key moment ----------------------------------------------------------------
def _play(code: str, choose: object) -> tuple[str, list[str]]:
    p, _ = Practice.start(code)
    while not p.over:
        p.run_cpus()
        if not p.over:
            p.act(choose(p.game))  # type: ignore[operator]
    return p.code, list(p.game.actions)


def _weak(g: Game) -> str:
    """Bid nothing, then lead the lowest single and never beat anything."""
    if g.phase == BIDDING or not g.leading:
        return PASS
    return str(min(g.legal_plays(), key=lambda p: (len(p.cards), p.rank)))


def test_forced_passes_are_without_choice_and_not_counted() -> None:
    code, actions = _play("GH2F-M5HRD", lambda g: hint(g, 0).action)
    items = review(code, actions)
    g = Game.from_code(code)
    forced = 0
    for a in actions:
        if g.turn == 0 and g.phase == PLAYING and not g.leading and not g.legal_plays():
            forced += 1
        g.apply(a)
    assert forced, "the hand has forced passes (the test exercises them)"
    assert [i.verdict for i in items].count(FORCED) == forced
    c = counted(items)
    assert c[GOOD] + c[INACCURATE] + c[MISTAKE] == len(items) - forced
    assert all("Sin elección" in i.text for i in items if i.verdict == FORCED)


LOST = {
    "0000-0009E": ("weak", "review.key_moment"),  # an estimate, clear on the same deals
    "0000-0002W": ("weak", "review.no_moment"),  # no decision clearly worse than the CPU's
    "0000-007A5": ("easy", "review.exact_moment"),  # few cards left: a won position thrown away
}


@pytest.mark.parametrize("code", sorted(LOST))
def test_every_lost_hand_names_its_key_moment_or_why_there_is_none(code: str) -> None:
    player, kind = LOST[code]
    code, actions = _play(code, _weak if player == "weak" else Cpu("easy").act)
    g = Game.from_code(code)
    for a in actions:
        g.apply(a)
    assert g.result is not None and (g.result.winner == "landlord") != (g.landlord == 0)  # lost
    items = review(code, actions)
    moment = key_moment(code, actions, items)
    assert moment is not None and moment.claim["code"] == kind
    assert check_moment(code, actions, items, moment.claim) == []  # the verifier's own facts agree
    if kind == "review.key_moment":
        assert moment.item is not None and moment.wins_cpu > moment.wins_played
        assert items[moment.item].action != items[moment.item].cpu.action
        assert "estimación" in moment.text and f"de los {moment.samples} y lo que hiciste" in moment.text
    elif kind == "review.exact_moment":
        assert moment.item is not None and "exacto, con las cartas a la vista" in moment.text
    else:
        assert moment.item is None and "ninguno claro tuyo" in moment.text


def test_the_key_moment_check_bites() -> None:
    """A key moment at another decision, a winning move left out, a count off by one: each is caught."""
    for code, (player, kind) in LOST.items():
        code, actions = _play(code, _weak if player == "weak" else Cpu("easy").act)
        items = review(code, actions)
        moment = key_moment(code, actions, items)
        assert moment is not None
        d = dict(moment.claim["data"])
        if kind == "review.no_moment":
            wrong = {**d, "before": "same" if d["before"] == "no_worse" else "no_worse"}
        elif kind == "review.exact_moment":
            wrong = (
                {**d, "others": [], "others_n": 0}
                if d["others"]
                else {**d, "first": nested("review.a_move", move="p")}
            )
        else:
            wrong = {**d, "cpu_wins": d["cpu_wins"] + 1}
        assert check_moment(code, actions, items, {"code": kind, "data": wrong}), kind
        moved = {**d, "n": int(d.get("n", 1)) + 1} if "n" in d else {**d, "zone": "kept"}
        assert check_moment(code, actions, items, {"code": kind, "data": moved}), kind


def test_a_won_hand_has_no_key_moment() -> None:
    code, actions = _play("0000-0Q6RT", Cpu("hard").act)
    g = Game.from_code(code)
    for a in actions:
        g.apply(a)
    assert g.result is not None and (g.result.winner == "landlord") == (g.landlord == 0)  # won
    assert key_moment(code, actions, review(code, actions)) is None


def test_a_finished_hand_is_reviewed_once_per_process() -> None:
    """Opening a finished hand again (a reload, «back») reuses its review: the same items and key
    moment as working them out afresh, and the second call does not work them out again."""
    code, actions = _play("0000-0006M", _weak)
    items = review(code, actions)
    fresh = (tuple(items), key_moment(code, actions, items))
    first = reviewed(code, tuple(actions))
    assert first == fresh and first[1] is not None
    hits = reviewed.cache_info().hits
    assert reviewed(code, tuple(actions)) is first and reviewed.cache_info().hits == hits + 1
    assert reviewed(code, tuple(actions[:-1])) != first  # another hand (or moment) is its own review


def test_the_key_moments_counts_do_not_read_as_cards() -> None:
    # «y lo que hiciste, 22.» read as a pair of 2s (a hand of CI's truth check, 48 deals): each count
    # is followed by «de» and its total.
    from ddz.messages import render
    from truthcheck.wording import notation_slips

    text = render(
        "review.key_moment", dict(n=15, action="22", cpu_action="6", samples=48, cpu_wins=31, wins=22)
    )
    assert "lo que hiciste, 22 de 48." in text and notation_slips(text) == [], text
