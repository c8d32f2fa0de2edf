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

Your own agent enters wherever a bot name does, as ``FILE.py:FACTORY`` or
``MODULE:FACTORY`` (``my_agents:make_agent``, ``pkg.agents:make_agent``): ``FACTORY`` is
called with a seed and returns an agent (anything with ``choose(observation, decision)``).
A factory takes no options, so the part after the colon has no ``=``; where the part
before it is one of the ruleset's bots, the text is that bot with malformed options. A
module is imported from the current folder too, as ``python`` run there would find it.

>>> is_imported_spec("my_agents.py:make_agent"), is_imported_spec("my_agents:make_agent")
(True, True)
>>> is_imported_spec("search:width=2")
False
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from warbench.core.actions import Action
from warbench.core.words import player_name

if TYPE_CHECKING:
    from warbench.core.agents import Agent
    from warbench.core.decisions import Decision
    from warbench.core.observation import Observation
    from warbench.core.ruleset import Ruleset

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
#: ``FILE.py:FACTORY`` or ``MODULE:FACTORY``, the module's name dotted or not.
_IMPORTED = re.compile(
    r"(?P<source>[^:]+\.py|[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*)"
    r":(?P<factory>[A-Za-z_][A-Za-z0-9_]*)\Z"
)
#: What a bot name may be, for the message when it is none of them.
_FORMS = "NAME[:KEY=VALUE,...], FILE.py:FACTORY or MODULE:FACTORY (a factory takes no options)"


class UnknownBot(ValueError):
    """A bot name the ruleset does not offer."""


class BadBotSpec(ValueError):
    """A bot name with options that cannot be read, or options the bot does not take."""


class BrokenAgent(ValueError):
    """Your own agent failed: its factory raised or gave no agent, or its ``choose`` raised
    or answered with something that is no action. The message names the bot and the fault.
    """


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
        raise BadBotSpec(f"bot {text!r}: {name!r} is not a bot name; give {_FORMS}")
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
    if is_imported_spec(text) and text.partition(":")[0] not in ruleset.bots():
        return imported_factory(text)
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


def is_imported_spec(text: str) -> bool:
    """Whether ``text`` names a factory to import rather than one of the ruleset's bots."""
    return _IMPORTED.match(text) is not None


def imported_factory(text: str) -> Callable[[int], Agent]:
    """The factory ``FILE.py:FACTORY`` or ``MODULE:FACTORY`` names, checked to be callable.

    Raises :class:`UnknownBot` naming the file, module or attribute that is missing.
    """
    match = _IMPORTED.match(text)
    if match is None:
        raise BadBotSpec(f"bot {text!r}: not FILE.py:FACTORY or MODULE:FACTORY")
    source, name = match["source"], match["factory"]
    try:
        module = _load_file(source) if source.endswith(".py") else _load_module(source)
    except UnknownBot:
        raise
    except Exception as error:  # the user's own code: any failure is a bad bot name
        raise UnknownBot(f"bot {text!r}: cannot import {source!r}: {error}") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise UnknownBot(f"bot {text!r}: {source!r} has no callable {name!r}")
    return _CheckedFactory(text, factory)


class _CheckedFactory:
    """An imported factory whose every agent is checked, and whose agents' choices are:
    a fault is a :class:`BrokenAgent` naming the bot, not an error deep in the engine."""

    def __init__(self, spec: str, factory: Callable[[int], Any]) -> None:
        self.spec = spec
        self.factory = factory

    def __call__(self, seed: int) -> Agent:
        try:
            agent = self.factory(seed)
        except Exception as error:  # the user's own code
            raise BrokenAgent(f"bot {self.spec!r}: the factory raised {_fault(error)}") from error
        if not callable(getattr(agent, "choose", None)):
            raise BrokenAgent(f"bot {self.spec!r}: the factory returned {agent!r:.60}, not an"
                              " agent (anything with choose(observation, decision))")
        return _CheckedAgent(self.spec, agent)


class _CheckedAgent:
    """An imported agent, its answers checked to be actions (see :class:`_CheckedFactory`)."""

    def __init__(self, spec: str, agent: Any) -> None:
        self.spec = spec
        self.agent = agent
        self.name = str(getattr(agent, "name", spec))

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        """The agent's answer, or :class:`BrokenAgent` saying what went wrong."""
        where = f"bot {self.spec!r} ({player_name(decision.player)}, {decision.prompt!r})"
        try:
            action = self.agent.choose(observation, decision)
        except Exception as error:  # the user's own code
            raise BrokenAgent(f"{where}: choose raised {_fault(error)}") from error
        if not isinstance(action, Action):
            raise BrokenAgent(f"{where}: choose returned {action!r:.60}, not an action")
        return action


def _fault(error: Exception) -> str:
    """An exception in one line: its type and message."""
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _load_module(name: str) -> Any:
    """Import a module by name, from the current folder too (after the installed ones):
    the ``warbench`` command, unlike ``python``, does not put it on the path itself."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    return importlib.import_module(name)


def _load_file(path: str) -> Any:
    """Import a Python file as a module of its own (once per process)."""
    found = Path(path).resolve()
    if not found.is_file():
        raise UnknownBot(f"bot file {path!r} does not exist")
    key = f"warbench_agent_{abs(hash(str(found)))}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, found)
    if spec is None or spec.loader is None:
        raise UnknownBot(f"bot file {path!r} is not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[key]
        raise
    return module


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
