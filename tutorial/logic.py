"""Plain functions behind the pages (tested directly, no Streamlit needed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ddz.cards import NotationError, parse
from ddz.compare import compare
from ddz.conformance.corpus import Case, load_cases, rule_texts
from ddz.messages import CATALOG, KIND_NAMES_ES, RANK_NAMES_ES, render, say_cards, template_nodes
from ddz.plays import KIND_RULES, Play, Rejection, analyze


def count(n: int, noun: str) -> str:
    """«1 carta», «3 cartas», «1 jugada»: the number with its noun in the right number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def cards_left(n: int, pronoun: str) -> str:
    """What a seat held when the hand ended: «le quedaba 1 carta», «Te quedaban 3 cartas» (the verb
    agrees with the number too)."""
    return f"{pronoun} {'quedaba' if n == 1 else 'quedaban'} {count(n, 'carta')}"


@lru_cache(maxsize=1)
def rules() -> dict[str, str]:
    """Rule id -> Spanish text, from the corpus's rules.md (ddz/conformance/data/)."""
    return rule_texts()


@lru_cache(maxsize=1)
def corpus() -> list[Case]:
    return load_cases()


@dataclass(frozen=True)
class Bar:
    """What the bar above a hand says about a selection."""

    ok: bool
    """The selection is a legal play (and beats the table, when there is one)."""
    title: str
    detail: str
    rule: str = ""
    play: Play | None = None
    beats: bool | None = None

    @property
    def rule_text(self) -> str:
        return rules().get(self.rule, "")


BAR_WORDS: dict[str, str] = {
    "empty_title": "Elige cartas",
    "empty_detail": "Toca o desliza el dedo por las cartas para elegirlas.",
    "unreadable": "No se entiende",
    "invalid": "No es una jugada",
}
"""The bar's own words around the catalog's sentences; the card widget says the same
(:func:`device_phrases`)."""


def describe(cards_text: str, table_text: str = "") -> Bar:
    """Classify a selection and compare it with the table, in Spanish (the card widget says the same
    on the device: ``tutorial/bar.js``)."""
    w = BAR_WORDS
    if not cards_text.strip():
        return Bar(False, w["empty_title"], w["empty_detail"])
    got = analyze(cards_text)
    if isinstance(got, Rejection):
        if got.reason == "notation":
            return Bar(False, w["unreadable"], got.message, "R-DECK-1")
        return Bar(False, w["invalid"], got.message[0].upper() + got.message[1:] + ".", got.rule)
    title = got.name[0].upper() + got.name[1:]
    detail = describe_play(got)
    if not table_text.strip():
        return Bar(True, title, detail, KIND_RULES[got.kind], got)
    table = analyze(table_text)
    if isinstance(table, Rejection):
        return Bar(False, title, f"La jugada de la mesa no es válida: {table.message}.", table.rule, got)
    v = compare(got, table)
    said = render("play.against", detail=detail, beats=v.beats, table=table.shown(), why=v.message)
    return Bar(v.beats, title, said, v.rule, got, v.beats)


DEVICE_UNSAID = frozenset(
    {"rejection.notation", "rejection.four_two_same_singles", "verdict.invalid_play", "verdict.invalid_table"}
)
"""Sentences a raised selection never needs: raised cards are always notation, the variant rule is
not played, and an invalid play is said before any verdict."""
DEVICE_CODES = ("play.anatomy", "play.anatomy_rocket", "play.against") + tuple(
    c for c in CATALOG if c.split(".")[0] in ("rejection", "verdict") and c not in DEVICE_UNSAID
)


@lru_cache(maxsize=1)
def device_phrases() -> dict[str, Any]:
    """What the card widget needs to say the bar on the device in the server's words: the catalog's
    compiled templates (play's anatomy, rejections, verdicts), the Spanish names of ranks and kinds
    and :data:`BAR_WORDS`."""
    return {
        "nodes": {code: template_nodes(code) for code in DEVICE_CODES},
        "ranks": list(RANK_NAMES_ES),
        "kinds": dict(KIND_NAMES_ES),
        "words": BAR_WORDS,
    }


def describe_play(p: Play) -> str:
    """Body, kickers, ranking card and chain in plain Spanish (the catalog's ``play.anatomy``)."""
    return p.anatomy()


def canonical_or_none(text: str) -> str | None:
    try:
        return str(parse(text))
    except NotationError:
        return None


def say_play(action: str) -> str:
    """A play in notation as a learner reads it, body first («Q Q Q + comodín grande»); text that is
    no play is returned as it is."""
    got = analyze(action)
    return say_cards(got.shown()) if isinstance(got, Play) else action


EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("4 4 4 4 + 5 5 no es bomba", "444455", ""),
    ("K K K + 3 supera a Q Q Q + comodín grande", "KKK3", "QQQR"),
    ("El 2 no entra en escaleras", "TJQKA2", ""),
    ("4 4 4 4 5 5 5 5 no es una jugada", "44445555", ""),
    ("3 3 3 4 4 4 5 5 5 6 6 6: solo un avión", "333444555666", ""),
    ("5 5 5 5 + 6 6 supera a 4 4 4 4 + 3 3", "555566", "444433"),
    ("El cohete supera a la bomba", "BR", "2222"),
    ("Escalera de 6 contra una de 5", "345678", "34567"),
)
"""One-click examples; each appears in the conformance corpus (checked by the tests), its label
proven by that case (``tests/test_reference_claims.py``)."""


# ---- annotated hands --------------------------------------------------------------------------
HANDS_DIR = __import__("pathlib").Path(__file__).parent / "data" / "hands"
SEAT_NAMES = ("Sur", "Este", "Oeste")


@dataclass(frozen=True)
class AnnotatedHand:
    id: str
    title: str
    intro: str
    lesson: str
    record: dict[str, Any]
    notes: dict[int, str]
    checks: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def steps(self) -> int:
        actions = self.record.get("actions", [])
        return len(actions) if isinstance(actions, list) else 0


@lru_cache(maxsize=1)
def annotated_hands() -> tuple[AnnotatedHand, ...]:
    """The annotated example hands, from ``tutorial/data/hands/*.yaml``."""
    import yaml

    order = ["primavera", "control", "cooperacion", "antiprimavera", "bombas", "cuarteto", "reparto"]
    out = []
    for path in sorted(
        HANDS_DIR.glob("*.yaml"), key=lambda p: (order.index(p.stem) if p.stem in order else 99, p.stem)
    ):
        d = yaml.safe_load(path.read_text(encoding="utf-8"))
        out.append(
            AnnotatedHand(
                d["id"],
                d["title"],
                d["intro"],
                d["lesson"],
                d["record"],
                {int(k): str(v) for k, v in (d.get("notes") or {}).items()},
                {int(k): list(v) for k, v in (d.get("checks") or {}).items()},
            )
        )
    return tuple(out)


def game_at(record: dict[str, Any], step: int, seats: tuple[str, ...] | None = None) -> tuple[object, str]:
    """The game after the first ``step`` actions of a record, and the text of the last event
    (seats called by ``seats`` when given, else «asiento N»)."""
    from ddz.game import Game, GameError
    from ddz.records import RecordError, replay

    actions = list(record.get("actions", []))
    before = dict(record, actions=actions[: max(step - 1, 0)])
    before.pop("result", None)
    try:
        g = replay(before)
        events = g.apply(actions[step - 1]) if step else []
    except (RecordError, GameError) as e:
        raise ValueError(e.message) from None
    last = " ".join(e.say(seats) if e.kind != "over" else "La mano ha terminado." for e in events)
    assert isinstance(g, Game)
    return g, last


def step_note(hand: AnnotatedHand, step: int) -> str:
    """The note for action ``step`` (0-based): the hand-written note when there is one (its claims
    are checked by the tests), else the CPU's own reason for that action, about that seat."""
    if step in hand.notes:
        return hand.notes[step]
    from ddz.ai import Cpu
    from ddz.ai.reasons import render
    from ddz.game import BIDDING, PASS, Game

    g, _ = game_at(hand.record, step)
    assert isinstance(g, Game)
    action = str(list(hand.record["actions"])[step])
    seat, bidding = g.turn, g.phase == BIDDING
    advice = Cpu("normal").advise(g)  # the level that played the annotated hands
    if advice.action != action and (
        action == PASS or advice.action == PASS or parse(action) != parse(advice.action)
    ):
        return ""  # not the CPU's own choice: no reason to claim
    name = SEAT_NAMES[seat]
    if action == PASS:
        what = "pasa"
    elif bidding:
        what = f"puja {action}"
    else:
        what = f"juega {say_play(action)}"
    return f"{name} {what}: {render(advice.why, name)}."


# ---- lessons --------------------------------------------------------------------------------
LESSONS_FILE = HANDS_DIR.parent / "lessons.yaml"


@lru_cache(maxsize=1)
def lessons() -> tuple[dict[str, Any], ...]:
    """The strategy lessons (stages with exercises), from ``tutorial/data/lessons.yaml``."""
    import yaml

    return tuple(yaml.safe_load(LESSONS_FILE.read_text(encoding="utf-8")))


@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str
    detail: str = ""
    """The explanation alone, without «¡Correcto!» or «No.» in front (what :func:`solution` shows)."""


def expected_answer(ex: dict[str, Any]) -> object:
    """The engine's answer to a yes/no, count or bid exercise (never stored in the data)."""
    from ddz.ai.cpu import bid_for
    from ddz.ai.solver import min_plays
    from ddz.compare import beats

    kind = ex["type"]
    if kind == "beats":
        return beats(str(ex["play"]), str(ex["table"]))
    if kind == "is_kind":
        got = analyze(str(ex["cards"]))
        return isinstance(got, Play) and got.kind == ex["kind"]
    if kind == "bomb_possible":
        from ddz.cards import RANKS, parse

        r = RANKS.index(str(ex["rank"]))
        seen = parse(str(ex["hand"])).counts[r] + parse(str(ex["seen"])).counts[r]
        return seen == 0
    if kind == "count":
        return min_plays(str(ex["hand"]))
    if kind == "bid":
        from ddz.cards import parse

        return bid_for(parse(str(ex["hand"])), 0)
    if kind == "choice":
        return ex["answer"]
    raise ValueError(f"exercise type {kind!r} has no single answer")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plan(hand: str) -> list[str]:
    """One fewest-plays plan of ``hand``, each play in notation, body first (``["KKK 3", "TT"]``)."""
    from ddz.ai.solver import decompose

    return [p.shown() for p in decompose(hand)]


def exercise_hint(ex: dict[str, Any]) -> str:
    """A nudge that does not give the answer away, computed from the engine and the rule index
    (catalog group ``lesson``)."""
    from ddz.ai.solver import decompose, min_plays

    kind = ex["type"]
    if kind == "beats":
        rule = compare(str(ex["play"]), str(ex["table"])).rule
        return render("lesson.hint_beats", rule=rules().get(rule, ""))
    if kind == "is_kind":
        return render("lesson.hint_kind", rule=rules().get(KIND_RULES[str(ex["kind"])], ""))
    if kind == "bomb_possible":
        return render("lesson.hint_bomb")
    if kind == "count":
        longest = max(decompose(str(ex["hand"])), key=lambda p: len(p.cards))
        return render("lesson.hint_count", cards=longest.shown())
    if kind == "bid":
        return render("lesson.hint_bid", n=min_plays(parse(str(ex["hand"]))))
    if kind == "choice":
        return str(ex.get("hint") or render("lesson.hint_choice"))
    if kind == "choose":
        return render("lesson.hint_choose")
    raise ValueError(kind)


def solution(ex: dict[str, Any]) -> str:
    """The answer, in words (shown after a second wrong try or on request)."""
    from ddz.moves import legal_plays

    if ex["type"] == "choose":
        hand = parse(str(ex["hand"]))
        for p in legal_plays(hand):
            if check_selection(ex, str(p.cards)).correct:
                return render("lesson.good_answer", cards=p.shown(), play=p.as_message())
        raise ValueError("an exercise without a solution")  # the tests make sure this never happens
    want = expected_answer(ex)
    if ex["type"] == "choice":
        option = render("lesson.answer_option", option=list(ex["options"])[int(want)])  # type: ignore[call-overload]
        return f"{option} {ex.get('why', '')}".strip()
    if ex["type"] == "count":
        plan = render("lesson.one_way", plan=_plan(str(ex["hand"])))
        return f"{render('lesson.count_answer', n=want)} {plan}"
    return check_answer(ex, want).detail


def check_answer(ex: dict[str, Any], answer: object, reveal: bool = True) -> Feedback:
    """Check a non-card answer. Wrong and ``reveal`` false: a hint, not the answer (first try)."""
    want = expected_answer(ex)
    if answer != want and not reveal:
        return Feedback(False, render("lesson.not_yet", hint=exercise_hint(ex)))
    return _explain(ex, answer, want)


def _explain(ex: dict[str, Any], answer: object, want: object) -> Feedback:
    kind = ex["type"]
    ok = answer == want
    if kind == "choice":
        why = str(ex.get("why", ""))
        option = list(ex["options"])[int(want)]  # type: ignore[call-overload]
        head = render("lesson.right") if ok else render("lesson.wrong_option", option=option)
        return Feedback(ok, f"{head} {why}", why)
    if kind in ("beats", "is_kind", "bomb_possible"):
        if kind == "beats":
            detail = compare(str(ex["play"]), str(ex["table"])).message
        elif kind == "is_kind":
            got = analyze(str(ex["cards"]))
            detail = got.describe() if isinstance(got, Play) else got.message
        else:
            detail = render("lesson.bomb_seen", seen=not want)
        said = render("lesson.answer_yes_no", yes=bool(want), detail=detail)
        return Feedback(ok, f"{render('lesson.right' if ok else 'lesson.wrong_yes_no')} {said}", said)
    if kind == "count":
        said = render("lesson.one_way", plan=_plan(str(ex["hand"])))
        head = render("lesson.right") if ok else render("lesson.count_wrong", n=want)
        return Feedback(ok, f"{head} {said}", said)
    if kind == "bid":
        from ddz.ai.cpu import hand_strength
        from ddz.ai.solver import min_plays

        hand = parse(str(ex["hand"]))
        strength = f"{hand_strength(hand):+.1f}".replace(".", ",").replace("-", "−")
        said = render("lesson.bid_answer", bid=want, n=min_plays(hand), strength=strength)
        return Feedback(ok, f"{render('lesson.bid_right' if ok else 'lesson.bid_wrong')} {said}", said)
    raise ValueError(kind)


def check_selection(ex: dict[str, Any], cards_text: str) -> Feedback:
    """Check a ``choose`` exercise: the selected cards against the engine."""
    from ddz.ai.solver import min_plays

    if not cards_text:
        return Feedback(False, render("lesson.pick_some"))
    got = analyze(cards_text)
    if isinstance(got, Rejection):
        return Feedback(False, render("lesson.not_a_play", why=got.message))
    want_kind = ex.get("kind")
    if want_kind and got.kind != want_kind:
        return Feedback(False, render("lesson.wrong_kind", kind=got.kind.value, want=str(want_kind)))
    if ex.get("table"):
        v = compare(got, str(ex["table"]))
        if not v.beats:
            shown = v.table.shown() if isinstance(v.table, Play) else str(ex["table"])
            return Feedback(False, render("lesson.does_not_beat", table=shown, why=v.message))
    avoid = str(ex.get("avoid", ""))
    used = sorted({c for c in avoid if c in str(got.cards)}, key="3456789TJQKA2BR".index)
    if used:
        names = [{"code": "lesson.the_card", "data": {"rank": c}} for c in used]
        return Feedback(False, render("lesson.keep_high", names=names, count=len(names)))
    if got.kind in list(ex.get("avoid_kinds", []) or []):
        return Feedback(False, render("lesson.no_lead_with", kind=got.kind.value))
    brk = str(ex.get("avoid_break", ""))
    if brk and brk in str(got.cards) and got.kind != "bomb":
        return Feedback(False, render("lesson.breaks_four", rank=brk))
    rest = parse(str(ex["hand"])) - got.cards
    if "max_plays_after" in ex:
        left = min_plays(rest)
        if left > int(ex["max_plays_after"]):
            return Feedback(False, render("lesson.too_many_left", n=left, best=int(ex["max_plays_after"])))
    return Feedback(True, render("lesson.well_played", play=got.as_message(), n=min_plays(rest)))


def _next_leader(record: dict[str, Any], step: int) -> int | None:
    """The seat that opens the first trick after action ``step`` of ``record``, ``None`` if the hand
    ends first."""
    from ddz.game import PLAYING, Game

    for k in range(step + 1, len(list(record["actions"]))):
        g, _ = game_at(record, k)
        assert isinstance(g, Game)
        if g.phase == PLAYING and g.table is None:
            return int(g.turn)
    return None


# ---- the claims of annotated notes ----------------------------------------------------------------
def check_claims(record: dict[str, Any], step: int, checks: list[dict[str, Any]]) -> list[str]:
    """Check the facts a hand-written note states about action ``step`` (0-based) of ``record``.

    Each check is a one-key mapping; seats are 0 (Sur), 1 (Este), 2 (Oeste). ``before`` is the game
    just before the action, ``after`` just after it; ``then_leads`` names the seat that opens the next
    trick. Returns the checks that do not hold."""
    from ddz.ai.solver import min_plays
    from ddz.codes import cards_of
    from ddz.game import PASS, PLAYING, Game
    from ddz.moves import legal_plays

    before, _ = game_at(record, step)
    after, _ = game_at(record, step + 1)
    assert isinstance(before, Game) and isinstance(after, Game)
    action = str(list(record["actions"])[step])
    actor = before.turn
    play = analyze(action) if before.phase == PLAYING and action != PASS else None
    failures = []
    for check in checks:
        [(name, want)] = check.items()
        w: dict[str, Any] = want if isinstance(want, dict) else {}
        if name == "kind":
            got: object = play.kind if isinstance(play, Play) else action
        elif name == "length":
            got = len(play.cards) if isinstance(play, Play) else 0
        elif name == "action":
            got, want = action, str(want)
        elif name == "actor":
            got = actor
        elif name in ("multiplier", "landlord", "base", "redeals"):
            got = getattr(after, name)
        elif name == "kitty":
            got, want = str(cards_of(after.kitty)), str(parse(str(want)))
        elif name in ("spring", "antispring", "winner"):
            got = getattr(after.result, name, None)
        elif name == "cards_left":
            got, want = {int(s): len(after.hands[int(s)]) for s in w}, {int(s): n for s, n in w.items()}
        elif name in ("plays_left", "plays_before"):
            g = after if name == "plays_left" else before
            got, want = {int(s): min_plays(g.hand(int(s))) for s in w}, {int(s): n for s, n in w.items()}
        elif name in ("holds", "held_before"):
            g = after if name == "holds" else before
            got = all(parse(str(c)) <= g.hand(int(s)) for s, c in w.items())
            want = True
        elif name == "count_before":
            got = {r: before.hand(actor).count(r) for r in w}
        elif name == "lowest_before":
            got = str(before.hand(actor))[0]
        elif name == "all_below":  # every card of a seat is lower than a rank
            [(s, r)] = w.items()
            got = all(rank < "3456789TJQKA2BR".index(str(r)) for rank in after.hand(int(s)))
            want = True
        elif name == "none_beats_same_kind":  # no other seat can beat the play with the same kind
            assert isinstance(play, Play)
            got = not any(
                q.kind == play.kind for s in range(3) if s != actor for q in legal_plays(after.hand(s), play)
            )
        elif name == "none_beats":  # no other seat holds any answer (bombs and the rocket included)
            assert isinstance(play, Play)
            got = not any(legal_plays(after.hand(s), play) for s in range(3) if s != actor)
            want = True
        elif name == "partner_leads":
            got = before.table_seat not in (None, actor) and before.landlord not in (actor, before.table_seat)
        elif name == "after_landlord":
            got = before.landlord is not None and actor == (before.landlord + 1) % 3
        elif name == "leading":
            got = before.table is None
        elif name == "then_leads":  # who opens the next trick (the claim «recupera la salida», proven)
            got = _next_leader(record, step)
        elif name == "table":
            got, want = str(before.table), str(parse(str(want)))
        else:
            failures.append(f"unknown check {name!r}")
            continue
        if got != want:
            failures.append(f"{name}: the note says {want!r}, the game says {got!r}")
    return failures
