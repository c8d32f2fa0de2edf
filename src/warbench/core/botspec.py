"""Bot names with options: ``search:iterations=64,depth=20``, checked strictly.

A bot name on the command line or in a simulation plan is ``NAME`` or
``NAME:KEY=VALUE[,KEY=VALUE...]``. ``NAME`` is a key of the ruleset's ``bots()``; options
go to a factory that declares them (a :class:`ConfigurableBot`, such as the search bot's);
a bot that declares none refuses any. Every mistake raises a :class:`ValueError` subclass
with one line saying what is wrong.

>>> parse_bot_spec("search:iterations=64,depth=20")
BotSpec(name='search', options=(('iterations', '64'), ('depth', '20')))
>>> parse_bot_spec("admiral")
BotSpec(name='admiral', options=())
>>> parse_bot_spec("search:iterations")
Traceback (most recent call last):
...
warbench.core.botspec.BadBotSpec: bot 'search:iterations': option 'iterations' is not KEY=VALUE
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from warbench.core.agents import Agent
    from warbench.core.ruleset import Ruleset

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")


class UnknownBot(ValueError):
    """A bot name the ruleset does not offer."""


class BadBotSpec(ValueError):
    """A bot name with options that cannot be read, or options the bot does not take."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot name and its options as written (values still text, in the order given)."""

    name: str
    options: tuple[tuple[str, str], ...] = ()


@runtime_checkable
class ConfigurableBot(Protocol):
    """A bot factory that takes options: ``configure`` checks them and gives a factory.

    ``cheapest`` is the same bot on its smallest budget: the conformance kit probes that.
    """

    def __call__(self, seed: int) -> Agent: ...

    def configure(self, options: Mapping[str, str]) -> Callable[[int], Agent]:
        """A factory with these options set; :class:`BadBotSpec` names a bad one."""
        ...

    def cheapest(self) -> Callable[[int], Agent]:
        """The same bot at its smallest cost, for conformance checks that play it often."""
        ...


def parse_bot_spec(text: str) -> BotSpec:
    """Read ``NAME[:KEY=VALUE,...]``; :class:`BadBotSpec` says what is malformed."""
    name, colon, rest = text.partition(":")
    if not _NAME.match(name):
        raise BadBotSpec(f"bot {text!r}: {name!r} is not a bot name")
    if not colon:
        return BotSpec(name)
    options: list[tuple[str, str]] = []
    for item in rest.split(","):
        key, equals, value = item.partition("=")
        if not equals or not _NAME.match(key) or not value:
            raise BadBotSpec(f"bot {text!r}: option {item!r} is not KEY=VALUE")
        if any(key == seen for seen, _ in options):
            raise BadBotSpec(f"bot {text!r}: option {key!r} is given twice")
        options.append((key, value))
    return BotSpec(name, tuple(options))


def bot_factory(ruleset: Ruleset[Any, Any], text: str) -> Callable[[int], Agent]:
    """The factory (seed -> agent) that ``text`` names among ``ruleset.bots()``.

    Raises :class:`UnknownBot` or :class:`BadBotSpec`; call it once to check a name
    before any game starts.
    """
    spec = parse_bot_spec(text)
    offered = ruleset.bots()
    if spec.name not in offered:
        raise UnknownBot(f"{ruleset.id} has no bot {spec.name!r} (bots: {', '.join(offered)})")
    factory = offered[spec.name]
    if not spec.options:
        return factory
    if not isinstance(factory, ConfigurableBot):
        raise BadBotSpec(f"bot {spec.name!r} of {ruleset.id} takes no options")
    return factory.configure(dict(spec.options))


def make_bot(ruleset: Ruleset[Any, Any], text: str, seed: int) -> Agent:
    """The agent ``text`` names, seeded with ``seed`` (see :func:`bot_factory`)."""
    return bot_factory(ruleset, text)(seed)


def read_option(bot: str, key: str, value: str, kind: type[int] | type[float],
                minimum: float) -> float:
    """``value`` read as ``kind`` and at least ``minimum``, else one line naming the option.

    >>> read_option("search", "iterations", "64", int, 1)
    64
    >>> read_option("search", "ms", "fast", float, 1)
    Traceback (most recent call last):
    ...
    warbench.core.botspec.BadBotSpec: bot 'search': ms='fast' is not a number
    """
    try:
        number = kind(value)
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise BadBotSpec(f"bot {bot!r}: {key}={value!r} is not {noun}") from None
    if not number >= minimum:
        raise BadBotSpec(f"bot {bot!r}: {key}={value!r} must be at least {minimum:g}")
    return number
