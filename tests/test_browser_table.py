"""«Jugar» at the table: motion and alerts, pace, «Deshacer», the partner
warning, the session tally and the desktop layout, in Debian's Chromium driven by Playwright at
390×844 (touch) and 1280×800. Every claim (cards left, multiplier, who played) is computed here by
the engine, never copied from the app. Screenshots go to /tmp/shots18/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ddz.ai import hint
from tests.browser_kit import (
    HAND,
    button,
    dock_state,
    new_page,
    phone,
    play_hint,
    press,
    rect,
    settled,
    stored,
    tap,
    wait_bar,
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

SHOTS = Path("/tmp/shots18")
LEAD = "GH2F-M5HRD"  # after «Pujar 3» you are the landlord and lead
ALERT = ("ZVKP-BBX52", ["8", "2", "p", "J", "334455", "p"])  # then a CPU has two cards
BOMB = ("W4MJ-46ZKD", ["p"] * 8)  # then a CPU's rocket is on the table
SPRING = ("JP8H-S5EXA", ["3", "34567", "888999Q2", "JJJKK", "AA"])  # the hints win with a spring


def snap(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def engine_at(code: str, tokens: list[str]) -> Practice:
    """The hand after your ``tokens`` and the CPUs' replies, as the engine plays it."""
    p, error = Practice.start(code, tokens)
    assert not error, error
    p.run_cpus()
    return p


def open_at(page: Page, server: str, code: str, tokens: list[str]) -> None:
    page.goto(f"{server}/?codigo={code}" + (f"&acciones={'.'.join(tokens)}" if tokens else ""))
    page.locator(f"{HAND} .card").first.wait_for()
    wait_turn(page, -1)


def fx_count(page: Page, what: str, name: str = "dock-table") -> int:
    """How many slides, beats or beeps the table (``table``) or the dock's copy of it has made."""
    return int(page.locator(f'[data-testid="{name}-fx"]').get_attribute(f"data-{what}") or 0)


def running_animations(page: Page, testid: str) -> int:
    return int(
        page.locator(f'[data-testid="{testid}"]').evaluate(
            "e => e.getAnimations().filter(a => a.playState === 'running').length"
        )
    )


# ---- 1. motion and alerts -----------------------------------------------------------------------
def test_a_new_play_slides_in_from_its_seat_once(server: str, browser: Browser) -> None:
    tokens = ["3", "3AAA"]  # you lead the second trick
    page = phone(browser)
    open_at(page, server, LEAD, tokens)
    assert fx_count(page, "slides") == 0  # what was on the table at load time does not move
    n = int(dock_state(page)["actions"])
    press(page, "Pista")
    page.get_by_test_id("hint-chip").filter(has_text="Pista: juega").wait_for()
    settled(page)
    press(page, "Jugar")
    # Caught mid-flight for the screenshot when the machine is quick enough; that the plays slid in
    # is counted below (the component counts each slide it starts). On a loaded machine the browser
    # may draw your play and the CPU's answer (0.05 s later in tests) in one go: then only the
    # answer is new to the table, so your own slide is required only when it was seen.
    yours_seen = False
    for _ in range(200):
        flight = page.locator('[data-testid="dock-table-play"]').evaluate(
            "e => [e.className, e.getAnimations().filter(a => a.playState === 'running').map(a => a.currentTime)]"
        )
        times = flight[1]
        yours_seen = yours_seen or (bool(times) and "from-0" in flight[0].split())
        if times and times[0] > 280:
            snap(page, "play-sliding-390")
            break
        page.wait_for_timeout(10)
    wait_turn(page, n + 1)
    p = engine_at(LEAD, [*tokens, str(hint(engine_at(LEAD, tokens).game, 0).action)])
    seat = p.game.table_seat
    assert seat in (1, 2)  # a CPU answered your play
    for name in ("table", "dock-table"):
        expect(page.locator(f'[data-testid="{name}-who"]')).to_contain_text(("Este", "Oeste")[seat - 1])
    # the CPU's answer slid in (the class is set afresh for each new play, with "slide" only if it moves)
    expect(page.locator('[data-testid="dock-table-play"]')).to_have_class(re.compile(rf"\bfrom-{seat}\b"))
    expect(page.locator('[data-testid="dock-table-play"]')).to_have_class(re.compile(r"\bslide\b"))
    slides = fx_count(page, "slides")
    assert slides >= (2 if yours_seen else 1)  # your play (when drawn), then the CPU's
    assert fx_count(page, "beeps") == 0  # sounds are off by default
    # a rerun without a new play (a hint) moves nothing
    page.wait_for_timeout(700)
    press(page, "Pista")
    page.get_by_test_id("hint-chip").first.wait_for()
    settled(page)
    assert running_animations(page, "dock-table-play") == 0
    assert fx_count(page, "slides") == slides


def test_no_motion_when_the_system_asks_for_less(server: str, browser: Browser) -> None:
    page = phone(browser, reduced_motion="reduce")
    open_at(page, server, LEAD, ["3", "3AAA"])
    n = int(dock_state(page)["actions"])
    play_hint(page)
    wait_turn(page, n + 1)
    page.locator('[data-testid="dock-table-who"]').wait_for()
    assert running_animations(page, "dock-table-play") == 0
    assert fx_count(page, "slides") == 0


def test_a_seat_with_two_cards_or_one_says_so(server: str, browser: Browser) -> None:
    code, tokens = ALERT
    p = engine_at(code, tokens)
    low = {s: len(p.game.hands[s]) for s in (1, 2) if len(p.game.hands[s]) <= 2}
    assert low  # the deal was chosen for this
    page = phone(browser)
    open_at(page, server, code, tokens)
    for seat, n in low.items():
        alert = page.locator(f'[data-testid="alert-{seat}"]')
        expect(alert).to_have_text("¡Última carta!" if n == 1 else "¡Dos cartas!")
    others = [s for s in (1, 2) if s not in low]
    for seat in others:
        assert page.locator(f'[data-testid="alert-{seat}"]').count() == 0
    snap(page, "alert-390")


def test_a_bomb_or_rocket_says_what_it_did_to_the_multiplier(server: str, browser: Browser) -> None:
    code, tokens = BOMB
    p = engine_at(code, tokens)
    assert p.game.table is not None and p.game.table.kind in ("bomb", "rocket")
    assert p.stuck()  # nothing beats it: with the automatic pass on, a warm server plays the hand out
    page = phone(browser)  # before the page is looked at, so the pass waits for you here
    page.goto(f"{server}/?codigo={code}")
    button(page, "Ajustes").tap()
    press(page, "Pasar automáticamente cuando no tengo nada: sí")
    button(page, "Pasar automáticamente cuando no tengo nada: no").wait_for()
    page.keyboard.press("Escape")
    settled(page)
    stored(page)  # what a reload reads is written
    open_at(page, server, code, tokens)
    beat = page.locator('[data-testid="dock-table-beat"]')
    expect(beat).to_contain_text("¡Bomba" if p.game.table.kind == "bomb" else "¡Cohete")
    expect(beat).to_contain_text(f"El multiplicador pasa a ×{p.game.multiplier}")


def test_a_spring_gets_its_beat_and_sounds_can_be_turned_on(server: str, browser: Browser) -> None:
    code, tokens = SPRING
    done = engine_at(code, tokens)
    assert done.game.result is not None and done.game.result.spring
    page = phone(browser)
    open_at(page, server, code, tokens[:-1])
    button(page, "Ajustes").tap()
    press(page, "Sonidos suaves: no")
    button(page, "Sonidos suaves: sí").wait_for()
    page.keyboard.press("Escape")
    play_hint(page)
    page.locator('[data-testid="result"]').wait_for()
    beat = page.locator('[data-testid="table-beat"]')
    expect(beat).to_contain_text("¡Primavera!")
    expect(beat).to_contain_text(f"×{done.game.result.multiplier}")
    assert fx_count(page, "beeps", "table") >= 1  # the play and the beat each sounded


# ---- 2. pace --------------------------------------------------------------------------------
STUCK = ("KWX0-92S65", ["3", "3999"])  # then nothing of yours beats the table


def test_cpu_pace_is_chosen_in_ajustes_and_survives_a_reload(server: str, browser: Browser) -> None:
    scale = 0.05 / 0.8  # the server's DDZ_CPU_DELAY is the default pace (0,8 s)
    page = phone(browser)
    open_at(page, server, LEAD, ["3"])
    assert float(dock_state(page)["delay"]) == pytest.approx(0.8 * scale, abs=1e-3)
    button(page, "Ajustes").tap()
    press(page, "1,5 s")
    page.keyboard.press("Escape")
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=\"dock-state\"]').dataset.delay) > 0.09"
    )
    assert float(dock_state(page)["delay"]) == pytest.approx(1.5 * scale, abs=1e-3)
    # the CPUs really wait: your play, then two CPU actions before your turn comes back
    n = int(dock_state(page)["actions"])
    start = page.evaluate("performance.now()")
    play_hint(page)
    wait_turn(page, n + 1)
    took = (page.evaluate("performance.now()") - start) / 1000
    cpu_actions = int(dock_state(page)["actions"]) - n - 1
    assert cpu_actions >= 2 and took >= cpu_actions * 1.5 * scale
    settled(page)
    stored(page)  # what a reload reads is written
    page.reload()
    page.locator(f"{HAND} .card").first.wait_for()
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=\"dock-state\"]').dataset.delay) > 0.09"
    )
    button(page, "Ajustes").tap()
    expect(button(page, "1,5 s")).to_be_disabled()  # the chosen pace


def test_pass_is_automatic_when_you_have_nothing_unless_turned_off(server: str, browser: Browser) -> None:
    code, tokens = STUCK
    assert engine_at(code, tokens).stuck()
    page = phone(browser)
    url = f"{server}/?codigo={code}&acciones={'.'.join(tokens)}"
    page.goto(url)
    page.locator(f"{HAND} .card").first.wait_for()
    page.wait_for_function("() => location.search.includes('acciones=3.3999.p')")  # passed for you
    page.get_by_text("Historial de la mano").tap()
    expect(page.locator('[data-testid="history"]')).to_contain_text("Tú pasas: no tenías nada")
    button(page, "Ajustes").tap()
    press(page, "Pasar automáticamente cuando no tengo nada: sí")
    button(page, "Pasar automáticamente cuando no tengo nada: no").wait_for()
    page.keyboard.press("Escape")
    settled(page)
    stored(page)  # what a reload reads is written
    page.goto(url)
    wait_turn(page, -1)
    page.get_by_text("No tienes nada que supere").first.wait_for()
    n = dock_state(page)["actions"]
    page.wait_for_timeout(1000)
    assert dock_state(page)["actions"] == n and dock_state(page)["mine"] == "1"  # it waits for you
    assert "acciones=3.3999&" in page.url + "&"


# ---- 3. «Deshacer» --------------------------------------------------------------------------
def test_undo_takes_back_your_decision_and_the_review_marks_it(server: str, browser: Browser) -> None:
    code, tokens = SPRING
    before = engine_at(code, tokens[:-2])  # your turn, before your fourth play
    page = phone(browser)
    open_at(page, server, code, tokens[:-2])
    n = int(dock_state(page)["actions"])
    assert n == len(before.game.actions)
    hand = sorted(page.locator(f"{HAND} .card").evaluate_all("els => els.map(e => e.dataset.id)"))
    assert hand == sorted(before.game.hands[0])
    play_hint(page)
    wait_turn(page, n)
    assert int(dock_state(page)["actions"]) > n
    press(page, "Deshacer")
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=\"dock-state\"]').dataset.actions) === {n}"
    )
    settled(page)
    back = sorted(page.locator(f"{HAND} .card").evaluate_all("els => els.map(e => e.dataset.id)"))
    assert back == hand  # the cards are in your hand again
    assert page.url.split("acciones=")[1].split("&")[0] == ".".join(tokens[:-2])
    play_hint(page)  # the same decision again, then the last play: the CPUs reply as before
    wait_turn(page, n)
    play_hint(page)
    page.locator('[data-testid="result"]').wait_for()
    expect(page.locator('[data-testid="review-undone"]')).to_contain_text("la 4")
    for _ in range(3):
        press(page, "Siguiente")
    item = page.locator('[data-testid="review-item"]')
    expect(item).to_contain_text("decisión 4 de")
    expect(item).to_contain_text("(deshecha)")


def test_no_undo_in_the_guided_hand(server: str, browser: Browser) -> None:
    from tutorial.practice import GUIDED_CODE

    page = phone(browser)
    page.goto(f"{server}/?codigo={GUIDED_CODE}&acciones=3&guia=1")
    wait_turn(page, -1)
    settled(page)
    assert button(page, "Pista", exact=True).count() == 1
    assert page.get_by_role("button", name="Deshacer").count() == 0
    page.goto(f"{server}/?codigo={GUIDED_CODE}&acciones=3")  # the same hand, not guided
    wait_turn(page, -1)
    button(page, "Deshacer").wait_for()


# ---- 4. the partner warning ---------------------------------------------------------------------
PARTNER = ("W4MJ-46ZKD", ["p"])  # you are a farmer; your partner's single is on the table


def test_covering_your_partner_asks_first_and_can_be_turned_off(server: str, browser: Browser) -> None:
    from ddz.plays import classify

    code, tokens = PARTNER
    p = engine_at(code, tokens)
    g = p.game
    assert g.landlord not in (None, 0) and g.table_seat not in (None, 0, g.landlord) and g.legal_plays()
    partner = {1: "Este", 2: "Oeste"}[g.table_seat or 0]
    beat = next(q for q in g.legal_plays() if len(q.cards) == 1)
    rank = str(beat.cards)
    card = next(c for c in g.hands[0] if c[0] == rank)
    assert classify(rank).kind == g.table.kind  # type: ignore[union-attr]
    page = phone(browser)
    open_at(page, server, code, tokens)
    n = dock_state(page)["actions"]
    tap(page, card)
    wait_bar(page, "Carta suelta")
    press(page, "Jugar")
    ask = page.locator('[data-testid="partner-ask"]')
    expect(ask).to_have_text(f"Es la jugada de {partner}, tu compañero: ¿seguro que quieres superarla?")
    page.wait_for_timeout(400)
    assert dock_state(page)["actions"] == n  # the question changes nothing
    press(page, "No, mejor no")
    ask.wait_for(state="detached")
    assert dock_state(page)["actions"] == n
    press(page, "Jugar")
    ask.wait_for()
    press(page, "Sí, superarla")
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=\"dock-state\"]').dataset.actions) > {n}"
    )
    page.wait_for_function(f"() => location.search.includes('acciones={'.'.join(tokens)}.{card}')")
    # turned off in Ajustes: «Jugar» plays at once
    button(page, "Ajustes").tap()
    press(page, "Avisar antes de superar a mi compañero: sí")
    button(page, "Avisar antes de superar a mi compañero: no").wait_for()
    settled(page)
    stored(page)  # what a reload reads is written
    open_at(page, server, code, tokens)
    tap(page, card)
    wait_bar(page, "Carta suelta")
    press(page, "Jugar")
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=\"dock-state\"]').dataset.actions) > {n}"
    )
    assert page.locator('[data-testid="partner-ask"]').count() == 0


# ---- 5. the session tally -----------------------------------------------------------------------
def wait_tally(page: Page, text: str) -> None:
    """Wait until the tally (every copy on the page, stale ones included) says ``text``."""
    page.wait_for_function(
        """t => { const els = [...document.querySelectorAll('[data-testid="tally"]')];
                  return els.length > 0 && els.every(e => e.textContent.includes(t)); }""",
        arg=text,
    )


def test_tally_counts_hands_keeps_them_and_resets_with_a_confirm(server: str, browser: Browser) -> None:
    code, tokens = SPRING
    done = engine_at(code, tokens)
    r = done.game.result
    assert r is not None and r.landlord == 0 and r.winner == "landlord" and r.spring
    page = phone(browser)
    open_at(page, server, code, tokens[:-1])
    tally = page.locator('[data-testid="tally"]')
    page.get_by_text("Tus manos en este navegador").tap()
    wait_tally(page, "Como terrateniente: 0 ganadas, 0 perdidas")
    play_hint(page)
    page.locator('[data-testid="result"]').wait_for()
    wait_tally(page, "Como terrateniente: 1 ganada, 0 perdidas")
    wait_tally(page, "Como campesino: 0 ganadas, 0 perdidas")
    wait_tally(page, "Primaveras y antiprimaveras: 1")
    wait_tally(page, "Mejor racha: 1 mano ganada")
    wait_tally(page, "Racha actual: 1 mano ganada")
    tally.scroll_into_view_if_needed()
    snap(page, "tally-390")
    settled(page)
    stored(page)  # what a reload reads is written
    page.reload()  # the finished hand is in the address: it is not counted twice
    page.locator('[data-testid="result"]').wait_for()
    page.wait_for_timeout(800)
    wait_tally(page, "Como terrateniente: 1 ganada, 0 perdidas")
    press(page, "Poner a cero")
    page.get_by_text("¿Poner a cero tus manos?").wait_for()
    press(page, "No")
    wait_tally(page, "Como terrateniente: 1 ganada")
    press(page, "Poner a cero")
    press(page, "Sí, poner a cero")
    wait_tally(page, "Como terrateniente: 0 ganadas, 0 perdidas")
    wait_tally(page, "Primaveras y antiprimaveras: 0")


# ---- 6. desktop, no outside requests, tooltips in Spanish ---------------------------------------
ENGLISH = re.compile(
    r"\b(copy|clipboard|close|open|settings|menu|show|hide|click|expand|collapse|more|the|and|to|of|"
    r"page|pages|select|clear|search|download|view|toggle|help)\b",
    re.I,
)
TITLES = """() => { const out = []; const walk = root => root.querySelectorAll('*').forEach(e => {
  if (e.getAttribute('title')) out.push(e.getAttribute('title')); if (e.shadowRoot) walk(e.shadowRoot); });
  walk(document); return out; }"""


def test_desktop_uses_the_width_and_stays_on_localhost(server: str, browser: Browser) -> None:
    page = new_page(browser, 1280, 800)
    outside: list[str] = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if r.url.startswith(("http:", "https:", "ws:", "wss:")) and not r.url.startswith(server)
            else None
        ),
    )
    open_at(page, server, LEAD, ["3", "3AAA"])
    settled(page)
    main = rect(page.locator('[data-testid="stMainBlockContainer"]'))
    assert main["width"] >= 1000  # not a 720 px column
    seats = rect(page.locator(".ddz-seats"))
    table = rect(page.locator(".st-key-ddz-table"))
    assert table["x"] >= seats["x"] + seats["width"] - 1  # the seats beside the table
    assert abs(table["y"] - seats["y"]) < 40
    dock = rect(page.locator(".st-key-ddz-dock"))
    assert dock["width"] >= 1000
    page.wait_for_timeout(500)
    snap(page, "desktop-1280")
    titles = page.evaluate(TITLES)
    assert titles and all(not ENGLISH.search(t) for t in titles), titles
    # the other pages too: no request leaves this machine, every tooltip is Spanish
    for path in ("reglas", "explorador", "manos", "estrategia"):
        page.goto(f"{server}/{path}")
        page.locator(
            '[data-testid="stMainBlockContainer"] h1, [data-testid="stMainBlockContainer"] h2'
        ).first.wait_for()
        settled(page)
        titles = page.evaluate(TITLES)
        assert all(not ENGLISH.search(t) for t in titles), (path, titles)
    assert not outside, outside


def test_phone_keeps_one_column(server: str, browser: Browser) -> None:
    page = phone(browser)
    open_at(page, server, LEAD, ["3", "3AAA"])
    settled(page)
    seats = rect(page.locator(".ddz-seats"))
    table = rect(page.locator(".st-key-ddz-table"))
    assert table["y"] >= seats["y"] + seats["height"] - 1  # the table below the seats


def test_the_dock_never_shows_a_stale_copy_while_the_cpus_play(server: str, browser: Browser) -> None:
    """Report (screenshot of a CPU's turn): «15 cartas. Eres el terrateniente.» and, below it, the
    previous run's «16 cartas…» at the same time; a test found two «Jugar». Every change to the page
    is watched while three tricks are played: the caption and «Jugar» are never on it twice."""
    page = phone(browser)
    open_at(page, server, LEAD, ["3"])
    page.evaluate(
        """() => {
          window.__ddzMaxCaptions = 0;
          window.__ddzMaxPlayButtons = 0;
          const count = () => {
            const n = document.querySelectorAll('[data-testid="dock-state"]').length;
            window.__ddzMaxCaptions = Math.max(window.__ddzMaxCaptions, n);
            const play = [...document.querySelectorAll('button')].filter(b => b.innerText.trim() === 'Jugar');
            window.__ddzMaxPlayButtons = Math.max(window.__ddzMaxPlayButtons, play.length);
          };
          new MutationObserver(count).observe(document.body, {subtree: true, childList: true});
          count();
        }"""
    )
    for _ in range(3):
        play_hint(page)
        if wait_turn(page, int(dock_state(page)["actions"]) - 1) == "over":
            break
    assert page.evaluate("window.__ddzMaxCaptions") == 1
    assert page.evaluate("window.__ddzMaxPlayButtons") == 1


def test_the_guided_hand_never_passes_for_you(server: str, browser: Browser) -> None:
    """Auto-pass is on by default, but in the guided hand the learner presses «Pasar» themself."""
    from tutorial.practice import GUIDED_CODE

    tokens = ["3", "3KKK", "56789"]  # the hinted plays of the guided hand, up to a table you cannot beat
    assert engine_at(GUIDED_CODE, tokens).stuck()
    page = phone(browser)
    page.goto(f"{server}/?codigo={GUIDED_CODE}&acciones={'.'.join(tokens)}&guia=1")
    wait_turn(page, -1)
    page.get_by_text("pulsa «Pasar»").first.wait_for()
    n = dock_state(page)["actions"]
    page.wait_for_timeout(1000)
    assert dock_state(page)["actions"] == n and dock_state(page)["mine"] == "1"  # it waits for you
    page.goto(f"{server}/?codigo={GUIDED_CODE}&acciones={'.'.join(tokens)}")  # the same hand, not guided
    page.wait_for_function(f"() => location.search.includes('acciones={'.'.join(tokens)}.p')")


def test_a_seat_says_its_play_was_in_the_trick_before(server: str, browser: Browser) -> None:
    """Audit: «Este · le toca … juega J J J + 7» while the table said «Baza nueva: abre Este»."""
    tokens = ["3", "3AAA"]  # both CPUs pass: you open a new trick
    p = engine_at(LEAD, tokens)
    assert p.game.table is None and p.game.turn == 0
    page = phone(browser)
    open_at(page, server, LEAD, tokens)
    for seat in (1, 2):
        expect(page.locator(f'[data-testid="seat-{seat}"]')).to_contain_text("en la baza anterior, pasa")


def test_stepping_through_the_review_never_blanks_the_end_screen(server: str, browser: Browser) -> None:
    """Audit: «Siguiente» made the review card vanish for up to 280 ms, 3 times in 6 presses (the
    end screen was an empty slot drawn first on every run and filled at the end)."""
    code, tokens = SPRING
    page = phone(browser)
    page.goto(f"{server}/?codigo={code}&acciones={'.'.join(tokens)}")
    page.locator('[data-testid="review-item"]').wait_for()
    settled(page)
    page.evaluate(
        """() => {
          window.__ddzBlank = 0;
          const look = () => {
            if (!document.querySelector('[data-testid="review-item"]')
                || !document.querySelector('[data-testid="result"]')) window.__ddzBlank += 1;
          };
          new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
        }"""
    )
    item = page.locator('[data-testid="review-item"]')
    for n in range(2, 5):
        press(page, "Siguiente")
        expect(item).to_contain_text(f"decisión {n} de")
    assert page.evaluate("window.__ddzBlank") == 0
