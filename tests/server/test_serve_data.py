"""`warbench serve --data RULESET=FOLDER`: the web table plays a designer's data folder, and
the replay viewer shows the games played with it (USERS journey 5: a designer runs a
variant with `simulate --data`, then steps through the strangest game on the board)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import auth, create, wait_for_decision
from warbench.cli import USAGE_ERROR, main
from warbench.core.journal import Journal
from warbench.rulesets.dystopian_wars.data import DATA_DIR as DW_DATA
from warbench.rulesets.full_thrust.library import DATA_DIR as FT_DATA
from warbench.server.app import create_app
from warbench.server.rulebook import DataOptionError, Rulebook, parse_data_options


def _battles_of(folder: Path, turns: int) -> Path:
    """A player's Full Thrust folder whose battles last ``turns`` turns (shipped: 12)."""
    folder.mkdir()
    rules = (FT_DATA / "rules.toml").read_text()
    assert "turns = 12" in rules
    (folder / "rules.toml").write_text(rules.replace("turns = 12", f"turns = {turns}"))
    return folder


@pytest.fixture
def short_battles(tmp_path: Path) -> Path:
    """Full Thrust battles of two turns: quick games a designer is trying out."""
    return _battles_of(tmp_path / "my-data", 2)


@pytest.fixture
def results(short_battles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A results file of `simulate full-thrust --data my-data --db` (one game)."""
    db = tmp_path / "results.sqlite"
    assert main(["simulate", "full-thrust", "--games", "1", "--bot", "random", "--db", str(db),
                 "--data", str(short_battles)]) == 0
    capsys.readouterr()
    return db


def test_simulate_names_the_serve_command_whose_viewer_shows_its_stored_games(
    short_battles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After the games worth replaying, a stored run says how to step through them on the
    board: `serve` with the run's data folder, and the replay viewer; so does the report."""
    for data, serve in ([], "warbench serve"),\
            (["--data", str(short_battles)], f"warbench serve --data full-thrust={short_battles}"):
        db, report = tmp_path / f"results{len(data)}.sqlite", tmp_path / f"r{len(data)}.html"
        assert main(["simulate", "full-thrust", "--games", "1", "--bot", "random", "--db",
                     str(db), "--report", str(report), *data]) == 0
        out = capsys.readouterr().out
        assert "Games worth replaying:" in out
        assert f"On the board: `{serve}`, then its replay viewer (/replay) loads {db} and" \
            " steps through any game." in out
        assert f"on the board, <code>{serve}</code> and its replay viewer" in report.read_text()


def _client(db: Path, folders: dict[str, Path] | None = None) -> TestClient:
    return TestClient(create_app(db, Rulebook(folders)))


@pytest.fixture
def served(tmp_path: Path, short_battles: Path) -> Iterator[TestClient]:
    """A server started with `--data full-thrust=my-data` (its own games file)."""
    with _client(tmp_path / "served.sqlite", {"full-thrust": short_battles}) as client:
        yield client


def _serve(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["serve", "--port", "1", *args])
    return status, capsys.readouterr().err


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("my-data", "--data my-data: serve takes the ruleset a folder is for and the folder,"
                    " --data RULESET=my-data (rulesets: armada, dystopian-wars, full-thrust,"),
        ("full-thrust=", "--data full-thrust=FOLDER"),
        ("=my-data", "--data RULESET=my-data"),
    ],
)
def test_a_data_option_that_names_no_ruleset_or_no_folder_is_refused_saying_the_shape(
    value: str, said: str
) -> None:
    with pytest.raises(DataOptionError) as refused:
        parse_data_options([value])
    assert said in str(refused.value)


def test_one_folder_per_ruleset_and_each_folder_kept_as_given() -> None:
    assert parse_data_options(["full-thrust=a=b", "hordes=../my data"]) == {
        "full-thrust": Path("a=b"), "hordes": Path("../my data")}
    with pytest.raises(DataOptionError, match="full-thrust is given a data folder twice"):
        parse_data_options(["full-thrust=a", "full-thrust=b"])


def test_serve_refuses_a_bad_data_folder_at_start_in_one_line_naming_the_option_and_file(
    tmp_path: Path, short_battles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each mistake is one `warbench: error:` line naming `--data RULESET=FOLDER` (and the
    file at fault), before the server's file is created and before it listens."""
    db = tmp_path / "games.sqlite"
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "rules.toml").write_text('turns = "two"\n')
    cases = [
        (["--data", f"fulll-thrust={short_battles}"],
         f"--data fulll-thrust={short_battles}: unknown ruleset 'fulll-thrust'; did you mean"
         " 'full-thrust'?"),
        (["--data", f"full-thrust={tmp_path / 'nowhere'}"],
         f"--data full-thrust={tmp_path / 'nowhere'}: no such folder"),
        (["--data", f"full-thrust={broken}"],
         f"--data full-thrust={broken}: {broken / 'rules.toml'}: "),
        (["--data", f"hordes={short_battles}"],
         f"--data hordes={short_battles}: {short_battles / 'rules.toml'}: this ruleset has no"
         " data file 'rules.toml'"),
        (["--data", str(short_battles)],
         f"--data {short_battles}: serve takes the ruleset a folder is for"),
    ]
    for args, said in cases:
        status, err = _serve([*args, "--db", str(db)], capsys)
        assert status == USAGE_ERROR, args
        assert err.startswith(f"warbench: error: {said}"), err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert not db.exists()


def test_serve_says_which_rulesets_play_a_data_folder(
    tmp_path: Path, short_battles: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[Any] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **options: started.append(app))
    db = tmp_path / "games.sqlite"
    assert main(["serve", "--port", "1", "--db", str(db),
                 "--data", f"full-thrust={short_battles}"]) == 0
    digest = Rulebook({"full-thrust": short_battles}).installed("full-thrust").data_digest
    assert f"full-thrust plays the data folder {short_battles} (digest {digest})" in \
        capsys.readouterr().out
    assert len(started) == 1


def test_the_lobby_says_which_ruleset_plays_a_data_folder_and_its_games_play_it(
    db: Path, short_battles: Path
) -> None:
    """A new game of the served ruleset plays the player's data (two-turn battles), its
    journal records the folder's digest as `simulate --data`'s do, and it resumes after a
    restart with the folder; the other rulesets play their shipped data."""
    with _client(db, {"full-thrust": short_battles}) as client:
        listed = {rules["id"]: rules["data"] for rules in client.get("/api/rulesets").json()}
        digest = listed["full-thrust"]
        assert digest and all(data is None for key, data in listed.items() if key != "full-thrust")
        game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        plain = create(client, "hordes", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        journal: Journal = client.app.state.hub.room(game["id"]).session.journal  # type: ignore[attr-defined]
        assert journal.data == digest and journal.setup["turns"] == 2
        games = {row["id"]: row["data"] for row in client.get("/api/games").json()}
        assert games == {game["id"]: digest, plain["id"]: None}
        replay = client.post(f"/api/games/{game['id']}/replay",
                             headers=auth(game["seats"][0]["link"]))
        assert replay.status_code == 200 and replay.json()["data"] == digest
    with _client(db, {"full-thrust": short_battles}) as client:  # restarted with the folder
        assert wait_for_decision(client, game["id"], game["seats"][0]["link"])["decisions"]
        resumed = client.app.state.hub.room(game["id"]).session.journal  # type: ignore[attr-defined]
        assert resumed.data == digest and resumed.setup["turns"] == 2
        assert wait_for_decision(client, plain["id"], plain["seats"][0]["link"])["decisions"]


def test_the_lobby_prices_lists_and_shows_cards_with_the_served_data(
    db: Path, tmp_path: Path
) -> None:
    """DW-FLEET-PRICE on the web: with a folder where the Britannian cruiser costs 200
    points (shipped: 60) and a heavy cruiser is added, the lobby's list check prices the
    shipped 1000-point fleet at 1405 and the catalog has the new class's card."""
    shipped = (DW_DATA / "models.toml").read_text()
    start = shipped.index("[britannia-cruiser]\n")
    end = shipped.index("\n[britannia-", start + 1)
    while shipped.startswith("\n[[britannia-cruiser.", end):
        end = shipped.index("\n[britannia-", end + 1)
    record = shipped[start:end]
    folder = tmp_path / "dw-data"
    folder.mkdir()
    (folder / "models.toml").write_text(
        record.replace("\npoints = 60\n", "\npoints = 200\n") + "\n"
        + record.replace("britannia-cruiser", "britannia-heavy-cruiser") + "\n")
    fleet = (DW_DATA / "fleets" / "britannia-1000.toml").read_text()
    check = {"ruleset": "dystopian-wars", "lists": [fleet]}
    heavy = "/api/rulesets/dystopian-wars/catalog/britannia-heavy-cruiser"
    with _client(db, {"dystopian-wars": folder}) as client:
        report = client.post("/api/lists/check", json=check).json()["reports"][0]
        assert report["points"] == 1405 and not report["ok"]
        assert client.get(heavy).status_code == 200
    with _client(db) as client:
        assert client.post("/api/lists/check", json=check).json()["reports"][0]["points"] == 985
        assert client.get(heavy).status_code == 404


def test_a_game_of_a_data_folder_is_not_resumed_by_a_server_without_it_and_says_why(
    db: Path, short_battles: Path
) -> None:
    with _client(db, {"full-thrust": short_battles}) as client:
        game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    with _client(db) as client:
        refused = client.get(f"/api/games/{game['id']}/state",
                             headers=auth(game["seats"][0]["link"]))
        assert refused.status_code == 409
        assert refused.json()["detail"].startswith(
            f"game {game['id']} cannot be resumed: it was played with a player's data folder"
            " (digest ")
        assert "start the server with `warbench serve --data full-thrust=FOLDER`" in \
            refused.json()["detail"]
    with _client(db) as client:  # a game of the shipped data goes on under a server with --data
        shipped = create(client, "full-thrust", [{"kind": "person"}, {"kind": "person"}])
    with _client(db, {"full-thrust": short_battles}) as client:
        assert wait_for_decision(client, shipped["id"], shipped["seats"][0]["link"])["decisions"]
        journal = client.app.state.hub.room(shipped["id"]).session.journal  # type: ignore[attr-defined]
        assert journal.data is None and journal.setup["turns"] == 12


def test_the_viewer_steps_through_a_results_game_played_with_the_served_folder(
    served: TestClient, results: Path
) -> None:
    """Journey 5: the game `simulate --data --db` names is shown on the board, every hash
    verified, at any step, as any seat."""
    loaded = served.post("/api/replays/results?game=1", content=results.read_bytes())
    assert loaded.status_code == 200, loaded.text
    replay = loaded.json()
    assert replay["verified"] == "every hash matches"
    served_data = {rules["id"]: rules["data"] for rules in served.get("/api/rulesets").json()}
    assert replay["data"] == served_data["full-thrust"]
    assert replay["steps"] > 1
    opening = served.get(f"/api/replays/{replay['id']}/0").json()
    last = served.get(f"/api/replays/{replay['id']}/{replay['steps']}?seat=1").json()
    assert opening["scene"]["shapes"] and last["step"] == replay["steps"] and last["log"]


def test_without_the_folder_the_viewer_says_which_serve_data_shows_the_game(
    client: TestClient, results: Path, short_battles: Path
) -> None:
    """One line: the folder the run was played with, the `serve --data` that shows it
    here, and the command line that narrates it."""
    answer = client.post("/api/replays/results?game=1", content=results.read_bytes())
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert detail.startswith(
        f"game 1 (run 1) was played with a player's data folder, {short_battles} (digest ")
    assert "this server plays full-thrust with the shipped data: start the server with" \
        f" `warbench serve --data full-thrust={short_battles}` to see it here" in detail
    assert "or on the command line, `warbench replay --db RESULTS --game 1 --data FOLDER`" \
        " narrates it step by step" in detail
    assert "\n" not in detail


def test_a_results_game_of_other_data_than_the_served_folder_is_refused(
    db: Path, results: Path, tmp_path: Path
) -> None:
    longer = _battles_of(tmp_path / "longer", 3)
    with _client(db, {"full-thrust": longer}) as client:
        answer = client.post("/api/replays/results?game=1", content=results.read_bytes())
        assert answer.status_code == 400
        assert "but this server plays full-thrust with another data folder (digest" in \
            answer.json()["detail"]


def test_a_journal_of_a_data_folder_replays_where_it_is_served_and_not_elsewhere(
    served: TestClient, client: TestClient, short_battles: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["demo", "full-thrust", "--seed", "2", "--quiet", "--out", str(out),
                 "--data", str(short_battles)]) == 0
    capsys.readouterr()
    journal = (out / "full-thrust-seed2.json").read_bytes()
    shown = served.post("/api/replays", content=journal)
    assert shown.status_code == 200, shown.text
    assert shown.json()["verified"] == "every hash matches"
    refused = client.post("/api/replays", content=journal)
    assert refused.status_code == 400
    detail = refused.json()["detail"]
    assert "start the server with `warbench serve --data full-thrust=FOLDER` to see it" \
        " here" in detail
    assert "`warbench replay JOURNAL --data FOLDER` narrates it step by step" in detail


def _turns(client: TestClient, game_id: str) -> tuple[str | None, int]:
    """The data digest a live game's journal records and its battle's length in turns."""
    journal: Journal = client.app.state.hub.room(game_id).session.journal  # type: ignore[attr-defined]
    return journal.data, journal.setup["turns"]


def test_a_folder_edited_while_the_server_runs_plays_in_new_games_only(
    db: Path, short_battles: Path
) -> None:
    """Journey 5: the designer changes the served folder (battles of 3 turns, not 2) while
    the server runs; new games play the edit under its own digest, the game already live
    goes on with the data it began with, its journal is refused saying the folder has
    changed since (and replays once the files are put back); an edit that breaks the folder
    refuses new games, naming the file and key, and the lobby says why, until it is fixed."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    rules = short_battles / "rules.toml"
    two_turns = rules.read_text()
    with _client(db, {"full-thrust": short_battles}) as client:
        before = create(client, "full-thrust", seats)
        old = _turns(client, before["id"])[0]
        rules.write_text(two_turns.replace("turns = 2", "turns = 3"))
        after = create(client, "full-thrust", seats)
        new = _turns(client, after["id"])[0]
        assert new is not None and new != old and _turns(client, after["id"])[1] == 3
        assert _turns(client, before["id"]) == (old, 2)
        listed = {one["id"]: one for one in client.get("/api/rulesets").json()}
        assert listed["full-thrust"]["data"] == new
        journal = client.app.state.hub.room(before["id"]).session.journal  # type: ignore[attr-defined]
        refused = client.post("/api/replays", content=journal.dumps())
        assert refused.status_code == 400
        assert refused.json()["detail"].startswith(
            f"the journal was played with the data folder {short_battles} as it was earlier"
            f" (digest {old}); its files have changed since (digest {new} now): put them back"
            " as they were to go on with it")
        rules.write_text(two_turns.replace("turns = 2", 'turns = "two"'))
        broken = client.post("/api/games", json={"ruleset": "full-thrust", "seats": seats})
        assert broken.status_code == 422
        detail = broken.json()["detail"]
        assert detail.startswith(f"--data full-thrust={short_battles}: {rules}: game.turns:"
                                 ' expected an integer, got the string "two" (the folder changed'
                                 " while the server runs; new full-thrust games start again"
                                 " once it reads)")
        listed = {one["id"]: one for one in client.get("/api/rulesets").json()}
        assert listed["full-thrust"]["data_error"] == detail
        rules.write_text(two_turns)
        assert client.post("/api/replays", content=journal.dumps()).status_code == 200
        assert _turns(client, create(client, "full-thrust", seats)["id"]) == (old, 2)
    rules.write_text(two_turns.replace("turns = 2", "turns = 3"))
    with _client(db, {"full-thrust": short_battles}) as client:  # restarted: A cannot resume
        answer = client.get(f"/api/games/{before['id']}/state",
                            headers=auth(before["seats"][0]["link"]))
        assert answer.status_code == 409 and f"(digest {old})" in answer.json()["detail"]
        assert _turns(client, after["id"]) == (new, 3)
