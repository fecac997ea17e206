"""Every sentence a learner reads from data (the message catalog, lessons, glossary, annotated
hands) is spelled right: Hunspell's Spanish dictionary (Debian's hunspell-es, installed by
.ci/run) knows every word, apart from the game's own terms listed here with their reason."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import tutorial.catalog  # noqa: F401  (the codes only the app says join CATALOG)
from ddz import messages
from ddz.messages import CATALOG, Node

ROOT = Path(__file__).resolve().parents[1]
HUNSPELL = shutil.which("hunspell")
DICTIONARY = Path("/usr/share/hunspell/es_ES.dic")
LEARNER_KEYS = {"text", "prompt", "term", "title", "options", "why", "intro", "hint"}
"""Keys of tutorial/data/*.yaml whose values a learner reads (notes of annotated hands are keyed by
the number of the action)."""

KNOWN = {
    "antiprimavera": "the sources' term (000 ¶23) for the farmers' spring",
    "Antiprimavera": "the same, starting a title",
    "antiprimaveras": "its plural (the Jugar page's tally)",
    "póker": "source 002's spelling of four of a kind (RAE admits it beside póquer)",
    "Dou": "the game's name, Dou Dizhu",
    "Dizhu": "the game's name, Dou Dizhu",
    "ddz": "the program's name",
    "standard": "the name of the standard variant in a record, quoted as written",
    "str": "a programmer's error names Python's type",
    "Cards": "a programmer's error names ddz's class",
    "Game": "a programmer's error names ddz's class",
    "push": "a programmer's error names Game.push, the method it means",
    "hands": "a record's field name, quoted as written",
    "kitty": "a record's field name, quoted as written",
    "actions": "a record's field name, quoted as written",
    "first": "part of the field name first_bidder, quoted as written",
    "bidder": "part of the field name first_bidder, quoted as written",
    "imprecisión": "a review verdict (RAE: imprecisión), missing from Hunspell's es_ES",
    "Imprecisión": "the same, starting a sentence",
    "imprecisiones": "its plural",
    "endgame": "the name of the ddz endgame command, quoted as written",
    "landlord": "a seat name of ddz endgame (--landlord, --turn landlord), quoted as written",
    "farmer": "part of the seat names farmer1 and farmer2 of ddz endgame, quoted as written",
    "turn": "the option --turn of ddz endgame, quoted as written",
    "seat": "part of the option --table-seat of ddz endgame, quoted as written",
}

pytestmark = pytest.mark.skipif(
    not (HUNSPELL and DICTIONARY.exists()) and not os.environ.get("CI"),
    reason="needs Debian's hunspell and hunspell-es (CI installs them: .ci/run)",
)


def literal_text(code: str) -> str:
    """The words of a catalog entry in every branch, without its placeholders and selector keys
    (``{n, plural, one {# jugada} other {# jugadas}}`` → ``jugada jugadas``), read from the
    catalog's own compiled template."""
    out: list[str] = []

    def walk(nodes: tuple[Node, ...]) -> None:
        for node in nodes:
            if isinstance(node, str):
                out.append(node)
            elif node[0] == "choice":
                for body in node[3].values():
                    out.append(" ")
                    walk(body)
            out.append(" ")

    walk(messages._compiled(code)[0])
    return "".join(out)


def _walk(value: Any, where: str, key: object = None) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        if key in LEARNER_KEYS or isinstance(key, int):
            yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{where}.{k}", k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{where}[{i}]", key)


def learner_texts() -> dict[str, str]:
    texts = {f"catalog {code}": literal_text(code) for code in CATALOG}
    for path in sorted((ROOT / "tutorial" / "data").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts.update(_walk(data, str(path.relative_to(ROOT))))
    return texts


def misspelled(words: set[str]) -> set[str]:
    assert HUNSPELL, "hunspell is missing on a CI machine: .ci/run must install hunspell and hunspell-es"
    out = subprocess.run(
        [HUNSPELL, "-d", str(DICTIONARY.with_suffix("")), "-l"],
        input="\n".join(sorted(words)),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_every_word_a_learner_reads_is_spelled_right() -> None:
    texts = learner_texts()
    assert len(texts) > 300  # the catalog, lessons, glossary and hands were all found
    where: dict[str, str] = {}
    for name, text in texts.items():
        for word in re.findall(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]{3,}", text):
            if not word.isupper():  # initials and card symbols (AAA, BR) are not words
                where.setdefault(word, name)
    unknown = misspelled(set(where))
    wrong = unknown - set(KNOWN)
    assert not wrong, "\n".join(f"{w!r} in {where[w]}" for w in sorted(wrong))
    assert set(KNOWN) <= unknown, f"no longer needed in KNOWN: {sorted(set(KNOWN) - unknown)}"


def test_the_check_catches_a_typo_and_a_word_in_english() -> None:
    assert misspelled({"terrateniente", "campesinos", "cohete", "primavera", "baza"}) == set()
    assert misspelled({"terateniente", "campesions", "rocket"}) == {"terateniente", "campesions", "rocket"}


def test_templates_keep_their_words_and_drop_their_keys() -> None:
    # {kind, select, straight {los valores de una escalera} … other {los tríos de un avión}} tienen
    # que ser seguidos: {count, plural, one {falta el {gaps, list}} other {faltan {gaps, list}}}
    got = set(re.findall(r"\w+", literal_text("diagnosis.not_consecutive")))
    assert {"escalera", "parejas", "avión", "seguidos", "falta", "faltan"} <= got
    assert not got & {
        "kind",
        "select",
        "straight",
        "pair_straight",
        "other",
        "count",
        "plural",
        "one",
        "gaps",
    }
