"""ddz: a reference implementation of Dou Dizhu (斗地主), the three-player card game.

```python
>>> from ddz import parse, classify, beats, legal_plays
>>> str(parse("k k k 3"))
'3KKK'
>>> classify("444455").name
'cuarteto con dos sueltas'
>>> beats("KKK3", "QQQR")
True
>>> len(legal_plays("BR22"))
5

```
"""

from __future__ import annotations

from .cards import RANKS, Cards, NotationError, parse, parse_hand
from .codes import CodeError, deal, new_code
from .compare import Verdict, beats, compare
from .errors import CodedError
from .game import Event, Game, GameError, Phase, PositionError, Result, Side
from .moves import legal_plays
from .plays import KIND_NAMES_ES, KINDS, InvalidPlay, Kind, Play, Rejection, analyze, classify
from .variants import STANDARD, Variant

__version__ = "0.1.0"

__all__ = [
    "KINDS",
    "KIND_NAMES_ES",
    "RANKS",
    "STANDARD",
    "Cards",
    "CodeError",
    "CodedError",
    "Event",
    "Game",
    "GameError",
    "InvalidPlay",
    "Kind",
    "NotationError",
    "Phase",
    "Play",
    "PositionError",
    "Rejection",
    "Result",
    "Side",
    "Variant",
    "Verdict",
    "analyze",
    "beats",
    "classify",
    "compare",
    "deal",
    "legal_plays",
    "new_code",
    "parse",
    "parse_hand",
]
