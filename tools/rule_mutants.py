"""Rule mutants: for every rule of the index with a site in the engine, a one-line change that
breaks that rule, and the fast engine and corpus tests that must notice (``make mutants-rules``).

    .venv/bin/python tools/rule_mutants.py                 # every mutant, the table by rule
    .venv/bin/python tools/rule_mutants.py --rule R-SCORE-4  # only that rule's mutants
    .venv/bin/python tools/rule_mutants.py --path ddz/moves.py  # only the generator's mutants
    .venv/bin/python tools/rule_mutants.py --list          # the mutants, nothing run

Each mutant is applied to a temporary copy of the tree (``ddz/``, ``tests/``, ``pyproject.toml``,
``README.md``, ``docs/``), never to the working tree, and the tests run there with a time budget
per mutant:

    pytest -x -q -m "(engine or conformance) and not slow" -p no:cacheprovider -n 0 \
        tests/test_corpus.py tests/test_spring_and_rocket.py tests/test_follow_branches.py tests \
        --ignore (peers, report, wheel, arena…)

(the corpus first: most mutants die there in a second). A mutant is *killed* when pytest fails,
*survived* when it passes, *timeout* when the budget runs out (counted apart, not as killed).
Rules of the app (UI-*, the app's D-*) and rules that are a property of the data rather than a
line of code (R-SUIT-1, R-SCORE-8, V-AUCTION-003) are listed with no site.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Mutant:
    rule: str
    path: str
    old: str
    new: str
    after: str = ""
    """Search ``old`` from the first occurrence of this text (when ``old`` is not unique)."""

    def apply(self, text: str) -> str:
        start = text.index(self.after) if self.after else 0
        at = text.index(self.old, start)
        if not self.after and text.count(self.old) != 1:
            raise ValueError(f"{self.rule}: {self.old!r} is not unique in {self.path}")
        line_start = text.rfind("\n", 0, at) + 1
        line_end = text.find("\n", at + len(self.old))
        if "\n" in text[line_start:line_end]:
            raise ValueError(f"{self.rule}: the mutation must stay on one line")
        return text[:at] + self.new + text[at + len(self.old) :]


# fmt: off
MUTANTS: tuple[Mutant, ...] = (
    Mutant("R-DECK-1", "ddz/cards.py", "MAX_COPIES = (4,) * 13 + (1, 1)", "MAX_COPIES = (4,) * 13 + (1, 2)"),
    Mutant("R-ORDER-1", "ddz/ranks.py", 'RANKS = "3456789TJQKA2BR"', 'RANKS = "3456789TJKQA2BR"'),
    Mutant("R-ORDER-2", "ddz/compare.py", "if p.rank > t.rank:", "if p.rank > t.rank or (p.rank, t.rank) == (11, 12):"),
    Mutant("R-WILD-1", "ddz/moves.py", "return list(compress(POW[lo + 1 : NUM_RANKS], c[lo + 1 : NUM_RANKS]))", "return list(compress(POW[lo + 1 : TWO + 1], c[lo + 1 : TWO + 1]))"),
    Mutant("R-DEAL-1", "ddz/codes.py", "_sorted_ids(deck[s:51:3])", "_sorted_ids(deck[17 * s : 17 * s + 17])"),
    Mutant("R-PLAYERS-1", "ddz/game.py", "self.turn = (seat + 1) % 3", "self.turn = (seat + 1) % 4", after="def _pass"),
    Mutant("R-BID-1", "ddz/codes.py", "first = rng.next() % 3", "first = rng.next() % 3 * 0"),
    Mutant("R-BID-2", "ddz/game.py", "if best != 3 and len(auction) < 3:", "if best != 3 and len(auction) < 2:"),
    Mutant("R-BID-3", "ddz/game.py", "if bid <= best:", "if bid < best:"),
    Mutant("R-BID-4", "ddz/game.py", "if best != 3 and len(auction) < 3:", "if len(auction) < 3:"),
    Mutant("R-BID-5", "ddz/game.py", 'return ("landlord", auction.index(best), best)', 'return ("landlord", len(auction) - 1, best)'),
    Mutant("R-BID-6", "ddz/game.py", 'return ("redeal", 0, 0)', 'return ("forced", 0, 1)'),
    Mutant("R-BID-7", "ddz/game.py", "redeals >= variant.max_redeals:", "redeals > variant.max_redeals:"),
    Mutant("R-BID-8", "ddz/game.py", "sorted(self.hands[seat] + list(self.kitty), key=deck_position)", "sorted(self.hands[seat], key=deck_position)"),
    Mutant("R-BID-9", "ddz/game.py", "self.landlord, self.base = seat, base", "self.landlord, self.base = seat, 1"),
    Mutant("R-KIND-0", "ddz/game.py", "if isinstance(play, Rejection):", "if False:", after="def _play"),
    Mutant("R-KIND-1", "ddz/plays.py", "for m in range(1, MAX_COPIES[r] + 1):", "for m in range(2, MAX_COPIES[r] + 1):"),
    Mutant("R-KIND-2", "ddz/plays.py", 'out[pack(c)] = _make(("single", "pair", "trio", "bomb")[m - 1]', 'out[pack(c)] = _make(("single", "single", "trio", "bomb")[m - 1]'),
    Mutant("R-KIND-3", "ddz/plays.py", 'out[pack(c)] = _make(("single", "pair", "trio", "bomb")[m - 1]', 'out[pack(c)] = _make(("single", "pair", "pair", "bomb")[m - 1]'),
    Mutant("R-KIND-4", "ddz/plays.py", "kind = Kind.TRIO_SINGLE if k == 1 else Kind.AIRPLANE_SINGLES", "kind = Kind.TRIO_PAIR if k == 1 else Kind.AIRPLANE_SINGLES"),
    Mutant("R-KIND-5", "ddz/plays.py", "kind = Kind.TRIO_PAIR if k == 1 else Kind.AIRPLANE_PAIRS", "kind = Kind.TRIO_SINGLE if k == 1 else Kind.AIRPLANE_PAIRS"),
    Mutant("R-KIND-6", "ddz/plays.py", "CHAIN_MIN: dict[int, int] = {1: 5, 2: 3, 3: 2}", "CHAIN_MIN: dict[int, int] = {1: 6, 2: 3, 3: 2}"),
    Mutant("R-KIND-7", "ddz/plays.py", "CHAIN_MIN: dict[int, int] = {1: 5, 2: 3, 3: 2}", "CHAIN_MIN: dict[int, int] = {1: 5, 2: 4, 3: 2}"),
    Mutant("R-KIND-8", "ddz/plays.py", "CHAIN_MIN: dict[int, int] = {1: 5, 2: 3, 3: 2}", "CHAIN_MIN: dict[int, int] = {1: 5, 2: 3, 3: 3}"),
    Mutant("R-KIND-9", "ddz/plays.py", "kind = Kind.TRIO_SINGLE if k == 1 else Kind.AIRPLANE_SINGLES", "kind = Kind.TRIO_SINGLE if k == 1 else Kind.AIRPLANE_PAIRS"),
    Mutant("R-KIND-10", "ddz/plays.py", "kind = Kind.TRIO_PAIR if k == 1 else Kind.AIRPLANE_PAIRS", "kind = Kind.TRIO_PAIR if k == 1 else Kind.AIRPLANE_SINGLES"),
    Mutant("R-KIND-11", "ddz/plays.py", "kind = Kind.FOUR_TWO_SINGLES if singles else Kind.FOUR_TWO_PAIRS", "kind = Kind.FOUR_TWO_PAIRS if singles else Kind.FOUR_TWO_PAIRS"),
    Mutant("R-KIND-12", "ddz/plays.py", "kind = Kind.FOUR_TWO_SINGLES if singles else Kind.FOUR_TWO_PAIRS", "kind = Kind.FOUR_TWO_SINGLES if singles else Kind.FOUR_TWO_SINGLES"),
    Mutant("R-KIND-13", "ddz/plays.py", 'out[pack(c)] = _make(("single", "pair", "trio", "bomb")[m - 1]', 'out[pack(c)] = _make(("single", "pair", "trio", "four_two_singles")[m - 1]'),
    Mutant("R-KIND-14", "ddz/plays.py", 'out[pack(rocket)] = _make("rocket", rocket', 'out[pack(rocket)] = _make("pair", rocket'),
    Mutant("R-ONE-1", "ddz/moves.py", "map(eq, _COPIES[4], c[lo + 1 : TWO + 1])", "map(le, _COPIES[3], c[lo + 1 : TWO + 1])"),
    Mutant("R-ONE-2", "ddz/plays.py", "threes = [r for r in range(TWO + 1) if c[r] == 3] if trios else []", "threes = [r for r in range(TWO + 1) if c[r] >= 3] if trios else []"),
    Mutant("R-ONE-3", "ddz/plays.py", 'return "kicker_same_as_body"', 'return "kicker_repeated"'),
    Mutant("R-ONE-4", "ddz/plays.py", "for r, singles in _four_two(c, n, 2, False):", "for r, singles in _four_two(c, n, 2, True):"),
    Mutant("R-ONE-4", "ddz/plays.py", "for start, k, singles in _kicked(c, n, threes, CHAIN_TOP, 2, False):", "for start, k, singles in _kicked(c, n, threes, CHAIN_TOP, 3, False):"),
    Mutant("R-ONE-5", "ddz/plays.py", "return _readings(parsed.counts, len(parsed), _rules_for(Variant.parse(variant)))", "return _readings(parsed.counts, len(parsed), _Rules(max_kicker_repeat=3))"),
    Mutant("R-CHAIN-1", "ddz/plays.py", "CHAIN_TOP = ACE", "CHAIN_TOP = TWO"),
    Mutant("R-CMP-1", "ddz/compare.py", "if len(p.cards) != len(t.cards):", "if len(p.cards) < len(t.cards):"),
    Mutant("R-CMP-2", "ddz/compare.py", "if p.rank > t.rank:", "if (p.rank, p.cards.key) > (t.rank, t.cards.key):"),
    Mutant("R-CMP-3", "ddz/compare.py", 'if p.kind == "bomb" and t.kind != "bomb":', 'if p.kind == "bomb" and t.kind not in ("bomb", "straight"):'),
    Mutant("R-CMP-4", "ddz/compare.py", 'if p.kind == "rocket":', 'if p.kind == "rocket" and t.kind != "bomb":'),
    Mutant("R-CMP-4", "ddz/moves.py", "keys: list[int] = _bomb_gen(c, n, table.rank, None, v) if 4 in c else []", "return _bomb_gen(c, n, table.rank, None, v) if 4 in c else []"),
    Mutant("R-CMP-5", "ddz/compare.py", 'if t.kind == "bomb" and p.kind != "bomb":', 'if t.kind == "bomb" and p.kind not in ("bomb", "four_two_singles"):'),
    Mutant("R-TRICK-1", "ddz/game.py", "self.turn = seat", "self.turn = (seat + 1) % 3", after="def _make_landlord"),
    Mutant("R-TRICK-2", "ddz/game.py", "if self.leading:", "if False:", after="def _play"),
    Mutant("R-TRICK-3", "ddz/game.py", "if self.passes == 2:", "if self.passes == 3:"),
    Mutant("R-WIN-1", "ddz/game.py", "if not self.hands[seat]:", "if len(self.hands[seat]) <= 1:"),
    Mutant("R-WIN-2", "ddz/game.py", "scores=score(self.base, len(self.doublings), landlord_wins, self.landlord),", "scores=score(self.base + (len(self.hands[(seat + 1) % 3]) > 15), len(self.doublings), landlord_wins, self.landlord),"),
    Mutant("R-SCORE-1", "ddz/game.py", "s = base * 2**doublings", "s = base + 2**doublings"),
    Mutant("R-SCORE-2", "ddz/game.py", 'if play.kind in ("bomb", "rocket"):', 'if play.kind == "bomb":'),
    Mutant("R-SCORE-3", "ddz/game.py", 'if play.kind in ("bomb", "rocket"):', 'if play.kind in ("bomb", "rocket") or play.kind.startswith("four"):'),
    Mutant("R-SCORE-4", "ddz/game.py", "farmers_played = sum(n for s, n in enumerate(self.plays_by_seat) if s != self.landlord)", "farmers_played = self.plays_by_seat[(self.landlord + 1) % 3]"),
    Mutant("R-SCORE-5", "ddz/game.py", "if not landlord_wins and self.plays_by_seat[self.landlord] == 1:", "if not landlord_wins and self.plays_by_seat[self.landlord] <= 2:"),
    Mutant("R-SCORE-6", "ddz/game.py", "antispring=DoublingReason.ANTISPRING in reasons,", "antispring=DoublingReason.ANTISPRING in reasons or DoublingReason.SPRING in reasons,"),
    Mutant("R-SCORE-7", "ddz/game.py", "pts[landlord] = 2 * s if landlord_wins else -2 * s", "pts[landlord] = s if landlord_wins else -2 * s"),
    Mutant("UI-CODE-1", "ddz/codes.py", "rng = SplitMix64(decode(code))", "rng = SplitMix64(decode(code) ^ 1)"),
    Mutant("D-EMPTY", "ddz/plays.py", 'return rejection("empty", "")', 'return rejection("no_pattern", "")'),
    Mutant("D-LIMIT", "ddz/plays.py", "if n > HAND_LIMIT:", "if n > HAND_LIMIT + 1:", after="def _standard"),
    Mutant("D-SEATS", "ddz/codes.py", "for s in range(3))", "for s in (1, 2, 0))"),
    Mutant("D-REDEAL", "ddz/codes.py", "tuple(_sorted_ids(deck[51:])), first, index)", "tuple(_sorted_ids(deck[51:])), first * (index == 0), index)"),
    Mutant("D-COUNTER", "ddz/game.py", "seen[r] += max(n - lord[r], 0)", "seen[r] += n"),
    Mutant("D-SHOWN", "ddz/plays.py", 'return f"{self.body} {self.kickers}" if self.kickers else str(self.body)', 'return f"{self.kickers} {self.body}" if self.kickers else str(self.body)'),
    # Generator mutants: one per follow branch of ddz/moves.py (follow_keys and the generator it
    # calls for each kind of table), each dropping the answers at an edge (a 2, a joker, the ace).
    Mutant("R-KIND-2", "ddz/moves.py", "compress(_P2[lo + 1 : TWO + 1], map(le, _COPIES[2], c[lo + 1 : TWO + 1]))", "compress(_P2[lo + 1 : TWO], map(le, _COPIES[2], c[lo + 1 : TWO]))"),
    Mutant("R-KIND-3", "ddz/moves.py", "compress(_P3[lo + 1 : TWO + 1], map(le, _COPIES[3], c[lo + 1 : TWO + 1]))", "compress(_P3[lo + 1 : TWO], map(le, _COPIES[3], c[lo + 1 : TWO]))"),
    Mutant("R-KIND-4", "ddz/moves.py", "spans = [(t, t) for t in range(lo + 1, TWO + 1) if c[t] >= 3]", "spans = [(t, t) for t in range(lo + 1, TWO + 1) if c[t] >= 3 and (pairs or t < TWO)]"),
    Mutant("R-ONE-4", "ddz/moves.py", "return [POW[r] for r in compress(_RANGE, c) if r not in exclude]", "return [POW[r] for r in compress(_RANGE, c) if r not in exclude and r <= TWO]"),
    Mutant("R-KIND-5", "ddz/moves.py", "spans = [(t, t) for t in range(lo + 1, TWO + 1) if c[t] >= 3]", "spans = [(t, t) for t in range(lo + 1, TWO + 1) if c[t] >= 3 and (not pairs or t < TWO)]"),
    Mutant("R-CHAIN-1", "ddz/moves.py", "return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap)]", "return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap) if m != 1 or b < ACE]"),
    Mutant("R-CHAIN-1", "ddz/moves.py", "return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap)]", "return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap) if m != 2 or b < ACE]"),
    Mutant("R-CHAIN-1", "ddz/moves.py", "return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap)]", "return [_CHAIN[m][a][b] for a, b in _chains(c, m, lo, length, cap) if m != 3 or b < ACE]"),
    Mutant("R-KIND-9", "ddz/moves.py", "spans = _chains(c, 3, lo, k, HAND_LIMIT)", "spans = [s for s in _chains(c, 3, lo, k, HAND_LIMIT) if pairs or s[1] < ACE]"),
    Mutant("R-KIND-10", "ddz/moves.py", "spans = _chains(c, 3, lo, k, HAND_LIMIT)", "spans = [s for s in _chains(c, 3, lo, k, HAND_LIMIT) if not pairs or s[1] < ACE]"),
    Mutant("R-KIND-11", "ddz/moves.py", "for f in range(lo + 1, TWO + 1):", "for f in range(lo + 1, TWO + pairs):"),
    Mutant("R-KIND-12", "ddz/moves.py", "for f in range(lo + 1, TWO + 1):", "for f in range(lo + 1, TWO + (not pairs)):"),
    Mutant("R-CMP-3", "ddz/moves.py", "compress(_P4[lo + 1 : TWO + 1], map(eq, _COPIES[4], c[lo + 1 : TWO + 1]))", "compress(_P4[lo + 1 : TWO], map(eq, _COPIES[4], c[lo + 1 : TWO]))"),
    Mutant("R-CMP-4", "ddz/moves.py", 'if kind == "rocket":', 'if kind == "rocket" and False:'),
    Mutant("R-CMP-1", "ddz/moves.py", "if length > min(cap, _MAX_CHAIN[m]):", "if length >= min(cap, _MAX_CHAIN[m]):"),
    Mutant("R-CMP-3", "ddz/moves.py", "if 4 in c:  # any bomb beats what is not a bomb", "if False:  # any bomb beats what is not a bomb"),
    Mutant("R-CMP-4", "ddz/moves.py", "keys.append(_ROCKET)", "pass", after="def follow_keys"),
    Mutant("V-FOUR-TWO-DISTINCT", "ddz/plays.py", "distinct_ok = not (R.four_two_distinct and max(rem) == 2)", "distinct_ok = True"),
    Mutant("V-JOKER-KICKERS", "ddz/plays.py", "jokers_together=variant.jokers_as_kickers,", "jokers_together=False,"),
    Mutant("V-TRIO-KICKERS", "ddz/plays.py", "max_kicker_repeat=3 if variant.trio_as_kickers else 2,", "max_kicker_repeat=2,"),
    Mutant("V-UNLIMITED-REDEALS", "ddz/variants.py", "return None if self.unlimited_redeals else 3", "return 3"),
)
# fmt: on

NO_SITE = {
    "R-SUIT-1": "suits are never represented: the engine counts ranks only",
    "R-SCORE-8": "a Game is one hand; nothing is carried between hands",
    "UI-COUNTER-1": "the app (tutorial/), tested by the browser tests",
    "UI-BAR-1": "the app (tutorial/), tested by the browser tests",
    "UI-SELECT-1": "the app (tutorial/), tested by the browser tests",
    "D-RAISED": "the app (tutorial/), tested by the browser tests",
    "D-URL": "the app (tutorial/), tested by the app tests",
    "D-HISTORY": "the app (tutorial/), tested by the app tests",
    "V-AUCTION-003": "a reading the engine does not implement (documented, not a flag)",
}

# Modules that test no rule and take most of the time (AI strength, peers, the packaged wheel,
# the runner's robustness against hostile processes).
IGNORED = (
    "test_peers.py", "test_peers_landlordai.py", "test_report.py", "test_wheel.py", "test_ai_arena.py",
    "test_cpu_levels.py", "test_reasons.py", "test_runner_zoo.py", "test_node_adapter.py",
    "test_hidden_info.py", "test_runner_hardening.py", "test_hostile_inputs.py",
)  # fmt: skip
COPIED = (
    "ddz",
    "tests",
    "tutorial",
    "truthcheck",
    "pyproject.toml",
    "README.md",
    "docs",
    "tools",
    "benchmarks",
    "conformance",
    "CHANGELOG.md",
    "CONTRIBUTING.md",
    "LICENSE",
    "Makefile",
    "mkdocs.yml",
)
"""What the fast tests read (a test of the project's files fails in a copy without them)."""


def rule_ids() -> list[str]:
    text = (ROOT / "ddz/conformance/data/rules.md").read_text(encoding="utf-8")
    return re.findall(r"^### ([A-Z]+-[A-Z0-9-]+)\s*$", text, flags=re.M)


def pytest_command(python: str) -> list[str]:
    cmd = [python, "-m", "pytest", "-x", "-q", "-m", "(engine or conformance) and not slow"]
    cmd += ["-p", "no:cacheprovider", "-n", "0", "tests/test_corpus.py", "tests/test_spring_and_rocket.py"]
    cmd += ["tests/test_follow_branches.py", "tests"]
    return cmd + [f"--ignore=tests/{m}" for m in IGNORED]


def run_mutant(m: Mutant | None, python: str, budget: float) -> tuple[str, float]:
    """``killed``, ``survived`` or ``timeout``, and the seconds it took (``m`` None: the tree as
    it is, which must survive)."""
    with tempfile.TemporaryDirectory(prefix="ddz-mutant-") as tmp:
        work = Path(tmp)
        for name in COPIED:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif src.exists():
                shutil.copy2(src, work / name)
        if m is not None:
            target = work / m.path
            target.write_text(m.apply(target.read_text(encoding="utf-8")), encoding="utf-8")
        env = dict(
            os.environ, PYTHONPATH=str(work), DDZ_HYPOTHESIS_PROFILE="mutation", PYTHONDONTWRITEBYTECODE="1"
        )
        env.pop("DDZ_CORPUS", None)
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(
                pytest_command(python), cwd=work, env=env, capture_output=True, timeout=budget,
                start_new_session=True,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return "timeout", time.perf_counter() - t0
        took = time.perf_counter() - t0
        if proc.returncode == 0:
            return "survived", took
        if m is None:
            sys.stdout.write(proc.stdout.decode("utf-8", "replace")[-3000:])
        # 1 = a test failed; 2 = interrupted or a collection error (the mutant breaks an import):
        # either way the suite did not pass with the rule broken. The baseline run shows that the
        # unmutated tree passes, so a failure here is the mutant's doing.
        return "killed", took


def stale_mutants() -> list[str]:
    """Mutants that no longer apply to the current tree (their line changed): each must be
    rewritten against the new code, or the rule it guards goes unguarded."""
    out = []
    for m in MUTANTS:
        try:
            text = (ROOT / m.path).read_text(encoding="utf-8")
            if m.apply(text) == text:
                out.append(f"{m.rule}: the mutation changes nothing in {m.path}")
        except (OSError, ValueError) as e:
            out.append(f"{m.rule}: {m.old!r} no longer applies to {m.path} ({e})")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rule", action="append", help="only the mutants of this rule id")
    ap.add_argument("--path", action="append", help="only the mutants of this file (ddz/moves.py)")
    ap.add_argument("--budget", type=float, default=240.0, help="seconds per mutant (default 240)")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--python", default=sys.executable)
    args = ap.parse_args(argv)
    ids = rule_ids()
    unknown = {m.rule for m in MUTANTS} - set(ids)
    assert not unknown, f"mutants of rules not in the index: {unknown}"
    stale = stale_mutants()
    if stale:
        print("\n".join(stale), file=sys.stderr)
        return 2
    chosen = [
        m
        for m in MUTANTS
        if (not args.rule or m.rule in args.rule) and (not args.path or m.path in args.path)
    ]
    if args.list:
        for m in chosen:
            print(f"{m.rule:22} {m.path}: {m.old!r} -> {m.new!r}")
        return 0
    status, took = run_mutant(None, args.python, args.budget)
    print(f"baseline (no mutant): {status} in {took:.1f} s", flush=True)
    if status != "survived":
        print("the unmutated tree must pass these tests first")
        return 2
    by_rule: dict[str, list[str]] = defaultdict(list)
    for i, m in enumerate(chosen, 1):
        status, took = run_mutant(m, args.python, args.budget)
        by_rule[m.rule].append(status)
        print(
            f"[{i}/{len(chosen)}] {m.rule:22} {status:8} {took:6.1f} s  {m.path}: {m.new.strip()[:70]}",
            flush=True,
        )
    print()
    print(f"| {'rule':22} | killed/total | notes |")
    print(f"|{'-' * 24}|--------------|-------|")
    total = killed = 0
    for rid in ids:
        if rid in by_rule:
            got = by_rule[rid]
            k = got.count("killed")
            total += len(got)
            killed += k
            note = ", ".join(f"{s}" for s in got if s != "killed")
            print(f"| {rid:22} | {k}/{len(got):<10} | {note} |")
        elif not args.rule and not args.path:
            print(f"| {rid:22} | —            | no site: {NO_SITE.get(rid, 'no mutant')} |")
    print(f"\nkilled {killed}/{total} mutants")
    return 0 if killed == total else 1


if __name__ == "__main__":
    sys.exit(main())
