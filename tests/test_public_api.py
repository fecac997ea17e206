"""One public API: the names ``apply()`` and ``from_position`` hand out are exported and documented,
every engine error is a coded ``CodedError`` with a Spanish message, signatures take what the guide
says, and value types refuse nonsense."""

from __future__ import annotations

import ast
import builtins
import importlib
import pickle
import re
import typing
from pathlib import Path

import pytest

import ddz
from ddz import Cards, Game, InvalidPlay, PositionError, classify, legal_plays
from ddz.cards import NotationError
from ddz.messages import CATALOG, GROUPS, CodedError

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
        lambda: Cards((1.0,)),  # type: ignore[arg-type]
        lambda: Cards((0, False)),
        lambda: Cards.from_ranks([-1]),
        lambda: Cards.from_ranks([15]),
        lambda: Cards.from_ranks([True]),
        lambda: Cards.from_ranks([1.0]),  # type: ignore[list-item]
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


# ---- one public API: the reference renders each module's __all__, the app imports nothing else ----------
REFERENCE = ROOT / "docs" / "api" / "referencia.md"
BLOCK = re.compile(r"^::: (\S+)\n    options:\n      members: (false|\[[^\]]*\])\n", re.M)


def reference_blocks() -> dict[str, list[str] | None]:
    """Each module the API reference renders, with the names it lists (``None``: a package shown
    without members, its names documented in the modules they come from)."""
    text = REFERENCE.read_text(encoding="utf-8")
    blocks: dict[str, list[str] | None] = {}
    for module, members in BLOCK.findall(text):
        blocks[module] = None if members == "false" else [m.strip() for m in members[1:-1].split(",")]
    assert text.count(":::") == len(blocks), "a ::: block the test cannot read"
    return blocks


def documented() -> dict[str, set[str]]:
    """Module -> the names it documents: its ``__all__``, rendered by the reference."""
    return {module: set(importlib.import_module(module).__all__) for module in reference_blocks()}


def test_the_reference_renders_each_module_s_all() -> None:
    blocks = reference_blocks()
    assert {"ddz", "ddz.game", "ddz.messages", "ddz.ai"} <= set(blocks)
    rendered: list[tuple[str, str]] = []
    for module, members in blocks.items():
        names = importlib.import_module(module).__all__
        assert len(set(names)) == len(names), module
        if members is not None:
            assert sorted(members) == sorted(names), f"{module}: the reference lists other names than __all__"
            rendered += [(module, n) for n in names]
    for package in (m for m, members in blocks.items() if members is None):
        pkg = importlib.import_module(package)
        for name in pkg.__all__:
            homes = [
                m
                for m, n in rendered
                if n == name and getattr(importlib.import_module(m), n) is getattr(pkg, name)
            ]
            assert homes, f"{package}.{name} is rendered in no module of the reference"
    for name in ("Event", "Phase", "Side", "PositionError"):
        assert ("ddz.game", name) in rendered


def engine_imports(path: Path) -> list[tuple[int, str, str | None]]:
    """``(line, module, name)`` of every ddz import in a file (``name`` None: ``import ddz.x``)."""
    out: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "ddz" or node.module.startswith("ddz."):
                out += [(node.lineno, node.module, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name, None) for a in node.names if a.name.split(".")[0] == "ddz"]
    return out


def undocumented(imports: list[tuple[int, str, str | None]], docs: dict[str, set[str]]) -> list[str]:
    bad = []
    for line, module, name in imports:
        if module not in docs:
            bad.append(f"{line}: {module} is not in the API reference")
        elif name is not None and name not in docs[module]:
            full = f"{module}.{name}"
            if not (full in docs and name in vars(importlib.import_module(module))):  # a documented submodule
                bad.append(f"{line}: {full} is not in {module}.__all__")
    return bad


def test_the_import_check_finds_undocumented_names(tmp_path: Path) -> None:
    src = tmp_path / "x.py"
    src.write_text(
        "from ddz import parse, Game\nfrom ddz.cards import _parse_str\nimport ddz.outside\n"
        "from ddz.game import BIDDING\nfrom ddz.ai import cpu\ndef f():\n    from ddz.plays import _readings\n",
        encoding="utf-8",
    )
    got = undocumented(engine_imports(src), documented())
    assert got == [
        "2: ddz.cards._parse_str is not in ddz.cards.__all__",
        "3: ddz.outside is not in the API reference",
        "7: ddz.plays._readings is not in ddz.plays.__all__",
    ]


def test_the_app_imports_only_documented_names() -> None:
    docs = documented()
    bad = []
    for path in sorted((ROOT / "tutorial").rglob("*.py")):
        bad += [f"{path.relative_to(ROOT)}:{b}" for b in undocumented(engine_imports(path), docs)]
    assert bad == [], "the app imports engine names the API reference does not document"


# ---- one exception hierarchy ------------------------------------------------------------------------------
ENGINE_MODULES = [m for m in reference_blocks() if not m.startswith("ddz.conformance")]
"""The engine's documented modules (the conformance suite speaks English to implementers)."""
NOT_ERRORS = {"NotImplementedError", "_Budget"}
"""Raised but never out of the API: the abstract ``Said`` properties, the endgame search's budget."""


def raised_classes(module: str) -> list[tuple[int, str, object]]:
    """``(line, expression, object)`` of each ``raise X(...)`` / ``raise X`` in a module's source."""
    mod = importlib.import_module(module)
    source = Path(str(mod.__file__)).read_text(encoding="utf-8")
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Raise) or node.exc is None:
            continue
        target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        text = ast.unparse(target)
        first, *rest = text.split(".")
        obj: object = getattr(mod, first, getattr(builtins, first, None))
        if obj is None:
            continue  # a local variable (``raise e``)
        for part in rest:
            obj = getattr(obj, part)
        out.append((node.lineno, text, getattr(obj, "__self__", obj)))
    return out


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_the_public_modules_raise_only_coded_errors(module: str) -> None:
    assert raised_classes("ddz.variants"), "the scan finds raises of builtin exceptions too"
    bad = [
        f"{line}: raise {text}"
        for line, text, obj in raised_classes(module)
        if isinstance(obj, type) and not issubclass(obj, CodedError) and obj.__name__ not in NOT_ERRORS
    ]
    assert bad == [], f"{module} raises errors without a catalog code"


SPANISH_TOO = re.compile(r"\b(?:de|no|y|fuera|juegan?|supera)\b", re.IGNORECASE)


def test_every_public_error_is_coded_with_spanish_messages() -> None:
    from tests.test_messages import SPANISH

    errors = {
        getattr(importlib.import_module(m), n)
        for m in ENGINE_MODULES
        for n in importlib.import_module(m).__all__
        if isinstance(getattr(importlib.import_module(m), n), type)
        and issubclass(getattr(importlib.import_module(m), n), BaseException)
    } - {CodedError}
    assert len(errors) >= 15
    for cls in errors:
        assert issubclass(cls, CodedError) and issubclass(cls, ValueError), cls
        entries = [e for e in CATALOG.values() if e.group == cls.group]
        assert cls.group in GROUPS and entries, cls
        for e in entries:
            assert SPANISH.search(e.template) or SPANISH_TOO.search(e.template) or e.template == "{cause}", (
                e.code
            )


# ---- docstrings -------------------------------------------------------------------------------------------
def test_every_public_name_has_a_docstring() -> None:
    """Each name of a documented module's ``__all__`` and each public method or property of its
    classes has a docstring, as griffe (what the reference renders) reads them: a constant's is
    the string literal under it."""
    griffe = pytest.importorskip("griffe")
    loader = griffe.GriffeLoader(search_paths=[str(ROOT)])
    package = loader.load("ddz")
    loader.resolve_aliases(implicit=False, external=False)
    missing, count = [], 0
    for module, names in documented().items():
        if reference_blocks()[module] is None:
            continue  # a package: its names are checked where they are defined
        for name in sorted(names):
            obj = package[module.removeprefix("ddz").lstrip(".")][name]
            obj = obj.final_target if obj.is_alias else obj
            members = [(name, obj)]
            if obj.is_class:
                members += [
                    (f"{name}.{k}", m)
                    for k, m in obj.members.items()
                    if not k.startswith("_") and not m.is_alias and m.is_function
                ]
            count += len(members)
            missing += [f"{module}.{n}" for n, m in members if not m.docstring]
    assert count > 150
    assert missing == [], "public names without a docstring"
