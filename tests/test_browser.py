"""The app in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium).

Covers the card widget (drag, double tap, keyboard, touch: UI-SELECT-1), one full path per page,
and screenshots at phone (390 px) and desktop (1280 px) sizes saved in test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser_kit import button, double_click, new_page, press, quiet, rect, settled, shot, wait_bar
from tutorial.launch import CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]


def card_center(page: Page, card_id: str) -> tuple[float, float]:
    box = rect(page.locator(f'.card[data-id="{card_id}"]'))
    return box["x"] + min(box["width"] / 2, 10), box["y"] + box["height"] / 2


def wait_text(page: Page, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for()


# ---- the widget (UI-SELECT-1) -----------------------------------------------------------------
def test_widget_drag_double_tap_and_keyboard(server: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(f"{server}/explorador")
    page.locator('.card[data-id="4S"]').wait_for()
    quiet(page)  # the deck's first mount is followed by a rerun that draws it again
    # drag across the four 4s and the first two 5s
    x0, y = card_center(page, "4S")
    x1, _ = card_center(page, "5H")
    page.mouse.move(x0, y)
    page.mouse.down()
    page.mouse.move(x1, y, steps=8)
    page.mouse.up()
    wait_bar(page, "Cuarteto con dos sueltas")
    assert page.locator(".card.sel").count() == 6
    # double tap on a 9 selects all four 9s (and the cards rise)
    button(page, "Vaciar la selección").click()
    wait_bar(page, "Elige cartas")
    page.locator(".card.sel").first.wait_for(state="detached")
    quiet(page)  # the run that clearing started draws the deck again
    x, y = card_center(page, "9C")
    double_click(page, x, y)
    wait_bar(page, "Bomba")
    sel = page.locator(".card.sel")
    chosen = sel.evaluate_all("els => els.map(e => e.dataset.id)")
    assert len(chosen) == 4 and all(i.startswith("9") for i in chosen), chosen
    # keyboard: Space toggles the focused card (each change is a run that draws the deck again: a key
    # pressed during it would go to the card being replaced)
    settled(page)
    page.locator('.card[data-id="RJ"]').focus()
    page.keyboard.press("Space")
    wait_bar(page, "No es una jugada")
    settled(page)
    page.keyboard.press("Space")
    wait_bar(page, "Bomba")
    settled(page)
    page.locator('.card[data-id="3S"]').focus()
    page.keyboard.press("Shift+Enter")  # the keyboard's double tap: 3333 joins 9999
    wait_bar(page, "las cuatro cartas de un valor van juntas")
    assert page.locator(".card.sel").count() == 8
    shot(page, "explorador-1280")


def test_widget_touch_slide_on_phone(server: str, browser: Browser) -> None:
    page = new_page(browser, 390, 844, touch=True)
    page.goto(f"{server}/explorador")
    page.locator('.card[data-id="3S"]').wait_for()
    # the deck's first mount is followed by a rerun that draws it again: slide on the deck that stays
    quiet(page)
    cdp = page.context.new_cdp_session(page)
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
def test_explorer_typed_play_and_table(server: str, browser: Browser) -> None:
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/explorador?jugada=KKK3&mesa=QQQR")
    wait_bar(page, "Supera a Q Q Q + comodín grande")
    page.locator(".card.sel").nth(3).wait_for()
    assert page.locator(".card.sel").count() == 4
    box = page.get_by_label("Tu jugada")
    box.fill("10 J Q K A 2")
    box.press("Enter")  # submits the typed play
    wait_bar(page, "No es una jugada")
    page.locator(".card.sel").nth(5).wait_for()
    assert page.locator(".card.sel").count() == 6


def test_annotated_hand_stepping(server: str, browser: Browser) -> None:
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/manos?mano=primavera")
    button(page, "Siguiente").wait_for()
    button(page, "Siguiente").click()
    wait_text(page, "puja 3")
    button(page, "Al final").click()
    wait_text(page, "Puntuación")
    wait_text(page, "primavera")
    shot(page, "manos-390")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "manos-1280")


def test_lesson_stage_to_the_end(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 900)
    page.goto(f"{server}/estrategia?etapa=superar")
    press(page, "Saltar hasta esta etapa")  # stages open in order
    page.locator('.card[data-id="8S"]').first.wait_for()
    quiet(page)
    for cid in ("8S", "8H", "8C", "3S"):
        x, y = card_center(page, cid)
        page.mouse.click(x, y)
        # raised before the next tap (a loaded machine may still be drawing the last one)
        page.locator(f'.card.sel[data-id="{cid}"]').first.wait_for()
    page.wait_for_timeout(300)  # the selection reaches the app
    button(page, "Comprobar").first.click()
    wait_text(page, "¡Bien!")
    buttons = button(page, "Sí", exact=True)
    buttons.nth(0).click()  # KKK3 beats QQQR: yes
    wait_text(page, "K es más alto que Q")
    button(page, "No", exact=True).nth(1).click()
    page.wait_for_timeout(500)
    button(page, "No", exact=True).nth(2).click()
    wait_text(page, "¡Etapa completada!")
    shot(page, "estrategia-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "estrategia-390")


def test_conformance_page(server: str, browser: Browser) -> None:
    page = new_page(browser, 390, 844)
    page.goto(f"{server}/conformidad?regla=R-ONE-4")
    button(page, "Pasar el corpus contra ddz").click()
    wait_text(page, "0 fallados")
    shot(page, "conformidad-390")
