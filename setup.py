"""Build configuration for the optional C extension (the project's metadata is in pyproject.toml).

``kingdomino.core._bitgrid`` only speeds up what the pure-Python ``Grid`` already does (its
flood fill and scoring methods), and the tests check the two agree. It is ``optional``:
without a C compiler the install still succeeds and the pure-Python paths are used.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "kingdomino.core._bitgrid",
            sources=["src/kingdomino/core/_bitgrid.c"],
            depends=["src/kingdomino/core/bitscore.h"],
            optional=True,
        ),
    ]
)
