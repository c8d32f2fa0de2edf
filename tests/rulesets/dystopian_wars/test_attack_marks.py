"""DW pictures: an attack is drawn when it is declared ("to roll") and again when its dice
are rolled, with the hits that counted, solid for a hit and dashed for a miss."""

from __future__ import annotations

from warbench import ruleset
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
