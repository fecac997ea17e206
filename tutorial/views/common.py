"""Shared bits of the pages: CSS, safe error display."""

from __future__ import annotations

import streamlit as st

from tutorial.cards_view import CSS as CARDS_CSS

PAGE_CSS = """
.ddz-bar{border-radius:10px;padding:8px 12px;margin:4px 0 2px 0;font-size:15px;line-height:1.35}
.ddz-bar.ok{background:#e7f6ec;border:1px solid #3c9a5f}
.ddz-bar.no{background:#fdecec;border:1px solid #d05050}
.ddz-bar.idle{background:#f1f3f6;border:1px solid #c3c9d2}
.ddz-bar b{font-size:16px}
.ddz-seat{border:1px solid #d6d9de;border-radius:10px;padding:6px 8px;margin:3px 0;font-size:14px}
.ddz-seat.turn{border:2px solid #2b6cb0;background:#f3f8ff}
.ddz-seats{display:flex;gap:6px}.ddz-seats .ddz-seat{flex:1 1 0;min-width:0}
.ddz-stack{display:inline-flex;align-items:center;gap:6px;margin-top:3px}
.ddz-stack .ddz-c{width:22px;height:32px}
.ddz-counter{display:flex;flex-wrap:wrap;gap:4px}
.ddz-counter span{display:inline-flex;flex-direction:column;align-items:center;min-width:30px;
 border:1px solid #ccd;border-radius:6px;padding:2px 3px;font:600 13px system-ui}
.ddz-counter span i{font-style:normal;font-weight:400;color:#555}
.ddz-counter span.zero{opacity:.35}
"""


def inject_css() -> None:
    st.html(f"<style>{CARDS_CSS}{PAGE_CSS}</style>")


def bar_html(ok: bool | None, title: str, detail: str) -> str:
    import html

    cls = "idle" if ok is None else ("ok" if ok else "no")
    return f'<div class="ddz-bar {cls}" data-testid="ddz-bar"><b>{html.escape(title)}</b><br>{html.escape(detail)}</div>'
