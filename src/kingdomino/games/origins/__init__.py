"""Kingdomino Origins (Discovery, Totem and Tribe modes): see :mod:`kingdomino.games.origins.state`."""
