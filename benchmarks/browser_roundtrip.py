"""Browser benchmark: selection -> classification shown, measured inside Chromium.

    .venv/bin/python benchmarks/browser_roundtrip.py [--taps 30]

Starts the app on a free port, opens the rule explorer in Debian's Chromium, taps cards one by one and
measures in the page the time from the pointerup that ends a gesture to the moment the bar above the
deck shows the new classification. Prints median, p95 and max (target: under 150 ms on localhost).
Then loads a hand cold at phone size (a new browser context each time) and prints how long until the
hand is usable (target: 2.5 s on a quiet box).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tutorial.launch import CHROMIUM, CHROMIUM_ARGS, running_app

if TYPE_CHECKING:
    from playwright.sync_api import Page

OBSERVE = """
() => {
  window.__marks = [];
  document.addEventListener('pointerup', () => { window.__t0 = performance.now(); }, true);
  const bar = () => { const b = document.querySelector('[data-testid="ddz-bar"]'); return b ? b.textContent : ''; };
  let last = bar();
  new MutationObserver(() => {
    const now = bar();
    if (now !== last) { last = now; if (window.__t0) { window.__marks.push(performance.now() - window.__t0); window.__t0 = 0; } }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}
"""


MY_TURN = """() => document.querySelector('[data-testid="dock-state"][data-mine="1"]')"""
COLD_HAND = "/?codigo=BV8S-KJAG0&acciones=3"
"""A hand opened by its address, your turn to play (the cold load measured here and in the tests)."""


def load_hand(page: Page, url: str) -> float:
    """Open the hand at ``url`` and return the seconds until it is usable: your turn, every card drawn."""
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function(MY_TURN)
    page.locator('[aria-label="tus cartas"] .card').last.wait_for()
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=30)
    ap.add_argument("--loads", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with running_app() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/explorador")
        page.locator('.card[data-id="3S"]').wait_for()
        page.evaluate(OBSERVE)
        for i in range(args.taps):
            # Tap the 7 of spades on and off: the bar alternates «Carta suelta» / «Elige cartas».
            box = page.locator('.card[data-id="7S"]').bounding_box()
            assert box is not None, "the 7 of spades is on screen"
            page.mouse.click(box["x"] + 6, box["y"] + box["height"] / 2)
            page.wait_for_function(f"() => window.__marks.length >= {i + 1}", timeout=10_000)
            page.wait_for_timeout(400)  # slower than a double tap
            print(f"\r{i + 1}/{args.taps}", end="", file=sys.stderr)
        marks = page.evaluate("window.__marks")
        loads = []
        for _ in range(args.loads):
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            loads.append(load_hand(ctx.new_page(), url + COLD_HAND))
            ctx.close()
        browser.close()
    marks.sort()
    p95 = marks[min(len(marks) - 1, int(len(marks) * 0.95))]
    print(
        f"\nselection -> classification shown ({len(marks)} taps): median {statistics.median(marks):.0f} ms, "
        f"p95 {p95:.0f} ms, max {marks[-1]:.0f} ms"
    )
    if loads:
        print(
            f"cold load -> usable hand at 390 px ({len(loads)} loads): median {statistics.median(loads):.2f} s, max {max(loads):.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
