"""The public API on values of the wrong type or borderline text: clear, specific errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ddz import Variant, analyze, beats, classify, compare, legal_plays, parse
from ddz.codes import CodeError, deal, decode
from ddz.records import RecordError, replay

NOT_CARDS: list[Any] = [["3", "3"], {"3": 1}, bytearray(b"33"), 33, None, ("3",)]
CALLS: dict[str, Callable[[Any], object]] = {
    "parse": parse,
    "analyze": analyze,
    "classify": classify,
    "beats-play": lambda x: beats(x, "3"),
    "beats-table": lambda x: beats("4", x),
    "compare-play": lambda x: compare(x, "3"),
    "compare-table": lambda x: compare("4", x),
    "legal-hand": legal_plays,
    "legal-table": lambda x: legal_plays("34", x) if x is not None else pytest.skip("None is «no table»"),
}


@pytest.mark.parametrize("value", NOT_CARDS, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("name", list(CALLS))
def test_not_cards_is_a_clear_type_error(name: str, value: Any) -> None:
    with pytest.raises(
        TypeError, match=r"texto en notación \(str\) o como Cards, no como " + type(value).__name__
    ):
        CALLS[name](value)


@pytest.mark.parametrize("spec", [5, 1.5, ["standard"], b"standard"])
def test_variant_parse_rejects_non_text(spec: Any) -> None:
    with pytest.raises(TypeError, match="la variante se da como texto"):
        Variant.parse(spec)


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_record_version_must_be_the_integer_1(version: Any) -> None:
    record = {"format": "ddz-record", "version": version, "code": "003N-QK8N1", "actions": []}
    with pytest.raises(RecordError, match="versión 1"):
        replay(record)
    assert replay({**record, "version": 1}).phase == "bidding"


@pytest.mark.parametrize("sep", ["\t", "\u00a0", "\u2003", "\u3000", "\n", " - "])
def test_deal_code_accepts_any_whitespace_as_separator(sep: str) -> None:
    assert decode(f"003N{sep}QK8N1") == decode("003N-QK8N1")


@pytest.mark.parametrize(
    "code",
    [
        "003N-QK8N\u0131",  # dotless ı upper-cases to I (read as 1)
        "003N-QK8N1\u00df",  # ß upper-cases to SS
        "003N-QK8N\u017f",  # long s upper-cases to S
        "003N-QK8\ufb00",  # the ligature ﬀ upper-cases to FF
    ],
)
def test_deal_code_rejects_letters_that_only_upper_case_to_ascii(code: str) -> None:
    with pytest.raises(CodeError, match=r"no se usa en los códigos|símbolos"):
        decode(code)


@pytest.mark.parametrize("redeal", [-1, 4, 10**12, True])
def test_deal_redeal_is_0_to_3_and_answers_at_once(redeal: int) -> None:
    with pytest.raises(CodeError, match="reparto fuera de rango"):
        deal("003N-QK8N1", redeal)
