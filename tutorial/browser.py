"""Small browser effects Streamlit has no API for: one invisible v2 component per page.

- ``query``: the page's address is *replaced* (``history.replaceState``), so a move never adds a
  Back-button entry (``st.query_params`` pushes one each time);
- ``scroll``: bring an element (a CSS selector) into view once per ``token`` — the end of a hand,
  an example's result, the next lesson stage;
- ``dock``: the page keeps room below its content for a fixed dock (a CSS selector), as tall as
  the dock really is;
- ``save``/``load``: preferences and lesson progress kept in the browser's ``localStorage``, so
  they survive a reload.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

import streamlit as st

STORAGE_KEY = "ddz-tutorial"

JS = (
    """
const SCROLLED = new Map();
export default function ({ data, key, setStateValue }) {
  if (typeof data.query === 'string') {
    const url = location.pathname + (data.query ? '?' + data.query : '') + location.hash;
    if (location.pathname + location.search + location.hash !== url) history.replaceState(history.state, '', url);
  }
  if (data.scroll && SCROLLED.get(key + data.scroll.target) !== data.scroll.token) {
    SCROLLED.set(key + data.scroll.target, data.scroll.token);
    let tries = 0;
    const go = () => {
      const el = document.querySelector(data.scroll.target);
      if (el) { el.scrollIntoView({ block: data.scroll.block || 'start', behavior: 'instant' }); return; }
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
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem('"""
    + STORAGE_KEY
    + """') || '{}') || {}; } catch (e) { stored = {}; }
  if (data.loaded && data.save) {
    const merged = Object.assign({}, stored, data.save);
    const text = JSON.stringify(merged);
    if (text !== JSON.stringify(stored)) { try { localStorage.setItem('"""
    + STORAGE_KEY
    + """', text); } catch (e) {} }
  } else if (!data.loaded) {
    setStateValue('stored', stored);
  }
}
"""
)

_effects = st.components.v2.component("ddz_effects", html="<span hidden></span>", js=JS)


def page_effects(
    *,
    key: str,
    query: Mapping[str, str] | None = None,
    scroll: tuple[str, object] | None = None,
    save: Mapping[str, Any] | None = None,
    on_load: Callable[[dict[str, Any]], None] | None = None,
    dock: str | None = None,
) -> None:
    """Mount the effects for this page run (see the module docstring).

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
        "query": urlencode(dict(query)) if query is not None else None,
        "scroll": {"target": scroll[0], "token": json.dumps(scroll[1])} if scroll else None,
        "loaded": bool(st.session_state.get(loaded_key)) or save is None,
        "save": dict(save) if save is not None else None,
        "dock": dock,
    }
    _effects(key=key, data=data, default={"stored": None}, on_stored_change=loaded)
