"""Reglas: the rules of source 000 as a page to read, with live examples from the corpus, a FAQ and
the glossary. Tapping an example opens it in the Explorador."""

from __future__ import annotations

import html
from dataclasses import replace

import streamlit as st

from ddz.cards import parse
from ddz.codes import ids_for
from ddz.messages import render
from tutorial.cards_view import JOKER_LEGEND, cards_html
from tutorial.rulebook import (
    PAGE,
    Example,
    auction_examples,
    faq,
    glossary,
    group_examples,
    kind_examples,
    rule_texts,
    score_table,
    words,
)

ss = st.session_state

TILE_CSS = """
[class*="st-key-rx-"]{position:relative;cursor:pointer;gap:.2rem !important}
[class*="st-key-rx-"]:hover{background:#f6f9ff}
[class*="st-key-rx-"] .stButton button::after{content:"";position:absolute;inset:0}
[class*="st-key-rx-"] .stElementContainer,[class*="st-key-rx-"] .stButton{position:static !important}
.ddz-ex-title{font-weight:600}.ddz-ex-title.ok{color:#246b3e}.ddz-ex-title.no{color:#a12a2a}
.ddz-ex-text{font-size:14px;line-height:1.35;color:#333}
.ddz-ex-vs{font-size:13px;color:#555;margin-top:2px}
.ddz-gloss dt{font-weight:700;margin-top:8px}.ddz-gloss dd{margin:0 0 0 0}
"""


def _open(play: str, table: str) -> None:
    """Tap on an example: the Explorador shows it (see the top of views/explorer.py)."""
    ss.exp_goto = (play, table)
    ss.rules_goto = True


if ss.pop("rules_goto", False) and "exp_goto" in ss:
    play, table = ss.exp_goto
    st.switch_page("views/explorer.py", query_params={"jugada": play, **({"mesa": table} if table else {})})

st.html(f"<style>{TILE_CSS}</style>")
ss.setdefault("rules_tiles", 0)


def tile(ex: Example, key: str, head: str = "") -> None:
    """One live example: the cards, what the engine says, and a tap anywhere opens the Explorador."""
    cls = "ok" if ex.ok else "no"
    with st.container(border=True, key=f"rx-{key}"):
        table = ""
        if ex.table:
            table = f'<div class="ddz-ex-vs">contra la mesa:</div>{cards_html(ids_for(parse(ex.table)))}'
        st.html(
            f'<div data-testid="rules-example" data-play="{html.escape(ex.play)}">'
            f"{f'<b>{html.escape(head)}</b><br>' if head else ''}"
            f"{cards_html(ids_for(parse(ex.play)), empty='sin cartas')}{table}"
            + ("" if head else f'<div class="ddz-ex-title {cls}">{html.escape(ex.title)}</div>')
            + f'<div class="ddz-ex-text">{html.escape(ex.text)}</div></div>'
        )
        st.button(
            "Abrir en el Explorador",
            key=f"rb-{key}",
            on_click=_open,
            args=(ex.play, ex.table),
            type="tertiary",
            icon=":material/search:",
        )


def tiles(examples: list[tuple[str, Example]], prefix: str) -> None:
    """Two tiles a row on a wide screen; on a phone the rows stack, so the order stays 1, 2, 3…"""
    for start in range(0, len(examples), 2):
        cols = st.columns(2)
        for j, (head, ex) in enumerate(examples[start : start + 2]):
            with cols[j]:
                tile(ex, f"{prefix}{start + j}", head)


def bullets(*ids: str) -> None:
    st.markdown("\n".join(f"- {t}" for t in rule_texts(*ids)))


st.title("Reglas del Dou Dizhu")
st.markdown(PAGE["intro"].text)
st.html(
    '<nav class="ddz-caption">En esta página: <a href="#baraja">Baraja</a> · <a href="#subasta">Subasta</a>'
    ' · <a href="#jugadas">Las 14 jugadas</a> · <a href="#superar">Superar</a> · <a href="#lectura">Una sola'
    ' lectura</a> · <a href="#bazas">Bazas</a> · <a href="#puntuacion">Puntuación</a> · <a href="#preguntas">'
    'Preguntas</a> · <a href="#glosario">Glosario</a></nav>'
)

st.header("Baraja y orden", anchor="baraja")
bullets("R-DECK-1", "R-ORDER-1", "R-ORDER-2", "R-SUIT-1", "R-WILD-1")
st.html(cards_html(ids_for(parse("3456789TJQKA2BR"))))
st.caption(JOKER_LEGEND)

st.header("Reparto y subasta", anchor="subasta")
bullets("R-DEAL-1", "R-BID-1", "R-BID-2", "R-BID-3", "R-BID-4", "R-BID-6", "R-BID-7")
st.html(
    f'<div class="ddz-caption">{html.escape(PAGE["auctions"].text)}</div><ul data-testid="auctions">'
    + "".join(f"<li>{html.escape(b)} → {html.escape(r)}</li>" for b, r in auction_examples())
    + "</ul>"
)

st.header("Las 14 jugadas", anchor="jugadas")
st.markdown(PAGE["kinds"].text)
tiles(
    [
        (
            f"{i + 1}. {name[0].upper()}{name[1:]}",
            replace(ex, text=f"{rule} Ejemplo: {words(ex.play)}."),
        )
        for i, (name, rule, ex) in enumerate(kind_examples())
    ],
    "k",
)

st.header("Superar la jugada de la mesa", anchor="superar")
bullets("R-CMP-1", "R-CMP-2", "R-CMP-3", "R-CMP-4", "R-CMP-5")
tiles(
    [("", e) for e in group_examples("beats.same-kind", 2)]
    + [("", e) for e in group_examples("beats.body-only", 1)]
    + [
        ("", e)
        for e in group_examples("beats.bombs")
        if e.case.endswith(("long-straight", "rocket-over-bomb"))
    ]
    + [("", e) for e in group_examples("beats.four-two", 1)],
    "c",
)

st.header("Una sola lectura: las cuatro restricciones", anchor="lectura")
bullets("R-ONE-1", "R-ONE-2", "R-ONE-3", "R-ONE-4", "R-CHAIN-1")
tiles(
    [
        ("", e)
        for g in ("classify.one-1", "classify.one-2", "classify.one-3", "classify.one-4", "classify.chain")
        for e in group_examples(g)[:2]
    ],
    "r",
)

st.header("Bazas, pases y final", anchor="bazas")
bullets("R-TRICK-1", "R-TRICK-2", "R-TRICK-3", "R-WIN-1", "R-WIN-2")

st.header("Multiplicador, primavera y puntuación", anchor="puntuacion")
bullets(
    "R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-SCORE-4", "R-SCORE-5", "R-SCORE-6", "R-SCORE-7", "R-SCORE-8"
)
rows = "".join(
    f"<tr><td>{html.escape(who)}</td><td>{render('result.signed', points=ll)}</td>"
    f"<td>{render('result.signed', points=ff)}</td></tr>"
    for who, ll, ff in score_table(2, 1)
)
st.html(
    f'<div class="ddz-caption">{html.escape(PAGE["score"].text)}</div>'
    '<table data-testid="score-table"><tr><th scope="col">Resultado</th><th scope="col">terrateniente</th>'
    '<th scope="col">cada campesino</th></tr>'
    f"{rows}</table>"
)
row = st.container(horizontal=True)
row.page_link(
    "views/hands.py",
    label="Ver una primavera",
    query_params={"mano": "primavera"},
    icon=":material/menu_book:",
)
row.page_link(
    "views/hands.py",
    label="Ver una antiprimavera",
    query_params={"mano": "antiprimavera"},
    icon=":material/menu_book:",
)

st.header("Preguntas frecuentes", anchor="preguntas")
for i, item in enumerate(faq()):
    with st.expander(item.question, expanded=i < 2):
        st.html(f'<p class="ddz-ex-text">{html.escape(item.answer)}</p>')
        if item.example is not None:
            st.html(cards_html(ids_for(parse(item.example.play)), empty=""))
            st.button(
                "Abrir en el Explorador",
                key=f"fq-{i}",
                on_click=_open,
                args=(item.example.play, item.example.table),
                icon=":material/search:",
            )

st.header("Glosario", anchor="glosario")
st.html(
    '<dl class="ddz-gloss" data-testid="glossary">'
    + "".join(
        f'<dt id="{t.anchor}">{html.escape(t.term)}</dt><dd>{html.escape(t.text)}</dd>' for t in glossary()
    )
    + "</dl>"
)
