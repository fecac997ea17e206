#!/usr/bin/env node
// ddz-min-js: a minimal, independent Dou Dizhu implementation of the conformance protocol
// (version 1) in plain JavaScript for Node >= 18, with no dependencies. It answers `classify`
// and `beats` from its own core (ddz_core.js, the file the tutorial's card widget runs too) and
// `skipped` for every other op, to show that the protocol is language-neutral.
// Run: ddz-conformance run --impl "node conformance/adapters/node/ddz_min.js"
"use strict";

const readline = require("node:readline");
const core = require("./ddz_core.js");

const OPS = {
  classify: (input) => core.classify(input.cards),
  beats: (input) => core.beats(input.play, input.table),
};

function answer(request) {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return { seq: null, errored: true, context: { message: "request must be a JSON object" } };
  }
  if (request.cmd === "start") {
    return {
      version: 1,
      implementation: { name: "ddz-min-js", version: "0.2.0", ops: Object.keys(OPS), language: "javascript" },
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

module.exports = { classify: core.classify, beats: core.beats };
