"""The sdist and the wheel: built as a release would be (the sdist from the work tree, the wheel
from the unpacked sdist), their contents checked, the wheel installed into a fresh venv and run
outside the repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOT_SOURCE = (".git", ".venv*", "site", "__pycache__", "*.egg-info", "build", "dist", "mutants", ".*_cache")


def _clean_env() -> dict[str, str]:
    """No path back to the repository: the installed wheel must stand on its own."""
    drop = {"PYTHONPATH", "DDZ_CORPUS", "VIRTUAL_ENV", "PYTHONHOME"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def _pip(*args: str, python: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "--python", str(python), "-q", "--disable-pip-version-check", *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240, env=_clean_env())
    assert proc.returncode == 0, proc.stderr[-2000:]


def _source_version() -> str:
    text = (ROOT / "ddz" / "__init__.py").read_text(encoding="utf-8")
    (version,) = re.findall(r'^__version__ = "([^"]+)"$', text, flags=re.M)
    return version


def _hook(backend: Path, hook: str, out: Path, cwd: Path) -> Path:
    """Call one PEP 517 hook of setuptools (the version pyproject.toml requires, from ``backend``)."""
    code = f"from setuptools import build_meta as b; print(b.{hook}({str(out)!r}))"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=cwd,
        env={**_clean_env(), "PYTHONPATH": str(backend)},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out / proc.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist built from a copy of the work tree, and the wheel built from that sdist."""
    base = tmp_path_factory.mktemp("dist")
    src = base / "src"  # a copy, so that no build/ or egg-info lands in the work tree
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    backend = base / "backend"
    _pip("install", "--target", str(backend), "setuptools>=77", python=Path(sys.executable))
    dist = base / "dist"
    dist.mkdir()
    sdist = _hook(backend, "build_sdist", dist, src)
    with tarfile.open(sdist) as tar:
        tar.extractall(base / "unpacked", filter="data")
    (unpacked,) = (base / "unpacked").iterdir()
    wheel = _hook(backend, "build_wheel", dist, unpacked)
    return sdist, wheel


@pytest.fixture(scope="module")
def venv(dists: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the freshly built ddz wheel and the runner's two dependencies."""
    env_dir = tmp_path_factory.mktemp("wheel") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    python = env_dir / "bin" / "python"
    _pip("install", "--no-deps", str(dists[1]), python=python)
    _pip("install", "pyyaml>=6", "jsonschema>=4.20", python=python)
    return env_dir


def _corpus_files() -> set[str]:
    data = ROOT / "ddz" / "conformance" / "data"
    return {
        str(p.relative_to(ROOT))
        for p in data.rglob("*")
        if p.is_file() and (p.suffix in (".md", ".json", ".yaml")) and "__pycache__" not in p.parts
    }


def test_the_sdist_is_minimal_and_complete(dists: tuple[Path, Path]) -> None:
    """What builds the wheel, the licence and the changelog: no tests, tools, app or docs."""
    with tarfile.open(dists[0]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    top = {n.split("/", 1)[0] for n in names}
    assert top == {
        "CHANGELOG.md", "LICENSE", "MANIFEST.in", "PKG-INFO", "README.md", "ddz", "ddz.egg-info",
        "pyproject.toml", "setup.cfg",
    }  # fmt: skip
    sources = {str(p.relative_to(ROOT)) for p in (ROOT / "ddz").rglob("*.py")} | {"ddz/py.typed"}
    assert sources | _corpus_files() <= names, "the sdist lacks files of the package"


def test_the_wheel_holds_the_package_typed_with_its_corpus_and_licence(dists: tuple[Path, Path]) -> None:
    version = _source_version()
    with zipfile.ZipFile(dists[1]) as whl:
        names = set(whl.namelist())
        meta = whl.read(f"ddz-{version}.dist-info/METADATA").decode()
    info = f"ddz-{version}.dist-info"
    assert {n.split("/", 1)[0] for n in names} == {"ddz", info}, "only the package and its metadata"
    assert not {n for n in names if re.match(r"(tests|tools|benchmarks|tutorial|docs|conformance)/", n)}
    assert "ddz/py.typed" in names and f"{info}/licenses/LICENSE" in names
    assert _corpus_files() <= names, "the corpus, its rules, schemas and report ship in the wheel"
    assert f"\nVersion: {version}\n" in meta and "\nLicense-Expression: MIT\n" in meta
    # ddz/peers/ is there on purpose: `ddz-conformance report` runs those adapters (their
    # libraries are the optional `peers` extra, imported only when an adapter starts).
    assert "ddz/peers/rlcard_impl.py" in names


def test_the_installed_commands_print_the_one_version(venv: Path, tmp_path: Path) -> None:
    version = _source_version()
    for cmd, want in (
        ("ddz", f"ddz {version}"),
        ("ddz-conformance", f"ddz-conformance {version} (protocol 1)"),
    ):
        proc = subprocess.run(
            [str(venv / "bin" / cmd), "--version"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=_clean_env(),
        )
        assert (proc.returncode, proc.stdout) == (0, want + "\n")


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
