"""Comparison and legal plays with the table play drawn kind by kind.

The table's kind is uniform among the 14 kinds (``oracle.table_plays``), so pairs, trios,
straights, bombs and the rocket are on the table as often as airplanes; the expected answers
come from the independent model in ``tests/oracle.py``.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from ddz import Variant, analyze, beats, compare, legal_plays
from ddz.plays import KINDS, Rejection, classify
from tests.oracle import (
    BODY_HEIGHT,
    DECK,
    RANKS,
    all_legal,
    counts_of,
    examples,
    hands_against,
    oracle_beats,
    plays_by_kind,
    plays_within,
    rank_of,
    table_plays,
)
from tests.oracle import (
    KINDS as ORACLE_KINDS,
)


def test_the_oracle_knows_the_same_14_kinds() -> None:
    assert set(ORACLE_KINDS) == set(KINDS) and len(KINDS) == 14


def test_every_kind_is_drawn_as_the_table_play() -> None:
    """A counting test: 30 runs of 50 draws (1,500 table plays) put each of the 14 kinds on the
    table at least 40 times (about 107 expected; under the old sorted-list sample pairs, trios and
    straights never showed up). Hypothesis never repeats an example, so draws come in lists."""
    seen: Counter[str] = Counter()

    @settings(max_examples=30, database=None, derandomize=True)
    @given(st.lists(table_plays(), min_size=50, max_size=50))
    def draw(tables: list[str]) -> None:
        seen.update(all_legal()[t] for t in tables)

    draw()
    assert set(seen) == set(KINDS)
    assert min(seen.values()) >= 40, seen


@st.composite
def same_shape_pairs(draw: st.DrawFn) -> tuple[str, str]:
    """Two plays of one kind and one length (the case where the ranking card decides), or two
    plays drawn independently by kind."""
    a = draw(table_plays())
    if draw(st.booleans()):
        kind = all_legal()[a]
        b = draw(st.sampled_from([p for p in plays_by_kind()[kind] if len(p) == len(a)]))
    else:
        b = draw(table_plays())
    return a, b


@settings(max_examples=examples(400))
@given(same_shape_pairs())
def test_beats_follows_the_comparison_rules(pair: tuple[str, str]) -> None:
    a, b = pair
    event(f"table kind: {all_legal()[b]}")
    want = oracle_beats(a, b)
    assert compare(a, b).beats == want
    assert compare(classify(a), classify(b)).beats == want
    assert not (want and oracle_beats(b, a))
    assert classify(a).kind == all_legal()[a]
    assert classify(a).rank == rank_of(a)
    kind, height = all_legal()[a], BODY_HEIGHT[all_legal()[a]]
    chain = sum(n >= height for n in counts_of(a)) if kind in CHAINS else 1
    assert classify(a).chain == chain


@settings(max_examples=examples(300))
@given(table_plays().flatmap(lambda t: st.tuples(st.just(t), hands_against(t))))
def test_legal_plays_are_exactly_the_answers_in_the_hand(table_and_hand: tuple[str, str]) -> None:
    """Hands of up to 20 cards: every play of the whole game (the independent enumeration) that
    fits in the hand and beats the table is generated, once, and nothing else."""
    table, hand = table_and_hand
    event(f"table kind: {all_legal()[table]}")
    expected = {p for p in plays_within(hand) if oracle_beats(p, table)}
    got = [str(p) for p in legal_plays(hand, table)]
    assert len(got) == len(set(got)), "each play exactly once"
    assert set(got) == expected
    assert all(compare(p, table).beats for p in got)
    event("an answer of the same kind" if any(all_legal()[p] == all_legal()[table] for p in got) else "none")


CHAINS = {"straight", "pair_straight", "airplane", "airplane_singles", "airplane_pairs"}
"""Kinds whose body is a run of consecutive values; every other kind has a chain of 1."""


def _situation(play: str, table: str) -> str:
    """Which comparison rule decides, read from the rule text (R-CMP-1..4)."""
    pk, tk = all_legal()[play], all_legal()[table]
    if tk == "rocket":
        return "table is the rocket"
    if pk == "rocket":
        return "play is the rocket"
    if pk == "bomb" and tk != "bomb":
        return "bomb on a non-bomb"
    if tk == "bomb" and pk != "bomb":
        return "non-bomb on a bomb"
    if pk != tk:
        return "kinds differ"
    if len(play) != len(table):
        return "counts differ"
    return "higher" if rank_of(play) > rank_of(table) else "not higher"


SNAKE = re.compile(r"[a-z]+(_[a-z]+)*")
"""Reason codes are snake_case, like the documented ones of ``classify``."""

RULE_OF = {
    "table is the rocket": "R-CMP-4",
    "play is the rocket": "R-CMP-4",
    "bomb on a non-bomb": "R-CMP-3",
    "non-bomb on a bomb": "R-CMP-3",
    "kinds differ": "R-CMP-1",
    "counts differ": "R-CMP-1",
}


@settings(max_examples=examples(400))
@given(same_shape_pairs())
def test_the_verdict_names_the_deciding_rule(pair: tuple[str, str]) -> None:
    a, b = pair
    situation = _situation(a, b)
    v = compare(a, b)
    bombs = all_legal()[a] == "bomb"
    assert v.rule == RULE_OF.get(situation, "R-CMP-3" if bombs else "R-CMP-2"), situation
    assert SNAKE.fullmatch(v.reason), v.reason
    assert isinstance(v.message, str) and v.message.strip() == v.message != ""
    assert bool(v) == v.beats == (situation in ("play is the rocket", "bomb on a non-bomb", "higher"))


def test_each_situation_has_its_own_reason_code() -> None:
    """One reason code per deciding situation, the same for every pair in it."""
    by_situation: dict[str, set[str]] = {}
    for kind_plays in plays_by_kind().values():
        for a in kind_plays[::97] + kind_plays[-1:]:
            for b in ("BR", "3333", "2222", "3", "33", "34567", "345678", "333444", "AAA2", a):
                by_situation.setdefault(_situation(a, b), set()).add(compare(a, b).reason)
                by_situation.setdefault(_situation(b, a), set()).add(compare(b, a).reason)
    assert len(by_situation) == 8
    assert all(len(reasons) == 1 for reasons in by_situation.values()), by_situation
    assert len({r for reasons in by_situation.values() for r in reasons}) == 8


@pytest.mark.parametrize("bad", ["33x", "", "3456", "4444BR", "2" * 5])
def test_an_invalid_play_or_table_never_beats_and_says_why(bad: str) -> None:
    rejection = analyze(bad)
    assert isinstance(rejection, Rejection)
    for good in ("3", "BR", "3333", "34567"):
        mine, theirs = compare(bad, good), compare(good, bad)
        assert mine.beats is False and theirs.beats is False and not mine and not theirs
        assert not beats(bad, good) and not beats(good, bad) and not beats(bad, bad)
        assert mine.rule == theirs.rule == rejection.rule
        assert (
            SNAKE.fullmatch(mine.reason) and SNAKE.fullmatch(theirs.reason) and mine.reason != theirs.reason
        )
        assert mine.message.endswith(rejection.message) and mine.message != rejection.message
        assert theirs.message.endswith(rejection.message) and theirs.message != mine.message


def test_the_variant_reaches_both_plays() -> None:
    """Both jokers may kick only under ``jokers_as_kickers``: there 555666BR beats 333444BR."""
    jokers = Variant.parse("jokers_as_kickers")
    assert compare("555666BR", "333444BR", jokers).beats and beats("555666BR", "333444BR", jokers)
    assert compare("3", "333444BR", jokers).rule == "R-CMP-1"  # a valid table of another kind
    standard = compare("555666BR", "333444BR")
    assert not standard.beats and standard.rule == analyze("333444BR").rule  # type: ignore[union-attr]


@pytest.mark.parametrize("bad", [["3"], {"3": 1}, None, 3])
@pytest.mark.parametrize("side", ["play", "table"])
def test_a_value_that_is_not_cards_names_the_plays(bad: object, side: str) -> None:
    args = (bad, "3") if side == "play" else ("3", bad)
    for call in (compare, beats):
        with pytest.raises(TypeError) as exc:
            call(*args)
        message = str(exc.value)
        assert message[0].islower() and "jugadas" in message.split(" se dan ")[0], message


@settings(max_examples=examples(200))
@given(same_shape_pairs())
def test_the_kicker_note_appears_exactly_when_the_play_has_kickers(pair: tuple[str, str]) -> None:
    """R-CMP-2: kickers add nothing; a same-shape verdict says so when the play carries kickers."""
    a, b = pair
    if _situation(a, b) not in ("higher", "not higher"):
        return
    has_kickers = any(0 < n < BODY_HEIGHT[all_legal()[a]] for n in counts_of(a))
    assert ("acompañantes" in compare(a, b).message) == has_kickers


@st.composite
def hands_holding(draw: st.DrawFn) -> str:
    """A hand that holds a play of a kind drawn uniformly among the 14, plus 0..n other cards."""
    play = draw(table_plays())
    pool = Counter(DECK) - Counter(RANKS.index(ch) for ch in play)
    cards = sorted(pool.elements())
    extra = draw(st.lists(st.sampled_from(range(len(cards))), max_size=20 - len(play), unique=True))
    return "".join(sorted(play + "".join(RANKS[cards[i]] for i in extra), key=RANKS.index))


@settings(max_examples=examples(150))
@given(hands_holding())
def test_leads_are_every_play_the_hand_holds(hand: str) -> None:
    """Leading from a hand that holds a play of any kind (often exactly that play and nothing
    else): every play of the whole game that fits in the hand, once."""
    expected = plays_within(hand)
    got = [str(p) for p in legal_plays(hand)]
    assert len(got) == len(set(got)), "each play exactly once"
    assert set(got) == expected
