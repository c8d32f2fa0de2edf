"""How a game is won, in words, and how it stands now by the rules' own measure.

A ruleset says it (``Ruleset.victory``) from the state one seat may know, as any hook a
table shows is judged; the web table shows it above the board, so that every player is
told how the game ends and who leads before it does: the standing in one line
(``headline``), the rules and the whole standing folded under it.

>>> said = Victory(("The last army on the table wins.",), ("player 1: 120 points left",),
...                "120 points left")
>>> said.to_plain()["headline"], said.to_plain()["how"]
('120 points left', ['The last army on the table wins.'])
>>> from warbench.core.procedures import Outcome
>>> from warbench.core.words import player_name
>>> verdict(Outcome((1,), (0.0, 3.0), "more boxes left"), lambda p: player_name(p[0]))
'player 2 would win'
>>> verdict(Outcome((), (2.0, 2.0)), lambda p: "", "on points")
'a draw on points'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from warbench.core.procedures import Outcome

#: What joins the parts of a headline.
APART = " · "


@dataclass(frozen=True, slots=True)
class Victory:
    """``how`` the game is won, a sentence each (the end, the scoring, the round limit);
    ``standing``: where it stands now, a line each (empty where the rules keep no score);
    ``headline``: the standing in one short line, shown while the rest is folded away
    (empty: the page joins the standing's lines)."""

    how: tuple[str, ...]
    standing: tuple[str, ...] = ()
    headline: str = ""

    def to_plain(self) -> dict[str, list[str] | str]:
        """JSON-ready form, for the web table."""
        return {"how": list(self.how), "standing": list(self.standing),
                "headline": self.headline}


def verdict(outcome: Outcome, side: Callable[[tuple[int, ...]], str], how: str = "") -> str:
    """What a game judged now would end in, as a standing says it: ``side(winners)`` (the
    words for the winning players) ``would win``, or ``a draw``; ``how`` follows either
    (``on points``)."""
    said = f"{side(outcome.winners)} would win" if outcome.winners else "a draw"
    return f"{said} {how}" if how else said
