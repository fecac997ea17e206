"""Card faces: the data the hand widget draws, and static HTML for read-only cards."""

from __future__ import annotations

import html

SUIT_GLYPH = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


SUIT_NAME = {"S": "picas", "H": "corazones", "C": "tréboles", "D": "diamantes"}
JOKERS = {
    "B": ("☆", "peq.", "comodín pequeño"),
    "R": ("★", "gran.", "comodín grande"),
}
"""The two jokers: a hollow and a filled star and a short word, so they differ without colour."""
JOKER_LEGEND = "☆ peq. = comodín pequeño · ★ gran. = comodín grande"


def card_face(card_id: str) -> dict[str, str]:
    """The widget's description of one card id (``"TS"``, ``"BJ"``...)."""
    rank = card_id[0]
    if rank in JOKERS:
        star, word, name = JOKERS[rank]
        return {
            "id": card_id,
            "rank": rank,
            "label": star,
            "sub": word,
            "suit": "",
            "name": name,
            # the spoken name starts with the visible word, so «peq.» said aloud finds the card
            "spoken": f"{word}, {name}",
            "color": "black" if rank == "B" else "red",
            "joker": "1",
        }
    suit = card_id[1]
    label = "10" if rank == "T" else rank
    return {
        "id": card_id,
        "rank": rank,
        "label": label,
        "sub": "",
        "suit": SUIT_GLYPH[suit],
        "name": f"{label} de {SUIT_NAME[suit]}",
        "spoken": f"{label} de {SUIT_NAME[suit]}",
        "color": "red" if suit in "HD" else "black",
        "joker": "",
    }


def ranks_of(ids: list[str]) -> str:
    return "".join(i[0] for i in ids)


CSS = """
.ddz-row{display:flex;flex-wrap:wrap;gap:3px;align-items:flex-end;margin:2px 0}
.ddz-c{display:inline-flex;flex-direction:column;justify-content:space-between;width:34px;height:48px;
 border:1px solid #888;border-radius:5px;background:#fff;padding:2px 3px;box-sizing:border-box;
 font:600 14px/1 system-ui,sans-serif;box-shadow:0 1px 2px rgba(0,0,0,.2)}
.ddz-c.red{color:#c8102e}.ddz-c.black{color:#111}
.ddz-c .s{align-self:flex-end;font-size:13px}
.ddz-c.joker{justify-content:flex-start;gap:2px}.ddz-c.joker .s{align-self:flex-start;font-size:9px;font-weight:700}
.ddz-c.joker.big{background:#fff3f3}
.ddz-c.back{background:repeating-linear-gradient(45deg,#2456a6,#2456a6 4px,#3b6fc4 4px,#3b6fc4 8px)}
.ddz-empty{color:#666;font-style:italic}
"""


def cards_html(ids: list[str] | tuple[str, ...], empty: str = "sin cartas") -> str:
    """Read-only cards as HTML (escaped; ids come from the engine, never from the user)."""
    if not ids:
        return f'<span class="ddz-empty">{html.escape(empty)}</span>'
    parts = []
    for cid in ids:
        f = card_face(cid)
        big = " big" if cid[0] == "R" else ""
        kind = f"joker{big} " if f["joker"] else ""
        parts.append(
            f'<span class="ddz-c {kind}{f["color"]}" title="{html.escape(f["name"])}" role="img" '
            f'aria-label="{html.escape(f["name"])}"><span>{html.escape(f["label"])}</span>'
            f'<span class="s">{html.escape(f["sub"] or f["suit"])}</span></span>'
        )
    return '<div class="ddz-row">' + "".join(parts) + "</div>"


def counter_html(unseen: tuple[int, ...]) -> str:
    """The card counter: per rank, how many cards are still unseen (faded at zero)."""
    from ddz.messages import RANK_NAMES_ES

    cells = "".join(
        f'<span class="{"zero" if unseen[r] == 0 else ""}">'
        f"{html.escape(RANK_NAMES_ES[r] if r < 13 else ' '.join(JOKERS['BR'[r - 13]][:2]))}<i>{unseen[r]}</i></span>"
        for r in range(15)
    )
    return f'<div class="ddz-counter" data-testid="counter">{cells}</div>'


def backs_html(n: int) -> str:
    return '<div class="ddz-row">' + '<span class="ddz-c back"></span>' * min(n, 20) + "</div>"
