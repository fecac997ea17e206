"""What the docs draw from the corpus reads right: bids are bids («puja 2», «paso»), never cards."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from ddz.conformance.corpus import Case, load_cases

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def hooks() -> Any:
    spec = importlib.util.spec_from_file_location("ddz_docs_hooks_pages", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _case(op: str, inp: dict[str, Any], expect: dict[str, Any]) -> Case:
    return Case("t.x", op, inp, expect, (), "", "t", "", "", "")


def _answer(html: str) -> str:
    return html.split("<strong>", 1)[1].split("</strong>", 1)[0]


def test_a_bid_error_names_the_bid_not_a_card(hooks: Any) -> None:
    case = _case("bid", {"bids": ["1", "p", "1"]}, {"error": "bid_not_higher", "at": 2})
    html = hooks.render_case(case)
    assert "puja n.º 3 (puja 1)" in _answer(html) and "ddz-card" not in html
    assert "pujas desde quien abre: puja 1, paso, puja 1" in html
    game = _case(
        "game",
        {"hands": ["3", "4", "5"], "kitty": "678", "first_bidder": 0, "bids": ["2", "p", "2"], "plays": []},
        {"error": "bid_not_higher", "at": 2, "phase": "bids"},
    )
    assert "puja n.º 3 (puja 2)" in _answer(hooks.render_case(game))
    played = _case(
        "game", {**game.input, "bids": ["3"], "plays": ["3", "p"]}, {"error": "must_lead", "at": 1}
    )
    assert _answer(hooks.render_case(played)).startswith("error: jugada n.º 2 (pasa)")


def test_no_bid_of_the_corpus_is_drawn_as_cards(hooks: Any) -> None:
    seen = 0
    for case in load_cases():
        if case.op not in ("bid", "game"):
            continue
        html = hooks.render_case(case)
        bids = re.search(r"pujas desde quien abre[^:]*: (.*?)(<br>| → )", html)
        assert bids and "ddz-card" not in bids.group(1), case.id
        if "error" in case.expect and (case.op == "bid" or case.expect.get("phase") == "bids"):
            answer = _answer(html)
            assert "ddz-card" not in answer and not answer.startswith("error: jugada"), case.id
            seen += "puja n.º" in answer
    assert seen >= 3, "the corpus has bid errors at a position"


def test_the_page_on_the_cpu_gives_difficils_own_figures() -> None:
    # docs/aprender/app.md describes «Difícil»'s playouts with numbers: each is the engine's constant
    # (the page once said 16 deals and 1 000 decisions two stops after they became 24 and 1 500).
    from ddz.ai import cpu

    page = " ".join((ROOT / "docs" / "aprender" / "app.md").read_text(encoding="utf-8").split())

    def es(n: int) -> str:
        return f"{n:,}".replace(",", " ")  # 1 500, as Spanish writes it

    words = {3: "tres", 4: "cuatro", 5: "cinco", 6: "seis"}
    when = (
        "desde la primera jugada"
        if cpu.ROLLOUT_CARDS >= 54
        else f"cuando quedan {cpu.ROLLOUT_CARDS} cartas o menos en las tres manos"
    )
    for said in (
        when,
        f"sus {words[cpu.ROLLOUT_CANDIDATES]} mejores candidatas en hasta {cpu.ROLLOUT_SAMPLES} repartos",
        f"quedan {cpu.EXACT_CARDS} cartas o menos en las tres manos se resuelve con el solucionador",
        f"como mucho {es(cpu.ROLLOUT_BUDGET)} decisiones simuladas",
        f"p ≤ {str(cpu.SIGNIFICANCE).replace('.', ',')}",
    ):
        assert said in page, said
