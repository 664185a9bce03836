"""Build configuration for the two optional C extensions (the project's metadata is in pyproject.toml).

Both only speed up what the pure-Python code already does, and the tests check they agree
with it: ``kingdomino.core._bitgrid`` (``Grid``'s flood fill and scoring methods) and
``kingdomino.rl._fastobs`` (the RL observation kernels). Both compile the grid's scoring
arithmetic from ``kingdomino/core/bitscore.h``. They are ``optional``: without a C compiler
the install still succeeds and the pure-Python paths are used.
"""

from setuptools import Extension, setup

FASTOBS = "src/kingdomino/rl/_fastobs"

setup(
    ext_modules=[
        Extension(
            "kingdomino.core._bitgrid",
            sources=["src/kingdomino/core/_bitgrid.c"],
            depends=["src/kingdomino/core/bitscore.h"],
            optional=True,
        ),
        Extension(
            "kingdomino.rl._fastobs",
            sources=[f"{FASTOBS}/{name}.c" for name in ("module", "common", "classic", "duel", "origins")],
            depends=[f"{FASTOBS}/fastobs.h", "src/kingdomino/core/bitscore.h"],
            include_dirs=[FASTOBS, "src/kingdomino/core"],
            optional=True,
        ),
    ]
)
