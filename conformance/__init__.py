"""The conformance suite's side of the repository (not installed): the source documents, the
example adapters and the peer adapters (``conformance.peers``), run from the checkout's root."""
