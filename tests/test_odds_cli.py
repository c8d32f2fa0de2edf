"""`warbench odds`: listing attacks, tables, --compare, --json, --plot, and bad options."""

from __future__ import annotations

import json
from pathlib import Path

import icepool
import pytest

from warbench.cli import USAGE_ERROR, main


def test_without_an_attack_it_documents_every_attack_and_option(
    duel_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "test-duel"]) == 0
    out = capsys.readouterr().out
    assert "shot" in out and "power" in out and "energy spent (1-3)" in out


def test_json_gives_the_exact_distribution_and_mean(
    duel_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "test-duel", "shot", "power=1", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    # Two dice: 4-5 one hit, 6 two hits and roll again (icepool as the reference).
    one_die = icepool.d6.map(lambda face: 0 if face < 4 else (1 if face < 6 else 2))
    reference = 2 @ one_die.explode([2], depth=30)
    for value, probability in zip(reference.outcomes(), reference.probabilities(), strict=True):
        assert answer["distribution"].get(str(value), 0.0) == pytest.approx(probability, abs=1e-12)
    assert answer["mean"] == pytest.approx(2 * (2 / 6 + 2 / 6) / (1 - 1 / 6))
    assert answer["outcomes"]["no hit"] == pytest.approx(0.25)


def test_compare_shows_both_attacks(
    duel_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "test-duel", "shot", "power=1", "--compare", "shot power=3"]) == 0
    out = capsys.readouterr().out
    assert "shot power=1" in out and "shot power=3" in out and out.count("mean hits:") == 2


def test_compare_given_again_shows_every_attack_side_by_side(
    duel_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Journey 4: a boost decision (none, hit, damage, both) in one table: each --compare
    is a column, none dropped."""
    assert main(["odds", "test-duel", "shot", "power=1", "--compare", "power=2",
                 "--compare", "power=3"]) == 0
    out = capsys.readouterr().out
    assert out.count("mean hits:") == 3
    heads = next(line for line in out.splitlines() if "power=2" in line and "power=3" in line)
    assert "power=1" in heads


def test_plot_writes_a_chart(duel_registered: None, tmp_path: Path) -> None:
    chart = tmp_path / "shot.svg"
    assert main(["odds", "test-duel", "shot", "--plot", str(chart)]) == 0
    assert "<svg" in chart.read_text()
    from warbench import ruleset  # the chart says which game and what it counts

    name = ruleset("test-duel").name
    assert f"{name}: exact chance of each" in chart.read_text()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["odds", "test-duel", "blast"], "has no attack 'blast'"),
        (["odds", "test-duel", "shot", "power=9"], "power: expected at most"),
        (["odds", "test-duel", "shot", "power=-1"], "power"),
        (["odds", "test-duel", "shot", "pow=2"], "takes no option pow (did you mean power?)"),
        (["odds", "test-duel", "shot", "power"], "'power' is not key=value"),
        (["odds", "test-duel", "shot", "--plot", "x.gif"], ".png or .svg"),
        (["odds", "nowhere", "shot"], "unknown ruleset 'nowhere'"),
        (["odds", "test-duel", "shot", "--compare", "'shot"], "--compare \"'shot\": No closing"),
        (["odds", "test-duel", "--json"], "--json needs an ATTACK"),
        (["odds", "test-duel", "--plot", "x.png"], "--plot needs an ATTACK"),
        (["odds", "test-duel", "--compare", "power=2"], "--compare needs an ATTACK"),
    ],
)
def test_bad_queries_print_one_line_and_exit_2(
    duel_registered: None,
    argv: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(argv) == USAGE_ERROR
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1


@pytest.mark.parametrize("as_json", [False, True])
def test_a_bad_plot_path_is_refused_before_any_answer_is_printed(
    duel_registered: None, as_json: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["odds", "test-duel", "shot", "--plot", "chart.gif"] + (["--json"] if as_json else [])
    assert main(argv) == USAGE_ERROR
    captured = capsys.readouterr()
    assert captured.out == "" and "--plot chart.gif" in captured.err


def test_compare_ends_with_the_outcomes_side_by_side(
    duel_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """With and without an option, the named outcomes meet in one table (HOR-BOOST asks
    "kill or cripple, with and without a boost"; the test duel's "no hit" stands in)."""
    assert main(["odds", "test-duel", "shot", "--compare", "shot power=3"]) == 0
    out = capsys.readouterr().out
    side = out[out.index("Side by side"):]
    assert "without power=3" in side and "power=3" in side
    no_hit = next(line for line in side.splitlines() if "no hit" in line)
    assert no_hit.count("%") == 2


def test_hordes_odds_against_a_target_use_its_card_unless_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-HIT, HOR-DAMAGE-ROLL: `target=mosshound` answered for the default DEF 12
    and ARM 18 (72.2% to hit), not the Mosshound's DEF 14 and ARM 15, and said nothing; its
    card now gives both unless defence= or arm= is given, and a note says which."""
    assert main(["odds", "hordes", "melee", "target=mosshound", "--json"]) == 0
    card = json.loads(capsys.readouterr().out)
    assert card["outcomes"]["hit (each attack)"] == pytest.approx(15 / 36)
    assert card["mean"] == pytest.approx(10 / 3)
    assert "DEF 14 (card) and ARM 15 (card) of mosshound" in card["notes"]
    assert main(["odds", "hordes", "melee", "target=mosshound", "defence=12", "--json"]) == 0
    given = json.loads(capsys.readouterr().out)
    assert given["outcomes"]["hit (each attack)"] == pytest.approx(26 / 36)
    assert "DEF 12 (given) and ARM 15 (card) of mosshound" in given["notes"]


def test_hordes_odds_note_tough_only_for_a_tough_target(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-TOUGH: "tough is not counted" was printed for every query, with no target or one
    without tough (mosshound); only a tough target (oakhide-brute) gets a note, and now it
    says tough is counted (tests/hordes/test_odds_cards.py checks the numbers)."""
    notes = {}
    for target in ("", "target=mosshound", "target=oakhide-brute"):
        assert main(["odds", "hordes", "melee", *filter(None, [target]), "--json"]) == 0
        notes[target] = " ".join(json.loads(capsys.readouterr().out)["notes"])
    assert "tough" not in notes[""] and "tough" not in notes["target=mosshound"]
    assert "tough counted: oakhide-brute out of boxes stays on 5-6" in notes[
        "target=oakhide-brute"]


def test_a_mistake_in_compare_is_named_as_compares(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An --odds --compare value error read like one in the main query."""
    assert main(["odds", "hordes", "melee", "--compare", "melee skill=abc"]) == USAGE_ERROR
    assert "--compare 'melee skill=abc': melee: skill: expected an integer" in (
        capsys.readouterr().err
    )


def test_compare_with_options_alone_changes_them_in_the_same_attack(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-BOOST, journey 4 ("with and without a boost, at once"): ``--compare
    boost_damage=true`` is the first attack with that option changed, the same answer as
    the attack written out again, and an option given twice takes the new value."""
    query = ["odds", "hordes", "melee", "target=mosshound", "power=14", "--json"]
    assert main([*query, "--compare", "boost_damage=true"]) == 0
    short = json.loads(capsys.readouterr().out)
    written = "melee target=mosshound power=14 boost_damage=true"
    assert main([*query, "--compare", written]) == 0
    assert json.loads(capsys.readouterr().out) == short
    assert short[1]["query"] == written
    spirit = "target's spirit crippled"
    assert short[1]["outcomes"][spirit] > short[0]["outcomes"][spirit]
    assert main([*query, "--compare", "power=16"]) == 0
    assert json.loads(capsys.readouterr().out)[1]["query"] == "melee target=mosshound power=16"
