"""Parts shared by the "domino kingdom" games: classic Kingdomino and Kingdomino Origins.

Both games grow a kingdom (a territory, in Origins) of two-square dominoes around a
centre square (castle or hut) inside a floating frame, and both deal rows of dominoes
that kings (chiefs) claim and then place. What is the same to the letter lives here,
once, and each game adds its own rules on top:

* :mod:`.geometry`: the grid, the placement codes and their decoding;
* :mod:`.territory`: the placement half of a kingdom (free squares, placement masks,
  legal placements, bounding box, centring), a base class for each game's kingdom;
* :mod:`.codec`: placement and discard action codes written and read as text;
* :mod:`.rules`: the row-of-dominoes part of a state (who acts, cloning, reading
  actions, why an action is illegal);
* :mod:`.text`: reading a kingdom written as text, cell by cell.

The names that differ between the games ("kingdom"/"castle" and "territory"/"hut")
are passed in as :class:`~.codec.Terms`, so error messages stay word for word.
Kingdomino Duel shares none of this: its board and rules are of another kind.
"""
