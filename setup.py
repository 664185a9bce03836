"""Build configuration for the optional C extension (the project's metadata is in pyproject.toml).

It only speeds up what the pure-Python code already does, and the tests check they agree:
``kingdomino.core._bitgrid`` (the flood fill of ``Grid.regions_holding``). It is
``optional``: without a C compiler the install still succeeds and the pure-Python path is used.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "kingdomino.core._bitgrid",
            sources=["src/kingdomino/core/_bitgrid.c"],
            optional=True,
        ),
    ]
)
