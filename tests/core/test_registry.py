"""The ruleset registry: registering, finding by id, and precise errors for unknown ids."""

from __future__ import annotations

import pytest

from tests.duel import Duel
from warbench.core import registry
from warbench.core.registry import UnknownRuleset, available_rulesets, register, ruleset
from warbench.core.ruleset import Ruleset


@pytest.fixture(autouse=True)
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test gets its own registry, so nothing leaks into the module-global one."""
    monkeypatch.setattr(registry, "_factories", {})
    monkeypatch.setattr(registry, "_instances", {})


def test_a_registered_class_is_found_by_its_id() -> None:
    register(Duel)
    found = ruleset("test-duel")
    assert isinstance(found, Duel)
    assert ruleset("test-duel") is found  # one instance per id


def test_a_factory_may_be_registered_under_an_explicit_id() -> None:
    register(lambda: Duel(), ruleset_id="duel-alias")
    assert isinstance(ruleset("duel-alias"), Duel)


def test_registering_again_replaces_the_instance() -> None:
    register(Duel)
    first = ruleset("test-duel")
    register(Duel)
    assert ruleset("test-duel") is not first


def test_a_factory_without_an_id_is_refused() -> None:
    def anonymous() -> Ruleset:
        return Duel()

    with pytest.raises(ValueError, match="has no ruleset id; pass ruleset_id"):
        register(anonymous)


def test_available_rulesets_lists_registered_ids_sorted() -> None:
    register(Duel)
    register(Duel, ruleset_id="another-duel")
    listed = available_rulesets()
    assert "test-duel" in listed and "another-duel" in listed
    assert listed == sorted(listed)


def test_unknown_id_suggests_the_closest_and_lists_the_known() -> None:
    register(Duel)
    with pytest.raises(UnknownRuleset) as error:
        ruleset("test-duell")
    message = str(error.value)
    assert message.startswith("unknown ruleset 'test-duell'; did you mean 'test-duel'?")
    assert "test-duel" in message.split("known: ")[1]


def test_unknown_id_with_nothing_close_gives_no_hint() -> None:
    register(Duel)
    with pytest.raises(UnknownRuleset) as error:
        ruleset("chess")
    assert "did you mean" not in str(error.value)
    assert isinstance(error.value, ValueError)
