"""«Retos»: every stored puzzle is what the exact solver says, comes from a real
deal, and its theme is a claim its predicate checks on the solver's line; every sentence the page
shows for a puzzle is worded as learners read cards; the page (AppTest, the card widget simulated
through session state) judges moves with the solver and answers a losing one with its refutation."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from ddz.cards import parse
from ddz.endgame import PASS, Position, Solution, clear_caches, solve
from ddz.game import Game
from tests.test_app import gesture
from tests.test_app import page as app_page
from truthcheck.wording import wording
from tutorial import retos
from tutorial.retos import THEMES, Attempt, Puzzle, check_cards, puzzles, steps

PUZZLES = puzzles()
IDS = [z.id for z in PUZZLES]


def solved(z: Puzzle) -> Solution:
    clear_caches()  # the node count of a cold search, as the generator stores it
    return solve(z.position())


# ---- the stored puzzles -----------------------------------------------------------------------------
def test_there_are_enough_puzzles_in_every_level_and_theme() -> None:
    assert len(PUZZLES) >= 60
    levels = Counter(z.level for z in PUZZLES)
    assert set(levels) == {1, 2, 3} and min(levels.values()) >= 15, levels
    assert len({z.theme for z in PUZZLES}) >= 8
    assert len({z.deal for z in PUZZLES}) == len(PUZZLES)  # one puzzle per deal
    assert [f"r{i + 1:02d}" for i in range(len(PUZZLES))] == IDS


@pytest.mark.parametrize("z", PUZZLES, ids=IDS)
def test_every_puzzle_is_what_the_solver_says(z: Puzzle) -> None:
    p = z.position()
    s = solved(z)
    learner = "landlord" if z.turn == 0 else "farmers"
    assert s.winner == learner == p.to_move  # the side to move wins with perfect play
    assert s.winning_moves == z.winning and 1 <= len(z.winning) <= 2  # exactly the winning first moves
    assert len(p.moves()) >= 4  # few winning moves among many
    assert s.line == z.line and s.nodes == z.nodes
    hand = len(p.hands[p.turn])
    assert all(m == PASS or len(parse(m)) < hand for m in z.winning)  # no move goes out at once
    # the line is a game: each move legal, the learner's side goes out last
    after = p
    for m in z.line:
        assert m in after.moves()
        after = after.play(m)
    assert after.winner == learner


@pytest.mark.parametrize("z", PUZZLES, ids=IDS)
def test_every_puzzle_comes_from_its_deal(z: Puzzle) -> None:
    """Replaying the deal code with the stored actions reaches the puzzle's position (the landlord,
    wherever they sit, is seat 0 of the puzzle; the farmers follow in turn order)."""
    g = Game.from_code(z.deal)
    for a in z.actions:
        g.apply(a)
    assert g.phase == "playing" and g.landlord is not None
    lord = g.landlord
    assert tuple(str(g.hand((lord + k) % 3)) for k in range(3)) == z.hands
    assert (g.turn - lord) % 3 == z.turn
    if z.table is None:
        assert g.table is None
    else:
        assert g.table is not None and g.table_seat is not None
        assert str(g.table.cards) == z.table and (g.table_seat - lord) % 3 == z.table_seat


@pytest.mark.parametrize("z", PUZZLES, ids=IDS)
def test_the_level_grows_with_the_line_and_the_search(z: Puzzle) -> None:
    mine = sum(1 for st in steps(z.position(), z.line) if (st.seat == 0) == (z.turn == 0))
    score = mine + math.log2(z.nodes + 1)
    assert z.level == 1 + (score >= retos.LEVEL_FLOORS[1]) + (score >= retos.LEVEL_FLOORS[2])


def test_levels_are_ordered_by_effort() -> None:
    by_level = {lv: [z for z in PUZZLES if z.level == lv] for lv in (1, 2, 3)}
    median_nodes = [sorted(z.nodes for z in zs)[len(zs) // 2] for zs in by_level.values()]
    median_line = [sorted(len(z.line) for z in zs)[len(zs) // 2] for zs in by_level.values()]
    assert median_nodes == sorted(median_nodes) and median_nodes[0] < median_nodes[2]
    assert median_line[0] <= median_line[2]


# ---- themes: each a claim its predicate checks on the solver's answer ------------------------------
@pytest.mark.parametrize("z", PUZZLES, ids=IDS)
def test_every_puzzles_theme_holds_for_its_line(z: Puzzle) -> None:
    got = THEMES[z.theme](z.position(), solved(z))
    assert got is not None, f"{z.id}: the theme {z.theme} does not hold"
    assert got == z.why  # the facts its sentence states are the predicate's


def test_a_swapped_theme_is_caught() -> None:
    """Each theme's predicate tells its puzzles apart: given the theme of another puzzle, most
    puzzles fail the check, and every theme but the fallback fails on some puzzle of another theme."""
    sols = {z.id: solved(z) for z in PUZZLES}
    holds = {
        z.id: {t for t, check in THEMES.items() if check(z.position(), sols[z.id]) is not None}
        for z in PUZZLES
    }
    used = sorted({z.theme for z in PUZZLES})
    rotated = [used[(used.index(z.theme) + 1) % len(used)] for z in PUZZLES]
    caught = sum(t not in holds[z.id] for z, t in zip(PUZZLES, rotated))
    assert caught >= 0.75 * len(PUZZLES), (caught, len(PUZZLES))
    for b in used:
        if b != "few_winning":  # every puzzle has few winning moves: that theme is the fallback
            assert any(b not in holds[z.id] for z in PUZZLES if z.theme != b), b


def fake(p: Position, line: str, winning: list[str], losing: dict[str, str]) -> Solution:
    """A solver's answer written by hand (the predicates read the line, the winning moves and the
    refutations; nothing else)."""
    refs = tuple((m, tuple(r.split())) for m, r in losing.items())
    return Solution(p, p.to_move, winning[0], tuple(line.split()), tuple(winning), refs)


def test_dont_cover_when_passing_lets_the_partner_go_out() -> None:
    # farmer 1 played Q and keeps a 3; the landlord (J 9) cannot beat the Q: if farmer 2 passes, farmer
    # 1 leads the 3 and goes out. Covering with the A leaves farmer 2 leading 4 or 5 into the landlord's 9.
    p = Position.three("J9", "3", "A54", turn=2, table="Q", table_seat=1)
    s = solve(p)
    assert s.winning_moves == ("p",) and s.refutation("A") is not None
    assert retos.dont_cover(p, s) == {"partner": 1, "table": "Q", "move": "A"}
    assert retos.wait(p, s) is None  # the table is the partner's, not a defender's
    assert retos.yield_lead(p, s) is None  # the winning move is a pass


def test_yield_lead_when_the_partner_takes_the_trick() -> None:
    # farmer 2 leads the Q; the landlord's 9 cannot beat it, farmer 1 plays the K over it and is out
    p = Position.three("9", "K", "578Q", turn=2)
    s = solve(p)
    assert s.winning_moves == ("Q",)
    assert retos.yield_lead(p, s) == {"move": "Q", "partner": 1, "over": "K"}
    assert retos.boss_first(p, s) is None  # the partner answers the Q: it is no play nobody beats


def test_boss_first_needs_a_play_no_defender_answers() -> None:
    p = Position.three("AA3", "4", "5", turn=0)
    assert retos.boss_first(p, fake(p, "AA p p 3", ["AA"], {"3": "3 4"})) == {
        "move": "AA"
    }  # no farmer has a pair
    p2 = Position.three("KK3", "AA", "5", turn=0)
    assert retos.boss_first(p2, fake(p2, "3 p 5 KK", ["KK"], {})) is None  # A A beats K K
    p3 = Position.three("AA", "4", "5", turn=0)
    assert retos.boss_first(p3, fake(p3, "AA", ["AA"], {})) is None  # going out is no lead kept


def test_keep_rocket_and_bomb_now_read_the_first_move() -> None:
    p = Position.three("BR34", "56", "78", turn=0)
    rocket_loses = fake(p, "3 5 7 BR p p 4", ["3"], {"BR": "BR p p 4 5"})
    assert retos.keep_rocket(p, rocket_loses) == {"move": "BR"}
    assert retos.bomb_now(p, rocket_loses) is None
    rocket_wins = fake(p, "BR", ["BR"], {})
    assert retos.keep_rocket(p, rocket_wins) is None
    assert retos.bomb_now(p, rocket_wins) == {"move": "BR", "rocket": True}


def test_trio_pair_straight_and_kicker_themes_read_the_cards() -> None:
    p = Position.three("333456789K", "A", "2", turn=0)
    s = fake(p, "3456789 p p 33K", ["3456789"], {"333K": "333K 2"})
    assert retos.straight_first(p, s) == {"move": "3456789", "pairs": False}
    assert retos.break_trio(p, s) == {"rank": 0, "move": "3456789"}  # one of the three 3s
    assert retos.break_pair(p, s) is None
    trio = fake(p, "333 K", ["333K"], {"333": "333 2"})
    assert retos.kicker(p, fake(p, "333K", ["333K"], {"333": "333 A"})) == {"move": "333 K", "body": "333"}
    assert retos.break_trio(p, trio) is None  # the whole trio goes


def test_keep_bomb_says_whether_the_line_keeps_it() -> None:
    """The winning line that plays the four as a four-with-two does not «guarda la bomba»."""
    p = Position.three("777735Q", "89", "TJ", turn=0)
    s = fake(p, "Q p p 777735", ["Q"], {"7777": "7777 p p 3 8"})
    assert retos.keep_bomb(p, s) == {"move": "7777", "kept": False, "later": "7777 35"}
    s = fake(p, "3 p p 5 p p Q p p 7777", ["3"], {"7777": "7777 p p 3 8"})
    assert retos.keep_bomb(p, s) == {"move": "7777", "kept": True, "later": ""}


def test_last_card_and_count_bombs() -> None:
    p = Position.three("5566K", "Q", "4444A", turn=0)
    s = fake(p, "55 p p 66 p p K", ["55"], {"K": "K p 4444"})
    assert retos.last_card(p, s) == {"who": 1, "move": "K", "singles_win": False}
    s2 = fake(p, "55 p p 66 p p K", ["55", "5"], {"K": "K p 4444"})  # a single that wins too
    assert retos.last_card(p, s2) == {"who": 1, "move": "K", "singles_win": True}
    assert retos.count_bombs(p, s) == {
        "owner": 2,
        "bomb": "4444",
        "rocket": False,
        "move": "K",
        "pass": False,
    }


# ---- what the learner reads ------------------------------------------------------------------------
def sentences(z: Puzzle) -> list[str]:
    """What the page says about a puzzle. Its label («Reto 22: …») is left out: the number of a
    puzzle is no card, though the check reads any run of rank symbols (2 2) as cards."""
    p = z.position()
    s = retos.solution(p)
    out = [
        retos.say_task(p),
        retos.say_theme(z.theme, z.why),
        retos.say_why(z.theme, z.why),
        retos.say_count(s),
    ]
    out += [retos.say_refutation(p, line) for _, line in s.refutations]
    out += [retos.say_step(st) for _, line in s.refutations for st in steps(p, line)]
    out += [retos.say_step(st) for st in steps(p, z.line)]
    return out


@pytest.mark.parametrize("z", PUZZLES, ids=IDS)
def test_every_sentence_of_a_puzzle_is_worded_for_learners(z: Puzzle) -> None:
    for text in sentences(z):
        assert wording(text) == [], text


def test_the_wording_check_would_see_notation() -> None:
    z = next(q for q in PUZZLES if q.theme == "straight_first")
    assert wording(f"Sal primero con la escalera {z.why['move']}.") != []


def test_sentences_say_what_the_puzzle_is() -> None:
    z = next(q for q in PUZZLES if q.side == "farmers" and q.table is not None)
    task = retos.say_task(z.position())
    assert task.startswith("Juegas con los dos campesinos") and "o pasa" in task
    z2 = next(q for q in PUZZLES if q.side == "landlord" and q.table is None)
    assert "Empieza el terrateniente, que abre la baza." in retos.say_task(z2.position())


# ---- one try: the logic behind the page --------------------------------------------------------------
def test_a_losing_move_is_refuted_and_taken_back() -> None:
    z = PUZZLES[0]
    att = Attempt(z)
    s = retos.solution(att.position)
    losing, line = s.refutations[0]
    v = att.play(losing)
    assert not v.ok and v.refutation == line and att.mistakes == 1
    assert att.position == z.position() and att.history == []  # taken back
    assert retos.steps(z.position(), line)[-1].out  # the refutation runs to the end


def test_the_solution_line_solves_the_puzzle_with_three_stars() -> None:
    for z in PUZZLES[:10]:
        att = Attempt(z)
        for st in steps(z.position(), z.line):
            if st.before.to_move == z.side:
                assert att.position == st.before
                assert att.play(st.move).ok
        assert att.done and att.stars == 3 and att.position.winner == z.side


def test_stars_fall_with_mistakes_and_vanish_after_the_solution() -> None:
    z = PUZZLES[0]
    losing = retos.solution(z.position()).refutations[0][0]
    for wrong, seen, stars in ((0, False, 3), (1, False, 2), (2, False, 1), (5, False, 1), (0, True, 0)):
        att = Attempt(z)
        att.seen = seen
        for _ in range(wrong):
            att.play(losing)
        for st in steps(z.position(), z.line):
            if st.before.to_move == z.side:
                att.play(st.move)
        assert att.stars == stars, (wrong, seen)


def test_cards_that_are_no_move_are_explained() -> None:
    p = Position.three("9", "K", "578Q", turn=2)
    assert check_cards(p, "", False) == (None, "Levanta las cartas que quieres jugar.")
    assert check_cards(p, "", True) == (None, "Abres la baza: no puedes pasar.")
    move, why = check_cards(p, "57", False)
    assert move is None and why.startswith("Eso no es una jugada:")
    assert check_cards(p, "Q", False) == ("Q", "")
    q = Position.three("9", "K", "578Q", turn=2, table="T", table_seat=0)
    move, why = check_cards(q, "8", False)
    assert move is None and why.startswith("No supera a 10:")
    assert check_cards(q, "", True) == ("p", "")


# ---- the page, through AppTest ---------------------------------------------------------------------------
def page(**params: str) -> AppTest:
    return app_page("retos", **params)


def html_text(at: AppTest) -> str:
    """The page's HTML and Markdown elements, as one text."""
    return " ".join([e.proto.body for e in at.get("html")] + [m.value for m in at.markdown])


def saved(at: AppTest) -> dict[str, Any]:
    [el] = [e for e in at.get("bidi_component") if e.proto.component_name.endswith("ddz_effects")]
    return json.loads(el.proto.json)  # type: ignore[no-any-return]


def raise_cards(at: AppTest, move: str) -> None:
    """What the browser sends after the learner raises the cards of ``move`` in the hand to move."""
    att: Attempt = at.session_state["attempt"]
    seat = att.position.turn
    key = f"retos_hand_{att.puzzle.id}_{seat}"
    from ddz.codes import ids_for

    gesture(at, key, ids_for(parse(move), att.ids[seat]))


def press(at: AppTest, label: str) -> None:
    [b] = [b for b in at.button if b.label == label]
    b.click().run()
    assert not at.exception, at.exception


def learner_move(at: AppTest, move: str) -> None:
    if move == PASS:
        press(at, "Pasar")
    else:
        raise_cards(at, move)
        press(at, "Jugar")


def test_the_page_opens_the_puzzle_of_the_address() -> None:
    z = PUZZLES[30]
    at = page(reto=z.id)
    assert at.session_state["attempt"].puzzle.id == z.id
    assert retos.say_task(z.position()) in html_text(at)
    assert saved(at)["query"] == f"reto={z.id}"
    at2 = page(reto="nope")
    assert at2.session_state["attempt"].puzzle.id == PUZZLES[0].id


def test_a_wrong_move_shows_its_refutation_then_the_line_solves_it() -> None:
    z = next(q for q in PUZZLES if q.table is None and len(q.line) >= 4)
    at = page(reto=z.id)
    s = retos.solution(z.position())
    losing, line = next((m, r) for m, r in s.refutations if m != PASS)
    learner_move(at, losing)
    text = html_text(at)
    assert 'data-testid="retos-refutation"' in text and "pierde contra la mejor defensa" in text
    assert text.count("<li") >= len(line)  # the refutation, move by move, as cards
    assert at.session_state["attempt"].mistakes == 1
    for st in steps(z.position(), z.line):
        if st.before.to_move == z.side:
            learner_move(at, st.move)
    att: Attempt = at.session_state["attempt"]
    assert att.done and att.stars == 2
    assert "¡Reto resuelto con 1 fallo! Ganas 2 estrellas." in html_text(at)
    assert saved(at)["save"] == {"retos_stars": {z.id: 2}}
    assert retos.say_why(z.theme, z.why) in html_text(at)


def test_a_selection_that_is_no_move_is_explained_and_changes_nothing() -> None:
    z = next(q for q in PUZZLES if q.table is None)
    at = page(reto=z.id)
    press(at, "Jugar")
    assert "Levanta las cartas que quieres jugar." in html_text(at)
    assert at.session_state["attempt"].mistakes == 0
    [b] = [b for b in at.button if b.label == "Pasar"]
    assert b.disabled  # the one who leads cannot pass


def test_the_solution_steps_and_costs_the_stars() -> None:
    z = next(q for q in PUZZLES if len(q.line) >= 3)
    at = page(reto=z.id)
    press(at, "Ver la solución")
    assert "Solución: paso 0 de" in html_text(at)
    press(at, "Siguiente ▶")
    press(at, "Siguiente ▶")
    text = html_text(at)
    assert "Solución: paso 2 de" in text and 'data-testid="retos-solution-line"' in text
    press(at, "◀ Anterior")
    assert "Solución: paso 1 de" in html_text(at)
    for st in steps(z.position(), z.line):
        if st.before.to_move == z.side:
            learner_move(at, st.move)
    assert "sin estrellas" in html_text(at)
    assert saved(at)["save"] == {"retos_stars": {z.id: 0}}


def test_picking_a_level_or_a_puzzle_opens_it() -> None:
    at = page()
    n = sum(q.level == 3 for q in PUZZLES)
    at.selectbox(key="retos_level").set_value(f"Nivel 3: difícil ({n} retos)").run()
    att: Attempt = at.session_state["attempt"]
    assert att.puzzle.level == 3 and att.puzzle == next(q for q in PUZZLES if q.level == 3)
    z = [q for q in PUZZLES if q.level == 3][2]
    at.selectbox(key="retos_pick").set_value(retos.say_label(z)).run()
    assert at.session_state["attempt"].puzzle == z
    assert saved(at)["query"] == f"reto={z.id}"


def test_dont_cover_and_wait_read_whose_play_is_on_the_table() -> None:
    # the landlord's Q is on the table: passing it is waiting, not leaving the partner's play alone
    p = Position.three("KK", "2", "33", turn=1, table="Q", table_seat=0)
    s = fake(p, "p", ["p"], {"2": "2 KK"})
    assert retos.dont_cover(p, s) is None
    assert retos.wait(p, s) == {"table": "Q", "move": "2"}


def test_yield_lead_needs_the_partner_to_win_the_trick() -> None:
    # farmer 1 leads 3, farmer 2 plays K over it, but the landlord's 2 takes the trick
    p = Position.three("22", "35", "K4", turn=1)
    assert retos.yield_lead(p, fake(p, "3 K 2 p p 2", ["3"], {})) is None
    assert retos.trick_winner(p, ["3", "K", "2", "p", "p", "2"]) == 0


def test_your_own_position_becomes_a_puzzle() -> None:
    """«Practica esta posición»: the review's exact key moment of a lost hand, as a puzzle that the
    solver says its side wins, with the same winning moves; a lost or a too-big position is refused."""
    code = "0000-007A5"
    actions = (
        "3.33.77.p.TT.JJ.p.p.QQQA.p.6AAA.p.p.44.p.66.p.p.33KKK.p.p.44.p.p.789TJ.89TJQ.p.p.K.2.p.B.5555.p.p.6"
    )
    z = retos.from_hand(code, actions.split("."))
    assert z is not None and z.id == retos.OWN
    s = solve(z.position())
    assert s.winner == z.side and z.winning == s.winning_moves and sorted(z.winning) == ["8", "9"]
    assert retos.say_label(z).startswith("Tu partida: ")
    # the hand as it went on: the first position whose side to move loses is refused
    from ddz.ai import Cpu

    g = Game.from_code(code)
    done = actions.split(".")
    for a in done:
        g.apply(a)
    while g.result is None:
        a = "p" if g.turn == 0 else Cpu("normal").act(g)
        g.apply(a)
        done.append(a)
        if g.result is None and solve(Position.of_game(g)).winner != Position.of_game(g).to_move:
            assert retos.from_hand(code, done) is None
            break
    else:
        raise AssertionError("the hand never reached a position its side to move loses")
    assert retos.from_hand(code, actions.split(".")[:5]) is None  # 40 cards and more: too big
    assert retos.from_hand("nada", []) is None


def test_no_page_script_shows_a_stray_string() -> None:
    """Streamlit writes every bare string of a page script on the page: only the module docstring may be one."""
    import ast

    views = Path(__file__).resolve().parents[1] / "tutorial" / "views"
    for path in views.glob("*.py"):
        if path.name in ("__init__.py", "common.py"):  # not page scripts
            continue
        body = ast.parse(path.read_text(encoding="utf-8")).body
        stray = [
            n.lineno
            for n in body[1:]
            if isinstance(n, ast.Expr)
            and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)
        ]
        assert stray == [], (path.name, stray)
