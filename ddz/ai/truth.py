"""The truth check: every claim a reason makes, verified with the engine and the real hands.

A :class:`~ddz.ai.reasons.Reason` is the data behind a sentence the learner reads (a hint, the
coach, a note of an annotated hand, the review). :func:`verify` checks each of its claims against
the game with **perfect information** (all three hands): a sure win is checked against every
defence of the two other hands, a plan must be the rest of the hand in the fewest plays, a bomb
«kept» must be played as a bomb by the plan, and so on. :func:`wording` checks the sentence itself:
no card in engine notation (T, B, R), no claim stronger than the data («juegues como juegues»).

Used by ``tests/test_truth.py`` and by ``make truth`` (``tools/truth_check.py``), which replay the
annotated hands and hundreds of random hands at each level.
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import BLACK_JOKER, RANK_NAMES_ES, RANKS, RED_JOKER, TWO, Cards, parse
from ..game import PASS, Game
from ..moves import legal_plays
from ..plays import Play, classify
from .cpu import ROLLOUT_SAMPLES, SEAT_NAMES, bombs_only, control_summary, playout, rollout_deals
from .reasons import Reason
from .solver import min_plays

_NOTATION = re.compile(r"(?<![\w-])[3-9JQKA2TBR]*[TBR][3-9JQKA2TBR]*(?![\w-])")
_OVERCLAIMS = ("juegues como juegues", "juegue como juegue", "hagan lo que hagan", "lo mejor aquí")


def wording(sentence: str) -> list[str]:
    """What is wrong with how a sentence is worded: cards in notation a learner never reads, or a
    claim stronger than any reason can verify."""
    out = [f"card notation «{m}» in learner text" for m in _NOTATION.findall(sentence)]
    out += [f"overclaim «{w}»" for w in _OVERCLAIMS if w in sentence]
    return out


def _beaten_by(game: Game, seat: int, play: Play) -> list[int]:
    """The other seats whose current hand holds an answer to ``play``."""
    return [o for o in range(3) if o != seat and legal_plays(game.hand(o), table=play)]


def _is_control(cards: Cards) -> bool:
    c = cards.counts
    return bool(c[TWO] or c[BLACK_JOKER] or c[RED_JOKER])


def verify(game: Game, seat: int, action: str, reason: Reason) -> list[str]:
    """Every claim of ``reason`` (why ``seat`` takes ``action`` in ``game``) that does not hold,
    checked with all three hands; ``[]`` when all hold."""
    try:
        return _verify(game, seat, action, reason)
    except (AssertionError, KeyError, ValueError, TypeError) as e:  # a claim that cannot be read is false
        return [f"{reason.code}: {type(e).__name__}: {e}"]


def _verify(g: Game, seat: int, action: str, reason: Reason) -> list[str]:
    d: dict[str, Any] = reason.data
    hand = g.hand(seat)
    code = reason.code
    bad: list[str] = []

    def need(ok: object, claim: str) -> None:
        if not ok:
            bad.append(f"{code}: {claim}")

    if code == "bid":
        need(d["plays"] == min_plays(hand), "the hand's plays")
        need(d["control"] == control_summary(hand), "the hand's control cards")
        need((action == PASS) == (d["bid"] == 0), "the bid is the action")
        return bad
    plays = g.legal_plays()
    play = classify(action) if action != PASS else None
    rest = hand - play.cards if play else hand
    table = g.table.shown() if g.table is not None else None
    if code == "forced_pass":
        need(action == PASS and not plays and d["table"] == table, "nothing beats the table")
    elif code == "partner_leads":
        need(action == PASS and g.landlord not in (seat, g.table_seat) and g.table_seat != seat, "partner")
    elif code == "save_strength":
        need(action == PASS and plays and d["table"] == table, "a pass with answers in hand")
        best = classify(d["best"])
        need(any(p.cards == best.cards for p in plays), "the answer named beats the table")
        cost = d["cost"]
        if cost == "bomb" and d.get("only"):
            need(bombs_only(plays) == d["what"], "every answer is what it says (bomb / rocket)")
        elif cost == "bomb":
            need(best.kind == d["what"] and best.is_bomb, "the answer named is that bomb or the rocket")
        elif cost == "break_bomb":
            r = RANK_NAMES_ES.index(d["rank"])
            need(hand.counts[r] == 4 and 0 < best.cards.counts[r] < 4, "the answer breaks that bomb")
        elif cost == "split_rocket":
            both = hand.counts[BLACK_JOKER] and hand.counts[RED_JOKER]
            need(both and best.cards.counts[BLACK_JOKER] + best.cards.counts[RED_JOKER] == 1, "splits it")
        elif cost == "control":
            need(_is_control(best.cards) and d["control"] == control_summary(best.cards), "spends those")
        else:
            need(d["now"] == min_plays(hand), "plays now")
            need(d["after"] == min_plays(hand - best.cards) >= d["now"], "plays after the answer")
    elif code == "go_out":
        need(play is not None and not rest, "the play empties the hand")
    elif code == "sure_win":
        bad += _verify_sure_win(g, seat, action, d)
    elif code in ("fewest_plays", "long_chain"):
        inner = reason.extra[0] if code == "long_chain" else reason
        plan = inner.data["plan"]
        need(inner.data["plays"] == min_plays(rest) == len(plan), "the fewest plays, every one named")
        need(sum((classify(p).cards for p in plan), Cards()) == rest, "the plan is the rest of the hand")
        if code == "long_chain":
            need(play is not None and d["cards"] == play.shown() and d["n"] == len(play.cards) >= 6, "chain")
    elif code == "feed_partner":
        partner = 3 - seat - (g.landlord or 0)
        need(play is not None and play.kind in ("single", "pair"), "a low single or pair")
        need(len(g.hands[partner]) == d["cards_left"] <= 2, "the partner's cards")
    elif code == "high_single":
        need(play is not None and play.kind == "single", "a single")
        need(any(len(g.hands[o]) == 1 for o in range(3) if o != seat), "someone has one card")
    elif code == "bomb_now":
        need(play is not None and play.is_bomb, "a bomb or the rocket")
        need((play is not None and play.kind == "rocket") == bool(d.get("rocket")), "bomb or rocket named")
        if d["why"] == "danger":
            near = [o for o in range(3) if SEAT_NAMES[o] == d["who"]]
            need(near and len(g.hands[near[0]]) == d["cards_left"] <= 5, "the opponent's cards")
        else:
            need(min_plays(rest) <= 1, "few plays left")
    elif code == "cover_partner":
        landlord = g.landlord
        need(play is not None and d["table"] == table, "the partner's play")
        need(
            landlord is not None and seat == (landlord + 2) % 3 and g.table_seat == (landlord + 1) % 3,
            "seats",
        )
        need(landlord is not None and len(g.hands[landlord]) == d["cards_left"] <= 5, "cards left")
    elif code == "attach_kicker":
        need(
            play is not None and play.kind in ("trio_single", "trio_pair") and d["cards"] == play.shown(),
            "trio",
        )
        need(play is not None and parse(d["kicker"]) == play.kickers, "the kicker")
    elif code == "take_lead":
        need(play is not None and d["table"] == table, "the table")
        need(g.table_seat not in (seat, None) and d["who"] == SEAT_NAMES[g.table_seat or 0], "who")
        need(g.landlord in (seat, g.table_seat), "the table is an opponent's")
        after = (seat + 1) % 3
        if d.get("side"):
            need(seat == g.landlord, "a pass leaves the trick to the farmers")
        else:
            need(after == g.table_seat, "a pass leaves the lead to that seat (nobody else plays first)")
    elif code == "playout":
        deals = rollout_deals(g, seat)[: d["samples"]]
        need(1 <= d["samples"] == len(deals) <= ROLLOUT_SAMPLES, "the number of deals")
        for key, wins in (("action", d["wins"]), ("other", d["other_wins"])):
            act = PASS if d[key] == PASS else str(classify(d[key]))
            need(sum(playout(g, hands, act) for hands in deals) == wins, f"the wins of {key}")
        need(
            d["wins"] > d["other_wins"] and (d["action"] == PASS) == (action == PASS), "the choice wins most"
        )
    elif code == "lowest_play":
        need(play is not None and d["cards"] == play.shown() and rest, "the play")
        if "table" in d:
            need(d["table"] == table, "the table")
            need(play is not None and play.rank == min(p.rank for p in plays if not p.is_bomb), "the lowest")
        else:
            low = next(r for r in range(15) if hand.counts[r])
            need(g.table is None and play is not None and play.cards.counts[low], "the lowest card")
    for extra in reason.extra:
        if extra.code in ("fewest_plays", "long_chain"):
            bad += _verify(g, seat, action, extra)
        elif extra.code == "keep_control":
            plan_of = reason.extra[0] if code == "long_chain" else reason
            plan = list(plan_of.data.get("plan", []))
            need(extra.data == control_summary(rest, plan or None), "the control cards kept")
            for b in extra.data.get("bombs", []):
                need(RANKS[RANK_NAMES_ES.index(b)] * 4 in plan, f"the plan plays the bomb of {b} as a bomb")
        elif extra.code == "control_back":
            need(play is not None and _is_control(play.cards), "a 2 or a joker")
        else:
            bad += _verify(g, seat, action, extra)
    return bad


def _verify_sure_win(g: Game, seat: int, action: str, d: dict[str, Any]) -> list[str]:
    """Played in ``order``, the hand is won whatever the other two hands do: the first play is
    legal now, the plays are the whole hand, and every play but the last (every play, unless
    ``last_open``) has no answer in either other hand — their hands only shrink, so a play nobody
    can beat now stays unbeatable."""
    order = [classify(p) for p in d["order"]]
    bad = []
    if action == PASS or str(order[0].cards) != str(parse(action)):
        bad.append("sure_win: the order starts with the play chosen")
    if not any(p.cards == order[0].cards for p in g.legal_plays()):
        bad.append("sure_win: the first play is legal now")
    if sum((p.cards for p in order), Cards()) != g.hand(seat):
        bad.append("sure_win: the order plays out the whole hand")
    guarded = order[:-1] if d["last_open"] else order
    for p in guarded:
        who = _beaten_by(g, seat, p)
        if who:
            bad.append(f"sure_win: {p.shown()} can be beaten by {', '.join(SEAT_NAMES[o] for o in who)}")
    return bad
