"""Puzzles: a position of Kingdomino, Kingdomino Duel or Kingdomino Origins, one decision to find,
and its exact answer.

:mod:`.solver` values every legal action of a Kingdomino position whose outcome the acting player
alone decides (their last placements, and the placement before their last claim) by the final
score the engine's own scorer gives; :mod:`.exact` does the same for Duel and Origins by searching
the rest of the game, every opponent's choice included; :mod:`.maker` cuts such positions out of
seeded games between the engine's agents and keeps those that teach; :mod:`.catalogue` reads the
sets the package ships, one a game (Origins: one a mode).
"""
