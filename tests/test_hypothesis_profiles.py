"""The hypothesis profiles hold under load: none fails a test because drawing its examples
was slow on a busy box (`too_slow`) or because one example took long (deadline), and none cuts the
sample sizes the tests ask for."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings


@pytest.mark.parametrize("name", ["ci", "dev", "mutation"])
def test_no_profile_fails_a_test_for_being_slow(name: str) -> None:
    profile = settings.get_profile(name)
    assert HealthCheck.too_slow in profile.suppress_health_check
    assert profile.deadline is None
    if name != "mutation":  # `make mutation` runs every mutant: it takes 30 examples on purpose
        assert profile.max_examples == settings.get_profile("default").max_examples


def test_the_loaded_profile_is_one_of_them() -> None:
    assert HealthCheck.too_slow in settings().suppress_health_check
