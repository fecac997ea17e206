"""The tutorial's messages: the catalog codes only the app says, registered in the one catalog.

The review («Revisa tu partida»), the hint and the guided hand's coach, the history panel, the
lessons' feedback and the «Retos» page, and the few codes of the engine's groups that only the app
renders (the selection bar, a seat's last play, the dock's title, a signed score). Importing this
module adds them to :data:`ddz.messages.CATALOG` (:func:`ddz.messages.register`); the package
``tutorial`` imports it, so every module of the app renders them with :func:`ddz.messages.render`.
Each template is written in the language of :mod:`ddz.templates`.
"""

from __future__ import annotations

from ddz.messages import Entry, register

_e = Entry  # (code, rule, template, meaning, summary=""), as the engine's catalog writes its entries

# ---- codes of the engine's groups that only the app says ------------------------------------------
_APP_ENTRIES: tuple[Entry, ...] = (
    _e(
        "play.against",
        "",
        "{detail}. {beats, select, true {Supera} other {No supera}} a {table, cards}: {why}.",
        "the selection bar: a play's anatomy, whether it beats the table's play and why (server and device)",
    ),
    _e("play.seat_played", "", "juega {cards, cards}", "what a seat played last (the app's seat panel)"),
    _e(
        "play.nothing_beats",
        "",
        "No tienes nada que supere a {table, cards}",
        "the dock's title when no play of the hand beats the table's",
    ),
    _e(
        "result.signed", "R-SCORE-7", "{points, signed}", "points with their sign (the minus sign for a loss)"
    ),
)

# ---- review: tutorial.review (the claims of «Revisa tu partida», each checked by truthcheck) ------
_DID = "{action, select, p {pasaste} other {jugaste {action, cards}}}"
_BID = "{mine, plural, =0 {pasaste} other {pujaste #}}"
_CPU_DID = "La CPU habría {cpu_action, select, p {pasado} other {jugado {cpu_action, cards}}}: {why}."
_PLAYS = "{%s, plural, one {# jugada} other {# jugadas}}"
_REVIEW_ENTRIES: tuple[Entry, ...] = (
    _e("review.bid_same", "", "Bien: " + _BID + ", como la CPU: {why}.", "the bid the CPU makes"),
    _e(
        "review.bid_other",
        "",
        "{verdict, select, error {Error} other {Imprecisión}}: " + _BID + "; la CPU habría preferido "
        "{theirs, plural, =0 {pasar} other {pujar #}}: {why}.",
        "a bid the CPU would not make (error: two levels or more apart)",
    ),
    _e(
        "review.bid_high_cards",
        "",
        "Error de principiante: {label}. "
        "{mine, plural, =0 {Pasaste} other {Pujaste #}} con una mano que necesita " + _PLAYS % "plays" + ". "
        "La CPU habría preferido {theirs, plural, =0 {pasar} other {pujar #}}: {why}.",
        "source 002's beginner mistake: bidding on high cards for a hand of many plays",
    ),
    _e("review.play_same", "", "Bien: " + _DID + ", como la CPU: {why}.", "the action the CPU takes"),
    _e(
        "review.sure_win_too",
        "",
        "Bien: " + _DID + "; así también ganas seguro: {sure}. " + _CPU_DID,
        "another action than the CPU's that wins for sure as well (sure: a cpu.sure_win message)",
    ),
    _e(
        "review.go_out_too",
        "",
        "Bien: " + _DID + " y te quedaste sin cartas. " + _CPU_DID,
        "another play than the CPU's that empties the hand",
    ),
    _e(
        "review.missed_sure_win",
        "",
        "Error: había una forma segura de ganar y " + _DID + ", que no lo es. " + _CPU_DID,
        "the CPU's action wins for sure (or goes out) and the action taken does neither",
    ),
    _e(
        "review.beginner",
        "",
        "Error de principiante: {label}. {what} " + _CPU_DID,
        "one of source 002's beginner mistakes (what: a review.mistake_* message)",
    ),
    _e(
        "review.mistake_covered_partner",
        "",
        "{action, select, p {Pasaste} other {Jugaste {action, cards}}} sobre la jugada de tu compañero y le "
        "quitaste la salida a tu propio bando.",
        "covering the partner's play",
    ),
    _e(
        "review.mistake_early_bomb",
        "",
        "Su valor está en recuperar la salida cuando importa; así solo duplicas el multiplicador.",
        "a bomb spent early",
    ),
    _e(
        "review.mistake_broken_bomb",
        "",
        "{action, select, p {Pasaste} other {Jugaste {action, cards}}} y ya no tienes esas cuatro cartas juntas.",
        "a bomb broken up",
    ),
    _e(
        "review.more_plays",
        "",
        "{verdict, select, error {Error} other {Imprecisión}}: " + _DID + " y te "
        "{left, plural, one {queda # jugada} other {quedan # jugadas}}; con la jugada de la CPU te "
        "{cpu_left, plural, one {habría quedado # jugada} other {habrían quedado # jugadas}}. " + _CPU_DID,
        "the action leaves more plays than the CPU's (error: two or more)",
    ),
    _e(
        "review.spent_control",
        "",
        "Imprecisión: " + _DID + " y gastaste {control, list}, que la CPU habría guardado para recuperar la "
        "salida; te {left, plural, one {queda # jugada} other {quedan # jugadas}}, "
        "{fewer, plural, =0 {igual que} one {una menos que} other {# menos que}} con la jugada de la CPU. "
        + _CPU_DID,
        "as few plays as the CPU's action, but spending a 2 or a joker the CPU's keeps (control: cpu.control_*)",
    ),
    _e(
        "review.as_good",
        "",
        "Bien: " + _DID + "; te {left, plural, one {queda # jugada} other {quedan # jugadas}}, "
        "{fewer, plural, =0 {igual que} one {una menos que} other {# menos que}} con la jugada de la CPU. "
        + _CPU_DID,
        "another action than the CPU's that leaves as few plays (fewer: how many fewer)",
    ),
    _e(
        "review.lost_won",
        "",
        "Error: con las cartas a la vista ganabas {first}{others_n, plural, =0 {} other { (también "
        "{others, list})}}; " + _DID + " y eso pierde contra la mejor defensa. "
        "{hint_too, select, true {La pista también fallaba aquí: "
        "{cpu_action, select, p {pasar} other {{cpu_action, cards}}} también pierde.} "
        "other {La pista proponía {cpu_action, select, p {pasar} other {{cpu_action, cards}}}.}}",
        "the action lost a position that some move won with every hand known (first and others: every "
        "winning move, review.a_move; hint_too: the hint's move loses as well)",
    ),
    _e(
        "review.fewer_deals",
        "",
        "{verdict, select, error {Error} other {Imprecisión}}: " + _DID + "; {exact, select, true "
        "{a cartas vistas, de los {deals} repartos posibles de las cartas que no veías, "
        "{cpu_action, select, p {pasar} other {{cpu_action, cards}}} gana en {cpu_wins} y lo que hiciste, "
        "{wins, plural, =0 {en ninguno} other {en #}}} other {estimación: en {deals} repartos al azar de "
        "las cartas que no veías, jugados a cartas vistas, {cpu_action, select, p {pasar} other "
        "{{cpu_action, cards}}} gana en {cpu_wins} y lo que hiciste, {wins, plural, =0 {en ninguno} "
        "other {en #}}}}.",
        "the evaluator's move wins more deals at open cards than the action (error: the action wins none)",
    ),
    _e(
        "review.as_many_deals",
        "",
        "Bien: " + _DID + "; {exact, select, true {a cartas vistas, de los {deals} repartos posibles de las "
        "cartas que no veías, gana en {wins}} other {estimación: en {deals} repartos al azar de las "
        "cartas que no veías, jugados a cartas vistas, gana en {wins}}}, como "
        "{cpu_action, select, p {pasar} other {{cpu_action, cards}}}, lo que proponía la pista.",
        "another action than the hint's that wins as many deals at open cards",
    ),
    _e(
        "review.forced",
        "",
        "Sin elección: no tenías nada que superara a {table, cards}, así que pasar era lo único posible.",
        "a pass that was the only legal action",
    ),
    _e(
        "review.key_moment",
        "",
        "Momento clave (estimación de la CPU), decisión {n}: {action, select, p {pasaste} other {jugaste "
        "{action, cards}}}. En {samples, plural, one {# final simulado} other {# finales simulados}} con "
        "repartos posibles de las cartas que no veías, {cpu_action, select, p {pasar} other {jugar "
        "{cpu_action, cards}}} gana {cpu_wins} de {samples, plural, one {ese} other {los #}} y lo que "
        "hiciste, {wins} de {samples}.",
        "the decision of a lost hand whose alternative won the most more simulated endings (an estimate)",
    ),
    _e(
        "review.exact_moment",
        "",
        "Momento clave (exacto, con las cartas a la vista), decisión {n}: desde aquí ganabas "
        "{first}{others_n, plural, =0 {} other { (también {others, list})}}; "
        "{action, select, p {pasaste} other {jugaste {action, cards}}} y eso pierde contra la mejor defensa: "
        "{line, commas}, y se queda sin cartas.",
        "the first decision, with few cards left, where the side won with every card known and the action "
        "taken loses (first and others: every winning move, review.a_move; line: the refutation, "
        "review.line_step messages)",
    ),
    _e(
        "review.line_step",
        "",
        "{you, select, true {tú} other {{who}}} {move, select, p {{you, select, true {pasas} other {pasa}}} "
        "other {{you, select, true {juegas} other {juega}} {move, cards}}}",
        "one move of a line",
    ),
    _e(
        "review.a_move",
        "",
        "{move, select, p {pasando} other {con {move, cards}}}",
        "a winning move of an exact key moment",
    ),
    _e(
        "review.no_moment",
        "",
        "Momento clave: ninguno claro tuyo."
        "{before, select, same {{zone, select, none { {decisions, plural, =0 {No tuviste ninguna decisión de "
        "juego con elección{bids_differ, select, true {; solo en la subasta elegiste otra cosa que la CPU} "
        "other {, y en la subasta hiciste lo mismo que la CPU, así que en tu sitio la CPU habría perdido esta "
        "mano igual}}} one {En tu única decisión} other {En tus # decisiones}}{decisions, plural, =0 {} other "
        "{ de juego con elección hiciste lo mismo que la CPU{bids_differ, select, "
        "true {; solo en la subasta elegiste otra cosa} other {, y también en la subasta, así que en tu sitio "
        "la CPU habría perdido esta mano igual}}}}.} other { Antes de la decisión {at}, en el juego hiciste lo "
        "mismo que la CPU.}}} other { Donde elegiste otra cosa que la CPU{zone, select, none {} other { antes de la "
        "decisión {at}}}, lo de la CPU no ganó claramente más finales simulados que lo tuyo (estimación con "
        "{samples, plural, one {# reparto} other {# repartos}} o más por decisión).}}"
        "{zone, select, lost { Con las cartas a la vista, desde tu decisión {at} tu bando ya perdía contra la "
        "mejor defensa.} kept { Con las cartas a la vista, desde tu decisión {at} cada jugada tuya mantenía "
        "la mano ganada: la perdió tu compañero.} other {}} {winner}",
        "a lost hand with no clear mistake of seat 0: its decisions were the CPU's (before: same) or did not "
        "do clearly worse in the playouts (before: no_worse); with few cards (zone, from decision at) the "
        "side had already lost, or kept a won hand its partner lost (winner: review.winner_hand)",
    ),
    _e(
        "review.winner_hand",
        "",
        "Al empezar el juego, la mano {landlord, select, true {del terrateniente} other {de {who}}} salía en "
        + _PLAYS % "plays"
        + "{has_control, select, true { y tenía {control, list}} other {}}"
        "{has_spent, select, true { (ojo: {spent, list})} other {}}.",
        "the winning hand at the start of play: its fewest plays and the control cards a plan in that many "
        "plays keeps (spent: cpu.bomb_spent, the bombs that plan plays as something else)",
    ),
)
_HOW = (
    " Toca cada carta para levantarla (o desliza el dedo por encima de varias; un doble toque levanta todas "
    "las de un valor). Si te equivocas, vuelve a tocarla para bajarla."
)
_COACH_ENTRIES: tuple[Entry, ...] = (
    _e("hint.play", "", "Pista: juega {cards, cards} — {why}.", "the hint: a play and its reason (cpu.*)"),
    _e("hint.pass", "", "Pista: pasa — {why}.", "the hint: pass, and why (cpu.*)"),
    _e("hint.bid", "", "Pista: {why}.", "the hint in the auction (cpu.bid ends with its advice)"),
    _e(
        "hint.option",
        "",
        "Pista {n} de {total}: {passes, select, true {pasa — te sigue"
        "{left, plural, one { quedando # jugada} other {n quedando # jugadas}}} other {juega {cards, cards} — te "
        "{left, plural, =0 {quedas sin cartas} one {queda # jugada} other {quedan # jugadas}}}}"
        "{evaluated, select, true {; {exact, select, true {a cartas vistas, {deals, plural, one {en el único "
        "reparto posible de las cartas que no ves {wins, plural, =0 {pierdes} other {ganas}}} other {ganas en "
        "{wins} de los # repartos posibles de las cartas que no ves}}} other {estimación: en {deals} "
        "repartos al azar de las cartas que no ves, jugados a cartas vistas, ganas {wins, plural, =0 {en ninguno} "
        "other {en #}}}}} other {}}.",
        "«Pista» pressed again: the next of the seat's legal moves (n of total; passes: this option is the "
        "pass), with the plays it leaves and, with few cards left (evaluated), the deals it wins (exact: of "
        "every deal; else of a sample)",
    ),
    _e(
        "coach.over",
        "",
        "¡Mano terminada! Ya conoces lo básico. Abajo puedes revisar cada una de tus decisiones.",
        "the guide once the hand is over",
    ),
    _e(
        "coach.bid",
        "",
        "Primero, la subasta: quien más puja será el terrateniente y jugará solo contra los otros dos. Cuenta "
        "tus jugadas, no tus cartas altas: {why}. Pulsa {bid, plural, =0 {«Pasar»} other {«Pujar #»}}.",
        "the guide in the auction: the hint's bid and its reason",
    ),
    _e("coach.pass", "", "Pulsa «Pasar»: {why}.", "the guide when the hint is to pass"),
    _e(
        "coach.raised",
        "",
        "¡Eso es! La barra lo confirma: ahora pulsa «Jugar». Por qué esta jugada: {why}.",
        "the guide once the raised cards are the hint's play",
    ),
    _e(
        "coach.raise",
        "",
        "{leading, select, true {Abres la baza: puedes jugar la combinación que quieras. } other {}}"
        "Levanta {cards, cards}{kind, select, rocket {} other {, {kind, kind}}}.{how, select, true {"
        + _HOW
        + "} other {}} Por qué: {why}.",
        "the guide: the hint's play to raise (how: the first plays also say how to raise cards)",
    ),
)
_WHO = "{you, select, true {Tú} other {{who}}}"
_HISTORY_ENTRIES: tuple[Entry, ...] = (
    _e(
        "history.bid",
        "",
        _WHO + " {bid, plural, =0 {{you, select, true {pasas} other {pasa}}} "
        "other {{you, select, true {pujas} other {puja}} #}}.",
        "a bid or a pass in the auction",
    ),
    _e(
        "history.redeal",
        "",
        "Nadie ha pujado: se baraja y se reparte de nuevo (reparto {deal} de 4).",
        "nobody bid: a new deal",
    ),
    _e(
        "history.forced",
        "",
        "Cuarto reparto y tampoco puja nadie: como {you, select, true {tú abriste la subasta, eres} "
        "other {{who} abrió la subasta, es}} terrateniente a la fuerza con base 1.",
        "the fourth deal without a bid: the opener is the landlord",
    ),
    _e(
        "history.landlord",
        "",
        "{you, select, true {Eres el terrateniente (base {base}) y recibes} "
        "other {{who} es el terrateniente (base {base}) y recibe}} el pozo: {kitty, cards}.",
        "the landlord and the kitty",
    ),
    _e(
        "history.play",
        "",
        _WHO + " {you, select, true {juegas} other {juega}} {cards, cards}: {what}.",
        "a play (what: a play.* description)",
    ),
    _e(
        "history.pass",
        "",
        _WHO + " {you, select, true {pasas} other {pasa}}"
        "{forced, select, true {: no tenías nada que superara la jugada de la mesa} other {}}.",
        "a pass (forced: nothing beat the table)",
    ),
    _e("history.double", "", "El multiplicador se duplica: ×{value}.", "the multiplier doubles"),
    _e(
        "history.trick",
        "",
        "Dos pases seguidos: baza nueva, {you, select, true {abres tú} other {abre {who}}}.",
        "two passes: a new trick",
    ),
    _e(
        "history.over",
        "",
        "{you, select, true {Te quedas} other {{who} se queda}} sin cartas: "
        "{landlord, select, true {gana el terrateniente} other {ganan los campesinos}}.",
        "a hand emptied: the hand is over",
    ),
    _e(
        "review.summary",
        "",
        "{judged, plural, one {Tu # decisión con elección} other {Tus # decisiones con elección}}: {good} bien, "
        "{inaccurate, plural, one {# imprecisión} other {# imprecisiones}}, "
        "{mistakes, plural, one {# error} other {# errores}}, comparadas con la CPU y con el cálculo de "
        "jugadas mínimas.{forced, plural, =0 {} one { Además, # pase sin elección (no tenías nada que "
        "superara la mesa): no cuenta.} other { Además, # pases sin elección (no tenías nada que superara la "
        "mesa): no cuentan.}}",
        "the review's counts of verdicts",
    ),
    _e(
        "review.undone",
        "",
        "Con «Deshacer» cambiaste {n, plural, one {# decisión: la {which, list} (marcada «deshecha»)} "
        "other {# decisiones: las {which, list} (marcadas «deshecha»)}}.",
        "the decisions taken back with «Deshacer»",
    ),
)
# ---- lesson: the feedback of the tutorial's exercises (tutorial/logic.py) -----------------------------
# Plays come as notation (``{plan, cards}``) or as a nested ``play.describe``; counts are plural-aware.
_PLAYS = "{n, plural, one {# jugada} other {# jugadas}}"
_A_KIND = "{kind, select, single {una} pair {una} straight {una} pair_straight {una} bomb {una} other {un}}"
_LESSON_ENTRIES: tuple[Entry, ...] = (
    _e("lesson.hint_beats", "R-CMP-1", "fíjate en la regla «{rule}»", "hint of a beats exercise: its rule"),
    _e("lesson.hint_kind", "R-KIND-0", "recuerda la regla «{rule}»", "hint of an is-kind exercise: its rule"),
    _e(
        "lesson.hint_bomb",
        "R-KIND-13",
        "una bomba son las cuatro cartas de un valor. ¿Has visto ya alguna de ellas, en tu mano o en la mesa?",
        "hint of a could-someone-hold-the-bomb exercise",
    ),
    _e(
        "lesson.hint_count",
        "",
        "una forma de vaciarla en el mínimo de jugadas usa {cards, cards}: forma esa jugada y agrupa el resto",
        "hint of a count exercise: the longest play of one fewest-plays plan",
    ),
    _e(
        "lesson.hint_bid",
        "",
        "esta mano sale en " + _PLAYS + "; cuenta también sus doses, comodines y bombas",
        "hint of a bid exercise: the hand's fewest plays",
    ),
    _e(
        "lesson.hint_choice",
        "",
        "vuelve a leer la idea de la etapa, arriba",
        "hint of a choice exercise without its own",
    ),
    _e(
        "lesson.hint_choose",
        "",
        "lee otra vez lo que pide el ejercicio y fíjate en qué cartas conviene guardar",
        "hint of a choose-cards exercise",
    ),
    _e("lesson.not_yet", "", "Todavía no. Pista: {hint}", "the first wrong try: a hint, not the answer"),
    _e("lesson.right", "", "¡Correcto!", "a right answer"),
    _e("lesson.wrong_yes_no", "", "No.", "a wrong yes/no answer"),
    _e("lesson.answer_option", "", "La respuesta es «{option}».", "the right option of a choice exercise"),
    _e("lesson.wrong_option", "", "No: la respuesta es «{option}».", "a wrong option, and the right one"),
    _e("lesson.the_card", "", "el {rank, rank}", "a card named with its article (el 2, el comodín grande)"),
    _e(
        "lesson.answer_yes_no",
        "",
        "La respuesta es «{yes, select, true {sí} other {no}}»: {detail}.",
        "the answer to a yes/no exercise and the engine's reason",
    ),
    _e(
        "lesson.bomb_seen",
        "R-DECK-1",
        "{seen, select, true {ya has visto alguna de las cuatro cartas de ese valor, así que nadie tiene las "
        "cuatro} other {no has visto ninguna de las cuatro: un rival podría tenerlas todas}}",
        "whether a bomb of a value can still be in one hand",
    ),
    _e("lesson.one_way", "", "Una forma: {plan, cards}.", "one fewest-plays plan of a hand"),
    _e(
        "lesson.count_answer",
        "",
        "{n, plural, one {Es # jugada} other {Son # jugadas}}.",
        "the fewest plays of a count exercise",
    ),
    _e(
        "lesson.count_wrong", "", "No: {n, plural, one {es # jugada} other {son # jugadas}}.", "a wrong count"
    ),
    _e(
        "lesson.bid_answer",
        "",
        "Con esta mano lo razonable es {bid, select, 0 {pasar} other {pujar {bid}}}: sale en "
        "{n, plural, one {# tirada} other {# tiradas}} (valoración {strength}).",
        "the engine's bid for a hand, its fewest plays and its strength",
    ),
    _e("lesson.bid_right", "", "¡Bien tasada!", "a right bid"),
    _e("lesson.bid_wrong", "", "No es lo que aconseja el motor.", "a bid the engine would not make"),
    _e(
        "lesson.good_answer",
        "",
        "Una respuesta buena: {cards, cards}, {play}.",
        "a right selection of a choose-cards exercise, described",
    ),
    _e(
        "lesson.pick_some",
        "",
        "Elige alguna carta de tu mano.",
        "a choose-cards exercise with nothing chosen",
    ),
    _e("lesson.not_a_play", "", "Eso no es una jugada: {why}.", "the chosen cards are no play"),
    _e(
        "lesson.wrong_kind",
        "R-KIND-0",
        "Eso es " + _A_KIND + " {kind, kind}, no " + _A_KIND.replace("{kind,", "{want,") + " {want, kind}.",
        "the chosen play is of another kind than asked",
    ),
    _e(
        "lesson.does_not_beat",
        "R-CMP-1",
        "No supera a {table, cards}: {why}.",
        "the chosen play does not beat the table",
    ),
    _e(
        "lesson.keep_high",
        "",
        "Guarda {names, list}: {count, plural, one {es una carta alta, de las que sirven} other {son cartas "
        "altas, de las que sirven}} para recuperar la salida.",
        "the chosen play spends a card the exercise asks to keep",
    ),
    _e(
        "lesson.no_lead_with",
        "",
        "No abras con {kind, select, rocket {el cohete} other {una bomba}}: su valor está en recuperar la "
        "salida cuando importe.",
        "the chosen lead is a bomb or the rocket",
    ),
    _e(
        "lesson.breaks_four",
        "R-ONE-2",
        "Así rompes tu póker de {rank, rank}: cuatro cartas iguales valen más juntas.",
        "the chosen play takes cards from four of a value without playing them as a bomb",
    ),
    _e(
        "lesson.too_many_left",
        "",
        "Te deja en " + _PLAYS + "; hay una salida que te deja en {best, plural, one {# jugada} other "
        "{# jugadas}}.",
        "the chosen lead leaves more plays than the exercise's target",
    ),
    _e(
        "lesson.well_played",
        "",
        "¡Bien! Juegas {play}; te " + "{n, plural, one {queda # jugada} other {quedan # jugadas}}.",
        "a right selection: the play and the fewest plays left",
    ),
)
# ---- retos: the «Retos» page (tutorial/retos.py) ------------------------------------------------
# Seats are numbers of a three-hand endgame (0 the landlord, 1 and 2 the farmers); moves come as
# notation (``"p"``: a pass) and the facts of each theme's sentence come from its predicate in
# tutorial/retos.py.


def _seat(name: str, el: str = "el") -> str:
    """A seat of a three-hand endgame, by number, after its article or contraction ``el`` («el», «El»,
    «al», «del»): «el terrateniente», «al campesino 1»…"""
    return f"{{{name}, select, 0 {{{el} terrateniente}} 1 {{{el} campesino 1}} other {{{el} campesino 2}}}}"


_SIDE_WINS = "{winner, select, landlord {gana el terrateniente} other {ganan los campesinos}}"
_RETOS_ENTRIES: tuple[Entry, ...] = (
    _e(
        "retos.intro",
        "",
        "Finales de partidas reales con todas las cartas a la vista. Juegas tu bando contra la defensa "
        "perfecta: si tu jugada pierde, ves al momento cómo te la refutan, y puedes probar otra.",
        "the page's first lines",
    ),
    _e(
        "retos.seat",
        "",
        "{seat, select, 0 {Terrateniente} 1 {Campesino 1} other {Campesino 2}}{you, select, true { (tú)} other {}}",
        "a seat's label (you: the learner plays it)",
    ),
    _e(
        "retos.task",
        "R-WIN-1",
        "{side, select, landlord {Juegas con el terrateniente contra los dos campesinos.} other {Juegas con "
        "los dos campesinos contra el terrateniente: ganan los dos en cuanto uno se queda sin cartas.}} "
        "{leading, select, true {Empieza "
        + _seat("mover")
        + ", que abre la baza.} other {Le toca "
        + _seat("mover", "al")
        + ": supera {table, cards}, "
        + _seat("owner", "del")
        + ", o pasa.}}",
        "the puzzle's task: the learner's side, who moves and the play to answer",
    ),
    _e(
        "retos.step",
        "",
        _seat("seat")
        + " {pass, select, true {pasa} other {juega {cards, cards}{out, select, true { y se queda "
        "sin cartas} other {}}}}",
        "one move of a line (out: the move empties the hand)",
    ),
    _e(
        "retos.right",
        "",
        "{pass, select, true {¡Bien! Pasar gana.} other {¡Bien! {cards, cards} gana.}}"
        "{over, select, true {} other { La defensa responde; te toca otra vez.}}",
        "a winning move of the learner (over: it ends the puzzle)",
    ),
    _e(
        "retos.wrong",
        "",
        "{pass, select, true {Pasar} other {{cards, cards}}} pierde contra la mejor defensa. Así "
        + _SIDE_WINS
        + ":",
        "a losing move: the refutation line follows, shown as cards",
    ),
    _e("retos.try_again", "", "Tu jugada se deshace: prueba otra.", "after a refutation"),
    _e("retos.must_lead", "R-TRICK-2", "Abres la baza: no puedes pasar.", "a pass when leading"),
    _e("retos.pick_some", "", "Levanta las cartas que quieres jugar.", "Jugar with no card raised"),
    _e(
        "retos.not_a_play",
        "",
        "Eso no es una jugada: {why}.",
        "the raised cards are no play (why: a rejection)",
    ),
    _e(
        "retos.does_not_beat",
        "R-CMP-1",
        "No supera a {table, cards}: {why}.",
        "the raised cards do not beat the table (why: a verdict)",
    ),
    _e(
        "retos.solved",
        "",
        "{seen, select, true {Reto terminado después de ver la solución: esta vez, sin estrellas.} other "
        "{¡Reto resuelto{mistakes, plural, =0 { sin fallos} one { con # fallo} other { con # fallos}}! "
        "{stars, plural, one {Ganas # estrella.} other {Ganas # estrellas.}}}}",
        "the end of a puzzle: the stars (3 without a mistake, 2 with one, 1 with more; 0 after the solution)",
    ),
    _e(
        "retos.progress",
        "",
        "{solved, plural, one {# reto resuelto} other {# retos resueltos}} de {total} · "
        "{stars, plural, one {# estrella} other {# estrellas}} de {most}",
        "the learner's progress, kept in the browser",
    ),
    _e(
        "retos.level",
        "",
        "{level, select, 1 {Nivel 1: fácil} 2 {Nivel 2: medio} other {Nivel 3: difícil}} "
        "({n, plural, one {# reto} other {# retos}})",
        "a difficulty level and how many puzzles it has",
    ),
    _e("retos.label", "", "Reto {n}: {theme}", "a puzzle in the list (theme: retos.theme)"),
    _e("retos.own_label", "", "Tu partida: {theme}", "a puzzle made from your own hand (theme: retos.theme)"),
    _e(
        "retos.own_not_won",
        "",
        "Esa posición de tu partida no sirve de reto: con las cartas a la vista tu bando ya no ganaba, o quedaban "
        "demasiadas cartas.",
        "«Practica esta posición» of a position the side to move does not win (or too big)",
    ),
    _e(
        "retos.theme",
        "",
        "{theme, select, keep_rocket {Guarda el cohete para el final} keep_bomb {Guarda la bomba para más "
        "tarde} keep_bomb_later {La bomba, ahora no} count_bombs {Cuenta las bombas} dont_cover {No tapes a tu compañero} yield_lead {Cede la "
        "salida a tu compañero} bomb_now {Recupera la salida con la bomba} last_card {Le queda una carta: "
        "nada de sueltas} last_card_some {Le queda una carta: cuidado con las sueltas} kicker {El trío, con acompañante} straight_first {La escalera primero} break_trio "
        "{Rompe el trío} break_pair {Rompe la pareja} boss_first {Primero la que manda} wait {Pasa y espera} "
        "own {Gana tu propia posición} other {Encuentra la jugada que gana}}",
        "a puzzle's theme (each one a predicate of tutorial.retos.THEMES)",
    ),
    *(
        _e(
            f"retos.why_{theme}",
            "",
            text,
            f"what the theme {theme} means here: the facts its predicate found",
        )
        for theme, text in (
            ("own", "Es la posición de tu partida: con las cartas a la vista, tu bando gana desde aquí."),
            ("keep_rocket", "Jugar el cohete ahora pierde: la línea que gana lo guarda para el final."),
            (
                "keep_bomb",
                "Jugar la bomba {move, cards} ahora pierde: {kept, select, true {la línea que gana la guarda para "
                "más tarde} other {la línea que gana juega esas cuatro cartas más tarde, en {later, cards}}}.",
            ),
            (
                "count_bombs",
                _seat("owner", "El") + " tiene {rocket, select, true {el cohete. Cuéntalo} other {la bomba "
                "{bomb, cards}. Cuéntala}}: si {pass, select, true {pasas} other {juegas {move, cards}}}, la mejor "
                "defensa {rocket, select, true {lo} other {la}} usa y pierdes.",
            ),
            (
                "dont_cover",
                "La jugada de la mesa, {table, cards}, es "
                + _seat("partner", "del")
                + ": pasa y deja que siga. "
                "Taparla con {move, cards} pierde.",
            ),
            (
                "yield_lead",
                "Juega {move, cards}: "
                + _seat("partner")
                + " se queda con esa baza con {over, cards} y sale él.",
            ),
            (
                "bomb_now",
                "Juega {rocket, select, true {el cohete ahora: nadie puede superarlo} other {la bomba {move, cards} "
                "ahora: nadie puede superarla}} y recuperas la salida.",
            ),
            (
                "last_card",
                _seat("who", "El")
                + " tiene una sola carta: {singles_win, select, true {cuidado con las sueltas} other {no saques "
                "sueltas}}. Salir con {move, cards} pierde.",
            ),
            (
                "kicker",
                "Saca el trío con su acompañante, {move, cards}: el trío solo, {body, cards}, pierde.",
            ),
            (
                "straight_first",
                "Sal primero con la escalera{pairs, select, true { de parejas} other {}} {move, cards}.",
            ),
            ("break_trio", "Rompe tu trío de {rank, rank}: {move, cards} se lleva parte de él."),
            ("break_pair", "Rompe tu pareja de {rank, rank}: {move, cards} se lleva una de sus cartas."),
            ("boss_first", "Sal con {move, cards}: nadie puede superarla, así que vuelves a salir tú."),
            ("wait", "Pasa: superar {table, cards} con {move, cards} pierde."),
            (
                "few_winning",
                "Solo {count, plural, one {una jugada gana} other {# jugadas ganan}}: busca bien antes de jugar.",
            ),
        )
    ),
    _e(
        "retos.count",
        "",
        "De todas tus jugadas posibles, {count, plural, one {solo gana {first}} =2 {solo ganan {first} o "
        "{second}} other {ganan #: {wins, list}}}.",
        "the moves that win (first, second: the first and the last; wins: all of them; retos.move each)",
    ),
    _e(
        "retos.move",
        "",
        "{pass, select, true {pasar} other {{cards, noun_cards}}}",
        "a move: a play (a lone joker or the rocket with its article), or passing",
    ),
    _e("retos.pass", "", "pasa", "a pass in a line shown as cards"),
    _e("retos.cards_left", "", "{n, plural, one {# carta} other {# cartas}}", "the cards a seat holds"),
    _e("retos.no_cards", "R-WIN-1", "sin cartas: se acabó", "a hand that has gone out"),
    _e(
        "retos.on_table",
        "",
        "En la mesa, " + _seat("owner", "del") + ":",
        "the play to answer, and whose it is",
    ),
    _e(
        "retos.empty_table",
        "R-TRICK-2",
        "Mesa vacía: quien tiene el turno abre la baza.",
        "no play to answer",
    ),
    _e("retos.your_turn", "", "Te toca con " + _seat("seat") + ".", "above the hand the learner plays from"),
    _e("retos.solution_step", "", "Solución: paso {k} de {n}", "the step of the solution shown"),
    _e("retos.next_move", "", "Ahora: {step}.", "the next move of the solution (step: retos.step)"),
)

# ---- the «Jugar» page: tutorial/views/play.py (its buttons, headings, notices and Ajustes) --------
_TABLE_ENTRIES: tuple[Entry, ...] = (
    _e(
        "table.seat_name",
        "",
        "{seat, select, 0 {Tú (Sur)} 1 {Este · CPU, a tu derecha} other {Oeste · CPU, a tu izquierda}}",
        "a seat's name in its panel (0: you, 1: East, 2: West)",
    ),
    _e(
        "table.who",
        "",
        "{seat, select, 0 {ti} 1 {Este} other {Oeste}}",
        "a seat inside a sentence («abre Este»)",
    ),
    _e("table.seat_short", "", "{seat, select, 0 {Tú} 1 {Este} other {Oeste}}", "a seat's short name"),
    _e(
        "table.explain_seat",
        "",
        "{seat, select, 0 {Sur (tú)} 1 {Este} other {Oeste}}",
        "a seat as the result's explanation names it",
    ),
    _e(
        "table.alert",
        "",
        "{n, select, 1 {¡Última carta!} other {¡Dos cartas!}}",
        "what a seat with one or two cards left announces (报单, 报双)",
    ),
    _e(
        "table.deal_code_title",
        "",
        "Código del reparto: con él se repite esta mano",
        "the deal code's tooltip",
    ),
    _e(
        "table.level_now",
        "",
        "Nivel de la CPU en esta mano: {playing}.{changed, select, true { Desde la próxima mano: {chosen}.} other {}}",
        "Ajustes: the CPU level of this hand, and the next hand's when it differs",
    ),
    _e(
        "table.table_who",
        "",
        "{over, select, true {Última jugada} other {En la mesa}}, {seat}:",
        "who made the play on the table (the last play, once the hand is over)",
    ),
    _e(
        "table.beat_spring",
        "",
        "{kind, select, spring {¡Primavera} other {¡Antiprimavera}}! El multiplicador pasa de ×{before} a ×{after}.",
        "the beat after a spring or an antispring: the multiplier doubled",
    ),
    _e(
        "table.beat_bomb",
        "",
        "{kind, select, rocket {¡Cohete} other {¡Bomba}}{mine, select, true {} other { de {seat}}}! "
        "El multiplicador pasa a ×{value}.",
        "the beat after a bomb or the rocket (seat: whose, when not yours): the multiplier doubled",
    ),
    _e("table.settings", "", "Ajustes", "the settings panel's button"),
    _e("table.code_label", "", "Jugar con un código", "Ajustes: the deal code's field"),
    _e("table.code_deal", "", "Repartir con este código", "Ajustes: deal the code typed"),
    _e(
        "table.speed_caption",
        "",
        "Velocidad de la CPU (segundos por jugada):",
        "Ajustes: above the CPU's paces",
    ),
    _e(
        "table.flip",
        "",
        "{label}: {on, select, true {sí} other {no}}",
        "Ajustes: a yes/no preference and its state",
    ),
    _e("table.flip_skip_anim", "", "Saltar la animación del reparto", "Ajustes: skip the dealing animation"),
    _e("table.flip_show_counter", "", "Mostrar el contador de cartas", "Ajustes: show the card counter"),
    _e("table.flip_sounds", "", "Sonidos suaves", "Ajustes: soft sounds"),
    _e(
        "table.flip_auto_pass",
        "",
        "Pasar automáticamente cuando no tengo nada",
        "Ajustes: pass for the learner when nothing beats the table",
    ),
    _e(
        "table.flip_partner_warn",
        "",
        "Avisar antes de superar a mi compañero",
        "Ajustes: ask before covering the partner's play",
    ),
    _e("table.another", "", "Otra partida", "a new deal (Ajustes and the end screen)"),
    _e("table.guided", "", "Mano guiada (para empezar)", "Ajustes: the guided first hand"),
    _e(
        "table.seat_role",
        "",
        " · {landlord, select, true {terrateniente} other {campesino}}",
        "a seat's side",
    ),
    _e("table.seat_pass", "", "pasa", "a seat's last action: a pass"),
    _e("table.seat_bid", "", "puja {bid}", "a seat's last action in the auction: a bid"),
    _e(
        "table.seat_before",
        "",
        "en la baza anterior, {said}",
        "a seat's last action, made in the trick before",
    ),
    _e("table.seat_turn", "", " · le toca", "the seat whose turn it is"),
    _e(
        "table.cards_word",
        "",
        "{n, plural, one {carta} other {cartas}}",
        "the noun after a seat's card count",
    ),
    _e("table.nobody_yet", "", "Nadie ha jugado todavía.", "the empty table before the first play"),
    _e(
        "table.new_trick",
        "",
        "Baza nueva: {mine, select, true {abres tú} other {abre {who}}}.",
        "the empty table at the start of a trick, and who leads",
    ),
    _e("table.info_play", "", "Base {base} · multiplicador ×{multiplier}", "the hand's base and multiplier"),
    _e(
        "table.info_auction",
        "",
        "Subasta (reparto {deal} de 4) · puja más alta: {highest, select, 0 {ninguna} other {{highest}}}",
        "the auction: which of the four deals, and the highest bid",
    ),
    _e(
        "table.redealt",
        "",
        "En {n, plural, one {el reparto anterior} other {los # repartos anteriores}} nadie pujó: se volvió a "
        "repartir. Si en el cuarto reparto tampoco puja nadie, quien abre la subasta será terrateniente con "
        "base 1.",
        "the deals before this one had no bid",
    ),
    _e(
        "table.forced_landlord",
        "",
        "{mine, select, true {Eres} other {{who} es}} terrateniente a la fuerza, con base 1: en cuatro repartos "
        "seguidos nadie pujó y {mine, select, true {te tocaba} other {le tocaba}} abrir la subasta.",
        "the landlord made by four deals without a bid",
    ),
    _e(
        "table.dealt",
        "",
        "Reparto: 17 cartas para cada uno y 3 boca abajo en el pozo.",
        "the last event before any: the deal",
    ),
    _e("table.kitty", "", "Pozo", "the kitty's heading"),
    _e("table.last", "", "Lo último: {line}", "the hand's latest event"),
    _e(
        "table.history",
        "",
        "Historial de la mano ({n})",
        "the history panel's title, with its number of lines",
    ),
    _e(
        "table.history_empty",
        "",
        "Todavía no ha pasado nada: empieza la subasta.",
        "the history before any event",
    ),
    _e("table.counter", "", "Contador de cartas (las que aún no has visto)", "the card counter's title"),
    _e("table.tally_title", "", "Tus manos en este navegador", "the session tally's title"),
    _e("table.tally_as_landlord", "", "Como terrateniente", "tally: the hands played as landlord"),
    _e("table.tally_as_farmer", "", "Como campesino", "tally: the hands played as a farmer"),
    _e(
        "table.tally_record",
        "",
        "{won, plural, one {# ganada} other {# ganadas}}, {lost, plural, one {# perdida} other {# perdidas}}",
        "tally: hands won and lost",
    ),
    _e("table.tally_springs", "", "Primaveras y antiprimaveras", "tally: springs and antisprings"),
    _e("table.tally_best", "", "Mejor racha", "tally: the best streak"),
    _e(
        "table.tally_best_n",
        "",
        "{n, plural, one {# mano ganada} other {# manos ganadas seguidas}}",
        "tally: the best streak's hands",
    ),
    _e("table.tally_streak", "", "Racha actual", "tally: the current streak"),
    _e(
        "table.tally_streak_n",
        "",
        "{n, plural, one {# mano ganada} other {# manos ganadas}}",
        "tally: the current streak's hands",
    ),
    _e(
        "table.tally_ask", "", "¿Poner a cero tus manos? No se puede deshacer.", "tally: the reset's question"
    ),
    _e("table.tally_yes", "", "Sí, poner a cero", "tally: reset"),
    _e("table.tally_no", "", "No", "tally: keep"),
    _e("table.tally_reset", "", "Poner a cero", "tally: ask to reset"),
    _e("table.skip_guide", "", "Saltar la guía", "the guided hand: leave the coach"),
    _e("table.bid_turn", "", "Tu turno de subasta", "the bar's title on the learner's bid"),
    _e("table.bid_turn_detail", "", "Puja más que la puja más alta, o pasa.", "the bar on the learner's bid"),
    _e("table.pass", "", "Pasar", "the pass button"),
    _e("table.bid", "", "Pujar {n}", "a bid button"),
    _e("table.hint", "", "Pista", "the hint button"),
    _e("table.undo", "", "Deshacer", "the undo button"),
    _e(
        "table.why_bid",
        "",
        "Solo puedes pujar más de {highest}, la puja más alta, o pasar.",
        "why the lower bids are off",
    ),
    _e("table.auction", "", "Subasta", "the bar's title on a CPU's bid"),
    _e("table.their_bid", "", "Le toca pujar a {who}…", "the bar on a CPU's bid"),
    _e(
        "table.partner_ask",
        "",
        "Es la jugada de {who}, tu compañero: ¿seguro que quieres superarla?",
        "the question before covering the partner's play",
    ),
    _e("table.partner_yes", "", "Sí, superarla", "the question's yes"),
    _e("table.partner_no", "", "No, mejor no", "the question's no"),
    _e(
        "table.stuck_detail",
        "",
        "Ninguna combinación de tu mano la supera: "
        "{auto, select, true {pasas automáticamente (puedes cambiarlo en Ajustes)} other {pulsa «Pasar»}}.",
        "the bar when nothing beats the table (auto: the app passes for the learner)",
    ),
    _e("table.play", "", "Jugar", "the play button"),
    _e(
        "table.fold",
        "",
        "{folded, select, true {Desplegar} other {Plegar}}",
        "the button that folds the hand",
    ),
    _e(
        "table.why_leading",
        "",
        "Abres la baza: no puedes pasar, tienes que jugar algo.",
        "why «Pasar» is off when the learner leads",
    ),
    _e("table.why_auto", "", "No hay pista que dar: pasas automáticamente.", "why «Pista» is off"),
    _e("table.wait", "", "Espera tu turno", "the bar's title on a CPU's play"),
    _e("table.their_turn", "", "Le toca a {who}.", "the bar on a CPU's play"),
    _e(
        "table.my_role",
        "",
        "{landlord, select, true {Eres el terrateniente.} other {Eres campesino: tu compañero es {who}.}}",
        "the learner's side, under the hand",
    ),
    _e("table.my_cards", "", "{n, plural, one {# carta} other {# cartas}}", "the learner's card count"),
    _e(
        "table.choose_first", "", "Elige primero las cartas que quieres jugar.", "«Jugar» with no card raised"
    ),
    _e("table.and_then", "", " y luego ", "between the decisions taken back one after the other"),
    _e("table.undone_mark", "", "(deshecha)", "the review: a decision taken back"),
    _e(
        "table.undone_before",
        "",
        "Antes habías elegido {before} y lo deshiciste.",
        "the review: what had been chosen before «Deshacer»",
    ),
    _e("table.review_title", "", "Revisa tu partida", "the review's heading"),
    _e("table.review_key", "", "Ver el momento clave", "the review: go to the key moment"),
    _e("table.practice_position", "", "Practica esta posición", "the review: the lost endgame as a puzzle"),
    _e(
        "table.review_where",
        "",
        "{where, select, bidding {En la subasta} against {Contra {table}} other {Abrías la baza}}",
        "the review: where a decision was taken",
    ),
    _e("table.review_step", "", "decisión {k} de {n}", "the review: which decision"),
    _e("table.your_hand", "", "Tu mano:", "the review: the hand at a decision"),
    _e("table.review_prev", "", "Anterior", "the review: the decision before"),
    _e("table.review_next", "", "Siguiente", "the review: the next decision"),
    _e("table.review_next_error", "", "Siguiente error", "the review: the next mistake"),
    _e(
        "table.result",
        "",
        "{won, select, true {¡Has ganado!} other {Has perdido.}}",
        "the end screen's verdict",
    ),
    _e("table.again", "", "Repetir este reparto", "the end screen: the same deal again"),
    _e(
        "table.next_lessons", "", "Sigue en «Estrategia», etapa a etapa", "the guided hand's end: the lessons"
    ),
    _e(
        "table.replay_link",
        "",
        "Repásala paso a paso en «Manos comentadas»",
        "the end screen: the hand in the annotated hands' player",
    ),
    _e(
        "table.turn_words",
        "",
        "{mine, select, true {Te toca} other {Le toca a {who}}} {bidding, select, true {pujar} other {jugar}}.",
        "the live region: whose turn it is",
    ),
)

ENTRIES: tuple[Entry, ...] = (
    _APP_ENTRIES
    + _REVIEW_ENTRIES
    + _COACH_ENTRIES
    + _HISTORY_ENTRIES
    + _LESSON_ENTRIES
    + _RETOS_ENTRIES
    + _TABLE_ENTRIES
)
"""Every code the app adds to the catalog."""
GROUPS: dict[str, str] = {
    "history": "tutorial.practice.history — the hand's events as the history panel tells them",
    "hint": "the «Pista» sentence: the hint's action and its cpu.* reason",
    "coach": "the guided hand's coach: the hint's action and its cpu.* reason",
    "review": "tutorial.review — the claims of «Revisa tu partida» (each with a verifier in truthcheck)",
    "lesson": "tutorial.logic — the feedback of the tutorial's exercises (lessons)",
    "retos": "tutorial.retos — the «Retos» page: endgame puzzles, their themes and the refutations",
    "table": "tutorial/views/play.py — the «Jugar» page: its buttons, headings, notices and Ajustes",
}
"""The catalog groups the app adds (the part of a code before the dot), with what each one serves."""

register(ENTRIES, GROUPS)
