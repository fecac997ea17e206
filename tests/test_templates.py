"""The template language (ddz.templates) against its grammar, a subset of ICU MessageFormat: each
template here renders what ICU MessageFormat renders for it (the expected text is written by hand
from ICU's rules: ``=N`` before keywords, ``one`` for exactly 1 in Spanish and English, ``other``
otherwise, ``#`` the number of the plural around it), and each malformed one is refused with a
``message.template`` error naming its problem. The departures the module's docstring lists are
pinned too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ddz import templates
from ddz.errors import MessageError
from ddz.templates import TYPES, fields, parse, render


def plain(value: Any, type_: str, before: Sequence[str]) -> str:
    """An argument as ICU says a string argument: its text."""
    return str(value)


def say(template: str, **data: Any) -> str:
    return render(parse(template), data, plain)


JUGADAS = "{n, plural, one {# jugada} other {# jugadas}}"
CARTAS = "{n, plural, =0 {ninguna carta} =1 {solo una carta} one {una carta} other {# cartas}}"
SUPERA = "{beats, select, true {Supera} other {No supera}}"
BANDO = "{who, select, landlord {el terrateniente} farmer {un campesino} other {nadie}}"
NESTED = "{side, select, landlord {{n, plural, one {te queda # carta} other {te quedan # cartas}}} other {—}}"
INNER = "{a, plural, other {# bazas y {b, plural, one {# bomba} other {# bombas}}, # en total}}"

ICU_CASES = [
    ("Sin argumentos.", {}, "Sin argumentos."),
    ("Hola, {name}.", {"name": "Ana"}, "Hola, Ana."),
    ("{ name }", {"name": "Ana"}, "Ana"),  # white space around the name is skipped
    ("{a}{b} {a}", {"a": "x", "b": "y"}, "xy x"),
    (JUGADAS, {"n": 1}, "1 jugada"),
    (JUGADAS, {"n": 0}, "0 jugadas"),  # 0 is `other` in Spanish (and English)
    (JUGADAS, {"n": 2}, "2 jugadas"),
    (JUGADAS, {"n": 21}, "21 jugadas"),  # only 1 is `one`: 21 is not (unlike Russian)
    (JUGADAS + " en la mesa", {"n": 3}, "3 jugadas en la mesa"),
    (CARTAS, {"n": 0}, "ninguna carta"),  # an explicit value wins
    (CARTAS, {"n": 1}, "solo una carta"),  # =1 is chosen before the keyword `one`
    (CARTAS, {"n": 7}, "7 cartas"),
    ("{n, plural, one {una} other {#}}", {"n": 1}, "una"),
    ("{n, plural, =0 {} other {algo}}", {"n": 0}, ""),  # an empty branch says nothing
    ("{n, plural,one{# x}other{# xs}}", {"n": 4}, "4 xs"),  # white space between branches is optional
    (SUPERA, {"beats": "true"}, "Supera"),
    (SUPERA, {"beats": "false"}, "No supera"),  # no branch `false`: `other`
    (BANDO, {"who": "landlord"}, "el terrateniente"),
    (BANDO, {"who": "farmer"}, "un campesino"),
    (BANDO, {"who": "somebody"}, "nadie"),
    (NESTED, {"side": "landlord", "n": 1}, "te queda 1 carta"),
    (NESTED, {"side": "landlord", "n": 5}, "te quedan 5 cartas"),
    (NESTED, {"side": "farmer", "n": 5}, "—"),
    (INNER, {"a": 3, "b": 1}, "3 bazas y 1 bomba, 3 en total"),  # `#` is the plural around it
]


@pytest.mark.parametrize(("template", "data", "expected"), ICU_CASES)
def test_a_template_renders_as_icu_renders_it(template: str, data: dict[str, Any], expected: str) -> None:
    assert say(template, **data) == expected


def test_a_select_reads_a_boolean_as_true_or_false() -> None:
    """The catalog's own reading of a Python bool (ICU selects on strings)."""
    both = "{beats, select, true {Supera} false {No supera} other {?}}"
    assert [say(both, beats=True), say(both, beats=False), say(SUPERA, beats=False)] == [
        "Supera",
        "No supera",
        "No supera",
    ]


def test_the_fields_are_every_argument_in_order_of_first_use() -> None:
    template = "{a} {n, plural, one {{b}} other {{c, cards} {a}}} {d, select, x {{e}} other {}}"
    assert fields(parse(template)) == ("a", "n", "b", "c", "d", "e")
    assert fields(parse("sin datos")) == ()


def test_every_type_is_handed_to_the_format_with_the_text_before_it() -> None:
    seen: list[tuple[Any, str, str]] = []

    def record(value: Any, type_: str, before: Sequence[str]) -> str:
        seen.append((value, type_, "".join(before)))
        return f"<{type_ or 'plain'}>"

    for type_ in sorted(TYPES - {""}):
        seen.clear()
        template = f"juega {{x, {type_}}} ya"
        assert render(parse(template), {"x": "Q"}, record) == f"juega <{type_}> ya"
        assert seen == [("Q", type_, "juega ")]
    assert render(parse("{n, plural, one {sale {x}} other {}}"), {"n": 1, "x": 9}, record) == "sale <plain>"
    assert seen[-1] == (9, "", "sale ")
    # the types are the ones the module's docstring lists, and none of ICU's
    listed = [
        "rank",
        "kind",
        "seat",
        "Seat",
        "the_seat",
        "cards",
        "noun_cards",
        "the_cards",
        "signed",
        "list",
        "commas",
    ]
    assert sorted(TYPES - {""}) == sorted(listed)
    assert all(f"``{name}``" in str(templates.__doc__) for name in listed)


MALFORMED = [
    ("{n", "unclosed"),
    ("Tienes {n, plural, one {# carta} other {# cartas}", "unclosed"),  # the plural is never closed
    ("{n, select, other {algo", "unclosed"),  # nor its branch
    ("{n, plural, one {# carta}}", "no_other"),  # ICU: a plural needs `other`
    ("{x, select, a {1} b {2}}", "no_other"),  # and so does a select
    ("{x, nope}", "style"),
    ("{n, number}", "style"),  # ICU's own types are not in the subset
    ("{d, date}", "style"),
    ("{n, Plural, one {a} other {b}}", "unreadable"),  # type names are case-sensitive
    ("{n, number, integer}", "unreadable"),  # no argument style
    ("{x, select, a {1} b}", "unreadable"),  # a key without its branch
    ("a}", "unbalanced"),  # ICU reads a stray `}` as text: the subset refuses it
    ("{n, plural, one {a} other {b}}}", "unbalanced"),
]


@pytest.mark.parametrize(("template", "problem"), MALFORMED)
def test_a_malformed_template_is_refused_naming_its_problem(template: str, problem: str) -> None:
    with pytest.raises(MessageError) as exc:
        parse(template, "test.bad")
    assert exc.value.code == "template"
    assert exc.value.data["code"] == "test.bad" and exc.value.data["problem"] == problem


def test_the_refusal_says_what_is_wrong() -> None:
    with pytest.raises(MessageError) as exc:
        parse("{n, plural, one {# carta}}", "test.bad")
    assert str(exc.value) == (
        "la plantilla del mensaje «test.bad» no se puede leer: a la elección «n» le falta la rama por defecto"
    )
    with pytest.raises(MessageError) as exc:
        parse("{x, number}", "test.bad")
    assert str(exc.value).endswith("no se puede leer: el estilo «number» no existe")


def test_the_departures_from_icu_are_the_documented_ones() -> None:
    # `#` inside a select inside a plural is still the plural's number (ICU: a literal `#`)
    assert say("{n, plural, other {{k, select, a {# de a} other {#}}}}", n=4, k="a") == "4 de a"
    # an apostrophe quotes nothing (ICU: '{' is a literal brace)
    assert say("l'{x}'", x="a") == "l'a'"
    # the number is an int(): 1.5 is `one` and says 1 (ICU: `other`, 1.5)
    assert say(JUGADAS, n=1.5) == "1 jugada"
    # a category other than `one` is never chosen (ICU Spanish: `many` for a million)
    assert say("{n, plural, many {muchas} other {# jugadas}}", n=1000000) == "1000000 jugadas"
    # `#` is never literal: outside every plural it has no number (ICU: a literal `#`)
    assert say("#{x}", x=1) == "None1"
