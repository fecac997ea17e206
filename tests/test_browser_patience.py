"""The browser tests' waits are bounded by progress (tests/patience.py): a wait goes on while the page
changes, fails soon once it stops changing, and never outlasts the cap."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING
from urllib.parse import quote

import pytest

from tests import patience
from tests.browser_kit import new_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# A page that changes every 50 ms and, after ``ready`` ms (never when negative), shows «listo».
PAGE = """<!doctype html><div id="tick">0</div><script>
let n = 0;
const busy = {busy};
const ready = {ready};
if (busy) setInterval(() => {{ document.getElementById('tick').textContent = ++n; }}, 50);
if (ready >= 0) setTimeout(() => {{
  const d = document.createElement('p'); d.id = 'done'; d.textContent = 'listo'; document.body.append(d);
}}, ready);
</script>"""


@pytest.fixture
def short(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slices of 0.2 s, a stall of 1 s, a cap of 4 s."""
    monkeypatch.setattr(patience, "SLICE_MS", 200)
    monkeypatch.setattr(patience, "STALL_S", 1.0)
    monkeypatch.setattr(patience, "CAP_S", 4.0)


def _open(browser: Browser, busy: bool, ready: int) -> Page:
    page = new_page(browser)
    page.goto("data:text/html," + quote(PAGE.format(busy=str(busy).lower(), ready=ready)))
    page.set_default_timeout(200)  # an unpatient wait would give up after 0.2 s
    return page


def test_a_wait_goes_on_while_the_page_changes(browser: Browser, short: None) -> None:
    from playwright.sync_api import expect

    page = _open(browser, busy=True, ready=2500)
    start = time.monotonic()
    page.locator("#done").wait_for()
    assert time.monotonic() - start >= 2.0  # 2.5 s: past ten slices and twice the stall
    page.close()
    page = _open(browser, busy=True, ready=2500)
    expect(page.locator("#done")).to_have_text("listo")
    page.wait_for_function("() => !!document.getElementById('done')")
    page.close()


def test_a_wait_fails_soon_once_the_page_stops_changing(browser: Browser, short: None) -> None:
    page = _open(browser, busy=False, ready=-1)
    start = time.monotonic()
    with pytest.raises(patience.Stalled, match="nothing changed on the page for 1 s"):
        page.locator("#done").wait_for()
    assert 0.9 <= time.monotonic() - start < 3.0
    page.close()


def test_a_page_that_changes_forever_stops_at_the_cap(browser: Browser, short: None) -> None:
    from playwright.sync_api import expect

    page = _open(browser, busy=True, ready=-1)
    start = time.monotonic()
    with pytest.raises(patience.Stalled, match="4 s in all"):
        expect(page.locator("#done")).to_be_visible()
    assert 3.9 <= time.monotonic() - start < 7.0
    page.close()


def test_a_wait_given_its_own_timeout_keeps_it(browser: Browser, short: None) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = _open(browser, busy=True, ready=2500)
    start = time.monotonic()
    with pytest.raises(PlaywrightTimeout):
        page.locator("#done").wait_for(timeout=300)
    assert time.monotonic() - start < 1.5
    page.close()
