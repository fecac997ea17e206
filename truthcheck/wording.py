"""How a learner sentence is worded: no card in engine notation, numbers agreeing with their nouns,
no claim stronger than any verifier can check.

A learner reads cards as the cards show them («Q Q Q + 3», «10», «comodín grande»,
:func:`ddz.messages.say_cards`): never ``T``, ``B``, ``R``, nor ranks glued together (``562222``,
``(44)``, ``JJJJ``, ``KKK``), which is how the engine writes them.
"""

from __future__ import annotations

import re

_RANKS = "3456789TJQKA2BR"
_TOKEN = re.compile(r"(?<![\w+−×-])[0-9A-Za-z]+(?![\w%])")
_NOUNS = {
    "carta": "cartas", "jugada": "jugadas", "vez": "veces", "decisión": "decisiones", "reparto": "repartos",
    "error": "errores", "imprecisión": "imprecisiones", "pase": "pases", "final": "finales", "punto": "puntos",
    "tirada": "tiradas", "baza": "bazas",
}  # fmt: skip
_SINGULAR = re.compile(r"(?<![\d,.])1 (" + "|".join(_NOUNS.values()) + r")\b")
_PLURAL = re.compile(r"(?<![\d,.+−-])(0|[2-9]|\d\d+) (" + "|".join(_NOUNS) + r")\b")
_VERB = re.compile(r"\b(quedan|tienen|quedaron|habrían quedado) 1 ")
OVERCLAIMS = (
    "juegues como juegues",
    "juegue como juegue",
    "hagan lo que hagan",
    "lo mejor aquí",
    "siempre gana",
)
"""Phrases no verifier can back: they claim every line, every defence, or the best of all moves."""


def notation(token: str) -> bool:
    """``token`` reads as cards in engine notation: a lone T, B or R; ranks glued together with a
    letter among them (``KKK``, ``79QQQQ``); the same digit repeated (``44``, ``2222``); or four
    digits or more (``562222``, ``3456``). A number such as «16» or a word such as «A» is not."""
    if not token or any(c not in _RANKS for c in token.upper()) or token != token.upper():
        return False
    if len(token) == 1:
        return token in "TBR"
    letters = any(c.isalpha() for c in token)
    return letters or len(set(token)) == 1 or len(token) >= 4


def wording(sentence: str) -> list[str]:
    """What is wrong with how ``sentence`` is worded (``[]`` when nothing is)."""
    out = [f"card notation «{t}»" for t in _TOKEN.findall(sentence) if notation(t)]
    out += [f"«1 {m}»: one takes the singular" for m in _SINGULAR.findall(sentence)]
    out += [f"«{n} {noun}»: the plural" for n, noun in _PLURAL.findall(sentence)]
    out += [f"«{v} 1»: the verb in the singular" for v in _VERB.findall(sentence)]
    out += [f"overclaim «{w}»" for w in OVERCLAIMS if w in sentence]
    return out
