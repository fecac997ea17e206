"""One public API: the names ``apply()`` and ``from_position`` hand out are exported and documented,
every engine error is a coded ``CodedError`` with a Spanish message, signatures take what the guide
says, and value types refuse nonsense."""

from __future__ import annotations

import pickle
import typing
from pathlib import Path

import pytest

import ddz
from ddz import Cards, Game, InvalidPlay, PositionError, classify, legal_plays
from ddz.cards import NotationError
from ddz.messages import CATALOG, CodedError

ROOT = Path(__file__).resolve().parents[1]


def test_the_values_the_game_hands_out_are_public_and_documented() -> None:
    reference = (ROOT / "docs" / "api" / "referencia.md").read_text(encoding="utf-8")
    for name in ("Event", "Phase", "Side", "PositionError"):
        assert name in ddz.__all__ and getattr(ddz, name) is getattr(ddz.game, name)
        assert name in reference, name
    g = Game("003N-QK8N1")
    (event,) = g.apply("p")
    assert isinstance(event, ddz.Event) and isinstance(g.phase, ddz.Phase)


def test_invalid_play_is_a_coded_error_that_pickles() -> None:
    with pytest.raises(InvalidPlay) as exc:
        classify("3456789TJQKA2")
    e = exc.value
    assert isinstance(e, CodedError) and isinstance(e, ValueError)
    assert e.code == e.reason == "two_in_chain" and f"{e.group}.{e.code}" in CATALOG
    assert str(e) == e.message == e.rejection.message and e.rule == "R-CHAIN-1"
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is InvalidPlay and again.code == e.code and str(again) == str(e)


def test_position_error_is_a_coded_error() -> None:
    with pytest.raises(PositionError) as exc:
        Game.from_position("x")
    assert isinstance(exc.value, CodedError) and exc.value.code == "fields"
    assert str(exc.value).startswith("una posición tiene")


def test_legal_plays_takes_the_variant_as_text() -> None:
    hints = typing.get_type_hints(legal_plays)
    assert str in typing.get_args(hints["variant"])
    text = [str(p) for p in legal_plays("3333BR", variant="standard+jokers_as_kickers")]
    assert "3333BR" in text and "3333BR" not in [str(p) for p in legal_plays("3333BR")]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Cards((True,)),
        lambda: Cards((1.0,)),
        lambda: Cards((0, False)),
        lambda: Cards.from_ranks([-1]),
        lambda: Cards.from_ranks([15]),
        lambda: Cards.from_ranks([True]),
        lambda: Cards.from_ranks([1.0]),
    ],
)
def test_cards_refuse_counts_and_indices_that_are_not_ints(make: typing.Callable[[], Cards]) -> None:
    with pytest.raises(NotationError) as exc:
        make()
    assert exc.value.code in ("bad_counts", "bad_rank_index") and str(exc.value)


def test_cards_compare_and_add_with_notation() -> None:
    """Decided: ``<=``, ``+`` and ``-`` read a str as cards (as every function does); anything
    else is a coded TypeError. ``==`` stays strict (a str is never equal to Cards)."""
    assert Cards("3") <= "33" and not Cards("33") <= "3"
    assert Cards("3") + "4" == Cards("34") and Cards("34") - "4" == Cards("3")
    assert Cards("3") != "3"
    for bad in (3, None, ["3"]):
        with pytest.raises(TypeError, match="como texto en notación"):
            Cards("3") <= bad  # type: ignore[operator]  # noqa: B015
        with pytest.raises(TypeError, match="como texto en notación"):
            Cards("3") + bad  # type: ignore[operator]
