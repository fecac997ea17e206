"""A table a keyboard or screen-reader user can play, in Spanish (issue 31), in Debian's Chromium.

- the document says it is Spanish (``<html lang="es">``) and Streamlit's own labels we can reach are
  Spanish; ``/jugar`` opens the table (with its query) instead of an English «Page not found» box;
- one persistent polite live region says what a sighted player sees change: the bar as cards are
  raised, your play, each CPU play and pass, whose turn it is, the end and the score;
- contrast of at least 4.5:1 for disabled buttons, the card counter's zero cells and captions; the
  jokers' spoken names start with their visible word; no empty table header; no skipped heading
  level;
- axe-core (when its ``axe.min.js`` is on the machine: ``.ci/run`` installs it under ``build/axe``)
  finds no serious or critical node in our pages at 390×844 and 1280×800.

Screenshots at 390×844 go to /tmp/shots31/.
"""

from __future__ import annotations

import os
import re
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser_kit import HAND, ROOT, dock_state, new_page, phone, press, settled, wait_turn
from tutorial.launch import CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]

SHOTS = Path("/tmp/shots31")
LEAD = ("GH2F-M5HRD", ["3"])  # you are the landlord (20 cards, the small joker among them) and lead
PARTNER = ("W4MJ-46ZKD", ["p"])  # you are a farmer following your partner's single
MIN_CONTRAST = 4.5


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def open_table(page: Page, server: str, code: str, tokens: list[str], path: str = "/") -> None:
    page.goto(f"{server}{path}?codigo={code}" + (f"&acciones={'.'.join(tokens)}" if tokens else ""))
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)
    settled(page)


# ---- 1. a Spanish document, and /jugar ---------------------------------------------------------
def test_the_document_is_spanish(server: str, browser: Browser) -> None:
    page = phone(browser)
    open_table(page, server, *LEAD)
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    skip = page.locator('[data-testid="stSkipToContent"]')
    expect(skip).to_have_text("Saltar al contenido principal")
    english = page.evaluate(
        """() => [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))
                 .filter(l => /^(Sidebar|App pages|Expand sidebar|Collapse sidebar|Close|Dismiss)$/.test(l))"""
    )
    assert english == []
    page.goto(f"{server}/reglas")  # another page, the same document language
    page.get_by_role("heading", name="Reglas del Dou Dizhu").wait_for()
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    shot(page, "reglas-390")


def test_the_jugar_address_opens_the_table(server: str, browser: Browser) -> None:
    """Before issue 31 ``/jugar`` opened an English «Page not found» box over the table."""
    page = phone(browser)
    code, tokens = LEAD
    open_table(page, server, code, tokens, path="/jugar")
    page.wait_for_timeout(500)
    assert not page.get_by_text("Page not found").count()
    assert not page.locator('[role="dialog"]').count()
    expect(page.locator('[data-testid="deal-code"]')).to_have_text(code)  # the query came along
    assert dock_state(page)["actions"] != "0"  # the actions too: you already bid
    page.wait_for_function("() => !location.pathname.includes('jugar')")  # the table's own address
    assert f"codigo={code}" in page.url


# ---- 2. the live region ----------------------------------------------------------------------------
LISTEN = """() => {
  window.__heard = [];
  const note = () => {
    const r = document.getElementById('ddz-live');
    if (!r) return;
    r.__ours = true;
    const t = r.textContent;
    if (t && window.__heard[window.__heard.length - 1] !== t) window.__heard.push(t);
  };
  note();
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def heard(page: Page) -> list[str]:
    return list(page.evaluate("window.__heard"))


def history_lines(page: Page) -> list[str]:
    return list(
        page.locator('[data-testid="history"] li').evaluate_all(
            "els => els.map(e => e.firstChild.textContent.trim())"
        )
    )


def test_the_live_region_says_the_bar_each_play_and_whose_turn(server: str, browser: Browser) -> None:
    page = phone(browser)
    open_table(page, server, *LEAD)
    region = page.locator("#ddz-live")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_contain_text("Te toca")
    page.evaluate(LISTEN)
    # raise the first card with the keyboard: the bar is said
    page.locator(f"{HAND} .card").first.focus()
    page.keyboard.press("Space")
    page.locator('[data-testid="ddz-bar"].ok').first.wait_for()
    title = page.locator('[data-testid="ddz-bar"] b').first.inner_text().strip()
    expect(region).to_contain_text(title)
    before = len(history_lines(page))
    n = int(dock_state(page)["actions"])
    press(page, "Jugar")
    state = wait_turn(page, n)
    settled(page)
    page.wait_for_timeout(300)
    new_lines = history_lines(page)[before:]
    assert new_lines and new_lines[0].startswith("Tú juegas")  # your play, then the CPUs'
    said = " ".join(heard(page))
    for line in new_lines:  # every event that the history shows was said
        assert line in said, (line, heard(page))
    if state == "mine":
        assert heard(page)[-1].endswith("Te toca jugar."), heard(page)
    # one region, the same element all along (a rerun never replaced it)
    assert page.locator("#ddz-live").count() == 1
    assert page.evaluate("document.getElementById('ddz-live').__ours === true")
    shot(page, "live-after-play-390")


def finished(code: str, tokens: list[str]) -> list[str]:
    """Your actions in the hand ``code`` played to its end by the hints, from ``tokens`` on."""
    from ddz.ai import hint
    from tutorial.practice import Practice

    p, _ = Practice.start(code, tokens)
    while not p.over:
        p.run_cpus()
        if not p.over:
            p.act(hint(p.game, 0).action)
    return list(p.human)


def test_the_live_region_says_the_end_and_the_score(server: str, browser: Browser) -> None:
    code = LEAD[0]
    page = phone(browser)
    page.goto(f"{server}/?codigo={code}&acciones={'.'.join(finished(*LEAD))}")
    page.locator('[data-testid="result"]').wait_for()
    verdict = page.locator('[data-testid="result"]').inner_text().strip()
    region = page.locator("#ddz-live")
    expect(region).to_contain_text(verdict)
    points = page.locator(".st-key-ddz-result li").all_inner_texts()
    score_line = next(t for t in points if "Este" in t and "Oeste" in t)
    expect(region).to_contain_text(score_line.strip())


# ---- 3. contrast, names, headers, headings -----------------------------------------------------
CONTRAST = """el => {
  const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]));
  let fg = rgba(getComputedStyle(el).color), alpha = 1, node = el, bg = null;
  while (node && node.nodeType === 1) {
    const cs = getComputedStyle(node);
    alpha *= Number(cs.opacity);
    const b = rgba(cs.backgroundColor);
    if (b[3] > 0) { bg = over(b, [255, 255, 255]); break; }
    node = node.parentElement;
  }
  bg = bg || [255, 255, 255];
  const text = over([fg[0], fg[1], fg[2], fg[3] * alpha], bg);
  const lum = c => { const v = c.map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const [a, b] = [lum(text), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def contrast(locator: Locator) -> float:
    """The element's text contrast, once the page's style has arrived (at most a few seconds)."""
    locator.page.wait_for_timeout(300)
    for _ in range(20):
        ratio = float(locator.evaluate(CONTRAST))
        if ratio >= MIN_CONTRAST:
            break
        locator.page.wait_for_timeout(250)
    return ratio


def test_disabled_buttons_the_counter_and_captions_can_be_read(server: str, browser: Browser) -> None:
    page = phone(browser)
    open_table(page, server, *LEAD)  # you lead with nothing raised: «Jugar» and «Pasar» are off
    for name in ("Jugar", "Pasar"):
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_be_disabled()
        ratio = contrast(button.locator("p").first)
        assert ratio >= MIN_CONTRAST, (name, ratio)
    zero = page.locator(".ddz-counter span.zero")  # the small joker is in your hand: none unseen
    assert zero.count() >= 1
    for cell in (zero.first, zero.first.locator("i")):
        assert contrast(cell) >= MIN_CONTRAST
    shot(page, "dock-disabled-390")
    for path in ("/reglas", "/explorador"):
        page.goto(f"{server}{path}")
        caption = page.locator('[data-testid="stCaptionContainer"] p').first
        caption.wait_for()
        assert contrast(caption) >= MIN_CONTRAST, path


def test_the_jokers_spoken_names_start_with_their_visible_word(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    page.goto(f"{server}/explorador")
    for card in ("BJ", "RJ"):
        el = page.locator(f'[aria-label="baraja completa"] .card[data-id="{card}"]')
        el.wait_for()
        visible = re.findall(r"\w+", el.inner_text().lower())
        spoken = re.findall(r"\w+", (el.get_attribute("aria-label") or "").lower())
        assert visible and spoken[: len(visible)] == visible, (visible, spoken)
        assert "comodín" in spoken  # and it still says what the card is


def headings(page: Page) -> list[int]:
    return [
        int(t[1])
        for t in page.locator("[data-testid='stMain'] :is(h1,h2,h3,h4,h5,h6)").evaluate_all(
            "els => els.filter(e => e.offsetParent !== null).map(e => e.tagName.toLowerCase())"
        )
    ]


def test_tables_have_headers_and_headings_do_not_skip_levels(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    page.goto(f"{server}/reglas")
    cells = page.locator('[data-testid="score-table"] th')
    cells.first.wait_for()
    assert all(t.strip() for t in cells.all_inner_texts())
    for path, first in (
        ("/explorador", "Explorador de jugadas"),
        ("/retos", "Retos"),
        ("/manos", "Manos comentadas"),
    ):
        page.goto(f"{server}{path}")
        page.get_by_role("heading", name=first).wait_for()
        page.wait_for_timeout(1200)
        levels = headings(page)
        assert levels and levels[0] == 1, (path, levels)
        assert all(b - a <= 1 for a, b in pairwise(levels)), (path, levels)


# ---- axe-core ------------------------------------------------------------------------------------
def axe_source() -> str | None:
    for path in (
        os.environ.get("AXE_CORE_JS", ""),
        str(ROOT / "build/axe/node_modules/axe-core/axe.min.js"),
        str(ROOT / "node_modules/axe-core/axe.min.js"),
    ):
        if path and Path(path).is_file():
            return Path(path).read_text()
    return None


AXE_RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({ id: v.id, nodes: v.nodes.map(n => n.target.join(' ')) }));
}"""
"""Serious and critical violations in the whole document (Streamlit's page list included: the app
mends its list items, see tutorial.browser.spanish_document)."""


def axe_findings(page: Page, source: str) -> list[tuple[str, str]]:
    settled(page)
    page.wait_for_timeout(600)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    return [(v["id"], n) for v in page.evaluate(AXE_RUN) for n in v["nodes"]]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["390", "1280"])
def test_axe_finds_nothing_serious(server: str, browser: Browser, size: tuple[int, int]) -> None:
    source = axe_source()
    if source is None:
        pytest.skip("needs axe-core's axe.min.js (npm install axe-core into build/axe)")
    page = new_page(browser, *size, touch=size[0] < 500)
    found: dict[str, list[tuple[str, str]]] = {}
    code, tokens = LEAD
    page.goto(f"{server}/?codigo={code}")  # the auction
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)
    found["jugar-subasta"] = axe_findings(page, source)
    open_table(page, server, code, tokens)
    page.locator(f"{HAND} .card").first.focus()
    page.keyboard.press("Space")  # a card raised
    page.locator('[data-testid="ddz-bar"].ok').first.wait_for()
    found["jugar-carta"] = axe_findings(page, source)
    press(page, "Pista")
    page.get_by_test_id("hint-chip").first.wait_for()
    found["jugar-pista"] = axe_findings(page, source)
    page.goto(f"{server}/?codigo={code}&acciones={'.'.join(finished(code, tokens))}")  # the end
    page.locator('[data-testid="result"]').wait_for()
    found["jugar-final"] = axe_findings(page, source)
    for path in ("/reglas", "/explorador", "/manos", "/estrategia", "/retos", "/conformidad"):
        page.goto(f"{server}{path}")
        page.locator("[data-testid='stMain'] h1").first.wait_for()
        found[path] = axe_findings(page, source)
    print({k: len(v) for k, v in found.items()})
    assert not any(found.values()), {k: v for k, v in found.items() if v}


# ---- 4. focus and one Tab stop -------------------------------------------------------------------
FOCUSED_CARD = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a && a.classList && a.classList.contains('card') ? a.dataset.index : null;
}"""


def focused_card(page: Page) -> str | None:
    return page.evaluate(FOCUSED_CARD)  # type: ignore[no-any-return]


def test_the_hand_is_one_tab_stop_with_arrow_keys(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    code, tokens = LEAD
    page.goto(f"{server}/?codigo={code}")  # the auction: the hand is not yours to play
    page.locator(f"{HAND} .card").first.wait_for()
    expect(page.locator(HAND)).to_have_attribute("aria-disabled", "true")
    open_table(page, server, code, tokens)
    hand = page.locator(HAND)
    expect(hand).to_have_attribute("aria-disabled", "false")
    stop = hand.locator('.card[tabindex="0"]')
    assert stop.count() == 1 and hand.locator(".card").count() == 20
    stop.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused_card(page) == "2"
    assert stop.count() == 1 and stop.get_attribute("data-index") == "2"
    page.keyboard.press("End")
    assert focused_card(page) == "19"
    page.keyboard.press("Home")
    assert focused_card(page) == "0"
    page.keyboard.press("Tab")  # one press leaves the hand
    assert focused_card(page) is None
    page.goto(f"{server}/explorador")
    deck = page.locator('[aria-label="baraja completa"]')
    deck.locator(".card").first.wait_for()
    assert deck.locator(".card").count() == 54 and deck.locator('.card[tabindex="0"]').count() == 1


def test_focus_returns_to_the_hand_after_pista_jugar_and_pasar(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    open_table(page, server, *LEAD)

    def press_key(name: str) -> None:
        settled(page)
        page.get_by_role("button", name=name, exact=True).focus()
        page.keyboard.press("Enter")

    press_key("Pista")
    page.get_by_test_id("hint-chip").first.wait_for()
    page.wait_for_function(f"() => ({FOCUSED_CARD})() !== null")
    n = int(dock_state(page)["actions"])
    press_key("Jugar")  # the hinted cards
    wait_turn(page, n)
    settled(page)
    page.wait_for_function(f"() => ({FOCUSED_CARD})() !== null")
    page.keyboard.press("Space")  # and the keyboard goes on from there, without a Tab
    page.locator(f"{HAND} .card.sel").first.wait_for()
    open_table(page, server, *PARTNER)  # you follow your partner's play: «Pasar» is on
    n = int(dock_state(page)["actions"])
    press_key("Pasar")
    wait_turn(page, n)
    page.wait_for_function(f"() => ({FOCUSED_CARD})() !== null")
