"""Card notation: parse/format symmetry and specific errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz import Cards, NotationError, parse, parse_hand
from ddz.cards import MAX_COPIES, RANKS

counts_st = st.tuples(*[st.integers(0, m) for m in MAX_COPIES]).map(Cards)


@given(counts_st, st.randoms())
def test_round_trip_any_spelling(cards: Cards, rnd: object) -> None:
    symbols = [RANKS[r] for r in cards]
    rnd.shuffle(symbols)  # type: ignore[attr-defined]
    spelled = ", ".join(s.lower() if rnd.random() < 0.5 else s for s in symbols)  # type: ignore[attr-defined]
    spelled = spelled.replace("T", "10") if rnd.random() < 0.5 else spelled  # type: ignore[attr-defined]
    parsed = parse(spelled)
    assert parsed == cards
    assert str(parse(str(parsed))) == str(parsed)
    assert list(str(parsed)) == sorted(str(parsed), key=RANKS.index)


@pytest.mark.parametrize(
    "text,fragment,position",
    [
        ("33X4", "«X»", 2),
        ("77777", "quinta carta de valor 7", 4),
        ("BRB", "segundo comodín pequeño", 2),
        ("3 1 4", "«1»", 2),
    ],
)
def test_errors_say_what_and_where(text: str, fragment: str, position: int) -> None:
    with pytest.raises(NotationError) as exc:
        parse(text)
    assert fragment in exc.value.message
    assert exc.value.position == position
    assert f"posición {position + 1}" in exc.value.message
    assert isinstance(exc.value, ValueError)


def test_hand_limit() -> None:
    assert len(parse_hand("3333444455556666777B")) == 20
    with pytest.raises(NotationError, match="21 cartas"):
        parse_hand("3333444455556666777BR")


def test_sub_multiset_and_difference() -> None:
    assert parse("334") <= parse("3345")
    assert not parse("333") <= parse("3345")
    assert str(parse("3345") - parse("34")) == "35"
    with pytest.raises(NotationError):
        parse("34") - parse("5")


def test_cards_are_immutable() -> None:
    cards = parse("3KKK")
    for name, value in (("counts", (1,) * 15), ("key", 0), ("_str", "3"), ("other", 1)):
        with pytest.raises(AttributeError, match="inmutable"):
            setattr(cards, name, value)
    with pytest.raises(AttributeError, match="inmutable"):
        del cards.counts
    assert str(cards) == "3KKK" and cards == parse("KKK3")


@given(counts_st)
def test_cards_repr_evaluates_back(cards: Cards) -> None:
    assert eval(repr(cards), {"Cards": Cards}) == cards
    assert repr(cards) == f"Cards({str(cards)!r})"


@given(st.text(alphabet="3456789TJQKA2BRtjqkabr 10,-+\tX", max_size=40))
def test_fast_reading_agrees_with_the_careful_one(text: str) -> None:
    """The fast path of parse (and its cache) answers exactly like the symbol-by-symbol reader."""
    from ddz.cards import _parse_careful

    try:
        expected: Cards | str = _parse_careful(text)
    except NotationError as e:
        expected = e.message
    for _ in range(2):  # the second call is answered from the cache
        try:
            got: Cards | str = parse(text)
        except NotationError as e:
            got = e.message
        assert got == expected
        if isinstance(got, Cards):
            assert got.key == Cards(got.counts).key and str(got) == str(Cards(got.counts))


@pytest.mark.parametrize("text", ["33333333", "BBBBBBBB", "RRRRRRRRR", "3" * 300, "BR" * 70])
def test_many_copies_never_wrap_into_another_rank(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


@pytest.mark.parametrize("rank,n", [("5", 3), ("T", 2), ("10", 2), ("b", 1), ("R", 0), (2, 3)])
def test_count_takes_a_symbol_or_an_index(rank: str | int, n: int) -> None:
    assert parse("555 TT B").count(rank) == n
