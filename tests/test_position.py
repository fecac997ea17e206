"""``Game`` as a position (python-chess's ``Board``): a valid start, the position text read back to
an equal game with the same views, ``==``/``hash``/``repr`` by position, strict seat and base types."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz import Game, GameError
from ddz.cards import FULL_DECK, Cards
from ddz.codes import DATA_LEN, cards_of, encode
from ddz.game import PositionError
from ddz.messages import CATALOG

VARIANTS = ["standard", "standard+four_two_distinct_singles+jokers_as_kickers", "standard+unlimited_redeals"]


def _played_to(seed: int, stop: int, variant: str) -> Game:
    """A game from the deal code of ``seed``, random legal actions until ``stop`` or the end."""
    g = Game(encode(seed), variant)
    rng = random.Random(seed ^ stop)
    for _ in range(stop):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _views(g: Game) -> dict[str, object]:
    """Everything a player or a program derives from a game (the history apart)."""
    return {
        "phase": g.phase,
        "turn": g.turn,
        "is_over": g.is_over,
        "hands": [g.hand(s) for s in range(3)],
        "unseen": [g.unseen_cards(s) for s in range(3)],
        "counter": [g.unseen(s) for s in range(3)],
        "table": None if g.table is None else str(g.table),
        "table_seat": g.table_seat,
        "leading": g.leading,
        "landlord": g.landlord,
        "base": g.base,
        "multiplier": g.multiplier,
        "kitty": cards_of(g.kitty),
        "legal": g.legal_actions(),
        "outcome": g.outcome(),
        "seat_views": [(v.turn, v.table, v.table_seat, v.counts, v.unseen) for v in map(g.view, range(3))],
    }


seeds = st.integers(0, 2 ** (5 * DATA_LEN) - 1)
stops = st.integers(0, 120)


@settings(max_examples=150)
@given(seeds, stops, st.sampled_from(VARIANTS))
def test_every_reachable_position_reads_back_to_an_equal_game(seed: int, stop: int, variant: str) -> None:
    g = _played_to(seed, stop, variant)
    text = g.position()
    back = Game.from_position(text)
    assert back.position() == text
    assert back == g
    assert _views(back) == _views(g)
    assert eval(repr(g)) == g and len(repr(g)) < 200
    # The same actions from here keep both games equal, to the end of the hand.
    rng = random.Random(seed)
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        g.apply(action)
        back.apply(action)
        assert back == g and _views(back) == _views(g)


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), stops)
def test_positions_of_explicit_hands_read_back(rng: random.Random, stop: int) -> None:
    deck = [r for r, n in enumerate(FULL_DECK.counts) for _ in range(n)]
    rng.shuffle(deck)
    hands = [Cards.from_ranks(deck[i * 17 : i * 17 + 17]) for i in range(3)]
    g = Game.from_hands(hands, Cards.from_ranks(deck[51:]), rng.randrange(3), rng.randrange(4))
    for _ in range(stop):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    back = Game.from_position(g.position())
    assert back == g and _views(back) == _views(g)


def test_the_counter_of_a_rebuilt_game_sees_the_cards_already_played() -> None:
    g = Game("003N-QK8N1")
    g.skip_bidding(0, 1)
    lead = str(g.legal_plays()[0])
    g.apply(lead)
    back = Game.from_position(g.position())
    for s in (1, 2):
        assert back.unseen_cards(s) == g.unseen_cards(s)
        assert len(g.unseen_cards(s)) == 54 - 17 - len(Cards(lead)) - 3  # the kitty (567) is seen


def test_after_a_trick_closes_the_winner_stays_the_table_seat() -> None:
    g = Game("003N-QK8N1")
    g.skip_bidding(1, 1)
    g.apply(str(g.legal_plays()[0]))
    g.apply("p")
    g.apply("p")
    assert g.table is None and g.table_seat == 1 == g.turn
    assert Game.from_position(g.position()).table_seat == 1


def test_the_landlords_played_cards_are_in_the_position() -> None:
    """Which kitty ranks the landlord may still hold depends on what it played, not only on the hands."""
    g = Game("003N-QK8N1")
    g.skip_bidding(0, 1)
    g.apply(str(g.legal_plays()[0]))
    counts, _, lord = g.position().split(" ")[8].partition(":")
    assert counts == "1,0,0" and Cards(lord) == g.landlord_played and lord


def test_a_bare_game_is_a_valid_start() -> None:
    g = Game()
    assert g.phase == "bidding" and g.code is not None and g.legal_actions() == ["p", "1", "2", "3"]
    g.apply("1")  # a bare Game() used to raise IndexError here
    assert g.auction == [1]
    assert Game("003N-QK8N1") == Game.from_code("003N-QK8N1")
    assert Game() != Game()  # two fresh random deals


def test_equality_is_by_position_not_history() -> None:
    a, b = Game("003N-QK8N1"), Game("003N-QK8N1")
    a.skip_bidding(0)
    a.apply(str(a.legal_plays()[0]))
    b.skip_bidding(0)
    b2 = Game.from_position(a.position())
    assert a == b2 and a.actions != b2.actions and b2.actions == []
    assert a != b and len({a.position(), b2.position()}) == 1
    assert (a == "not a game") is False


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda g: g.hand(-1), "bad_seat"),
        (lambda g: g.hand(3), "bad_seat"),
        (lambda g: g.hand(True), "bad_seat"),
        (lambda g: g.hand(1.0), "bad_seat"),
        (lambda g: g.unseen(-1), "bad_seat"),
        (lambda g: g.view(True), "bad_seat"),
        (lambda g: g.apply("p", seat=True), "bad_seat"),
        (lambda g: g.apply("p", seat=0.0), "bad_seat"),
        (lambda g: g.skip_bidding(0, base=3.0), "bad_action"),
        (lambda g: g.skip_bidding(True), "bad_action"),
        (lambda g: g.skip_bidding(0, base=True), "bad_action"),
    ],
)
def test_seats_and_bases_are_ints(call: object, code: str) -> None:
    g = Game("003N-QK8N1")
    before = g.position()
    with pytest.raises(GameError) as exc:
        call(g)  # type: ignore[operator]
    assert exc.value.code == code and str(exc.value) and g.position() == before
    assert f"game.{code}" in CATALOG


def _first_fields() -> list[str]:
    g = Game("003N-QK8N1")
    g.skip_bidding(0, 2)
    g.apply(str(g.legal_plays()[0]))
    return g.position().split(" ")


@pytest.mark.parametrize(
    ("index", "value", "code"),
    [
        (3, "+1", "seat"),
        (3, "١", "seat"),
        (5, "+0", "number"),
        (5, "00", "number"),
        (5, "٠", "number"),
        (6, "0x+2", "number"),
        (6, "0x٢", "number"),
        (8, "1_0,0,0", "number"),
        (8, "1,0,0", "rule"),  # the landlord's played cards are missing
        (2, "Playing", "field"),
        (10, "jokers_as_kickers", "field"),
        (11, "003n-qk8n1", "field"),
        (4, "0:٣", "field"),
    ],
)
def test_only_the_written_form_is_read(index: int, value: str, code: str) -> None:
    fields = _first_fields()
    assert Game.from_position(" ".join(fields)).position() == " ".join(fields)
    fields[index] = value
    with pytest.raises(PositionError) as exc:
        Game.from_position(" ".join(fields))
    assert exc.value.code == code and f"position.{code}" in CATALOG
    assert isinstance(exc.value, ValueError) and str(exc.value) == exc.value.message


def test_position_errors_are_coded_spanish() -> None:
    unreadable = " ".join(["Z", *_first_fields()[1:]])
    for bad, code in [(5, "type"), ("a b", "fields"), (unreadable, "unreadable")]:
        with pytest.raises(PositionError) as exc:
            Game.from_position(bad)  # type: ignore[arg-type]
        assert exc.value.code == code
    assert str(exc.value).startswith("no es una posición")


def test_a_game_is_not_hashable() -> None:
    """A game changes with ``apply()``: like a list it has no hash (a set or a dict key would lose it);
    its position text is the value to hash."""
    g = Game.from_code("0000-0008G")
    with pytest.raises(TypeError):
        hash(g)
    assert len({g.position(), g.copy().position()}) == 1
