"""Warbench: a rules engine and workbench for tabletop miniature wargames."""

from warbench.core.registry import available_rulesets, ruleset

__all__ = ["available_rulesets", "ruleset"]
__version__ = "0.1.0"
