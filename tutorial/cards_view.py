"""Card faces: the data the hand widget draws, and static HTML for read-only cards."""

from __future__ import annotations

import html

SUIT_GLYPH = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def card_face(card_id: str) -> dict[str, str]:
    """The widget's description of one card id (``"TS"``, ``"BJ"``...)."""
    rank = card_id[0]
    if rank in "BR":
        return {
            "id": card_id,
            "rank": rank,
            "label": "JOKER",
            "suit": "★",
            "color": "black" if rank == "B" else "red",
            "joker": "1",
        }
    suit = card_id[1]
    return {
        "id": card_id,
        "rank": rank,
        "label": "10" if rank == "T" else rank,
        "suit": SUIT_GLYPH[suit],
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
.ddz-c.joker{font-size:8px;letter-spacing:-.5px;writing-mode:vertical-rl;text-orientation:upright;align-items:center;justify-content:center}
.ddz-c.back{background:repeating-linear-gradient(45deg,#2456a6,#2456a6 4px,#3b6fc4 4px,#3b6fc4 8px)}
.ddz-empty{color:#777;font-style:italic}
"""


def cards_html(ids: list[str] | tuple[str, ...], empty: str = "sin cartas") -> str:
    """Read-only cards as HTML (escaped; ids come from the engine, never from the user)."""
    if not ids:
        return f'<span class="ddz-empty">{html.escape(empty)}</span>'
    parts = []
    for cid in ids:
        f = card_face(cid)
        if f["joker"]:
            parts.append(f'<span class="ddz-c joker {f["color"]}" title="comodín">JOKER</span>')
        else:
            parts.append(
                f'<span class="ddz-c {f["color"]}"><span>{html.escape(f["label"])}</span>'
                f'<span class="s">{f["suit"]}</span></span>'
            )
    return '<div class="ddz-row">' + "".join(parts) + "</div>"


def counter_html(unseen: tuple[int, ...]) -> str:
    """The card counter: per rank, how many cards are still unseen (faded at zero)."""
    from ddz.cards import RANK_NAMES_ES

    cells = "".join(
        f'<span class="{"zero" if unseen[r] == 0 else ""}">'
        f"{html.escape(RANK_NAMES_ES[r] if r < 13 else ('Jp' if r == 13 else 'JG'))}<i>{unseen[r]}</i></span>"
        for r in range(15)
    )
    return f'<div class="ddz-counter" data-testid="counter">{cells}</div>'


def backs_html(n: int) -> str:
    return '<div class="ddz-row">' + '<span class="ddz-c back"></span>' * min(n, 20) + "</div>"
