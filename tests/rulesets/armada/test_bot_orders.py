"""The tactician gives every kind of officer's order where it helps, judged from its own
seat's observation (ARM-BOT-ORDERS). The battle is the one of ``test_officers``: Lance
(fleet 0) and Wing (fleet 1) of Blue against Grudge (fleet 2) of Red."""

from __future__ import annotations

from tests.rulesets.armada.helpers import hold_position
from tests.rulesets.armada.test_officers import TABLES, act, end_window, officer, start
from warbench.core.engine import Game
from warbench.rulesets.armada.actions import ChangeRole, HoldFire, Move, Order
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.state import DISABLED


def bot_choice(game: Game) -> object:
    """What the tactician of the seat owing the decision picks, from its observation."""
    decision = game.pending()[0]
    return TacticianAgent(0).choose(game.observe(decision.player), decision)


def test_arm_bot_orders_an_officer_leaves_a_disabled_fleet() -> None:
    """ARM-BOT-ORDERS, ARM-OFF-MOVE: an officer aboard a disabled fleet moves to the adjacent
    active fleet at the start of engineering."""
    blue = [officer("Ada", "admiral", "Lance"), officer("Tec", "chief-technician", "Wing")]
    game = start([], blue)
    game.state.fleets[1].status = DISABLED
    assert bot_choice(game) == Order(1, "transfer", 0)


def test_arm_bot_orders_an_armada_without_admiral_names_one() -> None:
    """ARM-BOT-ORDERS, ARM-OFF-ROLE-CHANGE: an armada with no admiral makes one of its
    officers the admiral, before any order."""
    game = start([], [officer("Tec", "chief-technician", "Lance")])
    assert bot_choice(game) == ChangeRole(0, "admiral")


def test_arm_bot_orders_the_admiral_encourages_the_fleet_about_to_fire() -> None:
    """ARM-BOT-ORDERS, ARM-OFF-ENCOURAGE: in the gunnery phase an admiral with its order
    still to give encourages the own fleet whose waiting attack is worth most."""
    blue = [officer("Ada", "admiral", "Lance", 12)]
    game = start([1, 6, 4, 5, 9], blue)  # Red moves and fires first
    hold_position(game)
    act(game, HoldFire(2))
    choice = bot_choice(game)
    assert isinstance(choice, Order) and choice.order == "encourage"
    assert choice.fleet in (0, 1)


def test_arm_bot_orders_the_commander_holds_direct_back_for_a_duel() -> None:
    """ARM-BOT-ORDERS, ARM-OFF-DIRECT, ARM-OFF-DUEL: with an enemy fleet carrying officers
    within the duel's reach after its move, the commander gives no direct before the move and
    duels that fleet in the gunnery phase; with none near, it directs its fleet's gunnery."""
    blue = [officer("Cmd", "commander", "Lance")]
    red = [officer("Sab", "chief-spellcaster", "Grudge"), officer("Ord", "admiral", "Grudge")]
    game = start([1, 20, 7, 20, 9, 5, 1], blue, red)
    end_window(game)
    assert isinstance(bot_choice(game), Move)
    hold_position(game)
    assert bot_choice(game) == Order(0, "duel", 2)
    far = start([1, 20], blue, red, grudge_at=(0, -12, 3))
    end_window(far)
    assert bot_choice(far) == Order(0, "direct", choice="gunnery")


def test_arm_bot_orders_scan_serves_a_commanders_duel() -> None:
    """ARM-BOT-ORDERS, ARM-OFF-SCAN: the technician values scanning an enemy fleet whose
    officers are unknown only when its armada has a commander who may duel it."""
    red = [officer("Ord", "admiral", "Grudge")]
    scan = Order(0, "scan", 2)
    alone = start([], [officer("Tec", "chief-technician", "Lance")], red)
    assert TacticianAgent(0).order_score(alone.state, TABLES, scan, "helm") == 0.0
    paired = start([], [officer("Tec", "chief-technician", "Lance"),
                        officer("Cmd", "commander", "Wing")], red)
    assert TacticianAgent(0).order_score(paired.state, TABLES, scan, "helm") > 1.0
    paired.state.fleets[2].scanned = [3, 0]
    assert TacticianAgent(0).order_score(paired.state, TABLES, scan, "helm") == 0.0
