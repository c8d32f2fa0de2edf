"""The HORDES game state: models on the table, their fury, damage and lasting effects.

Everything is plain data: a :class:`Model` holds the id of its card in the catalog, where
it stands, what is marked on it and what lasts on it; the card itself is read from the
ruleset's data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.procedures import GameState


@dataclass(slots=True)
class Lasting:
    """A lasting stat change on a model: from a spell, an animus or a feat.

    ``expires`` is the player at the start of whose next turn it ends (``-1``: while
    upkept); ``caster`` is the uid of the model that cast it; ``enemy`` says it came from
    the other side (a model holds one friendly and one enemy upkeep spell at most).
    """

    source: str
    origin: str  # "spell", "animus" or "feat"
    stat: str
    amount: int
    caster: int
    expires: int
    enemy: bool = False


@dataclass(slots=True)
class Model:
    """One model on the table: a warlock or a warbeast."""

    uid: int
    owner: int
    card: str
    beast: bool
    x: float
    y: float
    heading: float
    fury: int = 0
    #: Warlock: damage boxes marked. Warbeast: circles marked in each of the six branches.
    damage: int = 0
    spiral: list[int] = field(default_factory=list)
    alive: bool = True
    knocked_down: bool = False
    #: Knocked down during its controller's turn: it may not stand up until the next one.
    stay_down: bool = False
    activated: bool = False
    frenzied: bool = False
    feat_used: bool = False
    effects: list[Lasting] = field(default_factory=list)


@dataclass(slots=True)
class HordesState(GameState):
    """The whole game: models, terrain layout, whose turn and which round."""

    models: list[Model] = field(default_factory=list)
    layout: str = "standard"
    round: int = 1
    first: int = 0
    active: int = 0
    #: Models still to be deployed by their players (empty once the battle starts).
    unplaced: list[int] = field(default_factory=list)
    #: Upkeep spells in play: (caster uid, spell id, target uid).
    upkeep: list[tuple[int, str, int]] = field(default_factory=list)

    def warlock(self, player: int) -> Model | None:
        """``player``'s warlock while it lives."""
        for model in self.models:
            if model.owner == player and model.alive and not model.beast:
                return model
        return None

    def living(self, player: int | None = None) -> list[Model]:
        """Living models (of ``player`` when given)."""
        if player is None:
            return [m for m in self.models if m.alive]
        return [m for m in self.models if m.alive and m.owner == player]

    def targets_for(self, player: int) -> list[Model]:
        """Living models as ``player`` may aim at them: the enemy's first, then the
        player's own (the seed lets a blow or a magic attack take any model; the own ones
        come last so that a player's list of choices starts with the enemy)."""
        living = self.living()
        return [m for m in living if m.owner != player] + [m for m in living if m.owner == player]
