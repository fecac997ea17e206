"""Shared bits of the pages: CSS, safe error display."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

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
.ddz-counter span.zero{color:#5c636b;background:#f1f3f6;border-style:dashed}
.ddz-counter span.zero i{color:#5c636b}
.ddz-note{background:#fff8e1;border-left:3px solid #e0a800;padding:3px 8px;margin:4px 0;border-radius:4px}
.ddz-last{color:#333;margin-top:4px;font-size:13.5px}
.ddz-history{margin:0;padding-left:1.4em;font-size:14px;line-height:1.35}
.ddz-history li{margin:2px 0}.ddz-history li.trick,.ddz-history li.redeal,.ddz-history li.forced{font-weight:600}
.ddz-history li .ddz-row{margin:1px 0 3px 0}.ddz-history .ddz-c{width:26px;height:36px;font-size:12px}
.ddz-result{border-radius:10px;padding:10px 14px;font-size:20px}
.st-key-ddz-result,.st-key-ddz-review{scroll-margin-top:76px}
.ddz-result.won{background:#e7f6ec;border:1px solid #3c9a5f}.ddz-result.lost{background:#fdecec;border:1px solid #d05050}
.ddz-notice{border-radius:8px;padding:6px 10px;font-size:14px;line-height:1.35}
.ddz-notice.info{background:#eaf2fd;border:1px solid #8db4e8}
.ddz-notice.warning{background:#fff8e1;border:1px solid #e0a800}
.ddz-notice.error{background:#fdecec;border:1px solid #d05050}
.ddz-notice.coach{background:#f3eefe;border:1px solid #9b7be0}
.ddz-caption{font-size:13px;color:#555}
[data-testid="stCaptionContainer"],[data-testid="stCaptionContainer"] p{color:#545b66 !important;opacity:1 !important}
button[data-testid^="stBaseButton"]:disabled{color:#545b66 !important;background:#eef0f3 !important;
 border-color:#9aa3ad !important;opacity:1 !important}
button[data-testid^="stBaseButton"]:disabled *{color:inherit !important}
.ddz-review{border-radius:8px;padding:6px 10px;font-size:14px;line-height:1.4}
.ddz-review.bien{background:#e7f6ec;border-left:4px solid #3c9a5f}
.ddz-review.imprecisión{background:#fff8e1;border-left:4px solid #e0a800}
.ddz-review.error{background:#fdecec;border-left:4px solid #d05050}
.ddz-review.sin{background:#f1f3f6;border-left:4px solid #9aa3ad}
"""

DOCK_CSS = """
.st-key-ddz-dock{position:fixed;left:0;right:0;bottom:0;margin:0 auto;width:100%;max-width:736px;z-index:990;
 background:#fff;border-top:1px solid #c3c9d2;box-shadow:0 -3px 10px rgba(0,0,0,.12);
 padding:6px 12px 8px 12px;box-sizing:border-box;gap:.35rem !important;max-height:72vh;overflow-y:auto}
.st-key-ddz-dock .ddz-bar{margin:0;padding:5px 10px;font-size:14px}
.st-key-ddz-dock>:has(>.st-key-ddz-hand),.st-key-ddz-dock>:has([data-testid="dock-state"]){order:1}
.st-key-ddz-dock button{padding:2px 12px;min-height:44px}
.ddz-dock-table{display:flex;align-items:center;gap:8px;flex-wrap:wrap;font-size:14px}
.ddz-dock-table .ddz-row{margin:0}.ddz-dock-table .ddz-c{width:26px;height:36px;font-size:12px}
[data-testid="stMainBlockContainer"]{padding-bottom:440px !important}
.st-key-ddz-dock [data-testid="dock-state"]{font-size:12px;line-height:1.2}
.ddz-hint{font-size:13.5px;line-height:1.35;background:#eaf2fd;border:1px solid #8db4e8;border-radius:14px;
 padding:3px 10px;width:fit-content;max-width:100%;box-sizing:border-box}
.ddz-hint summary{display:flex;gap:.3em;white-space:nowrap;cursor:pointer;list-style:none}
.ddz-hint summary>span{min-width:0;overflow:hidden;text-overflow:ellipsis}
.ddz-hint .ddz-hint-head{flex:0 1 auto}.ddz-hint .ddz-hint-why{flex:1 1 0;color:#35506f}
.ddz-hint[open] .ddz-hint-why{display:none}
.ddz-hint summary::-webkit-details-marker{display:none}
.ddz-hint summary::after{content:" ▾";color:#2b6cb0}
.ddz-hint[open] summary{white-space:normal}.ddz-hint[open] summary::after{content:" ▴"}
.ddz-hint div{padding:2px 0 1px 0}
.ddz-ask{font-size:13.5px;line-height:1.3;background:#fff8e1;border-left:3px solid #e0a800;border-radius:4px;
 padding:3px 8px}
@media (max-width:480px){
 [data-testid="stMainBlockContainer"]{padding-top:3.25rem !important}
 .st-key-ddz-dock{gap:.25rem !important;padding:4px 10px 4px 10px}
 .st-key-ddz-dock .ddz-bar{padding:3px 10px;font-size:13px;line-height:1.3}
 .st-key-ddz-dock .ddz-bar b{font-size:14px}
 .st-key-ddz-dock button{padding:2px 9px;min-height:44px}
 .st-key-ddz-dock [data-testid="stHorizontalBlock"]{gap:6px !important}
 .st-key-undo button [data-testid="stMarkdownContainer"],.st-key-undo_bid button [data-testid="stMarkdownContainer"],
 .st-key-fold button [data-testid="stMarkdownContainer"]{position:absolute;width:1px;height:1px;overflow:hidden;
  clip:rect(0 0 0 0);white-space:nowrap}
 .st-key-undo button,.st-key-undo_bid button,.st-key-fold button{padding:2px 10px;min-width:44px}
}
"""
"""The «Jugar» dock: bar, buttons and hand fixed at the bottom of the screen (and room for it). The
hand comes before the buttons in the page (the Tab order: hand, then «Jugar», «Pasar»…) but is shown
below them, with the caption (``order``). On a phone «Deshacer» and «Plegar» show their icon only
(the name stays for screen readers and the tooltip), so the five buttons fit in one row."""


def inject_css() -> None:
    st.html(f"<style>{CARDS_CSS}{PAGE_CSS}</style>")


def mark_run() -> None:
    """Number this run of the app in a style sheet that holds only a comment (nothing is shown): a
    browser test's tap waits for the run it started (``tests/browser_kit.py``). Streamlit's own run
    state cannot tell: when its messages arrive together, a quick run never shows as running."""
    ss = st.session_state
    ss["ddz_run"] = ss.get("ddz_run", 0) + 1
    st.html(f"<style>/* ddz-run {ss['ddz_run']} */</style>")


def notice_html(kind: str, text: str) -> str:
    """A notice box (``info``, ``warning`` or ``error``) with ``text`` escaped: query parameters and
    other outside text never reach Markdown."""
    import html

    return f'<div class="ddz-notice {kind}" role="status">{html.escape(text)}</div>'


def bar_html(ok: bool | None, title: str, detail: str, sel: list[str] | None = None, cmd: int = 0) -> str:
    """The selection bar; ``sel``: the raised cards it describes, ``cmd``: the card widget's newest
    command when it was drawn (the widget then keeps the bar in step with the cards on the device:
    see :mod:`tutorial.widget`)."""
    import html

    cls = "idle" if ok is None else ("ok" if ok else "no")
    mark = f' data-sel="{html.escape(",".join(sorted(sel)))}" data-cmd="{cmd}"' if sel is not None else ""
    return (
        f'<div class="ddz-bar {cls}" data-testid="ddz-bar"{mark}><b>{html.escape(title)}</b><br>'
        f"{html.escape(detail)}</div>"
    )


def page_link(
    page: str, label: str, href: str, icon: str | None = None, query: dict[str, str] | None = None
) -> None:
    """A link to another page of the app that opens in the same tab: Streamlit's page link, or a
    plain same-tab anchor to ``href`` where the page is not registered (a page run on its own)."""
    from streamlit.errors import StreamlitAPIException

    try:
        st.page_link(page, label=label, icon=icon, query_params=query)
    except StreamlitAPIException:
        import html

        st.html(f'<a href="{html.escape(href)}" target="_self">{html.escape(label)}</a>')


class Slots:
    """A part of the page that always has ``n`` elements: ``slot()`` gives the next place and, on
    leaving the ``with`` block, the places not used are drawn empty.

    Streamlit keeps an element of the previous run on screen until a run *ends*, and a CPU's turn
    ends in ``st.rerun()``: a part of the page whose length changes with the turn would leave stale
    copies (two «Jugar», two captions) while the CPUs play. With slots the part always has the same
    number of elements, each drawn once per run, so each new one replaces the old one in its place
    (and nothing is blanked first, so nothing flickers). ``where``: the container the places are
    made in (else the one the ``with`` block is in)."""

    def __init__(self, n: int, where: DeltaGenerator | None = None) -> None:
        self._left = n
        self._where = where

    def __call__(self) -> DeltaGenerator:
        """The next place (raises IndexError when more are asked for than were made)."""
        if self._left <= 0:
            raise IndexError("no slot left")
        self._left -= 1
        return self._where.empty() if self._where is not None else st.empty()

    def __enter__(self) -> Slots:
        return self

    def __exit__(self, *exc: object) -> None:
        while self._left > 0:
            self()
