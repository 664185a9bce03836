"""Build configuration for the optional C extension and the build's commit (the project's metadata
is in pyproject.toml).

``kingdomino.core._bitgrid`` only speeds up what the pure-Python ``Grid`` already does (its
flood fill and scoring methods), and the tests check the two agree. It is ``optional``:
without a C compiler the install still succeeds and the pure-Python paths are used.

A build from a git checkout (``pip install .``) writes the commit it was made from into the
package (``kingdomino/_commit.json``), which ``kingdomino --version`` and the server say
(``kingdomino.build_info``): an installed copy has no checkout to ask.
"""

import importlib.util
import json
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCommit(build_py):
    """``build_py`` that also writes the checkout's commit beside the modules, when there is one."""

    def run(self) -> None:
        super().run()
        spec = importlib.util.spec_from_file_location(
            "build_info", HERE / "src" / "kingdomino" / "build_info.py"
        )
        if spec is None or spec.loader is None:
            return
        build_info = importlib.util.module_from_spec(spec)
        sys.modules["build_info"] = build_info  # its dataclass looks its module up there
        spec.loader.exec_module(build_info)
        found = build_info.git_commit(HERE)
        if found is not None and not self.editable_mode:
            target = Path(self.build_lib) / "kingdomino" / build_info.COMMIT_FILE
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(found) + "\n", encoding="utf-8")


setup(
    cmdclass={"build_py": BuildWithCommit},
    ext_modules=[
        Extension(
            "kingdomino.core._bitgrid",
            sources=["src/kingdomino/core/_bitgrid.c"],
            depends=["src/kingdomino/core/bitscore.h"],
            optional=True,
        ),
    ],
)
