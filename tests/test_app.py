"""Every page of the tutorial through streamlit's AppTest (the card widget simulated via session state)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ddz.codes import cards_of
from ddz.game import OVER

VIEWS = Path(__file__).resolve().parents[1] / "tutorial" / "views"


def page(name: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(VIEWS / f"{name}.py"), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def html_text(at: AppTest) -> str:
    return " ".join(e.proto.body for e in at.get("html"))


def by_key(at: AppTest, key: str) -> object:
    """The button with this widget key."""
    [btn] = [b for b in at.button if b.key == key]
    return btn


def click(at: AppTest, label: str) -> AppTest:
    [btn] = [b for b in at.button if b.label == label]
    btn.click().run()
    assert not at.exception, at.exception
    return at


# ---- explorer -----------------------------------------------------------------------------------
def test_explorer_reads_the_url_and_classifies() -> None:
    at = page("explorer", jugada="444455", mesa="3333")
    text = html_text(at)
    assert "Cuarteto con dos sueltas" in text and "No supera a 3333" in text
    assert any("R-CMP-3" in m.value for m in at.markdown)


def test_explorer_bad_url_state_is_a_clear_message() -> None:
    at = page("explorer", jugada="XYZ")
    assert "No se entiende" in html_text(at) and "«X»" in html_text(at)


def test_explorer_example_buttons_update_url() -> None:
    at = page("explorer")
    click(at, "KKK3 supera a QQQR")
    assert at.query_params["jugada"] == "KKK3" and at.query_params["mesa"] == "QQQR"
    assert "Supera a QQQR" in html_text(at)


def test_explorer_typed_play_selects_cards_in_the_widget() -> None:
    at = page("explorer")
    [box] = [t for t in at.text_input if t.label == "Tu jugada"]
    box.input("TJQKA2")
    click(at, "Ver")
    assert "el 2 no entra en escaleras" in html_text(at).lower()
    assert len(at.session_state["explorer_deck__forced"]) == 6


# ---- play ---------------------------------------------------------------------------------------
def test_play_bad_code_in_url_starts_fresh_with_message() -> None:
    at = page("play", codigo="NOPE")
    assert any("código no válido" in w.value for w in at.warning)
    assert at.session_state["game"].code is not None


def _finish_with_hints(at: AppTest) -> None:
    for _ in range(200):
        g = at.session_state["game"]
        if g.phase == OVER:
            return
        if g.phase == "bidding":
            click(at, "Pujar 3")
            continue
        click(at, "Pista")
        forced = at.session_state["play_hand__forced"]
        if forced:
            at.session_state["play_hand"] = {"selected": forced}
            at.run()
            click(at, "Jugar")
        else:
            click(at, "Pasar")
    raise AssertionError("the hand did not end")


def test_play_whole_hand_then_repeat_same_deal() -> None:
    at = page("play", codigo="0001-FY3Q0")
    g = at.session_state["game"]
    first = list(g.hands[0])
    assert g.turn == 0 and g.phase == "bidding"
    _finish_with_hints(at)
    g = at.session_state["game"]
    assert g.phase == OVER and any("S =" in m.value for m in at.markdown)
    assert at.query_params["acciones"].split(".") == g.actions
    click(at, "Repetir este reparto")
    assert list(at.session_state["game"].hands[0]) == first


def test_play_bar_explains_and_disables_play() -> None:
    at = page("play", codigo="0001-FY3Q0")
    click(at, "Pujar 3")
    hand = at.session_state["game"].hands[0]
    at.session_state["play_hand"] = {"selected": [hand[0], hand[-1]]}  # a 3 and a 2: not a play
    at.run()
    assert "No es una jugada" in html_text(at)
    [play] = [b for b in at.button if b.label == "Jugar"]
    [pas] = [b for b in at.button if b.label == "Pasar"]
    assert play.disabled and pas.disabled  # the landlord leads: cannot pass


def test_play_reload_restores_hand_from_url() -> None:
    at = page("play", codigo="0001-FY3Q0")
    click(at, "Pujar 3")
    actions = at.query_params["acciones"]
    again = page("play", codigo="0001-FY3Q0", acciones=actions)
    assert again.session_state["game"].hands == at.session_state["game"].hands
    assert cards_of(again.session_state["game"].hands[0]) == cards_of(at.session_state["game"].hands[0])


def test_play_counter_shown_and_collapsible() -> None:
    at = page("play", codigo="0001-FY3Q0")
    assert 'data-testid="counter"' in html_text(at)  # UI-COUNTER-1: on by default
    assert at.expander[0].label.startswith("Contador de cartas")


# ---- annotated hands ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "slug", ["primavera", "control", "cooperacion", "antiprimavera", "bombas", "cuarteto", "reparto"]
)
def test_each_annotated_hand_steps_to_the_score(slug: str) -> None:
    at = page("hands", mano=slug)
    first_note = html_text(at)
    click(at, "Siguiente")
    assert html_text(at) != first_note
    click(at, "Anterior")
    click(at, "Al final")
    assert any(h.value == "Puntuación" for h in at.subheader)
    assert at.success and at.session_state["step"] > 0


def test_hands_page_opens_a_played_game_from_the_url() -> None:
    at = page("hands", codigo="0001-FY3Q0", acciones="3")
    assert "Tu partida 0001-FY3Q0" in " ".join(m.value for m in at.markdown)


def test_hands_page_bad_url() -> None:
    at = page("hands", mano="no-existe")
    assert any("no-existe" in w.value for w in at.warning)


# ---- lessons ------------------------------------------------------------------------------------
def test_lesson_stage_can_be_completed_with_feedback() -> None:
    at = page("lessons", etapa="jugadas")
    # a wrong choice first: instant feedback, then retry
    at.session_state["w-jugadas-0"] = {"selected": ["3S", "3H"]}
    at.run()
    by_key(at, "b-jugadas-0").click().run()  # type: ignore[attr-defined]
    assert any("pareja, no trío con pareja" in e.value for e in at.error)
    at.session_state["w-jugadas-0"] = {"selected": ["3S", "3H", "3C", "TS", "TH"]}
    at.run()
    by_key(at, "b-jugadas-0").click().run()  # type: ignore[attr-defined]
    at.session_state["w-jugadas-1"] = {"selected": ["3S", "3H", "4S", "4H", "5S", "5H"]}
    at.run()
    by_key(at, "b-jugadas-1").click().run()  # type: ignore[attr-defined]
    by_key(at, "n-jugadas-2").click().run()  # type: ignore[attr-defined]
    by_key(at, "n-jugadas-3").click().run()  # type: ignore[attr-defined]
    assert any("Etapa completada" in s.value for s in at.success)


def test_count_exercise_wrong_answer_shows_decomposition() -> None:
    at = page("lessons", etapa="tiradas")
    at.number_input(key="in-tiradas-0").set_value(9).run()
    by_key(at, "b-tiradas-0").click().run()  # type: ignore[attr-defined]
    assert any("No: son 4" in e.value for e in at.error)


# ---- conformance --------------------------------------------------------------------------------
def test_conformance_page_runs_the_corpus() -> None:
    at = page("conformance", regla="R-ONE-2")
    assert any("R-ONE-2" in m.value for m in at.markdown)
    click(at, "Pasar el corpus contra ddz")
    assert any(" 0 fallados" in s.value for s in at.success)


def test_play_redeal_is_announced() -> None:
    at = page("play", codigo="0002-6A16N")
    for _ in range(3):
        g = at.session_state["game"]
        if g.turn == 0 and g.phase == "bidding" and g.redeals == 0:
            click(at, "Pasar")
        at.run()
    g = at.session_state["game"]
    assert g.redeals == 1
    assert any("se ha repartido de nuevo" in i.value for i in at.info)
