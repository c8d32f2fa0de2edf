"""Data files, army lists, set-ups, the table picture and exact odds (RG-SHEET,
RG-INF-SHEET, RG-STEP, RG-D6, RG-ART-ATTACH, RG-GROUP-TRAITS, RG-UNIT, RG-FIRE-ACC,
RG-FIRE-DEF, RG-FIRE-HARD, RG-BLAST)."""

from __future__ import annotations

from pathlib import Path

import icepool
import pytest

from tests.robogear.helpers import RULES
from warbench.cli import USAGE_ERROR, main
from warbench.core.attacks import AttackOptionsError
from warbench.core.catalog import load_model
from warbench.core.engine import Game
from warbench.core.lists import ArmyList
from warbench.core.ruleset import SetupError
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.chances import hit_chance
from warbench.rulesets.robogear.data import steps
from warbench.rulesets.robogear.setup import min_army_gap

LISTS = Path(RULES.shipped_data or ".").parent / "lists"
HERE = Path(__file__).parent


def _list(path: Path) -> ArmyList:
    return load_model(path, ArmyList)


def test_shipped_data_converts_centimetres_once() -> None:
    """RG-STEP, RG-SHEET, RG-INF-SHEET: a step is 2.5 cm; sheets hold points, an armour
    scale in three sections with a resource for each, weapons with three damages."""
    data = RULES.data
    assert steps(20.0) == 8.0 and data.units["ferrum-tank"].radius == 1.8
    tank = data.units["ferrum-tank"]
    assert len(tank.armour) == sum(tank.sections) and len(tank.resource) == 3
    assert all(len(w.damage) == 3 for w in tank.weapons)
    factions = {r.faction for r in data.units.values()}
    for faction in factions:
        kinds = {(r.kind, r.chassis) for r in data.units.values() if r.faction == faction}
        assert {("machine", c) for c in ("walker", "tracked", "wheeled", "flyer")} <= kinds
        assert ("trooper", None) in kinds and ("gun", None) in kinds


def test_a_players_data_folder_replaces_a_file(tmp_path: Path) -> None:
    """Data over code: a player's rules.toml replaces the shipped one; a bad one names the
    file and key."""
    shipped = (Path(RULES.shipped_data or ".") / "rules.toml").read_text()
    (tmp_path / "rules.toml").write_text(shipped.replace("rounds = 8", "rounds = 3"))
    mine = RobogearRuleset(data_dir=tmp_path)
    assert mine.data.rules.game.rounds == 3
    (tmp_path / "rules.toml").write_text(shipped.replace("rounds = 8", "rounds = 0"))
    with pytest.raises(ValueError, match=r"rules.toml: game.rounds"):
        _ = RobogearRuleset(data_dir=tmp_path).data


def test_rg_setup_gap_a_variant_table_must_keep_the_armies_40_cm_apart(tmp_path: Path) -> None:
    """RG-SETUP-GAP: armies start at least 40 cm (measures.deploy_gap_cm) apart. A player's
    rules.toml whose table or deployment zones would put two armies closer is refused,
    naming the keys; one that keeps the gap plays a four-army battle whose armies start at
    least that far apart."""
    shipped = (Path(RULES.shipped_data or ".") / "rules.toml").read_text()
    small = shipped.replace("table_cm = 150.0", "table_cm = 130.0")
    (tmp_path / "rules.toml").write_text(small)
    with pytest.raises(ValueError, match=r"rules.toml: .*adjacent edges would deploy 35.4 cm "
                       r"apart.*deploy_gap_cm asks at least 40"):
        _ = RobogearRuleset(data_dir=tmp_path).data
    wider = shipped.replace("deploy_gap_cm = 40.0", "deploy_gap_cm = 50.0")
    (tmp_path / "rules.toml").write_text(wider)
    with pytest.raises(ValueError, match=r"rules.toml: .*49.5 cm apart"):
        _ = RobogearRuleset(data_dir=tmp_path).data
    (tmp_path / "rules.toml").write_text(shipped.replace("table_cm = 150.0", "table_cm = 10.0"))
    with pytest.raises(ValueError, match=r"rules.toml: .*does not fit a 10 cm table"):
        _ = RobogearRuleset(data_dir=tmp_path).data
    deeper = shipped.replace("deploy_depth_cm = 20.0", "deploy_depth_cm = 25.0")
    (tmp_path / "rules.toml").write_text(deeper)
    mine = RobogearRuleset(data_dir=tmp_path)
    armies = [{"name": "test", "units": [{"unit": unit, "count": count} for unit, count in (
        ("ferrum-tank", 2), ("ferrum-walker", 2), ("ferrum-rifleman", 5))]}] * 4
    game = Game.new(mine, {"armies": armies, "terrain": "none"}, seed=5, players=4)
    while game.state.units[0].x == 0.0:  # the edges are rolled for and chosen first
        decision = game.pending()[0]
        game.apply(decision.player, decision.options[0])
    assert min_army_gap(game.state) >= steps(40.0)


def test_shipped_lists_are_valid_and_the_broken_one_names_each_rule() -> None:
    """RG-ART-ATTACH, RG-GROUP-TRAITS, RG-INF-INFILTRATE, RG-ART-BATTERY-CREW: three valid
    armies; a broken list
    reports every violation with its path."""
    for name in ("ferrum-strike.toml", "verdant-raiders.toml", "ashen-host.toml"):
        assert RULES.validate_list(_list(LISTS / name)).ok
    report = RULES.validate_list(_list(HERE / "lists" / "broken.toml"))
    rules = sorted(v.rule for v in report.violations)
    assert rules == ["artillery", "artillery", "group", "infiltration", "one_faction",
                     "points_cap"]


def test_rg_list_rules_name_each_attachment_crew_command_and_group_problem() -> None:
    """RG-ART-ATTACH, RG-ART-BATTERY-CREW, RG-INF-INFILTRATE, RG-GROUP-TRAITS,
    RG-WIN-MISSION: a list builder sees every broken rule of a list at once, each at its
    list path: a gun attached with no trooper squad above it, one joining infiltrators, two
    on one squad, a crew with no battery before it, a command unit that is no machine, a
    group of one squad and one of three walkers (two of a type at most)."""
    units = [
        {"unit": "ferrum-mortar", "role": "attach"},
        {"unit": "ferrum-sniper", "count": 2, "role": "reserve"},
        {"unit": "ferrum-mortar", "role": "attach"},
        {"unit": "ferrum-rifleman", "count": 3},
        {"unit": "ferrum-mortar", "count": 2, "role": "attach"},
        {"unit": "ferrum-medic", "count": 2, "role": "crew command"},
        {"unit": "ferrum-tank", "role": "group:B"},
        {"unit": "ferrum-walker", "count": 3, "role": "group:C"},
    ]
    army = ArmyList.model_validate(
        {"name": "Tangled", "ruleset": "robogear", "faction": "ferrum", "units": units})
    assert [str(v) for v in RULES.validate_list(army).violations] == [
        "units[0]: an attached gun needs a trooper squad above it [artillery]",
        "units[2]: no gun may join an infiltrating squad [artillery]",
        "units[4]: at most one gun is attached to a squad [artillery]",
        "units[5].role: the command unit is a machine [command]",
        "units[5].role: a crew squad follows the battery it serves [artillery]",
        "units[6].role: group B must have 2 or 3 squads [group]",
        "units[7].role: group C has more than two squads of one type [group]",
    ]


def test_setup_for_three_lists_and_two_versus_two() -> None:
    """RG-UNIT, RG-WIN-TEAMS: lists become a set-up for 3 players; 2v2 needs four."""
    lists = [_list(LISTS / n) for n in
             ("ferrum-strike.toml", "verdant-raiders.toml", "ashen-host.toml")]
    setup = RULES.setup_for(lists, "capture")
    game = Game.new(RULES, setup, players=3)
    assert game.state.mission == "capture" and len(game.state.units) == 31
    with pytest.raises(SetupError, match="2v2"):
        RULES.setup_for(lists, "2v2")
    four = RULES.setup_for([*lists, lists[0]], "2v2")
    assert four["teams"] == [0, 1, 0, 1]
    team_game = Game.new(RULES, four, players=4)  # a group of four sees who is with whom
    assert "player 1 + player 3 v player 2 + player 4" in RULES.describe(team_game.state)
    assert "player 1 + player 3 v player 2 + player 4" in RULES.table(team_game.state).title
    assert "v" not in RULES.table(game.state).title.split("round")[1]


def test_table_picture_shows_armour_tracks() -> None:
    """A table picture labels each unit with its armour track, section and resource."""
    game = Game.new(RULES, None, players=3)
    assert not [p for p in RULES.table(game.state).pieces if p.player is not None]
    while game.state.round == 0:
        decision = game.pending()[0]
        game.apply(decision.player, decision.options[0])
    picture = RULES.table(game.state)
    labels = [p.damage for p in picture.pieces if p.player is not None]
    assert any("############ green section L12 R5" in label for label in labels)
    assert "Round 1 of 8" in RULES.describe(game.state)


@pytest.mark.parametrize("penalty,bonus,share,hard", [
    (0, 0, 0.0, 0), (1, 0, 0.3, 0), (2, 1, 0.6, 1), (0, 0, 0.9, 1), (1, 1, 0.8, 0),
])
def test_hit_chance_matches_icepool(penalty: int, bonus: int, share: float, hard: int) -> None:
    """RG-FIRE-ACC, RG-FIRE-DEF, RG-FIRE-HARD: P(D6 - penalty + bonus > defence) exactly."""
    accuracy = icepool.d6 - penalty + bonus
    if share >= 0.75:
        defence = icepool.d6 + 1 + hard
    elif share >= 0.5:
        defence = icepool.d6 + hard
    elif share >= 0.25:
        defence = icepool.d3 + hard
    else:
        defence = icepool.Die([hard])
    expected = (accuracy > defence).probability(True)
    assert hit_chance(penalty, bonus, share, hard=hard) == pytest.approx(float(expected))


def test_shot_odds_give_damage_and_where_the_scale_ends() -> None:
    """The shot's exact damage and the target's section after a hit."""
    shot = RULES.attacks()["shot"]
    answer = shot.odds(shot.parse_options(["distance=10", "cover=0.5", "damage=3"]))
    p = float((icepool.d6 - 1 > icepool.d6).probability(True))
    assert answer.distribution.p(5) == pytest.approx(p)
    assert answer.named["red section after"] == pytest.approx(p)
    with pytest.raises(ValueError, match="small arms"):
        shot.odds(shot.parse_options(["shooter=ferrum-rifleman", "target=verdant-tank"]))


def test_blast_odds_enumerate_scatter_exactly() -> None:
    """RG-BLAST: one model under a 10 cm marker, hit chance 1/2: a scatter of 1-6 cm in any
    direction still covers it, so it is always hit; lobbed 2D6 cm, it is missed when the
    scatter passes 5 cm + the base."""
    blast = RULES.attacks()["blast"]
    sure = blast.odds(blast.parse_options(["models=0,0", "hit=0.5"]))
    assert sure.distribution.p(4) == pytest.approx(1.0)
    lobbed = blast.odds(blast.parse_options(["models=0,0", "indirect=true"]))
    covered = float((2 @ icepool.d6 <= 6).probability(True))  # 5 cm + 1.25 cm base
    assert lobbed.distribution.p(4) == pytest.approx(covered)


def test_blast_odds_read_the_shooters_weapon_as_the_game_rolls_its_aim() -> None:
    """RG-BLAST: named by its shooter and weapon, a blast's aim hits as an aimed shot of
    that weapon would at that target and distance (one accuracy/defence roll), with the
    weapon's damage at that range and its marker; a weapon laying no marker is refused, and
    without a shooter the note says the hit chance is a default."""
    blast = RULES.attacks()["blast"]
    aimed = ["shooter=ferrum-walker", "weapon=1", "target=verdant-rifleman", "distance=10"]
    one = blast.odds(blast.parse_options([*aimed, "models=0,0", "cover=0.5"]))
    weapon = RULES.data.units["ferrum-walker"].weapons[1]
    assert "blast" in weapon.traits and weapon.damage[1] == 5
    # medium range (-1), the rocket pod's +1, half hidden (a D6 of defence) and a trooper a
    # hard target for a machine (+1): RG-FIRE-ACC, RG-FIRE-DEF, RG-FIRE-HARD
    aim = float((icepool.d6 - 1 + weapon.bonus > icepool.d6 + 1).probability(True))
    assert one.distribution.p(5) == pytest.approx(1.0)  # a 10 cm marker: scatter or not
    assert f"aim roll hits {aim:.4g}" in one.notes[1]
    # a pin-point marker on a pin-point model: any scatter misses, so it is hit as aimed
    pin = blast.odds(blast.parse_options([*aimed, "cover=0.5", "models=0,0",
                                          "diameter_cm=0.1", "radius=0.01"]))
    assert pin.distribution.p(5) == pytest.approx(aim)
    with pytest.raises(AttackOptionsError, match="the main cannon lays no blast marker"):
        blast.odds(blast.parse_options(["shooter=ferrum-tank"]))
    assert "hit 0.5 is a default" in blast.odds(blast.parse_options([])).notes[1]



@pytest.mark.parametrize(("shooter", "weapon", "said"), [
    ("ferrum-walker", 1, "weapon: the Strider walker's rocket pod lays a blast marker, which"
     " may scatter onto other models (RG-BLAST): ask `warbench odds robogear blast"
     " shooter=ferrum-walker weapon=1 target=verdant-rifleman distance=10.0`"),
    ("ferrum-mortar", 0, "weapon: the Ferrum field mortar's mortar lays a blast marker, which"
     " may scatter onto other models (RG-BLAST): ask `warbench odds robogear blast"
     " shooter=ferrum-mortar weapon=0 target=verdant-rifleman distance=10.0`"),
    ("ferrum-spider", 0, "weapon: the Crawler spider's flame projector is a flamer: it rolls"
     " no aim, and its template hits every model it touches for 3 damage (RG-FLAME): ask"
     " `warbench odds robogear flame shooter=ferrum-spider weapon=0 units=verdant-rifleman`,"
     " listing the units under the template"),
])
def test_a_shot_with_a_marker_or_template_weapon_is_refused_naming_what_to_ask(
    shooter: str, weapon: int, said: str, capsys: pytest.CaptureFixture[str],
) -> None:
    """RG-BLAST, RG-IND, RG-FLAME, RG-ODDS-FLAME: `odds robogear shot` with a blast weapon
    (or a lobbing gun, or a flamer) answered as if it were an aimed shot, while the game
    lays a marker that may scatter (or a template that rolls no aim). It is refused in one
    line naming the weapon and the command to ask (`blast` for a marker, `flame` for a
    template, the target given as the unit under it), which answers."""
    args = ["odds", "robogear", "shot", f"shooter={shooter}", f"weapon={weapon}",
            "target=verdant-rifleman", "distance=10"]
    assert main(args) == USAGE_ERROR
    captured = capsys.readouterr()
    assert captured.err == f"warbench: error: {said}\n" and captured.out == ""
    assert "`" in said  # the command it names answers
    assert main(said.split("`")[1].split()[1:]) == 0
    answered = "target under the flame: 100" if "flame" in said else "aim roll hits"
    assert answered in capsys.readouterr().out
    # the walker's other weapon, its autocannon, fires aimed shots: those still answer
    assert main([*args[:3], "shooter=ferrum-walker", "weapon=0", *args[5:]]) == 0
    assert "hit: " in capsys.readouterr().out


def test_rg_list_rules_sizes_roles_command_and_deployment_depth() -> None:
    """RG-SETUP-EDGE, RG-WIN-MISSION and the engine's squad sizes, as `list validate` says
    them before any game: a squad of more troopers (or an entry of more machines) than a
    squad takes, a role no ROBOGEAR list knows, two command machines, and an army too big
    for its 20 cm deployment band, each at its list path."""
    units = [
        {"unit": "ferrum-tank", "count": 2, "role": "command"},
        {"unit": "ferrum-rifleman", "count": 9, "role": "comand"},
    ]
    army = ArmyList.model_validate(
        {"name": "Crowd", "ruleset": "robogear", "faction": "ferrum", "units": units})
    assert [str(v) for v in RULES.validate_list(army).violations] == [
        'units[1].count: 9 models, but "ferrum-rifleman" takes 1 to 8 [unit_size]',
        'units[1].role: unknown role "comand" (roles: command, attach, reserve, crew,'
        ' group:NAME), did you mean "command"? [roles]',
        "units[0].role: 2 command machines: an army has one [command]",
    ]
    horde = ArmyList.model_validate({"name": "Horde", "ruleset": "robogear", "units": [
        {"unit": "ferrum-walker", "count": 4} for _ in range(3)]})
    (deep,) = RULES.validate_list(horde).violations
    assert deep.rule == "deployment" and "steps of depth to deploy" in deep.message
    with pytest.raises(SetupError, match="deployment band"):
        RULES.setup_for([horde, _list(LISTS / "ferrum-strike.toml")])


def test_rg_the_commander_mission_needs_a_command_machine_in_every_army() -> None:
    """RG-WIN-MISSION: an army with no command machine could never be put out of the
    commander mission, so that mission refuses it, naming the list."""
    plain = ArmyList.model_validate({"name": "Headless", "ruleset": "robogear", "units": [
        {"unit": "ferrum-tank"}]})
    assert RULES.validate_list(plain).ok
    shipped = _list(LISTS / "ferrum-strike.toml")
    with pytest.raises(SetupError, match=r"armies\[1\] \(Headless\): the commander mission"):
        RULES.setup_for([shipped, plain], "commander")
    RULES.setup_for([shipped, plain])  # any other mission plays it
