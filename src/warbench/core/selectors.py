"""Selectors: which units a list constraint counts, written as short text.

``tag:small`` (units with a tag), ``unit:dreadnought`` (one unit id), ``*`` (any unit),
combined with ``!`` (not), ``&`` (and, binds tighter) and ``|`` (or), and parentheses.
A syntax error names the column.

>>> parse_selector("tag:small & !unit:frigate")
AllOf(operands=(HasTag(tag='small'), Not(operand=IsUnit(unit='frigate'))))
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, PydanticCustomError, core_schema


class SelectorError(ValueError):
    """A selector's text could not be parsed; names the text, the reason and the column."""

    def __init__(self, text: str, reason: str, column: int) -> None:
        self.text = text
        self.reason = reason
        self.column = column
        super().__init__(f"bad selector {json.dumps(text)}: {reason} at column {column}")

    def __reduce__(self) -> tuple[type[SelectorError], tuple[str, str, int]]:
        return SelectorError, (self.text, self.reason, self.column)


class Selector(ABC):
    """A test on a unit, by its id and tags; parse one with :func:`parse_selector`.

    In pydantic models a selector field accepts the selector's text.
    """

    __slots__ = ()

    @abstractmethod
    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        """Whether a unit with this id and these tags is selected."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _selector_for_pydantic,
            serialization=core_schema.to_string_ser_schema(when_used="always"),
        )


@dataclass(frozen=True, slots=True)
class AnyUnit(Selector):
    """Selects every unit: ``*``."""

    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        return True

    def __str__(self) -> str:
        return "*"


@dataclass(frozen=True, slots=True)
class HasTag(Selector):
    """Selects units carrying a tag: ``tag:small``."""

    tag: str

    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        return self.tag in tags

    def __str__(self) -> str:
        return f"tag:{self.tag}"


@dataclass(frozen=True, slots=True)
class IsUnit(Selector):
    """Selects one unit id: ``unit:dreadnought``."""

    unit: str

    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        return unit == self.unit

    def __str__(self) -> str:
        return f"unit:{self.unit}"


@dataclass(frozen=True, slots=True)
class Not(Selector):
    """Selects the units its operand does not: ``!tag:core``."""

    operand: Selector

    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        return not self.operand.matches(unit, tags)

    def __str__(self) -> str:
        inner = str(self.operand)
        return f"!({inner})" if isinstance(self.operand, AllOf | AnyOf) else f"!{inner}"


@dataclass(frozen=True, slots=True)
class AllOf(Selector):
    """Selects units every operand selects: ``tag:naval & tag:large``."""

    operands: tuple[Selector, ...]

    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        return all(operand.matches(unit, tags) for operand in self.operands)

    def __str__(self) -> str:
        return " & ".join(f"({op})" if isinstance(op, AnyOf) else str(op) for op in self.operands)


@dataclass(frozen=True, slots=True)
class AnyOf(Selector):
    """Selects units any operand selects: ``tag:large | tag:massive``."""

    operands: tuple[Selector, ...]

    def matches(self, unit: str, tags: AbstractSet[str]) -> bool:
        return any(operand.matches(unit, tags) for operand in self.operands)

    def __str__(self) -> str:
        return " | ".join(str(op) for op in self.operands)


def names(selector: Selector) -> Iterator[HasTag | IsUnit]:
    """The tags and unit ids ``selector`` names, in order.

    >>> [str(name) for name in names(parse_selector("tag:a & !(unit:b | tag:c)"))]
    ['tag:a', 'unit:b', 'tag:c']
    """
    if isinstance(selector, HasTag | IsUnit):
        yield selector
    elif isinstance(selector, Not):
        yield from names(selector.operand)
    elif isinstance(selector, AllOf | AnyOf):
        for operand in selector.operands:
            yield from names(operand)


_TOKEN = re.compile(
    r"\s*(?:(?P<op>[&|!()*])|(?P<prefix>[A-Za-z_]+):(?P<name>[A-Za-z0-9_.-]*)"
    r"|(?P<word>[A-Za-z0-9_.-]+)|(?P<bad>\S))"
)
_EXPECTED = 'expected tag:NAME, unit:NAME, "*", "!" or "("'


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    column: int  # 1-based
    selector: Selector | None = None  # set for atoms


def parse_selector(text: str) -> Selector:
    """Parse a selector.

    >>> parse_selector("tag:naval & (tag:large | tag:massive)")
    AllOf(operands=(HasTag(tag='naval'), AnyOf(operands=(HasTag(tag='large'), \
HasTag(tag='massive')))))
    >>> parse_selector("tag:large |")
    Traceback (most recent call last):
    ...
    warbench.core.selectors.SelectorError: bad selector "tag:large |": \
expected tag:NAME, unit:NAME, "*", "!" or "(" at column 12
    """
    parser = _SelectorParser(text, list(_tokens(text)))
    selector = parser.expression()
    if parser.position < len(parser.tokens):
        token = parser.tokens[parser.position]
        raise SelectorError(text, f"unexpected {json.dumps(token.text)}", token.column)
    return selector


def _tokens(text: str) -> Iterator[_Token]:
    for match in _TOKEN.finditer(text):
        token = match[0].lstrip()
        column = match.end() - len(token) + 1
        if match["op"]:
            yield _Token(token, column)
        elif match["prefix"]:
            yield _Token(token, column, _atom(text, match, column))
        elif match["word"]:
            reason = f"{json.dumps(token)} needs a kind: tag:{token} or unit:{token}"
            raise SelectorError(text, reason, column)
        elif match["bad"]:
            raise SelectorError(text, f"unexpected {json.dumps(token)}", column)


def _atom(text: str, match: re.Match[str], column: int) -> Selector:
    prefix, name = match["prefix"], match["name"]
    if prefix not in ("tag", "unit"):
        reason = f'unknown selector kind "{prefix}:" (use "tag:" or "unit:")'
        raise SelectorError(text, reason, column)
    if not name:
        raise SelectorError(text, f'missing name after "{prefix}:"', column)
    return HasTag(name) if prefix == "tag" else IsUnit(name)


class _SelectorParser:
    """Recursive descent: expression = term ("|" term)*; term = factor ("&" factor)*."""

    __slots__ = ("position", "text", "tokens")

    def __init__(self, text: str, tokens: list[_Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.position = 0

    def _peek(self) -> str | None:
        return self.tokens[self.position].text if self.position < len(self.tokens) else None

    def _fail(self, reason: str) -> SelectorError:
        if self.position < len(self.tokens):
            return SelectorError(self.text, reason, self.tokens[self.position].column)
        return SelectorError(self.text, reason, len(self.text) + 1)

    def expression(self) -> Selector:
        operands = [self._term()]
        while self._peek() == "|":
            self.position += 1
            operands.append(self._term())
        return operands[0] if len(operands) == 1 else AnyOf(_flatten(operands, AnyOf))

    def _term(self) -> Selector:
        operands = [self._factor()]
        while self._peek() == "&":
            self.position += 1
            operands.append(self._factor())
        return operands[0] if len(operands) == 1 else AllOf(_flatten(operands, AllOf))

    def _factor(self) -> Selector:
        if self.position >= len(self.tokens):
            raise self._fail(_EXPECTED)
        token = self.tokens[self.position]
        self.position += 1
        if token.selector is not None:
            return token.selector
        if token.text == "*":
            return AnyUnit()
        if token.text == "!":
            return Not(self._factor())
        if token.text == "(":
            inner = self.expression()
            if self._peek() != ")":
                raise self._fail('expected ")"')
            self.position += 1
            return inner
        self.position -= 1
        raise self._fail(_EXPECTED)


def _flatten(operands: list[Selector], kind: type[AllOf] | type[AnyOf]) -> tuple[Selector, ...]:
    flat: list[Selector] = []
    for operand in operands:
        flat.extend(operand.operands if isinstance(operand, kind) else (operand,))
    return tuple(flat)


def _selector_for_pydantic(value: object) -> Selector:
    if isinstance(value, Selector):
        return value
    if not isinstance(value, str):
        raise PydanticCustomError("selector_type", "a selector must be a string")
    try:
        return parse_selector(value)
    except SelectorError as error:
        raise PydanticCustomError(
            "selector_syntax",
            "bad selector: {reason} at column {column}",
            {"reason": error.reason, "column": error.column},
        ) from None
