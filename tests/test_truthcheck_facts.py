"""The independent facts of ``truthcheck/`` agree with the engine on thousands of hands.

``truthcheck`` is written from source 000 alone and never imports ``ddz``; here, and only here, the
two meet: every fact is compared with the engine's own answer (``legal_plays``, ``beats``,
``classify``/``analyze``, ``min_plays``) on seeded random hands and hypothesis draws. The facts the
engine has no counterpart for (what a plan spends, what the unseen cards may hold) are checked on
examples built by hand from the seed and against an explicit enumeration of every split of the
unseen cards. The ``slow`` variants run the same checks on more hands.
"""

from __future__ import annotations

import ast
import itertools
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz import analyze, beats, classify, legal_plays
from ddz.ai.solver import decompose, min_plays
from ddz.plays import Play
from tests.oracle import examples, hands_against, table_plays
from truthcheck import facts
from truthcheck.rules import COPIES, DECK, KINDS, RANKS, all_legal, counts_of, plays_by_kind, to_str

ROOT = Path(__file__).resolve().parents[1]


def _hand(rng: random.Random, lo: int = 1, hi: int = 20) -> str:
    return to_str(rng.sample(DECK, rng.randint(lo, hi)))


# --- independence -----------------------------------------------------------------------------


def test_truthcheck_imports_only_the_standard_library_and_itself() -> None:
    """A checker that shares its maker's helpers shares its blind spots: the facts import no ``ddz``,
    no ``tutorial`` (the verifiers in ``claims.py`` read the position from the game, and their facts
    from here)."""
    found: set[str] = set()
    files = [ROOT / "truthcheck" / name for name in ("__init__.py", "rules.py", "facts.py", "wording.py")]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                found.add((node.module or "").split(".")[0])
    assert found - {"__future__"} <= set(sys.stdlib_module_names), found


# --- plays, comparison, kinds -------------------------------------------------------------------


def _check_leads(rng: random.Random, n: int) -> int:
    for _ in range(n):
        hand = _hand(rng)
        assert facts.plays_in(hand) == {str(p) for p in legal_plays(hand)}, hand
    return n


def test_plays_in_agrees_with_legal_plays_on_leads() -> None:
    assert _check_leads(random.Random(25), 800) == 800


@pytest.mark.slow
def test_plays_in_agrees_with_legal_plays_on_leads_soak() -> None:
    _check_leads(random.Random(2501), 10_000)


def _table_and_hand(rng: random.Random) -> tuple[str, str]:
    """A table play of a kind drawn uniformly, and a hand from the other cards that holds an answer
    of the same shape half the time."""
    kind = rng.choice(KINDS)
    table = rng.choice(plays_by_kind()[kind])
    rest = Counter(DECK)
    rest.subtract(Counter(RANKS.index(ch) for ch in table))
    pool = list(rest.elements())
    hand: list[int] = []
    if rng.random() < 0.5:
        shape = [p for p in plays_by_kind()[kind] if len(p) == len(table)]
        answer = [RANKS.index(ch) for ch in rng.choice(shape)]
        if not Counter(answer) - Counter(pool):
            hand = answer
            left = Counter(pool)
            left.subtract(Counter(answer))
            pool = list(left.elements())
    hand += rng.sample(pool, rng.randint(0, min(len(pool), 20 - len(hand))))
    return table, to_str(hand)


def _check_follows(rng: random.Random, n: int) -> int:
    some = 0
    for _ in range(n):
        table, hand = _table_and_hand(rng)
        got = facts.answers(hand, table)
        assert got == {str(p) for p in legal_plays(hand, table)}, (hand, table)
        some += bool(got)
    return some


def test_answers_agree_with_legal_plays_on_follows() -> None:
    some = _check_follows(random.Random(26), 800)
    assert 150 < some < 650, "both empty and non-empty answers are drawn often"


@pytest.mark.slow
def test_answers_agree_with_legal_plays_on_follows_soak() -> None:
    _check_follows(random.Random(2601), 10_000)


@settings(max_examples=examples(300))
@given(st.data())
def test_answers_agree_with_legal_plays_hypothesis(data: st.DataObject) -> None:
    table = data.draw(table_plays())
    hand = data.draw(hands_against(table))
    assert facts.answers(hand, table) == {str(p) for p in legal_plays(hand, table)}


def _check_beats(rng: random.Random, n: int) -> tuple[int, int]:
    yes = 0
    for _ in range(n):
        a = rng.choice(plays_by_kind()[rng.choice(KINDS)])
        kind = all_legal()[a] if rng.random() < 0.6 else rng.choice(KINDS)
        same = [p for p in plays_by_kind()[kind] if len(p) == len(a)] or plays_by_kind()[kind]
        b = rng.choice(same)
        want = beats(a, b)
        assert facts.beats(a, b) == want, (a, b)
        yes += want
    return yes, n


def test_beats_agrees_with_the_engine() -> None:
    yes, n = _check_beats(random.Random(27), 6000)
    assert 1000 < yes < n - 1000


@pytest.mark.slow
def test_beats_agrees_with_the_engine_soak() -> None:
    _check_beats(random.Random(2701), 50_000)


def test_beats_on_the_sources_own_examples() -> None:
    """000 ¶18-¶20, read by hand: kickers add nothing, kind and length must match, bombs and rocket."""
    assert facts.beats("KKK3", "QQQR") and not facts.beats("QQQR", "KKK3")
    assert facts.beats("555566", "444433")
    assert not facts.beats("34567", "33344") and not facts.beats("345678", "34567")
    assert not facts.beats("3333", "2222") and facts.beats("2222", "3333")
    assert facts.beats("3333", "AAA2") and facts.beats("BR", "2222") and not facts.beats("2222", "BR")
    assert not facts.beats("444455", "33") and not facts.beats("44445566", "KK")


def test_kind_of_agrees_with_classify_on_every_play_of_the_game() -> None:
    legal = all_legal()
    assert len(legal) == 24639
    for play in legal:
        assert facts.kind_of(play) == classify(play).kind, play


def _near_plays(rng: random.Random, n: int) -> list[str]:
    """Card sets that are plays or one card away from one (most random sets are far from any)."""
    out: list[str] = []
    plays = sorted(all_legal())
    for _ in range(n):
        base = Counter(rng.choice(plays))
        move = rng.random()
        if move < 0.4:
            base[rng.choice(RANKS)] += 1
        elif move < 0.8:
            base[rng.choice(list(base.elements()))] -= 1
        out.append(facts.canon(+base))
    return out + [_hand(rng) for _ in range(n)]


def _check_kinds(rng: random.Random, n: int) -> tuple[int, int]:
    plays = 0
    for cards in _near_plays(rng, n):
        if not cards or any(n > c for n, c in zip(counts_of(cards), COPIES)):
            continue  # no such set of cards in the deck
        got = analyze(cards)
        want = got.kind if isinstance(got, Play) else None
        assert facts.kind_of(cards) == want, cards
        plays += want is not None
    return plays, n


def test_kind_of_agrees_with_analyze_near_plays() -> None:
    plays, n = _check_kinds(random.Random(28), 4000)
    assert 500 < plays < 2 * n - 500


def test_kind_of_reads_the_sources_restrictions() -> None:
    """000 ¶16, read by hand: one reading only."""
    assert facts.kind_of("444455") == "four_two_singles"
    assert facts.kind_of("44445566") == "four_two_pairs"
    assert facts.kind_of("44445555") is None  # a four split into two kicker pairs
    assert facts.kind_of("3333") == "bomb" and facts.kind_of("33334") is None
    assert facts.kind_of("7777 5") is None and facts.kind_of("777 5") == "trio_single"
    assert facts.kind_of("333444555666") == "airplane"
    assert facts.kind_of("333444BR") is None and facts.kind_of("333444 5B") == "airplane_singles"
    assert facts.kind_of("BR") == "rocket" and facts.kind_of("JQKA2") is None
    assert facts.kind_of("3456789TJQKA") == "straight" and facts.kind_of("") is None


def test_body_kickers_and_ranking_card() -> None:
    """KKK + 2: the 2 is a kicker and carries no strength («el K recupera la salida»)."""
    assert (facts.body_of("KKK2"), facts.kickers_of("KKK2"), facts.ranking_card("KKK2")) == ("KKK", "2", "K")
    assert (facts.body_of("444455"), facts.kickers_of("444455")) == ("4444", "55")
    assert facts.ranking_card("333444 56") == "4" and facts.ranking_card("BR") == "R"
    with pytest.raises(ValueError, match="not a legal play"):
        facts.body_of("44445555")


# --- fewest plays and plans ---------------------------------------------------------------------


def _built_hand(rng: random.Random, most: int = 20) -> str:
    """A hand made of a few plays of kinds drawn uniformly (so bombs, airplanes and four-with-twos
    are often the plays that empty it), plus a few random cards."""
    left = Counter(DECK)
    hand: Counter[int] = Counter()
    for _ in range(rng.randint(1, 5)):
        play = Counter(RANKS.index(ch) for ch in rng.choice(plays_by_kind()[rng.choice(KINDS)]))
        if not play - left and hand.total() + play.total() <= most:
            hand += play
            left -= play
    extra = rng.sample(list(left.elements()), rng.randint(0, min(3, most - hand.total())))
    return to_str([*hand.elements(), *extra])


def _check_fewest(rng: random.Random, n: int) -> None:
    for i in range(n):
        hand = (_hand(rng, 17, 20), _hand(rng), _built_hand(rng))[i % 3]
        assert facts.fewest_plays(hand) == min_plays(hand), hand


def test_fewest_plays_agrees_with_the_solver() -> None:
    _check_fewest(random.Random(29), 150)


@pytest.mark.slow
def test_fewest_plays_agrees_with_the_solver_soak() -> None:
    _check_fewest(random.Random(2901), 3000)


def test_fewest_plays_on_hands_read_by_hand() -> None:
    assert facts.fewest_plays("") == 0 and facts.fewest_plays("3") == 1
    assert facts.fewest_plays("3334445556BR") == 2  # 3334446B + 555R
    assert facts.fewest_plays("34567 89") == 1 and facts.fewest_plays("3 5") == 2
    assert facts.fewest_plays("9999 5678T J") == 2  # 56789TJ + 999
    assert facts.fewest_plays("3333") == 1 and facts.fewest_plays("3333 BR") == 2  # bomb + rocket
    assert facts.fewest_plays("4444 3 5") == 1 and facts.fewest_plays("4444 B R 5") == 2  # 44445B + R


def test_the_engines_plans_are_fewest_plans_and_broken_ones_are_not() -> None:
    rng = random.Random(30)
    for _ in range(200):
        hand = _hand(rng, 5, 20)
        plan = [str(p) for p in decompose(hand)]
        assert facts.is_fewest_plan(hand, plan), (hand, plan)
        assert not facts.is_fewest_plan(hand, [*plan, "3"])  # one card too many
        assert not facts.is_fewest_plan(hand, plan[:-1])  # one play's cards missing
        singles = list(hand)
        assert facts.is_plan(hand, singles)
        assert facts.is_fewest_plan(hand, singles) == (len(hand) == facts.fewest_plays(hand))
    assert not facts.is_plan("44445555", ["44445555"])  # the cards, but no play


def _engine_plans(hand: str, n: int) -> set[tuple[str, ...]]:
    """Every plan of ``n`` plays, enumerated with the engine's own generator (test-only)."""
    out: set[tuple[str, ...]] = set()

    def walk(rest: Counter[str], left: int, done: tuple[str, ...]) -> None:
        if not rest:
            if left == 0:
                out.add(tuple(sorted(done)))
            return
        if left == 0:
            return
        low = facts.canon(rest)[0]
        for p in legal_plays(facts.canon(rest)):
            if low in str(p):
                walk(rest - Counter(str(p)), left - 1, (*done, str(p)))

    walk(Counter(hand), n, ())
    return out


def test_plans_are_every_plan_the_engines_generator_finds() -> None:
    rng = random.Random(31)
    for i in range(120):
        hand = _hand(rng, 2, 11) if i % 2 else _built_hand(rng, 11)
        best = facts.fewest_plays(hand)
        for n in (best, best + 1):
            mine = {tuple(sorted(p)) for p in facts.plans(hand, n)}
            assert mine == _engine_plans(hand, n), (hand, n)
            assert all(facts.is_plan(hand, list(p)) and len(p) == n for p in mine)
    assert facts.plans("33", 3) == [] and facts.plans("3", 1) == [["3"]]


def test_spends_names_kickers_bombs_and_broken_fours() -> None:
    """Hand 9999 5678T J («ese plan juega los cuatro 9 en 5 6 7 8 9 10 J»): the shortest
    plan plays one 9 in the straight and three as a trio, so the bomb is broken."""
    s = facts.spends(["56789TJ", "999"])
    assert s["split_fours"] == "9" and s["bombs"] == "" and s["kickers"] == ""
    assert s["where"]["9"] == [("56789TJ", 1), ("999", 3)]
    s = facts.spends(["2KKK", "BR", "444455"])
    assert s["kickers"] == "552" and s["bodies"] == "4444KKKBR" and s["rocket"]
    assert s["fours_with_kickers"] == "4" and s["split_fours"] == "" and s["bombs"] == ""
    s = facts.spends(["9999", "333B", "R"])
    assert s["bombs"] == "9" and s["kickers"] == "B" and not s["rocket"]
    assert s["where"]["B"] == [("333B", 1)]


def test_plans_keeping_answers_the_issues_claims() -> None:
    # «guardas la bomba de 9»: no 2-play plan keeps it; keeping it costs 7 plays (bomb + 6 singles).
    hand = "9999 5678T J"
    assert facts.plans_keeping(hand, 2, "9999") is None
    assert facts.plans_keeping(hand, 6, "9999") is None
    kept = facts.plans_keeping(hand, 7, "9999")
    assert kept is not None and "9999" in kept
    # «guardas dos doses»: 33322 is one play only by spending the 2s as kickers.
    assert facts.fewest_plays("33322") == 1
    assert facts.plans_keeping("33322", 1, "22") is None
    assert sorted(facts.plans_keeping("33322", 2, "22") or []) == ["22", "333"]
    # «guardas el comodín pequeño»: 555B is one play with B as a kicker.
    assert facts.plans_keeping("555B", 1, "B") is None and facts.plans_keeping("555B", 2, "B") is not None
    # 333 + B R: two plays either way; one of them keeps the rocket.
    assert facts.fewest_plays("333BR") == 2
    assert sorted(facts.plans_keeping("333BR", 2, "BR") or []) == ["333", "BR"]
    assert facts.exists_plan("333BR", 2, lambda p: "B" in facts.spends(p)["kickers"]) is not None
    # 444455 is one four-with-two: keeping the bomb takes a second play.
    assert facts.plans_keeping("444455", 1, "4444") is None
    assert sorted(facts.plans_keeping("444455", 2, "4444") or []) == ["4444", "55"]


# --- what the other seats may hold --------------------------------------------------------------


def test_unseen_is_the_deck_minus_what_was_seen() -> None:
    assert len(facts.unseen()) == 54 and facts.unseen(facts.unseen()) == ""
    assert facts.unseen("3" * 4, "BR").count("3") == 0 and "B" not in facts.unseen("B")
    assert len(facts.unseen("34567", "89")) == 47
    with pytest.raises(ValueError):
        facts.unseen("333", "33")


def _splits(unseen: str, counts: dict[int, int], known: dict[int, str] | None = None) -> list[dict[int, str]]:
    """Every way of dealing ``counts[seat]`` of the unseen cards to each seat, each seat's ``known``
    cards first (test-only, explicit)."""
    known = known or {}
    free = Counter(unseen) - Counter("".join(known.values()))
    out: list[dict[int, str]] = [{}]
    for seat, n in counts.items():
        grown = []
        mine = known.get(seat, "")
        for done in out:
            dealt = Counter("".join(h[len(known.get(o, "")) :] for o, h in done.items()))
            left = list(facts.canon(free - dealt))
            for combo in sorted(set(itertools.combinations(left, n - len(mine)))):
                grown.append({**done, seat: mine + "".join(combo)})
        out = grown
    return out


def _by_splits(play: str, unseen: str, counts: dict[int, int], known: dict[int, str] | None = None) -> bool:
    """Some split gives some seat a play the engine says beats ``play``."""
    return any(legal_plays(h, play) for split in _splits(unseen, counts, known) for h in split.values())


def _check_splits(rng: random.Random, n: int) -> Counter[bool]:
    """Unseen cards from three ranks and the jokers, two seats; the table play is any play of at most
    5 cards or, half the time, one made of those ranks (so answers of its kind are often there). A
    third of the time seat 1 is known to hold some of the unseen cards (a landlord's kitty cards)."""
    small = sorted(p for p in all_legal() if len(p) <= 5)
    outcome: Counter[bool] = Counter()
    for _ in range(n):
        ranks = [*rng.sample(range(13), 3), 13, 14]
        pool = [r for r in DECK if r in ranks]
        unseen = to_str(rng.sample(pool, rng.randint(1, 8)))
        a = rng.randint(0, len(unseen))
        counts = {1: a, 2: rng.randint(0, len(unseen) - a)}
        known = {1: "".join(rng.sample(unseen, rng.randint(0, min(a, 3))))} if rng.random() < 1 / 3 else {}
        near = [p for p in small if all(RANKS.index(ch) in ranks for ch in p)]
        play = rng.choice(near if rng.random() < 0.5 else small)
        want = _by_splits(play, unseen, counts, known)
        got = facts.can_be_beaten_by_unseen(play, unseen, counts, known)
        assert got == want, (play, unseen, counts, known)
        outcome[want] += 1
    return outcome


def test_can_be_beaten_by_unseen_agrees_with_every_split() -> None:
    outcome = _check_splits(random.Random(32), 1500)
    assert min(outcome[True], outcome[False]) > 250, outcome  # about 320 beaten, 1180 not


@pytest.mark.slow
def test_can_be_beaten_by_unseen_agrees_with_every_split_soak() -> None:
    _check_splits(random.Random(3201), 15_000)


def test_can_be_beaten_by_unseen_on_examples() -> None:
    assert not facts.can_be_beaten_by_unseen("BR", facts.unseen("BR"), {1: 17, 2: 17})
    assert facts.can_be_beaten_by_unseen("2", "R", {1: 1})
    assert facts.can_be_beaten_by_unseen("2", "3333", {1: 4}) and not facts.can_be_beaten_by_unseen(
        "2", "3333", {1: 3, 2: 1}
    )  # the bomb is unseen, but no seat can hold all four
    # KKK + 2: a higher trio with a kicker, which only a seat of 4 cards can hold, or the
    # rocket, which a seat of 2 can.
    assert facts.unseen_answers("KKK2", "AAA3 BR", {1: 4, 2: 2}) == {"3AAA", "AAAB", "AAAR", "BR"}
    assert facts.unseen_answers("KKK2", "AAA3 BR", {1: 2, 2: 4}) == {"3AAA", "AAAB", "AAAR", "BR"}
    assert facts.unseen_answers("KKK2", "AAA3 BR", {1: 3, 2: 3}) == {"BR"}
    assert facts.unseen_answers("KKK2", "AAA3 BR", {1: 1, 2: 1}) == set()
    # The landlord (0) holds its kitty cards 9 9 9 and nothing else, so the fourth 9 makes
    # no bomb anywhere; without that knowledge the 9 9 9 9 could be in the seat of five cards.
    assert facts.unseen_answers("2", "9999 4567 R", {0: 3, 2: 5}, {0: "999"}) == {"R"}
    assert facts.unseen_answers("2", "9999 4567 R", {0: 3, 2: 5}) == {"R", "9999"}
    assert facts.unseen_answers("2", "9999 4567 R", {0: 4, 2: 4}, {0: "999"}) == {"R", "9999"}
    with pytest.raises(ValueError):
        facts.can_be_beaten_by_unseen("2", "33", {1: 2, 2: 1})


# --- input --------------------------------------------------------------------------------------


def test_cards_in_any_order_spaces_or_a_counter() -> None:
    assert facts.plays_in("k k 3") == facts.plays_in(Counter("3KK")) == {"3", "K", "KK"}
    assert facts.canon("R B 2 3") == "32BR" and facts.kind_of(Counter("KKK3")) == "trio_single"
    with pytest.raises(ValueError, match="unknown card"):
        facts.plays_in("10")
    with pytest.raises(ValueError, match="more copies"):
        facts.fewest_plays("33333")
