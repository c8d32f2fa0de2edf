"""DW pictures: an attack is drawn when it is declared ("to roll") and again when its dice
are rolled, with the hits that counted, solid for a hit and dashed for a miss."""

from __future__ import annotations

from warbench import ruleset
from warbench.core.engine import Game
from warbench.core.match import play_match
from warbench.core.replay import replay_steps
from warbench.rulesets.dystopian_wars.events import AttackDeclared, AttackRolled

RULES = ruleset("dystopian-wars")


def test_an_attack_is_drawn_declared_then_rolled_with_the_hits_that_counted() -> None:
    bots = [RULES.bots()["commodore"](seed) for seed in (1, 2)]
    result = play_match(RULES, bots, seed=3, max_decisions=400)
    declared_only = rolled_only = 0
    shown = 0
    for _, game in replay_steps(result.journal, rules=RULES):
        events, shown = game.events[shown:], len(game.events)
        rolls = [event for event in events if isinstance(event, AttackRolled)]
        declared = [event for event in events if isinstance(event, AttackDeclared)]
        marks = RULES.attacks_drawn(game.state, events)
        if declared and not rolls:
            declared_only += 1
            assert marks and all(mark.label.endswith(", to roll") for mark in marks)
        if rolls and not declared:
            rolled_only += 1
            assert rolls[0].guns, "a roll says which guns fired it"
            shooters = {uid for uid, _ in rolls[0].guns}
            first = marks[: len(shooters)]
            hits = rolls[0].final
            assert all(mark.label.endswith(f", {hits} hit{'s' * (hits != 1)}") for mark in first)
            assert all(mark.hit == (hits > 0) for mark in first)
            target = game.state.models[rolls[0].target]
            assert all(f" at {target.name}\n" in mark.label for mark in first)
    assert declared_only and rolled_only, (declared_only, rolled_only)


def test_dw_bombs_an_attack_along_the_aft_channel_is_drawn() -> None:
    """DW-BOMBS: a rotor's or bomber's bombs fall along its aft channel, which is no arc of
    the table's wedges; drawing the attack raised a KeyError ('aft-channel'), which broke the
    web table's picture of any game where a Britannian rotor bombed."""
    from warbench.rulesets.dystopian_wars.data import DATA_DIR, load_fleet

    fleets = [load_fleet(DATA_DIR / "fleets" / f"{name}-1000.toml")
              for name in ("britannia", "prussia")]
    game = Game.new(RULES, RULES.setup_for(fleets), seed=5)
    state = game.state
    bomber = next(model for model in state.models
                  if RULES.data.models[model.cls].mount("bombs") is not None
                  and RULES.data.models[model.cls].mount("bombs").arc == "aft-channel")
    target = next(model for model in state.models if model.player != bomber.player)
    rolled = AttackRolled(target.uid, dice=8, hits=3, cancelled=0, shields=0, final=3,
                          guns=((bomber.uid, "bombs"),), band=1, needed=4)
    (mark,) = RULES.attacks_drawn(state, [rolled])
    assert mark.label.startswith(f"{bomber.name}: bombs at {target.name}\n")
    assert (mark.arc_start, mark.arc_end) == (0.0, 360.0) and mark.far == 8.0  # band 1


def test_dw_bombs_every_arc_a_card_may_name_is_an_arc_or_a_channel_the_picture_knows() -> None:
    """A designer's card may give a weapon any arc the data schema takes: each must be one
    the picture draws as a wedge (ARCS) or a fixed channel (CHANNELS, drawn all round)."""
    from typing import get_args

    from warbench.rulesets.dystopian_wars.data import ArcName
    from warbench.rulesets.dystopian_wars.geometry import ARCS, CHANNELS

    assert set(get_args(ArcName)) == set(ARCS) | set(CHANNELS)
