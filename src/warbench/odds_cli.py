"""The ``warbench odds`` command: exact odds of any attack a ruleset offers."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from warbench.cli_common import DataOption, load_ruleset
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.outputs import check_output
from warbench.core.ruleset import Ruleset

BAR_WIDTH = 30


class OddsCommandError(ValueError):
    """An odds query that names no known attack, or asks for an impossible plot."""


def _attack(rules: Ruleset[Any, Any], name: str) -> AttackOdds:
    attacks = rules.attacks()
    if not attacks:
        raise OddsCommandError(f"{rules.id} offers no attack odds yet")
    if name not in attacks:
        raise OddsCommandError(
            f"{rules.id} has no attack {name!r} (attacks: {', '.join(sorted(attacks))})"
        )
    return attacks[name]


def _answer(rules: Ruleset[Any, Any], words: list[str]) -> tuple[str, OddsAnswer]:
    attack = _attack(rules, words[0])
    options = attack.parse_options(words[1:])
    label = " ".join(words)
    return label, attack.odds(options)


def changed(query: list[str], changes: list[str]) -> list[str]:
    """``query`` (an attack and its options) with ``changes`` (``KEY=VALUE`` words) set:
    each replaces the query's option of its key, or is added after them.

    >>> changed(["melee", "power=14", "attacks=2"], ["attacks=3", "boost_hit=true"])
    ['melee', 'power=14', 'attacks=3', 'boost_hit=true']
    """
    keys = {word.partition("=")[0]: word for word in changes}
    kept = [keys.pop(word.partition("=")[0], word) for word in query]
    return kept + list(keys.values())


def _list_attacks(console: Console, rules: Ruleset[Any, Any]) -> None:
    attacks = rules.attacks()
    if not attacks:
        raise OddsCommandError(f"{rules.id} offers no attack odds yet")
    for name, attack in sorted(attacks.items()):
        console.print(f"[bold]{name}[/bold]: {attack.summary}")
        table = Table("option", "default", "meaning", box=None, padding=(0, 2))
        for option, default, meaning in attack.option_help():
            table.add_row(option, default, meaning)
        console.print(table)


def _print_answer(console: Console, label: str, answer: OddsAnswer) -> None:
    dist = answer.distribution
    table = Table(answer.outcome, "exactly", "at least", "", title=label)
    peak = max(p for _, p in dist.items())
    for value, probability in dist.items():
        if probability < 5e-7:
            continue
        bar = "█" * round(BAR_WIDTH * probability / peak)
        table.add_row(
            str(value), f"{probability:8.4%}", f"{dist.at_least(value):8.4%}", bar
        )
    console.print(table)
    console.print(f"mean {answer.outcome}: {dist.mean:.4f}")
    for fact in answer.facts:
        console.print(f"  {fact}")
    for name, probability in answer.named.items():
        console.print(f"  {name}: {probability:.4%}")
    for piece, chances in answer.others.items():
        console.print(f"  {piece}: " + ", ".join(
            f"{name} {probability:.4%}" for name, probability in chances.items()))
    for note in answer.notes:
        console.print(f"  note: {note}")
    if dist.truncated_mass:
        console.print(f"  exploding dice cut where {dist.truncated_mass:.1e} of mass was left")


def _heads(labels: list[str]) -> list[str]:
    """Each query's column head in a side-by-side table: the words only it has against
    the first query (the first: its words some other query lacks).

    >>> _heads(["melee skill=7", "melee skill=8", "melee skill=9"])
    ['skill=7', 'skill=8', 'skill=9']
    >>> _heads(["melee", "melee boost_damage=true"])
    ['without boost_damage=true', 'boost_damage=true']
    >>> _heads(["melee", "melee boost_hit=true", "melee boost_damage=true"])
    ['as asked', 'boost_hit=true', 'boost_damage=true']
    """
    words = [label.split() for label in labels]
    first, others = words[0], words[1:]
    own = [" ".join(word for word in first if any(word not in other for other in others))]
    own += [" ".join(word for word in mine if word not in first) for mine in others]
    heads = [mine or label for mine, label in zip(own, labels, strict=True)]
    if not own[0]:
        heads[0] = f"without {own[1]}" if len(labels) == 2 and own[1] else "as asked"
    return heads


def _side_by_side(console: Console, answers: list[tuple[str, OddsAnswer]]) -> None:
    """The means and named outcomes of the attacks in one table, each column headed by
    the words only its query has (``without boost_damage=true``, ``boost_damage=true``)."""
    table = Table("", title="Side by side", title_justify="left")
    for head in _heads([label for label, _ in answers]):
        table.add_column(head, overflow="fold")
    first = answers[0][1]
    table.add_row(f"mean {first.outcome}",
                  *[f"{answer.distribution.mean:.4f}" for _, answer in answers])
    if any(answer.facts for _, answer in answers):
        table.add_row("before the attack",
                      *["; ".join(answer.facts) or "-" for _, answer in answers])
    for name in dict.fromkeys(name for _, answer in answers for name in answer.named):
        cells = [
            f"{answer.named[name]:.4%}" if name in answer.named else "-"
            for _, answer in answers
        ]
        table.add_row(name, *cells)
    for piece in dict.fromkeys(piece for _, answer in answers for piece in answer.others):
        for name in dict.fromkeys(name for _, answer in answers
                                  for name in answer.others.get(piece, {})):
            cells = [f"{answer.others[piece][name]:.4%}"
                     if name in answer.others.get(piece, {}) else "-" for _, answer in answers]
            table.add_row(f"{piece}: {name}", *cells)
    console.print(table)


def _plot(rules: Ruleset[Any, Any], answers: list[tuple[str, OddsAnswer]], out: Path) -> None:
    from warbench.core.charts import odds_chart, save_chart  # matplotlib: only for a chart

    series = [(label, answer.distribution.to_dict()) for label, answer in answers]
    outcome = answers[0][1].outcome
    title = f"{rules.name}: exact chance of each result ({outcome})"
    save_chart(odds_chart(series, outcome, title=title), out)


def odds_command(
    ruleset_id: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id.")],
    query: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[ATTACK [KEY=VALUE]...]",
            help="An attack and its options; with none, list the attacks and options.",
        ),
    ] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(help="Another attack to show beside it: 'ATTACK KEY=VALUE ...', or "
                     "'KEY=VALUE ...' alone: the same attack with those options changed;"
                     " give it again for each more."),
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Also draw a chart (.png or .svg).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
    data: DataOption = None,
) -> None:
    """Exact odds of an attack: each result, the chance of at least it, and the mean."""
    console = Console(soft_wrap=True)
    rules = load_ruleset(ruleset_id, data)
    if plot is not None:
        check_output(plot, "--plot", (".png", ".svg"))
    if not query:
        asked = [flag for flag, given in (("--json", as_json), ("--plot", plot is not None),
                                          ("--compare", bool(compare))) if given]
        if asked:
            raise OddsCommandError(f"{asked[0]} needs an ATTACK (with none, `warbench odds"
                                   f" {rules.id}` lists the attacks)")
        _list_attacks(console, rules)
        return
    answers = [_answer(rules, list(query))]
    for other in compare or []:
        try:
            words = shlex.split(other)
        except ValueError as error:  # an unclosed quote or a trailing backslash
            raise OddsCommandError(f"--compare {other!r}: {error}") from None
        if not words:
            raise OddsCommandError("--compare needs an attack name or options to change")
        if "=" in words[0]:  # options only: the same attack with them changed
            words = changed(list(query), words)
        try:
            answers.append(_answer(rules, words))
        except ValueError as error:  # a bad attack or option, named as --compare's
            raise OddsCommandError(f"--compare {other!r}: {error}") from None
    if as_json:
        plain = [answer.to_plain() | {"query": label} for label, answer in answers]
        print(json.dumps(plain[0] if len(plain) == 1 else plain, indent=1))
    else:
        for label, answer in answers:
            _print_answer(console, label, answer)
        if len(answers) > 1:
            _side_by_side(console, answers)
    if plot is not None:
        _plot(rules, answers, plot)
        if not as_json:
            console.print(f"Chart: {plot}")


def register(app: typer.Typer) -> None:
    """Add ``odds`` to the main command."""
    app.command("odds")(odds_command)
