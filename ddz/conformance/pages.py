"""The documentation's compliance pages, drawn from ``results.json`` (the source of ``REPORT.md``).

``docs/hooks.py`` expands two markers with these functions:

- ``<!-- compliance: matrix -->`` (:func:`matrix`): a summary per implementation and the table of
  rules × implementations, each cell with its pass/fail/skip counts and, when something fails, a
  link to that implementation's page at that rule;
- ``<!-- compliance: impl NAME -->`` (:func:`implementation`): one implementation's handshake,
  variant, version, the commands that reproduce its results, and its failing cases grouped by
  rule, each with input, expected and actual, linked to the rule (with its sentence and source)
  and to the case in the corpus.

The matrix is ``docs/conformidad/informe.md``, with one page per implementation in
``docs/conformidad/implementaciones/NAME.md``. Markdown links (validated by ``mkdocs build --strict``) are
relative to the page's source file; the raw HTML of a case block uses ``root``, the way from the
page's URL to the site root.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from typing import Any

from .corpus import Case, load_cases, rule_ids, rule_texts
from .report import cell_text, rule_cells, rule_sources

PAGES = "conformidad/implementaciones"
"""Where the implementation pages live under ``docs/``."""


def case_anchor(rule: str, case_id: str) -> str:
    """The id of a failing case's block on an implementation page, under one of its rules."""
    return f"{rule}--" + re.sub(r"[^a-z0-9]+", "-", case_id.lower()).strip("-")


def _by_name(results: dict[str, Any], name: str) -> dict[str, Any]:
    for impl in results["implementations"]:
        if impl["name"] == name:
            return dict(impl)
    raise ValueError(f"no implementation {name!r} in results.json")


def _status_word(impl: dict[str, Any]) -> str:
    if not impl["available"]:
        return "no se puede ejecutar"
    c = impl["counts"]
    return (
        f"{c['passed']} pasan · {c['failed']} fallan · {c['skipped']} omitidos · {c['errored']} con error"
        + (f" · {c['informative']} informativas" if c["informative"] else "")
    )


def _cell(counts: Counter[str] | None) -> str:
    """A matrix cell for the web: ✓/✗ (drawn by every font, unlike the emoji of REPORT.md)."""
    return cell_text(counts).replace("✅", "✓").replace("❌", "✗")


def matrix(results: dict[str, Any], md_root: str = "../", pages: str = "implementaciones/") -> str:
    """The matrix page's body (Markdown). ``md_root`` leads from the page's source file to docs/,
    ``pages`` from it to the implementation pages."""
    impls = results["implementations"]
    corpus = results["corpus"]
    texts = rule_texts()
    out = [
        f"Resultados del corpus de ddz {corpus['ddz_version']} ({corpus['cases']} casos, "
        f"huella `{corpus['hash'][:19]}…`), generados con `make report` desde `results.json`, la misma "
        "fuente que `REPORT.md`.",
        "",
        "| implementación | versión | resultado |",
        "|---|---|---|",
    ]
    for i in impls:
        out.append(f"| [{i['name']}]({pages}{i['name']}.md) | {i['version']} | {_status_word(i)} |")
    out += [
        "",
        "## Regla por regla { #matriz }",
        "",
        "Cada celda: casos que pasan / casos ejecutados, y `⤼N` si se omitieron N (*skipped*: la "
        "operación no existe en esa implementación o ninguna partida suya llega a esa posición). "
        "Una celda ✗ lleva a los casos que fallan, con entrada, esperado y obtenido.",
        "",
        "| regla | " + " | ".join(f"[{i['name']}]({pages}{i['name']}.md)" for i in impls) + " |",
        "|---|" + "---|" * len(impls),
    ]
    cells = rule_cells(results)
    for rid in rule_ids():
        row = []
        for i in impls:
            counts = cells.get(rid, {}).get(i["name"])
            text = _cell(counts)
            if counts and (counts["failed"] or counts["errored"]):
                text = f"[{text}]({pages}{i['name']}.md#{rid}){{ .ddz-fail-cell }}"
            elif text.startswith("✓"):
                text = f'<span class="ddz-ok">{text}</span>'
            row.append(text)
        title = html.escape(texts.get(rid, ""), quote=True)
        out.append(
            f'| <span class="ddz-rule" title="{title}">[{rid}]({md_root}reglas.md#{rid})</span> | '
            + " | ".join(row)
            + " |"
        )
    return "\n".join(out) + "\n"


def _code(value: Any) -> str:
    return f"<code>{html.escape(json.dumps(value, ensure_ascii=False))}</code>"


def _case_block(case: Case, problem: dict[str, Any], rule: str, root: str) -> str:
    texts, sources = rule_texts(), rule_sources()
    got = (
        f"<strong>errored</strong>: {html.escape(problem['message'])}"
        if problem["status"] == "errored"
        else _code(problem["actual"])
    )
    rules = "".join(
        f'<li><a href="{root}reglas/#{r}">{r}</a> «{html.escape(texts.get(r, "?"))}» '
        f"<small>(<em>{html.escape(sources.get(r, ''))}</em>)</small></li>"
        for r in case.rules
    )
    differs = ", ".join(problem["normative"]) or "—"
    return (
        f'<div class="ddz-fail" id="{case_anchor(rule, case.id)}" markdown="0">'
        f"<p><strong><code>{html.escape(case.id)}</code></strong> · <code>{case.op}</code> · "
        f'<a href="{root}conformidad/casos/#{case.anchor}">ver el caso en el corpus</a></p>'
        f'<p class="ddz-lead">{html.escape(case.note)}</p>'
        f"<dl><dt>entrada</dt><dd>{_code(case.input)}</dd>"
        f"<dt>se espera</dt><dd>{_code(problem['expected'])}</dd>"
        f"<dt>da</dt><dd>{got}</dd>"
        f"<dt>campos que difieren</dt><dd>{html.escape(differs)}</dd></dl>"
        f"<p>Reglas del caso (fuente: {html.escape(case.source or '—')}):</p><ul>{rules}</ul>"
        "</div>"
    )


def implementation(
    results: dict[str, Any], name: str, root: str = "../../../", md_root: str = "../../"
) -> str:
    """One implementation's page body (Markdown with raw HTML case blocks)."""
    impl = _by_name(results, name)
    run = f'.venv/bin/ddz-conformance run --impl "{impl["command"]}"'
    out = [f"{impl['about']}", ""]
    out += [
        "| | |",
        "|---|---|",
        f"| versión | {impl['version']} |",
        f"| variante declarada | `{impl['variant'] or '—'}` |",
        f"| operaciones | {', '.join(f'`{o}`' for o in impl['ops']) or '—'} |",
        f"| licencia | {impl['licence']} |",
        f"| instalación | `{impl['install']}` |",
        f"| resultado | {_status_word(impl)} |",
        "",
    ]
    if not impl["available"]:
        out += [
            '!!! failure "No se puede ejecutar"',
            "",
            f"    {impl['reason']}",
            "",
            f"El adaptador está listo (`{impl['command']}`): en cuanto el paquete se pueda instalar, "
            "`make report` lo ejecuta como a los demás.",
            "",
        ]
        return "\n".join(out) + "\n"
    out += [
        "## Saludo (handshake) { #saludo }",
        "",
        "```json",
        json.dumps({"version": 1, "implementation": impl["handshake"]}, ensure_ascii=False, indent=1),
        "```",
        "",
        "## Reproducir { #reproducir }",
        "",
        "```sh",
        "make .venv/.installed",
        run,
        f'.venv/bin/ddz-conformance fuzz --impl "{impl["command"]}"',
        "make report   # todas las implementaciones, results.json y REPORT.md",
        "```",
        "",
    ]
    cases = {c.id: c for c in load_cases()}
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for p in impl["problems"]:
        case = cases.get(p["case"])
        for rid in case.rules if case else ():
            by_rule.setdefault(rid, []).append(p)
    counts = rule_cells(results)
    out += [f"## Casos que fallan ({len(impl['problems'])}) {{ #fallos }}", ""]
    if not by_rule:
        out += ["Ninguno: pasa todos los casos que ejecuta.", ""]
    texts = rule_texts()
    for rid in rule_ids():
        if rid not in by_rule:
            continue
        c = counts.get(rid, {}).get(name, Counter())
        out += [
            f"### {rid} — {_cell(c)} {{ #{rid} }}",
            "",
            f"[{rid}]({md_root}reglas.md#{rid}): «{texts.get(rid, '?')}»",
            "",
        ]
        out += [_case_block(cases[p["case"]], p, rid, root) for p in by_rule[rid]]
        out.append("")
    if impl["fuzz"]:
        out += [
            f"## Fuzzing diferencial: {len(impl['fuzz'])} desacuerdos mínimos {{ #fuzzing }}",
            "",
            "Ejemplos reducidos por hypothesis donde ddz y esta implementación responden distinto.",
            "",
        ]
        for d in impl["fuzz"]:
            rules = ", ".join(f"[{r}]({md_root}reglas.md#{r}) «{texts.get(r, '?')}»" for r in d["rules"])
            out.append(
                f"- `{d['op']}` `{json.dumps(d['input'], ensure_ascii=False)}`: ddz "
                f"`{json.dumps(d['ddz'], ensure_ascii=False)}`, {name} "
                f"`{json.dumps(d['other'], ensure_ascii=False)}` — {rules}"
            )
        out.append("")
    return "\n".join(out) + "\n"
