"""Real-browser tests of what the table page marks on the board and in its header: every
weapon's reach drawn by name, attack labels in the data's words, a header that names the
seat once, a ship's label kept clear of its move's ghost, and the decision buttons put away
while the table waits for dice. Moments are built in Python and handed to the page's own
``showState`` (as ``test_browser_table``). Skipped, saying why, when chromium or Playwright
is missing."""

from __future__ import annotations

from typing import Any

from tests.rulesets.full_thrust.helpers import battle, ship
from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import _shot, _show
from warbench.server.snapshot import snapshot


def test_a_clicked_kravak_ship_draws_every_weapons_reach_by_name(
    server: str, browser: Any  # noqa: F811
) -> None:
    """FT-PICTURE: a Kra'Vak frigate, which carries no beams, clicked on the board draws a
    wedge for each weapon it can fire, each named on the board: its K-guns, scattergun
    and MKP."""
    game, _ = battle([ship("tarkesh", "Claw", 30.0, 20.0, facing=3)],
                     [ship("sentinel", "Watch", 50.0, 30.0)], faction="kravak")
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snapshot(game, 0))
    page.locator("#board .shape[data-label='Claw']").click()
    names = sorted(page.locator("#board .reach-label").all_text_contents())
    assert names == ["K1 gun", "K2 gun", "MKP", "scattergun"]
    assert page.locator("#board path.reach").count() == 4
    _shot(page, "kravak-reach.png")
    page.close()
