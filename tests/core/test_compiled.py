"""The compiled build (warbench.compiled): used only while it matches the sources, and the
same games bit for bit as pure Python (issue 16: "a pure-Python fallback that gives
identical results and is tested")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from warbench import compiled

GAMES = """
from warbench.core.match import play_match
from warbench.core.registry import ruleset

hashes = []
for rid, bot, seats in [("dystopian-wars", "commodore", 2), ("armada", "tactician", 2),
                        ("full-thrust", "admiral", 2), ("hordes", "warlock", 2),
                        ("robogear", "commander", 3)]:
    rules = ruleset(rid)
    bots = rules.bots()
    for seed, name in [(0, "random"), (1, bot)]:
        agents = [bots[name](seed * 10 + seat) for seat in range(seats)]
        hashes.append(play_match(rules, agents, seed=seed, record_hashes=False).final_hash)
print(" ".join(hashes))
"""


def _play(pure: bool) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(compiled.PACKAGE_ROOT.parent)}
    env.pop("WARBENCH_PURE", None)
    if pure:
        env["WARBENCH_PURE"] = "1"
    script = "from warbench import compiled\nprint(compiled.status().active)\n" + GAMES
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return out[0], out[1]


def _manifest(build: Path, root: Path, suffix: str | None = None) -> None:
    (build / "lib").mkdir(parents=True)
    (build / "lib" / "fake.so").write_bytes(b"")
    build.joinpath(compiled.MANIFEST).write_text(json.dumps({
        "suffix": suffix or sysconfig.get_config_var("EXT_SUFFIX"),
        "digest": compiled.source_digest(root), "files": {"pkg.fake": "lib/fake.so"}}))


def test_a_build_is_used_only_while_every_source_is_as_it_was_built_from(tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    (root / "rules.py").write_text("RANGE = 12\n")
    _manifest(tmp_path / "build", root)
    modules, reason = compiled.read_manifest(tmp_path / "build", root)
    assert modules == {"pkg.fake": tmp_path / "build" / "lib" / "fake.so"}, reason
    (root / "rules.py").write_text("RANGE = 13\n")
    modules, reason = compiled.read_manifest(tmp_path / "build", root)
    assert modules == {} and "sources changed" in reason


def test_a_build_for_another_python_or_without_manifest_is_not_used(tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    modules, reason = compiled.read_manifest(tmp_path / "none", root)
    assert modules == {} and "make compiled" in reason
    _manifest(tmp_path / "build", root, suffix=".cpython-27.so")
    modules, reason = compiled.read_manifest(tmp_path / "build", root)
    assert modules == {} and "built for .cpython-27.so" in reason


@pytest.mark.skipif(not (compiled.BUILD_DIR / compiled.MANIFEST).is_file(),
                    reason="no compiled build here (`make compiled`)")
def test_compiled_and_pure_python_play_the_same_games() -> None:
    """Seeded games of every ruleset, random play and bot mirrors, end in the same states."""
    active, fast = _play(pure=False)
    assert active == "True", "the build in build/compiled does not match the sources"
    inactive, slow = _play(pure=True)
    assert inactive == "False"
    assert fast == slow


@pytest.mark.skipif(not compiled.status().active, reason="pure Python: doctests run in place")
def test_the_compiled_modules_doctests_pass_on_their_sources() -> None:
    """While the build is in use, the doctests of its modules run here, on the sources."""
    paths = sorted(str(path) for path in compiled.compiled_sources())
    env = {**os.environ, "WARBENCH_PURE": "1"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--doctest-modules", *paths], env=env, capture_output=True, text=True,
                         cwd=compiled.PACKAGE_ROOT.parent.parent)
    assert run.returncode == 0, run.stdout[-3000:]
    assert " passed" in run.stdout
