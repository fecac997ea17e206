// The selection bar on the device: the same words as the server's bar (tutorial/logic.py, describe)
// for the same cards, from the same rules (ddz_core.js) and the same catalog. `phrases` comes from
// the server (tutorial/logic.py, device_phrases): the catalog's compiled templates (ddz/messages.py)
// of the play's anatomy, the rejections and the verdicts, the names of ranks and kinds, and the bar's
// own words. No I/O: Node runs this file in the tests, the card widget inlines it.
"use strict";

module.exports = function makeBar(core, phrases) {
  const SYMBOLS = core.RANKS;
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

  // Cards in notation as a learner reads them (ddz.messages.say_cards).
  function sayCards(text) {
    const groups = String(text).split(/\s+/).filter((g) => g);
    if (!groups.length || groups.some((g) => [...g].some((c) => !SYMBOLS.includes(c.toUpperCase())))) return text;
    return groups
      .map((group) => {
        if (group.toUpperCase() === "BR") return "cohete";
        const names = [...group].map((c) => phrases.ranks[SYMBOLS.indexOf(c.toUpperCase())]);
        const joker = names.some((n) => n.length > 2);
        return joker && names.length > 1
          ? names.slice(0, -1).join(", ") + " y " + names[names.length - 1]
          : names.join(" ");
      })
      .join(" + ");
  }

  // A lone joker or the rocket as a noun of the sentence (ddz.messages.named_cards, no `article`).
  const NAMED = ["cohete", phrases.ranks[13], phrases.ranks[14]];
  function namedCards(text) {
    const said = sayCards(text);
    return NAMED.includes(said) ? "el " + said : said;
  }
  // The contexts of ddz.messages: _ARTICLE_AFTER (cards), _RANK_ARTICLE (a joker's rank), _CONTRACTED.
  const ARTICLE_AFTER =
    /\b(?:a|con|juega|juegas|jugar|jugaste|Jugaste|jugado|Juega|Levanta|levanta|supera|superar|superas)\s$/;
  const RANK_ARTICLE = /(?:\b(?:de|que|a|con)\s|^\^|[(.]\s?)$/;
  const CONTRACTED = /\b([Aa]|[Dd]e) el\b/g;
  const CONTRACT = { a: "al", A: "Al", de: "del", De: "Del" };
  const isJoker = (v) => v === 13 || v === 14 || ["B", "R"].includes(String(v).toUpperCase());

  function value(v, style) {
    if (style === "") return v !== null && typeof v === "object" ? render(v.code, v.data || {}) : String(v);
    if (style === "rank") return phrases.ranks[typeof v === "number" ? v : SYMBOLS.indexOf(String(v).toUpperCase())];
    if (style === "kind") return phrases.kinds[v];
    if (style === "cards") return sayCards(String(v));
    throw new Error("style " + style + " is not spoken on the device");
  }

  // A compiled template (ddz.messages._parse): literals, ["#"], ["arg", name, style] and
  // ["choice", name, "select" | "plural", {key: nodes}].
  function walk(nodes, data, number, out) {
    for (const n of nodes) {
      if (typeof n === "string") out.push(n);
      else if (n[0] === "#") out.push(String(number));
      else if (n[0] === "arg") {
        const v = data[n[1]];
        const before = out.slice(-3).join("");
        if (n[2] === "cards" && typeof v === "string" && ARTICLE_AFTER.test(before)) out.push(namedCards(v));
        else if (n[2] === "rank" && isJoker(v) && RANK_ARTICLE.test(before || "^")) out.push("el " + value(v, "rank"));
        else out.push(value(v, n[2]));
      }
      else {
        const [, name, how, branches] = n;
        const v = data[name];
        if (how === "plural") {
          const count = Math.trunc(Number(v));
          let key = "=" + count;
          if (!(key in branches)) key = count === 1 && "one" in branches ? "one" : "other";
          walk(branches[key], data, count, out);
        } else {
          const key = String(v); // true/false for booleans, as in Python
          walk(key in branches ? branches[key] : branches.other, data, number, out);
        }
      }
    }
  }

  function render(code, data) {
    const nodes = phrases.nodes[code];
    if (!nodes) throw new Error("no template " + code + " on the device");
    const out = [];
    walk(nodes, data, null, out);
    return out.join("").replace(CONTRACTED, (_, w) => CONTRACT[w]);
  }

  const shown = (p) => core.write(p.body) + (p.kickers.some((c) => c) ? " " + core.write(p.kickers) : "");

  function anatomy(p) {
    if (p.kind === "rocket") return render("play.anatomy_rocket", {});
    const kickers = core.write(p.kickers);
    return render("play.anatomy", {
      body: core.write(p.body),
      kickers,
      n_kickers: kickers.length,
      rank: SYMBOLS[p.rank],
      chain: p.chain,
    });
  }

  function verdictData(v, p, t) {
    if (v.reason === "different_kind") return { kind: p.kind, table_kind: t.kind };
    if (v.reason === "different_count") return { count: p.size, table_count: t.size };
    if (v.reason === "higher" || v.reason === "not_higher") {
      return { rank: SYMBOLS[p.rank], table_rank: SYMBOLS[t.rank], kickers: p.kickers.some((c) => c) };
    }
    return {};
  }

  // {ok, title, detail} for the cards `ranks` (notation) against the table's `table` ("" when leading).
  function describe(ranks, table) {
    const w = phrases.words;
    if (!ranks.trim()) return { ok: false, title: w.empty_title, detail: w.empty_detail };
    const p = core.analyzeText(ranks);
    if (p.kind === "invalid") {
      if (p.reason === "notation") return { ok: false, title: w.unreadable, detail: "" };
      return { ok: false, title: w.invalid, detail: cap(render("rejection." + p.reason, {})) + "." };
    }
    const title = cap(phrases.kinds[p.kind]);
    const detail = anatomy(p);
    if (!String(table || "").trim()) return { ok: true, title, detail };
    const t = core.analyzeText(table);
    if (t.kind === "invalid") return { ok: false, title, detail: "" };
    const v = core.compare(p, t);
    const why = render("verdict." + v.reason, verdictData(v, p, t));
    return { ok: v.beats, title, detail: render("play.against", { detail, beats: v.beats, table: shown(t), why }) };
  }

  return { sayCards, render, describe };
};
