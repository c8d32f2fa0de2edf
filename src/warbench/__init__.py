"""Warbench: a rules engine and workbench for tabletop miniature wargames."""

from warbench import compiled

compiled.install()  # before any module that has a compiled build is imported

from warbench.core.registry import available_rulesets, ruleset  # noqa: E402

__all__ = ["available_rulesets", "ruleset"]
__version__ = "0.1.0"
