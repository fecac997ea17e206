"""MkDocs hook: expand corpus markers in the prose into rendered examples.

``<!-- cases: GLOB -->`` in a page becomes the list of corpus cases whose id matches GLOB,
each with its cards drawn, its expected result in Spanish and a stable anchor.
``<!-- rules -->`` becomes the whole rule index; ``<!-- glossary -->`` the glossary of
``tutorial/data/glossary.yaml``; ``<!-- proof: … -->`` (what proves a paragraph, checked by
``tests/test_reference_claims.py``) is dropped; ``<!-- messages -->`` the message catalog
(:mod:`ddz.messages`): every code with its rule, its Spanish template and its data.
``<!-- compliance: matrix -->`` and ``<!-- compliance: impl NAME -->`` become the compliance
pages (:mod:`ddz.conformance.pages`), drawn from ``results.json`` like ``REPORT.md``.
"""

from __future__ import annotations

import fnmatch
import html
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the app's card faces: one design

from ddz.cards import RANKS, parse
from ddz.codes import DECK_ORDER, ids_for
from ddz.conformance.corpus import Case, corpus_dir, load_cases
from ddz.messages import CATALOG, GROUPS, KIND_NAMES_ES, render, summary
from ddz.plays import Play, analyze
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


SEATS_FROM_OPENER = ("quien abre la subasta", "el jugador siguiente", "el tercer jugador")


def _kind_es(e: dict[str, Any]) -> str:
    """A play named as a player says it: «escalera del 3 al 7», «trío con pareja de 9»."""
    kind, rank, chain = e["kind"], e["rank"], int(e.get("chain", 1))
    if kind == "rocket":
        return KIND_NAMES_ES["rocket"]
    low = RANKS[RANKS.index(rank) - chain + 1]
    data = {"kind": kind, "rank": rank, "low": low, "chain": chain, "n_kickers": 0, "body": "", "kickers": ""}
    return render("play.describe", data)


def _error_es(e: dict[str, Any], moves: list[str] | None = None, bids: bool = False) -> str:
    """An error at a position: «puja n.º 2 (puja 2): …» in the auction, «jugada n.º 4 (2♠): …» in play."""
    what = summary(str(e["error"])) or str(e["error"])
    at = e.get("at")
    if at is None or e["error"] == "incomplete" or moves is None or at >= len(moves):
        return what
    if bids:
        return f"puja n.º {at + 1} ({_bid_es(moves[at])}): {what}"
    return f"jugada n.º {at + 1} ({_move_html(moves[at])}): {what}"


def _move_html(move: str) -> str:
    return "pasa" if move.strip().lower() == "p" else cards_html(move)


def _bid_es(bid: str) -> str:
    """A bid as a player says it: «paso», «puja 2»; anything else (a bid that is no bid, cards put
    among the bids) as written, never drawn as cards."""
    b = bid.strip().lower()
    if b == "p":
        return "paso"
    if b in ("1", "2", "3"):
        return f"puja {b}"
    return f"<code>{html.escape(bid)}</code>"


def _score_es(e: dict[str, Any]) -> str:
    who = "el terrateniente" if e["winner"] == "landlord" else "los campesinos"
    extra = "; primavera" if e["spring"] else "; antiprimavera" if e["antispring"] else ""
    pts = ", ".join(f"{'+' if x > 0 else ''}{x}" for x in e["scores"])
    return (
        f"gana {who} (terrateniente: asiento {e['landlord']}); base {e['base']} × {e['multiplier']}"
        f"{extra}; puntos por asiento: {pts}"
    )


def _describe(case: Case) -> str:
    e = case.expect
    if "error" in e:
        bids = e.get("phase") == "bids" or case.op == "bid"
        return "error: " + _error_es(e, case.input.get("bids" if bids else "plays"), bids)
    if e.get("redeal"):
        return "la mano se anula y se reparte de nuevo"
    if case.op == "classify":
        if e.get("kind") == "invalid":
            entry = CATALOG.get(f"rejection.{e.get('reason')}")
            why = render(entry.code) if entry is not None and not entry.fields else ""
            return f"no es una jugada: {html.escape(why)}" if why else "no es una jugada"
        return _kind_es(e)
    if case.op == "beats":
        return "la supera" if e["beats"] else "no la supera"
    if case.op == "legal":
        return " ".join(cards_html(p) for p in e["plays"]) or "ninguna: solo queda pasar"
    if case.op == "bid":
        return f"terrateniente: {SEATS_FROM_OPENER[e['landlord']]}, con base {e['base']}"
    if case.op == "game":
        return _score_es(e)
    if case.op == "notation":
        return cards_html(e["cards"])
    if case.op == "endgame":
        return _ENDGAME_WINNER[e["winner"]] + " con juego perfecto"
    if case.op == "deal":
        parts = [f"asiento {i}: {cards_html(h)}" for i, h in enumerate(e.get("hands", []))]
        parts += [f"pozo {cards_html(e['kitty'])}"] if "kitty" in e else []
        parts += [f"abre la subasta el asiento {e['first_bidder']}"] if "first_bidder" in e else []
        return " · ".join(parts)
    return "<code>" + html.escape(json.dumps(e, ensure_ascii=False)) + "</code>"


def _bids_html(bids: list[str], redeals: int) -> str:
    again = f" (reparto repetido n.º {redeals})" if redeals else ""
    return "pujas desde quien abre" + again + ": " + (", ".join(_bid_es(b) for b in bids) or "ninguna")


_ENDGAME_WINNER = {
    "first": "gana la primera mano",
    "second": "gana la segunda mano",
    "landlord": "gana el terrateniente",
    "farmers": "ganan los campesinos",
}
_ENDGAME_SEATS = {
    2: ("la primera mano", "la segunda mano"),
    3: ("el terrateniente", "el campesino 1", "el campesino 2"),
}


def _what(case: Case) -> str:
    inp = case.input
    if case.op == "classify":
        return cards_html(inp["cards"])
    if case.op == "beats":
        return f"{cards_html(inp['play'])} contra la mesa {cards_html(inp['table'])}"
    if case.op == "legal":
        table = f" contra {cards_html(inp['table'])}" if inp.get("table") else " (salida)"
        return f"mano {cards_html(inp['hand'])}{table}"
    if case.op == "bid":
        return _bids_html(inp["bids"], inp.get("redeals", 0))
    if case.op == "notation":
        return f"se escribe <code>{html.escape(inp['cards'])}</code>"
    if case.op == "deal":
        return f"código <code>{html.escape(inp['code'])}</code>, reparto n.º {inp.get('redeal', 0)}"
    if case.op == "endgame":
        three = len(inp["hands"]) == 3
        names = _ENDGAME_SEATS[3 if three else 2]
        hands = "".join(f"<br>{names[i]}: {cards_html(h)}" for i, h in enumerate(inp["hands"]))
        turn = names[inp.get("turn", 0)]
        table = ""
        if inp.get("table"):
            owner = names[inp["table_seat"]] if three else names[1]
            table = f"; en la mesa, {cards_html(inp['table'])} " + ("de " + owner).replace("de el ", "del ")
        return f"manos a la vista{hands}<br>mueve {turn}{table}"
    if case.op == "game":
        hands = "".join(f"<br>asiento {i}: {cards_html(h)}" for i, h in enumerate(inp["hands"]))
        plays = ", ".join(_move_html(m) for m in inp["plays"]) or "ninguna"
        return (
            f"manos{hands}<br>pozo {cards_html(inp['kitty'])}; abre la subasta el asiento {inp['first_bidder']}"
            f"<br>{_bids_html(inp['bids'], inp.get('redeals', 0))}<br>jugadas: {plays}<br>"
        )
    return "<code>" + html.escape(json.dumps(inp, ensure_ascii=False)) + "</code>"


def render_case(case: Case, root: str = "../") -> str:
    """One case as a player reads it: a one-line lead-in (the case's note), the cards, the answer."""
    rules = " ".join(f'<a href="{root}reglas/#{r}">{r}</a>' for r in case.rules)
    return (
        f'<div class="ddz-case" id="{case.anchor}" markdown="0">'
        f'<p class="ddz-lead">{html.escape(case.note)}</p>'
        f"<p>{_what(case)} → <strong>{_describe(case)}</strong></p>"
        f'<p class="ddz-note"><small>{rules} · <a href="#{case.anchor}">{case.id}</a></small></p>'
        "</div>"
    )


def render_quote(case: Case) -> str:
    """The sentences of the sources that a case's group encodes, quoted, with their citation."""
    quotes = " […] ".join(f"«{html.escape(q)}»" for q in case.quote)
    return (
        f'<blockquote class="ddz-quote" markdown="0"><p>{quotes}</p>'
        f"<p><small>— {html.escape(case.source)} (grupo <code>{case.group}</code>)</small></p></blockquote>"
    )


def expand(markdown: str, root: str = "../", md_root: str = "") -> str:
    """Expand the markers; ``root`` leads from the page URL to the site root (raw HTML links),
    ``md_root`` from the page's source file to the docs folder (Markdown links)."""

    quoted: set[str] = set()  # each group's quote once per page, before its first case

    def cases(m: re.Match[str]) -> str:
        glob = m.group(1).strip()
        found = [c for c in _cases() if fnmatch.fnmatchcase(c.id, glob)]
        if not found:
            raise ValueError(f"no corpus case matches {glob!r}")
        out = []
        for c in found:
            if c.group not in quoted and c.quote:
                quoted.add(c.group)
                out.append(render_quote(c))
            out.append(render_case(c, root))
        return "\n".join(out) + "\n"

    markdown = re.sub(r"<!--\s*cases:\s*(\S+)\s*-->", cases, markdown)
    markdown = re.sub(r"<!--\s*schema:\s*(\S+)\s*-->", lambda m: _schema(m.group(1)), markdown)
    if "<!-- report -->" in markdown:
        report = (corpus_dir() / "REPORT.md").read_text(encoding="utf-8").split("\n", 1)[1]
        report = re.sub(
            r"\(rules\.md#([a-z0-9-]+)\)", lambda m: f"({md_root}reglas.md#{m.group(1).upper()})", report
        )
        markdown = markdown.replace("<!-- report -->", report.replace("\n## ", "\n### "))
    markdown = _compliance(markdown, root, md_root)
    if "<!-- messages -->" in markdown:
        markdown = markdown.replace("<!-- messages -->", messages_page(md_root))
    if "<!-- lessons -->" in markdown:
        markdown = markdown.replace("<!-- lessons -->", _lessons())
    if "<!-- glossary -->" in markdown:
        markdown = markdown.replace("<!-- glossary -->", _glossary())
    markdown = re.sub(r"<!--\s*proof:.*?-->\n?", "", markdown, flags=re.S)  # checked by the tests, not shown
    if "<!-- rules -->" in markdown:
        text = (corpus_dir() / "rules.md").read_text(encoding="utf-8")
        body = text.split("\n## ", 1)[1]
        body = re.sub(r"^### ([A-Z]+-[A-Z0-9-]+)\s*$", r"### \1 { #\1 }", "## " + body, flags=re.M)
        markdown = markdown.replace("<!-- rules -->", body)
    return markdown


def _compliance(markdown: str, root: str, md_root: str) -> str:
    if "<!-- compliance:" not in markdown:
        return markdown
    from ddz.conformance import pages
    from ddz.conformance.report import load_results

    results = load_results()
    markdown = markdown.replace("<!-- compliance: matrix -->", pages.matrix(results, md_root))
    return re.sub(
        r"<!--\s*compliance:\s*impl\s+(\S+)\s*-->",
        lambda m: pages.implementation(results, m.group(1), root, md_root),
        markdown,
    )


def messages_page(md_root: str = "") -> str:
    """The message catalog as Markdown: one table per group, every code with its rule (linked to
    the rule index), its Spanish template, the data fields it needs and, in English, its meaning."""
    out = []
    for group, what in GROUPS.items():
        out.append(f"## `{group}` {{ #{group} }}\n\n*{html.escape(what)}*\n")
        out.append("| Código | Regla | Plantilla | Datos | Meaning |\n|---|---|---|---|---|")
        for entry in CATALOG.values():
            if entry.group != group:
                continue
            rule = f"[{entry.rule}]({md_root}reglas.md#{entry.rule})" if entry.rule else "—"
            fields = ", ".join(f"`{f}`" for f in entry.fields) or "—"
            template = html.escape(entry.template).replace("|", "&#124;")
            out.append(
                f'| <code id="{entry.code}">{entry.code}</code> | {rule} | <code>{template}</code> '
                f"| {fields} | {html.escape(entry.meaning)} |"
            )
        out.append("")
    return "\n".join(out)


def _schema(name: str) -> str:
    text = (corpus_dir() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    return f"```json\n{text.strip()}\n```\n"


def _lessons() -> str:
    import yaml

    path = ROOT / "tutorial" / "data" / "lessons.yaml"
    out = []
    for i, stage in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")), 1):
        out.append(f"## {i}. {stage['title']}\n\n{stage['text'].strip()}\n")
        prompts = [f"- {ex['prompt']}{_exercise_cards(ex)}" for ex in stage["exercises"]]
        out.append("**Para practicar en la aplicación:**\n\n" + "\n".join(prompts) + "\n")
    return "\n".join(out)


def _glossary() -> str:
    """The glossary of ``tutorial/data/glossary.yaml`` (the app's «Reglas» page shows the same), in
    alphabetical order."""
    import yaml

    path = ROOT / "tutorial" / "data" / "glossary.yaml"
    terms = sorted(yaml.safe_load(path.read_text(encoding="utf-8")), key=lambda t: str(t["term"]).lower())
    return "\n".join(f"**{t['term'][0].upper()}{t['term'][1:]}** — {t['text']}\n" for t in terms)


def _exercise_cards(ex: dict[str, Any]) -> str:
    """The cards an exercise shows in the app (its hand, the table, the play…), drawn the same way."""
    labels = (("hand", "tu mano"), ("table", "en la mesa"), ("play", "la jugada"), ("cards", "las cartas"))
    shown = [f"{label}: {cards_html(ex[key])}" for key, label in labels if isinstance(ex.get(key), str)]
    return " — " + "; ".join(shown) if shown else ""


def on_page_markdown(markdown: str, page: Any = None, **kwargs: Any) -> str:
    depth = page.url.count("/") if page is not None and page.url else 0
    src_depth = page.file.src_uri.count("/") if page is not None else 0
    return expand(markdown, "../" * depth, "../" * src_depth)


_ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc|obj):(?:<code>([^<]+)</code>|`([^`]+)`)")


def link_roles(page_html: str) -> str:
    """Sphinx roles left raw in rendered docstrings (``:class:`Play```) become code, linked to the
    object's anchor on the page when it has one (the last dotted parts must match)."""
    anchors = re.findall(r'id="(ddz\.[A-Za-z0-9_.]+)"', page_html)

    def sub(m: re.Match[str]) -> str:
        name = (m.group(1) or m.group(2)).lstrip("~.")
        found = [a for a in anchors if a == name or a.endswith("." + name)]
        target = (
            min(found, key=lambda a: (a.count("."), len(a))) if found else None
        )  # ddz.parse over ddz.Variant.parse
        code = f"<code>{name.rsplit('.', 1)[-1] if m.group(0).find('~') >= 0 else name}</code>"
        return f'<a href="#{target}">{code}</a>' if target else code

    return _ROLE.sub(sub, page_html)


def on_page_content(page_html: str, page: Any = None, **kwargs: Any) -> str:
    return link_roles(page_html)
