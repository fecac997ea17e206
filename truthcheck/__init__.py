"""truthcheck: facts about Dou Dizhu hands written from the rules of source 000 alone, apart from ``ddz``.

The verifier of the tutorial's sentences takes its facts from here (:mod:`truthcheck.facts`), so a
fact is never computed by the code whose claim it checks. See ``truthcheck/README.md``.
"""
