"""Edges of the rules core that the broad tests never reached (found by `make mutation`):
redeals, the forced landlord, skipping the auction, the error objects and rank lookup."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz import Variant, analyze, legal_plays
from ddz.cards import MAX_COPIES, Cards, NotationError, key_to_str, pack, parse, rank_index, unpack
from ddz.codes import cards_of
from ddz.game import BIDDING, OVER, PLAYING, VOID, Event, Game, GameError
from ddz.plays import InvalidPlay, Rejection, classify
from tests.reference_deal import code_for, reference_deals


def _pass_round(g: Game) -> None:
    for _ in range(3):
        g.apply("p")


def _deal_seen(g: Game) -> tuple[list[str], str, int]:
    return [str(cards_of(h)) for h in g.hands], str(cards_of(g.kitty)), g.first_bidder


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**40 - 1])
def test_all_pass_redeals_continue_the_code_stream_then_force_the_opener(seed: int) -> None:
    """R-BID: up to three redeals, each the next deal of the code's stream; on the fourth
    all-pass the opener of that auction is landlord with base 1."""
    code = code_for(seed)
    ref = reference_deals(code, 4)
    g = Game.from_code(code)
    assert _deal_seen(g) == ref[0]
    for k in (1, 2, 3):
        events = [e for _ in range(3) for e in g.apply("p")]
        assert [(e.kind, e.value) for e in events][-1] == ("redeal", k)  # the app's history reads both
        assert (g.redeals, g.phase, g.auction, g.landlord) == (k, BIDDING, [], None)
        assert _deal_seen(g) == ref[k]
        assert g.turn == ref[k][2]
    opener = g.first_bidder
    events = [e for _ in range(3) for e in g.apply("p")]
    assert [(e.kind, e.seat) for e in events[-2:]] == [("forced", opener), ("landlord", opener)]
    assert (g.phase, g.landlord, g.base, g.turn, g.redeals) == (PLAYING, opener, 1, opener, 3)
    assert len(g.hands[opener]) == 20
    assert g.actions == ["p"] * 12


def test_unlimited_redeals_keep_dealing_from_the_stream() -> None:
    code = code_for(777)
    ref = reference_deals(code, 7)
    g = Game.from_code(code, "unlimited_redeals")
    for k in range(1, 7):
        _pass_round(g)
        assert (g.redeals, g.phase, g.landlord) == (k, BIDDING, None)
        assert _deal_seen(g) == ref[k]


def test_all_pass_on_explicit_hands_voids_the_hand() -> None:
    """Without a code there is no next deal: the hand is void (R-BID: nothing carries over)."""
    g = Game.from_hands(["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"], "99B", 1)
    _pass_round(g)
    assert g.phase == VOID and g.landlord is None and g.result is None
    assert g.legal_actions() == [] and g.legal_plays() == []
    with pytest.raises(GameError) as exc:
        g.apply("p")
    assert exc.value.code == "game_over"


def test_skip_bidding_makes_the_landlord_with_the_kitty() -> None:
    g = Game.from_code(code_for(5))
    kitty = cards_of(g.kitty)
    before = cards_of(g.hands[2])
    g.skip_bidding(2, 3)
    assert (g.phase, g.landlord, g.base, g.turn) == (PLAYING, 2, 3, 2)
    assert cards_of(g.hands[2]) == before + kitty
    assert [len(h) for h in g.hands] == [17, 17, 20]
    assert g.legal_actions() and "p" not in g.legal_actions()


@pytest.mark.parametrize("landlord,base", [(3, 1), (-1, 1), (0, 0), (0, 4)])
def test_skip_bidding_rejects_a_bad_seat_or_base(landlord: int, base: int) -> None:
    g = Game.from_code(code_for(5))
    with pytest.raises(GameError) as exc:
        g.skip_bidding(landlord, base)
    assert exc.value.code == "bad_action"
    assert g.phase == BIDDING and g.landlord is None


def test_skip_bidding_only_before_the_first_bid() -> None:
    g = Game.from_code(code_for(5))
    g.apply("p")
    with pytest.raises(GameError):
        g.skip_bidding(0)
    g2 = Game.from_code(code_for(5))
    g2.skip_bidding(0)
    with pytest.raises(GameError):
        g2.skip_bidding(1)
    assert g2.landlord == 0


def test_a_whole_hand_after_skip_bidding_ends_scored() -> None:
    g = Game.from_code(code_for(9))
    g.skip_bidding(1)
    while g.phase == PLAYING:
        g.apply(g.legal_actions()[0])
    assert g.phase == OVER and g.result is not None and sum(g.result.scores) == 0


@pytest.mark.parametrize(
    "symbol,index",
    [("3", 0), ("9", 6), ("T", 7), ("t", 7), ("10", 7), ("A", 11), ("2", 12), ("b", 13), ("R", 14)],
)
def test_rank_index(symbol: str, index: int) -> None:
    assert rank_index(symbol) == index
    assert Cards.from_ranks([index]) == parse(symbol)


@pytest.mark.parametrize("symbol", ["1", "0", "x", "", "11", "TT"])
def test_rank_index_rejects(symbol: str) -> None:
    with pytest.raises(NotationError) as exc:
        rank_index(symbol)
    assert exc.value.position == 0 and exc.value.text == symbol and symbol in exc.value.message


@given(st.tuples(*[st.integers(0, m) for m in MAX_COPIES]))
def test_packed_keys_round_trip(counts: tuple[int, ...]) -> None:
    key = pack(counts)
    assert unpack(key) == counts
    assert key_to_str(key) == str(Cards(counts))
    assert Cards.from_key(key).counts == counts


def test_notation_error_carries_text_and_position() -> None:
    with pytest.raises(NotationError) as exc:
        parse("3 3 x")
    e = exc.value
    assert (e.text, e.position) == ("3 3 x", 4) and str(e) == e.message and "«x»" in e.message
    assert isinstance(e, ValueError)


def test_invalid_play_carries_its_rejection() -> None:
    with pytest.raises(InvalidPlay) as exc:
        classify("3456")
    e = exc.value
    assert (e.reason, e.rule) == ("straight_too_short", "R-KIND-6")
    assert e.rejection.reason == e.reason and e.rejection.rule == e.rule
    assert e.rejection.message == e.message == str(e) and e.rejection.cards == "3456"


@pytest.mark.parametrize(
    "hands,kitty,first",
    [
        (["3344556677882222R", "3456789TTTTJJJJQQ"], "99B", 0),  # two hands
        (["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAA"], "99BA", 0),  # 16 + 4
        (["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"], "99B", 3),  # first bidder
        # a card in two hands (five 3s in all, one 9 missing): a bad deal, not bad notation
        (["3344556677882222R", "3456789TTTTJJJJQQ", "3356789QQKKKKAAAA"], "99B", 0),
    ],
)
def test_a_bad_deal_is_a_bad_deal(hands: list[str], kitty: str, first: int) -> None:
    """``bad_deal`` is the documented error code (docs/conformidad/protocolo.md)."""
    with pytest.raises(GameError) as exc:
        Game.from_hands(hands, kitty, first)
    assert exc.value.code == "bad_deal" and exc.value.message == str(exc.value) != ""


@pytest.mark.parametrize("action", [None, 3, ["p"]])
def test_an_action_that_is_not_text_is_refused_with_a_code(action: object) -> None:
    g = Game.from_code(code_for(5))
    with pytest.raises(GameError) as exc:
        g.apply(action)  # type: ignore[arg-type]
    assert re.fullmatch(r"[a-z]+(_[a-z]+)*", exc.value.code) and g.actions == []


@pytest.mark.parametrize(
    "cards,low,high,count", [("34567", "3", "7", 5), ("TTJJQQKKAA", "10", "A", 5), ("888999", "8", "9", 2)]
)
def test_a_chain_is_described_from_its_lowest_to_its_highest_value(
    cards: str, low: str, high: str, count: int
) -> None:
    text = classify(cards).describe()
    assert f"del {low} al {high} ({count} valores)" in text


@pytest.mark.parametrize("cards,kickers", [("KKK3", 1), ("33344456", 2), ("3333QK", 2), ("TTTJJ", 2)])
def test_one_kicker_is_singular_more_are_plural(cards: str, kickers: int) -> None:
    """Spanish grammar: «acompañante 3», «acompañantes 56»."""
    text = classify(cards).describe()
    if kickers == 1:
        assert "acompañante " in text and "acompañantes" not in text
    else:
        assert "acompañantes " in text


@pytest.mark.parametrize(
    "cards,reason",
    [
        ("QKA2B", "joker_in_chain"),  # Q K A 2 B would be a straight if chains went past the ace
        ("JQKA2", "two_in_chain"),
        ("23456", "two_in_chain"),  # the 2 read as the card below the 3
        ("3456", "straight_too_short"),
        ("3344", "pair_straight_too_short"),
        ("3579J", "not_consecutive"),
        ("335577", "not_consecutive"),
        ("333555", "not_consecutive"),
        ("3345", "no_pattern"),
        ("444455556", "no_pattern"),
    ],
)
def test_rejections_use_the_documented_reason_codes(cards: str, reason: str) -> None:
    """The codes listed in docs/conformidad/protocolo.md, each on a set that breaks that rule."""
    got = analyze(cards)
    assert isinstance(got, Rejection) and got.reason == reason and got.cards == str(parse(cards))


def test_a_count_error_has_no_text_and_a_fifth_copy_points_at_itself() -> None:
    with pytest.raises(NotationError) as exc:
        Cards((5,))
    assert exc.value.text == "" and exc.value.position is None
    with pytest.raises(NotationError) as exc:
        parse("3 3333")
    assert (exc.value.text, exc.value.position) == ("3 3333", 5)


@pytest.mark.parametrize("text,hint", [("13", True), ("1", True), ("x", False), ("3z", False)])
def test_the_ten_hint_only_follows_a_lone_one(text: str, hint: bool) -> None:
    with pytest.raises(NotationError) as exc:
        parse(text)
    assert ("10" in exc.value.message.split("; ")[0]) == hint, exc.value.message


def test_the_variant_reaches_the_table_of_legal_plays() -> None:
    jokers = Variant.parse("jokers_as_kickers")
    assert [str(p) for p in legal_plays("555666BR", "333444BR", jokers)] == ["555666BR", "BR"]
    with pytest.raises(InvalidPlay):
        legal_plays("555666BR", "333444BR")


def _playing() -> Game:
    g = Game.from_hands(["3344556677882222R", "3456789TTTTJJJJQQ", "3456789QQKKKKAAAA"], "99B", 0)
    g.skip_bidding(0)
    return g


@pytest.mark.parametrize(
    "action,ids,code",
    [
        ("p", ["3S"], "bad_action"),  # a pass carries no cards
        ("p", None, "must_lead"),
        ("33", ["3S", "3S"], "bad_ids"),
        ("33", ["3S", "4S"], "bad_ids"),
        ("33", ["3S", "3H", "4S"], "bad_ids"),
        ("3x", None, "bad_notation"),
        ("TT", None, "not_in_hand"),
        ("34", None, "invalid_play"),
    ],
)
def test_a_refused_play_names_its_code_and_changes_nothing(
    action: str, ids: list[str] | None, code: str
) -> None:
    g = _playing()
    before = (list(map(list, g.hands)), g.turn, g.table, list(g.trail), list(g.actions))
    with pytest.raises(GameError) as exc:
        g.apply(action, ids=ids)
    assert exc.value.code == code and exc.value.message
    assert (list(map(list, g.hands)), g.turn, g.table, list(g.trail), list(g.actions)) == before


def test_four_with_two_distinct_singles_variant_generates_only_distinct_kickers() -> None:
    """V-FOUR-TWO-DISTINCT: 444455 and 444466 are not plays there; 444456 is."""
    distinct = Variant.parse("four_two_distinct_singles")
    got = {str(p) for p in legal_plays("44445566", variant=distinct) if p.kind == "four_two_singles"}
    assert got == {"444456"}
    assert {str(p) for p in legal_plays("44445566") if p.kind == "four_two_singles"} == {
        "444455",
        "444456",
        "444466",
    }


def test_the_whole_hand_can_go_out_by_its_card_ids() -> None:
    """The landlord's 20 cards are one airplane with five singles: naming every card id wins."""
    g = Game.from_hands(["33344455566677789", "34567888999TTTJJJ", "QQQKKKKAAAA2222BR"], "TJQ", 0)
    g.skip_bidding(0)
    g.apply("33344455566677789TJQ", ids=list(g.hands[0]))
    assert g.phase == OVER and g.result is not None and g.result.winner == "landlord" and g.result.spring


APP_EVENTS = {"bid", "redeal", "forced", "landlord", "play", "pass", "double", "trick", "over"}
"""The event kinds the app's history reads (tutorial/practice.py)."""


def _check_events(g: Game, events: list[Event]) -> None:
    assert {e.kind for e in events} <= APP_EVENTS
    for e in events:
        if e.kind == "play":
            assert len(e.ids) == len(e.cards) and cards_of(e.ids) == parse(e.cards) and e.text
            assert g.trail and e.seat is not None
        if e.kind == "double":
            assert e.seat is not None and e.text and e.value >= 2
    assert {d.reason for d in g.doublings} <= {"bomb", "rocket", "spring", "antispring"}


def test_an_antispring_game_tells_the_app_every_event() -> None:
    """The landlord leads once and then only passes; a farmer goes out with four bombs and a 7."""
    g = Game.from_hands(["77788889999TTTTJJ", "33334444555566667", "JJQQQQKKKKAAAA222"], "2BR", 0)
    g.skip_bidding(0, 1)
    events: list[Event] = []
    steps = ["7", "3333", "p", "p", "4444", "p", "p", "5555", "p", "p", "6666", "p", "p", "7"]
    for action in steps:
        seat = g.turn
        events += g.apply(action)
        if action != "p":
            assert g.last_action[seat] == action
    _check_events(g, events)
    r = g.result
    assert r is not None and r.antispring and not r.spring and r.winner == "farmers" and r.out_seat == 1
    assert [d.reason for d in g.doublings] == ["bomb"] * 4 + ["antispring"]
    over = [e for e in events if e.kind == "over"]
    assert len(over) == 1 and over[0].seat == 1 and over[0].text
    doubles = [e for e in events if e.kind == "double"]
    assert [(e.seat, e.value) for e in doubles] == [(1, 2), (1, 4), (1, 8), (1, 16)]
    assert sum(e.kind == "trick" for e in events) == 4 and sum(e.kind == "play" for e in events) == 6


def test_a_spring_is_recorded_as_a_spring_doubling() -> None:
    g = Game.from_hands(["33344455566677789", "34567888999TTTJJJ", "QQQKKKKAAAA2222BR"], "TJQ", 0)
    g.skip_bidding(0)
    events = g.apply("33344455566677789TJQ")
    _check_events(g, events)
    assert [d.reason for d in g.doublings] == ["spring"] and [e.kind for e in events] == ["play", "over"]
    assert events[-1].seat == 0


def test_a_hand_over_the_limit_names_its_cards() -> None:
    with pytest.raises(NotationError) as exc:
        parse("33334444555566667777 8", limit=20)
    assert exc.value.text == "333344445555666677778" and exc.value.position is None


def test_the_landlord_event_carries_the_base_and_the_kitty() -> None:
    """The app writes «Eres el terrateniente (base 3) y recibes el pozo …» from these fields."""
    g = Game.from_code("GH2F-M5HRD")
    while g.phase == BIDDING:
        events = g.apply("3" if not g.auction else "p")
    landlord = [e for e in events if e.kind == "landlord"]
    assert len(landlord) == 1 and landlord[0].value == g.base == 3 and landlord[0].seat == g.landlord
    assert parse(landlord[0].cards) == cards_of(g.kitty)


def test_auction_outcomes_as_documented() -> None:
    from ddz.game import auction_outcome

    assert auction_outcome([0, 0, 0], 0, Variant.parse(None)) == ("redeal", 0, 0)
    assert auction_outcome([0, 0, 0], 3, Variant.parse(None)) == ("forced", 0, 1)
    assert auction_outcome([0, 2, 0], 0, Variant.parse(None)) == ("landlord", 1, 2)
    assert auction_outcome([0, 3], 0, Variant.parse(None)) == ("landlord", 1, 3)
    assert auction_outcome([1, 2], 0, Variant.parse(None)) is None


def test_a_verdict_keeps_both_plays() -> None:
    from ddz import classify, compare

    cases = [
        ("2222", "BR"),
        ("BR", "2222"),
        ("3333", "5"),
        ("5", "3333"),
        ("3", "4"),
        ("5", "4"),
        ("33", "4"),
    ]
    for play, table in cases:
        v = compare(play, table)
        assert v.play == classify(play) and v.table == classify(table), (play, table)


def test_parse_reads_a_str_subclass_as_its_text() -> None:
    class Notation(str):
        pass

    assert parse(Notation("kkk3")) == parse("KKK3") and str(parse(Notation("10 10"))) == "TT"


def test_legal_plays_against_a_table_that_is_not_a_play_says_why() -> None:
    from ddz.plays import InvalidPlay

    with pytest.raises(InvalidPlay) as exc:
        legal_plays("345", "34")
    assert exc.value.reason == "no_pattern" and exc.value.rejection.cards == "34"


@pytest.mark.parametrize(
    "hand,table,wanted",
    [
        ("3334", None, "333 4"),  # the lowest trio leads with its kicker
        ("33344", None, "333 44"),
        ("KKK5", "QQQ3", "KKK 5"),  # the trio just above the table's
        ("KKK55", "QQQ33", "KKK 55"),
        ("444 5", "333 6", "444 5"),
    ],
)
def test_a_trio_with_kickers_one_value_above_is_legal(hand: str, table: str | None, wanted: str) -> None:
    assert wanted in [p.shown() for p in legal_plays(hand, table)]
