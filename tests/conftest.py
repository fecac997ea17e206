from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DDZ_CPU_DELAY", "0")

settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.register_profile("dev", deadline=None)
# `make mutation` runs every mutant against the same examples (and keeps no example database).
settings.register_profile("mutation", deadline=None, derandomize=True, database=None, max_examples=30)
settings.load_profile(os.environ.get("DDZ_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

collect_ignore = ["fakes"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The tutorial app on a free local port (CPUs move after 0.05 s), for one browser test module."""
    from tutorial.launch import running_app

    with running_app(DDZ_CPU_DELAY="0.05") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tutorial.launch import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
