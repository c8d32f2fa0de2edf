"""Full Thrust (Fleet Book era): simultaneous written orders, fighters and missiles as
markers, point defence before attacks, beams, screens, hull rows and threshold checks."""

from __future__ import annotations

from warbench.rulesets.full_thrust.ruleset import FullThrustRuleset

__all__ = ["FullThrustRuleset"]
