"""What a fleet has shown at the table: the public record every seat reads (ARM-OFF-SCAN).

A scan teaches a fleet's statistics, but play shows some of them to everyone: the damage
dice of its hits, the range band of each of its checks with that band's reach in hexes,
the arcs it fires through, the damage of the hits it takes, how far it moves, and the
special abilities it uses in the open (a superweapon shot, an array's several targets, an
EMP's passing critical, gravity mines laid, boarders crossing, a self-destruct). The state
keeps, for each fleet, a :class:`Shown` of them (``ArmadaState.shown``, by fleet id), and
:mod:`.inference` reads it; likewise, by officer, the role each officer showed by an order
it gave or a post it took up (``ArmadaState.roles_shown``, :func:`record_role`).

>>> seen = Shown().with_check("long", (4, 8), "port", (1, 10)).with_check("short", (0, 4), "")
>>> seen.damage_dice, seen.bands, seen.arcs
((1, 10), (('long', 4, 8), ('short', 0, 4)), ('port',))
>>> seen.with_damage(7).with_damage(3).damage_taken
10
>>> seen.with_ability("superweapon").with_ability("superweapon").abilities
('superweapon',)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: No damage dice seen yet.
NO_DICE = (0, 0)


@dataclass(frozen=True, slots=True)
class Shown:
    """One fleet's public record: the damage dice its hits rolled (count, sides; ``(0, 0)``
    before its first hit), each distinct band it fired in with that band's reach (band,
    beyond hexes, out to hexes), the arcs it fired through, the damage of the hits it
    took, and the farthest it got in one move (hexes from where it stood, less the round's
    announced speed bonus), and the abilities it was seen to use."""

    damage_dice: tuple[int, int] = NO_DICE
    bands: tuple[tuple[str, int, int], ...] = ()
    arcs: tuple[str, ...] = ()
    damage_taken: int = 0
    moved: int = 0
    abilities: tuple[str, ...] = ()

    def with_check(
        self, band: str, hexes: tuple[int, int], arc: str, dice: tuple[int, int] = NO_DICE
    ) -> Shown:
        """This record and a check in ``band`` (reaching ``hexes``) through ``arc`` (``""``:
        any, at 1 hex), with the damage ``dice`` of a hit."""
        reach = (band, hexes[0], hexes[1])
        bands = self.bands if reach in self.bands else (*self.bands, reach)
        arcs = self.arcs if not arc or arc in self.arcs else (*self.arcs, arc)
        found = self.damage_dice if dice == NO_DICE else dice
        return replace(self, damage_dice=found, bands=bands, arcs=arcs)

    def with_damage(self, damage: int) -> Shown:
        """This record and a hit of ``damage`` taken."""
        return replace(self, damage_taken=self.damage_taken + damage)

    def with_move(self, hexes: int) -> Shown:
        """This record and a move that got ``hexes`` (less any speed bonus) from its start."""
        return self if hexes <= self.moved else replace(self, moved=hexes)

    def with_ability(self, ability: str) -> Shown:
        """This record and ``ability`` seen in use."""
        if ability in self.abilities:
            return self
        return replace(self, abilities=(*self.abilities, ability))


def record_check(
    records: list[Shown],
    attacker: int,
    target: int,
    check: tuple[str, tuple[int, int], str],
    dice: tuple[int, int] = NO_DICE,
    damage: int = 0,
) -> None:
    """Note in ``records`` (a state's, by fleet id) a check by fleet ``attacker`` at fleet
    ``target``: its band, the band's reach and the arc (``check``), and on a hit the damage
    ``dice`` rolled and the ``damage`` dealt. A fleet with no record (a state built for
    odds) is skipped."""
    band, hexes, arc = check
    if 0 <= attacker < len(records):
        records[attacker] = records[attacker].with_check(band, hexes, arc, dice)
    if damage and 0 <= target < len(records):
        records[target] = records[target].with_damage(damage)


def record_damage(records: list[Shown], fleet: int, damage: int) -> None:
    """Note in ``records`` ``damage`` that fleet ``fleet`` took in the open (debris)."""
    if 0 <= fleet < len(records):
        records[fleet] = records[fleet].with_damage(damage)


def record_move(records: list[Shown], fleet: int, hexes: int) -> None:
    """Note in ``records`` a move of fleet ``fleet`` that ended ``hexes`` from its start
    (less the round's announced speed bonus)."""
    if 0 <= fleet < len(records):
        records[fleet] = records[fleet].with_move(hexes)


def record_ability(records: list[Shown], fleet: int, ability: str) -> None:
    """Note in ``records`` that fleet ``fleet`` used ``ability`` in the open."""
    if 0 <= fleet < len(records):
        records[fleet] = records[fleet].with_ability(ability)


def record_role(roles: list[str], officer: int, role: str) -> None:
    """Note in ``roles`` (a state's, by officer index) that officer ``officer`` showed
    ``role`` (an order of that role given, or that post taken up); ``"any"`` (an order
    every role may give) shows nothing."""
    if role != "any" and 0 <= officer < len(roles):
        roles[officer] = role
