"""What the «Reglas» page shows, as plain data (tested without Streamlit).

The rule sentences come from the rule index (``rules.md``), the examples from the conformance corpus
(``ddz/conformance/data/cases``, read through :mod:`ddz.conformance.corpus`) and every verdict,
name and explanation from the engine: nothing here restates an example or its answer by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ddz.cards import parse
from ddz.compare import compare
from ddz.conformance.corpus import Case
from ddz.diagnose import diagnose, spoken
from ddz.game import score
from ddz.messages import RANK_NAMES_ES, say_cards, summary
from ddz.ops import op_bid
from ddz.plays import KINDS, Play, analyze
from ddz.variants import STANDARD
from tutorial.logic import corpus, rules

GLOSSARY_FILE = Path(__file__).parent / "data" / "glossary.yaml"


Proof = tuple[dict[str, Any], ...]
"""What proves a statement, in the shared proof format (CONTRIBUTING.md, «Proofs of what a learner
reads»): ``{"case": ID}``, ``{"rule": ID}``, ``{"classify": CARDS, "kind": KIND}``,
``{"beats": [PLAY, TABLE], "expect": BOOL}``, ``{"quote": TEXT, "source": "000"}``; run by
``tests/test_reference_claims.py`` against the engine and the independent model ``tests/oracle.py``."""


@dataclass(frozen=True)
class Statement:
    """A hand-written sentence of the «Reglas» page and what proves it."""

    text: str
    proof: Proof


PAGE: dict[str, Statement] = {
    "intro": Statement(
        "Tres jugadores, una baraja de 54 cartas y dos bandos: el **terrateniente**, solo, contra los dos "
        "**campesinos**. Gana el bando que se queda sin cartas primero. Toca cualquier ejemplo para abrirlo "
        "en el **Explorador** y probar variantes.",
        ({"rule": "R-PLAYERS-1"}, {"rule": "R-DECK-1"}, {"rule": "R-WIN-1"}),
    ),
    "kinds": Statement(
        "Cada jugada se lee de **una sola manera**. El **cuerpo** decide su fuerza; los **acompañantes** "
        "van con él y no cuentan. Las jugadas encadenadas (escaleras, escaleras de parejas, aviones) se "
        "detienen en el as.",
        (
            {"rule": "R-ONE-5"},
            {"rule": "R-CMP-2"},
            {"case": "beats.body-only.KKK3-vs-QQQR"},
            {"rule": "R-CHAIN-1"},
            {"case": "classify.chain.TJQKA2"},
        ),
    ),
    "auctions": Statement(
        "Algunas subastas, resueltas por el motor:", ({"rule": "R-BID-2"}, {"case": "bid.one-round.raise"})
    ),
    "score": Statement(
        "Por ejemplo, base 2 y una bomba (multiplicador ×2, S = 4), según el motor:",
        ({"rule": "R-SCORE-1"}, {"rule": "R-SCORE-2"}, {"rule": "R-SCORE-7"}),
    ),
}
"""The hand-written sentences of the «Reglas» page (the rest is drawn from rules.md and the corpus)."""


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    text: str
    case: str | None = None
    proof: Proof = ()

    @property
    def anchor(self) -> str:
        """The term's anchor on the «Reglas» page (``/reglas#glosario-cohete``)."""
        return f"glosario-{self.id}"


@lru_cache(maxsize=1)
def glossary() -> tuple[Term, ...]:
    """The glossary, from ``tutorial/data/glossary.yaml``."""
    import yaml

    raw = yaml.safe_load(GLOSSARY_FILE.read_text(encoding="utf-8"))
    return tuple(
        Term(str(t["id"]), str(t["term"]), str(t["text"]), t.get("case"), tuple(t.get("proof") or ()))
        for t in raw
    )


@dataclass(frozen=True)
class Example:
    """A corpus case as the learner sees it: the cards, the table, and what the engine says."""

    case: str
    play: str
    """The cards in notation (what the Explorador receives)."""
    table: str
    title: str
    """Short, computed: the play's name, «Supera» / «No supera», «No es una jugada»."""
    text: str
    """The engine's explanation: a description, a verdict's reason or a diagnosis."""
    ok: bool


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def play_words(p: Play) -> str:
    """A play in words, its cards as printed on them: «trío con carta suelta de K: K K K + 3»."""
    what = f"{p.name} de {RANK_NAMES_ES[p.rank]}"
    if p.chain > 1:
        what = f"{p.name} del {RANK_NAMES_ES[p.rank - p.chain + 1]} al {RANK_NAMES_ES[p.rank]}"
    if p.kind == "rocket":
        return "cohete: comodín pequeño y comodín grande"
    return f"{what}: {say_cards(p.shown())}"


def words(notation: str) -> str:
    """Cards as a learner reads them: a play body first, then its kickers, as ``say_cards`` writes it
    («K K K + 3»); cards that are no play one by one, lowest first."""
    got = analyze(notation)
    if isinstance(got, Play):
        return say_cards(got.shown())
    return spoken(notation)


def example(case: Case) -> Example:
    """The example of a ``classify`` or ``beats`` case, explained by the engine."""
    if case.op == "classify":
        cards = str(case.input["cards"])
        got = analyze(cards)
        why = diagnose(cards)
        notation = str(parse(cards)) if cards.strip() else ""
        if isinstance(got, Play):
            text = _cap(play_words(got)) + "." + (f" {_cap(why.message)}." if why else "")
            return Example(case.id, notation, "", _cap(got.name), text, True)
        text = _cap(why.message if why else got.message) + "."
        return Example(case.id, notation, "", "No es una jugada", text, False)
    if case.op == "beats":
        play, table = str(case.input["play"]), str(case.input["table"])
        v = compare(play, table)
        return Example(
            case.id,
            str(parse(play)),
            str(parse(table)),
            "Supera" if v.beats else "No supera",
            _cap(v.message) + ".",
            v.beats,
        )
    raise ValueError(f"no example for op {case.op!r}")


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Case]:
    return {c.id: c for c in corpus()}


def case(case_id: str) -> Case:
    return _by_id()[case_id]


def kind_examples() -> list[tuple[str, str, Example]]:
    """For each of the 14 kinds, in order: its Spanish name, its rule sentence and the corpus's
    smallest example of it (group ``classify.kinds``)."""
    from ddz.messages import KIND_NAMES_ES
    from ddz.plays import KIND_RULES

    out = []
    for kind in KINDS:
        first = next(
            c for c in corpus() if c.group == "classify.kinds" and c.expect.get("kind") == kind.value
        )
        out.append((KIND_NAMES_ES[kind], rules()[KIND_RULES[kind]], example(first)))
    return out


def group_examples(group: str, limit: int = 99) -> list[Example]:
    """The examples of a corpus group (``beats.bombs``, ``classify.one-2``…)."""
    return [example(c) for c in corpus() if c.group == group][:limit]


def group_title(group: str) -> str:
    return next(c.group_title for c in corpus() if c.group == group)


def rule_texts(*ids: str) -> list[str]:
    """Rule sentences from the index, in the order asked (no ids shown to the learner)."""
    return [rules()[i] for i in ids]


ORDINAL = ("quien abre la subasta", "el segundo en pujar", "el tercero en pujar")


def auction_examples(limit: int = 6) -> list[tuple[str, str]]:
    """Auctions of the corpus (group ``bid.one-round``), each with the engine's outcome in words."""
    out = []
    for c in corpus():
        if c.group != "bid.one-round":
            continue
        bids = [("pasa" if b == "p" else f"puja {b}") for b in c.input["bids"]]
        got = op_bid(dict(c.input), STANDARD)
        if "error" in got:
            said = f"no vale: {summary(got['error'])}"
        else:
            said = f"terrateniente: {ORDINAL[got['landlord']]}, con base {got['base']}"
        out.append((", ".join(bids), said))
    return out[:limit]


def score_table(base: int = 2, doublings: int = 1) -> list[tuple[str, int, int]]:
    """Who wins, the landlord's points and each farmer's, from the engine's ``score``."""
    won = score(base, doublings, True, 0)
    lost = score(base, doublings, False, 0)
    return [("gana el terrateniente", won[0], won[1]), ("ganan los campesinos", lost[0], lost[1])]


@dataclass(frozen=True)
class Faq:
    question: str
    answer: str
    example: Example | None = None
    proof: Proof = field(default=())


def faq() -> list[Faq]:
    """The questions the sources answer; the answers computed by the engine where it can, each with
    what proves it."""
    out: list[Faq] = []
    asks: tuple[tuple[str, str, str, Proof], ...] = (
        (
            "classify.one-1.444455-not-bomb",
            "¿{cards} es una bomba?",
            "bomb",
            (
                {"case": "beats.four-two.four-two-vs-single"},
                {"case": "beats.four-two.555566-vs-444433"},
                {"case": "beats.bombs.bomb-over-four-two"},
                {"beats": ["BR", "444455"], "expect": True},
                {"rule": "R-SCORE-3"},
            ),
        ),
        (
            "classify.chain.TJQKA2",
            "¿Puede ir un 2 en una escalera, como {cards}?",
            "straight",
            ({"rule": "R-CHAIN-1"}, {"case": "classify.chain.TJQKA"}),
        ),
        (
            "classify.one-2.44445555",
            "¿Puedo jugar {cards} como un cuarteto con dos parejas?",
            "four_two_pairs",
            ({"rule": "R-ONE-2"}, {"classify": "4444", "kind": "bomb"}, {"classify": "5555", "kind": "bomb"}),
        ),
        (
            "classify.one-4.4444BR",
            "¿Pueden acompañar los dos comodines a la vez, como en {cards}?",
            "",
            (
                {"rule": "R-ONE-4"},
                {"classify": "44443B", "kind": "four_two_singles"},
                {"case": "classify.kinds.rocket"},
            ),
        ),
    )
    for qid, question, kind, proof in asks:
        ex = example(case(qid))
        got = analyze(ex.play)
        yes = isinstance(got, Play) and (not kind or got.kind == kind)  # the engine's reading decides
        out.append(
            Faq(
                question.format(cards=words(ex.play)),
                f"{'Sí' if yes else 'No'}. {ex.text}",
                ex,
                ({"case": qid}, *proof),
            )
        )
    for qid, question in (
        ("beats.body-only.KKK3-vs-QQQR", "¿{play} supera a {table}?"),
        ("beats.same-kind.six-vs-five", "¿Una escalera de seis cartas supera a una de cinco?"),
        ("beats.bombs.rocket-over-bomb", "¿El cohete supera a una bomba?"),
    ):
        ex = example(case(qid))
        q = question.format(play=words(ex.play), table=words(ex.table))
        out.append(Faq(q, f"{'Sí' if ex.ok else 'No'}. {ex.text}", ex, ({"case": qid},)))
    four = analyze(case("classify.one-1.444455-not-bomb").input["cards"])
    assert isinstance(four, Play)
    out.append(
        Faq(
            "¿Un cuarteto con acompañantes duplica el multiplicador?",
            f"{'Sí' if four.is_bomb else 'No'}. {rules()['R-SCORE-3']}",
            proof=({"rule": "R-SCORE-3"}, {"case": "game.spring.four-two-does-not-double"}),
        )
    )
    for question, rule in (
        ("¿Quién abre después de dos pases seguidos?", "R-TRICK-3"),
        ("¿Puedo pasar cuando abro la baza?", "R-TRICK-2"),
        ("¿Qué pasa si nadie puja?", "R-BID-7"),
        ("¿Tienen que quedarse sin cartas los dos campesinos?", "R-WIN-1"),
        ("¿Importan los palos?", "R-SUIT-1"),
    ):
        out.append(Faq(question, rules()[rule], proof=({"rule": rule},)))
    return out
