"""Every hand-written sentence a learner reads carries its proof, and the proof holds.

The texts: the glossary (``tutorial/data/glossary.yaml``), the lessons and the choice exercises
(``tutorial/data/lessons.yaml``), the intro and lesson of each annotated hand (its notes keep their
``checks``), the FAQ and the hand-written sentences of the «Reglas» page (``tutorial/rulebook.py``),
and every paragraph of the learner's docs pages (``docs/reglas.md``, ``docs/variantes.md``,
``docs/aprender/glosario.md``).

The proof format (CONTRIBUTING.md, «Proofs of what a learner reads») is a list of one-kind items:

- ``{case: ID}``: a corpus case; run against ddz through the conformance runner and, for
  ``classify``, ``beats`` and ``legal``, against the independent rule model ``tests/oracle.py``;
- ``{rule: ID}``: a rule of ``rules.md``; an ``R-`` rule must be cited by a corpus case;
- ``{classify: CARDS, kind: KIND}`` (``invalid`` for no play) and ``{beats: [PLAY, TABLE], expect:
  BOOL}``: asked of the engine and of the oracle, both must give the expected answer;
- ``{quote: TEXT, source: "000"}``: the words are in one paragraph of that source document;
- ``{test: "tests/test_x.py::test_name"}``: a statement about the program, proven by that test;
- ``{at: STEP, CHECK: VALUE}`` (annotated hands only): a ``check_claims`` fact about action STEP.

Every text is also checked for its wording (:mod:`truthcheck.wording`): no card in notation, body and
kickers joined with « + », numbers that agree with their noun and verb.
"""

from __future__ import annotations

import fnmatch
import inspect
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from ddz.compare import beats
from ddz.conformance.runner import InProcess, run_case
from ddz.plays import Play, analyze
from ddz.variants import STANDARD
from tests import oracle
from truthcheck.wording import joiner_slips, notation_slips, plural_slips, slips
from tutorial import logic, rulebook
from tutorial.logic import annotated_hands, check_claims, corpus, lessons, rules

ROOT = Path(__file__).resolve().parents[1]
DOCS = ["docs/reglas.md", "docs/variantes.md", "docs/aprender/glosario.md"]
SOURCES = ROOT / "conformance" / "sources"
ENGINE_ANSWERED = {"beats", "is_kind", "count", "bid", "bomb_possible", "choose"}
"""Exercise types whose answer the engine computes (no hand-written claim to prove)."""
ALLOWED_TOKENS = {"QQ": "Tencent QQ, a product name (docs/variantes.md)"}


@dataclass(frozen=True)
class Text:
    where: str
    text: str
    proof: tuple[dict[str, Any], ...]
    record: dict[str, Any] | None = None
    """The annotated hand whose ``at`` checks the proof may use."""


# ---- the proof runner ---------------------------------------------------------------------------------
def _canon(cards: str) -> str:
    """Cards as the oracle writes them (its own reading: ``10`` is the ten, order by strength)."""
    flat = re.sub(r"[\s,+]", "", cards.upper()).replace("10", "T")
    return "".join(sorted(flat, key=oracle.RANKS.index))


def _oracle_kind(cards: str) -> str:
    return oracle.all_legal().get(_canon(cards), "invalid")


def _oracle_beats(play: str, table: str) -> bool:
    p, t = _canon(play), _canon(table)
    legal = oracle.all_legal()
    return p in legal and t in legal and oracle.oracle_beats(p, t)


def _engine_kind(cards: str) -> str:
    got = analyze(cards)
    return got.kind.value if isinstance(got, Play) else "invalid"


_CASES = {c.id: c for c in corpus()}
_ENGINE = InProcess(STANDARD)


def _paragraphs() -> dict[str, list[str]]:
    out = {}
    for path in SOURCES.glob("*.txt"):
        out[path.name[:3]] = [
            " ".join(line.split()) for line in path.read_text("utf-8").splitlines() if line.strip()
        ]
    return out


_SOURCE_TEXT = _paragraphs()


def check_proof(item: dict[str, Any], record: dict[str, Any] | None = None) -> list[str]:
    """What does not hold in one proof item (``[]`` when it holds, for the engine and the oracle)."""
    item = dict(item)
    if "at" in item:
        if record is None:
            return [f"{item}: an «at» check outside an annotated hand"]
        step = int(item.pop("at"))
        return check_claims(record, step, [item])
    if "case" in item:
        case = _CASES.get(str(item["case"]))
        if case is None:
            return [f"no corpus case {item['case']!r}"]
        out = run_case(_ENGINE, case)
        fails = [] if out.status == "passed" else [f"{case.id}: ddz gives {out.actual}"]
        if case.op == "classify":
            want = case.expect["kind"]
            if _oracle_kind(str(case.input["cards"])) != want:
                fails.append(f"{case.id}: the oracle reads {_oracle_kind(str(case.input['cards']))}")
        elif case.op == "beats":
            if _oracle_beats(str(case.input["play"]), str(case.input["table"])) != case.expect["beats"]:
                fails.append(f"{case.id}: the oracle disagrees")
        elif case.op == "legal":
            table = case.input.get("table")
            got = {
                p
                for p in oracle.plays_within(_canon(str(case.input["hand"])))
                if table is None or _oracle_beats(p, str(table))
            }
            if got != {_canon(p) for p in case.expect["plays"]}:
                fails.append(f"{case.id}: the oracle lists {sorted(got)}")
        return fails
    if "rule" in item:
        rid = str(item["rule"])
        if rid not in rules():
            return [f"no rule {rid!r}"]
        if rid.startswith("R-") and not any(rid in c.rules for c in corpus()):
            return [f"rule {rid} is cited by no corpus case"]
        return []
    if "classify" in item:
        cards, want = str(item["classify"]), str(item["kind"])
        fails = []
        if _engine_kind(cards) != want:
            fails.append(f"classify {cards}: the engine reads {_engine_kind(cards)}, the text says {want}")
        if _oracle_kind(cards) != want:
            fails.append(f"classify {cards}: the oracle reads {_oracle_kind(cards)}, the text says {want}")
        return fails
    if "beats" in item:
        play, table = (str(x) for x in item["beats"])
        want = bool(item["expect"])
        fails = []
        if beats(play, table) != want:
            fails.append(f"beats {play} {table}: the engine says {not want}")
        if _oracle_beats(play, table) != want:
            fails.append(f"beats {play} {table}: the oracle says {not want}")
        return fails
    if "quote" in item:
        quote, src = " ".join(str(item["quote"]).split()), str(item["source"])
        if not any(quote in para for para in _SOURCE_TEXT.get(src, [])):
            return [f"quote not found in {src}: {quote[:60]!r}"]
        return []
    if "test" in item:
        path, _, name = str(item["test"]).partition("::")
        file = ROOT / path
        if not file.exists() or not re.search(rf"^def {re.escape(name)}\(", file.read_text("utf-8"), re.M):
            return [f"no test {item['test']}"]
        return []
    return [f"unknown proof kind {item}"]


# ---- the learner texts ------------------------------------------------------------------------------------
def _docs_blocks(path: str) -> Iterator[Text]:
    """The prose blocks of a docs page (paragraphs, lists, tables; headings aside), each with the
    ``proof`` and ``cases`` markers that follow it before the next prose block or heading."""
    text = (ROOT / path).read_text("utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text) if b.strip()]
    current: list[str] = []
    proof: list[dict[str, Any]] = []
    n = 0

    def flush() -> Iterator[Text]:
        if current:
            yield Text(f"{path} block {n}", "\n".join(current), tuple(proof))

    for block in blocks:
        if block.startswith("<!--"):
            for kind, body in re.findall(
                r"<!--\s*(proof|cases|glossary|lessons|rules):?\s*(.*?)\s*-->", block, re.S
            ):
                if kind == "proof":
                    proof.extend(yaml.safe_load(body))
                elif kind == "cases":
                    proof.extend({"case": c.id} for c in corpus() if fnmatch.fnmatchcase(c.id, body))
            continue
        if block.startswith("#"):
            yield from flush()
            current, proof = [], []
            continue
        if current and proof:
            yield from flush()
            current, proof = [], []
        n += 1
        current.append(block)
    yield from flush()


def _hand_files() -> dict[str, dict[str, Any]]:
    return {
        p.stem: yaml.safe_load(p.read_text("utf-8"))
        for p in sorted((ROOT / "tutorial/data/hands").glob("*.yaml"))
    }


def learner_texts() -> list[Text]:
    out = [Text(f"glossary {t.id}", f"{t.term}: {t.text}", t.proof) for t in rulebook.glossary()]
    out += [Text(f"faq {i}", f"{f.question} {f.answer}", f.proof) for i, f in enumerate(rulebook.faq())]
    out += [Text(f"rules page {k}", s.text, s.proof) for k, s in rulebook.PAGE.items()]
    for label, play, table in logic.EXAMPLES:  # the Explorador's example buttons: their corpus case
        ids = [
            c.id
            for c in corpus()
            if (c.input.get("cards") or c.input.get("play")) == play and (c.input.get("table") or "") == table
        ]
        out.append(Text(f"explorer example {play}", label, tuple({"case": i} for i in ids[:1])))
    for stage in lessons():
        out.append(
            Text(
                f"lesson {stage['id']}", f"{stage['title']}. {stage['text']}", tuple(stage.get("proof") or ())
            )
        )
        for i, ex in enumerate(stage["exercises"]):
            where = f"lesson {stage['id']} exercise {i}"
            if ex["type"] in ENGINE_ANSWERED:
                out.append(Text(where, str(ex["prompt"]), ({"exercise": ex},)))
            else:
                words = " ".join(
                    [
                        str(ex["prompt"]),
                        *map(str, ex.get("options", [])),
                        str(ex.get("why", "")),
                        str(ex.get("hint", "")),
                    ]
                )
                out.append(Text(where, words, tuple(ex.get("proof") or ())))
    hands = {h.id: h for h in annotated_hands()}
    for name, data in _hand_files().items():
        record = data["record"]
        proofs = data.get("proof") or {}
        intro = tuple(proofs.get("intro") or ())
        out.append(
            Text(f"hand {name} title", str(data["title"]), intro + tuple(proofs.get("lesson") or ()), record)
        )
        for part in ("intro", "lesson"):
            out.append(Text(f"hand {name} {part}", str(data[part]), tuple(proofs.get(part) or ()), record))
        for step, note in hands[name].notes.items():
            checks = hands[name].checks.get(step, [])
            out.append(
                Text(f"hand {name} note {step}", note, tuple({"at": step, **c} for c in checks), record)
            )
    for path in DOCS:
        out += list(_docs_blocks(path))
    return out


TEXTS = learner_texts()


def _exercise_proof(ex: dict[str, Any]) -> list[str]:
    """An engine-answered exercise: the engine's answer, and for a yes/no about the rules the oracle's."""
    want = logic.expected_answer(ex) if ex["type"] != "choose" else None
    if ex["type"] == "beats" and _oracle_beats(str(ex["play"]), str(ex["table"])) != want:
        return [f"the oracle disagrees with the engine on {ex['play']} against {ex['table']}"]
    if ex["type"] == "is_kind" and (_oracle_kind(str(ex["cards"])) == ex["kind"]) != want:
        return [f"the oracle disagrees with the engine on the kind of {ex['cards']}"]
    return []


# ---- the tests --------------------------------------------------------------------------------------------
def test_the_texts_were_all_found() -> None:
    kinds = {t.where.split()[0] for t in TEXTS}
    assert {"glossary", "faq", "rules", "lesson", "hand", "docs/reglas.md", "docs/variantes.md"} <= kinds
    assert len(TEXTS) > 120


@pytest.mark.parametrize("text", TEXTS, ids=lambda t: t.where)
def test_every_learner_text_has_a_proof_and_it_holds(text: Text) -> None:
    assert text.proof, f"{text.where}: no proof for «{text.text[:80]}»"
    for item in text.proof:
        if "exercise" in item:
            assert _exercise_proof(item["exercise"]) == [], text.where
        else:
            assert check_proof(item, text.record) == [], (text.where, item)


@pytest.mark.parametrize("text", TEXTS, ids=lambda t: t.where)
def test_every_learner_text_is_worded_as_learners_read_cards(text: Text) -> None:
    words = re.sub(r"`[^`]*`", "", text.text)  # in the docs, code is what one types
    words = re.sub(r"\]\([^)]*\)|<[^>]+>|\{ #[^}]*\}", "", words)  # link targets, HTML, anchors
    found = [s for s in slips(words) if not any(f"«{tok}»" in s for tok in ALLOWED_TOKENS)]
    assert found == [], f"{text.where}: {found}"


def test_every_glossary_entry_is_pinned_and_its_proof_holds() -> None:
    for term in rulebook.glossary():
        assert term.proof, term.id
        for item in term.proof:
            assert check_proof(item) == [], (term.id, item)


def test_every_docs_paragraph_is_pinned_and_its_proof_holds() -> None:
    for path in DOCS:
        blocks = list(_docs_blocks(path))
        assert blocks, path
        for b in blocks:
            assert b.proof, f"{b.where}: no proof for «{b.text[:80]}»"


def test_the_lesson_functions_say_nothing_outside_the_catalog() -> None:
    """The feedback of the exercises is rendered from the catalog (group ``lesson``)."""
    from tests.test_messages import spanish_literals

    for fn in (
        logic.exercise_hint,
        logic.solution,
        logic.check_answer,
        logic._explain,
        logic.check_selection,
    ):
        source = inspect.getsource(fn)
        found = spanish_literals(textwrap.dedent(source))
        assert found == [], f"{fn.__name__}: {found}"


def test_templates_of_the_reference_groups_agree_in_number() -> None:
    """A count beside a noun goes through a plural choice (``{n, plural, one {# jugada} other {…}}``)."""
    from ddz.messages import CATALOG

    bare = re.compile(r"\{\w+\} (?:cartas|jugadas|tiradas|valores|parejas|repartos)\b")
    for code, entry in CATALOG.items():
        if code.split(".")[0] in ("diagnosis", "lesson"):
            assert not bare.search(entry.template), code


def test_what_the_reference_groups_say_is_worded_right() -> None:
    """Every sentence test_messages renders for the groups diagnosis and lesson passes the wording check."""
    from tests.test_messages import CASES, said

    seen = 0
    for code, make, _ in CASES:
        if code.split(".")[0] in ("diagnosis", "lesson"):
            _, sentence = said(make())
            assert slips(sentence) == [], (code, sentence)
            seen += 1
    assert seen > 40


# ---- the checkers bite --------------------------------------------------------------------------------------
def test_a_wrong_proof_fails() -> None:
    assert check_proof({"beats": ["444455", "3333"], "expect": True})  # the engine and the oracle say no
    assert check_proof({"classify": "4444", "kind": "four_two_singles"})
    assert check_proof({"case": "no.such.case"}) and check_proof({"rule": "R-NOPE-1"})
    assert check_proof({"quote": "solo lo supera un cuarteto más alto", "source": "000"})
    assert check_proof({"test": "tests/test_corpus.py::test_nothing"})
    assert check_proof({"frob": 1})
    hand = next(h for h in annotated_hands() if h.id == "cooperacion")
    assert check_proof({"at": 12, "then_leads": 2}, hand.record)  # Sur (0) leads after the rocket
    assert check_proof({"at": 12, "then_leads": 0}, hand.record) == []


def test_the_oracle_side_of_a_proof_is_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proof that the engine satisfies but the independent model does not still fails."""
    monkeypatch.setattr(oracle, "oracle_beats", lambda play, table: False)
    assert check_proof({"beats": ["BR", "2222"], "expect": True}) == ["beats BR 2222: the oracle says False"]
    assert check_proof({"case": "beats.bombs.rocket-over-bomb"})


def test_the_wording_check_catches_the_reported_slips() -> None:
    for raw in ("562222", "(44)", "79QQQQ", "JJJJ", "KKK + 3 supera a QQQ + comodín grande", "juega T", "BR"):
        assert notation_slips(raw), raw
    assert joiner_slips("¿K K K y 3 supera a Q Q Q y comodín grande?")
    assert plural_slips("a Sur le quedan 1 carta") and plural_slips("te quedan 1 jugada")
    assert plural_slips("1 cartas") and plural_slips("Son 1 jugada") and plural_slips("3 jugada")
    assert plural_slips("le seguirían quedando 1 jugada") and plural_slips("le quedaban 1 carta")
    assert notation_slips("juega 33 y luego 44") == ["33", "44"]
    for fine in (
        "54 cartas",
        "17 cartas cada uno",
        "K K K + 3",
        "3 3 3 4 4 4",
        "R-CMP-1",
        "el 10 y la J",
        "0,552",
        "ganas en 33 de los 45 repartos",
        "A gana en 66 y lo que hiciste, en 61.",
        "En 33 finales simulados, jugar K gana 27 de los 33 y lo que hiciste, 17 de 33.",
    ):
        assert slips(fine) == [], fine
    assert slips("te queda 1 jugada; te quedan 2 jugadas; 4 4 4 4 comodín pequeño y comodín grande") == []


def test_the_reported_errors_are_fixed() -> None:
    """The glossary's quartet (and bomb), the FAQ's 444455 line and its four with one say what the rules say."""
    terms = {t.id: t.text for t in rulebook.glossary()}
    assert "cualquier bomba y el cohete" in terms["cuarteto"] and "solo lo supera" not in terms["cuarteto"]
    assert "ni cohete" in terms["bomba"]
    faq = {f.question: f.answer for f in rulebook.faq()}
    four = faq["¿4 4 4 4 + 5 5 es una bomba?"]
    assert "de cuerpo más bajo" in four and "de cuerpo más alto, cualquier bomba y el cohete" in four
    jokers = next(a for q, a in faq.items() if "dos comodines a la vez" in q)
    assert "con uno solo" not in jokers and "4 4 4 4 + 3 y comodín pequeño" in jokers
    assert _engine_kind("44443B") == _oracle_kind("44443B") == "four_two_singles"
    assert _oracle_kind("4444B") == "invalid"  # what the old answer suggested is no play


def test_a_new_text_without_proof_fails() -> None:
    bare = Text("glossary x", "Una frase sin prueba.", ())
    with pytest.raises(AssertionError, match="no proof"):
        test_every_learner_text_has_a_proof_and_it_holds(bare)
    blocks = list(_docs_blocks_from("Un párrafo.\n\n<!-- proof: [{rule: R-CMP-4}] -->\n\nOtro sin prueba.\n"))
    assert [bool(b.proof) for b in blocks] == [True, False]


def _docs_blocks_from(markdown: str) -> Iterator[Text]:
    import tempfile

    with tempfile.TemporaryDirectory(dir=ROOT) as d:
        path = Path(d) / "page.md"
        path.write_text(markdown, encoding="utf-8")
        yield from _docs_blocks(str(path.relative_to(ROOT)))
