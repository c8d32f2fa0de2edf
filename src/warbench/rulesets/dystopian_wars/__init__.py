"""Dystopian Wars, 1st edition: naval, aerial and land fleets of 1870, on a continuous table.

>>> from warbench.core.engine import Game
>>> game = Game.new(DystopianWarsRuleset(), seed=3)
>>> sorted({decision.prompt for decision in game.pending()})
['lay a turn card face down, or none']
"""

from warbench.rulesets.dystopian_wars.ruleset import DystopianWarsRuleset

__all__ = ["DystopianWarsRuleset"]
