"""Glicko-2 and the rating pools: the paper's worked example, how results move a rating, and a
game of several players rated as its pairwise results."""

from __future__ import annotations

import pytest

from kingdomino.ratings.glicko2 import PROVISIONAL, Rating, update
from kingdomino.ratings.pools import pairwise_scores, pool_names, pool_of, rate_game


def test_the_worked_example_of_glickmans_paper() -> None:
    """Example of the Glicko-2 system (2013): 1500/200 beats 1400/30, loses to 1550/100 and
    1700/300, and ends at 1464.06 with a deviation of 151.52 (volatility 0.05999)."""
    after = update(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)],
        tau=0.5,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_a_rating_a_loss_lowers_it_and_games_make_it_surer() -> None:
    player, opponent = Rating(), Rating()
    won, lost, drawn = (update(player, [(opponent, score)]) for score in (1.0, 0.0, 0.5))
    assert won.rating > 1500 > lost.rating
    assert drawn.rating == pytest.approx(1500)
    assert all(r.deviation < player.deviation for r in (won, lost, drawn))
    # Beating a stronger player gains more than beating a weaker one.
    assert update(player, [(Rating(1800, 60), 1.0)]).rating > update(player, [(Rating(1200, 60), 1.0)]).rating


def test_a_new_player_is_provisional_until_enough_games() -> None:
    rating, games = Rating(), 0
    while rating.provisional:
        rating = update(rating, [(Rating(1500, 60), 0.5 if games % 3 else 1.0)])
        games += 1
    assert rating.deviation <= PROVISIONAL < Rating().deviation
    assert 5 <= games <= 30, games
    # Time away without games makes a settled rating unsure again.
    idle = rating
    for _ in range(200):
        idle = update(idle, [])
    assert idle.provisional and idle.rating == rating.rating


def test_a_score_out_of_zero_to_one_is_refused_by_its_name() -> None:
    with pytest.raises(ValueError, match="score: expected a number from 0 to 1"):
        update(Rating(), [(Rating(), 2.0)])


def test_every_configuration_has_its_pool_and_a_wrong_one_says_which_field() -> None:
    with pytest.raises(ValueError, match=r"^players: a rated origins game has 2 to 4 players, not 5"):
        pool_of("origins", 5)
    assert pool_names() == ["kingdomino-2", "kingdomino-3-4", "duel", "origins-2", "origins-3-4"]
    assert [pool_of("kingdomino", n) for n in (2, 3, 4)] == [
        "kingdomino-2",
        "kingdomino-3-4",
        "kingdomino-3-4",
    ]
    assert [pool_of("origins", n) for n in (2, 3, 4)] == ["origins-2", "origins-3-4", "origins-3-4"]
    with pytest.raises(ValueError, match=r"^players: a rated duel game has 2 players, not 3"):
        pool_of("duel", 3)
    with pytest.raises(ValueError, match=r"^game: expected one of"):
        pool_of("chess", 2)


def test_a_game_of_four_counts_as_each_pair_of_players() -> None:
    """First, two tied second, last: the winner beats all three, the tied draw with each other."""
    places = [2, 1, 4, 2]
    scores = pairwise_scores(places)
    assert scores[1] == [(0, 1.0), (2, 1.0), (3, 1.0)]
    assert scores[0] == [(1, 0.0), (2, 1.0), (3, 0.5)]
    assert scores[2] == [(0, 0.0), (1, 0.0), (3, 0.0)]
    after = rate_game([Rating()] * 4, places)
    assert after[1].rating > after[0].rating > after[2].rating
    assert after[0].rating == pytest.approx(after[3].rating)
    # Each seat is rated against the others' ratings before the game, not as they change.
    alone = update(Rating(), [(Rating(), 1.0), (Rating(), 1.0), (Rating(), 1.0)])
    assert after[1] == alone


@pytest.mark.parametrize("places", [[1], [1, 2, 3], [0, 1]])
def test_a_ranking_that_does_not_fit_the_table_is_refused(places: list[int]) -> None:
    with pytest.raises(ValueError, match=r"^places: expected"):
        rate_game([Rating(), Rating()], places)
