"""Option fields that several Dystopian Wars odds queries share, written once.

Each is an ``Annotated`` type carrying the option's bounds and description; a model gives
the default where it declares the field (``dr: TargetDr = None``), so every model keeps its
own order of options, the order the odds listing prints them in (a shared base class would
put its fields first).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

# The numbers of the model attacked, each its class's unless given.
TargetDr = Annotated[int | None, Field(ge=1, description="the target's damage rating")]
TargetCr = Annotated[int | None, Field(ge=1, description="the target's critical rating")]
TargetHp = Annotated[int | None, Field(
    ge=1, description="the target's hull points left (default: the class's full hull)"
)]
TargetStartingHp = Annotated[int | None, Field(
    ge=1, description="hull points the target began the game with (default: the class's, "
    "else hp)"
)]
TargetShield = Annotated[int | None, Field(
    ge=0, description="the target's shield generator dice, cancelling hits on 4+ (default: "
    "the class's, else 0)"
)]

# The defender's card and what the distribution counts.
ReactionCard = Annotated[str | None, Field(
    description="a reaction card the defender plays on the attack (e.g. hard-to-port: one "
    "more needed; deflector-screens: 2 hits cancelled)"
)]
ShowHitsOrHull = Annotated[Literal["hits", "hull"], Field(
    description="what the distribution counts: hits that count, or hull points lost (needs "
    "the target's DR, CR and hull)"
)]

# Ack-ack answering a weapon's attack (cancelling hits).
AnsweringAckAck = Annotated[int, Field(
    ge=0, description="ack-ack dice answering (5 cancels a hit, 6 two and rolls again)"
)]
AnsweringObscured = Annotated[int, Field(
    ge=0, description="ack-ack dice answering from obscured models, or linked with one "
    "(DW-OBSCURED): only a 6 cancels, two hits, and rolls again"
)]

# Ack-ack answering a wing's attack (striking its tokens), and a wing on patrol.
ObscuredAtWing = Annotated[int, Field(
    ge=0, description="those ack-ack dice from obscured models (DW-OBSCURED): 6 only"
)]
PatrolTokens = Annotated[int | None, Field(
    ge=1, description="the patrol's tokens (default: the class's largest wing)"
)]
PatrolFuel = Annotated[int, Field(
    ge=1, le=6, description="the patrol's fuel: its answer burns one, and on its last it is "
    "lost and rolls nothing"
)]

# The shooter of ack-ack or charges (a wing's tokens, else its hull points lost), and an
# attacking wing.
ShooterTokens = Annotated[int | None, Field(
    ge=1, description="tokens of a shooting wing (default: the class's largest wing)"
)]
ShooterDamage = Annotated[int, Field(
    ge=0, description="hull points the shooter has lost (one die fewer each, never below 1)"
)]
ShooterObscured = Annotated[bool, Field(
    description="the shooter is obscured (DW-OBSCURED): hits only on 6"
)]
AttackingTokens = Annotated[int | None, Field(
    ge=1, description="the attacking wing's tokens (default: the class's largest wing)"
)]
