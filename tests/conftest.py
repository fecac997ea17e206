from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DDZ_CPU_DELAY", "0")

# No deadline and no `too_slow` health check: on a loaded box generating the examples is slow, which
# says nothing of the code under test; the sample sizes stay what each test asks for.
SLOW_OK = [HealthCheck.too_slow]
settings.register_profile(
    "ci", deadline=None, suppress_health_check=SLOW_OK, print_blob=True, derandomize=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=SLOW_OK)
# `make mutation` runs every mutant against the same examples (and keeps no example database).
settings.register_profile(
    "mutation", deadline=None, suppress_health_check=SLOW_OK, derandomize=True, database=None, max_examples=30
)
settings.load_profile(os.environ.get("DDZ_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

collect_ignore = ["fakes"]

# Every test module belongs to one group, a marker (`pytest -m engine`, `-m "not browser"`); a new
# module that is in no group stops the run at collection. Doctests (ddz/, docs/api, README) are engine.
GROUPS = {
    "engine": {
        "test_ai_arena", "test_api_inputs", "test_cards", "test_cli", "test_codes", "test_compare_by_kind",
        "test_core_edges", "test_cpu_levels", "test_quick_policy", "test_fast_classify", "test_game", "test_hidden_info",
        "test_hypothesis_profiles", "test_imports", "test_messages", "test_ops", "test_plays", "test_position", "test_public_api",
        "test_reasons", "test_diagnose", "test_spring_and_rocket", "test_records", "test_value_types",
        "test_rule_mutants", "test_endgame",
        "test_follow_branches", "test_fast_paths", "test_cpu_helpers", "test_arena_records", "test_recorded_figures",
        "test_templates",
    },
    "conformance": {
        "test_check", "test_corpus", "test_fuzz_harness", "test_node_adapter", "test_peers",
        "test_protocol_and_runner", "test_python_adapter", "test_runner_zoo", "test_wheel", "test_project_files",
        "test_docs_pages", "test_peers_landlordai", "test_report", "test_runner_hardening", "test_hostile_inputs",
        "test_schemas", "test_total_runner",
    },
    "app": {
        "test_annotated_hands", "test_app", "test_tutorial_logic", "test_review", "test_advice", "test_truth", "test_truth_retos", "test_spelling",
        "test_truthcheck_facts", "test_claims",
        "test_reference_claims", "test_retos", "test_device_bar", "test_tutorial_strings",
    },
    "browser": {
        "test_browser", "test_browser_play", "test_browser_trust", "test_browser_compliance",
        "test_browser_table", "test_browser_path", "test_browser_claims", "test_browser_retos",
        "test_browser_chaos", "test_browser_dock", "test_browser_a11y", "test_browser_instant", "test_browser_patience",
    },
}  # fmt: skip


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """A stale conformance report (the corpus changed since the peers last ran) is a warning here,
    with the command that refreshes it; `make report-check` is where it fails."""
    from ddz.conformance.report import stale_reasons

    try:
        problems = stale_reasons()
    except Exception as error:  # no results.json at all: the report tests say so
        problems = [f"results.json cannot be read ({error})"]
    if problems:
        terminalreporter.write_line(
            "warning: the conformance report is stale — run `make report` (`make report-check` fails on it): "
            + "; ".join(problems),
            yellow=True,
        )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--groups",
        default="",
        help="only these test groups (comma-separated, e.g. engine,conformance): the other modules are "
        "not even imported, so a venv without the app's or the browser's packages can run them",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    wanted = {g for g in str(config.getoption("--groups") or "").split(",") if g}
    if not wanted or collection_path.suffix != ".py" or collection_path.parent != Path(__file__).parent:
        return None
    if not collection_path.stem.startswith("test_"):
        return None
    group = next((g for g, mods in GROUPS.items() if collection_path.stem in mods), None)
    return True if group is not None and group not in wanted else None


FIRST = (
    "test_truth.py::test_every_sentence_of_sample_practice_hands_is_true",
    "test_browser_a11y.py::test_axe_finds_nothing_serious",
    "test_browser_play.py::test_whole_hand_every_play_is_the_raised_cards",
    "test_endgame.py::test_the_solver_agrees_with_the_brute_force_on_2000_positions",
    "test_browser_chaos.py::test_random_taps_never_break_a_whole_hand",
    "test_truthcheck_facts.py::test_can_be_beaten_by_unseen_agrees_with_every_split",
    "test_cpu_levels.py::test_playouts_skip_what_is_settled_and_choose_as_if_every_playout_were_played",
    "test_browser_a11y.py::test_a_whole_hand_with_the_keyboard_alone",
    "test_reasons.py::test_every_reason_is_true_over_many_hands",
    "test_cpu_levels.py::test_levels_are_deterministic_and_legal",
)
"""The longest tests of a full run (``--durations``), started first: xdist hands out tests in order, so a
worker that draws one of them late keeps the whole run waiting while the others are done."""


def _first_rank(item: pytest.Item) -> int:
    name = item.nodeid.removeprefix("tests/")
    return next((i for i, prefix in enumerate(FIRST) if name.startswith(prefix)), len(FIRST))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_first_rank)  # stable: every other test keeps its place
    for item in items:
        path = Path(str(item.path))
        if path.parent != Path(__file__).parent:
            item.add_marker("engine")
            continue
        group = next((g for g, mods in GROUPS.items() if path.stem in mods), None)
        if group is None:
            raise pytest.UsageError(f"{path.name} is in no test group: add it to GROUPS in tests/conftest.py")
        item.add_marker(group)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The tutorial app on a free local port (CPUs move after 0.05 s), one for all the browser tests
    of a test process (each browser session has its own state in it; a server start costs seconds)."""
    from tutorial.launch import running_app

    with running_app(DDZ_CPU_DELAY="0.05") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tutorial.launch import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium")
    # Every wait of the browser tests is bounded by the page's progress, not by a fixed allowance
    # (tests/patience.py): on a loaded machine the app is slow, and a wait goes on while it moves.
    from tests import patience

    patience.install()
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
