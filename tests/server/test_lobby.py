"""The lobby API: installed rulesets, list checks with every violation, creating games."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.helpers import create
from warbench.core.registry import ruleset

LISTS = Path(__file__).parents[2] / "src/warbench/rulesets/armada/data/lists"
BROKEN = Path(__file__).parents[1] / "rulesets/armada/lists/broken-armada.toml"


def test_rulesets_lists_every_installed_ruleset_with_its_bots(client: TestClient) -> None:
    rulesets = {item["id"]: item for item in client.get("/api/rulesets").json()}
    assert {"armada", "dystopian-wars", "full-thrust"} <= set(rulesets)
    assert "random" in rulesets["full-thrust"]["bots"]
    assert "beam" in rulesets["full-thrust"]["attacks"]


def test_the_odds_forms_hints_read_as_values_not_python(client: TestClient) -> None:
    """An attack option left empty shows its default as a grey hint: ``auto`` where the
    units decide it, text without quotes (the table used to show ``None`` and ``'hits'``)."""
    rulesets = {item["id"]: item for item in client.get("/api/rulesets").json()}
    for item in rulesets.values():
        for attack in item["attacks"].values():
            for option in attack["options"]:
                assert option["default"] != "None", (item["id"], option["name"])
                assert not option["default"].startswith("'"), (item["id"], option["name"])
    options = rulesets["dystopian-wars"]["attacks"]["gunnery"]["options"]
    gunnery = {option["name"]: option["default"] for option in options}
    assert gunnery["capital"] == "auto" and gunnery["show"] == "hits" and gunnery["band"] == "2"


def test_pasted_lists_are_checked_and_every_violation_shown(client: TestClient) -> None:
    good, broken = (LISTS / "comet-corsairs.toml").read_text(), BROKEN.read_text()
    reports = client.post(
        "/api/lists/check", json={"ruleset": "armada", "lists": [good, broken, "name = "]}
    ).json()["reports"]
    assert reports[0]["ok"] and reports[0]["points"] > 0
    assert not reports[1]["ok"] and len(reports[1]["problems"]) >= 2
    assert not reports[2]["ok"] and "line 1" in reports[2]["problems"][0]
    # each report says whose seat the list is for, and which entry a problem is in, counted
    # from 1 as a person counts them
    assert [report["seat"] for report in reports] == [0, 1, 2]
    assert reports[2]["problems"][0].startswith("player 3's list")
    assert any(re.match(r"units\[(\d+)\] \(entry \d+, [^)]+\)", problem)
               for problem in reports[1]["problems"]), reports[1]["problems"]


KRAVAK = Path(__file__).parents[2] / "src/warbench/rulesets/full_thrust/data/lists"


def test_an_entry_that_cannot_be_read_hides_none_of_the_lists_other_problems(
    client: TestClient,
) -> None:
    """USERS journey 1 (FT-FLEET-LIST): a pasted Kra'Vak list with a count typed as a word
    and an unknown option in another entry, and a third entry of no unit at all. Every
    problem shows at once: the entries that cannot be read, named and counted from 1, and
    the rules the rest breaks (their paths still the file's), with a line saying which
    entries the rules were checked without; a game from it is refused."""
    text = (KRAVAK / "kravak-raiders.toml").read_text()
    text = text.replace('unit = "vorrun"\n', 'unit = "vorrun"\ncount = "two"\n')
    text = text.replace('options = ["heavy", "standard"]', 'options = ["heavy", "stealthy"]')
    text += '\n[[units]]\nname = "Ghost"\n'
    (report,) = client.post("/api/lists/check",
                            json={"ruleset": "full-thrust", "lists": [text]}).json()["reports"]
    assert not report["ok"] and report["name"] == "Kra'Vak Raiders"
    problems = report["problems"]
    assert problems[0] == ('units[2] (entry 3, Iron Fang).count: expected an integer, got the'
                           ' string "two"')
    assert problems[1] == "units[5] (entry 6, Ghost).unit: missing required key"
    assert problems[2] == ("units: the rules were checked without entries 3 and 6, which could"
                           " not be read: their points are not counted")
    assert problems[3].startswith('units[1] (entry 2, Talon Mother).options[1]: unit "drakhan"'
                                  ' has no option "stealthy"')
    assert len(problems) == 4
    # the points are the entries read: the same list less its Vorrun (155 points)
    read = text.replace('unit = "vorrun"\ncount = "two"\n', 'unit = "vorrun"\n')
    whole = client.post("/api/lists/check", json={
        "ruleset": "full-thrust", "lists": [read.removesuffix('\n[[units]]\nname = "Ghost"\n')]})
    assert report["points"] == whole.json()["reports"][0]["points"] - 155
    refused = client.post("/api/games", json={
        "ruleset": "full-thrust", "seats": [{"kind": "person"}] * 2,
        "lists": [text, (KRAVAK / "concord-line.toml").read_text()]})
    assert refused.status_code == 422
    assert refused.json()["problems"][0]["problems"] == problems


def test_a_seat_with_no_list_pasted_is_told_so(client: TestClient) -> None:
    """A list box left empty reads "nothing is pasted", not as a list missing its name and
    ruleset keys; the other seat's list is still checked."""
    reports = client.post("/api/lists/check", json={
        "ruleset": "full-thrust", "lists": [(KRAVAK / "kravak-raiders.toml").read_text(), " \n"],
    }).json()["reports"]
    assert reports[0]["ok"]
    assert reports[1]["problems"] == ["player 2's list: nothing is pasted (paste a list for every"
                                      " seat, or choose the default scenario)"]

def test_a_game_from_broken_lists_is_refused_with_every_problem(client: TestClient) -> None:
    good, broken = (LISTS / "comet-corsairs.toml").read_text(), BROKEN.read_text()
    response = client.post(
        "/api/games",
        json={"ruleset": "armada", "seats": [{"kind": "person"}] * 2, "lists": [good, broken]},
    )
    assert response.status_code == 422
    problems = response.json()["problems"]
    assert problems[0]["ok"] and not problems[1]["ok"] and problems[1]["problems"]


def test_a_game_from_valid_lists_gives_a_link_per_person_and_one_for_spectators(
    client: TestClient,
) -> None:
    lists = [(LISTS / name).read_text() for name in ("comet-corsairs.toml", "vanguard-picket.toml")]
    game = create(
        client, "armada", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], lists=lists
    )
    assert [seat["seat"] for seat in game["seats"]] == [0]
    link = game["seats"][0]["link"]
    assert link.startswith(f"/play/{game['id']}#") and len(link.split("#")[1]) >= 43
    assert game["spectator"].startswith(f"/watch/{game['id']}#")
    listed = client.get("/api/games").json()
    assert listed[0]["id"] == game["id"] and listed[0]["status"] in ("open", "in progress")


def test_the_lobby_says_what_kind_of_game_each_is(client: TestClient) -> None:
    """Journey 7: the lobby's list tells a ROBOGEAR 2 v 2 on one screen from a four-player
    free-for-all (both read "person, person, person, person")."""
    people = [{"kind": "person"}] * 4
    teams = client.post("/api/games", json={"ruleset": "robogear", "seats": people,
                                             "options": ["2v2"], "one_screen": True})
    alone = client.post("/api/games", json={"ruleset": "robogear", "seats": people})
    assert teams.status_code == alone.status_code == 201, (teams.text, alone.text)
    kinds = {game["id"]: game["kind"] for game in client.get("/api/games").json()}
    assert kinds[teams.json()["id"]] == (
        "teams: player 1 + player 3 v player 2 + player 4, on one screen")
    assert kinds[alone.json()["id"]] == "a free-for-all of 4"


def test_unknown_bots_and_player_counts_are_named(client: TestClient) -> None:
    response = client.post(
        "/api/games",
        json={"ruleset": "full-thrust", "seats": [{"kind": "bot", "bot": "nobody"}]},
    )
    assert response.status_code == 422
    text = " ".join(response.json()["problems"])
    assert "no bot 'nobody'" in text and "2 players, not 1" in text


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/play/abc", "/watch/abc", "/replay", "/static/table.js"):
        assert client.get(path).status_code == 200, path


def test_hordes_and_robogear_games_are_created_from_the_lobby(client: TestClient) -> None:
    rulesets = {item["id"]: item for item in client.get("/api/rulesets").json()}
    assert rulesets["robogear"]["players"] == [2, 4]
    assert "2v2" in rulesets["robogear"]["options"]
    hordes = create(client, "hordes", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    assert len(hordes["seats"]) == 1  # one link per person
    bots = [{"kind": "bot", "bot": "random"}] * 2
    three = create(client, "robogear", [{"kind": "person"}, *bots])
    assert [seat["seat"] for seat in three["seats"]] == [0]


def test_robogear_2v2_is_a_set_up_option_for_four_seats_only(client: TestClient) -> None:
    info = next(r for r in client.get("/api/rulesets").json() if r["id"] == "robogear")
    assert info["choices"]["2v2"] == {"group": "", "players": [4]}
    assert {info["choices"][m]["group"] for m in ("capture", "commander", "hold")} == {
        "mission"}
    four = [{"kind": "person"}] + [{"kind": "bot", "bot": "commander"}] * 3
    game = create(client, "robogear", four, options=["2v2"])
    link = game["seats"][0]["link"]
    snap = client.get(
        f"/api/games/{game['id']}/state",
        headers={"Authorization": f"Bearer {link.split('#', 1)[1]}"},
    ).json()
    assert snap["step"] >= 0
    refused = client.post(
        "/api/games", json={"ruleset": "robogear", "seats": four[:3], "options": ["2v2"]}
    )
    assert refused.status_code == 422 and "needs four players, one army each, not 3" in refused.text
    unknown = client.post(
        "/api/games", json={"ruleset": "hordes", "seats": four[:1] * 2, "options": ["2v2"]}
    )
    assert unknown.status_code == 422 and "no set-up options" in unknown.text


def test_a_units_card_on_the_table_is_the_catalog_stat_card(client: TestClient) -> None:
    """The card a click opens is the one ``warbench catalog --unit`` prints (one card model):
    Full Thrust's wasp with its beam and submunition bands by range, its points."""
    answer = client.get("/api/rulesets/full-thrust/catalog/wasp")
    assert answer.status_code == 200, answer.text
    card = answer.json()["card"]
    assert card == ruleset("full-thrust").unit_card("wasp").to_plain()  # type: ignore[union-attr]
    weapons = {weapon["name"]: weapon for weapon in card["weapons"]}
    assert weapons["submunition pack"]["bands"] == [["0-6", "3d"], ["6-12", "2d"], ["12-18", "1d"]]
    assert card["points"] is not None and card["stats"]
    assert client.get("/api/rulesets/full-thrust/catalog/no-such").status_code == 404


#: Two valid lists of each ruleset that plays scenarios with army lists.
PAIRS = {
    "armada": ("armada/data/lists", "comet-corsairs", "vanguard-picket"),
    "full-thrust": ("full_thrust/data/lists", "kravak-raiders", "concord-line"),
    "hordes": ("hordes/data/lists", "ashen-hask", "thornwood-maelis"),
    "dystopian-wars": ("dystopian_wars/data/fleets", "britannia-patrol-500",
                       "blazing-sun-patrol-500"),
}


def test_every_scenario_the_lobby_offers_starts_a_game_and_a_name_sent_by_hand_is_refused(
    client: TestClient,
) -> None:
    """The lobby's Scenario choice for army lists offers what the server takes: each value
    starts a game from two valid lists (the default first, sent empty where it has no name),
    and a name the ruleset does not have is refused, naming its scenarios."""
    rulesets = {item["id"]: item for item in client.get("/api/rulesets").json()}
    assert rulesets["robogear"]["scenarios"] == []  # its missions are set-up options
    for ruleset_id, (folder, *names) in PAIRS.items():
        lists = [(Path(__file__).parents[2] / "src/warbench/rulesets" / folder / f"{name}.toml")
                 .read_text() for name in names]
        menu = rulesets[ruleset_id]["scenarios"]
        assert menu[0]["caption"].endswith("(default)") and len(menu) >= 1
        assert {item["value"] for item in menu} - {""} == set(
            ruleset(ruleset_id).list_scenarios()), ruleset_id
        for item in menu:
            create(client, ruleset_id, [{"kind": "person"}] * 2, lists=lists,
                   **({"scenario": item["value"]} if item["value"] else {}))
        refused = client.post("/api/games", json={
            "ruleset": ruleset_id, "seats": [{"kind": "person"}] * 2, "lists": lists,
            "scenario": "nowhere"})
        assert refused.status_code == 422, ruleset_id
        detail = refused.json()["detail"]
        assert "'nowhere'" in detail and all(item["value"] in detail for item in menu[1:])
