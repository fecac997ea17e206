"""A real phone table: on a 390×844 touch screen the dock takes at most 45 % of
the screen in every state — bidding, leading, following, with a hint, with the partner warning —
every card of your hand is on screen, and both seats' card counts stay in view above the dock.

The dock once took 54 % (bidding), 53 % (leading), 66–67 % with a hint and 72 % with the
hint and the partner warning; the second row of your cards went below the screen. Screenshots of
every state at 390×844 and 1280×800 go to /tmp/shots27/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser_kit import (
    HAND,
    button,
    dock_state,
    new_page,
    phone,
    press,
    rect,
    settled,
    tap,
    viewport,
    wait_turn,
)
from tutorial.launch import CHROMIUM
from tutorial.practice import Practice

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]

SHOTS = Path("/tmp/shots27")
MAX_SHARE = 0.45
BID: tuple[str, list[str]] = ("GH2F-M5HRD", [])  # your turn to open the auction
LEAD = ("GH2F-M5HRD", ["3"])  # you are the landlord (20 cards) and lead
PARTNER = ("W4MJ-46ZKD", ["p"])  # you are a farmer following your partner's single


def open_at(page: Page, server: str, code: str, tokens: list[str]) -> None:
    page.goto(f"{server}/?codigo={code}" + (f"&acciones={'.'.join(tokens)}" if tokens else ""))
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)
    settled(page)
    page.wait_for_timeout(300)  # the deal's cards have arrived, the dock has its size


def measure(page: Page) -> dict[str, Any]:
    """The dock's share of the screen, the cards not fully on screen and whether each seat's count
    is visible above the dock."""
    height = viewport(page)["height"]
    dock = rect(page.locator(".st-key-ddz-dock"))
    cards = page.locator(f"{HAND} .card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    off = [i for i, (top, bottom) in enumerate(cards) if top < 0 or bottom > height + 0.5]
    counts = {}
    for seat in (1, 2):
        box = page.locator(f'[data-testid="seat-{seat}"] .ddz-stack').bounding_box()
        counts[seat] = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= dock["y"] + 0.5
    return {"share": dock["height"] / height, "off": off, "counts": counts, "cards": len(cards)}


def check(page: Page, name: str) -> None:
    settled(page)
    page.wait_for_timeout(250)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-390.png"))
    m = measure(page)
    print(f"{name}: dock {m['share']:.0%}")
    assert m["share"] <= MAX_SHARE, (name, m)
    assert not m["off"], (name, m)
    assert all(m["counts"].values()), (name, m)


def test_bidding(server: str, browser: Browser) -> None:
    page = phone(browser)
    open_at(page, server, *BID)
    button(page, "Pujar 3").wait_for()
    check(page, "bidding")
    press(page, "Pista")
    page.get_by_text("Pista", exact=False).first.wait_for()
    check(page, "bidding-hint")


def test_leading_with_and_without_a_hint(server: str, browser: Browser) -> None:
    page = phone(browser)
    open_at(page, server, *LEAD)
    assert dock_state(page)["mine"] == "1"
    check(page, "leading")
    press(page, "Pista")
    page.locator(f"{HAND} .card.sel").first.wait_for()
    check(page, "leading-hint")


def test_following_with_a_hint_and_the_partner_warning(server: str, browser: Browser) -> None:
    code, tokens = PARTNER
    p, _ = Practice.start(code, tokens)
    p.run_cpus()
    g = p.game
    single = next(q for q in g.legal_plays() if len(q.cards) == 1 and not q.is_bomb)
    card = next(c for c in g.hands[0] if c[0] == str(single.cards))
    page = phone(browser)
    open_at(page, server, code, tokens)
    check(page, "following")
    press(page, "Pista")
    page.locator('[data-testid="hint-chip"], .ddz-notice.info').first.wait_for()
    check(page, "following-hint")
    for c in page.locator(f"{HAND} .card.sel").evaluate_all("els => els.map(e => e.dataset.id)"):
        tap(page, c)  # lower the hinted cards, raise another single: covering your partner asks
    tap(page, card)
    page.wait_for_timeout(300)
    press(page, "Jugar")
    page.get_by_test_id("partner-ask").wait_for()
    check(page, "following-hint-partner")


def test_the_hint_is_a_chip_that_opens_on_tap(server: str, browser: Browser) -> None:
    from ddz.ai import hint
    from tutorial.practice import hint_text

    p, _ = Practice.start(*LEAD)
    p.run_cpus()
    sentence = hint_text(hint(p.game, 0), p.game.phase)  # the engine's hint, in the catalog's words
    page = phone(browser)
    open_at(page, server, *LEAD)
    press(page, "Pista")
    chip = page.get_by_test_id("hint-chip")
    chip.wait_for()
    assert rect(chip)["height"] <= 30  # one line
    full = page.get_by_test_id("hint-full")
    expect(full).to_be_hidden()
    chip.tap()
    expect(full).to_be_visible()
    said = f"{chip.inner_text().removesuffix(' ▴').strip()} — {full.inner_text().strip()}"
    assert said == sentence  # the chip and what it opens say the whole hint


def test_the_hint_chip_starts_the_reason_on_its_line(server: str, browser: Browser) -> None:
    """Closed, the chip shows the play and the start of why on its one line (cut
    with «…» where the line ends, the ▾ still in view); opened, the reason is whole below and not
    twice."""
    from ddz.ai import hint
    from tutorial.practice import hint_text

    p, _ = Practice.start(*LEAD)
    p.run_cpus()
    why = hint_text(hint(p.game, 0), p.game.phase).partition(" — ")[2]
    for page in (phone(browser), new_page(browser, 1280, 800)):
        open_at(page, server, *LEAD)
        press(page, "Pista")
        chip = page.get_by_test_id("hint-chip")
        chip.wait_for()
        line = page.get_by_test_id("hint-why")
        expect(line).to_be_visible()
        assert line.inner_text().startswith("— " + why[:12]), line.inner_text()
        assert rect(chip)["height"] <= 30  # still one line
        assert rect(line)["x"] + rect(line)["width"] <= rect(chip)["x"] + rect(chip)["width"] + 1
        width = page.viewport_size["width"] if page.viewport_size else 0
        page.screenshot(path=f"/tmp/shots52-chip-{width}-closed.png")
        chip.click()
        expect(line).to_be_hidden()
        expect(page.get_by_test_id("hint-full")).to_have_text(why)
        page.screenshot(path=f"/tmp/shots52-chip-{width}-open.png")
        page.close()


def test_the_partner_warning_is_a_line(server: str, browser: Browser) -> None:
    code, tokens = PARTNER
    p, _ = Practice.start(code, tokens)
    p.run_cpus()
    single = next(q for q in p.game.legal_plays() if len(q.cards) == 1 and not q.is_bomb)
    card = next(c for c in p.game.hands[0] if c[0] == str(single.cards))
    page = phone(browser)
    open_at(page, server, code, tokens)
    tap(page, card)
    page.wait_for_timeout(300)
    press(page, "Jugar")
    ask = page.get_by_test_id("partner-ask")
    ask.wait_for()
    assert rect(ask)["height"] <= 50  # a line with its two buttons, not a block


def test_desktop_screenshots(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    open_at(page, server, *LEAD)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "leading-1280.png"))
    press(page, "Pista")
    page.locator(f"{HAND} .card.sel").first.wait_for()
    settled(page)
    page.wait_for_timeout(250)
    page.screenshot(path=str(SHOTS / "leading-hint-1280.png"))
    dock = rect(page.locator(".st-key-ddz-dock"))
    assert dock["height"] / 800 <= 0.5


STALE = ("ZVKP-BBX52", ["8", "2", "p"])  # Oeste leads a new trick; Este's «pasa» was in the trick before


def test_a_seat_that_has_not_acted_in_this_trick_says_so(server: str, browser: Browser) -> None:
    """Once a new trick has a lead, a seat that has not acted in it no longer shows its previous
    trick's «pasa» as if it were current."""
    from ddz.game import PASS

    code, tokens = STALE
    p, _ = Practice.start(code, tokens)
    p.run_cpus()
    g = p.game
    # the engine's trail: the last trick ended with two passes, then Oeste led; Este has not acted since
    lead = max(i for i, (_, a) in enumerate(g.trail) if a != PASS)
    assert g.turn == 0 and g.table_seat == 2 and g.trail[lead][0] == 2
    assert [a for _, a in g.trail[lead - 2 : lead]] == [PASS, PASS] and g.last_action[1] == PASS
    page = phone(browser)
    open_at(page, server, code, tokens)
    expect(page.locator('[data-testid="seat-1"]')).to_contain_text("en la baza anterior, pasa")
    oeste = page.locator('[data-testid="seat-2"]')
    expect(oeste).to_contain_text("juega")
    expect(oeste).not_to_contain_text("en la baza anterior")
