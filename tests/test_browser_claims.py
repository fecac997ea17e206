"""The three voices agree: when «Pista» advises covering your partner, the reason says why
and «Jugar» plays the hint's cards without asking «¿seguro?»; the review then marks the decision.

Found by the audit: Pista advised covering the partner, the table asked «¿seguro que quieres
superarla?» and the review gave ✓. This test failed on the code before the fix (the question came up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

from ddz.ai import hint
from tests.browser_kit import HAND, dock_state, phone, press, quiet, wait_bar, wait_turn
from tutorial.practice import HUMAN, Practice

if TYPE_CHECKING:
    from playwright.sync_api import Browser

COVER = ("0000-6RH96", ["1", "p", "p", "p", "89TJQ", "p"])
"""You are a farmer; your partner's 10 is on the table and the landlord, next, has five cards."""


def test_the_hint_to_cover_the_partner_is_not_questioned(server: str, browser: Browser) -> None:
    code, tokens = COVER
    p, error = Practice.start(code, tokens)
    assert not error
    p.run_cpus()
    g = p.game
    advice = hint(g, HUMAN)
    assert g.turn == HUMAN and g.table_seat not in (None, HUMAN, g.landlord)  # the partner's play
    assert advice.action != "p" and advice.why.code == "cover_partner", advice.reason
    page = phone(browser)
    page.goto(f"{server}/?codigo={code}&acciones={'.'.join(tokens)}")
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)
    n = int(dock_state(page)["actions"])
    press(page, "Pista")
    page.get_by_test_id("hint-chip").first.tap()  # the hint opens on tap
    expect(page.get_by_test_id("hint-full").first).to_contain_text("para que no se lo lleve él")  # says why
    wait_bar(page, "Carta suelta")
    press(page, "Jugar")
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=\"dock-state\"]').dataset.actions) > {n}"
    )
    assert page.locator('[data-testid="partner-ask"]').count() == 0


LOST = ("0000-007A5", ["p", "p", "p", "p", "66", "33KKK", "44", "789TJ", "p", "p", "p", "p", "R", "8", "p"])
"""A hand lost with few cards left: the review's key moment is exact, and it links to «Retos»."""


def test_the_exact_key_moment_opens_as_your_own_puzzle(server: str, browser: Browser) -> None:
    code, tokens = LOST
    page = phone(browser)
    page.goto(f"{server}/?codigo={code}&acciones={'.'.join(tokens)}")
    moment = page.get_by_test_id("key-moment")
    expect(moment).to_contain_text("exacto, con las cartas a la vista")
    expect(moment).to_contain_text("desde aquí ganabas con 8 (también con 9); pasaste")
    quiet(page)  # a tap on a link the running review is redrawing is lost (a CI run's)
    page.get_by_text("Practica esta posición").click()
    expect(page.get_by_role("heading", name="Tu partida: Encuentra la jugada que gana")).to_be_visible()
    expect(page.get_by_text("Te toca con el campesino 2.")).to_be_visible()
