"""Player ratings for online play: Glicko-2 (:mod:`.glicko2`) in pools of comparable games
(:mod:`.pools`), a game of several players counted as its pairwise results."""
