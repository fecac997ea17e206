"""Generate ``REPORT.md`` beside the corpus: ddz and its peers side by side, per rule."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

from .corpus import load_cases, rule_ids
from .fuzz import fuzz_impl
from .runner import Implementation, InProcess, Outcome, Subprocess, run_all

DEFAULT_PEERS = (
    f"{sys.executable} -m ddz.peers.rlcard_impl",
    f"{sys.executable} -m ddz.peers.douzero_impl",
    f"{sys.executable} -m ddz.peers.openspiel_impl",
)


def write_report(out: Path, commands: list[str], fuzz_examples: int = 1500) -> None:
    cases = load_cases()
    impls: list[Implementation] = [InProcess()]
    for cmd in commands or list(DEFAULT_PEERS):
        sp = Subprocess(cmd, timeout=10.0)
        sp.start()
        impls.append(sp)
    results: dict[str, list[Outcome]] = {}
    fuzzed: dict[str, list[str]] = {}
    for impl in impls:
        outcomes, _ = run_all(impl, cases)
        results[impl.name] = outcomes
        if isinstance(impl, Subprocess) and fuzz_examples:
            fuzzed[impl.name] = [
                json.dumps(
                    {"op": d.op, "input": d.input, "ddz": d.ddz, impl.name: d.other, "rules": d.rules},
                    ensure_ascii=False,
                )
                for d in fuzz_impl(impl, fuzz_examples, 0)
            ]
        impl.close()
    out.write_text(render(results, fuzzed), encoding="utf-8")


def render(results: dict[str, list[Outcome]], fuzzed: dict[str, list[str]]) -> str:
    names = list(results)
    lines = [
        "# Informe de conformidad / Conformance report",
        "",
        "Generado con `ddz-conformance report` (no editar a mano). Cada implementación se ejecuta por su propio",
        "código (RLCard: espacio de acciones y juez; DouZero: detector y generador de jugadas; OpenSpiel: su",
        "espacio de 26 057 acciones y su máquina de estados, subasta y puntuación incluidas) mediante los",
        "adaptadores de `ddz/peers/` (`python -m ddz.peers.rlcard_impl`, `…douzero_impl`, `…openspiel_impl`).",
        "",
        "*failed* cuenta solo desacuerdos en campos normativos; *informativas*, los casos que pasan con otro",
        "`reason` o `phase` (ver el protocolo). OpenSpiel responde *skipped* a las posiciones que ninguna",
        "partida suya alcanza: una mano y una mesa que juntas piden más cartas de las que tiene la baraja",
        "(`7777` contra `7777`), una mesa que no es jugada suya (un cuarteto con dos) o una mano de más de",
        "17 cartas respondiendo; y no tiene `notation` ni `deal` (sus códigos de reparto son otros).",
        "",
        "## Resumen",
        "",
        "| implementación | " + " | ".join(("passed", "failed", "skipped", "errored", "informativas")) + " |",
        "|---|---|---|---|---|---|",
    ]
    for n in names:
        c: defaultdict[str, int] = defaultdict(int)
        for o in results[n]:
            c[o.status] += 1
            c["informative"] += bool(o.informative)
        lines.append(
            f"| {n} | {c['passed']} | {c['failed']} | {c['skipped']} | {c['errored']} | {c['informative']} |"
        )
    lines += ["", "## Por regla", "", "| regla | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for rid in rule_ids():
        cells = []
        for n in names:
            rel = [o for o in results[n] if rid in o.case.rules and o.status != "skipped"]
            if not rel:
                cells.append("—")
                continue
            ok = sum(o.status == "passed" for o in rel)
            cells.append(("✅ " if ok == len(rel) else "❌ ") + f"{ok}/{len(rel)}")
        lines.append(f"| [{rid}](rules.md#{rid.lower()}) | " + " | ".join(cells) + " |")
    for n in names[1:]:
        bad = [o for o in results[n] if o.status in ("failed", "errored")]
        lines += ["", f"## Casos que falla {n} ({len(bad)})", ""]
        for o in bad:
            got = o.message if o.status == "errored" else json.dumps(o.actual, ensure_ascii=False)
            lines.append(
                f"- `{o.case.id}` [{', '.join(o.case.rules)}] — entrada `{json.dumps(o.case.input, ensure_ascii=False)}`;"
                f" se espera `{json.dumps(o.expected, ensure_ascii=False)}`, da `{got}`"
            )
        if n in fuzzed:
            lines += ["", f"### Fuzzing diferencial contra {n}: {len(fuzzed[n])} desacuerdos mínimos", ""]
            lines += [f"- `{x}`" for x in fuzzed[n]]
    return "\n".join(lines) + "\n"
