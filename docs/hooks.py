"""MkDocs hook: expand corpus markers in the prose into rendered examples.

``<!-- cases: GLOB -->`` in a page becomes the list of corpus cases whose id matches GLOB,
each with its cards drawn, its expected result in Spanish and a stable anchor.
``<!-- rules -->`` becomes the whole rule index.
"""

from __future__ import annotations

import fnmatch
import html
import re
from typing import Any

from ddz.cards import RANKS, parse
from ddz.conformance.corpus import Case, corpus_dir, load_cases
from ddz.plays import KIND_NAMES_ES

_CASES: list[Case] | None = None
_SUITS = "♠♥♣♦"


def _cases() -> list[Case]:
    global _CASES
    if _CASES is None:
        _CASES = load_cases()
    return _CASES


def cards_html(text: str) -> str:
    """Cards drawn as small inline faces (suits only for looks)."""
    try:
        cards = parse(text)
    except ValueError:
        return f"<code>{html.escape(text)}</code>"
    if not cards:
        return "<em>(ninguna carta)</em>"
    seen: dict[int, int] = {}
    out = []
    for r in cards:
        n = seen.get(r, 0)
        seen[r] = n + 1
        sym = RANKS[r]
        if sym in "BR":
            label, cls = ("JOKER", "ddz-card joker " + ("black" if sym == "B" else "red"))
            out.append(
                f'<span class="{cls}" title="comodín {"pequeño" if sym == "B" else "grande"}">{label}</span>'
            )
            continue
        suit = _SUITS[n % 4]
        color = "red" if suit in "♥♦" else "black"
        label = "10" if sym == "T" else sym
        out.append(f'<span class="ddz-card {color}">{label}{suit}</span>')
    return '<span class="ddz-cards">' + "".join(out) + "</span>"


def _describe(case: Case) -> str:
    e = case.expect
    if case.op == "classify":
        if e.get("kind") == "invalid":
            return f"no es una jugada (<code>{e.get('reason', '')}</code>)"
        return f"{KIND_NAMES_ES[e['kind']]} de {e['rank']}"
    if case.op == "beats":
        return "la supera" if e["beats"] else "no la supera"
    if case.op == "legal":
        return " ".join(f"<code>{p}</code>" for p in e["plays"]) or "ninguna: solo queda pasar"
    return "<code>" + html.escape(str(e)) + "</code>"


def render_case(case: Case) -> str:
    inp = case.input
    if case.op == "classify":
        what = cards_html(inp["cards"])
    elif case.op == "beats":
        what = f"{cards_html(inp['play'])} contra la mesa {cards_html(inp['table'])}"
    elif case.op == "legal":
        table = f" contra {cards_html(inp['table'])}" if inp.get("table") else " (salida)"
        what = f"mano {cards_html(inp['hand'])}{table}"
    else:
        what = "<code>" + html.escape(str(inp)) + "</code>"
    rules = " ".join(f'<a href="../reglas/#{r}">{r}</a>' for r in case.rules)
    return (
        f'<div class="ddz-case" id="{case.anchor}" markdown="0">'
        f"<p>{what} → <strong>{_describe(case)}</strong></p>"
        f'<p class="ddz-note">{html.escape(case.note)} <small>{rules} · <a href="#{case.anchor}">{case.id}</a></small></p>'
        "</div>"
    )


def expand(markdown: str) -> str:
    def cases(m: re.Match[str]) -> str:
        glob = m.group(1).strip()
        found = [c for c in _cases() if fnmatch.fnmatchcase(c.id, glob)]
        if not found:
            raise ValueError(f"no corpus case matches {glob!r}")
        return "\n".join(render_case(c) for c in found) + "\n"

    markdown = re.sub(r"<!--\s*cases:\s*(\S+)\s*-->", cases, markdown)
    if "<!-- rules -->" in markdown:
        text = (corpus_dir() / "rules.md").read_text(encoding="utf-8")
        body = text.split("\n## ", 1)[1]
        body = re.sub(r"^### ([A-Z]+-[A-Z0-9-]+)\s*$", r"### \1 { #\1 }", "## " + body, flags=re.M)
        markdown = markdown.replace("<!-- rules -->", body)
    return markdown


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return expand(markdown)
