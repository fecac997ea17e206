"""The card-hand widget: one Streamlit v2 component used wherever cards are chosen.

Tap a card to raise or lower it; slide a finger or the mouse across cards to raise one card per
rank (or the pairs of a pair straight: see :data:`SNAP_RULE`), double tap a card to select every
card of its rank, or use the keyboard (Tab, arrows, Space/Enter; Shift+Enter for the
whole rank). The hand is one Tab stop (a roving tabindex, as in a listbox): the arrow keys, Home and
End move between the cards; it is marked ``aria-disabled`` while it is not yours to play.

**Who owns the selection.** The browser owns the raised cards. Python changes them only by sending
a *command*: a numbered selection (``force_selection``). The widget applies a command once, when its
number is newer than the last one it applied, and every selection it sends back carries the number of
the last command it had applied when the player made the gesture. :func:`selection` trusts a value
from the browser only if it was made after the newest command; an older value (the browser re-sends
its last gesture with every rerun) can never win over a newer command, and an empty selection is
simply empty. So the raised cards, the bar and what «Jugar» sends are always the same cards.

**The bar on the device.** Where the page draws a selection bar (``bar=…``, the play view), the
widget names the raised play and says whether it beats the table at each gesture, without waiting
for the server: the JavaScript core the conformance suite checks (:data:`CORE_FILE`, inlined byte
for byte) and the catalog's own templates (:func:`tutorial.logic.device_phrases`, rendered by
:data:`BAR_FILE`) give the server's words. The server's bar carries the selection it describes
(``data-sel``) and the newest command then (``data-cmd``); the widget rewrites a bar only when it
describes other cards than the raised ones and no newer command (a rerun that started before the
last tap), so after a rerun the server's bar stands.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

from .cards_view import card_face
from .logic import device_phrases

CORE_FILE = Path(__file__).resolve().parents[1] / "conformance" / "adapters" / "node" / "ddz_core.js"
"""The rules on the device: the JavaScript core of the Node adapter the conformance suite runs."""
BAR_FILE = Path(__file__).with_name("bar.js")
"""The bar's words on the device, from the catalog's templates."""
SNAP_RULE = (
    "A swipe (over two cards or more) that starts on a lowered card raises the cards swept, snapped to "
    "a chain when they make one: when every rank swept has two cards or more swept and the ranks are "
    "three or more in a row up to the ace, two cards of each rank (a pair straight); else, when the "
    "ranks swept are five or more in a row up to the ace, one card of each rank (a straight); else "
    "every card swept. A rank with a raised card among those swept gets no other in a snap (the first "
    "cards of a rank in the hand's order rise). A swipe that starts on a raised card lowers every card "
    "swept."
)

HTML = '<div class="hand" role="listbox" aria-multiselectable="true"></div><button class="clear" type="button" hidden></button>'

CSS = """
.hand { position: relative; touch-action: pan-y; user-select: none; -webkit-user-select: none;
  -webkit-touch-callout: none; padding: 30px 4px 6px 4px; min-height: 96px; box-sizing: border-box; }
.hand.grid { display: flex; flex-wrap: wrap; row-gap: 6px; padding-top: 26px; }
.card { position: absolute; top: 30px; width: 56px; height: 80px; border-radius: 7px; background: #fff;
  border: 1px solid #7a7a7a; box-shadow: -1px 1px 3px rgba(0,0,0,.25); box-sizing: border-box;
  font: 700 19px/1 system-ui, sans-serif; padding: 4px 4px; cursor: pointer; outline: none;
  overflow: hidden; white-space: nowrap; }
.hand.grid .card { position: relative; top: 0; width: 40px; height: 58px; font-size: 15px; margin-right: -14px;
  padding: 3px 3px; }
.hand.grid .card.rank-end { margin-right: 10px; }
.hand.grid .rank-group { display: flex; flex-wrap: nowrap; }
.card.red { color: #c8102e; } .card.black { color: #111; }
.card .lab { display: block; letter-spacing: -1px; }
.card.ten .lab { letter-spacing: -2.5px; margin-left: -1px; }
.card .suit { display: block; font-size: 17px; margin-top: 2px; }
.card .sub { display: block; font: 700 10px/1 system-ui, sans-serif; letter-spacing: -.3px; margin-top: 3px; }
.hand.grid .card .sub { font-size: 9px; }
.card.joker .lab { font-size: 22px; letter-spacing: 0; }
.hand.grid .card.joker .lab { font-size: 17px; }
.card.joker.big { background: #fff3f3; }
.card { transform: rotate(var(--rot, 0deg)); transform-origin: 50% 400%; }
.hand.small { padding-top: 22px; min-height: 80px; }
.hand.small .card { width: 50px; height: 72px; font-size: 18px; padding: 3px 3px; }
.hand.small .card .suit { font-size: 16px; margin-top: 1px; }
.hand.small .card.sel { transform: rotate(var(--rot, 0deg)) translateY(-18px); }
.card.sel { transform: rotate(var(--rot, 0deg)) translateY(-24px); background: #fff6d5; border-color: #d19a00;
  box-shadow: 0 0 0 2px #f0b400, -1px 1px 3px rgba(0,0,0,.25); }
.card:focus-visible { box-shadow: 0 0 0 3px #2b6cb0; }
.clear { font: 400 15px/1.4 system-ui, sans-serif; padding: 6px 12px; margin: 10px 4px 6px 4px; border-radius: 8px;
  border: 1px solid #c3c9d2; background: #fff; cursor: pointer; position: relative; z-index: 30; }
.clear:hover { border-color: #c8102e; color: #c8102e; }
.hand.disabled .card { cursor: default; filter: saturate(.6); }
.card { transition: transform 90ms ease-out, opacity 120ms linear; }
"""

WIDGET_JS = """
const STORES = new Map();   // by widget key: the selection survives a remount of the element
const MIN_STRIP = 28;       // the visible strip of a card never gets narrower than this (CSS px)
export default function (component) {
  const { data, key, parentElement, setStateValue } = component;
  const hand = parentElement.querySelector('.hand');
  if (!hand) return;
  const id = key || parentElement;
  let st = STORES.get(id);
  const epoch = data.epoch || '';
  if (!st || st.epoch !== epoch) {   // a new Python session starts counting commands again
    st = { sel: new Set(), sig: null, cmd: -1, drag: null, lastTap: null, sent: '', hand: null, epoch };
    STORES.set(id, st);
  }
  const cards = data.cards || [];
  const grid = data.layout === 'grid';
  const sig = cards.map(c => c.id).join(',') + '|' + (grid ? 'g' : 'f');
  const present = new Set(cards.map(c => c.id));
  const cmd = data.cmd || 0;
  if (cmd > st.cmd) {                       // a newer command from Python: it decides the selection
    st.sel = new Set((data.selected || []).filter(i => present.has(i)));
    st.cmd = cmd;
    st.sent = [...st.sel].join(',');
  } else if (st.sig !== sig) {              // the same command, new cards: keep what is still here
    st.sel = new Set([...st.sel].filter(i => present.has(i)));
  }
  const rebuild = st.sig !== sig || st.hand !== hand;   // a new hand, or a remounted element
  st.hand = hand;
  st.sig = sig;
  hand.dataset.cmd = String(st.cmd);
  hand.classList.toggle('grid', grid);
  hand.classList.toggle('disabled', !!data.disabled);
  hand.setAttribute('aria-label', data.label || 'cartas');
  hand.setAttribute('aria-disabled', data.disabled ? 'true' : 'false');
  const root = hand.getRootNode();   // the component's shadow root: its activeElement is the card
  const active = () => root.activeElement || null;
  const focused = hand.contains(active()) ? active() : null;
  const focusedAt = focused && focused.dataset.index ? Number(focused.dataset.index) : null;
  if (rebuild) {
    hand.textContent = '';
    let group = null;   // the grid keeps the cards of a rank together: one unbreakable group per rank
    cards.forEach((c, i) => {
      const el = document.createElement('div');
      el.className = 'card ' + c.color + (c.joker ? ' joker' : '') + (c.rank === 'R' ? ' big' : '')
                     + (c.label === '10' ? ' ten' : '');
      el.dataset.id = c.id; el.dataset.rank = c.rank; el.dataset.index = String(i);
      if (!cards[i + 1] || cards[i + 1].rank !== c.rank) el.classList.add('rank-end');
      el.tabIndex = -1; el.setAttribute('role', 'option');
      el.setAttribute('aria-label', c.spoken || c.name);
      el.title = c.name;
      const lab = document.createElement('span'); lab.className = 'lab'; lab.textContent = c.label; el.appendChild(lab);
      const suit = document.createElement('span'); suit.className = c.joker ? 'sub' : 'suit';
      suit.textContent = c.joker ? c.sub : c.suit; el.appendChild(suit);
      if (grid) {
        if (!group || group.dataset.rank !== c.rank) {
          group = document.createElement('div'); group.className = 'rank-group'; group.dataset.rank = c.rank;
          group.setAttribute('role', 'group');
          hand.appendChild(group);
        }
        group.appendChild(el);
      } else hand.appendChild(el);
    });
  }
  const els = [...hand.querySelectorAll('.card')];
  // One Tab stop: the card last moved to (by id; else the one at its place, else the first).
  let rove = els.findIndex(el => el.dataset.id === st.rove);
  if (rove < 0) rove = Math.min(st.roveAt || 0, els.length - 1);
  const moveTo = (i, focus) => {
    if (i < 0 || i >= els.length) return;
    els.forEach((el, k) => { el.tabIndex = k === i ? 0 : -1; });
    st.rove = els[i].dataset.id; st.roveAt = i;
    if (focus) els[i].focus({ preventScroll: !!data.compact });
  };
  if (els.length) moveTo(rove, false);
  // Focus stays in the hand: a rebuilt hand (you played cards) gives it back to the card at the same
  // place, and a new ``focus`` token (you pressed «Jugar», «Pasar», «Pista»…) brings it here.
  if (rebuild && focusedAt !== null && !hand.contains(active())) moveTo(Math.min(focusedAt, els.length - 1), true);
  if (data.focus && st.focus !== data.focus) {
    const first = st.focus === undefined;   // a page load never takes the focus
    st.focus = data.focus;
    if (!first && els.length) moveTo(st.roveAt || 0, true);
  } else if (st.focus === undefined) st.focus = data.focus || null;
  const layout = () => {
    if (grid) { hand.style.height = ''; els.forEach(el => { el.style.left = ''; el.style.top = ''; el.style.removeProperty('--rot'); }); return; }
    // The dock's hand («compact») on a narrow screen: smaller cards, and the rows overlap like a
    // hand held in two rows (each card's corner, its rank and suit, stays in view).
    const small = !!data.compact && hand.clientWidth < 440;
    const n = els.length, cw = small ? 50 : 56, h = small ? 72 : 80, rise = small ? 18 : 24, top = small ? 22 : 30;
    const rowStep = data.compact ? (small ? 54 : 60) : h + rise + 6;
    hand.classList.toggle('small', small);
    const fan = (m) => {                                    // step and edge padding of a row of m cards
      const step1 = m > 1 ? 12 / (m - 1) : 0;               // a gentle fan: at most ±6 degrees
      const maxRot = Math.min(6, step1 * (m - 1) / 2);
      const pad = 4 * h * Math.sin(maxRot * Math.PI / 180); // edge cards swing outwards this much
      const w = hand.clientWidth - 8 - 2 * pad;
      const step = m > 1 ? Math.min(cw * 0.62, (w - cw) / (m - 1)) : 0;
      // the fan turns each card a little more than the one before: its visible strip grows by that
      const strip = step + 4 * h * Math.sin(Math.min(step1, 1.2) * Math.PI / 180);
      return { step, step1, pad, w, strip };
    };
    // As few rows as keep every card's strip at MIN_STRIP px or more (at most three; low ranks on top).
    let k = 1;
    while (k < 3 && n > k && fan(Math.ceil(n / k)).strip < MIN_STRIP) k++;
    const rows = Array.from({ length: k }, (_, r) => Math.floor((n + k - 1 - r) / k));
    let start = 0;
    rows.forEach((m, r) => {
      const f = fan(m);
      const total = cw + f.step * Math.max(m - 1, 0);
      const x0 = 4 + f.pad + Math.max(0, (f.w - total) / 2);
      for (let k = 0; k < m; k++) {
        const el = els[start + k];
        el.style.left = (x0 + k * f.step) + 'px';
        el.style.top = (top + r * rowStep) + 'px';
        el.style.zIndex = String(start + k + 1);
        el.style.setProperty('--rot', ((k - (m - 1) / 2) * Math.min(f.step1, 1.2)).toFixed(2) + 'deg');
      }
      start += m;
    });
    hand.dataset.rows = String(rows.length);
    hand.style.height = (top + (rows.length - 1) * rowStep + h + (data.compact ? 6 : 12)) + 'px';
  };
  // The bar, named here at each gesture (the play view's ``bar``): a bar the server drew for other
  // cards than the raised ones (``data-sel``: a rerun that began before the last tap) is rewritten.
  const selKey = () => [...st.sel].sort().join(',');
  const syncBar = () => {
    const bar = data.bar;
    if (!bar) return;
    const key = selKey();
    document.querySelectorAll('[data-testid="ddz-bar"][data-sel]').forEach(el => {
      // the server's bar for these very cards, or drawn after a command this widget has not applied
      // yet (a new hand, a hint): it stands
      if (el.dataset.sel === key || Number(el.dataset.cmd || 0) > st.cmd) return;
      const ranks = els.filter(c => st.sel.has(c.dataset.id)).map(c => c.dataset.rank).join('');
      const b = ranks ? DDZ_BAR.describe(ranks, bar.table || '')
                      : { ok: bar.empty[0], title: bar.empty[1], detail: bar.empty[2] };
      el.className = 'ddz-bar ' + (b.ok === null ? 'idle' : b.ok ? 'ok' : 'no');
      const title = document.createElement('b'); title.textContent = b.title;
      el.replaceChildren(title, document.createElement('br'), document.createTextNode(b.detail));
      el.dataset.sel = key; el.dataset.cmd = String(st.cmd);
    });
  };
  st.syncBar = syncBar;
  if (data.bar && !st.barWatch) {      // the server's bar is redrawn by reruns: look at it each time
    st.barWatch = new MutationObserver(() => { if (st.syncBar) st.syncBar(); });
    st.barWatch.observe(document.body, { childList: true, subtree: true });
  }
  const paint = () => {
    els.forEach(el => {
      const on = st.sel.has(el.dataset.id);
      el.classList.toggle('sel', on); el.setAttribute('aria-selected', on ? 'true' : 'false');
    });
    syncBar();
  };
  layout(); paint();
  const skipDeal = () => { (st.timers || []).forEach(clearTimeout); (st.dealEls || []).forEach(el => { el.style.opacity = '1'; }); st.dealing = false; };
  if (data.animate && st.animated !== data.animate) {  // a deal: cards arrive one by one; a tap anywhere skips it
    st.animated = data.animate;
    st.dealEls = els;
    els.forEach(el => { el.style.opacity = '0'; });
    st.timers = els.map((el, i) => setTimeout(() => { el.style.opacity = '1'; }, 90 * i + 60));
    st.dealing = true;
    setTimeout(() => { st.dealing = false; }, 90 * els.length + 80);
  }
  if (!st.docSkip) {                                   // a tap anywhere on the page during the deal skips it
    st.docSkip = true;
    document.addEventListener('pointerdown', () => { if (st.dealing) skipDeal(); }, true);
  }
  if (st.roHand !== hand) {
    if (st.ro) st.ro.disconnect();
    st.ro = new ResizeObserver(() => { if (st.layout) st.layout(); }); st.ro.observe(hand); st.roHand = hand;
  }
  st.layout = layout;
  const commit = () => {
    const ids = els.map(el => el.dataset.id).filter(i => st.sel.has(i));
    const k = ids.join(',');
    if (k !== st.sent) { st.sent = k; setStateValue('selected', { ids, cmd: st.cmd }); }
  };
  // Clearing happens here, in the browser, like any other gesture.
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
      if (x >= r.left && x <= r.right && y >= r.top - 24 && y <= r.bottom) return i;
    }
    return -1;
  };
  const toggle = i => { const cid = els[i].dataset.id; if (st.sel.has(cid)) st.sel.delete(cid); else st.sel.add(cid); };
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
    moveTo(i, false);
    const raise = !st.sel.has(els[i].dataset.id);
    st.drag = { last: i, seen: [i], base: new Set(st.sel), raise };
    toggle(i); paint();
  };
  // A swipe (SNAP_RULE in tutorial/widget.py): a pair straight, a straight or every card swept.
  const snap = d => {
    const swept = d.seen.slice().sort((a, b) => a - b).map(j => els[j]);
    const sel = new Set(d.base);
    if (!d.raise) { swept.forEach(el => sel.delete(el.dataset.id)); return sel; }
    const byRank = new Map();
    swept.forEach(el => { const r = el.dataset.rank; if (!byRank.has(r)) byRank.set(r, []); byRank.get(r).push(el); });
    const order = [...byRank.keys()].map(r => DDZ_CORE.RANKS.indexOf(r)).sort((a, b) => a - b);
    const run = order[order.length - 1] <= DDZ_CORE.RANKS.indexOf('A')
      && order.every((r, k) => k === 0 || r === order[k - 1] + 1);
    const groups = [...byRank.values()];
    const per = run && order.length >= 3 && groups.every(g => g.length >= 2) ? 2
      : run && order.length >= 5 ? 1 : 0;   // 0: no chain, every card swept rises
    groups.forEach(group => {
      if (!per) { group.forEach(el => sel.add(el.dataset.id)); return; }
      const up = group.filter(el => sel.has(el.dataset.id)).length;
      group.filter(el => !sel.has(el.dataset.id)).slice(0, Math.max(0, per - up)).forEach(el => sel.add(el.dataset.id));
    });
    return sel;
  };
  hand.onpointermove = e => {
    if (!st.drag) return;
    const i = hit(e.clientX, e.clientY);
    if (i < 0 || i === st.drag.last) return;
    const a = st.drag.last, b = i, dir = b > a ? 1 : -1;
    const path = grid ? [b] : Array.from({ length: Math.abs(b - a) }, (_, k) => a + dir * (k + 1));
    path.forEach(j => { if (!st.drag.seen.includes(j)) st.drag.seen.push(j); });
    st.sel = snap(st.drag);
    st.drag.last = b; st.lastTap = null; paint();
  };
  hand.onpointerup = hand.onpointercancel = () => { if (st.drag) { st.drag = null; commit(); } };
  hand.onkeydown = e => {
    const i = els.indexOf(active()) >= 0 ? els.indexOf(active()) : els.findIndex(el => el === e.target);
    if (i < 0) return;
    if (data.disabled && !['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    if (e.key === 'Enter' && e.shiftKey) {                 // the keyboard's double tap: the whole rank
      e.preventDefault(); const rank = els[i].dataset.rank;
      els.forEach(el => { if (el.dataset.rank === rank) st.sel.add(el.dataset.id); }); paint(); commit();
    } else if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); toggle(i); paint(); commit(); }
    else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { e.preventDefault(); moveTo(Math.min(i + 1, els.length - 1), true); }
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { e.preventDefault(); moveTo(Math.max(i - 1, 0), true); }
    else if (e.key === 'Home') { e.preventDefault(); moveTo(0, true); }
    else if (e.key === 'End') { e.preventDefault(); moveTo(els.length - 1, true); }
  };
}
"""


def _inline(path: Path) -> str:
    """A CommonJS file (``module.exports = …``) as an expression of the widget's module, unchanged."""
    return (
        "(() => { const module = { exports: {} };\n"
        + path.read_text(encoding="utf-8")
        + "\nreturn module.exports; })()"
    )


JS = (
    f"const DDZ_CORE = {_inline(CORE_FILE)};\n"
    f"const DDZ_BAR = {_inline(BAR_FILE)}(DDZ_CORE, {json.dumps(device_phrases(), ensure_ascii=False)});\n"
    + WIDGET_JS
)
_hand = st.components.v2.component("ddz_hand", html=HTML, css=CSS, js=JS)


def _epoch() -> str:
    """A token of this Python session: the browser restarts command numbers when it changes."""
    if "_ddz_epoch" not in st.session_state:
        st.session_state["_ddz_epoch"] = secrets.token_hex(4)
    return str(st.session_state["_ddz_epoch"])


def command(key: str) -> tuple[int, list[str]]:
    """The newest command sent to widget ``key``: its number and the selection it imposes."""
    return int(st.session_state.get(f"{key}__cmd", 0)), list(st.session_state.get(f"{key}__ids", []))


def force_selection(key: str, ids: list[str]) -> None:
    """Command the widget ``key`` to show exactly ``ids`` selected (from a callback or before it is drawn)."""
    n, _ = command(key)
    st.session_state[f"{key}__cmd"] = n + 1
    st.session_state[f"{key}__ids"] = list(ids)


def fresh_value(key: str) -> list[str] | None:
    """The selection the browser sent for ``key``, or None when it predates the newest command."""
    state = st.session_state.get(key)
    value = state.get("selected") if state is not None and hasattr(state, "get") else None
    if not isinstance(value, dict):
        return None
    n, _ = command(key)
    made_after = value.get("cmd")
    ids = value.get("ids")
    if not isinstance(made_after, int) or made_after < n or not isinstance(ids, list):
        return None
    return [str(i) for i in ids]


def selection(key: str) -> list[str]:
    """The cards raised in widget ``key``: the browser's newest gesture if it came after the newest
    command, else that command's selection (an empty selection is empty)."""
    fresh = fresh_value(key)
    return fresh if fresh is not None else command(key)[1]


def card_hand(
    ids: list[str],
    *,
    key: str,
    layout: str = "fan",
    disabled: bool = False,
    animate: str | None = None,
    compact: bool = False,
    label: str = "tus cartas",
    clear_label: str | None = None,
    on_change: Callable[[], None] | None = None,
    focus: str | int | None = None,
    bar: dict[str, Any] | None = None,
) -> list[str]:
    """Draw the cards ``ids`` and return the ids that are raised (``clear_label`` adds a button under
    the cards that lowers them all). ``on_change`` runs only for a gesture newer than every command;
    ``animate`` names a deal: the browser deals the cards one by one once per name; ``compact``: the
    dock's hand (on a narrow screen smaller cards, in overlapping rows); a new ``focus`` token (after
    the first one the browser sees) brings the keyboard focus back to the hand. ``bar``: the page draws
    a selection bar (``[data-testid="ddz-bar"]`` with ``data-sel``) that the widget says on the
    device: ``{"table": the play to beat in notation or "", "empty": [ok, title, detail] with no card
    raised}``."""
    n, forced = command(key)
    data: dict[str, Any] = {
        "cards": [card_face(i) for i in ids],
        "selected": forced,
        "cmd": n,
        "epoch": _epoch(),
        "layout": layout,
        "disabled": disabled,
        "animate": animate,
        "compact": compact,
        "label": label,
        "clear_label": clear_label,
        "focus": focus,
        "bar": bar,
    }

    def changed() -> None:
        if on_change is not None and fresh_value(key) is not None:
            on_change()

    _hand(key=key, data=data, default={"selected": None}, on_selected_change=changed)
    valid = set(ids)
    return [i for i in selection(key) if i in valid]
