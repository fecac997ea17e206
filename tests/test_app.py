"""Every page of the tutorial through streamlit's AppTest (the card widget simulated via session state)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

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


def gesture(at: AppTest, key: str, ids: list[str]) -> None:
    """What the browser sends after a tap: the raised ids and the newest command it had applied."""
    try:
        cmd = int(at.session_state[f"{key}__cmd"])
    except KeyError:
        cmd = 0
    at.session_state[key] = {"selected": {"ids": ids, "cmd": cmd}}
    at.run()


def stale_gesture(at: AppTest, key: str, ids: list[str]) -> None:
    """A value the browser made before the newest command (it re-sends it with every rerun)."""
    at.session_state[key] = {"selected": {"ids": ids, "cmd": int(at.session_state[f"{key}__cmd"]) - 1}}
    at.run()


def effects(at: AppTest) -> dict[str, object]:
    """The data the page sent to its browser-effects component (address, scroll, storage)."""
    import json

    [el] = [e for e in at.get("bidi_component") if e.proto.component_name.endswith("ddz_effects")]
    return json.loads(el.proto.json)  # type: ignore[no-any-return]


def url_of(at: AppTest) -> dict[str, str]:
    from urllib.parse import parse_qsl

    return dict(parse_qsl(str(effects(at)["query"])))


def click(at: AppTest, label: str) -> AppTest:
    [btn] = [b for b in at.button if b.label == label]
    btn.click().run()
    assert not at.exception, at.exception
    return at


# ---- explorer -----------------------------------------------------------------------------------
def test_explorer_reads_the_url_and_classifies() -> None:
    at = page("explorer", jugada="444455", mesa="3333")
    text = html_text(at)
    assert "Cuarteto con dos sueltas" in text and "No supera a 3 3 3 3" in text
    # 444455 looks like a bomb: the diagnosis says why it is not one; never a rule id
    assert 'data-testid="diagnosis"' in text and "R-CMP" not in text


def test_explorer_bad_url_state_is_a_clear_message() -> None:
    at = page("explorer", jugada="XYZ")
    assert "No se entiende" in html_text(at) and "«X»" in html_text(at)


def test_explorer_example_buttons_update_url() -> None:
    at = page("explorer")
    click(at, "K K K + 3 supera a Q Q Q + comodín grande")
    assert url_of(at) == {"jugada": "KKK3", "mesa": "QQQR"}
    assert "Supera a Q Q Q + comodín grande" in html_text(at)  # the table play body first, as everywhere


def test_explorer_typed_play_selects_cards_in_the_widget() -> None:
    at = page("explorer")
    [box] = [t for t in at.text_input if t.label == "Tu jugada"]
    box.input("TJQKA2")
    click(at, "Ver")
    assert "el 2 no entra en escaleras" in html_text(at).lower()
    assert len(at.session_state["explorer_deck__ids"]) == 6


# ---- play ---------------------------------------------------------------------------------------
def test_play_bad_code_in_url_starts_fresh_with_message() -> None:
    at = page("play", codigo="NOPE")
    assert "código no válido" in html_text(at)
    assert at.session_state["practice"].game.code is not None


def _finish_with_hints(at: AppTest) -> None:
    for _ in range(200):
        g = at.session_state["practice"].game
        if g.phase == OVER:
            return
        if g.phase == "bidding":
            click(at, "Pujar 3")
            continue
        click(at, "Pista")
        forced = at.session_state["play_hand__ids"]
        if forced:
            click(at, "Jugar")
        else:
            click(at, "Pasar")
    raise AssertionError("the hand did not end")


def test_play_whole_hand_then_repeat_same_deal() -> None:
    at = page("play", codigo="0001-FY3Q0")
    g = at.session_state["practice"].game
    first = list(g.hands[0])
    assert g.turn == 0 and g.phase == "bidding"
    _finish_with_hints(at)
    p = at.session_state["practice"]
    assert p.game.phase == OVER and any("S =" in m.value for m in at.markdown)
    mine = [a for seat, a in _seats_and_actions(p.game) if seat == 0]
    assert url_of(at)["acciones"].split(".")[0] == "3" and len(url_of(at)["acciones"].split(".")) == len(mine)
    click(at, "Repetir este reparto")
    assert list(at.session_state["practice"].game.hands[0]) == first


def _seats_and_actions(g: object) -> list[tuple[int, str]]:
    """Who did each action of a finished hand, replayed from its deal code."""
    from ddz.game import Game

    assert isinstance(g, Game) and g.code
    fresh = Game.from_code(g.code)
    out = []
    for a in g.actions:
        out.append((fresh.turn, a))
        fresh.apply(a)
    return out


def test_play_bar_explains_and_disables_play() -> None:
    at = page("play", codigo="0001-FY3Q0")
    click(at, "Pujar 3")
    hand = at.session_state["practice"].game.hands[0]
    gesture(at, "play_hand", [hand[0], hand[-1]])  # a 3 and a 2: not a play
    assert "No es una jugada" in html_text(at)
    [play] = [b for b in at.button if b.label == "Jugar"]
    [pas] = [b for b in at.button if b.label == "Pasar"]
    assert play.disabled and pas.disabled  # the landlord leads: cannot pass


def test_play_reload_restores_hand_from_url() -> None:
    at = page("play", codigo="0001-FY3Q0")
    click(at, "Pujar 3")
    hand = at.session_state["practice"].game.hands[0]
    gesture(at, "play_hand", [hand[1]])  # a single card, not the first of its rank
    click(at, "Jugar")
    actions = url_of(at)["acciones"]
    assert actions == f"3.{hand[1]}"
    again = page("play", codigo="0001-FY3Q0", acciones=actions)
    assert again.session_state["practice"].game.hands == at.session_state["practice"].game.hands
    assert hand[1] not in again.session_state["practice"].game.hands[0]


FOLDED = ".st-key-ddz-hand{display:none}"  # the style that folds your hand out of the dock


def test_pista_and_a_new_hand_unfold_the_dock() -> None:
    """«Plegar» hides your hand to look at the table; «Pista» raises cards, so it shows the hand again,
    and a new hand starts with your new cards in view (a fold left from the last hand hid them)."""
    at = page("play", codigo="0001-FY3Q0")
    click(at, "Pujar 3")
    click(at, "Plegar")
    assert FOLDED in html_text(at) and any(b.label == "Desplegar" for b in at.button)
    click(at, "Pista")
    assert at.session_state["play_hand__ids"] and FOLDED not in html_text(at)
    click(at, "Plegar")
    assert FOLDED in html_text(at)
    [box] = [t for t in at.text_input if t.key == "code_input"]
    box.input("0001-FY3Q0")
    click(at, "Repartir con este código")  # the same deal again, from Ajustes: a new hand
    assert not at.session_state["practice"].game.actions
    click(at, "Pujar 3")
    assert FOLDED not in html_text(at) and any(b.label == "Plegar" for b in at.button)


def test_play_counter_shown_and_collapsible() -> None:
    at = page("play", codigo="0001-FY3Q0")
    assert 'data-testid="counter"' in html_text(at)  # UI-COUNTER-1: on by default
    assert any(e.label.startswith("Contador de cartas") for e in at.expander)


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
    assert any(h.value == "Puntuación" for h in at.header)  # h2 under the page title
    assert at.success and at.session_state["step"] > 0


def test_hands_page_opens_a_played_game_from_the_url() -> None:
    from ddz.game import Game
    from tutorial.practice import Practice

    p, _ = Practice.start("0001-FY3Q0", ["3"])
    while not p.over:  # finish the hand with the CPU playing the human's seat too
        from ddz.ai import Cpu

        p.game.apply(Cpu().act(p.game))
    assert isinstance(p.game, Game)
    at = page("hands", codigo="0001-FY3Q0", acciones=".".join(p.game.actions))
    assert "Tu partida 0001-FY3Q0" in " ".join(m.value for m in at.markdown)


def test_hands_page_refuses_a_live_hand() -> None:
    """A hand that is not over would show every seat's cards: it is refused with a message."""
    at = page("hands", codigo="0001-FY3Q0", acciones="3")
    assert "todavía no ha terminado" in html_text(at)
    assert not any("Tu partida" in m.value for m in at.markdown)


def test_hands_page_bad_url() -> None:
    at = page("hands", mano="no-existe")
    assert "no-existe" in html_text(at)


# ---- lessons ------------------------------------------------------------------------------------
def test_lesson_stage_can_be_completed_with_feedback() -> None:
    at = page("lessons", etapa="jugadas")
    # a wrong choice first: instant feedback, then retry
    gesture(at, "w-jugadas-0", ["3S", "3H"])
    by_key(at, "b-jugadas-0").click().run()  # type: ignore[attr-defined]
    assert any("una pareja, no un trío con pareja" in e.value for e in at.error)
    gesture(at, "w-jugadas-0", ["3S", "3H", "3C", "TS", "TH"])
    by_key(at, "b-jugadas-0").click().run()  # type: ignore[attr-defined]
    gesture(at, "w-jugadas-1", ["3S", "3H", "4S", "4H", "5S", "5H"])
    by_key(at, "b-jugadas-1").click().run()  # type: ignore[attr-defined]
    by_key(at, "n-jugadas-2").click().run()  # type: ignore[attr-defined]
    by_key(at, "n-jugadas-3").click().run()  # type: ignore[attr-defined]
    assert any("Etapa completada" in s.value for s in at.success)


def test_count_exercise_hint_first_then_the_answer() -> None:
    """A first wrong answer gets a hint (not the answer); the second one shows the decomposition."""
    at = click(page("lessons", etapa="tiradas"), "Saltar hasta esta etapa")  # stages open in order
    at.number_input(key="in-tiradas-0").set_value(9).run()
    by_key(at, "b-tiradas-0").click().run()  # type: ignore[attr-defined]
    assert any("Pista:" in e.value for e in at.error)
    assert not any("son 4" in e.value for e in at.error)
    by_key(at, "b-tiradas-0").click().run()  # type: ignore[attr-defined]
    assert any("No: son 4" in e.value for e in at.error)


def test_answer_on_request() -> None:
    at = click(page("lessons", etapa="tiradas"), "Saltar hasta esta etapa")  # stages open in order
    at.number_input(key="in-tiradas-0").set_value(9).run()
    by_key(at, "b-tiradas-0").click().run()  # type: ignore[attr-defined]
    by_key(at, "r-tiradas-0").click().run()  # type: ignore[attr-defined]
    assert any("Son 4 jugadas" in i.value for i in at.info)


# ---- conformance --------------------------------------------------------------------------------
def test_conformance_page_runs_the_corpus() -> None:
    at = page("conformance", regla="R-ONE-2")
    assert any("R-ONE-2" in m.value for m in at.markdown)
    click(at, "Pasar el corpus contra ddz")
    assert any(" 0 fallados" in s.value for s in at.success)


def test_play_redeal_is_announced() -> None:
    at = page("play", codigo="0002-6A16N")
    for _ in range(3):
        g = at.session_state["practice"].game
        if g.turn == 0 and g.phase == "bidding" and g.redeals == 0:
            click(at, "Pasar")
        at.run()
    g = at.session_state["practice"].game
    assert g.redeals == 1
    assert "nadie pujó: se volvió a repartir" in html_text(at)


# ---- one owner of the selection --------------------------------------------------------------------
def test_a_stale_gesture_never_wins_over_a_newer_command() -> None:
    """The browser re-sends its last gesture with the next click: after «Pista», the hint is played."""
    at = page("play", codigo="GH2F-M5HRD")
    click(at, "Pujar 3")
    hand = at.session_state["practice"].game.hands[0]
    five = next(c for c in hand if c[0] == "5")
    gesture(at, "play_hand", [five])
    assert "Carta suelta" in html_text(at)
    click(at, "Pista")
    hinted = list(at.session_state["play_hand__ids"])
    assert hinted and five not in hinted
    stale_gesture(at, "play_hand", [five])  # the old tap comes back with the click
    click(at, "Jugar")
    p = at.session_state["practice"]
    [first_play] = [e for e in p.events if e.kind == "play"][:1]
    assert list(first_play.ids) == hinted and first_play.seat == 0
    assert five in p.game.hands[0] and not set(hinted) & set(p.game.hands[0])


def test_an_empty_selection_is_empty() -> None:
    """After «Pista», lowering the hinted cards leaves nothing raised: «Jugar» is disabled."""
    at = page("play", codigo="GH2F-M5HRD")
    click(at, "Pujar 3")
    click(at, "Pista")
    gesture(at, "play_hand", [])
    assert "Elige cartas" in html_text(at)
    [play] = [b for b in at.button if b.label == "Jugar"]
    assert play.disabled


def test_explorer_clear_empties_bar_and_box_and_typo_keeps_text() -> None:
    at = page("explorer", jugada="KKK3")
    gesture(at, "explorer_deck", [])  # «Vaciar la selección» in the browser
    assert "Elige cartas" in html_text(at)
    assert [t.value for t in at.text_input if t.label == "Tu jugada"] == [""]
    [box] = [t for t in at.text_input if t.label == "Tu jugada"]
    box.input("3X")
    click(at, "Ver")
    assert [t.value for t in at.text_input if t.label == "Tu jugada"] == ["3X"]
    assert "No se entiende" in html_text(at)


def test_query_parameters_never_reach_markdown() -> None:
    """A link or image in a query parameter is shown as text, never rendered."""
    evil = "[x](http://evil.example) ![i](http://evil.example/i.png)"
    for at in (page("hands", mano=evil), page("conformance", regla=evil), page("play", codigo=evil)):
        assert not any("evil.example" in m.value for m in at.markdown)
        assert not any("evil.example" in w.value for w in at.warning)


def test_forced_landlord_is_explained_on_the_table() -> None:
    """Four deals with no bid: the forced landlord at base 1 and why, on the table and in the history."""
    at = page("play", codigo="0000-57JYY", acciones="p.p.p.p")
    text = html_text(at)
    assert "terrateniente a la fuerza, con base 1" in text and "Oeste es" in text
    assert "Cuarto reparto y tampoco puja nadie" in text


def test_guided_hand_from_settings_and_skip() -> None:
    at = page("play", codigo="0001-FY3Q0")
    click(at, "Mano guiada (para empezar)")
    assert at.session_state["practice"].code == "0000-1AYJ8"
    assert "ddz-notice coach" in html_text(at) and "Cuenta tus jugadas" in html_text(at)
    click(at, "Saltar la guía")
    assert "ddz-notice coach" not in html_text(at)


def test_cpu_level_in_settings_and_in_the_address() -> None:
    """«Fácil», «Normal», «Difícil» in Ajustes; the level is part of the address, since the
    CPUs' moves are recomputed from it."""
    at = page("play", codigo="0001-FY3Q0")
    labels = [b.label for b in at.button if b.key and b.key.startswith("level_")]
    assert labels == ["Fácil", "Normal", "Difícil"]
    click(at, "Difícil")  # nothing played yet: the same deal, dealt again at the new level
    assert at.session_state["practice"].level == "hard"
    assert url_of(at)["nivel"] == "hard"
    again = page("play", codigo="0001-FY3Q0", nivel="hard")
    assert again.session_state["practice"].level == "hard"
    bad = page("play", codigo="0001-FY3Q0", nivel="imposible")
    assert (
        "Ese nivel de la CPU no existe" in html_text(bad) or bad.session_state["practice"].level == "normal"
    )


def test_a_level_change_mid_hand_applies_from_the_next_hand() -> None:
    """Changing the level never deals the hand again once you have acted in it."""
    at = page("play", codigo="GH2F-M5HRD")
    click(at, "Pujar 3")
    actions = list(at.session_state["practice"].game.actions)
    click(at, "Difícil")
    p = at.session_state["practice"]
    assert p.level == "normal" and list(p.game.actions)[: len(actions)] == actions
    assert "Desde la próxima mano: <b>Difícil</b>" in html_text(at)
    click(at, "Otra partida")
    assert at.session_state["practice"].level == "hard"
