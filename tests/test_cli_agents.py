"""Your own agent on the command line: a broken one is one line naming it and its fault, in
`simulate`, `tournament` and `demo` alike (USERS journey 6), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.cli import main

LISTS = Path(__file__).resolve().parents[1] / "src/warbench/rulesets/full_thrust/data/lists"

AGENTS = '''
import numpy as np
from warbench.rl import PolicyAgent

def make_none(seed):
    return None

def make_raises(seed):
    raise RuntimeError("factory failed")

class Talker:
    def choose(self, observation, decision):
        return "move north"

def make_bad_action(seed):
    return Talker()

class Crasher:
    def choose(self, observation, decision):
        raise KeyError("oops")

def make_crasher(seed):
    return Crasher()

def bad_slot(seed):
    return PolicyAgent("full-thrust", lambda o: 999, seed)
'''

CASES = [
    ("make_none", "the factory returned None, not an agent"),
    ("make_raises", "the factory raised RuntimeError: factory failed"),
    ("make_bad_action", "choose returned 'move north', not an action"),
    ("make_crasher", "choose raised KeyError: 'oops'"),
    ("bad_slot", "choose raised ValueError: policy:full-thrust: slot 999 is not in the action"
                 " mask"),
]


@pytest.mark.parametrize("command", ["simulate", "tournament", "demo"])
@pytest.mark.parametrize(("factory", "fault"), CASES)
def test_a_broken_agent_is_one_line_naming_it_and_its_fault(
    command: str, factory: str, fault: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    agents = tmp_path / "my_agents.py"
    agents.write_text(AGENTS)
    bot = f"{agents}:{factory}"
    args = {
        "simulate": ["simulate", "full-thrust", "--games", "1", "--bot", bot, "--bot", "random"],
        "tournament": ["tournament", "full-thrust", str(LISTS / "concord-line.toml"),
                       str(LISTS / "kravak-raiders.toml"), "--games", "1", "--bot", bot,
                       "--bot", "random"],
        "demo": ["demo", "full-thrust", "--quiet", "--out", str(tmp_path), "--bot", bot],
    }[command]
    assert main(args) == 2
    error = capsys.readouterr().err
    assert "Traceback" not in error and error.count("\n") == 1, error
    assert error.startswith("warbench: error: ") and f"bot '{bot}'" in error and fault in error
    if command != "demo":  # a run of many games says which game and seed
        assert "game 0 of the run seeded" in error


def test_a_stored_game_whose_agent_file_is_gone_is_one_line_saying_how_to_replay_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """USERS journey 6: a game stored without its journal is played again to be replayed;
    where its agent file cannot be found from here (a path relative to the folder the run
    was played in), `replay` and `render` say so in one line, never a traceback."""
    played_in = tmp_path / "work"
    played_in.mkdir()
    (played_in / "my_agents.py").write_text(AGENTS + "\ndef make(seed):\n"
                                            "    from warbench.core.agents import RandomAgent\n"
                                            "    return RandomAgent(seed)\n")
    db = tmp_path / "r.sqlite"
    monkeypatch.chdir(played_in)
    assert main(["simulate", "full-thrust", "--games", "1", "--bot", "my_agents.py:make",
                 "--bot", "random", "--db", str(db)]) == 0
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    for command in (["replay", "--quiet"], ["render", "--out", str(tmp_path / "t.svg")]):
        assert main([*command, "--db", str(db), "--game", "1"]) == 2
        error = capsys.readouterr().err
        assert "Traceback" not in error and error.count("\n") == 1, error
        assert "bot file 'my_agents.py' does not exist" in error
        assert "run this from the folder the run was played in" in error
