"""The wheel carries the corpus: built, installed into a fresh venv, run outside the repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _clean_env() -> dict[str, str]:
    """No path back to the repository: the installed wheel must stand on its own."""
    drop = {"PYTHONPATH", "DDZ_CORPUS", "VIRTUAL_ENV", "PYTHONHOME"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def _pip(*args: str, python: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "--python", str(python), "-q", "--disable-pip-version-check", *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240, env=_clean_env())
    assert proc.returncode == 0, proc.stderr[-2000:]


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the freshly built ddz wheel and the runner's two dependencies."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"  # build from a copy, so that no build/ or egg-info lands in the work tree
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "ddz", src / "ddz", ignore=shutil.ignore_patterns("__pycache__"))
    dist = base / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(src)],
        capture_output=True,
        text=True,
        timeout=240,
        env=_clean_env(),
    )
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = dist.glob("ddz-*.whl")
    env_dir = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    python = env_dir / "bin" / "python"
    _pip("install", "--no-deps", str(wheel), python=python)
    _pip("install", "pyyaml>=6", "jsonschema>=4.20", python=python)
    return env_dir


def _run(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(venv / "bin" / "ddz-conformance"), *args],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=cwd,
        env=_clean_env(),
    )


def test_installed_wheel_runs_the_whole_corpus_from_anywhere(venv: Path, tmp_path: Path) -> None:
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import ddz; print(ddz.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_clean_env(),
        check=True,
    ).stdout
    assert where.startswith(str(venv)), f"ddz imported from {where!r}, not from the wheel"
    proc = _run(venv, "run", "--impl", f"{venv / 'bin' / 'python'} -m ddz.protocol", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    last = proc.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"(\d+) passed, (\d+) failed, (\d+) skipped, (\d+) errored", last)
    assert m, last
    passed, failed, skipped, errored = map(int, m.groups())
    assert passed > 100 and failed == errored == skipped == 0
    assert _run(venv, "check", cwd=tmp_path).returncode == 0


def test_a_run_that_finds_no_case_is_an_error(venv: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    (empty / "cases").mkdir(parents=True)
    proc = _run(venv, "run", "--corpus", str(empty), cwd=tmp_path)
    assert proc.returncode == 2
    assert "no cases under" in proc.stderr and "passed" not in proc.stdout
    proc = _run(venv, "run", "--run", "no.such.case*", cwd=tmp_path)
    assert proc.returncode == 2 and "none of the" in proc.stderr
