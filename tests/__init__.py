"""The test suite: a package, so its helpers are imported as ``tests.oracle``, ``tests.browser_kit`` … by
pytest (from the repository root) and by mypy alike."""
