"""The remembered table (:mod:`.world`), cheap state snapshots and the bot's move scores:
speed that never changes an answer."""

from __future__ import annotations

import dataclasses
import pickle

from warbench.core.engine import Game
from warbench.core.geometry import Body, Point, base_in_arc
from warbench.core.match import play_next_decision
from warbench.rulesets.dystopian_wars.actions import Move
from warbench.rulesets.dystopian_wars.attack_listing import fire_options, guns_of
from warbench.rulesets.dystopian_wars.bot_outlook import Outlook
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.geometry import ARCS, sees_past, terrain_of
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.movement import MoveSpace, move_refusal
from warbench.rulesets.dystopian_wars.state import Locked, Model, Piece, Squadron, body_of
from warbench.rulesets.dystopian_wars.world import World, fingerprint, world_of

from .helpers import RULES, reference_fire_options, state


def demo_game_at_gunnery(seed: int) -> Game:
    """A bot battle on the demo table, stopped at its first declaration of attacks by a
    ship with a shot to make."""
    game = Game.new(RULES, seed=seed, record_hashes=False)
    agents = [CommodoreBot(seed), CommodoreBot(seed + 1)]
    while not game.is_over:
        top = game.state.stack[-1]
        if (
            isinstance(top, Gunnery)
            and not RULES.data.models[state(game).models[top.part[0]].cls].tiny
            and len(game.pending()[0].options) > 1
        ):
            return game
        play_next_decision(game, agents)
    raise AssertionError("the battle ended before any attack")


def test_remembered_shots_are_the_shots_worked_out_afresh() -> None:
    """DW-ARCS, DW-RANGE-BANDS, DW-NO-OWN-TARGETS: every gun of the active squadron at
    every model gets the same refusal or shot from the remembered world as from a world
    that remembers nothing."""
    for seed in (1, 2):
        game = demo_game_at_gunnery(seed)
        game_state, data = state(game), RULES.data
        top = game.state.stack[-1]
        assert isinstance(top, Gunnery)
        world = world_of(game_state, data)
        compared = 0
        for uid in top.part:
            shooter = game_state.models[uid]
            for mount in guns_of(data, shooter):
                for target in game_state.models:
                    remembered = shot_refusal(game_state, data, shooter, mount, target,
                                              world=world)
                    fresh = shot_refusal(game_state, data, shooter, mount, target,
                                         world=World(fingerprint(game_state), game_state, data))
                    assert remembered == fresh
                    compared += 1
        assert compared > 50


def test_the_world_is_kept_until_something_on_the_table_changes() -> None:
    """DW-ARCS, DW-LAUNCH: the remembered answers last only while the table stands
    still: a model that turns about, or gains a marker (here: it launched a wing, so its
    guns are silent), makes a fresh world, whose answers follow the change."""
    game = demo_game_at_gunnery(1)
    game_state, data = state(game), RULES.data
    top = game.state.stack[-1]
    assert isinstance(top, Gunnery)
    world = world_of(game_state, data)
    assert world_of(game_state, data) is world
    shooter = game_state.models[top.part[0]]
    pairs = [(mount, target) for mount in guns_of(data, shooter) for target in game_state.models]

    def shots(of: World) -> list[tuple[str | None, object]]:
        return [shot_refusal(game_state, data, shooter, m, t, world=of) for m, t in pairs]

    before = shots(world)
    shooter.heading = (shooter.heading + 180.0) % 360.0
    turned = world_of(game_state, data)
    assert turned is not world
    assert shots(turned) == shots(World(fingerprint(game_state), game_state, data)) != before
    shooter.heading = (shooter.heading + 180.0) % 360.0
    assert world_of(game_state, data) is world
    shooter.add_marker("launching")
    marked = world_of(game_state, data)
    assert marked is not world
    assert shots(marked) == shots(World(fingerprint(game_state), game_state, data)) != before


def test_models_squadrons_and_terrain_survive_a_snapshot_whole() -> None:
    """DW-CONFORMANCE: the compact pickling of the state's pieces keeps every field (each
    set to a value other than its default)."""
    model = Model(
        uid=7, player=1, squadron=3, cls="prussia-cruiser", name="Wacht 2", x=1.5, y=2.5,
        heading=45.0, level="submerged", damage=2, ap=3, helm="reverse",
        markers={"raging-fire": 2}, broken=True, broken_at=9, alive=False, fate="captured",
        derelict=True, prize_of=0, prize_ap=2, captured_by=0, contact=[4, -1],
        grounded=True, tokens=3, fuel=2, armed=False, carried_by=5, cap_with=6, ready_turn=4,
        left_patrol=2, fired_at=[3], struck=[4], fresh={"raging-fire": 1},
    )
    defaults = Model(0, 0, 0, "", "", 0.0, 0.0, 0.0)
    assert all(
        getattr(model, field.name) != getattr(defaults, field.name)
        for field in dataclasses.fields(Model)
    )
    squadron = Squadron(3, 1, "Wacht squadron", [6, 7], activated=True, core=False)
    piece = Piece("Gull Rock", "rocks", "medium", [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
                  blocks_sight=False, full_depth=False)
    for original in (model, squadron, piece):
        copied = pickle.loads(pickle.dumps(original, protocol=pickle.HIGHEST_PROTOCOL))
        assert copied == original and copied is not original


def test_the_bots_outlook_checks_paths_as_the_rules_do() -> None:
    """DW-TURN, DW-MIN-MOVE: the path the bot scores is the plan the movement rules make
    of the same move, and a path the bot finds unsound the rules refuse too."""
    game = Game.new(RULES, seed=5, record_hashes=False)
    agents = [CommodoreBot(5), CommodoreBot(6)]
    checked = refused = 0
    while not game.is_over and checked < 40:
        decision = game.pending()[0]
        spaces = [s for s in decision.spaces if isinstance(s, MoveSpace)]
        if spaces:
            model = state(game).models[spaces[0].movers[0]]
            bot = agents[decision.player]
            assert isinstance(bot, CommodoreBot)
            outlook = Outlook(state(game), RULES.data, model, bot.caution)
            for candidate in [*bot.candidates(state(game), RULES.data, model),
                              Move(model.uid, (0.5, 45.0, 0.5))]:
                reason, plan = move_refusal(state(game), RULES.data, model, candidate)
                scored = outlook.plan(candidate)
                if reason is None:
                    assert scored == plan
                if scored is None:
                    assert reason is not None
                    refused += 1
                checked += 1
        play_next_decision(game, agents)
    assert checked >= 40 and refused > 0


def test_each_guns_kept_shots_are_the_attacks_the_rules_allow() -> None:
    """DW-FIRE-DECLARE, DW-BOARDING-LOCK: the attacks offered from each gun's shots kept
    in the world are those that asking the rules gun by gun and target by target allows,
    also once a boarding locks our crews aboard a target (no fire at it but ack-ack and
    charges)."""
    for seed in (1, 2, 4):
        game = demo_game_at_gunnery(seed)
        game_state, data = state(game), RULES.data
        top = game.state.stack[-1]
        assert isinstance(top, Gunnery)
        singles = [f for f in fire_options(game_state, data, top) if len(f.guns) == 1]
        expected = reference_fire_options(game)
        assert singles == expected and expected
        target = expected[0].target
        crew = next(
            m.uid for m in game_state.models
            if m.player == game_state.models[top.part[0]].player and m.active
            and not data.models[m.cls].beast and not data.models[m.cls].tiny
        )
        game_state.boardings.append(Locked(target, game_state.models[crew].player, [(crew, 1)]))
        locked = [f for f in fire_options(game_state, data, top) if len(f.guns) == 1]
        assert locked == reference_fire_options(game) != expected
        assert all(f.target != target or f.guns[0][1] in ("aa", "cc") for f in locked)


def test_sight_and_arcs_kept_across_worlds_are_worked_out_afresh() -> None:
    """DW-LOS, DW-ARCS: what is kept from earlier worlds (terrain across a sight line, the
    bearings a base covers, bodies by pose) gives, as a battle goes on and the worlds
    change, the sight and arcs the plain geometry works out for every pair of models."""
    game = Game.new(RULES, seed=3, record_hashes=False)
    agents = [CommodoreBot(3), CommodoreBot(4)]
    data = RULES.data
    checked = 0
    for _ in range(4):
        for _ in range(50):
            if not game.is_over:
                play_next_decision(game, agents)
        game_state = state(game)
        world = world_of(game_state, data)
        terrain, blockers = world.sight_blockers
        on_table = [m for m in game_state.models if m.alive]
        for shooter in on_table:
            shooter_spec = data.models[shooter.cls]
            seer = Body(shooter.pose(), body_of(shooter, shooter_spec).base, shooter_spec.rank)
            assert world.body(shooter.uid) == Body(
                shooter.pose(), body_of(shooter, shooter_spec).base
            )
            for target in on_table:
                if target is shooter:
                    continue
                target_spec = data.models[target.cls]
                seen = Body(target.pose(), body_of(target, target_spec).base, target_spec.rank)
                assert world.sees(shooter, target) == sees_past(seer, seen, terrain, blockers)
                for name, arc in ARCS.items():
                    assert world.in_arc(shooter.uid, name, target.uid) == base_in_arc(
                        shooter.pose(), arc, world.body(target.uid)
                    )
                checked += 1
    assert checked > 300


def test_a_piece_keeps_its_shape_until_its_outline_kind_or_sight_changes() -> None:
    """DW-TERRAIN: ``terrain_of`` hands a piece the shape it built for it while the piece's
    outline, kind and sight stay as they were, and a new, right shape once one changes
    (a moved point, another kind, sight no longer blocked)."""
    piece = Piece("rock", "island", "dense", [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0)])
    shape = terrain_of(piece)
    assert terrain_of(piece) is shape and shape.contains(Point(3.0, 1.0))
    piece.points[2] = (0.0, 3.0)
    moved = terrain_of(piece)
    assert not moved.contains(Point(3.0, 1.0)) and moved.contains(Point(1.0, 1.0))
    piece.kind = "reef"
    assert terrain_of(piece).kind == "reef"
    piece.blocks_sight = False
    assert terrain_of(piece).blocks_sight is False
