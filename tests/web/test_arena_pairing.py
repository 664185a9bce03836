"""An arena's pairing and scoring (``arena_pairing``), pure: nearest in points then rating, the
last opponent avoided while another is free, an odd one waiting, and the fire of two wins."""

from __future__ import annotations

from kingdomino.web.arena_pairing import Free, on_fire, outcome_of, pair, scored, standings


def test_the_free_players_meet_the_nearest_in_points_then_in_rating() -> None:
    free = [Free(1, 10, 1500.0), Free(2, 0, 1500.0), Free(3, 9, 1200.0), Free(4, 0, 1900.0)]
    games, waiting = pair(free)
    assert sorted(games) == [(1, 3), (4, 2)]
    assert waiting == []
    by_rating = [Free(1, 0, 1500.0), Free(2, 0, 1490.0), Free(3, 0, 1100.0), Free(4, 0, 1120.0)]
    assert pair(by_rating) == ([(1, 2), (4, 3)], [])


def test_an_odd_player_out_waits() -> None:
    games, waiting = pair([Free(1, 4, 1500.0), Free(2, 2, 1500.0), Free(3, 0, 1500.0)])
    assert games == [(1, 2)]
    assert waiting == [3]
    assert pair([Free(7, 0, 1500.0)]) == ([], [7])
    assert pair([]) == ([], [])


def test_the_last_opponent_is_avoided_while_another_is_free() -> None:
    games, waiting = pair([Free(1, 4, 1500.0, last=2), Free(2, 4, 1500.0, last=1), Free(3, 0, 1500.0)])
    assert games == [(1, 3)] and waiting == [2]


def test_two_who_just_met_meet_again_only_once_both_waited_for_another() -> None:
    just = [Free(1, 4, 1500.0, last=2, waited=0.5), Free(2, 0, 1500.0, last=1, waited=9.0)]
    assert pair(just, rematch_after=5.0) == ([], [1, 2])
    later = [Free(1, 4, 1500.0, last=2, waited=6.0), Free(2, 0, 1500.0, last=1, waited=9.0)]
    assert pair(later, rematch_after=5.0) == ([(1, 2)], [])
    # Another came free: the rematch is not the choice, however long they waited.
    three = [*later, Free(3, 0, 1500.0, waited=0.0)]
    assert pair(three, rematch_after=5.0) == ([(1, 3)], [2])


def test_a_rematch_the_greedy_pass_left_is_undone_by_a_swap() -> None:
    # 1 takes 2 (nearest, fresh); 3 and 4 played each other last: swapped into two fresh games.
    free = [Free(1, 8, 1500.0), Free(2, 8, 1500.0), Free(3, 0, 1500.0, last=4), Free(4, 0, 1500.0, last=3)]
    games, _ = pair(free)
    met = {frozenset(game) for game in games}
    assert frozenset((3, 4)) not in met
    assert len(met) == 2 and set().union(*met) == {1, 2, 3, 4}


def test_two_wins_in_a_row_set_a_player_on_fire_until_a_game_not_won() -> None:
    assert scored(["win", "win", "win", "win", "loss", "win"]) == [2, 2, 4, 4, 0, 2]
    assert scored(["win", "win", "draw", "win"]) == [2, 2, 2, 2]
    assert scored(["draw", "win", "loss", "win", "win", "draw"]) == [1, 2, 0, 2, 2, 2]
    assert on_fire(["loss", "win", "win"]) and not on_fire(["win", "win", "draw"]) and not on_fire([])


def test_a_games_outcome_comes_of_its_two_sides_points() -> None:
    assert [outcome_of(1.0, 0.0), outcome_of(0.0, 1.0), outcome_of(0.5, 0.5), outcome_of(0.0, 0.0)] == [
        "win",
        "loss",
        "draw",
        "loss",
    ]
    assert outcome_of(None, None) is None


def test_the_standings_rank_by_points_then_points_a_game_and_show_the_sequence_and_fire() -> None:
    names = {1: "Anna", 2: "Boris", 3: "Cleo", 4: "Dan"}
    outcomes = {1: ["win", "win", "win"], 2: ["win", "loss", "win", "draw", "win"], 3: ["draw"]}
    lines = standings(names, outcomes)
    assert [(line.name, line.points, line.sequence, line.fire) for line in lines] == [
        ("Anna", 8, [2, 2, 4], True),
        ("Boris", 7, [2, 0, 2, 1, 2], False),
        ("Cleo", 1, [1], False),
        ("Dan", 0, [], False),
    ]
    assert [line.rank for line in lines] == [1, 2, 3, 4]
    tied = standings({1: "Anna", 2: "Boris"}, {1: ["win"], 2: ["draw", "draw"]})
    assert [(line.name, line.rank) for line in tied] == [("Anna", 1), ("Boris", 2)], "fewer games first"
    same = standings({1: "Bea", 2: "Al"}, {1: ["win"], 2: ["win"]})
    assert [(line.name, line.rank) for line in same] == [("Al", 1), ("Bea", 1)]


def test_the_opponents_of_the_last_few_games_are_avoided_while_another_is_free() -> None:
    # Three friends took turns (1-2, 1-3, 2-3): none is the other's last opponent each time, yet
    # each met both lately. Free with a stranger, 1 meets the stranger, not a friend (2 and 3,
    # nobody else left, meet as two who just met may when none waits for another).
    friends = [
        Free(1, 4, 1500.0, last=3, recent=frozenset({2, 3})),
        Free(2, 4, 1500.0, last=3, recent=frozenset({1, 3})),
        Free(3, 4, 1500.0, last=2, recent=frozenset({1, 2})),
        Free(4, 0, 1500.0),
    ]
    assert pair(friends) == ([(1, 4), (2, 3)], [])
    # Nobody else free: a recent opponent who is not the last one is still met.
    assert pair(friends[:2]) == ([(1, 2)], [])


def test_a_game_of_recent_opponents_the_greedy_pass_left_is_undone_by_a_swap() -> None:
    free = [
        Free(1, 8, 1500.0),
        Free(2, 8, 1500.0),
        Free(3, 0, 1500.0, recent=frozenset({4})),
        Free(4, 0, 1500.0, recent=frozenset({3})),
    ]
    met = {frozenset(game) for game in pair(free)[0]}
    assert frozenset((3, 4)) not in met and len(met) == 2
