"""Jugar: a hand against two CPU players, as on the site of source 002.

The bar, the buttons and the hand live in a dock fixed at the bottom of the screen, so on a phone
they are on screen together; everything that happens is written in the hand's history.

This page script is the view, drawn top to bottom on every run: the hand's state and its pure helpers
are in :mod:`tutorial.views.play_state`, what the buttons do in :mod:`tutorial.views.play_actions`.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl

import streamlit as st

from ddz.ai.cpu import LEVEL_NAMES_ES, LEVELS
from ddz.codes import cards_of
from ddz.game import BIDDING, OVER, PASS, PLAYING
from ddz.messages import render, say_cards
from ddz.plays import classify
from tutorial import guard
from tutorial.browser import page_effects, table_fx
from tutorial.cards_view import JOKER_LEGEND, backs_html, cards_html, counter_html
from tutorial.logic import cards_left, describe
from tutorial.practice import HUMAN, Practice, coach, history, say_token
from tutorial.review import FORCED, GOOD, INACCURATE, MISTAKE, counted, reviewed
from tutorial.views.common import DOCK_CSS, Slots, bar_html, notice_html, page_link
from tutorial.views.play_actions import (
    _again,
    _another,
    _code_from_settings,
    _flip,
    _fold,
    _guided_anytime,
    _hint,
    _new_game_anytime,
    _partner_no,
    _partner_yes,
    _play_selected,
    _prefs_loaded,
    _review_move,
    _set_level,
    _set_speed,
    _skip_guide,
    _tally_reset,
    _tally_reset_ask,
    _tap_act,
    _undo,
    pace_cpu,
)
from tutorial.views.play_state import (
    FLIPS,
    KEY,
    SPEEDS,
    acted_in_trick,
    auto_pass_now,
    count_hand,
    cpu_delay,
    draw_hand,
    partner_on_table,
    set_defaults,
    ss,
)
from tutorial.widget import card_hand, command, selection

NAMES = {seat: render("table.seat_name", seat=seat) for seat in (0, 1, 2)}
WHO = {seat: render("table.who", seat=seat) for seat in (0, 1, 2)}
SEAT_SHORT = {seat: render("table.seat_short", seat=seat) for seat in (0, 1, 2)}
EXPLAIN_SEATS = tuple(render("table.explain_seat", seat=seat) for seat in (0, 1, 2))
# What a seat with one or two cards left announces (报单, 报双).
ALERTS = {n: render("table.alert", n=n) for n in (1, 2)}
TABLE_CSS = """
.st-key-ddz-table{border:1px solid #d6d9de;border-radius:10px;padding:6px 8px;margin:3px 0;gap:0 !important}
.st-key-ddz-table .ddz-seat{border:0;padding:0;margin:0}
.ddz-alert{display:inline-block;margin-left:6px;padding:1px 7px;border-radius:10px;background:#d62828;color:#fff;
 font-weight:700;font-size:13px;animation:ddz-alert 1.2s ease-in-out 2}
@keyframes ddz-alert{0%,100%{transform:scale(1)}50%{transform:scale(1.12)}}
@media (prefers-reduced-motion: reduce){.ddz-alert{animation:none !important}}
.ddz-deal-code{display:inline-block;padding:8px 12px;border-radius:8px;background:#f0f2f6;font-size:14px;
 user-select:all}
@media (min-width:1100px){
 [data-testid="stMainBlockContainer"]{max-width:1200px !important}
 .st-key-ddz-dock{max-width:1200px !important}
 .st-key-ddz-board{display:grid !important;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:12px !important;
  align-items:start}
 .st-key-ddz-board .ddz-seats{flex-direction:column}
}
"""


def disabled_why_html(text: str) -> str:
    """Why a button is off, as visible text (a phone never shows a tooltip), on the dock's last line."""
    return f' <span data-testid="why-disabled">{html.escape(text)}</span>' if text else ""


def hint_chip_html(text: str) -> str:
    """«Pista» as a one-line chip that opens on tap (in the browser, no round trip): the play it
    suggests, and the start of why on the same line (cut where the line ends); tapped, the whole
    reason in the part that opens."""
    label, _, body = text.partition(": ")  # «Pista», or «Pista 2 de 7» when pressed again
    head, _, why = body.partition(" — ")
    line = f'<span class="ddz-hint-why" data-testid="hint-why">— {html.escape(why)}</span>' if why else ""
    return (
        '<details class="ddz-hint"><summary data-testid="hint-chip">'
        f'<span class="ddz-hint-head"><b>{html.escape(label)}:</b> {html.escape(head)}</span>{line}</summary>'
        f'<div data-testid="hint-full">{html.escape(why or body)}</div></details>'
    )


def speed_label(speed: float) -> str:
    return f"{speed:.1f} s".replace(".", ",")


def settings_level_html(playing: str, chosen: str) -> str:
    """What the panel says of the level: the one of this hand, and the next hand's when it differs."""
    text = render(
        "table.level_now",
        playing=f"<b>{LEVEL_NAMES_ES[playing]}</b>",
        changed=chosen != playing,
        chosen=f"<b>{LEVEL_NAMES_ES[chosen]}</b>",
    )
    return f'<div class="ddz-caption" data-testid="level-now">{text}</div>'


def table_play(p: Practice, deal: int, name: str = "table") -> dict[str, Any] | None:
    """The play on the table for the browser: who made it, its cards and what it is; its key (the
    deal and the action that made it) makes it slide in once, when it is new."""
    g = p.game
    if g.table is None or g.table_seat is None or g.phase not in (PLAYING, OVER):
        return None
    seat = g.table_seat
    where = render("table.table_who", over=g.phase == OVER, seat=SEAT_SHORT[seat])
    text = f"{say_cards(g.table.shown())} — {g.table.describe()}"
    return {
        "key": f"{g.code}/{deal}/{len(g.trail) - g.passes}",
        "seat": seat,
        "animate": True,
        "bomb": g.table.kind in ("bomb", "rocket"),
        "html": (
            f'<span class="who" data-testid="{name}-who">{html.escape(where)}</span>'
            f"<span>{html.escape(text)}</span>{cards_html(g.table_ids)}"
        ),
    }


def table_beat(p: Practice, deal: int) -> dict[str, str] | None:
    """The short beat after a bomb, the rocket or a spring: what it did to the multiplier (the
    engine's doubling event and result). Shown until the next play."""
    g = p.game
    if g.phase == OVER and g.result is not None and (g.result.spring or g.result.antispring):
        kind = "spring" if g.result.spring else "antispring"
        before = g.result.multiplier // 2
        return {
            "key": f"{g.code}/{deal}/{kind}",
            "text": render("table.beat_spring", kind=kind, before=before, after=g.result.multiplier),
        }
    plays = [i for i, e in enumerate(p.events) if e.kind == "play"]
    if not plays or plays[-1] + 1 >= len(p.events):
        return None
    e = p.events[plays[-1] + 1]
    if e.kind != "double":
        return None
    kind = str(e.data.get("kind", "bomb"))
    text = render(
        "table.beat_bomb", kind=kind, mine=e.seat == HUMAN, seat=SEAT_SHORT[e.seat or 0], value=e.value
    )
    return {
        "key": f"{g.code}/{deal}/{plays[-1]}",
        "text": text,
    }


# ---- state ----------------------------------------------------------------------------------
set_defaults()
owner, hand_v, p = draw_hand()
g = p.game

# ---- header ---------------------------------------------------------------------------------
top = st.container(horizontal=True, vertical_alignment="bottom", gap="small", key="ddz-header")
top.html(  # not st.code: its copy button speaks English
    f'<code class="ddz-deal-code" data-testid="deal-code" title="{html.escape(render("table.deal_code_title"))}">'
    f"{html.escape(g.code or '')}</code>",
    width="content",
)
with top.popover(render("table.settings"), icon=":material/settings:"):
    # Only buttons act here: no widget of the panel holds state of its own, so opening or closing the
    # panel, or a widget mounting with its own default, can never change the game.
    st.text_input(render("table.code_label"), key="code_input", placeholder="XXXX-XXXXX")
    st.button(render("table.code_deal"), on_click=_code_from_settings)
    if ss.get("code_error"):
        st.html(notice_html("error", ss.code_error))
    st.html(settings_level_html(p.level, ss.cpu_level))
    levels = st.container(horizontal=True, gap="small")
    for level in LEVELS:
        levels.button(
            LEVEL_NAMES_ES[level],
            key=f"level_{level}",
            on_click=_set_level,
            args=(level,),
            disabled=level == ss.cpu_level,
            icon=":material/check:" if level == ss.cpu_level else None,
        )
    st.html(f'<div class="ddz-caption">{html.escape(render("table.speed_caption"))}</div>')
    speeds = st.container(horizontal=True, gap="small")
    for i, speed in enumerate(SPEEDS):
        speeds.button(
            speed_label(speed),
            key=f"speed_{i}",
            on_click=_set_speed,
            args=(speed,),
            disabled=speed == ss.cpu_speed,
            icon=":material/check:" if speed == ss.cpu_speed else None,
        )
    for pref, label in FLIPS.items():
        st.button(
            render("table.flip", label=label, on=bool(ss[pref])),
            key=f"flip_{pref}",
            on_click=_flip,
            args=(pref,),
            icon=":material/toggle_on:" if ss[pref] else ":material/toggle_off:",
        )
    st.button(render("table.another"), on_click=_new_game_anytime, key="new_from_settings")
    st.button(render("table.guided"), on_click=_guided_anytime, key="guided_from_settings")
warn_area = st.empty()  # always written, so the elements below keep their place (the table's motion)
if ss.pop(guard.RECOVERED, False):
    warn_area.html(guard.recovered_html())
elif ss.get("url_error"):
    warn_area.html(notice_html("warning", ss.url_error))
# The end screen goes first and is scrolled into view. While a hand is played an empty slot is
# written here on every run, so a new deal replaces the old verdict at once (a container would stay
# on screen, stale, for the whole auction: the CPUs' turns are reruns that never let the run finish).
# Once the hand is over it is the result's container, never blanked first: stepping through the
# review would otherwise make the whole end screen blink on every press.
over = g.phase == OVER and g.result is not None
result_area = st.container(key="ddz-result") if over else st.empty()


def seat_box(seat: int) -> str:
    role = ""
    if g.landlord is not None:
        role = render("table.seat_role", landlord=seat == g.landlord)
    turn = g.phase in (BIDDING, PLAYING) and g.turn == seat
    last = g.last_action.get(seat)
    said = ""
    if last is not None:
        if g.phase == BIDDING:
            said = render("table.seat_pass") if last == PASS else render("table.seat_bid", bid=last)
        else:
            said = (
                render("table.seat_pass")
                if last == PASS
                else render("play.seat_played", cards=classify(last).shown())
            )
            if g.phase == PLAYING and seat not in this_trick:  # said in the trick before
                said = render("table.seat_before", said=said)
    n = len(g.hands[seat])
    alert = ""
    if g.phase == PLAYING and n in ALERTS:
        alert = f'<span class="ddz-alert" data-testid="alert-{seat}" role="status">{ALERTS[n]}</span>'
    cls = "ddz-seat turn" if turn else "ddz-seat"
    arrow = render("table.seat_turn") if turn else ""
    if g.phase == OVER:  # the hand is over: show what was left in each hand
        return (
            f'<div class="{cls}" data-testid="seat-{seat}"><b>{html.escape(NAMES[seat])}</b>{role}<br>'
            f"{cards_left(n, 'le')}{cards_html(g.hands[seat], empty='')}</div>"
        )
    return (
        f'<div class="{cls}" data-testid="seat-{seat}"><b>{html.escape(NAMES[seat])}</b>{role}{arrow}<br>'
        f'<span class="ddz-stack"><span class="ddz-c back"></span><b>{n}</b> {render("table.cards_word", n=n)}</span>'
        f"{alert}{('<br>' + html.escape(said)) if said else ''}</div>"
    )


this_trick = acted_in_trick(g)
st.html(f"<style>{TABLE_CSS}</style>")
board = st.container(key="ddz-board")  # on a wide screen: the seats beside the table
board.html(f'<div class="ddz-seats">{seat_box(2)}{seat_box(1)}</div>')

# kitty, table, and what happened last
lines = history(p)
kitty = cards_html(g.kitty) if g.landlord is not None else backs_html(3)
table_txt = render("table.nobody_yet")
if g.phase == PLAYING and g.table is None:
    table_txt = render("table.new_trick", mine=g.turn == HUMAN, who=WHO[g.turn])
info = (
    render("table.info_play", base=g.base or "—", multiplier=g.multiplier)
    if g.phase != BIDDING
    else render("table.info_auction", deal=g.redeals + 1, highest=g.highest_bid() or 0)
)
notes = []
if g.phase == BIDDING and g.redeals:
    notes.append(render("table.redealt", n=g.redeals))
if p.forced_landlord and g.landlord is not None:
    notes.append(render("table.forced_landlord", mine=g.landlord == HUMAN, who=WHO[g.landlord]))
last_line = lines[-1].text if lines else render("table.dealt")
with board.container(key="ddz-table"):
    st.html(
        f'<div class="ddz-seat" data-testid="table"><b>{render("table.kitty")}</b> {kitty}<div>{html.escape(info)}</div>'
        + "".join(f'<div class="ddz-note" data-testid="deal-note">{html.escape(n)}</div>' for n in notes)
        + "</div>"
    )
    table_fx(
        key="fx_table",
        play=table_play(p, ss.deals_started),
        beat=table_beat(p, ss.deals_started),
        empty=html.escape(table_txt),
        sound=bool(ss.sounds) and g.phase == OVER,  # in play, the dock's copy sounds
    )
    st.html(
        f'<div class="ddz-last" data-testid="last-event">{html.escape(render("table.last", line=last_line))}</div>'
    )

with st.expander(render("table.history", n=len(lines)), expanded=False, icon=":material/history:"):
    if not lines:
        st.caption(render("table.history_empty"))
    st.html(
        '<ol class="ddz-history" data-testid="history">'
        + "".join(
            f'<li class="{ln.kind}">{html.escape(ln.text)}{cards_html(ln.ids) if ln.ids else ""}</li>'
            for ln in lines
        )
        + "</ol>"
    )

if ss.show_counter and g.phase != OVER:
    with st.expander(render("table.counter"), expanded=False):
        st.html(counter_html(g.unseen_cards(HUMAN).counts))
        st.caption(JOKER_LEGEND)


# ---- the session tally: hands, never points -----------------------------------------------------
count_hand(g)


def tally_html(t: dict[str, int]) -> str:
    rows = (
        (
            render("table.tally_as_landlord"),
            render("table.tally_record", won=t["landlord_won"], lost=t["landlord_lost"]),
        ),
        (
            render("table.tally_as_farmer"),
            render("table.tally_record", won=t["farmer_won"], lost=t["farmer_lost"]),
        ),
        (render("table.tally_springs"), str(t["springs"])),
        (render("table.tally_best"), render("table.tally_best_n", n=t["best"])),
        (render("table.tally_streak"), render("table.tally_streak_n", n=t["streak"])),
    )
    return (
        '<div class="ddz-tally" data-testid="tally">'
        + "".join(f"<div><b>{html.escape(k)}:</b> {html.escape(v)}</div>" for k, v in rows)
        + "</div>"
    )


with st.expander(render("table.tally_title"), expanded=g.phase == OVER, icon=":material/scoreboard:"):
    st.html("<style>.ddz-tally{font-size:14px;line-height:1.5}</style>" + tally_html(ss.tally))
    if ss.get("tally_confirm"):
        st.html(notice_html("warning", render("table.tally_ask")))
        yes_no = st.container(horizontal=True, gap="small")
        yes_no.button(render("table.tally_yes"), key="tally_yes", on_click=_tally_reset, args=(True,))
        yes_no.button(render("table.tally_no"), key="tally_no", on_click=_tally_reset, args=(False,))
    else:
        st.button(render("table.tally_reset"), key="tally_reset", on_click=_tally_reset_ask, type="tertiary")

# ---- the dock: feedback, bar, buttons and hand, always on screen ----------------------------
my_turn = g.phase in (BIDDING, PLAYING) and g.turn == HUMAN
stuck = p.stuck()  # your turn in play, and nothing of yours beats the table
auto = auto_pass_now(stuck)  # the app passes for you: the dock's state does not call the turn yours
yours = my_turn and not auto  # the dock's state: you decide now
why = ""  # why a button is off, said on the dock's last line
said_bar = ""  # the bar as the live region says it (while you choose your cards)
device_bar: dict[str, Any] | None = None  # the bar the card widget keeps in step on the device
if g.phase != OVER:
    st.html(f"<style>{DOCK_CSS}</style>")
    dock = st.container(key="ddz-dock")
    with dock:
        if g.phase == PLAYING:  # first in the dock, so it keeps its place and its motion
            table_fx(
                key="fx_dock",
                name="dock-table",
                play=table_play(p, ss.deals_started, "dock-table"),
                beat=table_beat(p, ss.deals_started),
                empty=html.escape(table_txt),
                sound=bool(ss.sounds),
                compact=True,
            )
        else:
            st.empty()  # the table's place in the dock, kept during the auction
        # The parts that change with the turn are made of fixed slots (see Slots), so the hand and the
        # caption keep their places and no stale copy lingers: the notes and the bar before the hand,
        # the buttons after it, so that Tab goes from the hand to «Jugar», «Pasar», «Pista»… (the
        # dock's CSS still shows the buttons above the hand).
        top = st.container(key="ddz-dock-top")
        if ss.get("dock_folded") and my_turn and g.phase == PLAYING:
            st.html("<style>.st-key-ddz-hand{display:none}</style>")
        hand_box = st.container(key="ddz-hand")
        buttons = st.container(key="ddz-dock-buttons")
        with Slots(7, top) as slot, Slots(2, buttons) as act:
            if ss.get("guided"):
                advice_text = coach(p, selection(KEY))
                if advice_text:
                    slot().html(notice_html("coach", advice_text))
                    slot().button(
                        render("table.skip_guide"), key="skip_guide", on_click=_skip_guide, type="tertiary"
                    )
            if ss.get("play_error"):
                slot().html(notice_html("error", ss.play_error))
            if ss.get("hint_text"):
                slot().html(hint_chip_html(ss.hint_text))
            if g.phase == BIDDING:
                if my_turn:
                    slot().html(bar_html(None, render("table.bid_turn"), render("table.bid_turn_detail")))
                    row = act().container(horizontal=True, gap="small")
                    legal = set(g.legal_actions())
                    row.button(render("table.pass"), on_click=_tap_act, args=(hand_v, PASS), key="bid0")
                    for b in (1, 2, 3):
                        row.button(
                            render("table.bid", n=b),
                            on_click=_tap_act,
                            args=(hand_v, str(b)),
                            disabled=str(b) not in legal,
                            key=f"bid{b}",
                        )
                    row.button(
                        render("table.hint"),
                        on_click=_hint,
                        args=(hand_v,),
                        key="hint_bid",
                        icon=":material/lightbulb:",
                    )
                    if p.can_undo() and not ss.get("guided"):
                        row.button(
                            render("table.undo"),
                            on_click=_undo,
                            args=(hand_v,),
                            key="undo_bid",
                            icon=":material/undo:",
                        )
                    if g.highest_bid():
                        why = render("table.why_bid", highest=g.highest_bid())
                else:
                    slot().html(
                        bar_html(None, render("table.auction"), render("table.their_bid", who=WHO[g.turn]))
                    )
            elif my_turn:
                chosen = selection(KEY)
                ask = ss.get("partner_ask")
                partner = partner_on_table(g)
                if ask and partner is not None and sorted(ask) == sorted(chosen):
                    # The question is a line in the bar's place, its two answers in the buttons'
                    # place: the dock keeps its size.
                    slot().html(
                        f'<div class="ddz-ask" data-testid="partner-ask" role="alert">'
                        f"{html.escape(render('table.partner_ask', who=WHO[partner]))}</div>"
                    )
                    confirm = act().container(horizontal=True, gap="small")
                    confirm.button(
                        render("table.partner_yes"),
                        key="partner_yes",
                        on_click=_partner_yes,
                        args=(hand_v,),
                        type="primary",
                    )
                    confirm.button(
                        render("table.partner_no"), key="partner_no", on_click=_partner_no, args=(hand_v,)
                    )
                else:
                    table_text = str(g.table) if g.table is not None else ""
                    if stuck:
                        assert g.table is not None
                        title = render("play.nothing_beats", table=g.table.shown())
                        detail = render(
                            "table.stuck_detail", auto=bool(ss.auto_pass and not ss.get("guided"))
                        )
                        empty_bar: list[Any] = [False, title, detail]
                    else:
                        empty = describe("", table_text)
                        empty_bar = [None, empty.title, empty.detail]
                    if chosen:
                        bar = describe(str(cards_of(chosen)), table_text)
                        slot().html(bar_html(bar.ok, bar.title, bar.detail, chosen, command(KEY)[0]))
                        said_bar = f"{bar.title}. {bar.detail}"
                        ok = bar.ok
                    else:
                        slot().html(
                            bar_html(empty_bar[0], empty_bar[1], empty_bar[2], chosen, command(KEY)[0])
                        )
                        said_bar = f"{empty_bar[1]}. {empty_bar[2]}" if stuck else ""
                        ok = False
                    device_bar = {"table": table_text, "empty": empty_bar}
                    row = act().container(horizontal=True, gap="small")
                    row.button(
                        render("table.play"),
                        type="primary",
                        on_click=_play_selected,
                        args=(hand_v,),
                        disabled=not ok,
                        key="play",
                    )
                    row.button(
                        render("table.pass"),
                        on_click=_tap_act,
                        args=(hand_v, PASS),
                        disabled=g.leading,
                        key="pass",
                        type="primary" if stuck else "secondary",
                    )
                    row.button(
                        render("table.hint"),
                        on_click=_hint,
                        args=(hand_v,),
                        key="hint",
                        icon=":material/lightbulb:",
                        disabled=bool(auto),  # nothing to hint: the app passes for you
                    )
                    if p.can_undo() and not ss.get("guided"):
                        row.button(
                            render("table.undo"),
                            on_click=_undo,
                            args=(hand_v,),
                            key="undo",
                            icon=":material/undo:",
                        )
                    row.button(
                        render("table.fold", folded=bool(ss.get("dock_folded"))),
                        key="fold",
                        on_click=_fold,
                        icon=":material/expand_less:" if ss.get("dock_folded") else ":material/expand_more:",
                        type="tertiary",
                    )
                if g.leading:
                    why = render("table.why_leading")
                elif auto:
                    why = render("table.why_auto")
            else:
                slot().html(bar_html(None, render("table.wait"), render("table.their_turn", who=WHO[g.turn])))
        # A new deal is dealt card by card (once per deal in this browser) during the auction.
        fresh_deal = g.phase == BIDDING and not ss.skip_anim
        with hand_box:
            card_hand(
                list(g.hands[HUMAN]),
                key=KEY,
                compact=True,
                disabled=not (g.phase == PLAYING and my_turn),
                animate=f"{g.code}/{g.redeals}/{ss.deals_started}" if fresh_deal else None,
                focus=ss.get("hand_focus"),
                bar=device_bar,
            )
        role = ""
        if g.landlord is not None:
            partner = 3 - g.landlord  # seats 1 and 2: the one that is not the landlord
            role = " " + render("table.my_role", landlord=g.landlord == HUMAN, who=WHO.get(partner, ""))
        mine_left = len(g.hands[HUMAN])
        my_alert = (
            f' <span class="ddz-alert" data-testid="alert-0">{ALERTS[mine_left]}</span>'
            if g.phase == PLAYING and mine_left in ALERTS
            else ""
        )
        st.html(
            f'<div class="ddz-caption" data-testid="dock-state" data-actions="{len(g.actions)}" '
            f'data-delay="{cpu_delay():.4f}" '
            f'data-mine="{int(yours)}" data-phase="{g.phase}">{render("table.my_cards", n=len(g.hands[HUMAN]))}.'
            f"{html.escape(role)}{my_alert}{disabled_why_html(why)}</div>"
        )


# ---- end of the hand ------------------------------------------------------------------------
def undone_html(p: Practice, i: int, phase: str) -> str:
    """The mark of a decision taken back with «Deshacer»: what you had chosen there before."""
    if i not in p.undone:
        return ""
    before = render("table.and_then").join(say_token(t, phase == BIDDING) for t in p.undone[i])
    return (
        f' · <b data-testid="undone-mark">{html.escape(render("table.undone_mark"))}</b>'
        f"<div>{html.escape(render('table.undone_before', before=before))}</div>"
    )


def review_panel(p: Practice) -> None:
    """«Revisa tu partida»: your decisions one by one, marked against the CPU and the solver."""
    key = (p.code, tuple(p.game.actions))
    if ss.get("review_key") != key:
        items, ss.review_moment = reviewed(*key)
        ss.review_key, ss.review_items, ss.review_step = key, list(items), 0
    items = ss.review_items
    if not items:
        return
    counts = counted(items)
    judged = len(items) - counts[FORCED]
    with st.container(key="ddz-review", border=True):
        st.subheader(render("table.review_title"))
        summary = render(
            "review.summary",
            judged=judged,
            good=counts[GOOD],
            inaccurate=counts[INACCURATE],
            mistakes=counts[MISTAKE],
            forced=counts[FORCED],
        )
        st.html(f'<div class="ddz-caption" data-testid="review-summary">{html.escape(summary)}</div>')
        if p.undone:
            which = render("review.undone", n=len(p.undone), which=[str(n + 1) for n in sorted(p.undone)])
            st.html(f'<div class="ddz-caption" data-testid="review-undone">{html.escape(which)}</div>')
        moment = ss.get("review_moment")
        if moment is not None:
            st.html(
                f'<div class="ddz-notice warning" data-testid="key-moment">{html.escape(moment.text)}</div>'
            )
            if moment.item is not None:
                st.button(
                    render("table.review_key"),
                    key="rev_key",
                    on_click=_review_move,
                    args=(moment.item - min(ss.get("review_step", 0), len(items) - 1), len(items)),
                )
            if moment.claim["code"] == "review.exact_moment" and moment.item is not None:
                # «Practica esta posición»: your own lost endgame as a puzzle in «Retos»
                before = ".".join(p.game.actions[: items[moment.item].index])
                query = {"codigo": p.code, "acciones": before}
                page_link("views/retos.py", render("table.practice_position"), f"/retos?codigo={p.code}&acciones={before}",
                          icon=":material/extension:", query=query)  # fmt: skip
        i = min(ss.get("review_step", 0), len(items) - 1)
        item = items[i]
        icon = {GOOD: "✓", INACCURATE: "≈", MISTAKE: "✗", FORCED: "·"}[item.verdict]
        where = "bidding" if item.phase == BIDDING else "against" if item.table else "leading"
        what = render("table.review_where", where=where, table=item.table)
        st.html(
            f'<div class="ddz-review {item.verdict}" data-testid="review-item"><b>{icon} {html.escape(item.verdict.capitalize())}</b>'
            f" · {render('table.review_step', k=i + 1, n=len(items))} · {html.escape(what)}"
            f"{undone_html(p, i, item.phase)}<div>{render('table.your_hand')}</div>{cards_html(item.hand)}<div>{html.escape(item.text)}</div></div>"
        )
        row = st.container(horizontal=True)
        row.button(
            render("table.review_prev"),
            key="rev_prev",
            on_click=_review_move,
            args=(-1, len(items)),
            disabled=i == 0,
        )
        row.button(
            render("table.review_next"),
            key="rev_next",
            on_click=_review_move,
            args=(1, len(items)),
            disabled=i >= len(items) - 1,
        )
        wrong = [n for n, it in enumerate(items) if it.verdict == MISTAKE]
        if wrong:
            row.button(
                render("table.review_next_error"),
                key="rev_err",
                on_click=_review_move,
                args=(next((n for n in wrong if n > i), wrong[0]) - i, len(items)),
            )


if over:
    with result_area:
        assert g.result is not None
        r = g.result
        won = (r.winner == "landlord") == (g.landlord == HUMAN)
        st.html(
            f'<div class="ddz-result {"won" if won else "lost"}" data-testid="result">'
            f"<b>{render('table.result', won=won)}</b></div>"
        )
        st.markdown("\n".join(f"- {line}" for line in r.explain(EXPLAIN_SEATS)))
        if g.hands[HUMAN]:
            st.html(f"<div>{cards_left(len(g.hands[HUMAN]), 'Te')}:</div>{cards_html(g.hands[HUMAN])}")
        row = st.container(horizontal=True)
        row.button(render("table.again"), on_click=_again, args=(hand_v,), key="again")
        row.button(render("table.another"), on_click=_another, args=(hand_v,), type="primary", key="another")
        if ss.get("guided"):  # the guided hand's closing message, and where to go next
            st.html(notice_html("coach", coach(p, [])))
            page_link("views/lessons.py", render("table.next_lessons"), "/estrategia", ":material/school:")
        link = p.replay_link()
        if link:  # a page link: «Manos comentadas» opens in this same tab
            page_link(
                "views/hands.py",
                render("table.replay_link"),
                link,
                ":material/menu_book:",
                dict(parse_qsl(link.partition("?")[2])),
            )
        review_panel(p)


def turn_words(p: Practice) -> tuple[str, str]:
    """Whose turn it is, or how the hand ended and the score, for the live region: ``(key, text)``."""
    g = p.game
    if g.phase == OVER and g.result is not None:
        won = (g.result.winner == "landlord") == (g.landlord == HUMAN)
        lines = g.result.explain(EXPLAIN_SEATS)
        return "over", " ".join([render("table.result", won=won), *lines])
    said = render("table.turn_words", mine=g.turn == HUMAN, who=WHO[g.turn], bidding=g.phase == BIDDING)
    return f"{len(g.actions)}/{g.phase}/{g.turn}", said


def spoken(p: Practice, deal: int, bar: str, hint_said: str) -> dict[str, Any]:
    """What the live region says on this run: the latest events of the hand, whose turn it is (or
    the end and the score) and, while you choose, the bar (with the hint when you asked for one)."""
    said_lines = history(p)
    first = max(0, len(said_lines) - 6)
    bar_text = " ".join(t for t in (hint_said, bar) if t)
    return {
        "deal": f"{p.game.code}/{deal}/{sum(len(v) for v in p.undone.values())}",
        "events": [[i, said_lines[i].text] for i in range(first, len(said_lines))],
        "turn": list(turn_words(p)),
        "bar": [f"{len(p.game.actions)}/{bar_text}", bar_text],
    }


page_effects(
    key="fx_play",
    speak=spoken(p, ss.deals_started, said_bar, ss.get("hint_text", "")),
    query=p.query(),
    scroll=(
        (".st-key-ddz-review", ss.review_scrolls)
        if g.phase == OVER and ss.get("review_scrolls")
        else ((".st-key-ddz-result", (g.code, len(g.actions))) if g.phase == OVER else None)
    ),
    save={
        **{pref: bool(ss[pref]) for pref in FLIPS},
        "cpu_level": ss.cpu_level,
        "cpu_speed": ss.cpu_speed,
        "tally": ss.tally,
        "guided_seen": True,  # saved once the stored values were read: only the first visit is guided
    },
    on_load=_prefs_loaded,
    dock=".st-key-ddz-dock" if g.phase != OVER else None,
    # the hand is over: the dock and its hand are gone, the keyboard goes to the verdict (then Tab:
    # «Repetir este reparto», «Otra partida»)
    focus=('[data-testid="result"]', f"{g.code}/{ss.deals_started}") if over else None,
)


pace_cpu(p, auto, owner, hand_v)  # a CPU's turn (or the pass made for you), paced; the last thing a run does
