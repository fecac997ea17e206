"""The conformance suite tooling: load the corpus, check it, run it against implementations."""
