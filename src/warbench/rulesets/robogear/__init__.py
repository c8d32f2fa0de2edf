"""ROBOGEAR (Tehnolog): machines, pilots and infantry for two to four players."""

from warbench.rulesets.robogear.ruleset import RobogearRuleset

__all__ = ["RobogearRuleset"]
