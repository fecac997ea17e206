"""The compliance pages in the built documentation, in Chromium: from a failing cell of the matrix
to the implementation's failing case (input, expected, actual), and on to the case in the corpus;
on a phone the page itself never scrolls sideways (only the matrix does)."""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser_kit import attribute, new_page, rect, shot
from tutorial.launch import CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser

expect = pytest.importorskip("playwright.sync_api").expect

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The documentation built with ``mkdocs build --strict``, served on a free local port."""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=600,
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_failing_cell_leads_to_the_case(site: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(f"{site}/conformidad/informe/")
    cell = page.locator('a.ddz-fail-cell[href*="implementaciones/landlord-ai/#"]').first
    expect(cell).to_be_visible()
    rule = attribute(cell, "href").rsplit("#", 1)[1]
    cell.click()
    page.wait_for_url(f"**/conformidad/implementaciones/landlord-ai/#{rule}")
    expect(page.locator(f'[id="{rule}"]')).to_be_in_viewport()
    case = page.locator(f'.ddz-fail[id^="{rule}--"]').first
    expect(case).to_be_visible()
    for label in ("entrada", "se espera", "da"):
        expect(case.locator("dt", has_text=label).first).to_be_visible()
    expect(case.locator(f'a[href$="reglas/#{rule}"]')).to_have_count(1)
    corpus_link = case.locator('a[href*="conformidad/casos/#case-"]')
    anchor = attribute(corpus_link, "href").rsplit("#", 1)[1]
    corpus_link.click()
    page.wait_for_url(f"**/conformidad/casos/#{anchor}")
    expect(page.locator(f'[id="{anchor}"]')).to_be_in_viewport()
    shot(page, "compliance-case")


def test_the_matrix_reads_on_a_phone(site: str, browser: Browser) -> None:
    page = new_page(browser, width=390, height=844, touch=True)
    page.goto(f"{site}/conformidad/informe/")
    expect(page.locator("#matriz")).to_be_attached()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    first = page.locator("table:has(.ddz-rule) tbody tr td:first-child").first
    before = rect(first)["x"]
    page.locator("table:has(.ddz-rule)").evaluate("t => t.parentElement.scrollLeft = 400")
    page.wait_for_timeout(100)
    assert abs(rect(first)["x"] - before) < 2, "the rule column should stay in view"
    shot(page, "compliance-matrix-phone", full_page=False)
    page.goto(f"{site}/conformidad/implementaciones/doudizhu/")
    expect(page.get_by_text("No se puede ejecutar", exact=False).first).to_be_visible()
