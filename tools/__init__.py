"""Maintainer scripts, each run as ``python tools/NAME.py``; a package so that the tests and mypy
import them by one name (``tools.fuzz``)."""
