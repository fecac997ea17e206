"""``make mutants-rules`` stays runnable: each of its one-line mutants (one per rule with an engine
site) still applies to the current code and changes it. A refactor that moves a mutated line must
rewrite its mutant, or the rule it guards would silently lose its guard."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_mutants", ROOT / "tools" / "rule_mutants.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["rule_mutants"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_rule_mutant_applies_to_the_current_code() -> None:
    tool = _tool()
    assert len(tool.MUTANTS) >= 60
    assert tool.stale_mutants() == []


def test_a_moved_line_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    moved = tool.Mutant("R-CMP-1", "ddz/compare.py", "this line is not in compare.py", "x")
    monkeypatch.setattr(tool, "MUTANTS", (*tool.MUTANTS, moved))
    assert tool.stale_mutants() == [
        "R-CMP-1: 'this line is not in compare.py' no longer applies to ddz/compare.py (substring not found)"
    ]
