"""Puzzles: a Kingdomino position, one decision to find, and its exact answer.

:mod:`.solver` values every legal action of a position whose outcome the acting player alone
decides (their last placements, and the placement before their last claim) by the final score
the engine's own scorer gives; :mod:`.maker` cuts such positions out of seeded games between the
engine's agents and keeps those that teach; :mod:`.catalogue` reads the set the package ships.
"""
