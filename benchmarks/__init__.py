"""Developer tooling, not part of the ddz wheel: ``python -m benchmarks.bench`` (``make bench``),
``python -m benchmarks.arena`` (``make arena``) and ``benchmarks/browser_roundtrip.py``; run them from
the repository's root with the dev venv."""
