"""The ``kingdomino`` command line (Typer + rich)."""

from kingdomino.cli.app import app, main

__all__ = ["app", "main"]
