"""The plain functions behind the pages: bar texts, examples, lessons, annotated hands."""

from __future__ import annotations

import pytest

from ddz.ai.solver import min_plays
from ddz.cards import parse
from ddz.codes import cards_of
from ddz.game import OVER, Game
from ddz.messages import say_cards
from ddz.moves import legal_plays
from ddz.plays import analyze
from ddz.records import replay
from tutorial.logic import (
    EXAMPLES,
    annotated_hands,
    check_answer,
    check_selection,
    corpus,
    describe,
    expected_answer,
    lessons,
    solution,
)


def test_bar_says_kind_and_whether_it_beats_UI_BAR_1() -> None:
    # UI-BAR-1: the bar names the selection and says whether it beats the table, and why not.
    bar = describe("KKK3", "QQQR")
    assert bar.ok and bar.beats and bar.title == "Trío con carta suelta"
    bar = describe("44445555", "")
    assert not bar.ok and "van juntas" in bar.detail and bar.rule == "R-ONE-2"
    bar = describe("34567", "33344")
    assert not bar.ok and "mismo tipo" in bar.detail
    assert not describe("", "").ok and describe("", "").title == "Elige cartas"
    assert describe("3x", "").title == "No se entiende"


def test_every_example_button_is_a_corpus_case() -> None:
    inputs = {(c.input.get("cards") or c.input.get("play"), c.input.get("table", "") or "") for c in corpus()}
    for _label, play, table in EXAMPLES:
        assert (play, table) in inputs, (play, table)


def test_annotated_hands_cover_the_required_situations() -> None:
    seen: set[str] = set()
    for h in annotated_hands():
        g = replay(h.record)
        assert g.phase == OVER and g.result is not None
        r = g.result
        kinds = [analyze(a).kind for _, a in g.trail if a != "p"]  # type: ignore[union-attr]
        seen |= {r.winner}
        seen |= {"spring"} if r.spring else set()
        seen |= {"antispring"} if r.antispring else set()
        seen |= {"bomb+rocket"} if "bomb" in kinds and "rocket" in kinds else set()
        seen |= {"four_two"} if {"four_two_singles", "four_two_pairs"} & set(kinds) else set()
        seen |= {"redeal"} if g.redeals else set()
        assert h.intro != "…" and h.lesson != "…" and h.notes
        assert all(0 <= k < h.steps for k in h.notes)
    assert len(annotated_hands()) >= 6
    assert {"landlord", "farmers", "spring", "antispring", "bomb+rocket", "four_two", "redeal"} <= seen


def _stages() -> list[tuple[str, int, dict[str, object]]]:
    return [(str(s["id"]), i, ex) for s in lessons() for i, ex in enumerate(s["exercises"])]


@pytest.mark.parametrize("stage,i,ex", _stages(), ids=[f"{s}-{i}" for s, i, _ in _stages()])
def test_every_exercise_has_a_right_and_a_wrong_answer(stage: str, i: int, ex: dict[str, object]) -> None:
    if ex["type"] == "choose":
        hand = parse(str(ex["hand"]))
        verdicts = [check_selection(ex, str(p.cards)).correct for p in legal_plays(hand)]
        assert any(verdicts), "some play solves it"
        assert not all(verdicts), "some play is wrong"
        assert not check_selection(ex, "").correct
    else:
        right = expected_answer(ex)
        assert check_answer(ex, right).correct
        if ex["type"] in ("beats", "is_kind", "bomb_possible"):
            wrong: object = not right
        elif ex["type"] == "choice":
            wrong = (int(right) + 1) % len(ex["options"])  # type: ignore[arg-type, call-overload]
        else:
            wrong = int(right) + 1  # type: ignore[call-overload]
        fb = check_answer(ex, wrong)
        assert not fb.correct and len(fb.message) > 20
        first = check_answer(ex, wrong, reveal=False)  # the first wrong try: a hint, not the answer
        assert not first.correct and first.message.startswith("Todavía no. Pista:")
        if ex["type"] == "choice":
            assert str(list(ex["options"])[int(right)]) not in first.message  # type: ignore[call-overload]
        if ex["type"] == "count":
            assert str(right) not in first.message.split(" usa ")[0]
    assert solution(ex)  # every exercise has an answer to show on request


def test_count_exercises_agree_with_brute_force() -> None:
    # The solver's minimum for small hands, checked against exhaustive search over partitions.
    def brute(hand: str) -> int:
        cards = parse(hand)
        if not cards:
            return 0
        best = 99
        for p in legal_plays(cards):
            best = min(best, 1 + brute(str(cards - p.cards)))
        return best

    for hand in ["334455", "3334445556", "34567TTT", "3333BR", "7778889TT", "22BR3"]:
        assert min_plays(hand) == brute(hand), hand


def test_engine_texts_name_the_seats_from_data() -> None:
    # The pages pass their seat names to the renderer; no Spanish text is rewritten afterwards.
    from ddz.game import Game

    names = ("Sur", "Este", "Oeste")
    g = Game.from_hands(["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"], "99B", 0)
    [bid] = g.apply("p")
    assert (bid.text, bid.say(names)) == ("Asiento 0 pasa.", "Sur pasa.")
    events = g.apply("3") + g.apply("TTTT")  # Este bids 3: landlord, then plays a bomb
    assert events[-1].say(names) == "¡Bomba TTTT! El multiplicador se duplica: 2."
    assert (
        events[1].say(names) == "Este es el terrateniente (base 3) y recibe el pozo: 9, 9 y comodín pequeño."
    )
    g.apply("p")
    trick = g.apply("p")[-1]
    assert trick.say(names) == "Dos pases seguidos: se cierra la baza y sale Este."
    assert trick.text == "Dos pases seguidos: se cierra la baza y sale el asiento 1."


def test_choose_feedback_says_why() -> None:
    ex = {"type": "choose", "hand": "3477779JQQ", "avoid_break": "7", "avoid_kinds": ["bomb"]}
    assert "rompes tu póker" in check_selection(ex, "7773").message
    assert "No abras con una bomba" in check_selection(ex, "7777").message
    assert check_selection(ex, "QQ").correct


# ---- the practice hand behind «Jugar» --------------------------------------------------------------
def test_url_tokens_round_trip_exact_cards() -> None:
    from tutorial.practice import decode_action, encode_action

    assert encode_action("55", ["5H", "5D"]) == "5H5D"
    assert decode_action("5H5D") == ("55", ["5H", "5D"])
    assert decode_action("BJRJ") == ("BR", ["BJ", "RJ"])
    assert decode_action("p") == ("p", None) and decode_action("3") == ("3", None)
    assert decode_action("KKK3") == ("KKK3", None)  # plain notation still reads (first cards of each rank)


def test_practice_replays_only_the_humans_actions_and_recomputes_cpus() -> None:
    from ddz.ai import Cpu
    from ddz.game import Game
    from tutorial.practice import Practice

    p, error = Practice.start("GH2F-M5HRD", ["3"])
    assert error == "" and p.game.landlord == 0 and p.human == ["3"]
    # the CPU's bid before yours was recomputed: Oeste (seat 2) opens the auction
    fresh = Game.from_code("GH2F-M5HRD")
    cpu_bid = Cpu().act(fresh)
    assert p.game.actions[0] == cpu_bid and fresh.turn == 2
    low = p.game.hands[0][1]
    p.act(low[0], [low])
    assert p.human == ["3", low] and low not in p.game.hands[0]
    again, error = Practice.start("GH2F-M5HRD", p.human)
    assert error == "" and again.game.hands == p.game.hands


def test_practice_bad_token_is_reported_with_its_position() -> None:
    from tutorial.practice import Practice

    p, error = Practice.start("GH2F-M5HRD", ["3", "p"])  # you lead: you cannot pass
    assert "tu acción 2" in error and "no puede pasar" in error
    assert p.human == ["3"]
    p, error = Practice.start("NOPE")
    assert "Empezamos una partida nueva" in error and p.code


def test_history_explains_redeals_and_the_forced_landlord() -> None:
    from tutorial.practice import Practice, history

    # Four deals where nobody bids (you always pass): on the 4th, Oeste opened the auction.
    p, error = Practice.start("0000-57JYY", ["p", "p", "p", "p"])
    p.run_cpus()
    assert error == "" and p.forced_landlord and p.game.landlord == 2 and p.game.base == 1
    text = [ln.text for ln in history(p)]
    assert sum("se reparte de nuevo" in t for t in text) == 3
    assert any("reparto 4 de 4" in t for t in text)
    assert any(t.startswith("Cuarto reparto") and "Oeste abrió" in t and "base 1" in t for t in text)
    # and when you opened the 4th auction, you are the forced landlord
    p, _ = Practice.start("0000-G6V9Q", ["p", "p", "p", "p"])
    p.run_cpus()
    assert p.forced_landlord and p.game.landlord == 0


def test_history_speaks_to_you_and_shows_forced_passes() -> None:
    from tutorial.practice import Practice, history

    p, _ = Practice.start("GH2F-M5HRD", ["3"])
    lines = history(p)
    assert [ln.text for ln in lines[:2]] == ["Oeste puja 2.", "Tú pujas 3."]
    assert lines[2].text.startswith("Eres el terrateniente (base 3)")
    # the kitty as the cards show it (the audit read «recibes el pozo TTJ»)
    assert str(cards_of(Game.from_code("GH2F-M5HRD").kitty)) == "TTJ"
    assert lines[2].text.endswith("recibes el pozo: 10 10 J."), lines[2].text
    # play a whole hand by hints; every play line carries the exact cards, every forced pass says so
    from ddz.ai import hint

    while not p.over:
        p.run_cpus()
        if p.over:
            break
        advice = hint(p.game, 0)
        p.act(advice.action)
    lines = history(p)
    plays = [ln for ln in lines if ln.kind == "play"]
    assert plays and all(ln.ids for ln in plays)
    assert lines[-1].kind == "over"
    for i in p.forced_passes:
        assert p.events[i].kind == "pass" and p.events[i].seat == 0


def test_replay_link_only_once_the_hand_is_over() -> None:
    from tutorial.practice import Practice

    p, _ = Practice.start("GH2F-M5HRD", ["3"])
    assert p.replay_link() is None
    from ddz.ai import Cpu

    while not p.over:
        p.game.apply(Cpu().act(p.game))
    link = p.replay_link()
    assert link is not None and ".".join(p.game.actions) in link


# ---- «Revisa tu partida» ------------------------------------------------------------------------
def _play_out(code: str, choose: object) -> tuple[str, list[str]]:
    """A hand where seat 0 acts by ``choose(game)`` and the CPUs by themselves."""
    from tutorial.practice import Practice

    p, _ = Practice.start(code)
    while not p.over:
        p.run_cpus()
        if p.over:
            break
        p.act(choose(p.game))  # type: ignore[operator]
    return p.code, list(p.game.actions)


def test_review_of_a_hand_played_like_the_cpu_is_all_good() -> None:
    from ddz.ai import hint
    from tutorial.review import FORCED, GOOD, review

    code, actions = _play_out("GH2F-M5HRD", lambda g: hint(g, 0).action)
    items = review(code, actions)
    assert items and all(i.verdict in (GOOD, FORCED) for i in items)
    assert any(i.verdict == GOOD for i in items)
    assert len(items) == sum(1 for s, _ in _seats(code, actions) if s == 0)


def _seats(code: str, actions: list[str]) -> list[tuple[int, str]]:
    from ddz.game import Game

    g, out = Game.from_code(code), []
    for a in actions:
        out.append((g.turn, a))
        g.apply(a)
    return out


def test_review_marks_worse_plays_against_the_solver() -> None:
    """Always playing the last legal play (often the biggest): the review marks what costs plays,
    and every non-good verdict names what the CPU would have done."""
    from ddz.ai.solver import min_plays
    from ddz.game import PASS, Game
    from tutorial.review import FORCED, GOOD, review

    code, actions = _play_out("GH2F-M5HRD", lambda g: str(g.legal_plays()[-1]) if g.legal_plays() else PASS)
    items = review(code, actions)
    bad = [i for i in items if i.verdict not in (GOOD, FORCED)]
    assert bad
    for i in bad:
        assert "La CPU habría" in i.text
    for i in items:  # «te quedan N jugadas» is the solver's count
        if "te quedan" in i.text and i.action != PASS:
            g = Game.from_code(code)
            for a in actions[: i.index]:
                g.apply(a)
            n = min_plays(g.hand(0) - parse(i.action))
            assert f"te quedan {n} jugadas" in i.text


def test_review_names_covering_your_partner() -> None:
    """Source 002's fifth beginner mistake: beating your own partner's play."""
    from ddz.ai import hint
    from ddz.game import PASS
    from tutorial.review import review

    def cover(g: object) -> str:
        from ddz.game import Game

        assert isinstance(g, Game)
        if g.phase == "bidding":
            return PASS
        partner = 3 - (g.landlord or 0) if g.landlord != 0 else -1
        plays = g.legal_plays()
        if g.table is not None and g.table_seat == partner and plays:
            return str(plays[0])
        return hint(g, 0).action

    for code in ("GH2F-M5HRD", "0001-FY3Q0", "0000-0006M", "0002-6A16N"):
        code, actions = _play_out(code, cover)
        found = [i for i in review(code, actions) if i.mistake == "covered_partner"]
        if found:
            assert "taparle las cartas a tu compañero" in found[0].text
            return
    raise AssertionError("no hand where the human could cover a partner")


def test_the_guide_follows_the_engine_hint_and_the_raised_cards() -> None:
    """The guided first hand: what the coach says is computed from the hint."""
    from ddz.ai import hint
    from ddz.codes import ids_for
    from ddz.plays import classify
    from tutorial.practice import GUIDED_CODE, Practice, coach

    p, _ = Practice.start(GUIDED_CODE)
    p.run_cpus()
    text = coach(p, [])
    advice = hint(p.game, 0)
    assert "subasta" in text and f"«Pujar {advice.action}»" in text and advice.reason in text
    p.act(advice.action)
    p.run_cpus()
    advice = hint(p.game, 0)
    play = classify(advice.action)
    text = coach(p, [])
    assert f"Levanta {say_cards(play.shown())}" in text and "Toca cada carta" in text
    raised = ids_for(play.cards, p.game.hands[0])
    assert coach(p, raised).startswith("¡Eso es!")
    assert not coach(p, raised[:-1]).startswith("¡Eso es!") or len(raised) == 1


def test_undo_replays_the_hand_up_to_your_last_decision() -> None:
    from ddz.ai import hint
    from tutorial.practice import Practice

    p, _ = Practice.start("GH2F-M5HRD", ["3"])
    p.run_cpus()
    before = (list(p.game.actions), [list(h) for h in p.game.hands])
    p.act(hint(p.game, 0).action)
    p.run_cpus()
    assert p.can_undo()
    taken = p.undo()
    assert taken and (list(p.game.actions), [list(h) for h in p.game.hands]) == before
    assert p.undone == {1: [taken]} and p.human == ["3"]
    fresh, _ = Practice.start("GH2F-M5HRD")
    assert not fresh.can_undo() and fresh.undo() == ""


def test_tally_counts_hands_by_side_with_streaks() -> None:
    from ddz.ai import hint
    from tutorial.practice import Practice, empty_tally, tally_add, valid_tally

    p, _ = Practice.start("JP8H-S5EXA")
    while not p.over:
        p.run_cpus()
        if not p.over:
            p.act(hint(p.game, 0).action)
    r = p.game.result
    assert r is not None and r.landlord == 0 and r.winner == "landlord" and r.spring
    t = tally_add(tally_add(empty_tally(), p.game), p.game)
    assert t["landlord_won"] == 2 and t["farmer_won"] == t["farmer_lost"] == t["landlord_lost"] == 0
    assert t["springs"] == 2 and t["streak"] == t["best"] == 2
    assert valid_tally(t) == t and valid_tally({"springs": -1}) is None and valid_tally("x") is None


def test_the_apps_difficil_uses_its_helper_and_plays_as_on_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One CPU per level and server (its helper process started once); on two cores «Difícil» plays
    # its playouts there too, and in a whole practice hand makes the moves of a plain «Difícil».
    from ddz.ai import Cpu, hint
    from tutorial import cpus
    from tutorial.practice import HUMAN, Practice
    from tutorial.review import review

    monkeypatch.setattr("os.getloadavg", lambda: (0.5, 0.5, 0.5))
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert cpus.cpu_player("hard").helpers == []  # one core: no helper
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    monkeypatch.setattr("os.getloadavg", lambda: (1.5, 0.5, 0.5))
    assert cpus.cpu_player("hard").helpers == []  # the other core is busy
    monkeypatch.delattr("os.getloadavg")
    assert cpus.cpu_player("hard").helpers == []  # no load average (Windows): no helper
    monkeypatch.setattr("os.getloadavg", lambda: (0.9, 3.0, 3.0), raising=False)
    hard = cpus.cpu_player("hard")
    assert (
        len(hard.helpers) == 1 and cpus.cpu_player("hard") is hard and cpus.cpu_player("normal").helpers == []
    )
    p, error = Practice.start("0000-07QT6", [], "hard")  # a hand of 39 CPU moves at «Normal»
    assert error == ""
    alone, human, moves = Cpu("hard"), Cpu("normal"), 0
    while p.game.phase != OVER:
        if p.game.turn == HUMAN:
            p.game.apply(human.act(p.game))
            continue
        expected = alone.act(p.game)
        p.cpu_step()
        assert p.game.actions[-1] == expected
        moves += 1
    assert moves >= 10 and hard.helpers[0].answered > 0 and not hard.helpers[0].failed
    # the review's hints (and its playouts) use it too
    answered = hard.helpers[0].answered
    review_of = review("0000-07QT6", p.game.actions)
    assert hard.helpers[0].answered > answered
    assert [item.cpu for item in review_of] == [
        hint(_before(p.game.actions, item.index), 0) for item in review_of
    ]


def _before(actions: list[str], index: int) -> Game:
    g = Game.from_code("0000-07QT6")
    for a in actions[:index]:
        g.apply(a)
    return g


def test_cards_left_agrees_in_number() -> None:
    from tutorial.logic import cards_left

    assert cards_left(1, "le") == "le quedaba 1 carta"
    assert cards_left(3, "Te") == "Te quedaban 3 cartas"
