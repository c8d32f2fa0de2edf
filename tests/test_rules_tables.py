"""Every rules table (docs/rules/<id>.md) names tests that exist.

Each table's last column names the tests that show a rule, in the table's own style
(``file::test``, ``abbreviation `test```, or a file alone). A test renamed or removed must
not leave a row pointing at nothing: every ``test_...`` name in that column is a test
function or a test file somewhere under ``tests/``. (HORDES' table is checked more strictly,
test and rule ID together, by tests/hordes/test_table.py.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TABLES = sorted((ROOT / "docs" / "rules").glob("*.md"))
#: A test's or a test file's name in a cell (a ``.py`` suffix allowed).
NAME = re.compile(r"(?<![\w/])(test_\w+?)(?:\.py)?(?!\w)")


def known_names() -> set[str]:
    """Every test function's and every test file's name under tests/."""
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.add(path.stem)
        for node in ast.walk(ast.parse(path.read_text())):
            functions = (ast.FunctionDef, ast.AsyncFunctionDef)
            if isinstance(node, functions) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def rule_rows(table: Path) -> list[tuple[str, str]]:
    """(rule ID, last cell) of each row of a rules table."""
    rows = []
    for line in table.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) >= 3 and re.fullmatch(r"[A-Z][A-Z0-9-]+", cells[0]):
            rows.append((cells[0], cells[-1]))
    return rows


@pytest.mark.parametrize("table", TABLES, ids=[table.stem for table in TABLES])
def test_every_test_a_rules_table_names_exists(table: Path) -> None:
    names = known_names()
    rows = rule_rows(table)
    assert len(rows) > 30, f"{table.name}: no rules rows found"
    missing = [
        f"{rule}: {name}"
        for rule, cell in rows
        for name in NAME.findall(cell)
        if name not in names
    ]
    assert missing == []


def test_a_name_that_is_no_test_is_reported(tmp_path: Path) -> None:
    table = tmp_path / "t.md"
    row = "| X-{n} | a rule | implemented | a.py | test_nothing_{n} |"
    rows = "\n".join(row.format(n=n) for n in range(31))
    table.write_text(rows + "\n")
    with pytest.raises(AssertionError, match="X-0: test_nothing_0"):
        test_every_test_a_rules_table_names_exists(table)


#: Each ruleset's rule-ID prefix and its table.
PREFIXES = {"DW": "dystopian-wars", "ARM": "armada", "FT": "full-thrust", "HOR": "hordes",
            "RG": "robogear"}
#: A rule ID in the sources; one that ends a pattern (``ARM-MORALE-*``, ``ARM-OFF-{...}``)
#: names a family, not a row.
CITED = re.compile(r"\b(DW|ARM|FT|HOR|RG)-[A-Z0-9]+(?:-[A-Z0-9]+)*(?![-\w*{])")


def cited_ids(root: Path) -> dict[str, set[str]]:
    """Every rule ID the Python sources under ``root`` cite, with the files citing it."""
    found: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        for match in CITED.finditer(path.read_text()):
            found.setdefault(match.group(0), set()).add(path.relative_to(root).as_posix())
    return found


def test_every_rule_id_the_sources_cite_is_in_its_rules_table() -> None:
    """A refusal, a card or a comment citing a rule ID that no table knows sends a reader
    nowhere (one cited HOR-TERRAIN-ROUGH where the row is HOR-TERRAIN): every ID cited in
    src/ appears in its ruleset's table (as a row, or named in its text: a test series)."""
    texts = {prefix: (ROOT / "docs" / "rules" / f"{name}.md").read_text()
             for prefix, name in PREFIXES.items()}
    unknown = {rule: sorted(files) for rule, files in cited_ids(ROOT / "src").items()
               if not re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])",
                                texts[rule.split("-")[0]])}
    assert not unknown, unknown
