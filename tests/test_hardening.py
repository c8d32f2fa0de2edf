"""Issue 11, item by item: every input bounded and strictly typed, every refusal before the
work, no secret in a hash. The corpus in ``tests/fuzz`` throws many more of each kind."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.duel import Duel, Pass, Shoot
from warbench.cli import USAGE_ERROR, VERIFY_FAILED, main
from warbench.core.actions import ActionFormatError, type_refusal
from warbench.core.agents import RandomAgent
from warbench.core.catalog import DataFileError, load_model, parse_toml
from warbench.core.engine import Game
from warbench.core.journal import Journal, JournalFileError
from warbench.core.limits import MAX_GAMES, TooLarge, read_limited_text
from warbench.core.lists import ArmyList
from warbench.core.match import play_next_decision
from warbench.core.registry import ruleset
from warbench.core.seat_export import seat_journal
from warbench.core.sim.store import StoredGameMismatch, StoreError, load_journal

FT_LIST = 'name = "Big"\nruleset = "full-thrust"\nfaction = "NAC"\n[[units]]\nunit = "citadel"\n'


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("warbench: error: ")
    return err


@pytest.fixture(scope="module")
def ft_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ft")
    assert main(["demo", "full-thrust", "--seed", "4", "--out", str(folder), "--quiet"]) == 0
    return folder / "full-thrust-seed4.json"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("store") / "runs.sqlite"
    args = ["simulate", "full-thrust", "--games", "1", "--db", str(db), "--journals", "--json"]
    assert main(args) == 0
    return db


def test_item_1_sizes_are_bounded(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    started = time.perf_counter()
    assert main(["odds", "dystopian-wars", "gunnery", "dice=1000000000"]) == USAGE_ERROR
    assert "dice=1000000000: at most 100" in _error(capsys)
    assert main(["odds", "full-thrust", "beam", "batteries=100000"]) == USAGE_ERROR
    assert "batteries=100000: at most 100" in _error(capsys)
    # each option within its bound, their product not: at most 100 dice in all (README)
    assert main(["odds", "full-thrust", "beam", "beam_class=6", "batteries=100"]) == USAGE_ERROR
    assert "100 batteries of 6 dice: 600 dice in all; at most 100 dice" in _error(capsys)
    assert main(["odds", "full-thrust", "pulser", "pulsers=100"]) == USAGE_ERROR
    assert "dice in all; at most 100 dice" in _error(capsys)
    assert main(["odds", "full-thrust", "submunition", "packs=100"]) == USAGE_ERROR
    assert "dice in all; at most 100 dice" in _error(capsys)
    assert main(["odds", "dystopian-wars", "gunnery", "dice=100", "linked=100,100,100",
                 "combined=true"]) == USAGE_ERROR
    assert "100 dice and 300 linked: 400 dice in all" in _error(capsys)
    assert main(["odds", "robogear", "shot", "damage=1000"]) == USAGE_ERROR
    assert _error(capsys).endswith("shot: damage=1000: at most 100")  # not "either way"
    assert main(["simulate", "full-thrust", "--games", str(10**12)]) == USAGE_ERROR
    assert f"give 1 to {MAX_GAMES:,} games" in _error(capsys)
    assert main(["replay", "/dev/zero"]) == USAGE_ERROR
    assert "larger than" in _error(capsys)
    assert time.perf_counter() - started < 30
    (tmp_path / "big").write_text("x" * 11)
    with pytest.raises(TooLarge, match="larger than 10 bytes"):
        read_limited_text(tmp_path / "big", 10, "big")


def test_item_2_deep_nesting_is_refused(tmp_path: Path) -> None:
    with pytest.raises(JournalFileError, match="nested too deep"):
        Journal.loads("[" * 100_000, "deep.json")
    with pytest.raises(JournalFileError, match="nested 65 deep"):
        Journal.loads("[" * 65 + "]" * 65, "deep.json")
    with pytest.raises(DataFileError, match="nested deeper than 64"):
        parse_toml("a = " + "[" * 5000 + "]" * 5000, "deep.toml")


def test_item_3_ids_beyond_sqlite_are_refused(
    store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(StoreError, match="ids run from 1 to 9223372036854775807"):
        load_journal(store, 2**63)
    args = ["simulate", "full-thrust", "--games", "1", "--db", str(store), "--compare"]
    assert main([*args, str(2**64)]) == USAGE_ERROR
    assert "run 18446744073709551616: ids run from 1" in _error(capsys)


def test_item_4_full_thrust_lists_keep_the_ship_count_limit(tmp_path: Path) -> None:
    rules = ruleset("full-thrust")
    (tmp_path / "13.toml").write_text(FT_LIST + "count = 13\n")
    report = rules.validate_list(load_model(tmp_path / "13.toml", ArmyList))
    assert not report.ok and any(v.path == "units[0].count" for v in report.violations)
    (tmp_path / "huge.toml").write_text(FT_LIST + "count = 1000000000\n")
    with pytest.raises(DataFileError, match=r"units\[0\].count"):
        load_model(tmp_path / "huge.toml", ArmyList)


def test_item_5_armada_order_naming_no_fleet_is_refused_by_check() -> None:
    from warbench.rulesets.armada.actions import Order

    rules = ruleset("armada")
    game = Game.new(rules, seed=5)
    agents = [RandomAgent(1), RandomAgent(2)]
    found = 0
    while not game.is_over and found < 3:
        for decision in game.pending():
            candidates = list(decision.options)
            for space in decision.spaces:
                candidates += getattr(space, "candidates", list)()
            for order in (action for action in candidates if isinstance(action, Order)):
                for field in ("fleet", "ally"):
                    bad = Order(**{**_fields(order), field: 1_000_000})
                    reason = game.check(decision.player, bad)
                    assert reason is not None, bad
                found += 1
                break
        play_next_decision(game, agents)
    assert found


def _fields(order: object) -> dict[str, object]:
    plain = dict(order.to_plain())  # type: ignore[attr-defined]
    del plain["type"]
    return plain


def test_item_6_nan_is_refused_by_the_codec_and_by_check() -> None:
    from warbench.rulesets.dystopian_wars.actions import Move

    codec = ruleset("dystopian-wars").codec
    with pytest.raises(ActionFormatError, match="not JSON data"):
        codec.decode({"type": "move", "model": 0, "path": [1.0], "mine_at": math.nan})
    assert type_refusal(Move(0, (1.0,), mine_at=math.nan)) is not None
    assert type_refusal(Move(0, (math.inf,))) is not None
    assert type_refusal(Move(0, (1.0,), mine_at=2.0)) is None


def test_item_7_check_refuses_loose_types() -> None:
    game = Game.new(Duel(), seed=1, players=2)
    while not any(decision.spaces for decision in game.pending()):
        play_next_decision(game, [RandomAgent(1), RandomAgent(2)])
    decision = next(decision for decision in game.pending() if decision.spaces)
    player = decision.player
    good = decision.spaces[0].sample(game.state.rng.copy(), 1)[0]
    assert isinstance(good, Shoot) and game.check(player, good) is None
    for bad in (Shoot(True, good.bearing), Shoot(1.0, good.bearing),  # type: ignore[arg-type]
                Shoot(good.target, good.bearing, power=True)):
        assert "valid integer" in (game.check(player, bad) or "")
    assert "there is no seat True" in (game.check(True, Pass()) or "")  # type: ignore[arg-type]


def test_item_8_outputs_are_checked_before_any_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import warbench.sim_cli

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played before the output was checked")

    monkeypatch.setattr(warbench.sim_cli, "simulate", no_games)
    args = ["simulate", "full-thrust", "--games", "1000", "--report"]
    assert main([*args, "/proc/report.html"]) == USAGE_ERROR
    assert "--report /proc/report.html: cannot write" in _error(capsys)
    assert main([*args, str(tmp_path)]) == USAGE_ERROR
    assert "is a folder" in _error(capsys)
    assert main(["odds", "full-thrust", "beam", "--plot", str(tmp_path / "x.txt")]) == 2
    assert "must end in .png or .svg" in _error(capsys)


def test_item_9_read_only_and_empty_stores(store: Path, tmp_path: Path) -> None:
    readonly = tmp_path / "readonly.sqlite"
    readonly.write_bytes(store.read_bytes())
    readonly.chmod(0o444)
    assert main(["replay", "--db", str(readonly), "--game", "1", "--quiet"]) == 0
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    with pytest.raises(StoreError, match="results format 0"):
        load_journal(empty, 1)
    assert empty.stat().st_size == 0  # no schema was written into it


def _children(parent: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_item_10_workers_die_with_a_killed_simulation() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-c", "from warbench.cli import main; main()", "simulate",
               "full-thrust", "--games", "100000", "--workers", "2"]
    parent = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(children := _children(parent.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(children) >= 3  # two workers and the resource tracker
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in children if _alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left


def test_item_11_exit_codes_and_wording(
    ft_journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    good = json.loads(ft_journal.read_text())
    for change in ({"players": 0}, {"players": 3}, {"seed": -1}, {"seed": True}, {"seed": "1"},
                   {"setup": {**good["setup"], "bogus": 1}}):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**good, **change}))
        assert main(["replay", str(path), "--quiet"]) == USAGE_ERROR, change
        _error(capsys)
    path = tmp_path / "other.json"
    path.write_text(json.dumps({**good, "version": "999"}))
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "written by full-thrust 999" in capsys.readouterr().out
    bare = {**good, "opening_hash": None,
            "entries": [{k: v for k, v in e.items() if k != "hash"} for e in good["entries"]]}
    path.write_text(json.dumps(bare))
    assert main(["replay", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "every hash matches" not in out and "nothing was verified" in out
    for argv in (["demo", ""], ["demo", "full-thrust", "--bot", ""],
                 ["odds", "dystopian-wars", "gunnery", "dice=13", "dice=14"]):
        assert main(argv) == USAGE_ERROR
        _error(capsys)
    assert main(["odds", "full-thrust", "beam", "range=inf"]) == USAGE_ERROR
    assert "range=inf: give a finite number" in _error(capsys)

    def changed(db: Path, game: int, data: Path | None = None) -> Journal:
        raise StoredGameMismatch("game 1 played again does not end as stored")

    monkeypatch.setattr("warbench.replay_cli.load_journal", changed)
    assert main(["replay", "--db", str(path), "--game", "1"]) == VERIFY_FAILED


def test_item_12_a_seat_export_holds_no_oracle_for_hidden_orders() -> None:
    rules = ruleset("full-thrust")
    exports = []
    for choice in (0, 1):
        game = Game.new(rules, seed=9)
        (mine,) = game.pending_for(0)[:1]
        (theirs,) = game.pending_for(1)[:1]
        assert theirs.options[0] != theirs.options[1]
        game.apply(1, theirs.options[choice])  # the rival's hidden order differs ...
        game.apply(0, mine.options[0])
        exports.append(seat_journal(game.journal, 0, rules=rules))
    assert exports[0] == exports[1]  # ... and nothing seat 0 is handed tells them apart
    text = json.dumps(exports[0])
    assert '"hash"' not in text and '"seed"' not in text and "opening_hash" not in text
    assert exports[0]["steps"][0]["player"] == 1 and "action" not in exports[0]["steps"][0]
    assert exports[0]["steps"][1]["action"] == mine.options[0].to_plain()
