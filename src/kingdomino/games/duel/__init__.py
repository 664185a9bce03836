"""Kingdomino Duel: the 2-player dice game (seeds 003/000, ``RULES.md``)."""
