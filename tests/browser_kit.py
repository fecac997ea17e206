"""Shared helpers for the browser tests (Playwright driving Debian's Chromium)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests import patience

if TYPE_CHECKING:  # for the types only: the suite runs without Playwright (the browser tests skip)
    from playwright.sync_api import Browser, FloatRect, Locator, Page, ViewportSize

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
HAND = '[aria-label="tus cartas"]'


# The number of the app's last run, so that a tap can wait for the run it started: between a tap and
# the run's first message the page still looks idle.
RUN_NUMBER = patience.RUN_NUMBER


def new_page(
    browser: Browser, width: int = 1280, height: int = 900, touch: bool = False, **context: Any
) -> Page:
    """A page in a new browser context (``context``: more options, e.g. ``reduced_motion``)."""
    ctx = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch, **context
    )
    ctx.add_init_script(patience.COUNTER)
    page = ctx.new_page()
    # The calls tests/patience.py makes patient wait in slices while the page moves; this bounds the
    # rest (a navigation, a screenshot), generously.
    page.set_default_timeout(patience.STALL_S * 1000)
    return page


def phone(browser: Browser, **context: Any) -> Page:
    """A 390×844 touch screen."""
    return new_page(browser, 390, 844, touch=True, **context)


def rect(locator: Locator) -> FloatRect:
    """Where ``locator``'s element is on the page (it must be rendered)."""
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not rendered"
    return box


def viewport(page: Page) -> ViewportSize:
    """The page's viewport (every page here is opened with one: see :func:`new_page`)."""
    size = page.viewport_size
    assert size is not None, "the page has no viewport"
    return size


def attribute(locator: Locator, name: str) -> str:
    """The value of the attribute ``name`` of ``locator``'s element, which must have it."""
    value = locator.get_attribute(name)
    assert value is not None, f"{locator} has no {name}"
    return value


def shot(page: Page, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def hand_ids(page: Page) -> list[str]:
    ids: list[str] = page.locator(f"{HAND} .card").evaluate_all("els => els.map(e => e.dataset.id)")
    return ids


def raised_ids(page: Page) -> list[str]:
    ids: list[str] = page.locator(f"{HAND} .card.sel").evaluate_all("els => els.map(e => e.dataset.id)")
    return ids


def strip_point(page: Page, card_id: str, scope: str = HAND) -> tuple[float, float]:
    """A point on the part of a card that no other card covers (its top-left corner), on screen."""
    card = page.locator(f'{scope} .card[data-id="{card_id}"]')
    box = rect(card)
    if box["y"] < 0 or box["y"] + box["height"] > viewport(page)["height"]:
        card.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
        page.wait_for_timeout(100)
        box = rect(card)
    return box["x"] + 9, box["y"] + 14


def tap(page: Page, card_id: str, touch: bool = True, scope: str = HAND, settle: bool = True) -> None:
    """Tap (or click) a card on its uncovered strip; first, unless ``settle`` is false, wait until the
    app is idle (a run under way may draw the cards again and drop the tap: see :func:`settled`)."""
    if settle:
        settled(page)
    x, y = strip_point(page, card_id, scope)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def double_click(page: Page, x: float, y: float, gap: float = 0.08) -> None:
    """Two clicks at (x, y) stamped ``gap`` seconds apart, whatever the load: the widget reads a
    double tap from the events' own times (``e.timeStamp``), and ``mouse.dblclick`` lets the browser
    stamp each event when it gets round to it, which on a busy machine can be more than the widget's
    350 ms apart (a CI run lost a double tap that way)."""
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()
    for n in (1, 2):
        for kind in ("mousePressed", "mouseReleased"):
            event = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": n}
            cdp.send("Input.dispatchMouseEvent", {**event, "timestamp": t0 + (n - 1) * gap})
    cdp.detach()


IDLE = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return !!app && app.dataset.testConnectionState === 'CONNECTED'
    && app.dataset.testScriptState === 'notRunning'
    && document.documentElement.dataset.ddzPrefs !== 'asked'
    && !document.querySelector('[data-stale="true"]');
}"""


def settled(page: Page) -> None:
    """Wait until the app is idle: connected, no run under way (the CPUs' turns are runs), the
    stored preferences read, and no stale element left (while a run is under way Streamlit keeps
    the previous run's elements, ``data-stale``, beside the new ones, so a label can match twice).
    A tap made before that may land on an element the run is about to replace, or be answered
    before the preferences apply."""
    page.wait_for_function(IDLE)


def stored(page: Page) -> None:
    """:func:`settled`, and the values the app keeps in the browser (preferences, progress, the
    tally) written by its last run: what a reload will read (``tutorial.browser.page_effects``)."""
    settled(page)
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.ddzSavedRun) >= ({RUN_NUMBER})() && ({IDLE})()"
    )


def quiet(page: Page, ms: int = 1000) -> None:
    """:func:`settled`, and no new run for ``ms`` milliseconds: after a page loads, a widget's first
    mount sends its value and the run that answers draws the widget again, a moment later; a gesture
    made in between goes to the copy being replaced."""
    for _ in range(20):
        settled(page)
        runs = page.evaluate(RUN_NUMBER)
        page.wait_for_timeout(ms)
        if page.evaluate(RUN_NUMBER) == runs and page.evaluate(IDLE):
            return
    raise AssertionError(f"the app never stayed idle for {ms} ms")


def button(page: Page, name: str, exact: bool = False) -> Locator:
    """The Streamlit button labelled ``name``, once the page has settled (see :func:`settled`)."""
    settled(page)
    return page.get_by_role("button", name=name, exact=exact)


def press(page: Page, name: str) -> None:
    """Tap (on a touch screen) or click a Streamlit button by its exact label, once the page has
    settled, then wait for the run the tap starts to end (see :func:`settled`)."""
    settled(page)
    runs = page.evaluate(RUN_NUMBER)
    button = page.get_by_role("button", name=name, exact=True)
    if viewport(page)["width"] < 500:
        button.tap()
    else:
        button.click()
    try:
        page.wait_for_function(f"() => ({RUN_NUMBER})() > {runs}")
    except Exception as error:
        raise AssertionError(f"the tap on «{name}» started no run of the app") from error
    settled(page)


def wait_bar(page: Page, text: str) -> None:
    """Wait until the bar above the cards says ``text`` (case-sensitive)."""
    page.locator('[data-testid="ddz-bar"]', has_text=text).first.wait_for()


def bar_text(page: Page) -> str:
    return str(page.locator('[data-testid="ddz-bar"]').first.inner_text())


def wait_my_turn_or_end(page: Page) -> str:
    """Wait until it is the human's turn to play ("play"), or the hand is over ("over"), with the app
    idle (see :func:`settled`)."""
    page.wait_for_function(
        """() => {
          if (!("""
        + IDLE
        + """)()) return false;
          const b = [...document.querySelectorAll('button')].map(b => b.innerText.trim());
          return b.includes('Jugar') || b.includes('Repetir este reparto');
        }"""
    )
    return "over" if page.get_by_role("button", name="Repetir este reparto").count() else "play"


def dock_state(page: Page) -> dict[str, str]:
    """The dock's machine-readable state: actions so far, whether it is your turn to decide (not while
    the app is about to pass for you), the phase."""
    el = page.locator('[data-testid="dock-state"]').first
    return {k: el.get_attribute(f"data-{k}") or "" for k in ("actions", "mine", "phase", "delay")}


# What the page looked like when a wait ran out: the app's connection and run state, the stored
# preferences' state, stale elements, and the dock's state (actions, whose turn, phase).
PAGE_STATE = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const d = document.querySelector('[data-testid="dock-state"]');
  return JSON.stringify({
    connection: app && app.dataset.testConnectionState, script: app && app.dataset.testScriptState,
    prefs: document.documentElement.dataset.ddzPrefs || null,
    stale: document.querySelectorAll('[data-stale="true"]').length,
    dock: d ? Object.assign({}, d.dataset) : null,
    result: !!document.querySelector('[data-testid="result"]'),
    buttons: [...document.querySelectorAll('button')].filter(b => b.offsetParent !== null)
      .map(b => (b.disabled ? '(off) ' : '') + (b.innerText.trim() || b.getAttribute('aria-label') || '?')),
    alerts: [...document.querySelectorAll('[data-testid="stException"], [data-testid="stAlert"]')]
      .map(e => e.innerText.slice(0, 200)),
  });
}"""


def wait_turn(page: Page, after: int) -> str:
    """Wait for the human's turn after ``after`` actions (returns "mine") or the end ("over"), with
    the app idle (see :func:`settled`). When the wait runs out, the error says what the page showed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            f"""() => {{
              if (!({IDLE})()) return false;
              if (document.querySelector('[data-testid="result"]')) return true;
              const d = document.querySelector('[data-testid="dock-state"]');
              return d && Number(d.dataset.actions) > {after} && d.dataset.mine === '1';
            }}"""
        )
    except (PlaywrightTimeout, AssertionError) as e:  # patience.Stalled too
        raise timed_out(page, "wait-turn", f"no turn of yours after {after} actions") from e
    return "over" if page.locator('[data-testid="result"]').count() else "mine"


def timed_out(page: Page, name: str, what: str) -> AssertionError:
    """The error for a wait that ran out: ``what``, the page's state (:data:`PAGE_STATE`) and a
    screenshot's path."""
    shot = ARTIFACTS / f"{name}-{page.url.rsplit('/', 1)[-1][:60]}.png".replace("?", "_").replace("&", "_")
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot))
    return AssertionError(f"{what}; the page: {page.evaluate(PAGE_STATE)} (screenshot {shot})")


def play_hint(page: Page) -> None:
    """«Pista», then «Jugar» the hinted cards (or «Pasar» when the hint is to pass); waits for the
    action to be taken."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    n = int(dock_state(page)["actions"])
    press(page, "Pista")
    try:
        page.get_by_test_id("hint-chip").first.wait_for()
    except (PlaywrightTimeout, AssertionError) as e:  # patience.Stalled too
        raise timed_out(page, "hint", "«Pista» showed no hint") from e
    settled(page)
    if page.get_by_test_id("hint-chip").filter(has_text="Pista: juega").count():
        try:
            page.locator(f"{HAND} .card.sel").filter(visible=True).first.wait_for()  # not a stale copy
        except (PlaywrightTimeout, AssertionError) as e:  # patience.Stalled too
            raise timed_out(page, "hint", "the hint raised no card in view") from e
        press(page, "Jugar")
    else:
        press(page, "Pasar")
    page.wait_for_function(
        f"""() => {{
          const d = document.querySelector('[data-testid="dock-state"]');
          return document.querySelector('[data-testid="result"]') || (d && Number(d.dataset.actions) > {n});
        }}"""
    )
