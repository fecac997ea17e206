"""«Retos» read as claims: each puzzle's title and theme sentence, its solution, its count of winning
moves and the verdict on every first move, judged by the truth check's plain minimax
(:mod:`truthcheck.themes`), apart from the solver and the predicates that wrote them. ``make
truth`` judges all the puzzles; here the smallest of each theme (and the next when small too), and the checker's bite."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from truthcheck import themes
from truthcheck.sentences import puzzle
from tutorial import retos
from tutorial.retos import OWN, THEMES, Puzzle, puzzles


def _smallest(per_theme: int = 2) -> list[Puzzle]:
    out: list[Puzzle] = []
    for theme in THEMES:
        mine = sorted((z for z in puzzles() if z.theme == theme), key=lambda z: sum(map(len, z.hands)))
        out += mine[:1] + [z for z in mine[1:per_theme] if sum(map(len, z.hands)) <= 22]
    return out


SAMPLE = _smallest()


def _judge(z: Puzzle) -> list[str]:
    s = themes.start(z.hands, z.turn, z.table, z.table_seat)
    line = [themes.move_of(m) for m in z.line]
    return themes.check_theme(s, line, z.theme, retos.title_key(z.theme, z.why), z.why)


@pytest.mark.parametrize("z", SAMPLE, ids=lambda z: f"{z.id}-{z.theme}")
def test_every_sentence_of_a_puzzle_is_true(z: Puzzle) -> None:
    said = list(puzzle(z, z.id, "retos"))
    kinds = Counter(s.kind for s in said)
    assert kinds["retos.theme"] == 1 and kinds[f"retos.why_{z.theme}"] == 1 and kinds["retos.count"] == 1
    assert kinds["retos.right"] >= 1, "no winning first move was tried"
    false = [(s.where, s.text, s.problems) for s in said if s.problems]
    assert not false, false


def test_the_sample_covers_every_theme_the_puzzles_use() -> None:
    assert {z.theme for z in SAMPLE} == {z.theme for z in puzzles()}
    assert len({z.theme for z in SAMPLE}) >= 10


def _swapped(z: Puzzle, **why: object) -> Puzzle:
    return dataclasses.replace(z, why={**z.why, **why})


def _first(theme: str, **having: object) -> Puzzle:
    return next(
        z
        for z in sorted(puzzles(), key=lambda q: sum(map(len, q.hands)))
        if z.theme == theme and all(z.why.get(k) == v for k, v in having.items())
    )


@pytest.mark.parametrize(
    ("theme", "having", "wrong"),
    [
        ("last_card", {"singles_win": True}, {"singles_win": False}),
        ("last_card", {"singles_win": False}, {"singles_win": True}),
        ("keep_bomb", {}, {"kept": None}),
        ("yield_lead", {}, {"over": "3"}),
        ("kicker", {}, {"body": "3 3 3"}),
        ("straight_first", {"pairs": False}, {"pairs": True}),
        ("break_pair", {}, {"rank": 14}),
        ("break_trio", {}, {"rank": 14}),
        ("few_winning", {}, {"count": 3}),
        ("dont_cover", {}, {"partner": 0}),
        ("wait", {}, {"move": "p"}),
        ("boss_first", {}, {"move": "3"}),
        ("keep_rocket", {}, {}),
    ],
)
def test_a_sentence_stronger_than_the_solution_is_caught(
    theme: str, having: dict[str, object], wrong: dict[str, object]
) -> None:
    z = _first(theme, **having)
    assert not _judge(z), z.id
    if theme == "keep_bomb":
        wrong = {"kept": not z.why["kept"]}
    if theme == "keep_rocket":  # the line plays the rocket first
        z = dataclasses.replace(z, line=("BR", *z.line))
        assert _judge(z)
        return
    assert _judge(_swapped(z, **wrong)), (z.id, wrong)


def test_another_themes_sentence_is_caught() -> None:
    """Given the theme of another puzzle (with that puzzle's facts), most puzzles fail the check."""
    used = sorted({z.theme for z in SAMPLE})
    caught = 0
    for z in SAMPLE:
        other = next(q for q in SAMPLE if q.theme == used[(used.index(z.theme) + 1) % len(used)])
        caught += bool(_judge(dataclasses.replace(z, theme=other.theme, why=other.why)))
    assert caught >= len(SAMPLE) - 2, caught


def test_a_theme_with_no_verifier_is_false() -> None:
    z = SAMPLE[0]
    assert any("no verifier" in p for p in _judge(dataclasses.replace(z, theme="new_theme")))


def test_a_wrong_verdict_or_a_losing_line_is_caught() -> None:
    z = _first("kicker")
    s = themes.start(z.hands, z.turn, z.table, z.table_seat)
    body = themes.move_of(str(z.why["body"]))
    assert themes.refutation(s, [body]) == ["the line does not end with the defence out"]
    assert themes.winning_line(s, [body]), "a line that starts with the losing bare trio"
    assert themes.winning_line(s, [themes.move_of(m) for m in z.line[:-1]]), "a line cut short"


def test_your_own_position_is_titled_as_its_facts_allow() -> None:
    """«Practica esta posición» titles your position with its witness: «cuidado con las sueltas» where
    a single wins too (it said «nada de sueltas», the theme's strongest title)."""
    z = dataclasses.replace(_first("last_card", singles_win=True), id=OWN)
    label = retos.say_label(z)
    assert "cuidado con las sueltas" in label and "nada de" not in label, label
    said = {s.where: s for s in puzzle(z, "tuya", "practice_position", verdicts=False)}
    assert not said["tuya título"].problems, said["tuya título"]
