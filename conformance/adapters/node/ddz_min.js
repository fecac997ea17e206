#!/usr/bin/env node
// ddz-min-js: a minimal, independent Dou Dizhu implementation of the conformance protocol
// (version 1) in plain JavaScript for Node >= 18, with no dependencies. It answers `classify`
// and `beats` from its own code and `skipped` for every other op, to show that the protocol is
// language-neutral. Run: ddz-conformance run --impl "node conformance/adapters/node/ddz_min.js"
"use strict";

const readline = require("node:readline");

const RANKS = "3456789TJQKA2BR"; // index 0..14; A = 11, 2 = 12, B = 13, R = 14
const ACE = 11;
const BLACK = 13;
const RED = 14;
const MAX_CARDS = 20; // D-LIMIT: no hand ever holds more
const SEPARATORS = " ,-\t";

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

const play = (kind, rank, chain, size) => ({ kind, rank, chain, size });
const invalid = (reason) => ({ kind: "invalid", reason });

// The longest run of ranks with at least `width` copies ending at `top` (chains stop at the ace).
function runDown(counts, top, width) {
  let n = 0;
  while (top - n >= 0 && counts[top - n] >= width) n++;
  return n;
}

// A pure chain: every present rank has exactly `width` copies and they are consecutive.
function pureChain(counts, width, minLength) {
  const present = [];
  counts.forEach((c, r) => {
    if (c) present.push(r);
  });
  if (!present.every((r) => counts[r] === width)) return null;
  const low = present[0];
  const top = present[present.length - 1];
  if (top - low + 1 !== present.length || present.length < minLength) return null;
  if (top > ACE) return { reason: top >= BLACK ? "joker_in_chain" : "two_in_chain" };
  return { top, length: present.length };
}

// Kickers left once a body is taken: no body rank among them, no rank more than twice,
// never both jokers; for pair kickers, whole pairs of distinct ranks.
function kickersOk(rest, body, pairs) {
  for (let r = 0; r < rest.length; r++) {
    if (!rest[r]) continue;
    if (body.includes(r)) return "kicker_same_as_body";
    if (rest[r] > 2) return "kicker_repeated";
    if (pairs && rest[r] !== 2) return "no_pattern";
  }
  if (rest[BLACK] && rest[RED]) return "jokers_as_kickers";
  return null;
}

function classify(counts) {
  const size = counts.reduce((a, b) => a + b, 0);
  if (size === 0) return invalid("empty");
  if (size > MAX_CARDS) return invalid("too_many");
  const ranks = [];
  counts.forEach((c, r) => {
    if (c) ranks.push(r);
  });
  if (size === 2 && counts[BLACK] && counts[RED]) return play("rocket", "R", 1, size);
  if (ranks.length === 1) {
    const kinds = [null, "single", "pair", "trio", "bomb"];
    return play(kinds[size], RANKS[ranks[0]], 1, size);
  }
  for (const [width, kind, min] of [
    [1, "straight", 5],
    [2, "pair_straight", 3],
    [3, "airplane", 2],
  ]) {
    const chain = pureChain(counts, width, min);
    if (chain && chain.reason) return invalid(chain.reason);
    if (chain) return play(kind, RANKS[chain.top], chain.length, size);
  }
  const fours = ranks.filter((r) => counts[r] === 4);
  if (fours.length > 1) return invalid("four_split");
  let reason = "no_pattern";
  // Trio-based bodies with kickers: a run of `length` trios plus one single or pair per trio.
  for (const [kicker, per] of [
    [1, 4],
    [2, 5],
  ]) {
    if (size % per !== 0) continue;
    const length = size / per;
    for (let top = ACE; top >= 0; top--) {
      if (length > 1 && runDown(counts, top, 3) < length) continue;
      if (length === 1 && counts[top] < 3) continue;
      const body = [];
      for (let r = top - length + 1; r <= top; r++) body.push(r);
      if (length === 1 && top > ACE) continue;
      const rest = counts.slice();
      body.forEach((r) => (rest[r] -= 3));
      const why = kickersOk(rest, body, kicker === 2);
      if (!why) {
        const kinds = length === 1 ? ["trio_single", "trio_pair"] : ["airplane_singles", "airplane_pairs"];
        return play(kinds[kicker - 1], RANKS[top], length, size);
      }
      reason = why;
    }
  }
  // A single trio of a 2 with a kicker (the loop above stops at the ace for chains only).
  if (counts[12] === 3 && (size === 4 || size === 5)) {
    const rest = counts.slice();
    rest[12] -= 3;
    const why = kickersOk(rest, [12], size === 5);
    if (!why) return play(size === 4 ? "trio_single" : "trio_pair", "2", 1, size);
    reason = why;
  }
  if (fours.length === 1 && (size === 6 || size === 8)) {
    const rest = counts.slice();
    rest[fours[0]] = 0;
    const why = kickersOk(rest, fours, size === 8);
    if (!why) return play(size === 6 ? "four_two_singles" : "four_two_pairs", RANKS[fours[0]], 1, size);
    return invalid(why);
  }
  if (fours.length === 1 && reason === "no_pattern") return invalid("four_split");
  return invalid(reason);
}

function classifyText(text) {
  try {
    return classify(parse(text));
  } catch (e) {
    if (e instanceof NotationError) return invalid("notation");
    throw e;
  }
}

function beats(playText, tableText) {
  const p = classifyText(playText);
  const t = classifyText(tableText);
  if (p.kind === "invalid" || t.kind === "invalid") return { beats: false, reason: "not_a_play" };
  if (t.kind === "rocket") return { beats: false, reason: "nothing_beats_rocket" };
  if (p.kind === "rocket") return { beats: true };
  if (p.kind === "bomb" && t.kind !== "bomb") return { beats: true };
  if (p.kind !== t.kind) return { beats: false, reason: "different_kind" };
  if (p.size !== t.size || p.chain !== t.chain) return { beats: false, reason: "different_count" };
  const higher = RANKS.indexOf(p.rank) > RANKS.indexOf(t.rank);
  return higher ? { beats: true } : { beats: false, reason: "not_higher" };
}

const OPS = {
  classify: (input) => {
    const { size, ...result } = classifyText(input.cards);
    return result;
  },
  beats: (input) => beats(input.play, input.table),
};

function answer(request) {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return { seq: null, errored: true, context: { message: "request must be a JSON object" } };
  }
  if (request.cmd === "start") {
    return {
      version: 1,
      implementation: { name: "ddz-min-js", version: "0.1.0", ops: Object.keys(OPS), language: "javascript" },
    };
  }
  if (request.cmd !== "run") {
    return { seq: null, errored: true, context: { message: `unknown cmd ${request.cmd}` } };
  }
  const seq = request.seq;
  const op = OPS[request.op];
  if (!op) return { seq, skipped: true, message: `ddz-min-js has no op ${request.op}` };
  try {
    return { seq, result: op(request.input || {}) };
  } catch (e) {
    return { seq, errored: true, context: { message: String(e && e.message ? e.message : e) } };
  }
}

function main() {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on("line", (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch (e) {
      process.stdout.write(JSON.stringify({ seq: null, errored: true, context: { message: "bad JSON" } }) + "\n");
      return;
    }
    if (request && request.cmd === "stop") {
      rl.close();
      process.exit(0);
    }
    process.stdout.write(JSON.stringify(answer(request)) + "\n");
  });
}

if (require.main === module) main();

module.exports = { classify: classifyText, beats };
