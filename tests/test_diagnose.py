"""ddz.diagnose: a specific diagnosis for every near-miss of the corpus."""

from __future__ import annotations

import pytest

from ddz.conformance.corpus import load_cases
from ddz.diagnose import diagnose, spoken
from ddz.plays import Play, analyze
from tests import oracle

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


# ---- the near-miss names the card that is wrong and a fix the rules accept ------------------------
# Every expectation below comes from the rules (R-CHAIN-1: chains run from the 3 to the ace, never
# through the 2 or a joker; R-KIND-6/7: a straight needs 5 values, a pair straight 3 pairs) and is
# checked with the independent rule model in tests/oracle.py, never with the engine's own answer.
ORDER = "3456789TJQKA2"


def _canon(cards: str) -> str:
    return "".join(sorted(cards, key=oracle.RANKS.index))


def _names(cards: str) -> list[str]:
    return ["10" if c == "T" else c for c in cards]


def _windows() -> list[str]:
    """Every run of 3 to 6 single values of the circular order 3 … A 2 3 … that a learner may try as a
    straight: through the 2, round the ace to the 3, or short within 3 … A."""
    out = []
    ring = ORDER + ORDER
    for start in range(len(ORDER)):
        for n in range(3, 7):
            cards = ring[start : start + n]
            if len(set(cards)) == n:
                out.append(cards)
    return sorted(set(out))


@pytest.mark.parametrize("cards", _windows())
def test_a_straight_attempt_names_the_wrong_card_and_a_fix_that_is_a_straight(cards: str) -> None:
    if _canon(cards) in oracle.all_legal():
        assert diagnose(cards) is None or diagnose(cards).code != "chain_through_two"  # type: ignore[union-attr]
        return
    d = diagnose(cards)
    assert d is not None and d.code in ("chain_through_two", "chain_too_short", "not_consecutive"), cards
    said = d.message
    # the forbidden cards, by the rules: the 2 always; and a chain that goes round from the ace to the
    # 3 must lose one side (the message names which: the shorter run)
    wraps = "A" in cards and "3" in cards
    if "2" in cards:
        assert d.code == "chain_through_two" and said.startswith("el 2 no entra"), said
    if wraps:
        assert "no dan la vuelta: después del as no viene el 3" in said, said
        dropped = d.data["dropped"]
        assert ("A" in dropped) != ("3" in dropped), dropped  # one side of the wrap, not both
    else:
        dropped = ""
    if d.code == "not_consecutive":  # a gap inside 3 … A, no 2 and no wrap: the gap is named
        assert "2" not in cards and not wraps
        return
    # what is left without the forbidden cards, plus what the message says to add, is a straight
    keep = [c for c in cards if c != "2" and c not in dropped]
    adds = [str(a).replace("10", "T") for a in d.data["adds"]]
    fixed = _canon("".join(keep + adds))
    if d.data.get("fixed"):
        assert _canon("".join(keep)) in oracle.all_legal(), said
        return
    assert oracle.all_legal().get(fixed) == "straight", (cards, fixed, said)
    assert len(fixed) == 5 or len(keep) >= 5, "the fewest cards that make it a straight"
    for a in d.data["adds"]:
        assert str(a) in said
    assert not set(adds) & {"2", "B", "R"}


@pytest.mark.parametrize("cards", ["3344", "KKAA", "QQKK", "KKAA22", "2233", "AA22"])
def test_a_pair_straight_attempt_says_which_pair_to_add(cards: str) -> None:
    d = diagnose(cards)
    assert d is not None
    keep = [c for c in cards if c != "2"]
    if "2" in cards:
        assert d.message.startswith("el 2 no entra")
    if d.data.get("fixed"):
        assert _canon("".join(keep)) in oracle.all_legal()
        return
    adds = [str(a).replace("10", "T") for a in d.data["adds"]]
    fixed = _canon("".join(keep) + "".join(a * 2 for a in adds))
    assert oracle.all_legal().get(fixed) == "pair_straight", (cards, fixed)
    assert all(f"una pareja de {a}" in d.message for a in d.data["adds"])


def test_the_issue_near_misses_point_at_the_right_card() -> None:
    """A 2 3 4 5: the 2 and the ace below the 3 (not «faltan 6 … K»); 2 3 4 5 is as specific as
    3 4 5 6; 3 4 5 6 7 8 9 10 11: the «11», which is the J (not the ten)."""
    a = diagnose("A2345")
    assert a is not None and "faltan" not in a.message and "después del as no viene el 3" in a.message
    assert "añade 6 y 7" in a.message
    short = diagnose("2345")
    assert short is not None and "añade 6 y 7" in short.message
    assert "añade, por ejemplo, un 7" in diagnose("3456").message  # type: ignore[union-attr]
    j = diagnose("34567891011")
    assert j is not None and j.code == "number_for_face" and j.message.startswith("«11» no es una carta")
    fixed = j.data["cards"]
    assert oracle.all_legal().get(_canon(fixed)) == "straight" and fixed.endswith("J")


@pytest.mark.parametrize("cards", ["444455", "44445566", "2222AR", "333345"])
def test_not_a_bomb_says_exactly_what_beats_it_and_what_it_beats(cards: str) -> None:
    """«solo supera a otro cuarteto … de cuerpo más bajo; lo superan uno de cuerpo más alto, cualquier
    bomba y el cohete»: checked against every play of the game in the oracle."""
    d = diagnose(cards)
    assert d is not None and d.code == "not_bomb"
    kind = oracle.all_legal()[_canon(cards)]
    me = oracle.rank_of(_canon(cards))
    for other, k in oracle.all_legal().items():
        if oracle.oracle_beats(_canon(cards), other):
            assert k == kind and oracle.rank_of(other) < me
        if oracle.oracle_beats(other, _canon(cards)):
            assert k in ("bomb", "rocket") or (k == kind and oracle.rank_of(other) > me)
    assert "de cuerpo más bajo" in d.message and "cualquier bomba y el cohete" in d.message


@pytest.mark.parametrize("cards", ["4444BR", "333444BR", "TTTTBR"])
def test_both_jokers_as_kickers_offers_a_play_the_rules_accept(cards: str) -> None:
    d = diagnose(cards)
    assert d is not None and d.code == "jokers_as_kickers" and d.data["swap"]
    fixed = _canon(d.data["fixed"].replace(" ", ""))
    assert oracle.all_legal().get(fixed) == d.data["kind"]
    assert sum(c in "BR" for c in fixed) == 1  # one joker only
    assert "con uno solo" not in d.message  # four cards of a value need two kickers, not one


@pytest.mark.parametrize("cards", ["A345", "A3456", "KA34", "QKA34567", "KKAA3344"])
def test_a_chain_round_the_ace_without_the_2_says_chains_do_not_wrap(cards: str) -> None:
    d = diagnose(cards)
    assert d is not None and "no dan la vuelta: después del as no viene el 3" in d.message, cards
    dropped = d.data["dropped"]
    keep = "".join(c for c in cards if c not in dropped)
    m = max(cards.count(c) for c in cards)
    adds = [str(a).replace("10", "T") * m for a in d.data["adds"]]
    fixed = _canon(keep + "".join(adds))
    assert oracle.all_legal().get(fixed) in ("straight", "pair_straight"), (cards, fixed)
