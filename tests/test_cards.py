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
