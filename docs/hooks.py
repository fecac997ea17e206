"""MkDocs hook: expand corpus markers in the prose into rendered examples.

``<!-- cases: GLOB -->`` in a page becomes the list of corpus cases whose id matches GLOB,
each with its cards drawn, its expected result in Spanish and a stable anchor.
``<!-- rules -->`` becomes the whole rule index.
"""

from __future__ import annotations

import fnmatch
import html
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the app's card faces: one design

from ddz.cards import parse
from ddz.codes import DECK_ORDER, ids_for
from ddz.conformance.corpus import Case, corpus_dir, load_cases
from ddz.plays import KIND_NAMES_ES, REASONS, Play, analyze
from tutorial.cards_view import card_face

ROOT = Path(__file__).resolve().parents[1]
_CASES: list[Case] | None = None


def _cases() -> list[Case]:
    global _CASES
    if _CASES is None:
        _CASES = load_cases()
    return _CASES


def cards_html(text: str) -> str:
    """Cards drawn as small inline faces, as people write a play: the body first, then the
    kickers (the faces come from the app's own ``card_face``; suits only for looks)."""
    try:
        cards = parse(text)
    except ValueError:
        return f"<code>{html.escape(text)}</code>"
    if not cards:
        return "<em>(ninguna carta)</em>"
    got = analyze(cards)
    groups = [got.body, got.kickers] if isinstance(got, Play) and got.kickers else [cards]
    pool = list(DECK_ORDER)
    out = []
    for g, group in enumerate(groups):
        ids = ids_for(group, pool)
        pool = [cid for cid in pool if cid not in set(ids)]
        for cid in ids:
            f = card_face(cid)
            cls = (
                f"ddz-card {f['color']}"
                + (" joker" if f["joker"] else "")
                + (" gap" if g and cid == ids[0] else "")
            )
            out.append(
                f'<span class="{cls}" title="{html.escape(f["name"])}">{html.escape(f["label"])}'
                f"{' ' if f['joker'] else ''}{html.escape(f['sub'] or f['suit'])}</span>"
            )
    return '<span class="ddz-cards">' + "".join(out) + "</span>"


def _describe(case: Case) -> str:
    e = case.expect
    if case.op == "classify":
        if e.get("kind") == "invalid":
            why = REASONS.get(str(e.get("reason")), ("", ""))[1]
            return f"no es una jugada: {html.escape(why)}" if why else "no es una jugada"
        if e["kind"] == "rocket":
            return "cohete"
        return f"{KIND_NAMES_ES[e['kind']]} de {'10' if e['rank'] == 'T' else e['rank']}"
    if case.op == "beats":
        return "la supera" if e["beats"] else "no la supera"
    if case.op == "legal":
        return " ".join(f"<code>{p}</code>" for p in e["plays"]) or "ninguna: solo queda pasar"
    return "<code>" + html.escape(str(e)) + "</code>"


def render_case(case: Case, root: str = "../") -> str:
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
    rules = " ".join(f'<a href="{root}reglas/#{r}">{r}</a>' for r in case.rules)
    return (
        f'<div class="ddz-case" id="{case.anchor}" markdown="0">'
        f"<p>{what} → <strong>{_describe(case)}</strong></p>"
        f'<p class="ddz-note">{html.escape(case.note)} <small>{rules} · <a href="#{case.anchor}">{case.id}</a></small></p>'
        "</div>"
    )


def expand(markdown: str, root: str = "../", md_root: str = "") -> str:
    """Expand the markers; ``root`` leads from the page URL to the site root (raw HTML links),
    ``md_root`` from the page's source file to the docs folder (Markdown links)."""

    def cases(m: re.Match[str]) -> str:
        glob = m.group(1).strip()
        found = [c for c in _cases() if fnmatch.fnmatchcase(c.id, glob)]
        if not found:
            raise ValueError(f"no corpus case matches {glob!r}")
        return "\n".join(render_case(c, root) for c in found) + "\n"

    markdown = re.sub(r"<!--\s*cases:\s*(\S+)\s*-->", cases, markdown)
    markdown = re.sub(r"<!--\s*schema:\s*(\S+)\s*-->", lambda m: _schema(m.group(1)), markdown)
    if "<!-- report -->" in markdown:
        report = (corpus_dir() / "REPORT.md").read_text(encoding="utf-8").split("\n", 1)[1]
        report = re.sub(
            r"\(rules\.md#([a-z0-9-]+)\)", lambda m: f"({md_root}reglas.md#{m.group(1).upper()})", report
        )
        markdown = markdown.replace("<!-- report -->", report.replace("\n## ", "\n### "))
    if "<!-- lessons -->" in markdown:
        markdown = markdown.replace("<!-- lessons -->", _lessons())
    if "<!-- rules -->" in markdown:
        text = (corpus_dir() / "rules.md").read_text(encoding="utf-8")
        body = text.split("\n## ", 1)[1]
        body = re.sub(r"^### ([A-Z]+-[A-Z0-9-]+)\s*$", r"### \1 { #\1 }", "## " + body, flags=re.M)
        markdown = markdown.replace("<!-- rules -->", body)
    return markdown


def _schema(name: str) -> str:
    text = (corpus_dir() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    return f"```json\n{text.strip()}\n```\n"


def _lessons() -> str:
    import yaml

    path = ROOT / "tutorial" / "data" / "lessons.yaml"
    out = []
    for i, stage in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")), 1):
        out.append(f"## {i}. {stage['title']}\n\n{stage['text'].strip()}\n")
        prompts = [f"- {ex['prompt']}" for ex in stage["exercises"]]
        out.append("**Para practicar en la aplicación:**\n\n" + "\n".join(prompts) + "\n")
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any = None, **kwargs: Any) -> str:
    depth = page.url.count("/") if page is not None and page.url else 0
    src_depth = page.file.src_uri.count("/") if page is not None else 0
    return expand(markdown, "../" * depth, "../" * src_depth)
