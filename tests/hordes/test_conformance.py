"""The conformance kit on HORDES (random games, replay, refusals, views, observations)."""

from warbench.rulesets.hordes import HordesRuleset
from warbench.testing import assert_conforms


def test_hordes_conforms() -> None:
    """HOR-GAME-END: random games run to the end; the kit's engine checks all hold."""
    report = assert_conforms(
        HordesRuleset(),
        games=4,
        player_counts=[2],
        setups=[
            {"armies": ["thornwood-maelis", "ashen-vesk"], "layout": "standard"},
            {"armies": ["thornwood-orrin", "ashen-hask"], "layout": "standard"},
        ],
    )
    assert report.games == 4
