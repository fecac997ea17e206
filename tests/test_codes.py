"""Deal codes against an independent implementation of the documented algorithm."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz.codes import ALPHABET, CodeError, cards_of, deals, decode, encode, new_code
from tests.reference_deal import code_for, reference_deals


@given(st.integers(0, 2**40 - 1))
def test_matches_reference(seed: int) -> None:
    code = encode(seed)
    assert code.replace("-", "") == code_for(seed)
    mine = deals(code, 4)
    for d, (hands, kitty, first) in zip(mine, reference_deals(code, 4)):
        assert [str(cards_of(h)) for h in d.hands] == hands
        assert str(cards_of(d.kitty)) == kitty
        assert d.first_bidder == first
        assert [len(h) for h in d.hands] == [17, 17, 17] and len(d.kitty) == 3


@given(st.integers(0, 2**40 - 1), st.integers(0, 8), st.integers(1, 31))
def test_any_single_substitution_is_caught(seed: int, pos: int, delta: int) -> None:
    text = encode(seed).replace("-", "")
    wrong = text[:pos] + ALPHABET[(ALPHABET.index(text[pos]) + delta) % 32] + text[pos + 1 :]
    with pytest.raises(CodeError, match="código no válido"):
        decode(wrong)


@given(st.integers(0, 2**40 - 1), st.integers(0, 7))
def test_adjacent_transpositions_are_caught(seed: int, pos: int) -> None:
    text = encode(seed).replace("-", "")
    a, b = text[pos], text[pos + 1]
    swapped = text[:pos] + b + a + text[pos + 2 :]
    # Luhn mod N misses only the swap of the two symbols whose values are 0 and 31.
    if a == b or {ALPHABET.index(a), ALPHABET.index(b)} == {0, 31}:
        return
    with pytest.raises(CodeError):
        decode(swapped)


@pytest.mark.parametrize("bad", ["", "ABC", "0000-0000U", "0000-000000", 12345, "ÑÑÑÑ-ÑÑÑÑÑ"])
def test_bad_codes_raise_clear_errors(bad: object) -> None:
    with pytest.raises(CodeError, match="código no válido"):
        decode(bad)  # type: ignore[arg-type]


def test_new_codes_are_valid_and_varied() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50
    for c in codes:
        assert len(c) == 10 and encode(decode(c)) == c


def test_ambiguous_letters_read_as_digits() -> None:
    code = encode(1 * 32**7 + 0)  # starts with "10"
    assert decode(code.replace("1", "L", 1).replace("0", "O", 1)) == decode(code)


DOCUMENTED_DECK = tuple(r + s for r in "3456789TJQKA2" for s in "SHCD") + ("BJ", "RJ")


@pytest.mark.parametrize(
    "seed", [16, 16 << 10, 16 << 20, 16 << 30, (16 << 30) | (16 << 20) | (16 << 10) | 16]
)
def test_a_doubled_sixteen_matches_the_reference(seed: int) -> None:
    """Luhn mod 32 doubles 16 into 32, the one addend with two base-32 digits (1 and 0)."""
    assert encode(seed).replace("-", "") == code_for(seed)
    assert decode(encode(seed)) == seed


@pytest.mark.parametrize("seed", [-1, 2**40, 2**40 + 1, 2**48])
def test_encode_refuses_seeds_outside_40_bits(seed: int) -> None:
    with pytest.raises(CodeError):
        encode(seed)


def test_the_largest_seed_encodes() -> None:
    assert decode(encode(2**40 - 1)) == 2**40 - 1


@pytest.mark.parametrize("code,position", [("U000-00000", 1), ("0000-0U000", 6), ("00 00-000-0U", 9)])
def test_a_foreign_symbol_is_located_among_the_symbols(code: str, position: int) -> None:
    with pytest.raises(CodeError, match=rf"\(posición {position}\)"):
        decode(code)


@given(st.integers(0, 2**40 - 1))
def test_hands_and_kitty_list_their_cards_in_deck_order(seed: int) -> None:
    for d in deals(encode(seed), 4):
        for ids in (*d.hands, d.kitty):
            assert list(ids) == sorted(ids, key=DOCUMENTED_DECK.index)


def test_deal_without_a_redeal_number_is_the_first_deal() -> None:
    from ddz.codes import deal

    first = deal("GH2F-M5HRD")
    assert first.index == 0 and first == deals("GH2F-M5HRD")[0] != deal("GH2F-M5HRD", 1)


def test_a_huge_redeal_number_is_quoted_cut_to_twenty_characters() -> None:
    from ddz.codes import deal

    with pytest.raises(CodeError) as exc:
        deal("GH2F-M5HRD", 10**40)
    assert exc.value.data["redeal"] == "1" + "0" * 19
