"""How a sentence a learner reads is worded: cards as they are printed on them, numbers that agree.

Three checks, each returning what it found (``[]`` when the text is clean):

- :func:`notation_slips`: a card written in the engine's notation. Any glued run of two or more
  rank symbols (``562222``, ``JJJJ``, ``KKK``, ``QQQR``, ``(44)``), a lone ``T``, ``B`` or ``R``,
  and the ten as ``T``. A learner reads ``5 6 2 2 2 2``, ``J J J J``, ``K K K + 3`` (what
  :func:`ddz.messages.say_cards` writes). Numbers stay numbers: a two-digit number of two different
  digits (``54 cartas``, ``17``) is a count, not two cards, and so is any number followed by what it
  counts (``22 veces``, ``33 de 40``, ``33 de los 45``) or
  comes after «en», «de» or «gana» (``gana en 66``, ``3 de 33``), and a puzzle's number (``Reto 22``).
- :func:`joiner_slips`: a play's body and its kickers joined by «y» or «con» (``K K K y 3``) where
  ``say_cards`` writes « + » (``K K K + 3``).
- :func:`plural_slips`: «1 cartas», «te quedan 1 jugada», «faltan 1 valor»: one with a plural noun or
  a plural verb, and a number above one with a singular noun.

Written apart from the engine's own renderer (it reads text, not data), so it catches what a
template or a hand-written note gets wrong.
"""

from __future__ import annotations

import re

_SYMBOL = "3456789TJQKA2BR"
_TOKEN = re.compile(r"(?<![\wÁÉÍÓÚÑáéíóúñ])(?<!\d[,.])[0-9A-Za-z]+(?![\wÁÉÍÓÚÑáéíóúñ])(?![,.]\d)")
"""A word or number (a decimal such as 0,552 is one number, not two tokens)."""
_CARD = r"(?:10|[3-9JQKA2]|comodín pequeño|comodín grande)"
_JOINER = re.compile(
    rf"(?<![\w])((?:{_CARD}) (?:{_CARD})(?: {_CARD})*) (y|con) ({_CARD}(?: {_CARD})*)(?![\w])"
)
_NOUNS = (
    "carta", "jugada", "tirada", "valor", "pareja", "trío", "bomba", "suelta", "acompañante", "punto",
    "reparto", "paso", "baza", "copia", "decisión", "error", "vez", "jugador", "campesino", "comodín",
    "final",
)  # fmt: skip
_PLURAL = {
    n: (n[:-1] + "ces" if n.endswith("z") else n + "es" if n[-1] in "nlrd" else n + "s") for n in _NOUNS
}
_PLURAL["trío"], _PLURAL["decisión"], _PLURAL["comodín"] = "tríos", "decisiones", "comodines"
_VERBS_PL = (
    "quedan",
    "quedaban",
    "seguirían quedando",
    "quedarían",
    "faltan",
    "acompañan",
    "son",
    "salen",
    "tienen",
    "llevan",
)
_COUNTED = re.compile(rf" (?:de (?:l[oa]s )?\d|(?:{'|'.join(_PLURAL.values())})\b)")
"""What follows a count: a plural noun («22 veces») or «de» and the total («22 de 24», «33 de los 45»)."""
_COUNT_BEFORE = re.compile(r"(?:\b[Ee]n|\bde(?: l[oa]s)?|\bgana[ns]?|\bReto) $")
"""What comes before a number: «en 33 finales», «gana en 66», «3 de 33», «gana 11», «Reto 22»."""


def notation_slips(text: str) -> list[str]:
    """Tokens of ``text`` that read as cards in notation (see the module's docstring)."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if tok in ("T", "B", "R"):
            if text[m.end() : m.end() + 1] != "-":  # a rule id (R-CMP-1) is not a card
                out.append(tok)
            continue
        if len(tok) < 2 or any(c not in _SYMBOL for c in tok):
            continue
        if tok.isdigit() and (
            (len(tok) == 2 and tok[0] != tok[1])
            or _COUNTED.match(text, m.end())
            or _COUNT_BEFORE.search(text, 0, m.start())
        ):
            continue  # a count: «54 cartas», «34 repartos», «22 veces», «gana en 66», «3 de 33»
        out.append(tok)
    return out


def joiner_slips(text: str) -> list[str]:
    """A group of cards joined to its kickers by «y» / «con» instead of « + »."""
    out = []
    for m in _JOINER.finditer(text):
        body, after = m.group(1).split(" "), m.group(3).split(" ")
        if len(after) >= 3 and len(set(after)) == 1:
            continue  # «superar a 8 8 8 con 2 2 2»: a play answered by another, not a body and its kickers
        if len(set(body)) == 1 and len(body) >= 3:  # a trio or a four: a play's body, then kickers
            out.append(m.group(0))
    return out


def plural_slips(text: str) -> list[str]:
    """Numbers that disagree with their noun or verb."""
    out = []
    for sing, plur in _PLURAL.items():
        out += [m.group(0) for m in re.finditer(rf"(?<![\d,.])\b1 {plur}\b", text)]
        out += [
            m.group(0)
            for m in re.finditer(rf"\b(?:[02-9]|\d\d+) {sing}\b(?! pequeño| grande)", text)  # a joker's name
        ]
    for verb in _VERBS_PL:
        out += [m.group(0) for m in re.finditer(rf"\b{verb} (?:solo )?1 \w+", text, re.I)]
    return out


def slips(text: str) -> list[str]:
    """Every wording slip of ``text``: notation, « + » joiners and plurals."""
    return (
        [f"notation «{t}»" for t in notation_slips(text)]
        + [f"joined with y/con «{t}»" for t in joiner_slips(text)]
        + [f"plural «{t}»" for t in plural_slips(text)]
    )


OVERCLAIMS = (
    "juegues como juegues",
    "juegue como juegue",
    "hagan lo que hagan",
    "lo mejor aquí",
    "siempre gana",
)
"""Phrases no verifier can back: they claim every line, every defence, or the best of all moves."""


def wording(text: str) -> list[str]:
    """What is wrong with how ``text`` is worded: :func:`slips` and claims no verifier can back."""
    return slips(text) + [f"overclaim «{w}»" for w in OVERCLAIMS if w in text]
