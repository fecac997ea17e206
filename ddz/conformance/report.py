"""The conformance report: ddz and the other implementations side by side, per rule.

One source: :func:`collect` runs the corpus (and a round of differential fuzzing) against every
implementation and gives a JSON-ready dict, written as ``results.json`` beside the corpus; both
``REPORT.md`` (:func:`render`) and the documentation's compliance pages (:mod:`.pages`) are drawn
from that file. It records the corpus it was run on (:func:`corpus_digest`) and each
implementation's version, so a reader — and a test — can tell whether it is current.

``make report`` (``ddz-conformance report``) regenerates both files; ``python -m
ddz.conformance.report --render-only`` rewrites ``REPORT.md`` from ``results.json`` without
running anything (after a change to the rule texts, say).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .corpus import Case, corpus_dir, load_cases, rule_ids, rule_texts
from .runner import ImplError, InProcess, Outcome, Subprocess, run_all

FORMAT = 1
"""Version of the layout of ``results.json``."""
STATUSES = ("passed", "failed", "skipped", "errored")
PEERS_DIR = Path("conformance") / "peers"
"""Where the bundled adapters live in the source checkout (not in the wheel): the report runs
them from the checkout's root (``python -m conformance.peers.…``)."""
CACHE_DIR = Path("build") / "report-cache"
"""Where ``report`` keeps each peer's outcomes, per case, between runs (relative to the checkout's
root, where ``make report`` runs; ``build/`` is not committed)."""


@dataclass(frozen=True)
class Peer:
    """An implementation the report runs: how to start it, how a reader reproduces it."""

    name: str
    """The name its handshake gives."""
    module: str = ""
    """``python -m`` module of a bundled adapter (else ``script``)."""
    script: tuple[str, ...] = ()
    """argv of an adapter outside the package, relative paths from the checkout's root."""
    install: str = ""
    licence: str = ""
    about: str = ""
    pinned: str = ""
    """The version the peers extra pins (shown when the adapter cannot start)."""

    def argv(self) -> str:
        if self.module:
            return f"{sys.executable} -m {self.module}"
        exe = shutil.which(self.script[0]) or self.script[0]
        return " ".join([exe, *self.script[1:]])  # paths relative to the checkout's root (the cwd)

    def shown(self) -> str:
        """The command as a reader types it from the repository root."""
        return f".venv/bin/python -m {self.module}" if self.module else " ".join(self.script)


PEERS: tuple[Peer, ...] = (
    Peer(
        "rlcard",
        module="conformance.peers.rlcard_impl",
        install="pip install rlcard==1.2.0",
        licence="MIT",
        about="Entorno de aprendizaje por refuerzo: su espacio de acciones y su juez.",
        pinned="1.2.0",
    ),
    Peer(
        "douzero",
        module="conformance.peers.douzero_impl",
        install="pip install --no-deps douzero==1.1.0",
        licence="Apache-2.0",
        about="El agente DouZero: su detector y su generador de jugadas.",
        pinned="1.1.0",
    ),
    Peer(
        "openspiel",
        module="conformance.peers.openspiel_impl",
        install="pip install --no-deps open_spiel==2.0.2",
        licence="Apache-2.0",
        about="OpenSpiel (C++): su espacio de 26 057 acciones y su máquina de estados, subasta y puntuación incluidas.",
        pinned="2.0.2",
    ),
    Peer(
        "landlord-ai",
        module="conformance.peers.landlordai_impl",
        install="pip install --no-deps landlord-ai==0.1.37",
        licence="GNU (así lo declara su setup.py)",
        about="Motor de un bot de aprendizaje por refuerzo: su generador de jugadas y su LandlordGame (subasta, jugadas, puntos).",
        pinned="0.1.37",
    ),
    Peer(
        "doudizhu",
        module="conformance.peers.doudizhu_impl",
        install="pip install doudizhu==0.1.5",
        licence="MIT",
        about="«doudizhu engine»: un diccionario de todas las jugadas, con su comparador y su lista de respuestas.",
        pinned="0.1.5",
    ),
    Peer(
        "ddz-min-js",
        script=("node", "conformance/adapters/node/ddz_min.js"),
        install="apt-get install nodejs",
        licence="MIT (este repositorio)",
        about="Implementación mínima e independiente en JavaScript, escrita desde rules.md (classify y beats).",
        pinned="0.1.0",
    ),
)


def corpus_digest(cases: list[Case]) -> str:
    """A hash of everything in the corpus that decides a result: ids, ops, inputs, expectations,
    variants and rule ids (notes, titles and YAML layout do not count)."""
    payload = [[c.id, c.op, c.input, c.expect, c.variants, list(c.rules)] for c in cases]
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def corpus_info(cases: list[Case] | None = None) -> dict[str, Any]:
    from ..protocol import ddz_implementation
    from ..variants import STANDARD

    cases = load_cases() if cases is None else cases
    return {
        "ddz_version": str(ddz_implementation(STANDARD)[0]["version"]),
        "hash": corpus_digest(cases),
        "cases": len(cases),
    }


def case_hash(case: Case) -> str:
    """The hash of what decides one case's outcome (:func:`corpus_digest` of that case alone)."""
    return corpus_digest([case])


def _sources_hash(peer: Peer) -> str:
    """A hash of the code a peer's answers and the fuzzing depend on: the ddz package and the
    adapter's folder (``conformance/peers/`` or the script's)."""
    ddz_root = Path(__file__).resolve().parents[1]
    files = sorted(ddz_root.rglob("*.py"))
    script = Path(peer.script[-1]) if peer.script else None
    adapter = PEERS_DIR if peer.module else script.parent if script is not None and script.is_file() else None
    if adapter is not None and adapter.is_dir():
        files += sorted(p for p in adapter.rglob("*") if p.is_file() and p.suffix in (".py", ".js"))
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.name).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class PeerCache:
    """One peer's outcomes by :func:`case_hash` (and its fuzzing by examples and seed), kept in
    ``<folder>/<name>.json`` while the peer's handshake and the code it runs stay the same: a new
    or changed case re-runs alone. Errored outcomes (a timeout, a crash) are never kept."""

    def __init__(self, folder: Path, peer: Peer, handshake: dict[str, Any]) -> None:
        self.path = folder / (re.sub(r"[^A-Za-z0-9_.-]", "_", peer.name) + ".json")
        self.key = hashlib.sha256(
            json.dumps([handshake, _sources_hash(peer)], sort_keys=True).encode("utf-8")
        ).hexdigest()
        self.cases: dict[str, dict[str, Any]] = {}
        self.fuzz: dict[str, list[dict[str, Any]]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("key") == self.key:
            self.cases, self.fuzz = dict(data.get("cases", {})), dict(data.get("fuzz", {}))

    def outcome(self, case: Case) -> Outcome | None:
        """The kept outcome of ``case`` (None: run it)."""
        kept = self.cases.get(case_hash(case))
        if kept is None:
            return None
        return Outcome(
            case,
            kept["status"],
            kept["actual"],
            kept["expected"],
            kept["message"],
            differs=tuple(kept["normative"]),
            informative=tuple(kept["informative"]),
        )

    def keep(self, outcomes: list[Outcome]) -> None:
        for o in outcomes:
            if o.status != "errored":
                self.cases[case_hash(o.case)] = {**_outcome_json(o), "informative": list(o.informative)}

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"key": self.key, "cases": self.cases, "fuzz": self.fuzz}
        self.path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def _outcome_json(o: Outcome) -> dict[str, Any]:
    return {
        "case": o.case.id,
        "status": o.status,
        "expected": o.expected,
        "actual": o.actual,
        "normative": list(o.differs),
        "message": o.message,
    }


def _entry(
    peer: Peer | None, impl: dict[str, Any], outcomes: list[Outcome], fuzzed: list[dict[str, Any]]
) -> dict[str, Any]:
    counts = Counter(o.status for o in outcomes)
    return {
        "name": impl["name"],
        "available": True,
        "reason": "",
        "version": str(impl.get("version", "")),
        "variant": str(impl.get("variant", "standard")),
        "ops": list(impl.get("ops", [])),
        "handshake": impl,
        "command": peer.shown() if peer else ".venv/bin/python -m ddz.protocol",
        "install": peer.install if peer else "pip install -e .",
        "licence": peer.licence if peer else "MIT",
        "about": peer.about if peer else "La implementación de referencia de este repositorio.",
        "counts": {
            **{s: counts.get(s, 0) for s in STATUSES},
            "informative": sum(bool(o.informative) for o in outcomes),
        },
        "statuses": {o.case.id: o.status for o in outcomes},
        "problems": [_outcome_json(o) for o in outcomes if o.status in ("failed", "errored")],
        "fuzz": fuzzed,
    }


def _unavailable(peer: Peer, error: ImplError) -> dict[str, Any]:
    why = error.stderr[-1] if error.stderr else str(error)
    return {
        "name": peer.name,
        "available": False,
        "reason": why,
        "version": peer.pinned,
        "variant": "",
        "ops": [],
        "handshake": None,
        "command": peer.shown(),
        "install": peer.install,
        "licence": peer.licence,
        "about": peer.about,
        "counts": {**{s: 0 for s in STATUSES}, "informative": 0},
        "statuses": {},
        "problems": [],
        "fuzz": [],
    }


def collect(
    peers: tuple[Peer, ...] = PEERS, fuzz_examples: int = 1500, seed: int = 0, cache: Path | None = None
) -> dict[str, Any]:
    """Run the corpus against ddz and every peer (plus differential fuzzing of each peer); with a
    ``cache`` folder, a peer runs only the cases (and the fuzzing) it has no kept outcome for
    (:class:`PeerCache`)."""
    from ..protocol import ddz_implementation
    from ..variants import STANDARD
    from .fuzz import fuzz_impl

    cases = load_cases()
    ddz_outcomes, _ = run_all(InProcess(), cases)
    entries = [_entry(None, ddz_implementation(STANDARD)[0], ddz_outcomes, [])]
    for peer in peers:
        sp = Subprocess(peer.argv(), timeout=10.0)
        try:
            hello = sp.start()
        except ImplError as e:
            entries.append(_unavailable(peer, e))
            continue
        kept = PeerCache(cache, peer, hello["implementation"]) if cache is not None else None
        fuzz_key = f"{fuzz_examples}:{seed}"
        try:
            known = {c.id: kept.outcome(c) for c in cases} if kept else {}
            todo = [c for c in cases if known.get(c.id) is None]
            ran, _ = run_all(sp, todo) if todo else ([], 0.0)
            fresh = {o.case.id: o for o in ran}
            outcomes = [known.get(c.id) or fresh[c.id] for c in cases]
            if kept is not None and fuzz_key in kept.fuzz:
                fuzzed = kept.fuzz[fuzz_key]
            else:
                fuzzed = [
                    {"op": d.op, "input": d.input, "ddz": d.ddz, "other": d.other, "rules": d.rules}
                    for d in (fuzz_impl(sp, fuzz_examples, seed) if fuzz_examples else [])
                ]
        finally:
            sp.close()
        if kept is not None:
            kept.keep(ran)
            if not sp.given_up:
                kept.fuzz[fuzz_key] = fuzzed
            kept.save()
        entries.append(_entry(peer, hello["implementation"], outcomes, fuzzed))
    return {
        "format": FORMAT,
        "generated_by": "make report (ddz-conformance report)",
        "corpus": corpus_info(cases),
        "fuzz": {"examples": fuzz_examples, "seed": seed},
        "implementations": entries,
    }


def results_path(root: Path | None = None) -> Path:
    return (root or corpus_dir()) / "results.json"


def load_results(path: Path | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((path or results_path()).read_text(encoding="utf-8"))
    return data


def dump(results: dict[str, Any]) -> str:
    return json.dumps(results, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def write_report(
    out: Path, commands: list[str] | None = None, fuzz_examples: int = 1500, cache: Path | None = CACHE_DIR
) -> None:
    """Run everything and write ``results.json`` and ``REPORT.md`` (``out``) side by side.

    ``commands`` replaces the bundled peers by other protocol commands; ``cache`` (None: run
    everything) is where each peer's outcomes are kept between runs."""
    peers = tuple(Peer(cmd, script=tuple(cmd.split())) for cmd in commands) if commands else PEERS
    results = collect(peers, fuzz_examples, cache=cache)
    results_path(out.parent).write_text(dump(results), encoding="utf-8")
    out.write_text(render(results), encoding="utf-8")


# ---- REPORT.md --------------------------------------------------------------------------------


def rule_sources() -> dict[str, str]:
    """Rule id -> its *Fuente* (the seed paragraphs it comes from), when rules.md gives one."""
    import re

    text = (corpus_dir() / "rules.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        rid = block.split("\n", 1)[0].strip()
        m = re.search(r"\*Fuente:\*\s*(.+?)\s*$", block, flags=re.M)
        out[rid] = m.group(1).rstrip(".") if m else "decisión de ddz (las fuentes callan)"
    return out


def rule_cells(
    results: dict[str, Any], cases: list[Case] | None = None
) -> dict[str, dict[str, Counter[str]]]:
    """rule id -> implementation -> status counts of the cases that cite the rule."""
    cases = load_cases() if cases is None else cases
    out: dict[str, dict[str, Counter[str]]] = {rid: {} for rid in rule_ids()}
    for impl in results["implementations"]:
        st = impl["statuses"]
        for c in cases:
            if c.id not in st:
                continue
            for rid in c.rules:
                out.setdefault(rid, {}).setdefault(impl["name"], Counter())[st[c.id]] += 1
    return out


def cell_text(counts: Counter[str] | None) -> str:
    """``✅ 4/4``, ``❌ 2/5``, ``— ⤼3`` (three cases skipped), ``—`` (no case)."""
    if not counts:
        return "—"
    ran = counts["passed"] + counts["failed"] + counts["errored"]
    skipped = f" ⤼{counts['skipped']}" if counts["skipped"] else ""
    if not ran:
        return "—" + skipped
    mark = "✅" if counts["passed"] == ran else "❌"
    return f"{mark} {counts['passed']}/{ran}{skipped}"


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def who(impl: dict[str, Any]) -> tuple[str, str]:
    """An implementation's name (a link to the homepage its handshake gives) and its language
    (``—`` where the handshake says nothing)."""
    hello = impl.get("handshake") or {}
    home, name = str(hello.get("homepage") or ""), impl["name"]
    if home.startswith(("https://", "http://")):
        name = f"[{name}]({home})"
    return name, str(hello.get("language") or "—")


def render(results: dict[str, Any]) -> str:
    cases = {c.id: c for c in load_cases()}
    texts, sources = rule_texts(), rule_sources()
    impls = results["implementations"]
    corpus = results["corpus"]
    names = [i["name"] for i in impls]

    def rule_line(rid: str) -> str:
        return f"[{rid}](rules.md#{rid.lower()}) «{texts.get(rid, '?')}» (*{sources.get(rid, '')}*)"

    lines = [
        "# Informe de conformidad / Conformance report",
        "",
        "Generado con `make report` (`ddz-conformance report`) desde `results.json`, la misma fuente que las",
        "páginas de cumplimiento de la documentación (no editar a mano). Cada implementación se ejecuta por su",
        "propio código mediante los adaptadores de `conformance/peers/` y `conformance/adapters/`.",
        "",
        f"**Corpus:** ddz {corpus['ddz_version']}, {corpus['cases']} casos, `{corpus['hash']}`. Fuzzing diferencial:",
        f"{results['fuzz']['examples']} ejemplos por ronda, semilla {results['fuzz']['seed']}.",
        "",
        "*failed* cuenta solo desacuerdos en campos normativos; *informativas*, los casos que pasan con otro",
        "`reason` o `phase` (ver el protocolo); *skipped*, las operaciones que una implementación no declara",
        "o las posiciones que ninguna partida suya alcanza.",
        "",
        "## Resumen",
        "",
        "La versión, el lenguaje y la web son los que da el saludo (*handshake*) de cada implementación.",
        "",
        "| implementación | versión | lenguaje | variante | passed | failed | skipped | errored | informativas |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for i in impls:
        name, language = who(i)
        if not i["available"]:
            lines.append(
                f"| {name} | {i['version']} | {language} | — | no se puede ejecutar: ver abajo | | | | |"
            )
            continue
        c = i["counts"]
        lines.append(
            f"| {name} | {i['version']} | {language} | `{i['variant']}` | {c['passed']} | {c['failed']} "
            f"| {c['skipped']} | {c['errored']} | {c['informative']} |"
        )
    lines += [
        "",
        "## Por regla",
        "",
        "Cada celda: casos que pasan / casos ejecutados; `⤼N`, casos omitidos (*skipped*).",
        "",
        "| regla | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    cells = rule_cells(results, list(cases.values()))
    for rid in rule_ids():
        row = [cell_text(cells.get(rid, {}).get(n)) for n in names]
        lines.append(f"| [{rid}](rules.md#{rid.lower()}) | " + " | ".join(row) + " |")
    for i in impls[1:]:
        lines += ["", f"## {i['name']} {i['version']}", ""]
        if not i["available"]:
            lines += [f"**No se puede ejecutar.** {i['reason']}", "", f"Instalación: `{i['install']}`."]
            continue
        lines += [
            f"{i['about']} Variante declarada: `{i['variant']}`; licencia: {i['licence']}.",
            f'Reproducir: `.venv/bin/ddz-conformance run --impl "{i["command"]}"`.',
            "",
            f"### Casos que falla {i['name']} ({len(i['problems'])})",
            "",
        ]
        for p in i["problems"]:
            case = cases.get(p["case"])
            got = p["message"] if p["status"] == "errored" else _j(p["actual"])
            inp = _j(case.input) if case else "?"
            lines.append(
                f"- `{p['case']}` — entrada `{inp}`; se espera `{_j(p['expected'])}`, da `{got}`"
                + ("" if p["status"] == "failed" else " (errored)")
            )
            for rid in case.rules if case else ():
                lines.append(f"  - {rule_line(rid)}")
        if i["fuzz"]:
            lines += [
                "",
                f"### Fuzzing diferencial contra {i['name']}: {len(i['fuzz'])} desacuerdos mínimos",
                "",
            ]
            for d in i["fuzz"]:
                lines.append(
                    f"- `{d['op']}` `{_j(d['input'])}`: ddz `{_j(d['ddz'])}`, {i['name']} `{_j(d['other'])}`"
                )
                for rid in d["rules"]:
                    lines.append(f"  - {rule_line(rid)}")
    return "\n".join(lines) + "\n"


def stale_reasons(results: dict[str, Any] | None = None) -> list[str]:
    """Why the committed results do not describe the corpus as it is (empty: they are current)."""
    results = load_results() if results is None else results
    now = corpus_info()
    out = []
    if results.get("format") != FORMAT:
        out.append(f"results.json has format {results.get('format')}, expected {FORMAT}")
    if results["corpus"]["hash"] != now["hash"]:
        out.append(
            f"the corpus changed: results are for {results['corpus']['hash']}, the corpus is {now['hash']}"
        )
    if results["corpus"]["ddz_version"] != now["ddz_version"]:
        out.append(
            f"results are for ddz {results['corpus']['ddz_version']}, this is ddz {now['ddz_version']}"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    from ..outside import quiet_on_closed_pipe

    return quiet_on_closed_pipe(lambda: _main(argv))


def _main(argv: list[str] | None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        problems = stale_reasons()
        if problems:
            print("results.json is stale — run `make report`: " + "; ".join(problems))
            return 1
        print(f"{results_path()} is current with the corpus")
        return 0
    if args != ["--render-only"]:
        print(
            "usage: python -m ddz.conformance.report --render-only | --check   (make report runs everything)"
        )
        return 2
    (corpus_dir() / "REPORT.md").write_text(render(load_results()), encoding="utf-8")
    print(f"wrote {corpus_dir() / 'REPORT.md'} from {results_path()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
