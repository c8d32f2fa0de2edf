"""HORDES Mk II quick rules: warlocks drive warbeasts with fury on a 48" table."""

from warbench.rulesets.hordes.ruleset import HordesRuleset

__all__ = ["HordesRuleset"]
