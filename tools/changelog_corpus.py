"""Write the corpus line of CHANGELOG.md's newest section: ``Corpus: N cases, M rules, `sha256:…```.

    python tools/changelog_corpus.py            # rewrite the line (or add it under the heading)
    python tools/changelog_corpus.py --check    # exit 1 if the line does not name the current corpus

``make changelog`` runs the first. The hash is :func:`ddz.conformance.report.corpus_info`'s, the one
``run --format json`` prints and ``results.json`` records; the words after the line (what changed)
are the contributor's.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ddz.conformance.corpus import rule_ids
from ddz.conformance.report import corpus_info

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^Corpus: (?:\d+ cases, \d+ rules, )?`sha256:[0-9a-f]{64}`", re.M)
SECTION = re.compile(r"^## \[[^\]]+\].*$", re.M)


def corpus_line() -> str:
    """The line for the corpus as it is now."""
    info = corpus_info()
    return f"Corpus: {info['cases']} cases, {len(rule_ids())} rules, `{info['hash']}`"


def updated(text: str, line: str) -> str:
    """``text`` (a changelog) with the newest section's corpus line replaced by ``line``, or the line
    added under the section's heading when it has none."""
    first = SECTION.search(text)
    if first is None:
        raise ValueError("CHANGELOG.md has no '## [...]' section")
    after = SECTION.search(text, first.end())
    end = after.start() if after else len(text)
    found = LINE.search(text, first.end(), end)
    if found is not None:
        return text[: found.start()] + line + text[found.end() :]
    return text[: first.end()] + "\n\n" + line + "." + text[first.end() :]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only say whether the line is current")
    parser.add_argument("--file", type=Path, default=ROOT / "CHANGELOG.md")
    args = parser.parse_args(argv)
    text = args.file.read_text(encoding="utf-8")
    line = corpus_line()
    new = updated(text, line)
    if new == text:
        print(f"{args.file.name} names the current corpus: {line}")
        return 0
    if args.check:
        print(f"{args.file.name} does not name the current corpus; run make changelog ({line})")
        return 1
    args.file.write_text(new, encoding="utf-8")
    print(f"wrote {line} in {args.file.name}: now say below it what changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
