"""A table a keyboard or screen-reader user can play, in Spanish, in Debian's Chromium.

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
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser_kit import (
    HAND,
    ROOT,
    button,
    dock_state,
    hand_ids,
    new_page,
    phone,
    press,
    quiet,
    settled,
    wait_turn,
)
from tutorial.launch import CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

    from ddz.game import Game

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
    """``/jugar`` opens the table itself, not an English «Page not found» box over it."""
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
    # no run for a second first: during a run Streamlit fades what it may replace, and a faded text
    # fails the contrast check (a widget's first mount starts a run after the page looks idle)
    quiet(page)
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


# ---- 5. a whole hand with the keyboard alone -----------------------------------------------------
KEYBOARD_DEAL = "GH2F-M5HRD"  # you pass the auction, Oeste is the landlord: plays, passes, a trio, a joker
SEATS = ("Tú", "Este", "Oeste")
SCORE_SEATS = ("Sur", "Este", "Oeste")

# Every text the live region says, once per announcement (its ``data-said`` counter), in order.
RECORD = """() => {
  window.__said = [];
  let last = null;
  const note = () => {
    const r = document.getElementById('ddz-live');
    if (!r || r.dataset.said === last) return;
    last = r.dataset.said;
    if (r.textContent) window.__said.push(r.textContent);
  };
  note();
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}"""

# Where the keyboard focus is: a card of a hand (its index), a button (its label), or the page.
FOCUS = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body || a === document.documentElement) return { where: 'page' };
  if (a.classList.contains('card')) return { where: 'card', index: Number(a.dataset.index), id: a.dataset.id };
  const label = a.querySelector('[data-testid="stMarkdownContainer"]');
  return { where: a.tagName.toLowerCase(), name: (label ? label.innerText : a.innerText).trim(),
           testid: a.dataset.testid || '', dock: !!a.closest('.st-key-ddz-dock') };
}"""


def said(page: Page) -> list[str]:
    return list(page.evaluate("window.__said"))


def focus_of(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(FOCUS))


def wait_focus(page: Page, where: str) -> dict[str, Any]:
    """Wait (a few seconds at most) until the focus is on ``where`` («card», «button», …)."""
    for _ in range(60):
        now = focus_of(page)
        if now["where"] == where:
            return now
        page.wait_for_timeout(100)
    raise AssertionError(f"the focus is on {focus_of(page)}, not on a {where}")


def wait_said(page: Page, since: int, pattern: str) -> str:
    """Wait until what the live region said after announcement ``since`` matches ``pattern`` (a
    regular expression, any case); returns it, joined."""
    for _ in range(100):
        text = " ".join(said(page)[since:])
        if re.search(pattern, text, re.I):
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"the live region did not say /{pattern}/; it said {said(page)[since:]}")


def spoken_action(game: Game, seat: int, action: str) -> str:
    """A pattern for one action of the engine's record, as the live region must say it: who, and
    the bid, the pass or the cards of the play (their names from the engine's named_cards: «juega el cohete»)."""
    from ddz.game import BIDDING, PASS
    from ddz.messages import named_cards
    from ddz.plays import classify

    who = SEATS[seat]
    if action == PASS:
        return rf"\b{who} pas(a|as)\b"
    if game.phase == BIDDING:
        return rf"\b{who} puj(a|as) {action}\b"
    return rf"\b{who} jueg(a|as) {re.escape(named_cards(classify(action).shown()))}\b"


def spoken_turn(game: Game) -> str:
    """Whose turn it is, from the engine: «te toca» for you, «le toca a Este» for a CPU."""
    from ddz.game import BIDDING

    what = "pujar" if game.phase == BIDDING else "jugar"
    return rf"\bte toca {what}\b" if game.turn == 0 else rf"\ble toca a {SEATS[game.turn]} {what}\b"


def ordered(text: str, patterns: list[str]) -> None:
    """Each pattern is found in ``text``, one after the other."""
    at = 0
    for pat in patterns:
        m = re.compile(pat, re.I).search(text, at)
        assert m, (pat, text[at:])
        at = m.end()


def tab_to(page: Page, name: str) -> list[str]:
    """From the hand, Tab to the dock's button ``name`` (its label); returns the stops passed."""
    assert focus_of(page)["where"] == "card"
    stops: list[str] = []
    for _ in range(8):
        page.keyboard.press("Tab")
        now = focus_of(page)
        stops.append(now.get("name", now["where"]))
        if now.get("name") == name:
            return stops
    raise AssertionError(f"«{name}» is not among the Tab stops after the hand: {stops}")


def raise_with_keys(page: Page, ids: list[str], table: Any) -> None:
    """Raise the cards ``ids`` with the arrow keys and Space (the focus is in the hand); each time
    what the bar says changes, the live region says it: what the engine makes of the raised cards
    and, against the ``table``'s play, whether they beat it."""
    from ddz.compare import compare
    from ddz.messages import say_cards
    from ddz.plays import Rejection, analyze

    order = hand_ids(page)
    raised: list[str] = []
    last = ""
    for card in sorted(ids, key=order.index):
        here = focus_of(page)["index"]
        target = order.index(card)
        for _ in range(abs(target - here)):
            page.keyboard.press("ArrowRight" if target > here else "ArrowLeft")
        assert focus_of(page) == {"where": "card", "index": target, "id": card}
        before = len(said(page))
        page.keyboard.press("Space")
        raised.append(card)
        got = analyze("".join(c[0] for c in raised))
        words = re.escape(got.message if isinstance(got, Rejection) else got.name)
        if table is not None and not isinstance(got, Rejection):
            verdict = "supera" if compare(got, table).beats else "no supera"
            words += rf".*\b{verdict} a {re.escape(say_cards(table.shown()))}"
        if words != last:
            wait_said(page, before, words)
        last = words
        assert focus_of(page)["index"] == target  # the focus stays on the card


def test_a_whole_hand_with_the_keyboard_alone(server: str, browser: Browser) -> None:
    """Tab, the arrow keys, Space and Enter only, at 1280×800: every announcement of the live region
    checked against the engine's record of the hand, and where the focus lands after each action."""
    from ddz.ai import Cpu, hint
    from ddz.cards import parse
    from ddz.codes import ids_for
    from ddz.game import BIDDING, OVER, PASS, PLAYING, Game

    page = new_page(browser, 1280, 800)
    page.goto(f"{server}/?codigo={KEYBOARD_DEAL}")
    page.locator(f"{HAND} .card").first.wait_for()
    settled(page)
    page.evaluate(RECORD)
    game = Game.from_code(KEYBOARD_DEAL)  # the engine's own record of the hand, move by move

    def act(seat: int, action: str) -> list[str]:
        """Apply one action to the engine's hand; what the live region must say for it."""
        out = [spoken_action(game, seat, action)]
        bidding = game.phase == BIDDING
        game.apply(action, seat=seat)
        if bidding and game.phase == PLAYING:  # the auction is over: who the landlord is
            landlord = game.landlord
            out.append(
                r"\beres el terrateniente"
                if landlord == 0
                else rf"\b{SEATS[landlord or 0]} es el terrateniente"
            )
        return out

    def engine_moves() -> list[str]:
        """The CPUs' moves, and your pass when nothing beats the table (the app passes for you), up
        to your turn or the end."""
        out: list[str] = []
        while game.phase != OVER:
            stuck = game.phase == PLAYING and not game.leading and not game.legal_plays()
            if game.turn == 0 and not stuck:
                break
            out += act(game.turn, PASS if game.turn == 0 else Cpu("normal").act(game))
        return out

    # from the top of the page to the hand, with Tab alone
    for _ in range(40):
        page.keyboard.press("Tab")
        if focus_of(page)["where"] == "card":
            break
    else:
        raise AssertionError("Tab never reached the hand")
    moves = engine_moves()
    ordered(wait_said(page, 0, spoken_turn(game)), [*moves, spoken_turn(game)])
    mine: list[str] = []
    mark = 0
    for _ in range(40):
        mark = len(said(page))
        n = len(game.actions)
        action = hint(game, 0).action
        if game.phase == BIDDING or action == PASS:
            stops = tab_to(page, "Pasar" if action == PASS else f"Pujar {action}")
        else:
            raise_with_keys(page, ids_for(parse(action), game.hands[0]), game.table)
            stops = tab_to(page, "Jugar")
        assert focus_of(page)["dock"], stops  # the dock's buttons come right after the hand
        page.keyboard.press("Enter")
        mine = act(0, action)
        page.wait_for_function(
            f"""() => document.querySelector('.st-key-partner_yes') || document.querySelector('[data-testid="result"]')
                 || Number(document.querySelector('[data-testid="dock-state"]').dataset.actions) > {n}"""
        )
        if page.locator(".st-key-partner_yes").count():  # covering your partner's play: asked first
            wait_focus(page, "card")
            assert tab_to(page, "Sí, superarla") == ["Sí, superarla"]
            page.keyboard.press("Enter")
        moves = engine_moves()
        if game.phase == OVER:
            break
        page.wait_for_function(
            f"""() => {{ const d = document.querySelector('[data-testid="dock-state"]');
                       return d && d.dataset.actions === '{len(game.actions)}' && d.dataset.mine === '1'; }}"""
        )
        settled(page)
        ordered(wait_said(page, mark, spoken_turn(game) + r"\.?$"), [*mine, *moves, spoken_turn(game)])
        wait_focus(page, "card")  # the focus is back in the hand, where the next choice is made
    # the end and the score, as the engine counts them
    page.locator('[data-testid="result"]').wait_for()
    result = game.result
    assert result is not None
    verdict = r"\bhas ganado" if (result.winner == "landlord") == (game.landlord == 0) else r"\bhas perdido"
    text = wait_said(page, mark, verdict)
    ordered(text, [*mine, *moves, verdict])
    for seat, points in zip(SCORE_SEATS, result.scores, strict=True):
        assert re.search(rf"\b{seat}[^:]*: [+−-]?{abs(points)}\b", text), (seat, points, text)
    assert re.search(rf"\b{result.base} × {result.multiplier} = {result.stake}\b", text), text
    # the hand and its dock are gone: the focus is on the verdict, and Tab goes on to the end's buttons
    assert wait_focus(page, "div")["testid"] == "result"
    page.keyboard.press("Tab")
    assert focus_of(page).get("name") == "Repetir este reparto"


# ---- 6. the dock's buttons follow the hand ---------------------------------------------------------
def dock_buttons(page: Page) -> list[str]:
    """The labels of the dock's buttons that can be pressed, in the order the eye reads them."""
    boxes = page.locator(".st-key-ddz-dock button:not([disabled])").evaluate_all(
        """els => els.filter(b => b.offsetParent !== null).map(b => { const r = b.getBoundingClientRect();
             const p = b.querySelector('[data-testid="stMarkdownContainer"]');
             return [Math.round(r.top), r.left, (p ? p.innerText : b.innerText).trim()]; })"""
    )
    return [name for _, _, name in sorted(boxes)]


def tab_stops_after_the_hand(page: Page) -> list[str]:
    """From the hand, Tab until the focus leaves the dock: the labels of the stops on the way."""
    page.locator(f'{HAND} .card[tabindex="0"]').focus()
    stops: list[str] = []
    for _ in range(10):
        page.keyboard.press("Tab")
        now = focus_of(page)
        if not now.get("dock"):
            return stops
        stops.append(now.get("name", ""))
    return stops


def test_the_dock_buttons_follow_the_hand_in_tab_order(server: str, browser: Browser) -> None:
    """Tab from the hand reaches «Jugar», «Pasar», «Pista»… in the order they are shown; Shift+Tab
    from the first goes back to the hand (the hand was once the dock's last stop: Tab
    left the page, the buttons were six Shift+Tabs away)."""
    from ddz.codes import ids_for
    from tutorial.practice import Practice

    page = new_page(browser, 1280, 800)
    code, tokens = PARTNER  # you follow your partner's play: «Pasar» is on
    open_table(page, server, code, tokens)
    p, _ = Practice.start(code, tokens)
    p.run_cpus()
    play = p.game.legal_plays()[0]  # raise a play that beats the table: «Jugar» is on
    [card] = ids_for(play.cards, p.game.hands[0])[:1]
    page.locator(f'{HAND} .card[data-id="{card}"]').focus()
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Jugar", exact=True)).to_be_enabled()
    settled(page)
    shown = dock_buttons(page)
    assert shown[:3] == ["Jugar", "Pasar", "Pista"], shown
    assert tab_stops_after_the_hand(page) == shown
    page.get_by_role("button", name="Jugar", exact=True).focus()
    page.keyboard.press("Shift+Tab")
    assert focus_of(page)["where"] == "card"
    # in the auction too: the hand, then the bids
    page.goto(f"{server}/?codigo={LEAD[0]}")
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)
    settled(page)
    shown = dock_buttons(page)
    assert shown[0] == "Pasar" and "Pujar 3" in shown, shown
    assert tab_stops_after_the_hand(page) == shown


# ---- 7. no English from Streamlit -------------------------------------------------------------------
# Everything a person can see or hear on the page: text (not inside aria-hidden, noscript, style or
# script), accessible names, tooltips, placeholders, the document's title; shadow roots included.
PAGE_WORDS = """(withText) => {
  const out = [];
  const hidden = el => !!el.closest('[aria-hidden="true"], noscript, style, script, template');
  const walk = root => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        if (withText && n.parentElement && !hidden(n.parentElement) && n.textContent.trim()) out.push(n.textContent.trim());
        continue;
      }
      if (!hidden(n)) for (const a of ['aria-label', 'title', 'alt', 'placeholder', 'aria-description']) {
        const v = n.getAttribute(a); if (v) out.push(v);
      }
      if (n.shadowRoot) walk(n.shadowRoot);
    }
  };
  walk(document.documentElement);
  out.push(document.title);
  return out;
}"""
# English words that Spanish never uses: one of them in the page is Streamlit (or we) speaking English.
ENGLISH = re.compile(
    r"\b(the|you|your|are|is|does|not|please|wait|press|enter|apply|submit|page|found|requested|exist|"
    r"running|stop|rerun|connection|connecting|connected|server|responding|settings|clear|cache|deploy|"
    r"copy|clipboard|fullscreen|search|download|view|sidebar|expand|collapse|skip|close|dismiss|show|"
    r"hide|loading|open|main|menu|link|heading|columns)\b",
    re.I,
)


def english(page: Page, with_text: bool = True, settle: bool = True) -> list[str]:
    """What the page says in English (``settle``: once the app's run is over; not when the server is
    gone, since the elements of an unfinished run stay marked stale)."""
    if settle:
        settled(page)
    # the translator (``tutorial.browser.spanish_document``) has run once on this page: its module
    # loads after the page's first run, which a loaded machine can make later than the app's idle
    # (a CI run read «Skip to main content» on /reglas)
    page.wait_for_function("() => !!window.__ddzSpanish")
    page.wait_for_timeout(300)  # the Spanish observer runs on the next frame
    return [t for t in page.evaluate(PAGE_WORDS, with_text) if ENGLISH.search(t)]


def test_no_english_from_streamlit_in_the_main_states(server: str, browser: Browser) -> None:
    """The table (auction, cards raised, a hint, the settings panel with a code typed, the end), the
    learner's pages (with a play typed in the Explorador), an address that is no page: nothing in
    English. Before, a text box said «Press Enter to apply» and a wrong address opened an English
    «Page not found» box. The implementers' page shows the conformance report's data as it is: only
    its labels are checked."""
    page = new_page(browser, 1280, 800)
    found: dict[str, list[str]] = {}
    code, tokens = LEAD
    page.goto(f"{server}/?codigo={code}")
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)
    found["subasta"] = english(page)
    open_table(page, server, code, tokens)
    page.locator(f"{HAND} .card").first.focus()
    page.keyboard.press("Space")
    press(page, "Pista")
    page.get_by_test_id("hint-chip").first.wait_for()
    found["pista"] = english(page)
    button(page, "Ajustes").click()
    page.get_by_label("Jugar con un código").fill("ABCD")
    page.locator('[data-testid="InputInstructions"]').wait_for()
    found["ajustes"] = english(page)
    page.keyboard.press("Escape")
    page.goto(f"{server}/?codigo={code}&acciones={'.'.join(finished(code, tokens))}")
    page.locator('[data-testid="result"]').wait_for()
    found["final"] = english(page)
    for path in ("/reglas", "/explorador", "/manos", "/estrategia", "/retos"):
        page.goto(f"{server}{path}")
        page.locator("[data-testid='stMain'] h1").first.wait_for()
        if path == "/explorador":
            settled(page)  # a run still drawing the page would redraw the field and hide its instructions
            page.get_by_label("Tu jugada").fill("KKK3")
            page.locator('[data-testid="InputInstructions"]').wait_for()
        found[path] = english(page)
    page.goto(f"{server}/conformidad")
    page.locator("[data-testid='stMain'] h1").first.wait_for()
    found["/conformidad"] = english(page, with_text=False)
    settled(page)  # leave once its run is over: under load the next page's answer queued behind it
    page.goto(f"{server}/no-existe")
    page.locator('[role="dialog"]').wait_for()
    found["/no-existe"] = english(page)
    assert not any(found.values()), {k: v for k, v in found.items() if v}


def test_a_lost_connection_is_said_in_spanish(browser: Browser) -> None:
    """The server stops (a restart, a lost network): Streamlit's «Connection error» box, in Spanish."""
    from tutorial.launch import running_app

    page = new_page(browser, 1280, 800)
    with running_app(DDZ_CPU_DELAY="0.05") as url:
        page.goto(f"{url}/?codigo={LEAD[0]}")
        page.locator(f"{HAND} .card").first.wait_for()
        settled(page)
    page.locator('[role="dialog"]').wait_for()
    assert english(page, settle=False) == []
    expect(page.locator('[role="dialog"]')).to_contain_text("conexión")
