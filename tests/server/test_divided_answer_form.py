"""What the defender's page is sent for an answer to several boarding parties
(DW-MULTI-ASSAULT): each answer offered with its fields in words, for a form of many
options, and the form taking any division asking for a party of each answering model, by
name (the browser's view of both: ``test_browser_divided_answer``)."""

from __future__ import annotations

from typing import Any

from tests.rulesets.dystopian_wars.test_multi_assault import boarded, crews
from warbench.server.snapshot import snapshot

DEFENDER = 1


def _answers(snap: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for d in snap["decisions"] for o in d["options"]
            if o["action"]["type"] == "respond"]


def _fields(snap: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The fields of the seat's form of answers (``answer_aims.AimSpace``), by name."""
    (space,) = [s for d in snap["decisions"] for s in d["spaces"] if s["type"] == "respond"]
    return {spec["name"]: spec for spec in space["fields"]}


def test_dw_multi_assault_each_answer_offered_gives_its_fields_in_words() -> None:
    """Ten answers to two boarding robots are more than a page shows as buttons: its form
    lists them by field, so each gives its fields in words (before, none: the lists read
    "false" and "[0,1,1]"): who answers, on its own or linked, and where the rolls go."""
    answers = _answers(snapshot(boarded(), DEFENDER))
    assert len(answers) == 10
    fields = {(*o["action"]["at"], o["action"]["linked"]): o["fields"] for o in answers}
    assert fields[(0, 1, 1, False)] == {
        "models": ["answering", "Yeoman 1, Yeoman 2, Yeoman 3"],
        "linked": ["rolled", "each on its own"],
        "at": ["rolls at", "Yeoman 1 at Uhrwerk 1; Yeoman 2, Yeoman 3 at Uhrwerk 2"]}
    assert fields[(1, 1, 1, True)]["linked"] == ["rolled", "linked in one pool"]
    assert fields[(1, 1, 1, True)]["at"] == ["rolls at", "every roll at Uhrwerk 2"]
    together = _answers(snapshot(crews(()), DEFENDER))[0]
    assert together["action"]["at"] == [] and together["fields"]["at"] == [
        "rolls at", "the boarders together, the largest party losing first"]


def test_dw_multi_assault_the_division_form_asks_a_party_of_each_answering_model() -> None:
    """The form taking any division has the answering models to tick and, for each of them,
    a party by name (``one_per``: the field holds one value per member of ``models``;
    before, the parties were boxes to tick, which cannot say which model rolls at which).
    Where the answer may name none (crews only), "the boarders together" is a choice."""
    fields = _fields(snapshot(boarded(), DEFENDER))
    assert fields["models"]["members"] == [[2, "Yeoman 1"], [3, "Yeoman 2"], [4, "Yeoman 3"]]
    at = fields["at"]
    assert at["one_per"] == "models" and at["caption"] == "rolls at"
    assert at["each"] == [[0, "Uhrwerk 1"], [1, "Uhrwerk 2"]]
    assert "members" not in at and "choices" not in at and "each_none" not in at
    at = _fields(snapshot(crews(()), DEFENDER))["at"]
    assert at["each"] == [[0, "Warden 1"], [1, "Warden 2"]]
    assert at["each_none"] == "the boarders together"
