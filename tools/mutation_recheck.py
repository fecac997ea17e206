"""Re-check surviving mutants of code that runs at import time, which mutmut cannot reach.

mutmut switches mutants on at call time, after the tests are collected, so a mutant inside a
function that only runs while ``ddz.moves`` is imported (the generator factories
``_chain_gen``, ``_carrier_gen``, ``_four_gen`` and ``_chain_table``) always "survives". This
script applies each such mutant to the source of a scratch copy of the repository
(``mutmut apply``), runs the mutation test selection there and reports killed or survived.

    .venv/bin/python tools/mutation_recheck.py            # every import-time survivor
    .venv/bin/python tools/mutation_recheck.py NAME ...   # these mutants
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMPORT_TIME = (
    "ddz.moves.x__chain_gen_",
    "ddz.moves.x__carrier_gen_",
    "ddz.moves.x__four_gen_",
    "ddz.moves.x__chain_table_",
)


def survivors(mutmut: str) -> list[str]:
    out = subprocess.run([mutmut, "results"], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    names = [
        line.strip().rpartition(": ")[0] for line in out.splitlines() if line.strip().endswith(": survived")
    ]
    return [n for n in names if n.startswith(IMPORT_TIME)]


def pytest_args() -> list[str]:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    return [*conf["pytest_add_cli_args"], *conf["pytest_add_cli_args_test_selection"]]


def recheck(names: list[str], mutmut: str) -> dict[str, bool]:
    """mutant name → killed?"""
    killed: dict[str, bool] = {}
    with tempfile.TemporaryDirectory(prefix="ddz-recheck-") as tmp:
        scratch = Path(tmp) / "repo"
        shutil.copytree(ROOT, scratch, ignore=shutil.ignore_patterns(".venv", ".git", "site", "__pycache__"))
        pristine = {p: p.read_bytes() for p in (scratch / "ddz").glob("*.py")}
        for name in names:
            subprocess.run([mutmut, "apply", name], cwd=scratch, check=True, capture_output=True)
            run = subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", *pytest_args()],
                cwd=scratch,
                capture_output=True,
                env={"DDZ_HYPOTHESIS_PROFILE": "mutation", "PATH": "/usr/bin:/bin"},
            )
            killed[name] = run.returncode != 0
            print(f"{'killed' if killed[name] else 'SURVIVED'}: {name}", flush=True)
            for path, data in pristine.items():
                path.write_bytes(data)
    return killed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*", help="mutant names (default: every import-time survivor)")
    parser.add_argument("--mutmut", default=str(Path(sys.executable).with_name("mutmut")))
    args = parser.parse_args(argv)
    names = args.names or survivors(args.mutmut)
    if not names:
        print("no import-time survivors to re-check")
        return 0
    result = recheck(names, args.mutmut)
    print(f"{sum(result.values())} of {len(result)} killed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
