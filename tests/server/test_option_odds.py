"""Each seat's snapshot carries the exact odds of each attack offered (Dystopian Wars guns,
Full Thrust fire-control locks), judged from that seat's observation."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    catalog_file,
    play,
    scripted,
    setup,
    squadron,
)
from tests.rulesets.full_thrust.helpers import battle, orders, ship
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Activate, Move
from warbench.rulesets.full_thrust.actions import DeclareTarget
from warbench.server.snapshot import snapshot


def _options(snap: dict, type_: str) -> list[dict]:  # type: ignore[type-arg]
    return [o for d in snap["decisions"] for o in d["options"] if o["action"]["type"] == type_]


def test_a_dystopian_wars_seat_sees_the_odds_of_each_gun_it_may_fire(tmp_path: Path) -> None:
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    game = scripted(
        setup([squadron("test-battleship", (20.0, 24.0, 0.0), name="Dauntless")],
              [squadron("prussia-frigate", (32.0, 24.0, 180.0))]),
        [*P0_FIRST], rules,
    )
    play(game, Activate(0), Move(0, (2.0,)))
    fires = _options(snapshot(game, 0), "fire")
    assert fires and all("odds" in option for option in fires)
    odds = fires[0]["odds"]
    assert odds["outcome"] == "hull points lost" and 0 < odds["outcomes"]["destroyed"] <= 1
    assert fires[0]["label"].startswith("Dauntless")
    assert "odds" not in _options(snapshot(game, 0), "cease-fire")[0]
    assert not snapshot(game, 1)["decisions"]  # the other seat is offered nothing


def test_a_dystopian_wars_defender_sees_the_odds_each_answer_leaves_and_ack_ack_at_a_wing(
) -> None:
    """DW-ODDS-ANSWERED, DW-ODDS-WING (the walk of journey 2): asked to answer a wing's
    attack, the defender's page shows under each answer and under *decline* the odds of
    the attack it leaves (the wing brought down first, where it may be); a ship that may
    fire its ack-ack at a wing sees the tokens it would shoot down."""
    from tests.rulesets.dystopian_wars.test_answer_odds import (
        _ack_ack_at_fighters,
        _fighters_at_frigates,
    )
    from warbench.rulesets.dystopian_wars.actions import CeaseFire, Fire

    game = _fighters_at_frigates()
    fire = next(o for o in game.pending()[0].options if isinstance(o, Fire) and o.target == 1)
    play(game, fire, CeaseFire())
    snap = snapshot(game, 1)
    answers = _options(snap, "respond")
    assert answers and all(o["odds"]["outcome"] == "hull points lost" for o in answers)
    assert all(o["odds"]["outcomes"]["attacker lost first"] > 0 for o in answers)
    (declined,) = _options(snap, "decline")
    assert declined["odds"]["mean"] > max(o["odds"]["mean"] for o in answers)
    shots = [o for o in _options(snapshot(_ack_ack_at_fighters(), 0), "fire")
             if o["label"] == "Sovereign's ack-ack at Prussian fighter wing"]
    assert shots and shots[0]["odds"]["outcome"] == "tokens lost"
    assert set(shots[0]["odds"]["outcomes"]) == {"token shot down", "abort", "destroyed"}


def test_a_full_thrust_seat_sees_the_beam_odds_of_each_lock_at_the_real_range() -> None:
    game, _ = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 20.0, facing=6)],
        6, 1,
    )
    orders(game)
    locks = _options(snapshot(game, 0), "ft-declare")
    on_pike = next(o for o in locks if o["action"]["target"] == 1)
    assert on_pike["label"] == "Sabre: fire control locks on Pike (10.0 MU)"
    assert on_pike["odds"]["outcome"] == "hull damage" and on_pike["odds"]["mean"] > 0
    assert "threshold check" in on_pike["odds"]["outcomes"]
    assert "odds" not in next(o for o in locks if o["action"]["target"] == -1)


def test_a_kravak_seat_sees_odds_under_each_lock_and_each_weapon_target() -> None:
    """A Kra'Vak ship has no beams: its locks and its scattergun's target still carry
    odds (K-guns, scatterguns), in words."""
    game, _ = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                     [ship("sentinel", "Watch", 30.0, 14.0, facing=6)], 6, 1)
    orders(game)
    lock = next(o for o in _options(snapshot(game, 0), "ft-declare")
                if o["action"]["target"] == 1)
    assert lock["odds"]["outcome"] == "hull damage" and lock["odds"]["mean"] > 0
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    aims = _options(snapshot(game, 0), "ft-assign")
    assert aims[0]["odds"]["mean"] > 0 and "odds" not in aims[1]
    assert not snapshot(game, 1)["decisions"]


def test_each_weapon_target_reads_in_words_with_its_odds_and_holding_reads_hold_fire() -> None:
    """Two locks on two ships: each K2 gun is asked, its options name the gun, the target
    and its distance, with the odds of that one gun; holding fire says so."""
    game, _ = battle([ship("drakhan", "Vesh", 30.0, 10.0)],
                     [ship("sentinel", "Watch", 26.0, 30.0, facing=6),
                      ship("sentinel", "Ward", 34.0, 30.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    game.apply(0, DeclareTarget(0, 2, "ship", 2))
    snap = snapshot(game, 0)
    assert snap["decisions"][0]["prompt"] == "Vesh: choose a target for the K2 gun"
    labels = [o["label"] for o in _options(snap, "ft-assign")]
    assert labels == ["Vesh: K2 gun 1 fires at Watch (20.4 MU)",
                      "Vesh: K2 gun 1 fires at Ward (20.4 MU)", "Vesh: K2 gun 1 holds fire"]
    aims = _options(snap, "ft-assign")
    assert all(o["odds"]["mean"] > 0 for o in aims[:2]) and "odds" not in aims[2]


def test_dw_odds_boarding_ram_and_charges_show_on_the_web_table() -> None:
    """DW-ODDS-BOARDING, DW-ODDS-RAM, DW-ODDS-MINES (the web table): the boarding options
    carry the assault's odds (how it ends, with the answer assumed said as a fact; a
    boarding creature's also what the answer does to its hull); a move
    considered that rams carries the ram's odds, one whose odds are not known yet (a mine
    on the way) says why in place of numbers; each way to use charges at mines carries
    the chance each mine is destroyed."""
    from tests.rulesets.dystopian_wars.helpers import refresh, state
    from tests.rulesets.dystopian_wars.test_boarding import ALONGSIDE
    from tests.rulesets.dystopian_wars.test_offered_odds import FRIGATES, SOVEREIGN
    from tests.rulesets.dystopian_wars.test_prizes_and_charges import two_cruisers
    from warbench.rulesets.dystopian_wars.actions import CeaseFire
    from warbench.rulesets.dystopian_wars.state import Mine
    from warbench.server.consider import consider

    game = scripted(ALONGSIDE, [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    boards = _options(snapshot(game, 0), "board")
    assert boards and all(set(o["odds"]["outcomes"]) == {
        "captured", "repelled", "both lose AP", "both wiped out"} for o in boards)
    assert boards[0]["odds"]["facts"] == [
        "if Hagel 1's squadron answers with all its ack-ack, each model on its own"]
    assert "odds" not in _options(snapshot(game, 0), "end-boarding")[0]
    # a boarding creature's option: the answer strikes its hull (it showed no odds before)
    from tests.rulesets.dystopian_wars.test_offered_odds import _leviathan
    beast = _options(snapshot(_leviathan(hull=2), 0), "board")
    assert beast and all("withheld" not in o["odds"] and {
        "repelled", "attacker none", "attacker destroyed"} <= set(o["odds"]["outcomes"])
        for o in beast)

    rams = scripted(setup(SOVEREIGN, [FRIGATES]), [*P0_FIRST, *[1] * 40])
    play(rams, Activate(0))
    ram = consider(rams, 0, {"action": Move(0, (7.0,)).to_plain()})
    assert ram["odds"]["outcome"] == "hits" and "mover destroyed" in ram["odds"]["outcomes"]
    assert ram["odds"]["facts"][0] == "rams Hagel 1"
    state(rams).mines.append(Mine(0, 1, 36.0, 14.0, 3, 2, armed=True))
    refresh(rams)
    mined = consider(rams, 0, {"action": Move(0, (7.0,)).to_plain()})
    assert set(mined["odds"]) == {"withheld"} and "sets off a mine" in mined["odds"]["withheld"]

    sweeps = _options(snapshot(two_cruisers(Mine(0, 1, 30.0, 16.5, 1, 2, armed=True),
                                            Mine(1, 1, 33.0, 15.0, 2, 2, armed=True)), 0),
                      "sweep-mines")
    assert len(sweeps) == 4 and all("destroyed" in " ".join(o["odds"]["outcomes"])
                                    for o in sweeps)
