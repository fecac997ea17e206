"""ddz.diagnose: a specific diagnosis for every near-miss of the corpus (issue 18, item 9)."""

from __future__ import annotations

import pytest

from ddz.conformance.corpus import load_cases
from ddz.diagnose import diagnose, spoken
from ddz.plays import Play, analyze

CLASSIFY = [c for c in load_cases() if c.op == "classify"]
INVALID = [c for c in CLASSIFY if c.expect.get("kind") == "invalid" and c.expect.get("reason") != "notation"]
NEAR_MISS_PLAYS = {"444455", "44445566", "3333", "BR", "RB", "333444555666", "QQQR", "33344455"}


def test_the_corpus_has_near_misses() -> None:
    assert len(INVALID) >= 25


@pytest.mark.parametrize("case", INVALID, ids=lambda c: c.id)
def test_every_invalid_corpus_case_gets_a_specific_diagnosis(case: object) -> None:
    cards = case.input["cards"]  # type: ignore[attr-defined]
    d = diagnose(cards)
    assert d is not None, cards
    assert d.message and "R-" not in d.message
    # never the engine's generic sentence
    assert "no forman ninguna de las 14 jugadas" not in d.message


@pytest.mark.parametrize("cards", sorted(NEAR_MISS_PLAYS))
def test_plays_that_look_like_something_else_say_so(cards: str) -> None:
    assert isinstance(analyze(cards), Play)
    assert diagnose(cards) is not None


def test_the_issue_examples() -> None:
    d = diagnose("3334445556")
    assert d is not None and d.code == "trios_kickers"
    assert d.message.startswith("tres tríos seguidos piden tres acompañantes (o ninguno)")
    d = diagnose("444455")
    assert d is not None and d.code == "not_bomb" and d.message.startswith("no es una bomba")
    assert diagnose("KKK3") is None and diagnose("34567") is None


def test_cards_are_spoken_as_printed() -> None:
    assert spoken("TTTBR") == "10 10 10 comodín pequeño y comodín grande"
    assert spoken("QQQR") == "Q Q Q y comodín grande" and spoken("TTJ") == "10 10 J"
    d = diagnose("TJQKA2")
    assert d is not None and "10 J Q K A" in d.message


def test_specific_numbers_and_gaps() -> None:
    assert "falta el 6" in str(diagnose("34578").message)  # type: ignore[union-attr]
    assert "faltan 6 y 7" in str(diagnose("34589").message)  # type: ignore[union-attr]
    assert "acompañan 5 cartas" in str(diagnose("34445556667778TTJ").message)  # type: ignore[union-attr]
    assert "sueltas y parejas no se mezclan" in str(diagnose("3334445567").message)  # type: ignore[union-attr]
    assert "no se mezclan" not in str(diagnose("33345").message)  # type: ignore[union-attr]
