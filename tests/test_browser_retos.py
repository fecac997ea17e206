"""«Retos» in a real browser: a wrong move is answered at once by its refutation,
shown as cards; the solver's line solves the puzzle; the stars survive a reload; the solution steps.
Chromium at 390×844 with touch and at 1280×800; screenshots in test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ddz.cards import parse
from ddz.endgame import PASS
from tests.browser_kit import HAND, new_page, phone, press, settled, shot, tap
from tutorial.launch import CHROMIUM
from tutorial.retos import Puzzle, puzzles, solution, steps

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]
STATE = '[data-testid="retos-state"]'


def state(page: Page, name: str) -> str:
    return str(page.locator(STATE).last.get_attribute(f"data-{name}"))


def wait_state(page: Page, name: str, value: str) -> None:
    page.wait_for_function(
        f"""() => {{ const els = document.querySelectorAll('{STATE}');
          return els.length && els[els.length - 1].dataset['{name}'] === '{value}'; }}"""
    )
    settled(page)


def raise_cards(page: Page, move: str, touch: bool) -> None:
    """Tap the cards of ``move`` in the hand to play from, and wait until the app sees them raised."""
    ids = page.locator(f"{HAND} .card").evaluate_all("els => els.map(e => e.dataset.id)")
    want = list(parse(move).counts)
    order = "3456789TJQKA2BR"
    for cid in ids:
        r = order.index(cid[0])
        if want[r]:
            want[r] -= 1
            tap(page, cid, touch)
            page.wait_for_timeout(400)  # two taps on one rank are not a double tap
    wait_state(page, "raised", str(parse(move)))


def learner_move(page: Page, move: str, touch: bool) -> None:
    before = int(state(page, "moves")), int(state(page, "mistakes"))
    if move == PASS:
        press(page, "Pasar")
    else:
        raise_cards(page, move, touch)
        press(page, "Jugar")
    page.wait_for_function(
        f"""() => {{ const els = document.querySelectorAll('{STATE}'); const d = els[els.length - 1];
          return d && (Number(d.dataset.moves) > {before[0]} || Number(d.dataset.mistakes) > {before[1]}); }}"""
    )
    settled(page)


def solve_it(page: Page, z: Puzzle, touch: bool) -> None:
    for st in steps(z.position(), z.line):
        if st.before.to_move == z.side:
            learner_move(page, st.move, touch)
    wait_state(page, "done", "1")


def pick(side: str) -> tuple[Puzzle, str]:
    """A puzzle of ``side`` opening with a choice of plays, and a losing play (not a pass)."""
    for z in puzzles():
        if z.side == side and z.table is None and z.level >= 2:
            losing = [m for m, _ in solution(z.position()).refutations if m != PASS and len(m) <= 3]
            if losing:
                return z, losing[0]
    raise AssertionError("no such puzzle")


@pytest.mark.parametrize(("size", "side"), [("390", "landlord"), ("1280", "farmers")])
def test_a_wrong_move_is_refuted_then_the_puzzle_is_solved(
    server: str, browser: Browser, size: str, side: str
) -> None:
    touch = size == "390"
    page = phone(browser) if touch else new_page(browser, 1280, 800)
    z, losing = pick(side)
    page.goto(f"{server}/retos?reto={z.id}")
    page.locator(f"{HAND} .card").first.wait_for()
    settled(page)
    shot(page, f"retos-{size}-start", full_page=False)
    learner_move(page, losing, touch)
    box = page.locator('[data-testid="retos-refutation"]')
    expect(box).to_contain_text("pierde contra la mejor defensa")
    line = solution(z.position()).refutation(losing)
    assert line is not None
    rows = box.locator("li")
    expect(rows).to_have_count(len(line))
    assert rows.first.locator(".ddz-c").count() == len(parse(losing))  # the losing move, as cards
    body = page.locator("body").inner_text()
    for slip in (" T ", "B R", "BR"):
        assert slip not in body
    box.scroll_into_view_if_needed()
    shot(page, f"retos-{size}-refutation", full_page=False)
    assert state(page, "moves") == "0"  # taken back
    solve_it(page, z, touch)
    expect(page.locator('[data-testid="retos-result"]')).to_contain_text(
        "¡Reto resuelto con 1 fallo! Ganas 2 estrellas."
    )
    page.locator('[data-testid="retos-result"]').scroll_into_view_if_needed()
    shot(page, f"retos-{size}-solved", full_page=False)
    # the stars are kept in the browser: a reload shows them
    page.reload()
    expect(page.locator('[data-testid="retos-stars"]')).to_have_text("★★☆")
    page.context.close()


def test_the_solution_steps_on_a_phone(server: str, browser: Browser) -> None:
    page = phone(browser)
    z = next(q for q in puzzles() if q.level == 3 and q.side == "farmers")
    page.goto(f"{server}/retos?reto={z.id}")
    page.locator(f"{HAND} .card").first.wait_for()
    press(page, "Ver la solución")
    page.get_by_text("Solución: paso 0 de").wait_for()
    for _ in range(3):
        press(page, "Siguiente ▶")
    page.get_by_text("Solución: paso 3 de").wait_for()
    expect(page.locator('[data-testid="retos-solution-line"] li')).to_have_count(3)
    page.locator('[data-testid="retos-solution-line"]').scroll_into_view_if_needed()
    shot(page, "retos-390-solution", full_page=False)
    page.context.close()
