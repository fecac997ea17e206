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
    found: list[str] = re.findall(r'^__version__ = "([^"]+)"$', text, flags=re.M)
    (version,) = found
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
    """The corpus the package reads: its rules, cases and schemas (not the generated report)."""
    data = ROOT / "ddz" / "conformance" / "data"
    found = {str(p.relative_to(ROOT)) for p in [data / "rules.md", *data.glob("cases/*/*.yaml")]}
    return found | {str(p.relative_to(ROOT)) for p in data.glob("schemas/*.json")}


def _package_sources() -> set[str]:
    return {str(p.relative_to(ROOT)) for p in (ROOT / "ddz").rglob("*.py") if "__pycache__" not in p.parts}


def test_the_sdist_is_minimal_and_complete(dists: tuple[Path, Path]) -> None:
    """What builds the wheel, the licence and the changelog: no tests, tools, app or docs."""
    with tarfile.open(dists[0]) as tar:
        names = {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile() and "/" in m.name}
    top = {n.split("/", 1)[0] for n in names}
    assert top == {
        "CHANGELOG.md", "LICENSE", "MANIFEST.in", "PKG-INFO", "README.md", "ddz", "ddz.egg-info",
        "pyproject.toml", "setup.cfg",
    }  # fmt: skip
    sources = _package_sources() | {"ddz/py.typed"}
    assert sources | _corpus_files() <= names, "the sdist lacks files of the package"
    package = {n for n in names if n.startswith("ddz/")}
    assert package == sources | _corpus_files(), "the sdist's ddz/ holds exactly the package"


def test_the_wheel_holds_the_package_typed_with_its_corpus_and_licence(dists: tuple[Path, Path]) -> None:
    version = _source_version()
    with zipfile.ZipFile(dists[1]) as whl:
        names = set(whl.namelist())
        meta = whl.read(f"ddz-{version}.dist-info/METADATA").decode()
    info = f"ddz-{version}.dist-info"
    assert {n.split("/", 1)[0] for n in names} == {"ddz", info}, "only the package and its metadata"
    assert not {n for n in names if re.match(r"(tests|tools|benchmarks|tutorial|docs|conformance)/", n)}
    assert "ddz/py.typed" in names and f"{info}/licenses/LICENSE" in names
    assert f"\nVersion: {version}\n" in meta and "\nLicense-Expression: MIT\n" in meta
    # Exactly the engine and the suite: every module of ddz/, the corpus's rules, cases and
    # schemas, and the metadata. No peer adapters (conformance/peers/), no results.json or
    # REPORT.md (generated data the repository keeps), nothing else.
    metadata = {f"{info}/{n}" for n in ("METADATA", "WHEEL", "RECORD", "entry_points.txt", "top_level.txt")}
    expected = (
        _package_sources() | {"ddz/py.typed"} | _corpus_files() | metadata | {f"{info}/licenses/LICENSE"}
    )
    assert sorted(names - expected) == [], "files the wheel should not carry"
    assert sorted(expected - names) == [], "files the wheel lacks"
    assert not any("peers" in n or n.endswith(("results.json", "REPORT.md")) for n in names)


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
    check = _run(venv, "check", cwd=tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr
    # Outside a checkout the quotes cannot be checked: the command says so (it used to print a plain ok).
    assert "NOT checked: the quotes against the source documents" in check.stdout
    report = _run(venv, "report", "--fuzz-examples", "1", cwd=tmp_path)
    assert report.returncode == 2 and "conformance/peers/" in report.stderr, report.stderr
    assert not (tmp_path / "REPORT.md").exists()


def test_a_run_that_finds_no_case_is_an_error(venv: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    (empty / "cases").mkdir(parents=True)
    proc = _run(venv, "run", "--corpus", str(empty), cwd=tmp_path)
    assert proc.returncode == 2
    assert "no cases under" in proc.stderr and "passed" not in proc.stdout
    proc = _run(venv, "run", "--run", "no.such.case*", cwd=tmp_path)
    assert proc.returncode == 2 and "none of the" in proc.stderr
