"""Hypothesis profiles: ``make test`` runs few examples, ``make fuzz`` (profile fuzz) many."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "fuzz", max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: How many times more the fuzz run throws than ``make test`` (games, decision points).
SCALE = int(os.environ.get("WARBENCH_FUZZ_SCALE", "1"))
