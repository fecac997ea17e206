"""The verifiers: one for every kind of claim a learner reads, its facts from :mod:`truthcheck.facts`.

A claim is a catalog message (``{"code": …, "data": …}``): the code is its kind, the data what it
says. :data:`VERIFIERS` maps every kind to a function that checks the data against the position
the sentence is about and returns what is false (``[]`` when all holds). The position (hands, the
table, who played what) is read from the game; every fact about it (fewest plays, what beats what,
what some split of the unseen cards could answer, what a plan spends) comes from the brute-force
model in :mod:`truthcheck.facts`, never from the engine's solver or move generator. The two
estimate kinds (``cpu.playout``, ``review.key_moment``) are re-run with the engine's playouts: an
estimate can only be checked by computing it again, and their sentences say they are estimates.

:data:`PARTS` lists the catalog codes that are never a sentence alone, only a part of a claim
whose verifier checks them (``cpu.control_twos`` inside ``cpu.keep_control``…).
``tests/test_claims.py`` fails when a learner-facing catalog code is in neither.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ddz.codes import cards_of
from ddz.game import BIDDING, PASS, Game

from . import endgame, facts
from .rules import RANKS

Message = dict[str, Any]

NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""How the sentences name the ranks (``10`` for ``T``); the jokers are «pequeño» and «grande»."""
SYMBOLS = "3456789TJQKA2"
SEATS = ("Sur", "Este", "Oeste")


@dataclass(frozen=True)
class Decision:
    """A claim about one decision: the game just before it, the seat deciding, the action taken."""

    game: Game
    seat: int
    action: str

    def hand(self, seat: int | None = None) -> str:
        return str(self.game.hand(self.seat if seat is None else seat))

    @property
    def table(self) -> str:
        return str(self.game.table.cards) if self.game.table is not None else ""

    @property
    def played(self) -> str:
        return "".join(a for _, a in self.game.trail if a != PASS)

    def others(self) -> dict[int, int]:
        """The other seats' card counts."""
        return {o: len(self.game.hands[o]) for o in range(3) if o != self.seat}

    def known(self) -> dict[int, str]:
        """The cards another seat is known to hold: the kitty cards the landlord has not played (of
        each kitty rank, its copies less the landlord's plays of that rank), seen by a farmer."""
        g = self.game
        if g.landlord is None or g.landlord == self.seat:
            return {}
        spent = Counter("".join(a for who, a in g.trail if who == g.landlord and a != PASS))
        kitty = Counter(facts.canon("".join(c[0] for c in g.kitty)))
        return {g.landlord: facts.canon(kitty - spent)}

    def pool(self) -> str:
        """What the other seats may hold: the deck less this hand and every card played."""
        return facts.unseen(self.hand(), self.played)

    def rest(self) -> str:
        if self.action == PASS or self.game.phase == BIDDING:
            return self.hand()
        return facts.without(facts.hand_of(self.hand()), self.action)


Verifier = Callable[[Decision, dict[str, Any]], list[str]]


def _cards(shown: str) -> str:
    """A play as people write it («QQQ R») as plain cards."""
    return shown.replace(" ", "")


def _same(a: str, b: str) -> bool:
    """The same action: both passes, or the same cards."""
    return a == b == PASS or (PASS not in (a, b) and facts.canon(a) == facts.canon(b))


def _symbol(name: str) -> str:
    return SYMBOLS[NAMES.index(name)]


def _check(bad: list[str], ok: object, what: str) -> None:
    if not ok:
        bad.append(what)


def check(decision: Decision, claim: Message) -> list[str]:
    """What is false in ``claim`` (a message about ``decision``); a kind with no verifier is false."""
    code = claim["code"]
    verifier = VERIFIERS.get(code)
    if verifier is None:
        return [f"{code}: no verifier"]
    try:
        return [f"{code}: {b}" for b in verifier(decision, dict(claim.get("data", {})))]
    except (KeyError, ValueError, TypeError, IndexError) as e:  # a claim that cannot be read is false
        return [f"{code}: {type(e).__name__}: {e}"]


# ---- the CPU's reasons (cpu.*) -------------------------------------------------------------------


def _control_kept(counts: Counter[str], d: dict[str, Any]) -> list[str]:
    """The control summary in ``d`` (twos, jokers, rocket) against the cards ``counts`` keeps."""
    bad: list[str] = []
    twos = counts["2"] if counts["2"] < 4 else 0
    _check(bad, int(d.get("twos", 0)) == twos, f"the 2s kept: {twos}")
    jokers = [n for s, n in (("B", "pequeño"), ("R", "grande")) if counts[s]]
    _check(bad, list(d.get("jokers", [])) == jokers, f"the jokers kept: {jokers}")
    return bad


def _keep_control(rest: str, d: dict[str, Any], plan: list[str]) -> list[str]:
    """«y guardas …»: what the named plan of the cards ``rest`` keeps (2s and jokers in bodies, bombs
    played as bombs, the rocket as the rocket), and every play of it that holds a bomb it spends."""
    spent = facts.spends([_cards(p) for p in plan])
    bad = _control_kept(Counter(spent["bodies"]), d)
    _check(bad, bool(d.get("rocket")) == spent["rocket"], "the rocket kept")
    quads = [s for s in SYMBOLS if rest.count(s) == 4]
    kept = [NAMES[SYMBOLS.index(s)] for s in quads if s in spent["bombs"]]
    _check(bad, list(d.get("bombs", [])) == kept, f"the bombs kept: {kept}")
    wanted = [
        {"rank": NAMES[SYMBOLS.index(s)], "plays": [p for p in plan if s in _cards(p)]}
        for s in quads
        if s not in spent["bombs"]
    ]
    _check(
        bad,
        list(d.get("bombs_spent", [])) == wanted,
        f"the bombs spent and the plays that hold them: {wanted}",
    )
    kickers = Counter(spent["kickers"])
    held = "".join(c for c in spent["bodies"] if c in "2BR")
    for s in "2BR":
        if kickers[s]:  # a 2 or joker spent as a kicker: no plan as short keeps it and all the plan keeps
            keep = held + s
            other = facts.plans_keeping(rest, len(plan), keep)
            _check(bad, other is None, f"a plan as short keeps {facts.canon(keep)}: {other}")
    return bad


def _plan(x: Decision, d: dict[str, Any]) -> list[str]:
    plan = [_cards(p) for p in d["plan"]]
    bad: list[str] = []
    _check(bad, facts.is_fewest_plan(x.rest(), plan), "the plan is the rest of the hand in the fewest plays")
    _check(bad, int(d["plays"]) == len(plan), "the count of plays")
    return bad


def _sure_win(x: Decision, d: dict[str, Any]) -> list[str]:
    """Played in ``order``, every play but the last (every one, unless ``last_open``) cannot be
    answered by any split of the cards the seat has not seen: the hands only shrink."""
    order = [_cards(p) for p in d["order"]]
    bad: list[str] = []
    _check(bad, x.action != PASS and facts.canon(order[0]) == facts.canon(x.action), "starts with the action")
    _check(bad, facts.canon("".join(order)) == facts.hand_of(x.hand()), "plays out the whole hand")
    legal = facts.answers(x.hand(), x.table) if x.table else facts.plays_in(x.hand())
    _check(bad, facts.canon(order[0]) in legal, "the first play is legal now")
    guarded = order[:-1] if d["last_open"] else order
    pool, counts = x.pool(), x.others()
    for p in guarded:
        _check(bad, not facts.can_be_beaten_by_unseen(p, pool, counts), f"{p} can be beaten")
    return bad


def _control_back(x: Decision, d: dict[str, Any]) -> list[str]:
    """«el 2 recupera la salida» only when no split of the unseen cards answers the play; otherwise
    exactly what could: the higher ranks of the same kind, a bomb, the rocket."""
    bad: list[str] = []
    play = x.action
    kind = facts.kind_of(play)
    _check(bad, facts.ranking_card(play) in "2BR", "the play's own strength is a 2 or a joker")
    found = facts.unseen_answers(play, x.pool(), x.others(), x.known())
    _check(bad, bool(d["sure"]) == (not found), "sure: nothing the seat cannot see beats it")
    higher = sorted({facts.ranking_card(a) for a in found if facts.kind_of(a) == kind}, key=RANKS.index)
    _check(bad, [h["rank"] for h in d.get("higher", [])] == higher, f"the higher cards: {higher}")
    _check(bad, bool(d.get("bomb")) == any(facts.kind_of(a) == "bomb" for a in found), "a bomb")
    _check(bad, bool(d.get("rocket")) == ("BR" in found), "the rocket")
    named = {"single": "single", "pair": "pair", "bomb": "bomb", "rocket": "rocket"}.get(str(kind))
    want = named or ("four" if str(kind).startswith("four_two") else "trio")
    _check(bad, d["kind"] == want and d["rank"] == facts.ranking_card(play), "the play named")
    return bad


def _reason(x: Decision, d: dict[str, Any], code: str) -> list[str]:
    """The claims of a ``cpu.*`` reason of ``code`` with data ``d``."""
    bad: list[str] = []
    hand, rest, table = x.hand(), x.rest(), x.table
    playing = x.action != PASS
    if code == "go_out":
        _check(bad, playing and not rest, "the play empties the hand")
    elif code == "sure_win":
        bad += _sure_win(x, d)
    elif code == "fewest_plays":
        bad += _plan(x, d)
    elif code == "long_chain":
        kind = facts.kind_of(x.action) if playing else None
        chains = ("straight", "pair_straight", "airplane", "airplane_singles", "airplane_pairs")
        _check(bad, kind in chains and int(d["n"]) == len(x.action) >= 6, "a chain of six cards or more")
        _check(bad, facts.canon(_cards(d["cards"])) == facts.canon(x.action), "the chain is the action")
    elif code == "keep_control":
        raise ValueError("keep_control is checked with the plan it follows")
    elif code == "control_back":
        bad += _control_back(x, d)
    elif code == "bomb_now":
        kind = facts.kind_of(x.action) if playing else None
        _check(
            bad, kind in ("bomb", "rocket") and bool(d.get("rocket")) == (kind == "rocket"), "bomb or rocket"
        )
        if d["why"] == "danger":
            seat = SEATS.index(d["who"])
            _check(bad, len(x.game.hands[seat]) == int(d["cards_left"]) <= 5, "the opponent's cards")
        else:
            _check(bad, facts.fewest_plays(rest) <= 1, "few plays left")
    elif code == "feed_partner":
        landlord = x.game.landlord
        partner = 3 - x.seat - (landlord or 0)
        kind = facts.kind_of(x.action) if playing else None
        same = [p for p in facts.plays_in(hand) if facts.kind_of(p) == kind]
        lowest = min(same, key=lambda p: RANKS.index(facts.ranking_card(p)), default="")
        _check(bad, not table and kind == d["kind"] in ("single", "pair"), "leads a single or a pair")
        _check(bad, playing and facts.ranking_card(lowest) == facts.ranking_card(x.action), "the lowest")
        _check(bad, len(x.game.hands[partner]) == int(d["cards_left"]) <= 2, "the partner's cards")
    elif code == "high_single":
        _check(bad, playing and facts.kind_of(x.action) == "single", "a single")
        seat = SEATS.index(d["who"])
        _check(bad, len(x.game.hands[seat]) == 1, "that seat has one card")
    elif code == "partner_leads":
        g = x.game
        _check(bad, not playing and g.landlord not in (x.seat, g.table_seat), "the partner holds the trick")
    elif code == "forced_pass":
        _check(bad, not playing and table and not facts.answers(hand, table), "nothing beats the table")
        _check(bad, facts.canon(_cards(d["table"])) == facts.canon(table), "the table")
    elif code == "save_strength":
        bad += _save_strength(x, d)
    elif code == "bid":
        _check(
            bad, x.game.phase == BIDDING and int(d["plays"]) == facts.fewest_plays(hand), "the hand's plays"
        )
        plan = [_cards(p) for p in d["plan"]]
        _check(bad, facts.is_fewest_plan(hand, plan), "the plan is the hand in the fewest plays")
        _check(bad, int(d["plays"]) == len(plan), "the count of plays is the plan's")
        bad += _keep_control(hand, d["control"], list(d["plan"]))
        _check(bad, (x.action == PASS) == (int(d["bid"]) == 0), "the bid is the action")
    elif code == "cover_partner":
        g = x.game
        landlord = g.landlord if g.landlord is not None else -9
        _check(bad, playing and x.seat == (landlord + 2) % 3 and g.table_seat == (landlord + 1) % 3, "seats")
        _check(bad, len(g.hands[landlord]) == int(d["cards_left"]) <= 5, "the landlord's cards")
        _check(bad, facts.canon(_cards(d["table"])) == facts.canon(table), "the partner's play")
    elif code == "attach_kicker":
        kind = facts.kind_of(x.action) if playing else None
        _check(bad, kind in ("trio_single", "trio_pair"), "a trio with a kicker")
        _check(bad, facts.canon(d["kicker"]) == facts.kickers_of(x.action), "the kicker")
        _check(bad, bool(d["pair"]) == (len(facts.kickers_of(x.action)) == 2), "a pair of kickers")
    elif code == "take_lead":
        g = x.game
        _check(bad, playing and g.table_seat is not None and SEATS[g.table_seat] == d["who"], "who")
        _check(bad, g.landlord in (x.seat, g.table_seat), "the table is an opponent's")
        if d.get("side"):
            _check(bad, x.seat == g.landlord, "a pass leaves the trick to the farmers")
        else:
            _check(bad, (x.seat + 1) % 3 == g.table_seat, "a pass leaves the lead to that seat")
    elif code == "playout":
        bad += _playout(x, d)
    elif code == "splits":
        bad += _splits(x, d)
    elif code == "lowest_play":
        bad += _lowest_play(x, d)
    else:
        bad.append(f"no verifier for the reason {code}")
    return bad


def _save_strength(x: Decision, d: dict[str, Any]) -> list[str]:
    bad: list[str] = []
    hand, table = x.hand(), x.table
    found = facts.answers(hand, table)
    best = facts.canon(_cards(d["best"]))
    _check(bad, x.action == PASS and best in found, "a pass, and the answer named beats the table")
    cost = d["cost"]
    if cost == "bomb" and d.get("only"):
        kinds = {facts.kind_of(a) for a in found}
        want = "both" if kinds == {"bomb", "rocket"} else "rocket" if kinds == {"rocket"} else "bomb"
        _check(bad, kinds <= {"bomb", "rocket"} and d["what"] == want, "every answer is a bomb or the rocket")
    elif cost == "bomb":
        _check(
            bad, facts.kind_of(best) == d["what"] in ("bomb", "rocket"), "the answer is that bomb or rocket"
        )
    elif cost == "break_bomb":
        s = _symbol(d["rank"])
        _check(bad, hand.count(s) == 4 and 0 < best.count(s) < 4, "the answer breaks that bomb")
    elif cost == "split_rocket":
        _check(bad, "B" in hand and "R" in hand and (("B" in best) != ("R" in best)), "splits the rocket")
    elif cost == "control":
        bad += _control_kept(Counter(best), d["control"])
        _check(bad, any(s in best for s in "2BR"), "spends a 2 or a joker")
    else:
        now = facts.fewest_plays(hand)
        after = facts.fewest_plays(facts.without(facts.hand_of(hand), best))
        _check(bad, int(d["now"]) == now and int(d["after"]) == after >= now, "the plays now and after")
    return bad


def _lowest_play(x: Decision, d: dict[str, Any]) -> list[str]:
    bad: list[str] = []
    play = facts.canon(_cards(d["cards"]))
    _check(bad, x.action != PASS and play == facts.canon(x.action) and x.rest(), "the play")
    if d.get("following", "table" in d):
        found = [a for a in facts.answers(x.hand(), x.table) if facts.kind_of(a) not in ("bomb", "rocket")]
        low = min((RANKS.index(facts.ranking_card(a)) for a in found), default=-1)
        _check(bad, RANKS.index(facts.ranking_card(play)) == low, "the lowest answer")
    else:
        _check(bad, not x.table and facts.hand_of(x.hand())[0] in play, "holds the lowest card")
    return bad


def _playout(x: Decision, d: dict[str, Any]) -> list[str]:
    """An estimate is checked by computing it again: the same deals, the two actions played out on
    each of them (the counts the sentence gives)."""
    from ddz.ai.cpu import rollout_wins

    bad: list[str] = []
    tried = [PASS if a == PASS else _cards(a) for a in d["tried"]]
    action, other = (PASS if d[k] == PASS else _cards(d[k]) for k in ("action", "other"))
    _check(
        bad,
        all(any(_same(a, t) for t in tried) for a in (action, other)),
        "the two actions were among those tried",
    )
    got = rollout_wins(x.game, x.seat, [action, other], d["samples"])
    _check(bad, got == [d["wins"], d["other_wins"]], f"the counts re-run: {got}")
    _check(bad, _same(action, x.action) and d["wins"] > d["other_wins"], "the action wins more")
    return bad


BRUTE_CARDS = 12
"""At most this many cards in the three hands, the deals of an evaluator's claim are judged by plain
minimax (:mod:`truthcheck.endgame`); above, by the engine's solver on this module's own enumeration
of the deals (what is counted, and how the deals weigh, is still checked apart from the engine)."""


def deals_won(x: Decision, actions: list[str]) -> tuple[list[int], int]:
    """Over every deal of the cards ``x.seat`` cannot see (the other seats' counts kept, the kitty
    cards the landlord has not played in the landlord's hand), how many each of ``actions`` wins at
    open cards with perfect play, and how many deals there are. Each way to split the unseen cards
    by rank weighs the ways to deal the physical cards so (a product of binomials)."""
    import itertools
    import math

    g, seat = x.game, x.seat
    lord = g.landlord or 0
    others = [(seat + 1) % 3, (seat + 2) % 3]
    kitty = facts.canon("".join(c[0] for c in g.kitty))
    lord_played = str(g.landlord_played)  # the game's record (a position read back keeps it, not the trail)
    kept = Counter(kitty)
    kept.subtract(Counter(lord_played))
    kept_cards = facts.canon("".join(c * n for c, n in kept.items() if n > 0)) if lord != seat else ""
    pool = facts.without(facts.hand_of(str(g.hand(others[0])) + str(g.hand(others[1]))), kept_cards)
    need = len(g.hands[others[0]]) - (len(kept_cards) if others[0] == lord else 0)
    counts = Counter(pool)
    wins = [0] * len(actions)
    total = 0
    patterns = set(facts.canon("".join(c)) for c in itertools.combinations(pool, need))
    small = sum(len(h) for h in g.hands) <= BRUTE_CARDS
    for first in sorted(patterns):
        weight = math.prod(math.comb(counts[c], n) for c, n in Counter(first).items())
        hands = {seat: str(g.hand(seat))}
        hands[others[0]] = first + (kept_cards if others[0] == lord else "")
        hands[others[1]] = facts.without(pool, first) + (kept_cards if others[1] == lord else "")
        state = tuple(facts.canon(hands[(lord + k) % 3]) for k in range(3))
        turn = (seat - lord) % 3
        own = g.table is not None and g.table_seat != seat
        table = str(g.table.cards) if own and g.table is not None else ""
        owner = ((g.table_seat or 0) - lord) % 3 if table else -1
        mine = endgame.side(turn)
        total += weight
        if small:
            for i, a in enumerate(actions):
                move = PASS if a == PASS else facts.canon(a)
                wins[i] += weight * (
                    endgame.result((state[0], state[1], state[2]), turn, table, owner, move) == mine
                )
            continue
        from ddz.endgame import Position, move_wins

        pos = Position.three(
            state[0], state[1], state[2], turn=turn, table=table or None, table_seat=owner if table else None
        )
        got = {m if m == PASS else facts.canon(m): won for m, won in move_wins(pos)[0]}
        for i, a in enumerate(actions):
            wins[i] += weight * got[PASS if a == PASS else facts.canon(a)]
    return wins, total


def _deals(x: Decision, d: dict[str, Any], action: str, other: str, what: str) -> list[str]:
    """The counts of an evaluator's claim: ``wins`` deals for ``action`` and ``other_wins`` (or
    ``cpu_wins``) for ``other``, of ``deals``: every deal when ``exact`` (counted again here), else
    a sample (re-run with the engine's evaluator, as the playouts are)."""
    bad: list[str] = []
    if d["exact"]:
        got, total = deals_won(x, [action, other])
        _check(bad, total == int(d["deals"]), f"the deals: {total}")
    else:
        from ddz.ai.evaluate import evaluate

        judged = evaluate(x.game, x.seat)
        if judged is None or judged.exact:
            return ["no sample to re-run"]
        got = [judged.value(action).wins, judged.value(other).wins]
        _check(bad, judged.deals == int(d["deals"]), f"the sample: {judged.deals}")
    _check(bad, got == [int(d["wins"]), int(d[what])], f"the deals won: {got}")
    return bad


def _splits(x: Decision, d: dict[str, Any]) -> list[str]:
    """«a cartas vistas, con X ganas en W de los N repartos posibles…; con Y, solo en V»: X is the
    action, X wins more deals than Y, and the counts hold."""
    bad: list[str] = []
    action, other = (PASS if d[k] == PASS else _cards(d[k]) for k in ("action", "other"))
    _check(bad, _same(action, x.action), "the action")
    _check(bad, int(d["wins"]) > int(d["other_wins"]), "the action wins more deals")
    return bad + _deals(x, d, action, other, "other_wins")


def cpu_reason(x: Decision, d: dict[str, Any], code: str) -> list[str]:
    """A ``cpu.*`` reason as :func:`ddz.ai.reasons.as_message` nests it: its secondary reasons
    (``cpu.also``) are checked too, ``keep_control`` with the plan of the reason it follows."""
    return _reason_message(x, {"code": f"cpu.{code}", "data": d})


def _parts(m: Message) -> list[Message]:
    """A reason message and its secondary reasons, chained by ``cpu.also``, as a flat list."""
    if m["code"] == "cpu.also":
        return _parts(m["data"]["first"]) + _parts(m["data"]["then"])
    return [m]


def _reason_message(x: Decision, m: Message) -> list[str]:
    parts = _parts(m)
    plan = next((list(p["data"]["plan"]) for p in parts if p["data"].get("plan")), None)
    bad: list[str] = []
    for part in parts:
        code, d = part["code"].removeprefix("cpu."), part["data"]
        if code == "keep_control":
            bad += _keep_control(x.rest(), d, plan) if plan is not None else ["keep_control without a plan"]
        else:
            bad += _reason(x, d, code)
    return bad


# ---- the review, the hint, the coach --------------------------------------------------------------


def _left(x: Decision, action: str) -> int:
    hand = facts.hand_of(x.hand())
    return facts.fewest_plays(hand if action == PASS else facts.without(hand, action))


def _review(x: Decision, d: dict[str, Any], code: str) -> list[str]:
    """The review's own words: counts of plays, what the CPU did, the verdict's grounds."""
    bad: list[str] = []
    if x.game.phase == BIDDING:
        cpu_action = str(d["theirs"]) if int(d["theirs"]) else PASS
    else:
        cpu_action = PASS if d.get("cpu_action", PASS) == PASS else _cards(d["cpu_action"])
    if "action" in d:
        said = PASS if d["action"] == PASS else _cards(d["action"])
        _check(bad, _same(said, x.action), "the action")
    if "why" in d:
        bad += _reason_message(Decision(x.game, x.seat, cpu_action), d["why"])
    same = cpu_action == x.action if x.game.phase == BIDDING else _same(cpu_action, x.action)
    if code in ("review.play_same", "review.bid_same"):
        if code == "review.bid_same":
            _check(
                bad,
                int(d["mine"]) == int(d["theirs"]) == (0 if x.action == PASS else int(x.action)),
                "same bid",
            )
        else:
            _check(bad, same, "the CPU's action is the same")
    elif code in ("review.more_plays", "review.as_good", "review.spent_control"):
        left, cpu_left = _left(x, x.action), _left(x, cpu_action)
        _check(bad, not same and int(d["left"]) == left, f"the plays left: {left}")
        if code == "review.as_good":
            _check(bad, cpu_left - left == int(d["fewer"]) >= 0, f"as few plays as the CPU's ({cpu_left})")
        else:
            _check(bad, int(d["cpu_left"]) == cpu_left, f"the CPU's plays left: {cpu_left}")
        if code == "review.more_plays":
            _check(
                bad, left > cpu_left and (d["verdict"] == "error") == (left >= cpu_left + 2), "the verdict"
            )
        if code == "review.spent_control":
            spent = Counter(c for c in x.action if c in "2BR")
            _check(
                bad,
                cpu_left - left == int(d["fewer"]) >= 0 and spent,
                "spends a 2 or a joker, with as few plays",
            )
            _check(bad, not any(c in cpu_action for c in "2BR"), "the CPU's action keeps them")
            bad += _control_kept(spent, _summary(d["control"]))
    elif code == "review.go_out_too":
        _check(bad, x.action != PASS and not x.rest(), "the action empties the hand")
    elif code == "review.sure_win_too":
        _check(bad, not same, "another action than the CPU's")
        bad += _sure_win(x, d["sure"]["data"])
    elif code == "review.missed_sure_win":
        _check(bad, d["why"]["code"] in ("cpu.go_out", "cpu.sure_win"), "the CPU's action wins for sure")
        _check(bad, x.action == PASS or x.rest(), "the action does not empty the hand")
        bad += _not_sure(x)
    elif code == "review.beginner":
        _check(bad, not same and d["what"]["code"].startswith("review.mistake_"), "a beginner mistake")
    elif code in ("review.bid_other", "review.bid_high_cards"):
        mine = 0 if x.action == PASS else int(x.action)
        _check(bad, int(d["mine"]) == mine != int(d["theirs"]), "the bids")
        if code == "review.bid_other":
            _check(bad, (d["verdict"] == "error") == (abs(mine - int(d["theirs"])) >= 2), "the verdict")
        else:
            _check(bad, int(d["plays"]) == facts.fewest_plays(x.hand()), "the hand's plays")
    elif code == "review.forced":
        _check(bad, x.action == PASS and not facts.answers(x.hand(), x.table), "nothing beats the table")
    elif code == "review.lost_won":
        bad += _lost_won(x, d, cpu_action)
    elif code in ("review.fewer_deals", "review.as_many_deals"):
        _check(bad, not same, "another action than the hint's")
        bad += _deals(x, d, x.action, cpu_action, "cpu_wins")
        if code == "review.fewer_deals":
            wins = int(d["wins"])
            _check(bad, wins < int(d["cpu_wins"]), "the hint's move wins more deals")
            _check(bad, (d["verdict"] == "error") == (wins == 0), "the verdict")
        else:
            _check(bad, int(d["wins"]) >= int(d["cpu_wins"]), "as many deals as the hint's move")
    return bad


def _lost_won(x: Decision, d: dict[str, Any], cpu_action: str) -> list[str]:
    """«con las cartas a la vista ganabas con …; jugaste X y eso pierde»: with the real hands (plain
    minimax), the seat's side wins, the moves named are every winning move, the action is not one of
    them, and «la pista también fallaba» exactly when the hint's move is not one either."""
    bad: list[str] = []
    g = x.game
    lord = g.landlord or 0
    state = tuple(facts.hand_of(str(g.hand((lord + k) % 3))) for k in range(3))
    turn = (x.seat - lord) % 3
    own = g.table is not None and g.table_seat != x.seat
    table = str(g.table.cards) if own and g.table is not None else ""
    owner = ((g.table_seat or 0) - lord) % 3 if table else -1
    mine = endgame.side(turn)
    hands = (state[0], state[1], state[2])
    wins = sorted(
        m
        for m in endgame.moves(hands, turn, table, owner)
        if endgame.result(hands, turn, table, owner, m) == mine
    )
    named = sorted(
        PASS if w["data"]["move"] == PASS else facts.canon(_cards(w["data"]["move"]))
        for w in [d["first"], *d["others"]]
    )
    _check(bad, named == wins and int(d["others_n"]) == len(d["others"]), f"the winning moves: {wins}")
    canon = PASS if x.action == PASS else facts.canon(x.action)
    _check(bad, bool(wins) and canon not in wins, "the action loses a won position")
    hint = PASS if cpu_action == PASS else facts.canon(cpu_action)
    _check(bad, bool(d["hint_too"]) == (hint not in wins), "whether the hint's move loses too")
    return bad


def _summary(messages: list[Message]) -> dict[str, Any]:
    """A control summary back from its ``cpu.control_*`` messages (twos, jokers)."""
    out: dict[str, Any] = {"twos": 0, "jokers": []}
    for m in messages:
        if m["code"] == "cpu.control_twos":
            out["twos"] = int(m["data"]["twos"])
        elif m["code"] == "cpu.control_joker":
            out["jokers"].append(m["data"]["joker"])
        elif m["code"] == "cpu.control_rocket":
            out["jokers"] += ["pequeño", "grande"]
    return out


def _not_sure(x: Decision) -> list[str]:
    """«…, que no lo es»: the action is not a sure win — it can be answered, or no plan of the rest
    leaves at most one play that some split of the unseen cards could answer."""
    if x.action == PASS:
        return []
    pool, counts = x.pool(), x.others()
    if facts.can_be_beaten_by_unseen(x.action, pool, counts):
        return []
    rest = x.rest()
    n = facts.fewest_plays(rest)
    for size in range(n, min(n + 2, len(rest)) + 1):
        for plan in facts.iter_plans(rest, size):
            if sum(facts.can_be_beaten_by_unseen(p, pool, counts) for p in plan) <= 1:
                return [f"the action wins for sure after all: {plan}"]
    return []


def _hint(x: Decision, d: dict[str, Any], code: str) -> list[str]:
    bad: list[str] = []
    if code in ("hint.play", "coach.raise"):
        _check(bad, x.action != PASS and facts.canon(_cards(d["cards"])) == facts.canon(x.action), "the play")
    if code == "coach.raise":
        _check(bad, facts.kind_of(x.action) == d["kind"], "the kind named")
        _check(bad, bool(d["leading"]) == (not x.table), "leading")
    if code in ("hint.pass", "coach.pass"):
        _check(bad, x.action == PASS, "the hint passes")
    if code == "coach.bid":
        _check(bad, int(d["bid"]) == (0 if x.action == PASS else int(x.action)), "the bid")
    return bad + _reason_message(x, d["why"])


def _hint_option(x: Decision, d: dict[str, Any]) -> list[str]:
    """«Pista N de T: juega X — te quedan K jugadas» («pasa — te siguen quedando K jugadas»): X is
    the action, a legal move of the hand (against the table; the pass only against a play), T counts
    every legal move (the plays, and the pass when the seat follows a play) and K is the fewest plays
    the rest of the hand makes; with few cards left, the deals the move wins (counted again)."""
    bad: list[str] = []
    passes = bool(d["passes"])
    following = bool(x.table) and x.game.table_seat != x.seat
    _check(bad, passes == (x.action == PASS), "the pass is the action")
    _check(bad, not passes or following, "a pass is an option only against a play")
    if not passes:
        _check(bad, facts.canon(_cards(d["cards"])) == facts.canon(x.action), "the play")
    legal = facts.answers(x.hand(), x.table) if following else facts.plays_in(x.hand())
    _check(bad, passes or facts.canon(x.action) in legal, "a legal play of the hand")
    _check(bad, int(d["total"]) == len(legal) + following, f"the options: {len(legal) + following}")
    _check(bad, 2 <= int(d["n"]) <= int(d["total"]), "the option's number")
    left = _left(x, x.action)
    _check(bad, int(d["left"]) == left, f"the plays left: {left}")
    if d.get("evaluated"):
        bad += _deals(x, d, x.action, x.action, "wins")
    return bad


def _none(x: Decision, d: dict[str, Any]) -> list[str]:
    """A sentence that states no fact about the position («¡Mano terminada!…»)."""
    return []


def _decision(code: str) -> Verifier:
    if code.startswith("cpu."):
        return lambda x, d: cpu_reason(x, d, code.removeprefix("cpu."))
    if code.startswith("review."):
        return lambda x, d: _review(x, d, code)
    return lambda x, d: _hint(x, d, code)


CPU_KINDS = (
    "go_out", "sure_win", "fewest_plays", "long_chain", "keep_control", "control_back", "bomb_now",
    "feed_partner", "high_single", "partner_leads", "forced_pass", "save_strength", "bid", "cover_partner",
    "attach_kicker", "take_lead", "playout", "splits", "lowest_play", "also",
)  # fmt: skip
REVIEW_KINDS = (
    "bid_same", "bid_other", "bid_high_cards", "play_same", "sure_win_too", "go_out_too", "missed_sure_win",
    "beginner", "more_plays", "spent_control", "as_good", "forced", "lost_won", "fewer_deals",
    "as_many_deals",
)  # fmt: skip

VERIFIERS: dict[str, Verifier] = {
    **{f"cpu.{k}": _decision(f"cpu.{k}") for k in CPU_KINDS},
    **{f"review.{k}": _decision(f"review.{k}") for k in REVIEW_KINDS},
    **{c: _decision(c) for c in ("hint.play", "hint.pass", "hint.bid", "coach.bid", "coach.pass")},
    **{c: _decision(c) for c in ("coach.raised", "coach.raise")},
    "coach.over": _none,
    "hint.option": _hint_option,
}
"""The verifier of every kind of decision claim (the hand-level kinds are in :data:`HAND_VERIFIERS`)."""

PARTS: dict[str, str] = {
    "cpu.control_twos": "cpu.keep_control",
    "cpu.control_rocket": "cpu.keep_control",
    "cpu.control_joker": "cpu.keep_control",
    "cpu.control_bomb": "cpu.keep_control",
    "cpu.control_high": "cpu.save_strength",
    "cpu.bomb_spent": "cpu.keep_control",
    "cpu.plan_play": "cpu.keep_control",
    "cpu.what_play": "cpu.control_back",
    "cpu.beater_rank": "cpu.control_back",
    "cpu.beater_bomb": "cpu.control_back",
    "cpu.beater_rocket": "cpu.control_back",
    "cpu.cost_control": "cpu.save_strength",
    "cpu.cost_bomb": "cpu.save_strength",
    "cpu.cost_break_bomb": "cpu.save_strength",
    "cpu.cost_split_rocket": "cpu.save_strength",
    "cpu.cost_plays": "cpu.save_strength",
    "review.mistake_covered_partner": "review.beginner",
    "review.mistake_early_bomb": "review.beginner",
    "review.mistake_broken_bomb": "review.beginner",
    "review.winner_hand": "review.no_moment",
    "review.line_step": "review.exact_moment",
    "review.a_move": "review.exact_moment",
}
"""Catalog codes that are only ever part of another claim, with the claim whose verifier checks them."""


# ---- claims about a whole hand: the key moment, the history, the review's counts ------------------


def _replayed(code: str, actions: list[str]) -> list[Game]:
    """The game before each action (and after the last) of the hand ``code`` played with ``actions``."""
    g = Game.from_code(code)
    out = [g.copy()]
    for a in actions:
        g.apply(a)
        out.append(g.copy())
    return out


def winner_hand(final: Game, d: dict[str, Any]) -> list[str]:
    """«la mano de … salía en N jugadas y tenía … (ojo: …)»: the seat that went out, its hand when
    the play began (what it played and what it holds), a plan of it in its fewest plays, and the
    2s, jokers and bombs that plan keeps (a bomb it breaks is named as spent, not kept)."""
    bad: list[str] = []
    seat = next(i for i in range(3) if not final.hands[i])
    start = facts.hand_of("".join(a for who, a in final.trail if who == seat and a != PASS))
    _check(bad, bool(d["landlord"]) == (seat == final.landlord) and d["who"] == SEATS[seat], "the seat")
    plan = [_cards(p) for p in d["plan"]]
    _check(bad, facts.is_fewest_plan(start, plan), "the plan is the hand in its fewest plays")
    _check(bad, int(d["plays"]) == len(plan), "its fewest plays")
    kept = _summary(d["control"])
    kept["rocket"] = any(m["code"] == "cpu.control_rocket" for m in d["control"])
    kept["bombs"] = [m["data"]["rank"] for m in d["control"] if m["code"] == "cpu.control_bomb"]
    kept["bombs_spent"] = [
        {"rank": m["data"]["rank"], "plays": [q["data"]["cards"] for q in m["data"]["plays"]]}
        for m in d["spent"]
    ]
    return bad + _keep_control(start, kept, list(d["plan"]))


def check_count(hands: tuple[str, str, str], turn: int, table: str, owner: int, claim: Message) -> list[str]:
    """«De todas tus jugadas posibles, solo gana X» («ganan 3: …») of a three-hand position (seat 0 the
    landlord; ``table`` the play to answer, ``""`` when ``turn`` leads): the moves named are exactly
    the first moves that win, by plain minimax, and the count is theirs."""
    bad: list[str] = []
    d = claim["data"]
    state = (facts.hand_of(hands[0]), facts.hand_of(hands[1]), facts.hand_of(hands[2]))
    mine = endgame.side(turn)
    wins = {
        m
        for m in endgame.moves(state, turn, table, owner)
        if endgame.result(state, turn, table, owner, m) == mine
    }
    named = [PASS if w["data"]["pass"] else facts.canon(_cards(w["data"]["cards"])) for w in d["wins"]]
    _check(bad, set(named) == wins and len(named) == len(wins), f"the winning moves: {sorted(wins)}")
    _check(bad, int(d["count"]) == len(wins), f"the count: {len(wins)}")
    return bad


def _exact_zone(games: list[Game], items: list[Any]) -> tuple[int, dict[str, Any]] | None:
    """The first decision of seat 0 with few cards left (:data:`tutorial.review.EXACT_CARDS`), solved
    by plain minimax: ``(n, facts)`` where ``facts`` says whether the side had already lost there,
    or the first such decision whose action threw a won position away (with every winning move)."""
    from tutorial.review import EXACT_CARDS

    first: int | None = None
    for n, item in enumerate(items):
        g = games[item.index]
        if (
            item.phase == BIDDING
            or item.verdict == "sin elección"
            or sum(len(h) for h in g.hands) > EXACT_CARDS
        ):
            continue
        first = n if first is None else first
        lord = g.landlord or 0
        hands = tuple(facts.hand_of(str(g.hand((lord + k) % 3))) for k in range(3))
        state = (hands[0], hands[1], hands[2])
        turn = (g.turn - lord) % 3
        own = g.table is not None and g.table_seat != g.turn
        table = str(g.table.cards) if own and g.table is not None else ""
        owner = ((g.table_seat or 0) - lord) % 3 if table else -1
        mine = endgame.side(turn)
        if endgame.value(state, turn, table, owner) != mine:  # later: won until the partner threw it away
            return first, {"lost": True if n == first else None, "at": n}
        wins = [
            m
            for m in endgame.moves(state, turn, table, owner)
            if endgame.result(state, turn, table, owner, m) == mine
        ]
        action = PASS if item.action == PASS else facts.canon(item.action)
        if action not in wins:
            return first, {
                "lost": False,
                "at": n,
                "wins": wins,
                "state": (state, turn, table, owner),
                "lord": lord,
            }
    return (first, {"lost": None}) if first is not None else None


def _check_line(zone: dict[str, Any], d: dict[str, Any], action: str) -> list[str]:
    """The refutation: legal at every step, the action first, and the other side goes out."""
    state, turn, table, owner = zone["state"]
    lord: int = zone["lord"]
    bad: list[str] = []
    mine = endgame.side(turn)
    for k, step in enumerate(d["line"]):
        sd = step["data"]
        seat = (lord + turn) % 3
        _check(
            bad,
            bool(sd["you"]) == (seat == 0) and (sd["you"] or sd["who"] == SEATS[seat]),
            f"step {k + 1}: who",
        )
        move = PASS if sd["move"] == PASS else facts.canon(_cards(sd["move"]))
        if k == 0:
            _check(bad, move == action, "the line starts with the action")
        legal = endgame.moves(state, turn, table, owner)
        if move not in legal:
            return [*bad, f"step {k + 1}: {move} is not legal"]
        nxt = endgame.after(state, turn, table, owner, move)
        if isinstance(nxt, str):
            _check(bad, nxt != mine and k == len(d["line"]) - 1, "the line ends with the other side out")
            return bad
        state, turn, table, owner = nxt
    return [*bad, "the line does not reach the end"]


def check_moment(code: str, actions: list[str], items: list[Any], claim: Message) -> list[str]:
    """The key moment of a lost hand. With few cards left, exactly: the first decision that threw a
    won position away (every card known, plain minimax), its winning moves and a refutation that
    holds. Before that: the decision whose alternative won clearly more playouts (re-run, the same
    sign test), or no decision did clearly worse, or every play decision was the CPU's own; and the
    winning hand as it was."""
    from ddz.ai.cpu import SIGNIFICANCE, rollout_outcomes, sign_test
    from tutorial.review import REVIEW_BUDGET

    games = _replayed(code, actions)
    final = games[-1]
    kind, d = claim["code"], claim["data"]
    bad: list[str] = []
    result = final.result
    _check(bad, result is not None and (result.winner == "landlord") != (final.landlord == 0), "a lost hand")
    zone = _exact_zone(games, items)
    if zone is not None and zone[1]["lost"] is False:
        n, z = zone[1]["at"], zone[1]
        _check(
            bad,
            kind == "review.exact_moment" and int(d["n"]) == n + 1,
            f"the exact moment is decision {n + 1}",
        )
        if kind != "review.exact_moment":
            return bad
        moves = [d["first"], *d["others"]]
        _check(bad, int(d["others_n"]) == len(d["others"]), "the count of other winning moves")
        named = sorted(
            PASS if w["data"]["move"] == PASS else facts.canon(_cards(w["data"]["move"])) for w in moves
        )
        _check(bad, named == sorted(z["wins"]), f"the winning moves: {z['wins']}")
        action = PASS if items[n].action == PASS else facts.canon(items[n].action)
        _check(
            bad,
            d["action"] == PASS if action == PASS else facts.canon(_cards(d["action"])) == action,
            "the action",
        )
        return bad + _check_line(z, d, action)
    _check(
        bad, kind != "review.exact_moment", "no exact moment: the side had lost, or never threw a win away"
    )
    stop = zone[0] if zone is not None else len(items)

    def differs(item: Any) -> bool:
        a, c = item.action, item.cpu.action
        return a != c if item.phase == BIDDING else not _same(a, c)

    judged = [(n, i) for n, i in enumerate(items) if i.verdict != "sin elección" and i.phase != BIDDING]
    estimated: dict[int, list[tuple[int, ...]]] = {}
    for n, item in judged:
        if differs(item) and n < stop:
            estimated[n] = rollout_outcomes(
                games[item.index], 0, [item.action, item.cpu.action], REVIEW_BUDGET
            )
    gains = {
        n: sum(o[1] - o[0] for o in out)
        for n, out in estimated.items()
        if sign_test(sum(o[1] > o[0] for o in out), sum(o[1] < o[0] for o in out)) <= SIGNIFICANCE
    }
    if kind == "review.key_moment":
        n = int(d["n"]) - 1
        out = estimated.get(n, [])
        got = (sum(o[0] for o in out), sum(o[1] for o in out), len(out))
        _check(bad, got == (d["wins"], d["cpu_wins"], d["samples"]), "the counts re-run")
        _check(bad, n in gains and gains[n] == max(gains.values()), "the largest clear gap")
        return bad
    _check(bad, not gains, "no decision did clearly worse in the playouts")
    if kind != "review.no_moment":
        return [*bad, f"{kind}: no verifier"]
    want_zone = "none" if zone is None else {True: "lost", None: "kept"}[zone[1]["lost"]]
    _check(bad, d["zone"] == want_zone, f"the exact zone: {want_zone}")
    if zone is not None:
        _check(bad, int(d["at"]) == zone[0] + 1, "the first decision with few cards")
    before = "no_worse" if estimated else "same"
    _check(bad, d["before"] == before, f"before the zone: {before}")
    if estimated:
        _check(bad, int(d["samples"]) == min(len(o) for o in estimated.values()), "the samples")
    else:
        _check(bad, int(d["decisions"]) == len(judged), "the decisions")
        bids = [i for i in items if i.phase == BIDDING]
        _check(bad, bool(d["bids_differ"]) == any(differs(i) for i in bids), "the bids")
    return bad + winner_hand(final, d["winner"]["data"])


def check_history(code: str, actions: list[str], lines: list[Message]) -> list[str]:
    """The history panel: its plays and passes are the hand's, in order, with the right seat; bids
    likewise; the end names the seat that went out and the winning side."""
    final = _replayed(code, actions)[-1]
    said = [(m["data"].get("you"), m) for m in lines]
    bad: list[str] = []
    trail = [(SEATS[s], a) for s, a in final.trail]
    told = [
        (
            ("Sur" if you else m["data"]["who"]),
            PASS if m["code"] == "history.pass" else _cards(m["data"]["cards"]),
        )
        for you, m in said
        if m["code"] in ("history.play", "history.pass")
    ]
    _check(
        bad,
        [(w, facts.canon(a) if a != PASS else a) for w, a in told]
        == [(w, facts.canon(a) if a != PASS else a) for w, a in trail],
        "the plays and passes of the hand",
    )
    for you, m in said:
        if m["code"] == "history.over":
            seat = next(i for i in range(3) if not final.hands[i])
            who = "Sur" if you else m["data"]["who"]
            winner = final.result.winner if final.result else ""
            _check(
                bad, who == SEATS[seat] and bool(m["data"]["landlord"]) == (winner == "landlord"), "the end"
            )
        elif m["code"] == "history.landlord":
            who = "Sur" if you else m["data"]["who"]
            _check(bad, final.landlord is not None and who == SEATS[final.landlord], "the landlord")
            _check(
                bad, facts.canon(m["data"]["kitty"]) == facts.canon(str(cards_of(final.kitty))), "the kitty"
            )
    return bad


def check_summary(items: list[Any], claim: Message) -> list[str]:
    """The review's counts of verdicts."""
    d = claim["data"]
    count = Counter(i.verdict for i in items)
    bad: list[str] = []
    _check(bad, int(d["judged"]) == len(items) - count["sin elección"], "the decisions judged")
    got = (d["good"], d["inaccurate"], d["mistakes"], d["forced"])
    _check(bad, got == (count["bien"], count["imprecisión"], count["error"], count["sin elección"]), "counts")
    return bad


def check_undone(undone: dict[int, list[str]], claim: Message) -> list[str]:
    """«Con «Deshacer» cambiaste N decisiones: las …»: the decisions taken back."""
    d = claim["data"]
    want = [str(n + 1) for n in sorted(undone)]
    return [] if (int(d["n"]), list(d["which"])) == (len(want), want) else [f"the decisions undone: {want}"]


HAND_KINDS = (
    "review.key_moment", "review.exact_moment", "review.no_moment", "review.summary", "review.undone",
    "history.bid", "history.redeal", "history.forced", "history.landlord", "history.play", "history.pass",
    "history.double", "history.trick", "history.over",
)  # fmt: skip
"""The kinds checked with the whole hand (:func:`check_moment`, :func:`check_history`, :func:`check_summary`)."""
