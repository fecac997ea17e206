"""The bar on the device says what the server says.

The card widget names the raised play and whether it beats the table in the browser, with the
JavaScript core the conformance suite checks (``conformance/adapters/node/ddz_core.js``) and the
catalog's templates the server hands it (:func:`tutorial.logic.device_phrases`). Here Node runs
those very files (the ones the widget inlines) on many selections — every kind, every reason a
selection is no play, plays that beat the table and plays that do not — and each answer must be
the server's :func:`tutorial.logic.describe`, word for word.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from ddz.cards import Cards
from ddz.compare import compare
from ddz.conformance.corpus import load_cases
from ddz.moves import legal_plays
from ddz.plays import KINDS, Play, analyze
from tutorial.logic import describe, device_phrases

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None and not os.environ.get("CI"), reason="needs node (CI installs it: .ci/run)"
)
DRIVER = """
const core = require(process.argv[1]);
const makeBar = require(process.argv[2]);
const { phrases, cases } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const bar = makeBar(core, phrases);
console.log(JSON.stringify(cases.map(([ranks, table]) => bar.describe(ranks, table))));
"""


def device(cases: list[tuple[str, str]]) -> list[dict[str, object]]:
    """The device's bar for each (selection, table), from the files the widget inlines."""
    from tutorial.widget import BAR_FILE, CORE_FILE

    assert NODE, "node is missing on a CI machine: .ci/run must install nodejs"
    proc = subprocess.run(
        [NODE, "-e", DRIVER, str(CORE_FILE), str(BAR_FILE)],
        input=json.dumps({"phrases": device_phrases(), "cases": cases}),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    got: list[dict[str, object]] = json.loads(proc.stdout)
    return got


DECK = [r for r in "3456789TJQKA2" for _ in range(4)] + ["B", "R"]


def selections(rng: random.Random) -> list[str]:
    """Raised cards as the widget sends them (the ranks of the cards, in hand order)."""
    # one of each reason a selection is no play, written from the rules
    out = [
        "JQKA2",
        "TJQKAB",
        "3456",
        "3344",
        "34578",
        "444455",
        "3334",
        "33344422",
        "3333BR",
        "333444BR",
        "35",
    ]
    for case in load_cases():  # every selection of the corpus's classify cases
        if case.op == "classify" and not case.variants:
            try:
                out.append(str(Cards(case.input["cards"])))
            except ValueError:
                continue
    for _ in range(1500):  # any handful of a hand
        out.append(str(Cards("".join(rng.sample(DECK, rng.randint(1, 20))))))
    for _ in range(1500):  # runs and groups, near a play: chains, trios with kickers, bombs
        lo, k, w = rng.randint(0, 12), rng.randint(1, 7), rng.randint(1, 4)
        run = "".join(r * w for r in "3456789TJQKA2"[lo : lo + k])
        extra = "".join(rng.sample(DECK, rng.randint(0, 4)))
        try:
            out.append(str(Cards(run + extra)))
        except ValueError:
            continue
    return out


def test_device_bar_says_what_the_server_says() -> None:
    rng = random.Random(27)
    chosen = selections(rng)
    tables = ["", "3", "22", "B", "R", "BR", "2222", "3333", "KKK3", "QQQR", "34567", "334455", "33344455",
              "TTTJJJQQ", "444455", "44445566", "99944", "78910JQ", "AA"]  # fmt: skip
    cases = [(c, rng.choice(tables)) for c in chosen]
    # every kind of play, against a table it beats, one it does not and no table
    for _ in range(60):
        cards = Cards("".join(rng.sample(DECK, 20)))
        plays = legal_plays(cards)
        for p in rng.sample(plays, min(8, len(plays))):
            t = rng.choice(plays)
            cases += [(str(p.cards), str(t.cards)), (str(t.cards), str(p.cards)), (str(p.cards), "")]
    cases += [("", ""), ("", "KKK3")]
    got = device(cases)
    wrong = []
    for (ranks, table), d in zip(cases, got, strict=True):
        b = describe(ranks, table)
        if (d["ok"], d["title"], d["detail"]) != (b.ok, b.title, b.detail):
            wrong.append((ranks, table, d, (b.ok, b.title, b.detail)))
    assert not wrong, wrong[:5]
    # the sample covers what it claims: every kind, every reason, both verdicts
    kinds = Counter(a.kind for c, _ in cases if isinstance(a := analyze(c), Play))
    assert set(kinds) == set(KINDS), set(KINDS) - set(kinds)
    reasons = {r.reason for c, _ in cases if c and not isinstance(r := analyze(c), Play)}
    assert reasons >= {
        "two_in_chain", "joker_in_chain", "straight_too_short", "pair_straight_too_short", "not_consecutive",
        "four_split", "kicker_same_as_body", "kicker_repeated", "jokers_as_kickers", "no_pattern",
    }  # fmt: skip
    verdicts = Counter(compare(c, t).reason for c, t in cases if t and isinstance(analyze(c), Play))
    assert {"higher", "not_higher", "different_kind", "different_count", "bomb", "rocket",
            "table_is_bomb", "nothing_beats_rocket"} <= set(verdicts)  # fmt: skip


def test_device_bar_fails_loudly_on_a_missing_template() -> None:
    """A sentence the server did not hand over is an error on the device, never a made-up text."""
    phrases = device_phrases()
    assert "play.anatomy" in phrases["nodes"]
    from tutorial.widget import BAR_FILE, CORE_FILE

    assert NODE
    proc = subprocess.run(
        [NODE, "-e", DRIVER, str(CORE_FILE), str(BAR_FILE)],
        input=json.dumps({"phrases": {**phrases, "nodes": {}}, "cases": [["KKK3", ""]]}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode != 0 and "play.anatomy" in proc.stderr
