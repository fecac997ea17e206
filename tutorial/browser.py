"""Small browser effects Streamlit has no API for: one invisible v2 component per page.

- ``query``: the page's address is *replaced* (``history.replaceState``), so a move never adds a
  Back-button entry (``st.query_params`` pushes one each time);
- ``scroll``: bring an element (a CSS selector) into view once per ``token`` — the end of a hand,
  an example's result, the next lesson stage;
- ``dock``: the page keeps room below its content for a fixed dock (a CSS selector), as tall as
  the dock really is;
- ``save``/``load``: preferences and lesson progress kept in the browser's ``localStorage``, so
  they survive a reload;
- ``focus``: where the keyboard goes when the element it was on has gone (the hand, once the hand
  is over: the result); never on the page's first run;
- ``speak``: what changed on the table, said in one polite live region (``#ddz-live``) that lives
  outside Streamlit's elements, so a rerun never replaces it and a screen reader hears each change
  once.

And :func:`spanish_document`, mounted once per run by the app: ``<html lang="es">`` and Streamlit's
own English strings we can reach in Spanish: labels («Skip to main content», «Expand sidebar», a
table's toolbar), a text box's «Press Enter to apply», and the «Connection error» and «Page not
found» dialogs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

import streamlit as st

STORAGE_KEY = "ddz-tutorial"

SPEAK_JS = """
// One polite live region for the whole app, outside Streamlit's elements (a rerun never replaces
// it). A run sends the hand's latest events with their numbers, whose turn it is, and the bar: only
// what this browser has not said yet is said, once.
function speak(s) {
  let region = document.getElementById('ddz-live');
  if (!region) {
    region = document.createElement('div');
    region.id = 'ddz-live'; region.dataset.testid = 'live';
    region.setAttribute('aria-live', 'polite'); region.setAttribute('role', 'status'); region.setAttribute('aria-atomic', 'true');
    region.style.cssText = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
    document.body.appendChild(region);
  }
  const said = window.__ddzSaid || (window.__ddzSaid = { deal: null, event: -1, turn: null, bar: null });
  const parts = [];
  const events = s.events || [];
  if (said.deal !== s.deal) {        // a new deal (or a move taken back): only its newest event is new
    said.deal = s.deal; said.turn = null; said.bar = null;
    said.event = events.length ? events[events.length - 1][0] - 1 : -1;
  }
  for (const [i, text] of events) { if (i > said.event) { parts.push(text); said.event = i; } }
  if (s.turn && s.turn[0] !== said.turn) { said.turn = s.turn[0]; parts.push(s.turn[1]); }
  if (s.bar && s.bar[0] !== said.bar) { said.bar = s.bar[0]; if (s.bar[1]) parts.push(s.bar[1]); }
  if (parts.length) { region.textContent = parts.join(' '); region.dataset.said = String(Number(region.dataset.said || 0) + 1); }
}
"""

JS = (
    """
const SCROLLED = new Map();
const ASKING = new Map();  // by widget key: the timer that asks again for the stored values
const FOCUSED = new Map();  // by widget key: the last focus token seen (a new one moves the focus once)
// A run's effects belong to the address of its page: a run drawn late, once the browser has gone
// to another page (Back right after a tap on a page link), must neither write its query into that
// page's history entry nor ask the app for a rerun (Streamlit would rerun the page being left).
function onItsPage(data) {
  if (typeof data.path !== 'string') return true;
  const norm = s => { try { s = decodeURI(s); } catch (e) {} return s.replace(/\\/+$/, '') || '/'; };
  return norm(location.pathname) === norm(data.path);
}
export default function ({ data, key, setStateValue }) {
  if (!onItsPage(data)) { clearTimeout(ASKING.get(key)); return; }
  if (typeof data.query === 'string') {
    const url = location.pathname + (data.query ? '?' + data.query : '') + location.hash;
    if (location.pathname + location.search + location.hash !== url) history.replaceState(history.state, '', url);
  }
  if (data.scroll && SCROLLED.get(key + data.scroll.target) !== data.scroll.token) {
    SCROLLED.set(key + data.scroll.target, data.scroll.token);
    let tries = 0;
    // Scrolled, then checked again for 0.8 s: a scroll made before the page's styles or layout
    // settled can leave the target under the top bar (its scroll-margin not yet applied).
    let checks = 0;
    const placed = (el) => {
      const r = el.getBoundingClientRect();
      const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
      return r.top >= margin - 2 && (r.top <= margin + 2 || r.bottom <= innerHeight);
    };
    const go = () => {
      const el = document.querySelector(data.scroll.target);
      if (el) {
        if (!placed(el)) el.scrollIntoView({ block: data.scroll.block || 'start', behavior: 'instant' });
        if (++checks < 8) setTimeout(go, 100);
        return;
      }
      if (++tries < 40) setTimeout(go, 50);
    };
    setTimeout(go, 30);
  }
  // The page keeps room below its content for the fixed dock: exactly the dock's height, kept up
  // to date as the dock grows (a hint, the coach) or shrinks (folded).
  if (window.__ddzDockObserver) { window.__ddzDockObserver.disconnect(); window.__ddzDockObserver = null; }
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (data.dock && main) {
    const fit = () => {
      const dock = document.querySelector(data.dock);
      if (dock) main.style.setProperty('padding-bottom', (dock.getBoundingClientRect().height + 16) + 'px', 'important');
    };
    const watch = () => {
      const dock = document.querySelector(data.dock);
      if (!dock) { setTimeout(watch, 50); return; }
      window.__ddzDockObserver = new ResizeObserver(fit);
      window.__ddzDockObserver.observe(dock);
      fit();
    };
    watch();
  } else if (main) {
    main.style.removeProperty('padding-bottom');
  }
  if (data.speak) speak(data.speak);
  const f = data.focus || { target: null, token: null };
  const before = FOCUSED.get(key);
  FOCUSED.set(key, f.token);
  if (f.token !== null && before !== undefined && before !== f.token) {
    let tries = 0;
    const go = () => {
      const el = f.target && document.querySelector(f.target);
      const lost = !document.activeElement || document.activeElement === document.body;
      if (el && lost) {
        if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
        el.focus({ preventScroll: true });
      }
      // Try again for a while until the target holds the focus: the old focus may still be on its
      // way out, or the target not drawn yet. Only a lost focus (on the body) is taken.
      if (++tries < 40 && document.activeElement !== el) setTimeout(go, 50);
    };
    setTimeout(go, 30);
  }
  clearTimeout(ASKING.get(key));  // a newer run: its own answer, or none needed
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem('"""
    + STORAGE_KEY
    + """') || '{}') || {}; } catch (e) { stored = {}; }
  // For the browser tests: whether the stored preferences are still on their way to the app.
  document.documentElement.dataset.ddzPrefs = data.loaded ? 'loaded' : 'asked';
  if (data.loaded && data.save) {
    const merged = Object.assign({}, stored, data.save);
    const text = JSON.stringify(merged);
    if (text !== JSON.stringify(stored)) { try { localStorage.setItem('"""
    + STORAGE_KEY
    + """', text); } catch (e) {} }
    // For the browser tests: the run whose values the browser now keeps.
    document.documentElement.dataset.ddzSavedRun = String(data.run);
  } else if (!data.loaded) {
    setStateValue('stored', stored);
    // The answer can be lost (seen on a loaded machine: the page waited for ever, its preferences
    // unread). While the app is idle and still asks, ask again every 2 s with a fresh marker, so the
    // server sees a change and reads the values; a run under way is never cut short by it.
    const again = (n) => ASKING.set(key, setTimeout(() => {
      if (document.documentElement.dataset.ddzPrefs !== 'asked' || n > 10 || !onItsPage(data)) return;
      const app = document.querySelector('[data-testid="stApp"]');
      if (app && app.dataset.testScriptState === 'notRunning') {
        setStateValue('stored', Object.assign({}, stored, { __ask: n }));
        again(n + 1);
      } else again(n);
    }, 2000));
    again(1);
  }
}
"""
)

_effects = st.components.v2.component("ddz_effects", html="<span hidden></span>", js=JS + SPEAK_JS)


PAGE_PATH_KEY = "ddz_page_path"


def set_page_path(url_path: str) -> None:
    """Record the address path of the page this run draws (the app's base path, then the page's
    ``url_path``, ``""`` for the default page): :func:`page_effects` acts only while the browser is
    still on it."""
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    st.session_state[PAGE_PATH_KEY] = "/" + "/".join(part for part in (base, url_path.strip("/")) if part)


def page_effects(
    *,
    key: str,
    query: Mapping[str, str] | None = None,
    scroll: tuple[str, object] | None = None,
    save: Mapping[str, Any] | None = None,
    on_load: Callable[[dict[str, Any]], None] | None = None,
    dock: str | None = None,
    speak: Mapping[str, Any] | None = None,
    focus: tuple[str, object] | None = None,
) -> None:
    """Mount the effects for this page run (see the module docstring).

    ``speak``: ``deal`` (a new deal forgets what was said), ``events`` (``[number, text]`` pairs,
    numbered in order), ``turn`` and ``bar`` (``[key, text]``: said when the key is new).

    ``focus``: a CSS selector and a token; when the token is new (not on the page's first run, and
    only if the keyboard focus was lost, on the page's body) the element takes the focus.

    ``on_load`` receives the stored values once per session, in a callback (so it may set widget
    keys); ``save`` is written only after that, so defaults never overwrite what was stored."""
    loaded_key = f"{key}__loaded"

    def loaded() -> None:
        value = st.session_state.get(key)
        stored = value.get("stored") if value is not None and hasattr(value, "get") else None
        if not st.session_state.get(loaded_key):
            st.session_state[loaded_key] = True
            if on_load is not None and isinstance(stored, dict):
                on_load(stored)

    data: dict[str, Any] = {
        "path": st.session_state.get(PAGE_PATH_KEY),
        "query": urlencode(dict(query)) if query is not None else None,
        "scroll": {"target": scroll[0], "token": json.dumps(scroll[1])} if scroll else None,
        "loaded": bool(st.session_state.get(loaded_key)) or save is None,
        "save": dict(save) if save is not None else None,
        "dock": dock,
        "speak": dict(speak) if speak is not None else None,
        "focus": {"target": focus[0], "token": json.dumps(focus[1])} if focus else None,
        "run": st.session_state.get("ddz_run"),  # this run's number (tutorial.views.common.mark_run)
    }
    _effects(key=key, data=data, default={"stored": None}, on_stored_change=loaded)


SPANISH_JS = """
// Streamlit's own strings that we can reach, in Spanish, and the document's language. A mutation
// observer puts them back whenever Streamlit draws its chrome again.
const LABELS = { 'Sidebar': 'Barra lateral', 'App pages': 'Páginas', 'Expand sidebar': 'Abrir el menú',
  'Collapse sidebar': 'Cerrar el menú', 'Dismiss': 'Descartar', 'Close': 'Cerrar', 'Main menu': 'Menú principal',
  'Open': 'Abrir', 'Clear value': 'Borrar', 'Clear entry': 'Borrar', 'Link to heading': 'Enlace a este apartado',
  'Running...': 'Un momento…', 'Notifications': 'Avisos', 'Navigate to home page': 'Ir a la página principal',
  'Show/hide columns': 'Mostrar u ocultar columnas', 'Download as CSV': 'Descargar como CSV', 'Search': 'Buscar',
  'Close Search': 'Cerrar la búsqueda', 'Fullscreen': 'Pantalla completa', 'Close fullscreen': 'Salir de pantalla completa' };
const TEXTS = { '[data-testid="stSkipToContent"]': 'Saltar al contenido principal' };
// The hints under a text box («Press Enter to apply»), word for word.
const HINTS = { 'Press Enter to apply': 'Pulsa Intro para aplicar', 'Press Enter to submit form': 'Pulsa Intro para enviar',
  'Press Ctrl+Enter to apply': 'Pulsa Ctrl+Intro para aplicar', 'Press ⌘+Enter to apply': 'Pulsa ⌘+Intro para aplicar' };
// Streamlit's own dialogs, by their English title: a Spanish title and sentence instead.
const DIALOGS = {
  'Connection error': ['Sin conexión', 'La página no consigue hablar con el servidor. ¿Sigues conectado? En cuanto vuelva la conexión puedes seguir: tu mano está guardada en la dirección de la página.'],
  'Page not found': ['Esa página no existe', 'La dirección no corresponde a ninguna página del tutorial: te llevamos a «Jugar».'],
};
// A text written into the element's own text nodes (React keeps its nodes: a later update of its own
// is seen by the observer and put back into Spanish).
function write(el, text) {
  const nodes = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) nodes.push(walk.currentNode);
  if (!nodes.length) { el.textContent = text; return; }
  nodes.forEach((n, i) => { const v = i === 0 ? text : ''; if (n.nodeValue !== v) n.nodeValue = v; });
}
function spanish() {
  const root = document.documentElement;
  if (root.lang !== 'es') root.lang = 'es';
  for (const [sel, text] of Object.entries(TEXTS)) {
    document.querySelectorAll(sel).forEach(el => { if (el.textContent !== text) el.textContent = text; });
  }
  // Streamlit's page list puts a section (its title and its pages) in a <div> among the <li>: the
  // section is one list item, its pages inside it no list items of their own
  document.querySelectorAll('[data-testid="stSidebarNavItems"] > :not(li)').forEach(el => {
    if (el.getAttribute('role') !== 'listitem') el.setAttribute('role', 'listitem');
    el.querySelectorAll('li:not([role])').forEach(li => li.setAttribute('role', 'none'));
  });
  for (const [en, es] of Object.entries(LABELS)) {
    document.querySelectorAll('[aria-label="' + en + '"]').forEach(el => el.setAttribute('aria-label', es));
  }
  document.querySelectorAll('[data-testid="InputInstructions"] span').forEach(el => {
    const es = HINTS[el.textContent.trim()];
    if (es) write(el, es);
  });
  document.querySelectorAll('[role="dialog"]').forEach(dialog => {
    const title = dialog.querySelector('[slot="title"], h1, h2, h3');
    const es = title && DIALOGS[title.textContent.trim()];
    if (!es) return;
    write(title, es[0]);
    const body = title.nextElementSibling;
    if (body) write(body, es[1]);
  });
}
export default function () {
  spanish();
  if (window.__ddzSpanish) return;
  let queued = false;
  window.__ddzSpanish = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; spanish(); });
  });
  window.__ddzSpanish.observe(document.documentElement,
    { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['lang', 'aria-label'] });
}
"""

_spanish = st.components.v2.component("ddz_spanish", html="<span hidden></span>", js=SPANISH_JS)


def spanish_document() -> None:
    """``<html lang="es">`` and Streamlit's reachable English labels in Spanish (once per run)."""
    _spanish(key="ddz_spanish", data={})


# ---- the table: each new play slides in from its seat; bombs, rocket and spring get a beat ------
TABLE_CSS = """
.fx { font-family: inherit; font-size: 14px; line-height: 1.35; color: #222; }
.fx.compact .play { margin: 0; }
.fx.compact .ddz-row { margin: 0; } .fx.compact .ddz-c { width: 26px; height: 36px; font-size: 12px; }
.fx.compact .beat { margin: 2px 0; padding: 3px 8px; }
.fx.compact .play.from-2 { --dx: -90px; --dy: -30px; } .fx.compact .play.from-1 { --dx: 90px; --dy: -30px; }
.fx.compact .play.from-0 { --dx: 0px; --dy: 40px; }
.play { display: flex; align-items: center; gap: 4px 8px; flex-wrap: wrap; margin: 4px 0 2px 0; }
.play .who { font-weight: 700; }
.play.slide { animation: ddz-slide 560ms cubic-bezier(.2, .75, .3, 1) backwards; }
.play.from-2 { --dx: -120px; --dy: -90px; }   /* Oeste sits top left */
.play.from-1 { --dx: 120px; --dy: -90px; }    /* Este sits top right */
.play.from-0 { --dx: 0px; --dy: 120px; }      /* you, from your hand below */
@keyframes ddz-slide { from { transform: translate(var(--dx), var(--dy)) scale(.6); opacity: 0; }
  to { transform: none; opacity: 1; } }
.beat { display: none; margin: 6px 0 2px 0; padding: 6px 10px; border-radius: 8px; font-weight: 700;
  background: #fff1e0; border: 2px solid #e07b00; color: #7a3d00; }
.beat.on { display: block; }
.beat.pulse { animation: ddz-beat 900ms ease-out backwards; }
@keyframes ddz-beat { 0% { transform: scale(.6); opacity: 0; } 35% { transform: scale(1.08); opacity: 1; }
  60% { transform: scale(.98); } 100% { transform: scale(1); } }
@media (prefers-reduced-motion: reduce) { .play.slide, .beat.pulse { animation: none !important; } }
"""

TABLE_JS = """
const SEEN = new Map();   // by widget key: which play and which beat this page has already shown
export default function ({ data, key, parentElement }) {
  const root = parentElement.querySelector('.fx');
  if (!root) return;
  const name = data.name || 'table';
  root.dataset.testid = name + '-fx';
  root.classList.toggle('compact', !!data.compact);
  let st = SEEN.get(key);
  if (!st) { st = { play: null, beat: null, root: null, slides: 0, beats: 0, beeps: 0 }; SEEN.set(key, st); }
  const fresh = st.root !== root;          // a remounted element: draw what is there, without motion
  st.root = root;
  let play = root.querySelector('.play'), beat = root.querySelector('.beat');
  if (!play) { play = document.createElement('div'); play.className = 'play'; play.dataset.testid = name + '-play'; root.appendChild(play); }
  if (!beat) { beat = document.createElement('div'); beat.className = 'beat'; beat.dataset.testid = name + '-beat'; beat.setAttribute('role', 'status'); root.appendChild(beat); }
  const reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const p = data.play;
  const pkey = p ? p.key : null;
  if (fresh || pkey !== st.play) {
    const isNew = !fresh && pkey !== null && pkey !== st.play && p.animate;
    st.play = pkey;
    play.className = 'play' + (p ? ' from-' + p.seat : '');
    play.innerHTML = p ? p.html : (data.empty || '');   // built and escaped by Python from engine values
    if (isNew && !reduce) { void play.offsetWidth; play.classList.add('slide'); st.slides++; }
    if (isNew && data.sound) beep(p.bomb ? 180 : 520, p.bomb ? 0.35 : 0.08);
  }
  const b = data.beat;
  const bkey = b ? b.key : null;
  if (fresh || bkey !== st.beat) {
    const isNew = !fresh && bkey !== null && bkey !== st.beat;
    st.beat = bkey;
    beat.textContent = b ? b.text : '';
    beat.className = 'beat' + (b ? ' on' : '');
    if (isNew && !reduce) { void beat.offsetWidth; beat.classList.add('pulse'); st.beats++; }
    if (isNew && data.sound) beep(140, 0.4);
  }
  root.dataset.slides = String(st.slides); root.dataset.beats = String(st.beats); root.dataset.beeps = String(st.beeps);
  function beep(freq, secs) {             // a soft tone, only when the player turned sounds on
    st.beeps++; root.dataset.beeps = String(st.beeps);
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      window.__ddzAudio = window.__ddzAudio || new Ctx();
      const ctx = window.__ddzAudio, osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = freq; osc.type = 'sine';
      gain.gain.setValueAtTime(0.0001, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.08, ctx.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + secs);
      osc.connect(gain).connect(ctx.destination); osc.start(); osc.stop(ctx.currentTime + secs + 0.05);
    } catch (e) {}
  }
}
"""


def _table_component() -> Any:
    from tutorial.cards_view import CSS as CARDS_CSS

    return st.components.v2.component(
        "ddz_table",
        html='<div class="fx" data-testid="table-fx"></div>',
        css=CARDS_CSS + TABLE_CSS,
        js=TABLE_JS,
    )


_table = _table_component()


def table_fx(
    *,
    key: str,
    play: Mapping[str, Any] | None,
    beat: Mapping[str, Any] | None = None,
    empty: str = "",
    sound: bool = False,
    name: str = "table",
    compact: bool = False,
) -> None:
    """The play on the table, drawn in the browser so that a *new* play (a new ``play["key"]``)
    slides in from its seat once, and a new ``beat`` (bomb, rocket, spring) pulses once: a rerun
    with the same keys moves nothing. ``name`` prefixes its test ids; ``compact`` is the dock's
    size. ``play``: ``key``, ``seat``, ``html`` (escaped), ``animate`` and ``bomb``; ``beat``: ``key`` and ``text``. Motion is off under ``prefers-reduced-motion``;
    ``sound`` adds a soft tone to each new play and beat."""
    data: dict[str, Any] = {
        "play": dict(play) if play else None,
        "beat": dict(beat) if beat else None,
        "empty": empty,
        "sound": sound,
        "name": name,
        "compact": compact,
    }
    _table(key=key, data=data)
