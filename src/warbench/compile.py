"""Build the compiled modules: ``python -m warbench.compile`` (``make compiled``).

mypyc compiles ``warbench.compiled.MODULES`` into ``build/compiled`` and a manifest records
the digest of the sources it was built from (see ``warbench.compiled`` for how the build is
used). Building needs mypy and a C compiler; running Warbench needs neither.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

from warbench import compiled
from warbench.compiled import BUILD_DIR, MANIFEST, MODULES, PACKAGE_ROOT, Status


def build(build_dir: Path = BUILD_DIR, jobs: int = 2) -> Status:
    """Compile ``MODULES`` with mypyc into ``build_dir`` and write its manifest."""
    from mypyc.build import mypycify
    from setuptools import setup

    src = PACKAGE_ROOT.parent
    build_dir.mkdir(parents=True, exist_ok=True)
    (build_dir / MANIFEST).unlink(missing_ok=True)
    # mypyc's incremental cache can crash when the module list changes; the C files and
    # objects it regenerates unchanged are not compiled again.
    shutil.rmtree(build_dir / "mypy", ignore_errors=True)
    digest = compiled.source_digest()
    paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in MODULES]
    config = str(src.parent / "pyproject.toml")
    cwd = Path.cwd()
    os.chdir(src)  # mypyc names each module by its path from here
    try:
        options = ["--config-file", config, "--cache-dir", str(build_dir / "mypy")]
        extensions = mypycify([*options, *paths], opt_level="3", separate=True,
                              target_dir=str(build_dir / "c"))
        setup(name="warbench-compiled", ext_modules=extensions, script_args=[
            "build_ext", "--build-lib", str(build_dir / "lib"),
            "--build-temp", str(build_dir / "temp"), "--parallel", str(jobs), "--quiet"])
    finally:
        os.chdir(cwd)
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    files = {extension.name: str(Path("lib", *extension.name.split("."))) + suffix
             for extension in extensions}
    manifest = {"suffix": suffix, "digest": digest, "files": files}
    (build_dir / MANIFEST).write_text(json.dumps(manifest, indent=1))
    modules, reason = compiled.read_manifest(build_dir)
    return Status(bool(modules), sum(name in modules for name in MODULES), reason)


def main(argv: Sequence[str]) -> int:
    """``python -m warbench.compile [status]``: build, or say whether the build is in use."""
    if list(argv) == ["status"]:
        print(compiled.status().reason)
        return 0
    if argv:
        print("usage: python -m warbench.compile [status]", file=sys.stderr)
        return 2
    built = build()
    print(built.reason)
    return 0 if built.active else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


