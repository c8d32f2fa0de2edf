"""A trained policy plays as an agent: the environment's encoding, outside the environment,
and in `warbench tournament` through a factory file (USERS journey 6)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import warbench.rl
from warbench.cli import app, main
from warbench.core.agents import RandomAgent
from warbench.core.botspec import BadBotSpec, UnknownBot, bot_factory
from warbench.core.match import play_match
from warbench.core.registry import ruleset
from warbench.rl import PolicyAgent
from warbench.rl.encoding import SIZE

LISTS = Path(__file__).resolve().parents[2] / "src/warbench/rulesets/full_thrust/data/lists"


def _first_slot(seen: list[dict[str, np.ndarray]]) -> Any:
    def policy(observation: dict[str, np.ndarray]) -> int:
        seen.append(observation)
        return int(np.flatnonzero(observation["action_mask"])[0])
    return policy


def test_a_policy_plays_a_whole_game_from_its_seats_observation() -> None:
    seen: list[dict[str, np.ndarray]] = []
    agent = PolicyAgent("full-thrust", _first_slot(seen), seed=3, actions=8)
    result = play_match(ruleset("full-thrust"), [agent, RandomAgent(4)], seed=5)
    assert result.outcome is not None and seen
    assert all(o["observation"].shape == (SIZE,) and o["action_mask"].sum() >= 1 for o in seen)
    assert agent.answered == len(seen)


def test_the_policy_is_given_the_vector_the_environment_gives() -> None:
    """Same observation, same encoding: what a learner trained on is what it plays on."""
    env = warbench.rl.env("hordes", actions=8, observation_size=256)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(30):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        expected = env.observe(agent)
        seen: list[dict[str, np.ndarray]] = []
        player = PolicyAgent("hordes", _first_slot(seen), seed=9, actions=8, observation_size=256)
        player.answered = env.answered[seat]
        game = env.game
        assert game is not None
        player.choose(game.observe(seat), game.pending_for(seat)[0])
        assert np.array_equal(seen[0]["observation"], expected["observation"])
        legal = np.flatnonzero(expected["action_mask"])
        env.step(int(rng.choice(legal)))


def test_a_policy_that_answers_outside_the_mask_is_told_so() -> None:
    agent = PolicyAgent("full-thrust", lambda observation: 99, seed=1, actions=8)
    with pytest.raises(ValueError, match="slot 99 is not in the action mask"):
        play_match(ruleset("full-thrust"), [agent, RandomAgent(2)], seed=1)


def test_a_policy_built_for_another_ruleset_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agent = PolicyAgent("armada", lambda observation: 0, seed=1, actions=8)
    with pytest.raises(ValueError, match="policy:armada plays armada, not hordes"):
        play_match(ruleset("hordes"), [agent, RandomAgent(2)], seed=1)
    factory = tmp_path / "my_agents.py"
    factory.write_text("from warbench.rl import PolicyAgent\n"
                       "def wrong_ruleset(seed):\n"
                       "    return PolicyAgent('armada', lambda o: 0, seed)\n")
    assert main(["simulate", "hordes", "--games", "1", "--bot", f"{factory}:wrong_ruleset",
                 "--bot", "random"]) == 2
    error = capsys.readouterr().err
    assert "policy:armada plays armada, not hordes" in error and "Traceback" not in error


def test_your_own_agent_enters_the_tournament_from_a_factory_file(tmp_path: Path) -> None:
    factory = tmp_path / "my_agents.py"
    factory.write_text(
        "import numpy as np\n"
        "from warbench.rl import PolicyAgent\n"
        "def make_agent(seed):\n"
        "    return PolicyAgent('full-thrust',\n"
        "                       lambda o: int(np.flatnonzero(o['action_mask'])[-1]), seed)\n"
    )
    lists = [str(LISTS / "concord-line.toml"), str(LISTS / "kravak-raiders.toml")]
    result = CliRunner().invoke(app, [
        "tournament", "full-thrust", *lists, "--games", "2", "--json",
        "--bot", f"{factory}:make_agent", "--bot", "random",
    ])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert sum(map(sum, data["wins"])) + data["draws"][0][1] == 2


def test_a_factory_that_cannot_be_found_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    rules = ruleset("full-thrust")
    with pytest.raises(UnknownBot, match=re.escape("bot file 'nowhere/agents.py' does not exist")):
        bot_factory(rules, "nowhere/agents.py:make")
    with pytest.raises(UnknownBot, match=re.escape("'warbench.rl' has no callable 'missing'")):
        bot_factory(rules, "warbench.rl:missing")
    with pytest.raises(UnknownBot, match=re.escape("cannot import 'no_such_package.agents'")):
        bot_factory(rules, "no_such_package.agents:make")
    assert main(["demo", "full-thrust", "--bot", "nowhere/agents.py:make"]) != 0
    error = capsys.readouterr().err
    assert "bot file 'nowhere/agents.py' does not exist" in error and "Traceback" not in error


def test_a_stored_game_is_saved_as_a_journal_anyone_can_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`replay --db --game --save`: the tournament's game as a file to publish."""
    db, saved = tmp_path / "runs.sqlite", tmp_path / "game.journal"
    lists = [str(LISTS / "concord-line.toml"), str(LISTS / "kravak-raiders.toml")]
    assert main(["tournament", "full-thrust", *lists, "--games", "1", "--db", str(db),
                 "--journals"]) == 0
    assert main(["replay", "--db", str(db), "--game", "1", "--quiet", "--save", str(saved)]) == 0
    assert main(["replay", str(saved), "--quiet"]) == 0
    assert "every hash matches" in capsys.readouterr().out
    assert main(["replay", "--db", str(db), "--game", "1", "--quiet",
                 "--save", str(tmp_path / "missing" / "a.journal")]) != 0
    assert "cannot write it" in capsys.readouterr().err


def test_a_module_in_the_current_folder_is_a_factory_without_pythonpath(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--bot my_agents:make_agent` and `--bot pkg.agents:make_agent` import from the folder
    the command runs in (the console script does not put it on the path); a name that looks
    like a bot with options is still read as one."""
    agent_code = ("from warbench.core.agents import RandomAgent\n"
                  "def make_agent(seed):\n    return RandomAgent(seed)\n")
    (tmp_path / "j26_top_agents.py").write_text(agent_code)
    (tmp_path / "j26_pkg").mkdir()
    (tmp_path / "j26_pkg" / "__init__.py").write_text("")
    (tmp_path / "j26_pkg" / "agents.py").write_text(agent_code)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    for name in ("j26_top_agents", "j26_pkg", "j26_pkg.agents"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    rules = ruleset("hordes")
    for spec in ("j26_top_agents:make_agent", "j26_pkg.agents:make_agent"):
        assert bot_factory(rules, spec)(1).choose is not None
    with pytest.raises(BadBotSpec, match="option 'iterations' is not KEY=VALUE"):
        bot_factory(rules, "search:iterations")
    with pytest.raises(UnknownBot, match="cannot import 'nosuchmod'"):
        bot_factory(rules, "nosuchmod:make")
    assert main(["demo", "hordes", "--bot", "j26_top_agents.py:make_agent:x=1"]) == 2
    error = capsys.readouterr().err
    assert "FILE.py:FACTORY or MODULE:FACTORY (a factory takes no options)" in error
    for name in ("j26_top_agents", "j26_pkg", "j26_pkg.agents"):
        sys.modules.pop(name, None)
