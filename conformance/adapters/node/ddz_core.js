// ddz-core-js: the pure core of ddz-min-js (classify and beats), in plain JavaScript with no
// dependencies and no I/O. The same file runs in two places: Node's adapter (ddz_min.js, which the
// conformance suite checks against the corpus and fuzzes against ddz) and the tutorial's card
// widget, which inlines this very file to name the raised play on the device
// (tutorial/widget.py; tests/test_node_adapter.py checks it is the same bytes).
// Written from rules.md: a set of cards is read as every play the rules allow, and a set with no
// reading is explained by the first rule whose relaxation would make it one.
"use strict";

const RANKS = "3456789TJQKA2BR"; // index 0..14; A = 11, 2 = 12, B = 13, R = 14
const ACE = 11;
const TWO = 12;
const BLACK = 13;
const RED = 14;
const MAX_CARDS = 20; // D-LIMIT: no hand ever holds more
const SEPARATORS = " ,-\t";
const CHAIN_MIN = { 1: 5, 2: 3, 3: 2 }; // copies per rank -> fewest ranks of a chain
const CHAIN_KIND = { 1: "straight", 2: "pair_straight", 3: "airplane" };
const STANDARD = {
  chainTop: ACE, // R-CHAIN-1: chains stop at the ace
  minStraight: 5,
  minPairStraight: 3,
  kickerMayMatchBody: false, // R-ONE-3
  maxKickerRepeat: 2, // R-ONE-4
  jokersTogether: false, // R-ONE-4
};

class NotationError extends Error {}

// Notation: case-insensitive; spaces, commas and dashes ignored; "10" means T.
function parse(text) {
  const counts = new Array(RANKS.length).fill(0);
  const up = String(text).toUpperCase();
  for (let i = 0; i < up.length; i++) {
    const ch = up[i];
    if (SEPARATORS.includes(ch)) continue;
    let r;
    if (ch === "1" && up[i + 1] === "0") {
      r = RANKS.indexOf("T");
      i++;
    } else {
      r = RANKS.indexOf(ch);
      if (r < 0) throw new NotationError(`unknown symbol ${ch}`);
    }
    counts[r]++;
    if (counts[r] > (r >= BLACK ? 1 : 4)) throw new NotationError(`too many ${RANKS[r]}`);
  }
  return counts;
}

// Counts back to notation, low to high ("3KKK").
const write = (counts) => counts.map((c, r) => RANKS[r].repeat(c)).join("");
const sum = (a) => a.reduce((x, y) => x + y, 0);

function reading(kind, counts, body, rank, chain) {
  const kickers = counts.map((c, r) => c - body[r]);
  return { kind, rank, chain, size: sum(counts), body, kickers };
}

function singlesOk(rest, rules) {
  if (Math.max(...rest) > rules.maxKickerRepeat) return false;
  return rules.jokersTogether || !(rest[BLACK] && rest[RED]);
}

function pairsOk(rest, rules) {
  const limit = rules.maxKickerRepeat >= 4 ? 4 : 2;
  return rest.every((x) => x % 2 === 0 && x <= limit);
}

// Every reading of `counts` under `rules`.
function readings(counts, rules) {
  const n = sum(counts);
  const present = [];
  counts.forEach((c, r) => {
    if (c) present.push(r);
  });
  if (n === 2 && counts[BLACK] && counts[RED]) return [reading("rocket", counts, counts, RED, 1)];
  const out = [];
  if (present.length === 1) {
    const r = present[0];
    out.push(reading(["single", "pair", "trio", "bomb"][counts[r] - 1], counts, counts, r, 1));
  }
  // Plain chains: every present rank the same number of times, in a row.
  const heights = new Set(present.map((r) => counts[r]));
  if (heights.size === 1 && present.length >= 2) {
    const m = counts[present[0]];
    const lo = present[0];
    const hi = present[present.length - 1];
    const min = { 1: rules.minStraight, 2: rules.minPairStraight, 3: CHAIN_MIN[3] }[m] || 99;
    if (hi - lo === present.length - 1 && present.length >= min && hi <= rules.chainTop) {
      out.push(reading(CHAIN_KIND[m], counts, counts, hi, present.length));
    }
  }
  // Trios and airplanes with a single or a pair per trio.
  for (let k = 1; k <= Math.floor(n / 4); k++) {
    const singles = n === 4 * k;
    const pairs = n === 5 * k;
    if (!singles && !pairs) continue;
    const lastStart = k === 1 ? TWO : rules.chainTop - k + 1;
    for (let start = 0; start <= lastStart; start++) {
      let ok = true;
      for (let r = start; r < start + k; r++) if (counts[r] < 3) ok = false;
      if (!ok) continue;
      const body = counts.map((_, r) => (r >= start && r < start + k ? 3 : 0));
      const rest = counts.map((c, r) => c - body[r]);
      if (!rules.kickerMayMatchBody && body.some((b, r) => b && rest[r])) continue;
      const hi = start + k - 1;
      if (singles && singlesOk(rest, rules)) {
        out.push(reading(k === 1 ? "trio_single" : "airplane_singles", counts, body, hi, k));
      }
      if (pairs && pairsOk(rest, rules)) {
        out.push(reading(k === 1 ? "trio_pair" : "airplane_pairs", counts, body, hi, k));
      }
    }
  }
  // A bomb's four cards with two singles or two pairs.
  if (n === 6 || n === 8) {
    for (const r of present) {
      if (counts[r] !== 4) continue;
      const body = counts.map((_, q) => (q === r ? 4 : 0));
      const rest = counts.map((c, q) => c - body[q]);
      if (n === 6 && singlesOk(rest, rules)) out.push(reading("four_two_singles", counts, body, r, 1));
      if (n === 8 && pairsOk(rest, rules)) out.push(reading("four_two_pairs", counts, body, r, 1));
    }
  }
  return out;
}

// Several readings (only under a relaxed rule): the longest body, then the longest chain, the highest.
function pick(found) {
  const key = (p) => [sum(p.body), p.chain, p.rank];
  return found.reduce((best, p) => {
    const a = key(p);
    const b = key(best);
    for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i] ? p : best;
    return best;
  });
}

// Why counts with no reading are no play: the first rule whose relaxation would give a reading.
const RELAXATIONS = [
  [{ chainTop: RED }, "two_in_chain"],
  [{ minStraight: 3, minPairStraight: 2 }, "too_short"],
  [{ maxKickerRepeat: 4 }, "kicker_repeated"],
  [{ kickerMayMatchBody: true }, "kicker_same_as_body"],
  [{ jokersTogether: true }, "jokers_as_kickers"],
];

function diagnose(counts) {
  for (const [change, reason] of RELAXATIONS) {
    const found = readings(counts, { ...STANDARD, ...change });
    if (!found.length) continue;
    const p = pick(found);
    if (reason === "two_in_chain" && (p.body[BLACK] || p.body[RED])) return "joker_in_chain";
    if (reason === "too_short") return p.kind === "straight" ? "straight_too_short" : "pair_straight_too_short";
    if (reason === "kicker_repeated" && counts.includes(4)) return "four_split";
    return reason;
  }
  if (counts[TWO]) {
    // A learner may read the 2 as the card below the 3 (2-3-4-5-6).
    const low = [counts[TWO], ...counts.slice(0, TWO), ...counts.slice(BLACK)];
    if (readings(low, { ...STANDARD, chainTop: RED }).some((p) => p.chain > 1)) return "two_in_chain";
  }
  const present = counts.filter((c) => c);
  const heights = new Set(present);
  if (heights.size === 1 && present.length >= (CHAIN_MIN[present[0]] || 99)) return "not_consecutive";
  return "no_pattern";
}

// The play the counts make ({kind, rank, chain, size, body, kickers}; rank an index) or
// {kind: "invalid", reason}.
function analyze(counts) {
  const n = sum(counts);
  if (n === 0) return { kind: "invalid", reason: "empty" };
  if (n > MAX_CARDS) return { kind: "invalid", reason: "too_many" };
  const found = readings(counts, STANDARD);
  if (found.length) return pick(found);
  return { kind: "invalid", reason: diagnose(counts) };
}

function analyzeText(text) {
  try {
    return analyze(parse(text));
  } catch (e) {
    if (e instanceof NotationError) return { kind: "invalid", reason: "notation" };
    throw e;
  }
}

// The protocol's classify: {kind, rank: symbol, chain} or {kind: "invalid", reason}.
function classify(text) {
  const p = analyzeText(text);
  return p.kind === "invalid" ? p : { kind: p.kind, rank: RANKS[p.rank], chain: p.chain };
}

// Whether play `p` beats table `t` (two results of analyze), with the reason.
function compare(p, t) {
  if (p.kind === "invalid") return { beats: false, reason: "invalid_play" };
  if (t.kind === "invalid") return { beats: false, reason: "invalid_table" };
  if (t.kind === "rocket") return { beats: false, reason: "nothing_beats_rocket" };
  if (p.kind === "rocket") return { beats: true, reason: "rocket" };
  if (p.kind === "bomb" && t.kind !== "bomb") return { beats: true, reason: "bomb" };
  if (t.kind === "bomb" && p.kind !== "bomb") return { beats: false, reason: "table_is_bomb" };
  if (p.kind !== t.kind) return { beats: false, reason: "different_kind" };
  if (p.size !== t.size) return { beats: false, reason: "different_count" };
  return p.rank > t.rank ? { beats: true, reason: "higher" } : { beats: false, reason: "not_higher" };
}

const beats = (playText, tableText) => compare(analyzeText(playText), analyzeText(tableText));

module.exports = { RANKS, parse, write, analyze, analyzeText, classify, compare, beats, NotationError };
