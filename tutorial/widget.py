"""The card-hand widget: one Streamlit v2 component used wherever cards are chosen.

Slide a finger or the mouse across cards to toggle them (selected cards rise), double tap a card
to select every card of its rank, or use the keyboard (Tab, arrows, Space/Enter; Shift+Enter for the
whole rank). The browser owns
the selection and sends it to Python once per gesture; Python forces a selection (after a play,
a hint, a typed play) by bumping ``rev``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import streamlit as st

from .cards_view import card_face

HTML = '<div class="hand" role="listbox" aria-multiselectable="true"></div><button class="clear" type="button" hidden></button>'

CSS = """
.hand { position: relative; touch-action: pan-y; user-select: none; -webkit-user-select: none;
  -webkit-touch-callout: none; padding: 30px 4px 6px 4px; min-height: 96px; box-sizing: border-box; }
.hand.grid { display: flex; flex-wrap: wrap; row-gap: 6px; padding-top: 26px; }
.card { position: absolute; top: 30px; width: 56px; height: 80px; border-radius: 7px; background: #fff;
  border: 1px solid #7a7a7a; box-shadow: -1px 1px 3px rgba(0,0,0,.25); box-sizing: border-box;
  font: 700 19px/1 system-ui, sans-serif; padding: 4px 5px; transition: transform 90ms ease-out;
  cursor: pointer; outline: none; }
.hand.grid .card { position: relative; top: 0; width: 40px; height: 58px; font-size: 15px; margin-right: -14px; }
.hand.grid .card.rank-end { margin-right: 10px; }
.card.red { color: #c8102e; } .card.black { color: #111; }
.card .suit { display: block; font-size: 17px; margin-top: 2px; }
.card.joker { writing-mode: vertical-lr; text-orientation: upright; font-size: 10px; letter-spacing: -1px;
  display: flex; padding: 5px 3px; line-height: 1; }
.card.ten span:first-child { letter-spacing: -2px; margin-left: -2px; }
.card.joker .suit { display: none; }
.card { transform: rotate(var(--rot, 0deg)); transform-origin: 50% 400%; }
.card.sel { transform: rotate(var(--rot, 0deg)) translateY(-24px); background: #fff6d5; border-color: #d19a00;
  box-shadow: 0 0 0 2px #f0b400, -1px 1px 3px rgba(0,0,0,.25); }
.card:focus-visible { box-shadow: 0 0 0 3px #2b6cb0; }
.clear { font: 400 15px/1.4 system-ui, sans-serif; padding: 6px 12px; margin: 6px 4px; border-radius: 8px;
  border: 1px solid #c3c9d2; background: #fff; cursor: pointer; }
.clear:hover { border-color: #c8102e; color: #c8102e; }
.hand.disabled .card { cursor: default; filter: saturate(.6); }
.card { transition: transform 90ms ease-out, opacity 120ms linear; }
"""

JS = """
const STORES = new Map();   // by widget key: the selection survives a remount of the element
export default function (component) {
  const { data, key, parentElement, setStateValue } = component;
  const hand = parentElement.querySelector('.hand');
  if (!hand) return;
  const id = key || parentElement;
  let st = STORES.get(id);
  if (!st) { st = { sel: new Set(), sig: null, rev: null, drag: null, lastTap: null, sent: '', hand: null };
             STORES.set(id, st); }
  const cards = data.cards || [];
  const grid = data.layout === 'grid';
  const sig = cards.map(c => c.id).join(',') + '|' + (grid ? 'g' : 'f');
  if (st.sig !== sig || (data.rev || 0) > (st.rev ?? -1)) {   // Python forces a selection only with a newer rev
    st.sel = new Set((data.selected || []).filter(id => cards.some(c => c.id === id)));
    st.sent = [...st.sel].join(',');
  }
  const rebuild = st.sig !== sig || st.hand !== hand;   // a new hand, or a remounted element
  st.hand = hand;
  st.sig = sig; st.rev = Math.max(st.rev ?? -1, data.rev || 0);
  hand.classList.toggle('grid', grid);
  hand.classList.toggle('disabled', !!data.disabled);
  hand.setAttribute('aria-label', data.label || 'cartas');
  if (rebuild) {
    hand.textContent = '';
    cards.forEach((c, i) => {
      const el = document.createElement('div');
      el.className = 'card ' + c.color + (c.joker ? ' joker' : '') + (c.label === '10' ? ' ten' : '');
      el.dataset.id = c.id; el.dataset.rank = c.rank; el.dataset.index = String(i);
      if (!cards[i + 1] || cards[i + 1].rank !== c.rank) el.classList.add('rank-end');
      el.tabIndex = 0; el.setAttribute('role', 'option');
      el.setAttribute('aria-label', c.joker ? (c.rank === 'B' ? 'comodín pequeño' : 'comodín grande') : c.label + ' ' + c.suit);
      const lab = document.createElement('span'); lab.textContent = c.label; el.appendChild(lab);
      const suit = document.createElement('span'); suit.className = 'suit'; suit.textContent = c.suit; el.appendChild(suit);
      hand.appendChild(el);
    });
  }
  const els = [...hand.querySelectorAll('.card')];
  const layout = () => {
    if (grid) { hand.style.height = ''; els.forEach(el => { el.style.left = ''; el.style.removeProperty('--rot'); }); return; }
    const n = els.length, cw = 56, h = 80;
    const step1 = n > 1 ? 12 / (n - 1) : 0;                 // a gentle fan: at most ±6 degrees
    const maxRot = Math.min(6, step1 * (n - 1) / 2);
    const pad = 4 * h * Math.sin(maxRot * Math.PI / 180);    // edge cards swing outwards this much
    const w = hand.clientWidth - 8 - 2 * pad;
    const step = n > 1 ? Math.min(cw * 0.62, (w - cw) / (n - 1)) : 0;
    const total = cw + step * Math.max(n - 1, 0);
    const x0 = 4 + pad + Math.max(0, (w - total) / 2);
    els.forEach((el, i) => {
      el.style.left = (x0 + i * step) + 'px'; el.style.zIndex = String(i + 1);
      el.style.setProperty('--rot', ((i - (n - 1) / 2) * Math.min(step1, 1.2)).toFixed(2) + 'deg');
    });
    hand.style.height = '122px';
  };
  const paint = () => els.forEach(el => {
    const on = st.sel.has(el.dataset.id);
    el.classList.toggle('sel', on); el.setAttribute('aria-selected', on ? 'true' : 'false');
  });
  layout(); paint();
  if (data.animate && st.animated !== sig) {          // the deal: cards arrive one by one; a tap skips it
    st.animated = sig;
    els.forEach(el => { el.style.opacity = '0'; });
    st.timers = els.map((el, i) => setTimeout(() => { el.style.opacity = '1'; }, 90 * i + 60));
    st.dealing = true;
    setTimeout(() => { st.dealing = false; }, 90 * els.length + 80);
  }
  const skipDeal = () => { (st.timers || []).forEach(clearTimeout); els.forEach(el => { el.style.opacity = '1'; }); st.dealing = false; };
  if (st.roHand !== hand) {
    if (st.ro) st.ro.disconnect();
    st.ro = new ResizeObserver(() => { if (st.layout) st.layout(); }); st.ro.observe(hand); st.roHand = hand;
  }
  st.layout = layout;
  const commit = () => {
    const ids = els.map(el => el.dataset.id).filter(id => st.sel.has(id));
    const key = ids.join(',');
    if (key !== st.sent) { st.sent = key; setStateValue('selected', ids); }
  };
  // Clearing happens here, in the browser, like any other gesture: a button press in Python could be
  // replayed by Streamlit after a quick tap and undo that tap.
  const clearBtn = parentElement.querySelector('.clear');
  if (clearBtn) {
    clearBtn.hidden = !data.clear_label;
    clearBtn.textContent = data.clear_label || '';
    clearBtn.onclick = () => { st.sel.clear(); paint(); commit(); };
  }
  const hit = (x, y) => {
    const under = parentElement.elementFromPoint ? parentElement.elementFromPoint(x, y) : null;
    const el = under && under.closest ? under.closest('.card') : null;
    if (el && hand.contains(el)) return Number(el.dataset.index);
    if (grid) return -1;
    for (let i = els.length - 1; i >= 0; i--) {           // topmost card whose strip holds x
      const r = els[i].getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top - 30 && y <= r.bottom) return i;
    }
    return -1;
  };
  const toggle = i => { const id = els[i].dataset.id; if (st.sel.has(id)) st.sel.delete(id); else st.sel.add(id); };
  hand.onpointerdown = e => {
    if (st.dealing) { skipDeal(); e.preventDefault(); return; }
    if (data.disabled) return;
    const i = hit(e.clientX, e.clientY);
    if (i < 0) return;
    e.preventDefault();
    try { hand.setPointerCapture(e.pointerId); } catch (err) {}
    const now = e.timeStamp;   // when the tap happened, not when a busy page got round to it
    if (st.lastTap && st.lastTap.i === i && now - st.lastTap.t < 350) {   // double tap: the whole rank
      const rank = els[i].dataset.rank;
      els.forEach(el => { if (el.dataset.rank === rank) st.sel.add(el.dataset.id); });
      st.lastTap = null; st.drag = null; paint(); commit(); return;
    }
    st.lastTap = { i, t: now };
    toggle(i); st.drag = { last: i, seen: new Set([i]) }; paint();
  };
  hand.onpointermove = e => {
    if (!st.drag) return;
    const i = hit(e.clientX, e.clientY);
    if (i < 0 || i === st.drag.last) return;
    const a = st.drag.last, b = i, dir = b > a ? 1 : -1;
    const path = grid ? [b] : Array.from({ length: Math.abs(b - a) }, (_, k) => a + dir * (k + 1));
    path.forEach(j => { if (!st.drag.seen.has(j)) { st.drag.seen.add(j); toggle(j); } });
    st.drag.last = b; st.lastTap = null; paint();
  };
  hand.onpointerup = hand.onpointercancel = () => { if (st.drag) { st.drag = null; commit(); } };
  hand.onkeydown = e => {
    const i = els.indexOf(document.activeElement) >= 0 ? els.indexOf(document.activeElement)
            : els.findIndex(el => el === e.target);
    if (i < 0 || data.disabled) return;
    if (e.key === 'Enter' && e.shiftKey) {                 // the keyboard's double tap: the whole rank
      e.preventDefault(); const rank = els[i].dataset.rank;
      els.forEach(el => { if (el.dataset.rank === rank) st.sel.add(el.dataset.id); }); paint(); commit();
    } else if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); toggle(i); paint(); commit(); }
    else if (e.key === 'ArrowRight' && i + 1 < els.length) { e.preventDefault(); els[i + 1].focus(); }
    else if (e.key === 'ArrowLeft' && i > 0) { e.preventDefault(); els[i - 1].focus(); }
  };
}
"""

_hand = st.components.v2.component("ddz_hand", html=HTML, css=CSS, js=JS)


def force_selection(key: str, ids: list[str]) -> None:
    """Make the widget ``key`` show exactly ``ids`` selected (call from a callback)."""
    st.session_state[f"{key}__rev"] = st.session_state.get(f"{key}__rev", 0) + 1
    st.session_state[f"{key}__forced"] = list(ids)
    state = st.session_state.get(key)
    if state is not None:
        with contextlib.suppress(Exception):
            state["selected"] = list(ids)


def selection(key: str) -> list[str]:
    """The current selection of widget ``key`` as Python last saw it."""
    state = st.session_state.get(key)
    chosen = state.get("selected") if state is not None and hasattr(state, "get") else None
    return list(chosen or st.session_state.get(f"{key}__forced", []))


def card_hand(
    ids: list[str],
    *,
    key: str,
    layout: str = "fan",
    disabled: bool = False,
    animate: bool = False,
    label: str = "tus cartas",
    clear_label: str | None = None,
    on_change: Callable[[], None] | None = None,
) -> list[str]:
    """Draw the cards ``ids`` and return the ids the player has selected (``clear_label`` adds a
    button under the cards that deselects them all)."""
    data: dict[str, Any] = {
        "cards": [card_face(i) for i in ids],
        "selected": st.session_state.get(f"{key}__forced", []),
        "rev": st.session_state.get(f"{key}__rev", 0),
        "layout": layout,
        "disabled": disabled,
        "animate": animate,
        "label": label,
        "clear_label": clear_label,
    }
    result = _hand(
        key=key, data=data, default={"selected": []}, on_selected_change=on_change or (lambda: None)
    )
    chosen = result.get("selected") if hasattr(result, "get") else None
    valid = set(ids)
    return [i for i in (chosen or []) if i in valid]
