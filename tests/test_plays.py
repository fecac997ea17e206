"""Classification, comparison and legal plays against independent oracles."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from ddz import Cards, InvalidPlay, analyze, beats, classify, compare, legal_plays, parse
from ddz.cards import FULL_DECK, MAX_COPIES, RANKS
from ddz.plays import KINDS, Play, Rejection, readings
from tests.oracle import all_legal, enumerate_all, examples, hands_against, oracle_beats, table_plays

# Distinct legal plays of each kind, counted independently from the rules of source 000: the oracle's
# enumeration of every play must find the same numbers.
ANCHOR_COUNTS = {
    "single": 15, "pair": 13, "trio": 13, "bomb": 13, "rocket": 1, "straight": 36,
    "pair_straight": 52, "airplane": 45, "trio_single": 182, "trio_pair": 156,
    "airplane_singles": 18990, "airplane_pairs": 2939, "four_two_singles": 1326, "four_two_pairs": 858,
}  # fmt: skip


def test_independent_enumeration_matches_anchor_counts() -> None:
    counts = {k: len(v) for k, v in enumerate_all().items()}
    assert counts == ANCHOR_COUNTS
    assert sum(counts.values()) == 24639 == len(all_legal())  # no set in two kinds


def test_every_enumerated_play_has_exactly_that_one_reading() -> None:
    for s, kind in all_legal().items():
        found = readings(s)
        assert [p.kind for p in found] == [kind], s
        assert classify(s).kind == kind


def test_full_deck_generation_equals_enumeration() -> None:
    generated = {str(p): p.kind for p in legal_plays(FULL_DECK)}
    assert generated == all_legal()


def _all_multisets(max_size: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for r in range(15):
        out = [m + (c,) for m in out for c in range(MAX_COPIES[r] + 1) if sum(m) + c <= max_size]
    return out


def test_nothing_extra_up_to_seven_cards() -> None:
    legal = all_legal()
    for counts in _all_multisets(7):
        cards = Cards(counts)
        got = analyze(cards)
        assert isinstance(got, Play) == (str(cards) in legal), str(cards)


@given(st.lists(st.integers(0, 14), min_size=8, max_size=20))
def test_nothing_extra_large_random(ranks: list[int]) -> None:
    c = Counter(ranks)
    if any(n > MAX_COPIES[r] for r, n in c.items()):
        return
    cards = Cards.from_ranks(ranks)
    got = analyze(cards)
    assert isinstance(got, Play) == (str(cards) in all_legal())


@st.composite
def small_hand(draw: st.DrawFn, max_size: int = 9) -> Cards:
    deck = [r for r in range(15) for _ in range(MAX_COPIES[r])]
    return Cards.from_ranks(
        draw(
            st.lists(st.sampled_from(range(54)), max_size=max_size, unique=True).map(
                lambda ix: [deck[i] for i in ix]
            )
        )
    )


def _sub_multisets(hand: Cards) -> set[Cards]:
    ranges = [range(n + 1) for n in hand.counts]
    return {Cards(c) for c in itertools.product(*ranges) if any(c)}


@settings(max_examples=examples(100))
@given(small_hand())
def test_leads_equal_brute_force(hand: Cards) -> None:
    expected = {str(sub) for sub in _sub_multisets(hand) if str(sub) in all_legal()}
    got = [str(p) for p in legal_plays(hand)]
    assert len(got) == len(set(got)), "each play exactly once"
    assert set(got) == expected


@settings(max_examples=examples(300))
@given(table_plays().flatmap(lambda t: st.tuples(st.just(t), hands_against(t, max_size=10))))
def test_legal_plays_equals_brute_force(table_and_hand: tuple[str, str]) -> None:
    """The table's kind is drawn uniformly among the 14 kinds; the hand (at most 10 cards, none of
    the table's) often holds an answer of that kind. Every sub-multiset of the hand is checked
    against the independent enumeration and comparison rules."""
    table, hand = table_and_hand
    event(f"table kind: {all_legal()[table]}")
    expected = {
        str(sub)
        for sub in _sub_multisets(parse(hand))
        if str(sub) in all_legal() and oracle_beats(str(sub), table)
    }
    got = [str(p) for p in legal_plays(hand, table)]
    assert len(got) == len(set(got)), "each play exactly once"
    assert set(got) == expected
    assert all(compare(p, table).beats for p in got)


def test_legal_plays_deterministic_order() -> None:
    rng = random.Random(7)
    deck = [r for r in range(15) for _ in range(MAX_COPIES[r])]
    for _ in range(50):
        hand = Cards.from_ranks(rng.sample(deck, 20))
        assert [str(p) for p in legal_plays(hand)] == [str(p) for p in legal_plays(str(hand))]


@given(table_plays(), st.randoms())
def test_classification_invariant_under_permutation(s: str, rnd: random.Random) -> None:
    symbols = list(s)
    rnd.shuffle(symbols)
    assert classify("".join(symbols)) == classify(s)


SAMPLE = sorted(all_legal())[::13]


@given(table_plays())
def test_beats_is_irreflexive(s: str) -> None:
    assert not beats(s, s)


@given(table_plays(), table_plays())
def test_beats_is_antisymmetric(a: str, b: str) -> None:
    assert not (beats(a, b) and beats(b, a))


@given(table_plays())
def test_bombs_and_rocket_dominate(s: str) -> None:
    p = classify(s)
    assert beats("BR", s) == (p.kind != "rocket")
    assert not beats(s, "BR")
    if p.kind != "bomb" and p.kind != "rocket":
        assert beats("3333", s)
        assert not beats(s, "3333")


def test_beats_same_kind_compares_ranking_card_only() -> None:
    by_shape: dict[tuple[str, int], list[Play]] = {}
    for s in SAMPLE:
        p = classify(s)
        by_shape.setdefault((p.kind, len(p)), []).append(p)
    checked = 0
    for group in by_shape.values():
        for a, b in itertools.combinations(group, 2):
            if a.kind in ("bomb", "rocket"):
                continue
            assert beats(a, b) == (a.rank > b.rank)
            checked += 1
    assert checked > 100


def test_ranking_card_and_chain() -> None:
    p = classify("TTTJJJQQQKKKAAA7892R")
    assert (p.kind, p.rank_symbol, p.chain, str(p.body), str(p.kickers)) == (
        "airplane_singles",
        "A",
        5,
        "TTTJJJQQQKKKAAA",
        "7892R",
    )
    assert classify("BR").rank_symbol == "R"
    assert classify("34567").chain == 5 and classify("34567").rank_symbol == "7"


def test_invalid_play_carries_reason_rule_and_spanish_message() -> None:
    with pytest.raises(InvalidPlay) as exc:
        classify("TJQKA2")
    assert exc.value.reason == "two_in_chain"
    assert exc.value.rule == "R-CHAIN-1"
    assert "el 2 no entra en escaleras" in exc.value.message
    assert isinstance(exc.value, ValueError)


@pytest.mark.parametrize(
    "cards,reason,phrase",
    [
        ("3334443K", "kicker_same_as_body", "un acompañante no puede tener el valor del cuerpo"),
        ("44445555", "four_split", "las cuatro cartas de un valor van juntas"),
        ("333444555777", "kicker_repeated", "más de dos veces"),
        ("4444BR", "jokers_as_kickers", "los dos comodines no pueden acompañar"),
        ("3456", "straight_too_short", "al menos 5"),
        ("", "empty", "ninguna carta"),
        ("33x", "notation", "«x»"),
    ],
)
def test_rejections_name_the_rule(cards: str, reason: str, phrase: str) -> None:
    got = analyze(cards)
    assert not isinstance(got, Play)
    assert got.reason == reason
    assert phrase in got.message


def test_compare_explains() -> None:
    v = compare("KKK3", "QQQR")
    assert v.beats and "acompañantes" in v.message
    v = compare("34567", "33344")
    assert not v.beats and v.reason == "different_kind" and v.rule == "R-CMP-1"
    v = compare("345678", "34567")
    assert not v.beats and v.reason == "different_count"
    assert compare("2222", "BR").reason == "nothing_beats_rocket"
    assert not compare("44445555", "3").beats


def test_accepts_parsed_values_and_strings_alike() -> None:
    assert classify(parse("444455")) == classify("4 4 4 4 5 5")
    assert legal_plays(parse("77778"), classify("666")) == legal_plays("77778", "666")


def test_shown_puts_the_body_first() -> None:
    """D-SHOWN: plays as people read them, body first, then kickers, one space between."""
    from ddz.plays import classify

    assert classify("444433").shown() == "4444 33"
    assert classify("3KKK").shown() == "KKK 3"
    assert classify("562222").shown() == "2222 56"
    assert classify("34567").shown() == "34567"
    assert classify("BR").shown() == "BR"
    assert classify("33344456").shown() == "333444 56"


def test_invalid_play_reads_as_its_message_and_caches_do_not_change_answers() -> None:
    for _ in range(2):  # cold, then from the caches
        with pytest.raises(InvalidPlay) as exc:
            classify("3 4 5 6")
        assert str(exc.value) == exc.value.message == exc.value.rejection.message
        assert exc.value.rejection.cards == "3456"
        assert classify("k k k 3") == classify("3KKK") == classify(parse("KKK3"))
        got = analyze("33x")
        assert isinstance(got, Rejection) and got.reason == "notation"


DOCUMENTED_KINDS = [
    "single",
    "pair",
    "trio",
    "trio_single",
    "trio_pair",
    "straight",
    "pair_straight",
    "airplane",
    "airplane_singles",
    "airplane_pairs",
    "four_two_singles",
    "four_two_pairs",
    "bomb",
    "rocket",
]


def test_kinds_are_an_enum_of_the_documented_ids_that_compare_as_text() -> None:
    from ddz import Kind

    assert [k.value for k in Kind] == DOCUMENTED_KINDS == list(KINDS)
    p = classify("444455")
    assert p.kind == "four_two_singles" and f"{p.kind}" == str(p.kind) == "four_two_singles"
    assert type(p.kind) is Kind and p.kind is Kind.FOUR_TWO_SINGLES
    assert {"four_two_singles": 1}[p.kind] == 1 and repr(p.kind) == "'four_two_singles'"


@settings(max_examples=200)
@given(st.sampled_from(sorted(all_legal())))
def test_play_repr_evaluates_back_and_play_is_frozen(s: str) -> None:
    from ddz import Kind

    p = classify(s)
    back = eval(repr(p), {"Play": Play, "Cards": Cards})
    assert back == p and hash(back) == hash(p) and type(back.kind) is Kind
    with pytest.raises(AttributeError):
        p.kind = Kind.BOMB  # type: ignore[misc]
    with pytest.raises(AttributeError):
        p.cards.counts = (0,) * 15


def test_chain_rules_have_one_source() -> None:
    from ddz import moves
    from ddz.plays import CHAIN_MIN, CHAIN_TOP, chain_max

    assert RANKS[CHAIN_TOP] == "A" and CHAIN_MIN == {1: 5, 2: 3, 3: 2}
    assert [chain_max(m) for m in (1, 2, 3)] == [12, 10, 6]
    assert moves._MIN_CHAIN is CHAIN_MIN and {m: chain_max(m) for m in CHAIN_MIN} == moves._MAX_CHAIN


def test_no_module_imports_another_modules_private_names() -> None:
    import ast
    from pathlib import Path

    import ddz

    offenders = []
    for path in Path(ddz.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                # dunders such as __version__ are public
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.endswith("__")]
                offenders += [f"{path.name}: {name}" for name in private]
    assert offenders == []
