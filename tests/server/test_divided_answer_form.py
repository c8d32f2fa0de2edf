"""What the defender's page is sent for an answer to several boarding parties
(DW-MULTI-ASSAULT): each answer offered with its fields in words, for a form of many
options."""

from __future__ import annotations

from typing import Any

from tests.rulesets.dystopian_wars.test_multi_assault import boarded, crews
from warbench.server.snapshot import snapshot

DEFENDER = 1


def _answers(snap: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for d in snap["decisions"] for o in d["options"]
            if o["action"]["type"] == "respond"]


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

