"""Near-misses: why a set of cards is not the play it resembles, or why a play is not what it looks like.

:func:`~ddz.plays.analyze` names the first restriction a set of cards breaks (``kicker_repeated``,
``no_pattern``…). A learner needs more: *which* cards break it and what would fix it. ``diagnose``
looks at the same counts and answers with a :class:`Diagnosis` — a catalog code (group
``diagnosis``) and plain data; the Spanish sentence comes from :mod:`ddz.messages`.

```python
>>> diagnose("3334445556").message
'tres tríos seguidos piden tres acompañantes (o ninguno): tres cartas sueltas o tres parejas; aquí acompaña 1 carta: 6'
>>> diagnose("444455").code
'not_bomb'
>>> diagnose("KKK3") is None
True

```
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .cards import ACE, BLACK_JOKER, NUM_RANKS, RANKS, RED_JOKER, TWO, Cards, parse
from .messages import RANK_NAMES_ES, Said
from .plays import CHAIN_KIND, CHAIN_MIN, Play, Rejection, analyze, readings
from .variants import Variant

__all__ = ["Diagnosis", "diagnose", "spoken"]


@dataclass(frozen=True, slots=True)
class Diagnosis(Said):
    """A specific explanation: ``code`` (catalog code ``diagnosis.<code>``) and its plain ``data``."""

    code: str
    data: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def catalog_code(self) -> str:
        return "diagnosis." + self.code


def spoken(cards: Cards | str) -> str:
    """Cards as they are printed on the cards, lowest first, one word each, the last joined by «y»
    when a joker is named (its name is two words): ``10 10 10 comodín pequeño y comodín grande``."""
    c = parse(cards) if isinstance(cards, str) else cards
    names = [RANK_NAMES_ES[r] for r in c]
    if len(names) > 1 and any(" " in n for n in names):
        return " ".join(names[:-1]) + " y " + names[-1]
    return " ".join(names)


def _cards(counts: list[int] | tuple[int, ...]) -> Cards:
    return Cards(list(counts))


def _runs(ranks: list[int]) -> list[list[int]]:
    """The maximal runs of consecutive ranks among ascending ``ranks``."""
    out: list[list[int]] = []
    for r in ranks:
        if out and out[-1][-1] == r - 1:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def diagnose(cards: str | Cards) -> Diagnosis | None:
    """The specific diagnosis of ``cards`` under the standard rules, or ``None`` when the engine's
    own answer (the play's description, or the rejection's message) says all there is to say."""
    got = analyze(cards)
    if isinstance(got, Play):
        return _about_play(got)
    return _about_rejection(got, cards)


# ---- plays that look like something else ---------------------------------------------------------
def _about_play(p: Play) -> Diagnosis | None:
    body, kickers = spoken(p.body), spoken(p.kickers)
    if p.kind in ("four_two_singles", "four_two_pairs"):
        return Diagnosis("not_bomb", {"kind": p.kind.value, "play": p.shown()})
    if p.kind == "bomb":
        return Diagnosis("bomb_block", {"rank": RANKS[p.rank], "body": body})
    if p.kind == "rocket":
        return Diagnosis("rocket_not_pair", {})
    if p.kind == "airplane" and p.chain == 4:
        # 333444555666 could be read as 333444555 + 666 if a value could kick three times.
        low = RANKS[p.rank - 3]
        return Diagnosis(
            "airplane_only",
            {"body": spoken(str(p.cards)[:9]), "kickers": spoken(str(p.cards)[9:]), "low": low},
        )
    jokers = p.kickers.count(BLACK_JOKER) + p.kickers.count(RED_JOKER)
    if jokers == 1:
        joker = RANKS[BLACK_JOKER] if p.kickers.count(BLACK_JOKER) else RANKS[RED_JOKER]
        return Diagnosis("one_joker_kicker", {"joker": joker, "body": body})
    if p.kind == "airplane_singles" and max(p.kickers.counts) == 2:
        twice = next(r for r in range(NUM_RANKS) if p.kickers.counts[r] == 2)
        return Diagnosis("kicker_twice", {"rank": RANKS[twice], "body": body, "kickers": kickers})
    return None


# ---- sets that are no play ------------------------------------------------------------------------
def _about_rejection(r: Rejection, cards: str | Cards) -> Diagnosis | None:
    reason = r.reason
    if reason == "notation":
        return _number_for_face(str(cards))
    if reason == "empty":
        return Diagnosis("empty", {})
    c = parse(cards).counts
    n = sum(c)
    if reason == "too_many":
        return Diagnosis("too_many", {"count": n})
    if reason in ("two_in_chain", "joker_in_chain") or _looks_like_a_chain(c):
        return _chain_through_two(c)
    if reason in ("straight_too_short", "pair_straight_too_short"):
        present = [x for x in range(NUM_RANKS) if c[x]]
        m = c[present[0]]
        adds = _to_lengthen(present, CHAIN_MIN[m])
        return Diagnosis(
            "chain_too_short",
            {
                "kind": CHAIN_KIND[m].value,
                "have": len(present),
                "need": CHAIN_MIN[m],
                "adds": [RANK_NAMES_ES[x] for x in adds],
                "count": len(adds),
            },
        )
    if reason == "not_consecutive":
        present = [x for x in range(NUM_RANKS) if c[x]]
        gaps = [RANK_NAMES_ES[x] for x in range(present[0], present[-1]) if not c[x]]
        m = c[present[0]]
        return Diagnosis("not_consecutive", {"kind": CHAIN_KIND[m].value, "gaps": gaps, "count": len(gaps)})
    if reason == "four_split":
        quads = [RANK_NAMES_ES[x] for x in range(TWO + 1) if c[x] == 4]
        return Diagnosis("four_split", {"quads": quads, "count": len(quads)})
    if reason == "kicker_same_as_body":
        fourth = next(x for x in range(TWO + 1) if c[x] == 4)
        return Diagnosis("kicker_same_as_body", {"rank": RANKS[fourth]})
    if reason == "kicker_repeated":
        relaxed = readings(_cards(c), Variant(trio_as_kickers=True))
        if relaxed:
            p = relaxed[0]
            rank = next(x for x in range(NUM_RANKS) if p.kickers.counts[x] >= 3)
            return Diagnosis(
                "kicker_repeated",
                {"rank": RANKS[rank], "copies": p.kickers.counts[rank], "body": spoken(p.body)},
            )
        return None
    if reason == "jokers_as_kickers":
        return _one_joker_instead(c)
    return _no_pattern(c, n)


def _to_lengthen(present: list[int], need: int) -> list[int]:
    """The ranks to add to the run ``present`` (consecutive, within 3..A) so that it has ``need``
    values: upwards first, then downwards when the ace stops it."""
    lo, hi = present[0], present[-1]
    adds: list[int] = []
    while len(present) + len(adds) < need and hi < ACE:
        hi += 1
        adds.append(hi)
    while len(present) + len(adds) < need and lo > 0:
        lo -= 1
        adds.insert(0, lo)
    return adds


def _wrapped(c: tuple[int, ...] | list[int]) -> list[int]:
    """The values a chain cannot have because it goes round from the ace to the 3 (A 2 3 4 5,
    K A 2 3 4, A 3 4 5): with the 2 and the jokers set aside, the rest is one run ending at the ace and
    one starting at the 3; the shorter one (the ace's on a tie) is returned, ``[]`` for no wrap."""
    ranks = [x for x in range(ACE + 1) if c[x]]
    if not (c[ACE] and c[0]) or len(ranks) == ACE + 1:
        return []
    runs = _runs(ranks)
    if len(runs) != 2:
        return []
    low, high = runs
    return high if len(high) <= len(low) else low


def _looks_like_a_chain(c: tuple[int, ...]) -> bool:
    """Several values, each as many times (1, 2 or 3), through the 2, a joker or an ace below the 3."""
    normal = [c[x] for x in range(TWO + 1) if c[x]]
    jokers = c[BLACK_JOKER] + c[RED_JOKER]
    if not normal or len(set(normal)) != 1 or normal[0] > 3 or jokers == 2 or (jokers and normal[0] > 1):
        return False
    if len(normal) + jokers < (3 if normal[0] == 1 else 2):
        return False
    return bool(c[TWO] or jokers or _wrapped(c))


def _chain_through_two(c: tuple[int, ...]) -> Diagnosis:
    """A chain through the 2 or a joker, or round the ace to the 3: the cards that cannot be in it,
    and what is left without them (a play, or a run to lengthen)."""
    jokers = bool(c[BLACK_JOKER] or c[RED_JOKER])
    wrapped = _wrapped(c)
    rest = list(c)
    rest[TWO] = rest[BLACK_JOKER] = rest[RED_JOKER] = 0
    for x in wrapped:
        rest[x] = 0
    without = analyze(_cards(rest)) if sum(rest) else None
    present = [x for x in range(NUM_RANKS) if rest[x]]
    m = rest[present[0]] if present else 0
    run = bool(present) and present == list(range(present[0], present[-1] + 1)) and m in CHAIN_MIN
    adds = _to_lengthen(present, CHAIN_MIN[m]) if run and not isinstance(without, Play) else []
    data: dict[str, Any] = {
        "what": ("both" if c[TWO] else "jokers") if jokers else ("two" if c[TWO] else "none"),
        "twos": c[TWO],
        "low": bool(c[0] and c[TWO]) and (not c[ACE] or bool(wrapped)),  # 2-3-4-5-6: the 2 read below the 3
        "wrap": bool(wrapped),
        "dropped": str(_cards([c[x] if x in wrapped else 0 for x in range(NUM_RANKS)])),
        "fixed": isinstance(without, Play),
        "rest": str(_cards(rest)),
        "play": without.as_message()
        if isinstance(without, Play)
        else {"code": "play.describe_rocket", "data": {}},
        "kind": CHAIN_KIND[m].value if m in CHAIN_KIND else "straight",
        "have": len(present),
        "adds": [RANK_NAMES_ES[x] for x in adds],
        "count": len(adds),
    }
    return Diagnosis("chain_through_two", data)


def _one_joker_instead(c: tuple[int, ...]) -> Diagnosis:
    """Both jokers as kickers: the same play with one joker and another single instead of the other."""
    relaxed = readings(_cards(c), Variant(jokers_as_kickers=True))
    p = relaxed[0]
    for x in range(TWO + 1):
        trial = list(c)
        trial[RED_JOKER], trial[x] = 0, trial[x] + 1
        if trial[x] > 4:
            continue
        got = analyze(_cards(trial))
        if isinstance(got, Play) and got.kind == p.kind and got.body == p.body:
            return Diagnosis(
                "jokers_as_kickers", {"swap": True, "fixed": got.shown(), "kind": got.kind.value}
            )
    return Diagnosis("jokers_as_kickers", {"swap": False, "fixed": "", "kind": p.kind.value})


_FACES = {"11": "J", "12": "Q", "13": "K", "1": "A", "14": "A"}


def _number_for_face(text: str) -> Diagnosis | None:
    """Cards written as numbers (``11`` for the J, ``1`` for the ace): the first one, and what the
    cards are with every such number written as its card."""
    found = re.search(r"1[1-4]|1(?!0)", text)
    if found is None:
        return None
    fixed = re.sub(r"1[1-4]|1(?!0)", lambda m: _FACES[m.group(0)], text)
    try:
        got = analyze(fixed)
    except (TypeError, ValueError):  # pragma: no cover - analyze answers bad text with a Rejection
        return None
    data: dict[str, Any] = {
        "number": found.group(0),
        "rank": _FACES[found.group(0)],
        "fixed": False,
        "cards": "",
        "play": {"code": "play.describe_rocket", "data": {}},
    }
    if isinstance(got, Play):
        data.update(fixed=True, cards=got.shown(), play=got.as_message())
    elif getattr(got, "reason", "") == "notation":
        return None
    return Diagnosis("number_for_face", data)


def _no_pattern(c: tuple[int, ...], n: int) -> Diagnosis | None:
    """Counts that fit no kind: name the shape they almost have."""
    jokers = c[BLACK_JOKER] + c[RED_JOKER]
    if jokers == 2 and n > 2:
        rest = list(c)
        rest[BLACK_JOKER] = rest[RED_JOKER] = 0
        return Diagnosis("rocket_alone", {"rest": spoken(_cards(rest))})
    if n == 2:
        return Diagnosis("two_different", {"cards": spoken(_cards(c))})
    # A trio or a run of trios (up to the ace) with the wrong kickers.
    runs = _runs([x for x in range(ACE + 1) if c[x] >= 3])
    if runs:
        run = max(runs, key=lambda r: (len(r), r[-1]))
        if len(run) > 1 or c[run[0]] == 3:
            body = [0] * NUM_RANKS
            for x in run:
                body[x] = 3
            rest = [a - b for a, b in zip(c, body, strict=True)]
            k = len(run)
            mixed = 1 in rest and 2 in rest
            return Diagnosis(
                "trios_kickers",
                {
                    "trios": k,
                    "body": spoken(_cards(body)),
                    "kickers": spoken(_cards(rest)),
                    "count": sum(rest),
                    "mixed": mixed,
                },
            )
    quads = [x for x in range(TWO + 1) if c[x] == 4]
    if len(quads) == 1:
        rest = list(c)
        rest[quads[0]] = 0
        return Diagnosis(
            "four_kickers",
            {
                "body": spoken(_cards([4 if x == quads[0] else 0 for x in range(NUM_RANKS)])),
                "kickers": spoken(_cards(rest)),
                "count": sum(rest),
            },
        )
    return None
