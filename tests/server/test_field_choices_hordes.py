"""HORDES' forms on the web table: blows at one's own models set aside after the enemy's
(none removed), a charge's targets listed by name even with nothing sampled, and leaching
from the warlock's own life said to cost it damage."""

from __future__ import annotations

import re

from tests.server.test_field_choices import _choices, _form
from warbench.server.snapshot import snapshot

#: HORDES: a Brute (model 1) facing its own Mosshound (2) 0.3" ahead, Vesk (3) to its side.
HORDES_CROWD = ([["maelis", "oakhide-brute", "mosshound"], ["vesk"]],
                [[24, 5, 0], [24, 12, 0], [24, 12 + 0.984 + 0.787 + 0.3, 180], [32, 12, 270]])


def test_hordes_blows_at_ones_own_models_are_set_aside_after_the_enemys() -> None:
    """HOR-CHARGE, HOR-SLAM: a model may charge or slam any model it sees, its own side's
    too (the seed, l.306-307: a model may try to charge any model in its line of sight).
    Every option is still sent, in the rules' order; the charge and
    slam at the player's own Mosshound carry the caption setting them aside (saying why
    they are legal), the enemy's none; the Charge form lists the Mosshound as the player's
    own, set aside, and its legal examples put the charge at the enemy first."""
    from tests.hordes.helpers import activate
    from tests.hordes.helpers import battle as hordes_battle

    game = hordes_battle(*HORDES_CROWD)
    activate(game, 1)
    decision = game.pending()[0]
    snap = snapshot(game, 0)
    (plain,) = snap["decisions"]
    assert [o["action"] for o in plain["options"]] == [o.to_plain() for o in decision.options]
    aside = {_no_distance(o["label"]): o["aside"] for o in plain["options"] if "aside" in o}
    assert set(aside) == {"charge your own Mosshound", "slam your own Mosshound"}
    assert all(caption.startswith("at your own models (legal") for caption in aside.values())
    labels = [_no_distance(o["label"]) for o in plain["options"] if "aside" not in o]
    assert {"charge Cinder Matron Vesk", "slam Cinder Matron Vesk"} <= set(labels)
    assert not [label for label in labels if "your own" in label]
    form = _form(snap, "charge")
    assert _choices(form["target"]) == {2: "your own Mosshound", 3: "Cinder Matron Vesk"}
    assert [group["values"] for group in form["target"]["aside"]] == [[2]]
    space = next(s for s in plain["spaces"] if s["type"] == "charge")
    assert space["samples"][0]["target"] == 3
    assert not any("your own" in words for words in space["sample_words"][:1])


#: HORDES: the Brute (1) all but in base contact with Vesk (3), too close to stop short of
#: her; its own Mosshound (2) far off: no charge stopping short is drawn at either.
HORDES_CLOSE = ([["maelis", "oakhide-brute", "mosshound"], ["vesk"]],
                [[24, 5, 0], [24, 12, 0], [2, 45, 180], [25.58, 12, 270]])


def test_a_hordes_charge_form_lists_its_targets_by_name_when_no_sample_is_drawn() -> None:
    """HOR-CHARGE: with no charge stopping short to sample (the target all but touching),
    the Charge form still lists its targets by name, the enemy first (the full run-outs,
    the decision's own options), not a bare number box; its words name no field by its
    code name."""
    from tests.hordes.helpers import activate
    from tests.hordes.helpers import battle as hordes_battle

    game = hordes_battle(*HORDES_CLOSE)
    activate(game, 1)
    snap = snapshot(game, 0)
    space = next(s for d in snap["decisions"] for s in d["spaces"] if s["type"] == "charge")
    assert space["samples"] == []
    assert _choices(_form(snap, "charge")["target"]) == {
        2: "your own Mosshound", 3: "Cinder Matron Vesk"}
    assert space["start"] == {"type": "charge", "target": 3, "stop_short": 0.0}
    assert "stop_short" not in space["description"]
    assert space["description"].startswith("charge the target chosen; stop short: how many")


def test_a_warlock_leaching_its_own_life_is_said_to_cost_it_damage() -> None:
    """HOR-LEACH-LIFE (the seed: the warlock takes a point of damage for each fury point it
    gains so): leaching from the warlock's own life says what it costs; leaching from a
    beast does not."""
    from tests.hordes.helpers import battle as hordes_battle
    from warbench.rulesets.hordes.actions import Leach

    game = hordes_battle(*HORDES_CROWD)
    rules, state = game.ruleset, game.observe(0).state
    assert rules.action_text(state, Leach(0, 2)) == (
        "leach 2 fury from Elder Maelis's own life (2 damage to Elder Maelis)")
    assert rules.action_text(state, Leach(1, 1)) == "leach 1 fury from Oakhide Brute"


def _no_distance(label: str) -> str:
    """A HORDES option's words without the distance they end with (HOR-ACTION-ODDS:
    ``charge Cinder Matron Vesk (9.1" away, moves up to 9.0": reaches)``)."""
    return re.sub(r' \([0-9.]+" away, [^)]*\)$', "", label)


#: HORDES: the crowd above with a Slag Hound (4) of the enemy's 30" off, beyond any rush.
HORDES_FAR = ([["maelis", "oakhide-brute", "mosshound"], ["vesk", "slag-hound"]],
              [*HORDES_CROWD[1], [24, 44, 180]])


def test_hordes_rushes_that_cannot_reach_are_set_aside_in_their_own_fold() -> None:
    """HOR-CHARGE, HOR-SLAM: a charge or slam whose whole run-out (SPD + 3") ends short of
    its target is legal (a model may charge any model it sees) but fails, ending the
    activation: the options at the far Slag Hound carry a caption saying so, those at the
    near Vesk none, those at the player's own Mosshound still theirs. The Charge form's
    target list groups the Slag Hound and the Mosshound each under its own caption."""
    from tests.hordes.helpers import activate
    from tests.hordes.helpers import battle as hordes_battle
    from warbench.rulesets.hordes.words import OWN_MODELS_ASIDE, SHORT_RUSH_ASIDE

    game = hordes_battle(*HORDES_FAR)
    activate(game, 1)
    (plain,) = snapshot(game, 0)["decisions"]
    aside = {_no_distance(o["label"]): o.get("aside") for o in plain["options"]
             if o["action"]["type"] in ("charge", "slam")}
    assert aside == {
        "charge Cinder Matron Vesk": None, "slam Cinder Matron Vesk": None,
        "charge Slag Hound": SHORT_RUSH_ASIDE, "slam Slag Hound": SHORT_RUSH_ASIDE,
        "charge your own Mosshound": OWN_MODELS_ASIDE,
        "slam your own Mosshound": OWN_MODELS_ASIDE}
    labels = [o["label"] for o in plain["options"] if "Slag Hound" in o["label"]]
    assert labels and all("cannot reach" in label for label in labels)
    form = _form(snapshot(game, 0), "charge")
    assert _choices(form["target"]) == {
        2: "your own Mosshound", 3: "Cinder Matron Vesk", 4: "Slag Hound"}
    groups = {group["caption"]: group["values"] for group in form["target"]["aside"]}
    assert groups == {OWN_MODELS_ASIDE: [2], SHORT_RUSH_ASIDE: [4]}
