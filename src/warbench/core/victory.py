"""How a game is won, in words, and how it stands now by the rules' own measure.

A ruleset says it (``Ruleset.victory``) from the state one seat may know, as any hook a
table shows is judged; the web table shows it beside the board, so that every player is
told how the game ends and who leads before it does.

>>> Victory(("The last army on the table wins.",), ("player 0: 120 points left",)).to_plain()
{'how': ['The last army on the table wins.'], 'standing': ['player 0: 120 points left']}
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Victory:
    """``how`` the game is won, a sentence each (the end, the scoring, the round limit);
    ``standing``: where it stands now, a line each (empty where the rules keep no score)."""

    how: tuple[str, ...]
    standing: tuple[str, ...] = ()

    def to_plain(self) -> dict[str, list[str]]:
        """JSON-ready form, for the web table."""
        return {"how": list(self.how), "standing": list(self.standing)}
