"""A corpus of bad inputs for every command and every ruleset's actions (issue 11).

Only the public surface is used (``warbench.cli.main``, ``Game``, codecs), so the same corpus
runs against older code to count what it breaks. :func:`cli_cases` lists command lines with
the exit status each must end in; :func:`bad_files` writes the files they read;
:func:`action_mutations` gives, for one legal action, the mutated forms thrown at a game.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warbench.cli import main
from warbench.core.registry import available_rulesets, ruleset

RULESETS = ("armada", "dystopian-wars", "full-thrust")
HUGE = 10**30
#: Values put in place of every field of a legal action.
BAD_VALUES: tuple[Any, ...] = (
    True, False, 1.0, 0.5, -1, 2**63, -(2**63), HUGE, math.nan, math.inf, -math.inf,
    "", "1", None, [], {}, [[[]]], 10**6,
)
#: Seats that no game has, or that only compare equal to one.
BAD_PLAYERS: tuple[Any, ...] = (True, False, -1, 2, 99, 1.0, 2**63)


@dataclass(frozen=True, slots=True)
class CliCase:
    """A command line (``{d}`` is the folder of bad files) and the exit status it must give."""

    name: str
    argv: tuple[str, ...]
    status: int

    def args(self, folder: Path) -> list[str]:
        return [word.replace("{d}", str(folder)) for word in self.argv]


def run_cli(case: CliCase, folder: Path) -> int:
    """Run one case in this process; the exit status."""
    return main(case.args(folder))


FT_LIST = 'name = "Big"\nruleset = "full-thrust"\nfaction = "NAC"\n[[units]]\nunit = "{unit}"\n'


def bad_files(folder: Path) -> None:
    """Write the bad input files (and good ones to mutate) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deep.json").write_text("[" * 100_000)
    (folder / "deep.toml").write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    (folder / "empty.json").write_text("")
    (folder / "empty.sqlite").write_bytes(b"")
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00")
    (folder / "array.json").write_text("[1, 2]")
    (folder / "nan.json").write_text('{"seed": NaN}')
    (folder / "a-folder").mkdir(exist_ok=True)
    (folder / "notes.txt").write_text("not a folder")
    assert main(["demo", "full-thrust", "--seed", "2", "--out", str(folder), "--quiet"]) == 0
    good = json.loads((folder / "full-thrust-seed2.json").read_text())
    good["entries"] = good["entries"][:40]
    for entry in good["entries"]:
        entry.pop("hash", None)
    good["opening_hash"] = None
    good.pop("outcome")  # the cut game no longer ends as the demo did
    # a short journal, hashes dropped after cutting: recompute by replaying is not needed
    variants: dict[str, Any] = {
        "players0": {"players": 0},
        "players3": {"players": 3},
        "seed-neg": {"seed": -1},
        "seed-true": {"seed": True},
        "seed-str": {"seed": "1"},
        "seed-huge": {"seed": 2**200},
        "setup-key": {"setup": {**good["setup"], "bogus": 1}},
        "format3": {"format": 3},
        "entries-obj": {"entries": {"a": 1}},
        "player-true": {"entries": [{**good["entries"][0], "player": True}]},
        "player-neg": {"entries": [{**good["entries"][0], "player": -1}]},
        "action-type": {"entries": [{"player": 0, "action": {"type": "nope"}}]},
        "action-list": {"entries": [{"player": 0, "action": [1]}]},
        "ruleset-none": {"ruleset": "nope"},
    }
    for name, change in variants.items():
        (folder / f"j-{name}.json").write_text(json.dumps({**good, **change}))
    (folder / "j-nohash.json").write_text(json.dumps(good))
    (folder / "j-version.json").write_text(json.dumps({**good, "version": "999"}))
    first = dict(good["entries"][0]["action"])
    number = next(key for key, value in first.items() if type(value) is int)
    first[number] = "@NAN@"
    nan = {**good, "entries": [{"player": good["entries"][0]["player"], "action": first}]}
    text = json.dumps(nan).replace('"@NAN@"', "NaN")
    (folder / "j-action-nan.json").write_text(text)
    unit = "citadel"
    (folder / "ft-huge.toml").write_text(FT_LIST.format(unit=unit) + "count = 1000000000\n")
    (folder / "ft-13.toml").write_text(FT_LIST.format(unit=unit) + "count = 13\n")
    (folder / "ft-zero.toml").write_text(FT_LIST.format(unit=unit) + "count = 0\n")
    (folder / "ft-true.toml").write_text(FT_LIST.format(unit=unit) + "count = true\n")
    (folder / "ft-many.toml").write_text(
        'name = "Many"\nruleset = "full-thrust"\n' + '[[units]]\nunit = "citadel"\n' * 1500
    )
    assert main(["simulate", "full-thrust", "--games", "2", "--seed", "1", "--db",
                 str(folder / "store.sqlite"), "--journals", "--json"]) == 0
    readonly = folder / "readonly.sqlite"
    readonly.write_bytes((folder / "store.sqlite").read_bytes())
    readonly.chmod(0o444)


def _odds_cases() -> Iterator[CliCase]:
    """Every option of every attack of every ruleset, at absurd values."""
    for ruleset_id in RULESETS:
        for name, attack in sorted(ruleset(ruleset_id).attacks().items()):
            for option, info in sorted(attack.options_model.model_fields.items()):
                kind = str(info.annotation)
                values = ["1e400", "nan", "-inf"] if "float" in kind else []
                if "int" in kind:
                    values += [str(10**9), str(-(10**9)), "1.5", "true", str(2**64)]
                for value in values:
                    argv = ("odds", ruleset_id, name, f"{option}={value}", "--json")
                    yield CliCase(f"odds-{ruleset_id}-{name}-{option}={value}", argv, 2)


def cli_cases() -> list[CliCase]:
    """Every command line of the corpus."""
    ft = "full-thrust"
    j = "{d}/j-"
    cases = [
        CliCase("rulesets-extra", ("rulesets", "extra"), 2),
        CliCase("demo-empty", ("demo", ""), 2),
        CliCase("demo-unknown", ("demo", "nope"), 2),
        CliCase("demo-bot-empty", ("demo", ft, "--bot", ""), 2),
        CliCase("demo-bot-unknown", ("demo", ft, "--bot", "nope"), 2),
        CliCase("demo-seed-neg", ("demo", ft, "--seed", "-1"), 2),
        CliCase("demo-seed-text", ("demo", ft, "--seed", "x"), 2),
        CliCase("demo-out-file", ("demo", ft, "--out", "{d}/notes.txt"), 2),
        CliCase("replay-missing", ("replay", "{d}/missing.json"), 2),
        CliCase("replay-dev-zero", ("replay", "/dev/zero"), 2),
        CliCase("replay-deep", ("replay", "{d}/deep.json"), 2),
        CliCase("replay-empty", ("replay", "{d}/empty.json"), 2),
        CliCase("replay-binary", ("replay", "{d}/binary.json"), 2),
        CliCase("replay-array", ("replay", "{d}/array.json"), 2),
        CliCase("replay-nan", ("replay", "{d}/nan.json"), 2),
        CliCase("replay-folder", ("replay", "{d}/a-folder"), 2),
        CliCase("replay-nohash", ("replay", j + "nohash.json", "--quiet"), 0),
        CliCase("replay-version", ("replay", j + "version.json", "--quiet"), 0),
        CliCase("replay-action-nan", ("replay", j + "action-nan.json", "--quiet"), 2),
        CliCase("replay-player-5", ("replay", j + "nohash.json", "--player", "5"), 2),
        CliCase("replay-player-neg", ("replay", j + "nohash.json", "--player", "-1"), 2),
        CliCase("replay-db-empty", ("replay", "--db", "{d}/empty.sqlite", "--game", "1"), 2),
        CliCase("replay-db-not-db", ("replay", "--db", "{d}/notes.txt", "--game", "1"), 2),
        CliCase("replay-db-big-id", ("replay", "--db", "{d}/store.sqlite", "--game",
                                     str(2**63)), 2),
        CliCase("replay-db-zero-id", ("replay", "--db", "{d}/store.sqlite", "--game", "0"), 2),
        CliCase("replay-db-missing-id", ("replay", "--db", "{d}/store.sqlite", "--game",
                                         "99"), 2),
        CliCase("replay-db-readonly", ("replay", "--db", "{d}/readonly.sqlite", "--game", "1",
                                       "--quiet"), 0),
        CliCase("replay-db-no-game", ("replay", "--db", "{d}/store.sqlite"), 2),
        CliCase("render-deep", ("render", "{d}/deep.json", "--out", "{d}/x.svg"), 2),
        CliCase("render-out-missing-folder", ("render", j + "nohash.json", "--out",
                                              "{d}/no/x.svg"), 2),
        CliCase("render-out-txt", ("render", j + "nohash.json", "--out", "{d}/x.txt"), 2),
        CliCase("render-out-folder", ("render", j + "nohash.json", "--out",
                                      "{d}/a-folder"), 2),
        CliCase("render-at-neg", ("render", j + "nohash.json", "--out", "{d}/x.svg", "--at",
                                  "-1"), 2),
        CliCase("render-at-huge", ("render", j + "nohash.json", "--out", "{d}/x.svg", "--at",
                                   str(10**20)), 2),
        CliCase("odds-dice-1e9", ("odds", "dystopian-wars", "gunnery", "dice=1000000000"), 2),
        CliCase("odds-batteries", ("odds", ft, "beam", "batteries=100000"), 2),
        CliCase("odds-range-inf", ("odds", ft, "beam", "range=inf"), 2),
        CliCase("odds-twice", ("odds", "dystopian-wars", "gunnery", "dice=13", "dice=14"), 2),
        CliCase("odds-no-equals", ("odds", ft, "beam", "batteries"), 2),
        CliCase("odds-unknown-attack", ("odds", ft, "nope"), 2),
        CliCase("odds-unknown-option", ("odds", ft, "beam", "nope=1"), 2),
        CliCase("odds-compare-quote", ("odds", ft, "beam", "--compare", "'"), 2),
        CliCase("odds-compare-empty", ("odds", ft, "beam", "--compare", ""), 2),
        CliCase("odds-plot-folder", ("odds", ft, "beam", "--plot", "{d}/no/x.png"), 2),
        CliCase("odds-plot-txt", ("odds", ft, "beam", "--plot", "{d}/x.txt"), 2),
        # an entry that cannot be read is named in the list's report: a list not legal (1)
        CliCase("list-huge-count", ("list", "validate", "{d}/ft-huge.toml"), 1),
        CliCase("list-13-ships", ("list", "validate", "{d}/ft-13.toml"), 1),
        CliCase("list-zero", ("list", "validate", "{d}/ft-zero.toml"), 1),
        CliCase("list-true", ("list", "validate", "{d}/ft-true.toml"), 1),
        CliCase("list-many-entries", ("list", "validate", "{d}/ft-many.toml"), 2),
        CliCase("list-deep", ("list", "validate", "{d}/deep.toml"), 2),
        CliCase("list-dev-zero", ("list", "validate", "/dev/zero"), 2),
        CliCase("list-missing", ("list", "validate", "{d}/missing.toml"), 2),
        CliCase("list-none", ("list", "validate"), 2),
        CliCase("catalog-unknown", ("catalog", "nope"), 2),
        CliCase("catalog-unit-empty", ("catalog", ft, "--unit", ""), 2),
        CliCase("sim-games-huge", ("simulate", ft, "--games", str(10**12)), 2),
        CliCase("sim-games-zero", ("simulate", ft, "--games", "0"), 2),
        CliCase("sim-games-neg", ("simulate", ft, "--games", "-5"), 2),
        CliCase("sim-report-folder", ("simulate", ft, "--games", "1", "--report",
                                      "{d}/a-folder"), 2),
        CliCase("sim-report-missing", ("simulate", ft, "--games", "1", "--report",
                                       "{d}/no/r.html"), 2),
        CliCase("sim-report-unwritable", ("simulate", ft, "--games", "1", "--report",
                                          "/proc/version"), 2),
        CliCase("sim-db-folder", ("simulate", ft, "--games", "1", "--db", "{d}/a-folder"), 2),
        CliCase("sim-compare-huge", ("simulate", ft, "--games", "1", "--db",
                                     "{d}/store.sqlite", "--compare", str(2**64)), 2),
        CliCase("sim-compare-no-db", ("simulate", ft, "--games", "1", "--compare", "1"), 2),
        CliCase("sim-players-lists", ("simulate", ft, "--army", "{d}/ft-13.toml", "--army",
                                      "{d}/ft-13.toml", "--players", "3"), 2),
        CliCase("sim-workers-zero", ("simulate", ft, "--games", "1", "--workers", "0"), 2),
        CliCase("sim-max-decisions-zero", ("simulate", ft, "--games", "1",
                                           "--max-decisions", "0"), 2),
        CliCase("sim-backend", ("simulate", ft, "--games", "1", "--backend", "nope"), 2),
        CliCase("sim-bot-empty", ("simulate", ft, "--games", "1", "--bot", ""), 2),
        CliCase("sim-army-huge", ("simulate", ft, "--army", "{d}/ft-huge.toml", "--army",
                                  "{d}/ft-huge.toml"), 2),
        CliCase("sim-army-13", ("simulate", ft, "--army", "{d}/ft-13.toml", "--army",
                                "{d}/ft-13.toml"), 2),
        CliCase("sim-army-deep", ("simulate", ft, "--army", "{d}/deep.toml", "--army",
                                  "{d}/deep.toml"), 2),
        CliCase("tournament-games-huge", ("tournament", ft, "{d}/ft-13.toml", "{d}/ft-13.toml",
                                          "--games", str(10**12)), 2),
        CliCase("tournament-db-folder", ("tournament", ft, "{d}/ft-13.toml",
                                         "{d}/ft-13.toml", "--db", "{d}/no/x.sqlite"), 2),
    ]
    for name in ("players0", "players3", "seed-neg", "seed-true", "seed-str", "seed-huge",
                 "setup-key", "format3", "entries-obj", "player-true", "player-neg",
                 "action-type", "action-list", "ruleset-none"):
        cases.append(CliCase(f"replay-j-{name}", ("replay", f"{j}{name}.json", "--quiet"), 2))
        cases.append(CliCase(f"render-j-{name}", ("render", f"{j}{name}.json", "--out",
                                                  "{d}/x.svg"), 2))
    cases.extend(_odds_cases())
    return cases


def action_mutations(action: Any) -> Iterator[tuple[str, dict[str, Any], Any]]:
    """``(label, plain JSON, python action)`` for each field of ``action`` at each bad value;
    the Python action is built without validation (``None`` where it cannot be)."""
    plain = action.to_plain()
    for field in dataclasses.fields(action):
        for value in BAD_VALUES:
            data = {**plain, field.name: value}
            try:
                built = dataclasses.replace(action, **{field.name: value})
            except (TypeError, ValueError):
                built = None
            yield f"{action.TAG}.{field.name}={value!r}", data, built
    yield f"{action.TAG}+extra", {**plain, "extra": 1}, None
    yield f"{action.TAG}-type", {k: v for k, v in plain.items() if k != "type"}, None


def installed() -> tuple[str, ...]:
    """The rulesets the action corpus plays (those installed)."""
    return tuple(name for name in RULESETS if name in available_rulesets())
