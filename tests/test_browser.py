"""The app in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium).

Covers the card widget (drag, double tap, keyboard, touch: UI-SELECT-1), one full path per page,
and screenshots at phone (390 px) and desktop (1280 px) sizes saved in test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_kit import button
from tutorial.launch import CHROMIUM

expect = pytest.importorskip("playwright.sync_api").expect

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]


def new_page(browser: object, width: int = 1280, height: int = 900, touch: bool = False) -> object:
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    return page


def shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def card_center(page: object, card_id: str) -> tuple[float, float]:
    box = page.locator(f'.card[data-id="{card_id}"]').bounding_box()  # type: ignore[attr-defined]
    return box["x"] + min(box["width"] / 2, 10), box["y"] + box["height"] / 2


def wait_text(page: object, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for()  # type: ignore[attr-defined]


def wait_bar(page: object, text: str) -> None:
    """Wait until the bar above the cards says ``text`` (case-sensitive)."""
    page.locator('[data-testid="ddz-bar"]', has_text=text).first.wait_for()  # type: ignore[attr-defined]


# ---- the widget (UI-SELECT-1) -----------------------------------------------------------------
def test_widget_drag_double_tap_and_keyboard(server: str, browser: object) -> None:
    page = new_page(browser)
    page.goto(f"{server}/explorador")  # type: ignore[attr-defined]
    page.locator('.card[data-id="4S"]').wait_for()  # type: ignore[attr-defined]
    # drag across the four 4s and the first two 5s
    x0, y = card_center(page, "4S")
    x1, _ = card_center(page, "5H")
    page.mouse.move(x0, y)
    page.mouse.down()
    page.mouse.move(x1, y, steps=8)
    page.mouse.up()  # type: ignore[attr-defined]
    wait_bar(page, "Cuarteto con dos sueltas")
    assert page.locator(".card.sel").count() == 6  # type: ignore[attr-defined]
    # double tap on a 9 selects all four 9s (and the cards rise)
    button(page, "Vaciar la selección").click()  # type: ignore[attr-defined]
    wait_bar(page, "Elige cartas")
    page.wait_for_function("() => true")  # type: ignore[attr-defined]
    page.locator(".card.sel").first.wait_for(state="detached")  # type: ignore[attr-defined]
    x, y = card_center(page, "9C")
    page.mouse.dblclick(x, y)  # type: ignore[attr-defined]
    wait_bar(page, "Bomba")
    sel = page.locator(".card.sel")  # type: ignore[attr-defined]
    chosen = sel.evaluate_all("els => els.map(e => e.dataset.id)")
    assert len(chosen) == 4 and all(i.startswith("9") for i in chosen), chosen
    # keyboard: Space toggles the focused card
    page.locator('.card[data-id="RJ"]').focus()  # type: ignore[attr-defined]
    page.keyboard.press("Space")  # type: ignore[attr-defined]
    wait_bar(page, "No es una jugada")
    page.keyboard.press("Space")  # type: ignore[attr-defined]
    wait_bar(page, "Bomba")
    page.locator('.card[data-id="3S"]').focus()  # type: ignore[attr-defined]
    page.keyboard.press("Shift+Enter")  # the keyboard's double tap: 3333 joins 9999
    wait_bar(page, "las cuatro cartas de un valor van juntas")
    assert page.locator(".card.sel").count() == 8  # type: ignore[attr-defined]
    shot(page, "explorador-1280")


def test_widget_touch_slide_on_phone(server: str, browser: object) -> None:
    page = new_page(browser, 390, 844, touch=True)
    page.goto(f"{server}/explorador")  # type: ignore[attr-defined]
    page.locator('.card[data-id="3S"]').wait_for()  # type: ignore[attr-defined]
    cdp = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
    x0, y = card_center(page, "3S")
    x1, _ = card_center(page, "3D")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for k in range(1, 7):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": x0 + (x1 - x0) * k / 6, "y": y}]},
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_bar(page, "Bomba")
    shot(page, "explorador-390")


# ---- one full path per page -------------------------------------------------------------------
def test_explorer_typed_play_and_table(server: str, browser: object) -> None:
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/explorador?jugada=KKK3&mesa=QQQR")  # type: ignore[attr-defined]
    wait_bar(page, "Supera a Q Q Q + comodín grande")
    page.locator(".card.sel").nth(3).wait_for()  # type: ignore[attr-defined]
    assert page.locator(".card.sel").count() == 4  # type: ignore[attr-defined]
    box = page.get_by_label("Tu jugada")  # type: ignore[attr-defined]
    box.fill("10 J Q K A 2")
    box.press("Enter")  # submits the typed play
    wait_bar(page, "No es una jugada")
    page.locator(".card.sel").nth(5).wait_for()  # type: ignore[attr-defined]
    assert page.locator(".card.sel").count() == 6  # type: ignore[attr-defined]


def test_annotated_hand_stepping(server: str, browser: object) -> None:
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/manos?mano=primavera")  # type: ignore[attr-defined]
    button(page, "Siguiente").wait_for()  # type: ignore[attr-defined]
    button(page, "Siguiente").click()  # type: ignore[attr-defined]
    wait_text(page, "puja 3")
    button(page, "Al final").click()  # type: ignore[attr-defined]
    wait_text(page, "Puntuación")
    wait_text(page, "primavera")
    shot(page, "manos-390")
    page.set_viewport_size({"width": 1280, "height": 900})  # type: ignore[attr-defined]
    shot(page, "manos-1280")


def test_lesson_stage_to_the_end(server: str, browser: object) -> None:
    page = new_page(browser, 1280, 900)
    page.goto(f"{server}/estrategia?etapa=superar")  # type: ignore[attr-defined]
    button(page, "Saltar hasta esta etapa").click()  # type: ignore[attr-defined]  # stages open in order
    page.locator('.card[data-id="8S"]').first.wait_for()  # type: ignore[attr-defined]
    for cid in ("8S", "8H", "8C", "3S"):
        x, y = card_center(page, cid)
        page.mouse.click(x, y)  # type: ignore[attr-defined]
        # raised before the next tap (a loaded machine may still be drawing the last one)
        page.locator(f'.card.sel[data-id="{cid}"]').first.wait_for()  # type: ignore[attr-defined]
    page.wait_for_timeout(300)  # type: ignore[attr-defined]  # the selection reaches the app
    button(page, "Comprobar").first.click()  # type: ignore[attr-defined]
    wait_text(page, "¡Bien!")
    buttons = button(page, "Sí", exact=True)  # type: ignore[attr-defined]
    buttons.nth(0).click()  # KKK3 beats QQQR: yes
    wait_text(page, "K es más alto que Q")
    button(page, "No", exact=True).nth(1).click()  # type: ignore[attr-defined]
    page.wait_for_timeout(500)  # type: ignore[attr-defined]
    button(page, "No", exact=True).nth(2).click()  # type: ignore[attr-defined]
    wait_text(page, "¡Etapa completada!")
    shot(page, "estrategia-1280")
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    shot(page, "estrategia-390")


def test_conformance_page(server: str, browser: object) -> None:
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/conformidad?regla=R-ONE-4")  # type: ignore[attr-defined]
    button(page, "Pasar el corpus contra ddz").click()  # type: ignore[attr-defined]
    wait_text(page, "0 fallados")
    shot(page, "conformidad-390")
