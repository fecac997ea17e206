"""The learning path in a real browser: «Reglas», the guided hand's ending,
Estrategia's progress and order, the Explorador's diagnoses and grid, and «Conformidad» apart from
the learner's pages. One page load per scenario; Chromium at 390×844 (touch) and 1280×800."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser_kit import button, new_page, rect, settled, shot, stored, wait_bar
from tutorial.launch import CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]

IN_VIEW = """sel => {
  const el = document.querySelector(sel); if (!el) return false;
  const r = el.getBoundingClientRect();
  const header = document.querySelector('header[data-testid="stHeader"]');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= window.innerHeight;
}"""

RANK_ROWS = """els => {
  const tops = {};
  for (const c of els) {
    const t = c.offsetTop;  // not the raised offset of a selected card
    (tops[c.dataset.rank] = tops[c.dataset.rank] || new Set()).add(t);
  }
  return Object.values(tops).map(s => s.size);
}"""


def assert_ranks_never_split(page: Page) -> None:
    """Every rank of the deck grid sits on one row (the cards live in the widget's shadow root)."""
    cards = page.locator('[aria-label="baraja completa"] .card')
    expect(cards).to_have_count(54)
    page.wait_for_timeout(200)  # the grid lays itself out after a resize
    rows = cards.evaluate_all(RANK_ROWS)
    assert len(rows) == 15 and set(rows) == {1}, rows


def test_rules_page_on_a_phone_opens_an_example_in_the_explorer(server: str, browser: Browser) -> None:
    page = new_page(browser, 390, 844, touch=True)
    page.goto(f"{server}/reglas")
    page.get_by_role("heading", name="Las 14 jugadas").wait_for()
    # The page streams in: count only once its last part (the glossary) is there and no element is stale.
    page.locator('[data-testid="glossary"]').wait_for()
    settled(page)
    from ddz.plays import KIND_NAMES_ES, KINDS
    from tutorial.rulebook import glossary, kind_examples

    heads = page.locator('[data-testid="rules-example"] > b').all_inner_texts()
    want = [f"{i + 1}. {KIND_NAMES_ES[k][0].upper()}{KIND_NAMES_ES[k][1:]}" for i, k in enumerate(KINDS)]
    assert len(KINDS) == 14 and heads[:14] == want, heads  # the 14 plays, in order, each with its example
    for _, _, ex in kind_examples():
        tile = page.locator(f'[data-testid="rules-example"][data-play="{ex.play}"]').first
        assert tile.locator(".ddz-c").count() == len(ex.play), ex.play  # its cards are drawn
    expect(page.locator('[data-testid="glossary"] dt')).to_have_count(len(glossary()))
    terms = page.locator('[data-testid="glossary"]').inner_text()
    assert "primavera" in terms and "antiprimavera" in terms and "carta que manda" in terms
    faq = page.get_by_text("¿4 4 4 4 + 5 5 es una bomba?")
    faq.wait_for()
    body = page.locator("body").inner_text()
    assert "No. Cuarteto con dos sueltas de 4" in body  # the engine's answer
    assert "R-KIND" not in body and "R-ONE" not in body  # no rule ids for the learner
    shot(page, "reglas-390", full_page=False)
    page.get_by_role("heading", name="Las 14 jugadas").scroll_into_view_if_needed()
    Path("/tmp/shots18").mkdir(parents=True, exist_ok=True)
    page.screenshot(path="/tmp/shots18/reglas-390.png")
    # A tap on the cards of an example (not only on its button) opens it in the Explorador.
    tile = page.locator('[data-testid="rules-example"][data-play="3334"]')
    tile.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
    card = rect(tile.locator(".ddz-c").first)
    page.touchscreen.tap(
        card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
    )  # the tile is one big target
    page.wait_for_url("**/explorador?jugada=3334**")
    wait_bar(page, "Trío con carta suelta")
    expect(page.locator(".card.sel")).to_have_count(4)
    page.wait_for_function(IN_VIEW, arg=".st-key-exp-top + div, [data-testid='stForm']")
    shot(page, "reglas-ejemplo-explorador-390", full_page=False)


def test_explorer_diagnoses_near_misses_and_keeps_ranks_together(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    page.goto(f"{server}/explorador?jugada=3334445556")
    wait_bar(page, "Tres tríos seguidos piden tres acompañantes (o ninguno)")  # not the generic sentence
    assert "ninguna de las 14 jugadas" not in page.locator('[data-testid="ddz-bar"]').inner_text()
    diagnosis = page.locator('[data-testid="diagnosis"]')
    assert_ranks_never_split(page)
    shot(page, "explorador-diagnostico-1280", full_page=False)
    box = page.get_by_label("Tu jugada")
    box.fill("444455")
    box.press("Enter")
    expect(diagnosis).to_contain_text("No es una bomba: una bomba son exactamente cuatro cartas iguales")
    # On a phone the deck still never splits a rank across two rows, and a tapped example's
    # play box ends fully in view (below the page's top bar).
    page.set_viewport_size({"width": 390, "height": 844})
    assert_ranks_never_split(page)
    example = button(page, "El 2 no entra en escaleras")
    example.scroll_into_view_if_needed()
    example.click()
    wait_bar(page, "sin el 2, 10 J Q K A sí es una jugada")
    page.wait_for_function(IN_VIEW, arg="[data-testid='stForm']")
    shot(page, "explorador-diagnostico-390", full_page=False)


def test_estrategia_keeps_progress_unlocks_in_order_and_offers_practice(
    server: str, browser: Browser
) -> None:
    page = new_page(browser, 390, 844, touch=True)
    page.goto(f"{server}/estrategia?etapa=superar")
    page.get_by_test_id("stage-locked").wait_for()  # stage 2 is locked until stage 1 is done or skipped
    settled(page)  # a tap while the first run is still drawing can be lost
    button(page, "Saltar hasta esta etapa").tap()
    button(page, "Sí", exact=True).first.wait_for()
    button(page, "Sí", exact=True).first.tap()  # KKK3 beats QQQR: yes
    page.get_by_text("K es más alto que Q").wait_for()
    link = page.get_by_test_id("practice-link")
    expect(link).to_contain_text("Practica a superar y pasar: juega una mano contra Fácil")
    assert "nivel=easy" in (link.get_attribute("href") or "")
    settled(page)
    stored(page)  # what a reload reads is written
    page.reload()
    settled(page)
    page.get_by_test_id("solved-before").first.wait_for()  # kept after a reload
    expect(page.locator("body")).to_contain_text("Ejercicios resueltos: 1 de")
    shot(page, "estrategia-progreso-390", full_page=False)
    page.goto(f"{server}/estrategia?etapa=terrateniente")
    page.get_by_test_id("stage-locked").wait_for()
    settled(page)
    button(page, "Saltar hasta esta etapa").tap()
    link = page.get_by_test_id("practice-link")
    expect(link).to_contain_text("Practica el control: juega una mano como terrateniente contra Fácil")
    settled(page)  # under load the skip's rerun can still be drawing: a tap on the old link is lost
    link.tap()
    page.wait_for_url("**codigo=**")
    button(page, "Pujar 3").wait_for()  # your hand is worth 3: bid it and you are the landlord
    assert page.locator('[data-testid="stException"]').count() == 0


def test_guided_hand_ends_in_estrategia_and_manos_opens_in_the_same_tab(
    server: str, browser: Browser
) -> None:
    from ddz.ai import hint
    from tutorial.practice import GUIDED_CODE, Practice

    p, _ = Practice.start(GUIDED_CODE)
    while not p.over:
        p.run_cpus()
        if not p.over:
            p.act(hint(p.game, 0).action)
    page = new_page(browser, 1280, 800)
    page.goto(f"{server}/?codigo={GUIDED_CODE}&acciones={'.'.join(p.human)}&guia=1")
    # the first load replays the hand and reviews it (the key moment's playouts and the exact
    # endgame search): about 4 s on a quiet box, and a CI box with four browsers runs it far slower
    page.locator('[data-testid="result"]').wait_for()
    expect(page.locator(".ddz-notice.coach")).to_contain_text("Ya conoces lo básico")
    manos = page.get_by_role("link", name="Repásala paso a paso en «Manos comentadas»")
    assert manos.get_attribute("target") in (None, "", "_self")
    shot(page, "guiada-final-1280", full_page=False)
    settled(page)
    page.get_by_role("link", name="Sigue en «Estrategia», etapa a etapa").click()
    page.wait_for_url("**/estrategia**")
    assert len(page.context.pages) == 1
    # «Conformidad» is not among the learner's pages: it sits under «Para implementadores».
    nav = page.locator('[data-testid="stTopNavLinkContainer"], [data-testid="stSidebarNavLink"]')
    assert "Reglas" in " ".join(nav.all_inner_texts())
    assert "Conformidad" not in " ".join(nav.all_inner_texts())
    # «Back» at once, before Estrategia's run is drawn: that run's page effects, drawn late, used to
    # write Estrategia's address into the hand's history entry and ask for a rerun that Streamlit ran
    # on Estrategia, which pushed it back (10 of 64 runs under load; the effects now act only while
    # the browser is on their page: 1 of 152, a race inside Streamlit).
    page.go_back()
    # the same session runs the play page again: the hand is replayed and reviewed (a CI run took
    # over 20 s; 7 s on a quiet box)
    page.locator('[data-testid="result"]').wait_for()
    settled(page)  # the page's runs after the way back would replace the link being tapped
    # under load the link came more than 20 s after the result (a run with six test processes)
    page.get_by_role("link", name="Repásala paso a paso en «Manos comentadas»").click()
    page.wait_for_url("**/manos?codigo=**")
    assert len(page.context.pages) == 1  # the same tab
    page.get_by_text(f"Tu partida {GUIDED_CODE}").wait_for()
