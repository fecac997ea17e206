"""No learner-facing Spanish is written in the app's code: every sentence a learner reads comes from
the catalog (``render(code, **data)``, codes in ``tutorial/catalog.py``) or from ``tutorial/data/``.

Every ``.py`` file under ``tutorial/`` is parsed with :mod:`ast`; a string literal (or a constant part
of an f-string) that looks Spanish (:data:`tests.test_messages.SPANISH`) is a hard-coded string,
unless it is a docstring, a dictionary key or a subscript (session-state keys, data files' keys), or
only HTML/CSS once its tags are taken out. The «Jugar» page's modules must have none; the other files
keep, in :data:`RATCHET`, the number they had when the check was written, so a file can lose hard-coded
strings (then its count is lowered) but never gain one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.test_messages import SPANISH

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(ROOT.glob("tutorial/**/*.py"))

SKIP = {
    "tutorial/catalog.py",  # the catalog itself: its templates are where the Spanish belongs
}
ALLOWED: dict[str, set[str]] = {}
"""Spanish-looking literals that must stay, per file: none today (data files' keys are dictionary keys
or subscripts, which the scan leaves out)."""
RATCHET: dict[str, int] = {
    # hard-coded learner strings still to move into the catalog, as found when this check was written
    "tutorial/app.py": 1,
    "tutorial/browser.py": 1,  # Streamlit's own labels in Spanish, inside the page's JavaScript
    "tutorial/cards_view.py": 5,
    "tutorial/guard.py": 1,
    "tutorial/logic.py": 16,
    "tutorial/mistakes.py": 9,
    "tutorial/practice.py": 4,
    "tutorial/review.py": 2,
    "tutorial/rulebook.py": 32,
    "tutorial/views/conformance.py": 6,
    "tutorial/views/explorer.py": 11,
    "tutorial/views/hands.py": 16,
    "tutorial/views/lessons.py": 11,
    "tutorial/views/retos.py": 3,
    "tutorial/views/rules.py": 14,
    "tutorial/widget.py": 2,  # the hand's aria label, in its JavaScript and in Python
}
"""Per file, how many hard-coded Spanish literals it may still hold (a file not named here: none)."""
CLEAN = ("tutorial/views/play.py", "tutorial/views/play_state.py", "tutorial/views/play_actions.py")

_TAG = re.compile(r'<[^<>]*>|^[^<>]*"\s*/?>|<[a-z][^<>]*$')
"""An HTML tag, or the part of one that an f-string's placeholder cuts off at either end."""


_CODE = re.compile(r"[{};]")
_QUOTED = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"|`([^`]*)`")
"""A string of CSS or JavaScript (several lines with braces and semicolons): only the text of its own
quoted strings can reach a learner (an aria label, a translated Streamlit label)."""


def _words(text: str) -> str:
    """What a learner could read of a literal: HTML tags out, and of CSS or JavaScript only its quotes."""
    if "\n" in text and len(_CODE.findall(text)) > 4:
        text = " ".join("".join(parts) for parts in _QUOTED.findall(text))
    return _TAG.sub(" ", text)


def _not_text(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are no learner's text: docstrings and other bare string
    statements, dictionary keys, subscripts (``ss["key"]``, ``data["key"]``) and ``.get("key")``'s key."""
    out: set[int] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            out.add(id(n.value))
        elif isinstance(n, ast.Dict):
            out.update(id(k) for k in n.keys if isinstance(k, ast.Constant))
        elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant):
            out.add(id(n.slice))
        elif (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("get", "setdefault", "pop")
            and n.args
            and isinstance(n.args[0], ast.Constant)
        ):
            out.add(id(n.args[0]))
    return out


def hard_coded(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of each Spanish-looking string literal of ``source`` that a learner may read."""
    tree = ast.parse(source)
    skip = _not_text(tree)
    found = [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and id(n) not in skip
        and SPANISH.search(_words(n.value))
    ]
    return sorted(found)


def test_the_scan_finds_what_a_learner_reads_and_nothing_else() -> None:
    source = (
        '"""Docstring: la mano."""\n'
        'X = f"no tienes {n} cartas"\n'
        'st.button("Repetir la partida")\n'
        'ss["última"] = {"jugada": 1}\n'
        "Y = data.get('por qué')\n"
        'Z = f\'<div class="es" data-testid="{k}-la">{v}</div>\'\n'
        "def f():\n    '''La función.'''\n    return '¿Seguro?'\n"
    )
    assert hard_coded(source) == [
        (2, " cartas"),
        (2, "no tienes "),
        (3, "Repetir la partida"),
        (9, "¿Seguro?"),
    ]


def _found(path: Path) -> list[tuple[int, str]]:
    rel = str(path.relative_to(ROOT))
    allowed = ALLOWED.get(rel, set())
    return [(line, text) for line, text in hard_coded(path.read_text("utf-8")) if text not in allowed]


def _where(path: Path, found: list[tuple[int, str]]) -> str:
    rel = path.relative_to(ROOT)
    return "\n".join(f"{rel}:{line}: {text!r}" for line, text in found)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_hard_coded_learner_string_in_the_tutorial(path: Path) -> None:
    rel = str(path.relative_to(ROOT))
    if rel in SKIP:
        return
    found = _found(path)
    limit = RATCHET.get(rel, 0)
    assert len(found) <= limit, (
        f"{rel}: {len(found)} hard-coded Spanish strings (at most {limit}); move them into tutorial/catalog.py "
        f"and render them:\n{_where(path, found)}"
    )
    assert len(found) == limit, (
        f"{rel} now has {len(found)} hard-coded Spanish strings: lower RATCHET to that"
    )


def test_the_play_page_is_clean_and_every_ratcheted_file_exists() -> None:
    assert all(rel not in RATCHET and (ROOT / rel).exists() for rel in CLEAN)
    assert all((ROOT / rel).exists() for rel in RATCHET), "a file named in RATCHET is gone"
