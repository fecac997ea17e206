"""The conformance corpus, collected as parametrised tests (ids = case ids)."""

from __future__ import annotations

import pytest

from ddz.conformance.corpus import Case, load_cases, matches
from ddz.ops import run_op
from ddz.variants import Variant

CASES = load_cases()
VARIANT_CASES = [(c, flag) for c in CASES for flag in c.variants]


def test_corpus_is_not_empty() -> None:
    assert len(CASES) > 100
    assert {c.op for c in CASES} == {
        "notation",
        "classify",
        "beats",
        "legal",
        "deal",
        "bid",
        "game",
        "endgame",
    }


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_standard(case: Case) -> None:
    got = run_op(case.op, case.input)
    assert matches(case.op, case.expect, got), (case.note, got)


@pytest.mark.parametrize("case,flag", VARIANT_CASES, ids=[f"{c.id}[{f}]" for c, f in VARIANT_CASES])
def test_case_variant(case: Case, flag: str) -> None:
    got = run_op(case.op, case.input, Variant.parse(flag))
    assert matches(case.op, case.variants[flag], got), (case.note, got)


def test_matches_rejects_wrong_and_missing_keys() -> None:
    assert not matches("classify", {"kind": "bomb"}, {"kind": "pair"})
    assert not matches("classify", {"kind": "bomb"}, {})
    assert matches("classify", {"kind": "invalid", "reason": "x"}, {"kind": "invalid"})  # reason is optional
    assert not matches("classify", {"kind": "invalid", "reason": "x"}, {"kind": "invalid", "reason": "y"})
    assert matches("legal", {"plays": ["3", "4"]}, {"plays": ["4", "3"]})
    assert not matches("legal", {"plays": ["3", "4"]}, {"plays": ["3", "4", "4"]})
