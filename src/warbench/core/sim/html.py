"""The pieces every HTML report is built of: the page and its style, tables, pictures.

A report is one self-contained page: plots are embedded as base64 PNG, so the page can be
mailed or archived as one file.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from warbench.core.sim.summary import Rate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

PAGE_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
table.prose th, table.prose td { text-align: left; vertical-align: top; }
table.prose td:first-child { white-space: nowrap; }
table.names { font-size: 0.9em; }
table.names th, table.names td { padding: 0.25em 0.5em; }
table.names td:first-child { white-space: nowrap; }
td small { color: #555; white-space: nowrap; }
figure { margin: 1em 0; } figcaption { color: #555; font-size: 0.9em; }
img, svg { max-width: 100%; height: auto; }
"""


def png_image(figure: Figure) -> str:
    """A matplotlib figure as an ``<img>`` holding its PNG (the page stays one file)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{encoded}">'


def percent(rate: Rate) -> str:
    """A rate with its 95% interval: ``50.0% [30.0%, 70.0%]``."""
    return f"{rate.value:.1%} [{rate.low:.1%}, {rate.high:.1%}]"


@dataclass(frozen=True, slots=True)
class Stacked:
    """A cell of two lines: a figure, and under it, smaller, what qualifies it (an
    interval, a note), so that a table of many columns stays narrow."""

    main: object
    below: str = ""

    def __str__(self) -> str:
        return f"{self.main} {self.below}".strip()


def cell_html(cell: object) -> str:
    """A cell's content, escaped; a :class:`Stacked` cell on two lines.

    >>> cell_html(Stacked("42.6", "[33.9, 52.0]")), cell_html("a < b")
    ('42.6<br><small>[33.9, 52.0]</small>', 'a &lt; b')
    """
    if isinstance(cell, Stacked) and cell.below:
        return f"{html.escape(str(cell.main))}<br><small>{html.escape(cell.below)}</small>"
    if isinstance(cell, Stacked):
        return html.escape(str(cell.main))
    return html.escape(str(cell))


def html_table(
    head: Sequence[str], rows: Sequence[Sequence[object]], *, prose: bool = False,
    names: bool = False,
) -> str:
    """An HTML table of ``rows`` under ``head``, every cell escaped. Figures align right,
    the first column left; a ``prose`` table (sentences, commands) aligns every column left;
    a table of ``names`` never breaks the first column's ids (``britannia-battleship``).
    """
    cells = "".join(f"<th>{html.escape(str(cell))}</th>" for cell in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{cell_html(cell)}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    opening = ('<table class="prose">' if prose else '<table class="names">' if names
               else "<table>")
    return f"{opening}<tr>{cells}</tr>{body}</table>"


def figure_html(content: str, caption: str) -> str:
    """A picture with its caption."""
    return f"<figure>{content}<figcaption>{html.escape(caption)}</figcaption></figure>"


def html_page(title: str, parts: Sequence[str]) -> str:
    """One self-contained page: ``parts`` (HTML) under the report's style."""
    body = "\n".join(parts)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{PAGE_STYLE}</style></head>"
        f"<body>\n{body}\n</body></html>\n"
    )


def write_page(path: str | Path, page: str) -> Path:
    """Write ``page`` to ``path`` (an ``.html`` file in a folder that exists); return it."""
    target = Path(path)
    if not target.parent.exists():
        raise FileNotFoundError(f"{target}: folder {target.parent} does not exist")
    target.write_text(page, encoding="utf-8")
    return target
