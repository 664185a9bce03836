"""The games of the family, one subpackage each, found through :mod:`kingdomino.games.registry`."""
