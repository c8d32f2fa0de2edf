"""The rules table names, for every rule, tests that exist and say they check it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| (HOR-[A-Z-]+) \|.*\| ([^|]+) \|$")


def docstrings() -> dict[str, str]:
    """``path::name`` of every test function under tests/, with its docstring."""
    found = {}
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                key = f"{path.relative_to(ROOT).as_posix()}::{node.name}"
                found[key] = ast.get_docstring(node) or ""
    return found


def test_every_rule_names_a_test_that_checks_it() -> None:
    """Each row of docs/rules/hordes.md names tests that exist and name its rule ID."""
    tests = docstrings()
    rows = [ROW.match(line) for line in (ROOT / "docs/rules/hordes.md").read_text().splitlines()]
    checked = [(m.group(1), m.group(2)) for m in rows if m]
    assert len(checked) > 70
    problems = []
    for rule, cell in checked:
        for name in (t.strip() for t in cell.split(",")):
            if name not in tests:
                problems.append(f"{rule}: no test {name}")
            elif rule not in tests[name]:
                problems.append(f"{rule}: {name} does not name it")
    assert problems == []
