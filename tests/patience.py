"""Browser waits bounded by progress, not by the clock.

Every Playwright call of the browser tests that waits (a locator's ``wait_for``, a tap or a click, which
wait for their element, ``page.wait_for_function``, every ``expect(...)`` assertion) is made patient by
:func:`install`: it is tried in slices of :data:`SLICE_MS`, and after a slice runs out it is tried again
as long as the page moved since the last look: the app ran its script again, its script state changed,
or the document changed (a ``MutationObserver`` counts every change, :data:`COUNTER`). The call fails
only when the page has not changed for :data:`STALL_S` seconds, or after :data:`CAP_S` in all: a loaded
machine makes the app slow, never the test wrong, and a stuck app still fails, with the page's state.

A call given its own ``timeout`` keeps it: a test that asserts something happens *quickly* (a latency,
a double tap) means that clock.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

SLICE_MS = 4_000
STALL_S = float(os.environ.get("DDZ_BROWSER_STALL", "90"))
"""How long a wait goes on with the page showing no change at all (``DDZ_BROWSER_STALL``)."""
CAP_S = float(os.environ.get("DDZ_BROWSER_CAP", "300"))
"""The longest any single wait goes on, changes or not (``DDZ_BROWSER_CAP``)."""

# Installed in every page before its own scripts (``context.add_init_script``): a count of the
# document's changes, the page's clock of progress.
COUNTER = """(() => {
  window.__ddzChanges = 0;
  const watch = () => new MutationObserver(() => { window.__ddzChanges++; })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  watch();
})();"""

# The number of the app's last run (``tutorial.views.common.mark_run``), -1 before the first.
RUN_NUMBER = """() => {
  for (const s of document.querySelectorAll('style')) {
    const m = /ddz-run (\\d+)/.exec(s.textContent);
    if (m) return Number(m[1]);
  }
  return -1;
}"""

# What the page looks like for the progress check: the count of changes, the app's script state and
# the number of its last run.
PROGRESS = f"""() => {{
  const app = document.querySelector('[data-testid="stApp"]');
  return [window.__ddzChanges || 0, app ? app.dataset.testScriptState : '', ({RUN_NUMBER})()].join('|');
}}"""

F = TypeVar("F", bound=Callable[..., Any])

LOCATOR_WAITS = (
    "wait_for", "click", "tap", "press", "fill", "focus", "hover", "check", "dblclick",
    "inner_text", "text_content", "get_attribute", "scroll_into_view_if_needed", "select_option",
)  # fmt: skip
PAGE_WAITS = ("wait_for_function", "wait_for_selector", "wait_for_url", "wait_for_load_state")


def fingerprint(page: Any) -> str | None:
    """The page's progress signature (None when it cannot be read: the page is navigating or closed)."""
    try:
        return str(page.evaluate(PROGRESS))
    except Exception:
        return None


class Stalled(AssertionError):
    """A wait ran out with the page unchanged for :data:`STALL_S` seconds (or past :data:`CAP_S`)."""


def patiently(call: Callable[[float], Any], page: Any, what: str) -> Any:
    """``call(timeout_ms)`` in slices, again while ``page`` moves (see the module's docstring)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    start = moved = time.monotonic()
    seen = fingerprint(page)
    while True:
        try:
            return call(SLICE_MS)
        except (PlaywrightTimeout, AssertionError) as error:
            if isinstance(error, Stalled):
                raise
            now = time.monotonic()
            sign = fingerprint(page)
            if sign != seen:
                seen, moved = sign, now
            stalled = now - moved >= STALL_S
            if stalled or now - start >= CAP_S:
                why = (
                    f"nothing changed on the page for {now - moved:.0f} s"
                    if stalled
                    else f"{CAP_S:.0f} s in all"
                )
                raise Stalled(f"{what}: {why}\n{error}") from error


def _patient(method: F, page_of: Callable[[Any], Any]) -> F:
    if getattr(method, "__patient__", False):
        return method

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("timeout") is not None:
            return method(self, *args, **kwargs)
        return patiently(
            lambda ms: method(self, *args, **{**kwargs, "timeout": ms}),
            page_of(self),
            f"{type(self).__name__}.{method.__name__}",
        )

    wrapper.__patient__ = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def install() -> None:
    """Make the sync API's waiting calls patient (idempotent)."""
    from playwright.sync_api import Locator, Page, expect
    from playwright.sync_api._generated import LocatorAssertions, PageAssertions

    for name in LOCATOR_WAITS:
        setattr(Locator, name, _patient(getattr(Locator, name), lambda loc: loc.page))
    for name in PAGE_WAITS:
        setattr(Page, name, _patient(getattr(Page, name), lambda page: page))

    # An assertion object does not say which page it watches: expect() notes it on the object.
    expect_type = type(expect)
    call = expect_type.__call__
    if not getattr(call, "__patient__", False):

        @functools.wraps(call)
        def noting(self: Any, actual: Any, message: str | None = None) -> Any:
            got = call(self, actual, message)
            got.__dict__["_ddz_page"] = actual if isinstance(actual, Page) else getattr(actual, "page", None)
            return got

        noting.__patient__ = True  # type: ignore[attr-defined]
        expect_type.__call__ = noting  # type: ignore[method-assign]
    for cls in (LocatorAssertions, PageAssertions):
        for name in dir(cls):
            if name.startswith(("to_", "not_to_")):
                setattr(cls, name, _patient(getattr(cls, name), lambda a: a.__dict__.get("_ddz_page")))
