"""ddz.endgame, the exact open-hand solver: checked against a brute-force minimax written apart.

The brute force below knows the rules only through ``tests/oracle.py`` (the independent model of
source 000: every legal play and the comparison rules, never ``ddz``): it tries every move at every
turn, with no cut and no transposition table, and says which side wins and which first moves win.
The solver must agree on every small position hypothesis draws, two-hand and three-hand, leading
or answering a play. Each rule trap (bombs, the rocket, chains, wings, kickers, fours with two) gets
a position whose winner a wrong rule flips.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz import legal_plays
from ddz.endgame import PASS, EndgameError, Position, solve, winner
from ddz.variants import Variant
from tests.oracle import DECK, RANKS, examples, oracle_beats, plays_within

# ---- the brute force ----------------------------------------------------------------------------


def _canon(cards: str) -> str:
    return "".join(sorted(cards, key=RANKS.index))


@cache
def _leads(hand: str) -> tuple[str, ...]:
    """Every legal play that fits in ``hand`` (the oracle's model), in a fixed order."""
    return tuple(sorted(plays_within(hand)))


def without(hand: str, play: str) -> str:
    left = Counter(hand)
    left.subtract(play)
    assert min(left.values()) >= 0
    return _canon("".join(left.elements()))


def _options(hand: str, table: str | None) -> list[str]:
    if table is None:
        return list(_leads(hand))
    return [q for q in _leads(hand) if oracle_beats(q, table)] + [PASS]


def brute_two(me: str, opp: str, table: str | None) -> bool:
    """Whether ``me``, to move (answering ``table``, a play of ``opp``, or leading), wins: every
    move is searched to the end, nothing is cut or remembered."""
    return any(_two_results(me, opp, table).values())


def _two_results(me: str, opp: str, table: str | None) -> dict[str, bool]:
    out = {}
    for m in _options(me, table):
        if m == PASS:
            out[m] = not brute_two(opp, me, None)  # the trick closes: the other one leads
        else:
            rest = without(me, m)
            out[m] = rest == "" or not brute_two(opp, rest, m)
    return out


def brute_three(hands: tuple[str, str, str], turn: int, table: str | None, owner: int) -> bool:
    """Whether the landlord (seat 0) wins; ``table`` is the play of seat ``owner`` to answer (None:
    ``turn`` leads). Farmers win together (R-WIN-1); two passes give the lead back (R-TRICK-3)."""
    results = _three_results(hands, turn, table, owner).values()
    return any(results) if turn == 0 else all(results)


def _three_results(hands: tuple[str, str, str], turn: int, table: str | None, owner: int) -> dict[str, bool]:
    out = {}
    nxt = (turn + 1) % 3
    for m in _options(hands[turn], table):
        if m == PASS:
            if nxt == owner:
                out[m] = brute_three(hands, nxt, None, nxt)
            else:
                out[m] = brute_three(hands, nxt, table, owner)
            continue
        rest = without(hands[turn], m)
        if rest == "":
            out[m] = turn == 0
            continue
        after = list(hands)
        after[turn] = rest
        out[m] = brute_three((after[0], after[1], after[2]), nxt, m, turn)
    return out


# ---- drawing small positions --------------------------------------------------------------------


@st.composite
def two_hand_positions(draw: st.DrawFn, most: int = 8) -> tuple[str, str, str | None]:
    """Two hands of at most ``most`` cards together, and maybe a play of the second on the table."""
    idx = draw(st.lists(st.integers(0, len(DECK) - 1), min_size=2, max_size=most + 4, unique=True))
    cards = [RANKS[DECK[i]] for i in idx]
    n_first = draw(st.integers(1, min(len(cards) - 1, most - 1)))
    first = _canon("".join(cards[:n_first]))
    rest = cards[n_first:]
    n_second = draw(st.integers(1, min(len(rest), most - n_first)))
    second = _canon("".join(rest[:n_second]))
    table = None
    spare = _canon("".join(rest[n_second:]))
    if spare and draw(st.booleans()):
        table = draw(st.sampled_from(_leads(spare)))
    return first, second, table


@st.composite
def three_hand_positions(draw: st.DrawFn, most: int = 8) -> tuple[tuple[str, str, str], int, str | None, int]:
    idx = draw(st.lists(st.integers(0, len(DECK) - 1), min_size=3, max_size=most + 4, unique=True))
    cards = [RANKS[DECK[i]] for i in idx]
    sizes = [1, 1, 1]
    for _ in range(draw(st.integers(0, min(most, len(cards)) - 3))):
        sizes[draw(st.integers(0, 2))] += 1
    hands, at = [], 0
    for n in sizes:
        hands.append(_canon("".join(cards[at : at + n])))
        at += n
    turn = draw(st.integers(0, 2))
    spare = _canon("".join(cards[at:]))
    table, owner = None, turn
    if spare and draw(st.booleans()):
        table = draw(st.sampled_from(_leads(spare)))
        owner = draw(st.sampled_from([s for s in range(3) if s != turn]))
    return (hands[0], hands[1], hands[2]), turn, table, owner


AGREED = Counter[str]()


@settings(max_examples=examples(1200))
@given(two_hand_positions())
def two_hand_agreement(pos: tuple[str, str, str | None]) -> None:
    """One two-hand position: the solver's winner, winning moves and refutations are the brute force's."""
    first, second, table = pos
    results = _two_results(first, second, table)
    s = solve(Position.two(first, second, table=table))
    assert s.winner == ("first" if any(results.values()) else "second"), pos
    assert set(s.winning_moves) == {m for m, won in results.items() if won}, pos
    assert {m for m, _ in s.refutations} == {m for m, won in results.items() if not won}, pos
    p = Position.two(first, second, table=table)
    _check_line(p, s.line, s.winner)
    for m, line in s.refutations:
        assert line[0] == m
        _check_line(p, line, "second")
    AGREED["two"] += 1


@settings(max_examples=examples(800))
@given(three_hand_positions())
def three_hand_agreement(
    pos: tuple[tuple[str, str, str], int, str | None, int],
) -> None:
    """One three-hand position, the same checks."""
    hands, turn, table, owner = pos
    results = _three_results(hands, turn, table, owner)
    landlord = any(results.values()) if turn == 0 else all(results.values())
    p = Position.three(*hands, turn=turn, table=table, table_seat=owner if table else None)
    s = solve(p)
    assert s.winner == ("landlord" if landlord else "farmers"), pos
    mover_wins = (lambda won: won) if turn == 0 else (lambda won: not won)
    assert set(s.winning_moves) == {m for m, won in results.items() if mover_wins(won)}, pos
    _check_line(p, s.line, s.winner)
    loser = "farmers" if turn == 0 else "landlord"
    for m, line in s.refutations:
        assert line[0] == m
        _check_line(p, line, loser)
    AGREED["three"] += 1


def _check_line(p: Position, line: tuple[str, ...], side: str) -> None:
    """Every move of the line is legal under the oracle's model and the line ends with ``side`` out."""
    hands = [str(h) for h in p.hands]
    table = None if p.table is None else str(p.table.cards)
    turn, owner = p.turn, p.table_seat
    for m in line:
        assert m in _options(hands[turn], table), (line, m)
        n = len(hands)
        if m == PASS:
            turn = (turn + 1) % n
            if turn == owner:
                table = None
            continue
        hands[turn] = without(hands[turn], m)
        if hands[turn] == "":
            assert p.side(turn) == side and m == line[-1], line
            return
        table, owner, turn = m, turn, (turn + 1) % n
    raise AssertionError(f"the line {line} does not end the hand")


@pytest.mark.parametrize("first,second", [("557JK", "4TAA"), ("556TQ", "4492"), ("668JQ", "4822")])
def test_passing_with_an_answer_in_hand(first: str, second: str) -> None:
    """Positions (found by search, 9 cards: the property tests draw at most 8) where a hand deep in
    the line must pass although it holds an answer (R-TRICK-2: answering is never forced)."""
    assert winner(Position.two(first, second)) == ("first" if brute_two(first, second, None) else "second")


def test_the_solver_agrees_with_the_brute_force_on_2000_positions() -> None:
    """Both property checks in one test (so that no other test's order matters, under xdist too): the
    solver and the brute force agree on every position drawn, at least 2,000 of them together."""
    AGREED.clear()
    two_hand_agreement()
    three_hand_agreement()
    assert sum(AGREED.values()) >= examples(2000), AGREED


# ---- variants: the solver follows legal_plays of the variant ------------------------------------


def _brute_two_engine(me: str, opp: str, table: str | None, v: Variant) -> bool:
    """The brute force again, with the plays of ddz.legal_plays under a variant (the oracle knows only
    the standard rules)."""
    options = [str(p.cards) for p in legal_plays(me, table, v)] + ([PASS] if table else [])
    for m in options:
        if m == PASS:
            if not _brute_two_engine(opp, me, None, v):
                return True
            continue
        rest = without(me, m)
        if rest == "" or not _brute_two_engine(opp, rest, m, v):
            return True
    return False


@pytest.mark.parametrize("flag", ["jokers_as_kickers", "trio_as_kickers", "four_two_distinct_singles"])
@settings(max_examples=examples(60))
@given(pos=two_hand_positions(most=7))
def test_variants_agree_with_a_brute_force_over_legal_plays(
    flag: str, pos: tuple[str, str, str | None]
) -> None:
    first, second, table = pos
    v = Variant.parse(flag)
    if table is not None and table not in {str(p.cards) for p in legal_plays(table, None, v)}:
        return
    expected = "first" if _brute_two_engine(first, second, table, v) else "second"
    assert winner(Position.two(first, second, table=table, variant=v)) == expected


def test_a_variant_changes_the_winner() -> None:
    """4444BR is one play only when both jokers may kick together (jokers_as_kickers): going out at
    once beats a second hand that answers everything else."""
    pos = Position.two("4444BR", "5555", variant="jokers_as_kickers")
    assert solve(pos).winner == "first" and solve(pos).move == "4444BR"
    assert solve(Position.two("4444BR", "5555")).move == "BR"  # the rocket first, then 4444
    assert solve(Position.two("444455BR", "6666")).winner == "first"


# ---- the rule traps -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first,second,table,side,move,why",
    [
        ("44446", "7", "3333", "first", "4444", "R-CMP-3: the higher bomb beats the lower one"),
        ("4455668", "9", "334455", "first", "445566", "R-CMP-1: a higher pair straight of three pairs"),
        ("55566679T", "8", "33344456", "first", "55566679", "R-KIND-9: an airplane with single wings"),
        ("6667778899J", "K", "33344455TT", "first", "6667778899", "R-KIND-10: an airplane with pair wings"),
        ("AAA222", "3", "QQQKKK", "second", None, "R-CHAIN-1: AAA222 is no airplane"),
        ("33335555", "6666", None, "second", None, "R-ONE-2: 33335555 is no four with two pairs"),
        ("4BR", "3", "2222", "first", "BR", "R-CMP-4: the rocket beats a bomb"),
        ("44443", "BR", "2", "second", None, "R-CMP-4: nothing beats the rocket"),
        ("KKK3", "Q", "QQQB", "first", "3KKK", "R-CMP-2: the kickers add nothing"),
        ("555566", "7", "444433", "first", "555566", "R-CMP-5: 555566 beats 444433"),
        ("666678", "9", "334455", "second", None, "R-ONE-1: a four with two is no bomb"),
    ],
)
def test_rule_traps(
    first: str, second: str, table: str | None, side: str, move: str | None, why: str
) -> None:
    s = solve(Position.two(first, second, table=table))
    assert s.winner == side, why
    if move is not None:
        assert move in s.winning_moves, why
    assert brute_two(_canon(first), _canon(second), table and _canon(table)) == (side == "first"), why


def test_three_hand_farmers_win_together() -> None:
    """R-WIN-1: farmer 1 cannot go out over the landlord's 9, but passing lets farmer 2 win for both;
    and a farmer does not beat the partner's winning play (R-TRICK-3)."""
    p = Position.three("9Q", "3", "T", turn=1, table="9", table_seat=0)
    s = solve(p)
    assert s.winner == "farmers" and s.winning_moves == ("p",)
    assert s.line == ("p", "T")
    lead = Position.three("KA", "3", "4", turn=0)  # the landlord leads K, then A: out before anyone
    assert solve(lead).winner == "landlord" and solve(lead).line[:1] == ("K",)


# ---- the API ------------------------------------------------------------------------------------


def test_solutions_are_deterministic_and_frozen() -> None:
    p = Position.two("3456789TJKK2", "334455QQAA2")
    a = solve(p)
    from ddz.endgame import clear_caches

    clear_caches()
    b = solve(p)
    assert (a.winner, a.move, a.line, a.winning_moves, a.refutations) == (
        b.winner,
        b.move,
        b.line,
        b.winning_moves,
        b.refutations,
    )
    with pytest.raises(AttributeError):
        a.winner = "second"  # type: ignore[misc]


def test_play_walks_the_line_and_refuses_illegal_moves() -> None:
    p = Position.two("44446", "7", table="3333")
    assert p.moves() == ["4444", "p"]
    after = p.play("4444")
    assert after.table is not None and after.turn == 1 and after.moves() == ["p"]
    assert after.play("p").table is None and after.play("p").turn == 0
    assert after.play("p").play("6").winner == "first"
    with pytest.raises(EndgameError) as e:
        p.play("6")
    assert e.value.code == "illegal_move"
    with pytest.raises(EndgameError) as e:
        after.play("p").play("p")
    assert e.value.code == "must_lead"


@pytest.mark.parametrize(
    "make,code",
    [
        (lambda: Position.two("", "3"), "empty_hand"),
        (lambda: Position.two("3X", "3"), "bad_hand"),
        (lambda: Position.two("3333", "3"), "too_many_copies"),
        (lambda: Position.two("3", "4", table="34"), "bad_table"),
        (lambda: Position.two("333", "4", table="33"), "too_many_copies"),
        (lambda: Position.three("3", "4", "5", turn="dealer"), "bad_seat"),
        (lambda: Position.three("3", "4", "5", table="6"), "table_without_seat"),
        (lambda: Position.three("3", "4", "5", table_seat=1), "seat_without_table"),
        (lambda: Position.three("3", "4", "5", table="6", table_seat=0), "own_table"),
        (lambda: solve(Position.two("3456789TJQKA2", "3456789TJQKA"), max_nodes=5), "too_hard"),
    ],
)
def test_bad_positions_raise_a_coded_error(make: object, code: str) -> None:
    with pytest.raises(EndgameError) as e:
        make()  # type: ignore[operator]
    assert e.value.code == code and e.value.message
