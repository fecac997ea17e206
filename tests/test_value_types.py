"""Value types and spellings: a copy is a copy, a hand-built Play must be a reading of its cards,
every function takes the variant as text and refuses a bad one the same way, and notation reads
the card ids the engine writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ddz.cards import Cards
from ddz.codes import encode
from ddz.game import Game
from ddz.moves import legal_plays

# ---- values: copies, consistent plays, one way to name a variant, every spelling read ----------


def test_cards_of_cards_is_a_copy() -> None:
    for text in ("3444", "BR", "", "3456789TJQKA2BR", "2222"):
        c = Cards(text)
        assert Cards(c) == c and str(Cards(c)) == str(c)


def test_a_play_cannot_be_built_inconsistent() -> None:
    from ddz.compare import beats
    from ddz.plays import Kind, Play, classify

    with pytest.raises(ValueError):
        Play(Kind.PAIR, Cards("34"), Cards("34"), Cards(""), 1, 1)
    with pytest.raises(ValueError):
        Play(Kind.BOMB, Cards("4444"), Cards("4444"), Cards(""), 5, 1)  # wrong rank
    with pytest.raises(ValueError):
        Play(Kind.TRIO_SINGLE, Cards("3KKK"), Cards("KKK"), Cards(""), 10, 1)  # kickers missing
    # every play the engine reads can be rebuilt by hand, and under a variant too
    for text, variant in (("3KKK", "standard"), ("4444BR", "jokers_as_kickers"), ("BR", "standard")):
        p = classify(text, variant)
        assert Play(p.kind, p.cards, p.body, p.kickers, p.rank, p.chain) == p
    assert beats(classify("44"), "33")  # a real pair still beats


@pytest.mark.parametrize("spelling", ["standard+jokers_as_kickers", "jokers_as_kickers"])
def test_every_public_function_takes_the_variant_as_text(spelling: str) -> None:
    from ddz.compare import beats, compare
    from ddz.plays import analyze, classify, readings
    from ddz.variants import Variant

    v = Variant.parse(spelling)
    assert classify("4444BR", spelling) == classify("4444BR", v)
    assert analyze("4444BR", spelling) == analyze("4444BR", v)
    assert readings("4444BR", spelling) == readings("4444BR", v)
    assert compare("5555BR", "4444BR", spelling).beats is compare("5555BR", "4444BR", v).beats is True
    assert beats("5555BR", "4444BR", spelling)
    assert [str(p) for p in legal_plays("4444BR", None, spelling)] == [
        str(p) for p in legal_plays("4444BR", None, v)
    ]
    assert Game.from_code(encode(1), spelling).variant == v


@pytest.mark.parametrize("bad", ["no_such_flag", 42])
def test_a_bad_variant_is_refused_the_same_way_everywhere(bad: Any) -> None:
    from ddz.compare import beats, compare
    from ddz.plays import analyze, classify

    calls: list[Callable[[], object]] = [
        lambda: classify("33", bad),
        lambda: analyze("33", bad),
        lambda: compare("44", "33", bad),
        lambda: beats("44", "33", bad),
        lambda: legal_plays("44", None, bad),
        lambda: Game.from_code(encode(1), bad),
    ]
    kinds = set()
    for call in calls:
        with pytest.raises((ValueError, TypeError)) as e:
            call()
        kinds.add(type(e.value))
    assert len(kinds) == 1


def test_notation_reads_the_card_ids_the_engine_writes() -> None:
    from ddz.cards import parse
    from ddz.codes import DECK_ORDER, cards_of

    assert parse("3333 BJ") == Cards("3333B")
    assert parse("BJ RJ") == Cards("BR")
    assert parse("bj, rj") == Cards("BR")
    # every hand the engine deals, written as its card ids, reads back as the same cards
    g = Game.from_code(encode(99))
    for ids in g.hands:
        assert parse(" ".join(ids)) == cards_of(ids)
    assert parse(" ".join(DECK_ORDER)) == cards_of(list(DECK_ORDER))
    assert parse("3333BJ") == Cards("3333JB")  # written together it is still B + J


def test_ddz_classify_reads_bj_as_the_black_joker(capsys: Any) -> None:
    from ddz.cli import main

    main(["--json", "classify", "3333", "BJ"])
    out = capsys.readouterr().out
    assert '"cards": "3333B"' in out
