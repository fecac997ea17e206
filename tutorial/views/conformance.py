"""Conformidad: browse the corpus by rule, run it against ddz, see the peers' report."""

from __future__ import annotations

import html
import json
from collections import Counter

import streamlit as st

from ddz.conformance.corpus import Case, corpus_dir
from ddz.conformance.runner import InProcess, run_all
from tutorial.logic import corpus, rules
from tutorial.views.common import notice_html

st.title("Conformidad")
st.markdown(
    "Para quien escribe otra implementación del Dou Dizhu: cada regla de las fuentes tiene un "
    "identificador y casos de prueba que cualquier implementación puede pasar (por el protocolo JSON). "
    "Elige una regla para ver sus casos, o pasa el corpus entero contra **ddz**. Para aprender a jugar, "
    "mira **Reglas**."
)

all_rules = rules()
cases = corpus()
by_rule: dict[str, list[Case]] = {}
for c in cases:
    for r in c.rules:
        by_rule.setdefault(r, []).append(c)
wanted = st.query_params.get("regla", "")
ids = list(all_rules)
rule = st.selectbox(
    "Regla",
    ids,
    index=ids.index(wanted) if wanted in ids else 0,
    format_func=lambda r: f"{r} — {all_rules[r][:70]}",
)
if wanted and wanted not in ids:
    st.html(notice_html("warning", f"No existe la regla «{wanted}»."))
st.markdown(f"**{rule}.** {all_rules[rule]}")
rows = [
    {
        "caso": c.id,
        "operación": c.op,
        "entrada": json.dumps(c.input, ensure_ascii=False),
        "se espera": json.dumps(c.expect, ensure_ascii=False),
        "por qué": c.note,
    }
    for c in by_rule.get(rule, [])
]
if rows:
    st.dataframe(rows, hide_index=True, width="stretch")
else:
    st.info("Esta regla se comprueba con pruebas de la aplicación o del motor, no con casos del protocolo.")

if st.button("Pasar el corpus contra ddz", type="primary"):
    outcomes, secs = run_all(InProcess(), cases)
    counts = Counter(o.status for o in outcomes)
    st.success(
        f"{counts['passed']} pasados, {counts['failed']} fallados, {counts['skipped']} saltados, "
        f"{counts['errored']} con error — {len(outcomes)} casos en {secs * 1000:.0f} ms."
    )
    st.dataframe(
        [{"caso": o.case.id, "resultado": o.status} for o in outcomes], hide_index=True, width="stretch"
    )

report = corpus_dir() / "REPORT.md"
if report.exists():
    with st.expander("Informe: ddz, RLCard, DouZero y OpenSpiel lado a lado"):
        st.markdown(report.read_text(encoding="utf-8"))
_ = html
