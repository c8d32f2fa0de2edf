"""Starfinder Armada Combat: armadas of fleets on a hex map (ruleset id ``armada``)."""

from __future__ import annotations

from warbench.rulesets.armada.ruleset import ArmadaRuleset

__all__ = ["ArmadaRuleset"]
