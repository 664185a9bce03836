"""Look at the games an agent lost: replay them from a results file and explain the kingdoms.

A tournament game is a pure function of its configuration and index when every agent has an
iteration budget, so a lost game is played again exactly, here with its record kept. The levels
also carry a time cap (a safety net): on a loaded machine it cuts a search short, the replay
then takes another course (marked "differs") and shows a game like the lost one, not the same.
First it sums the losses up from the results alone: the agent's mean score in its losses and over
all games, the winners' scores, the close losses, the wins by seat (the order of play), the
deals lost in every rotation, and the win rate it would have with every score a few points higher
(what a goal on the win rate asks of the mean score, the other seats' scores as they were).
Then, for each lost game, it prints every seat's score sheet (regions, bonuses) and writes the
record (``--records``) for ``kingdomino replay --verbose`` and ``kingdomino analyse``.

Run: ``.venv/bin/python bench/bench_losses.py RESULTS.jsonl [--agent hard] [--limit 5]
[--records DIR]`` (``--limit 0``: the summary alone).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from pathlib import Path

from kingdomino.arena.match import play_game, seat_agents
from kingdomino.arena.tournament import GameOutcome, deal_seed, read_results, seating
from kingdomino.games.registry import make_game

#: A loss by at most this many points counts as close.
CLOSE_LOSS = 5
#: The raises of the agent's every score whose win rates the summary shows.
RAISES = (0, 2, 4, 6, 8, 10)


def is_loss(outcome: GameOutcome, agent: str) -> bool:
    """Whether ``agent`` holds none of the game's winning seats (a shared win is no loss)."""
    return all(outcome.seats[winner] != agent for winner in outcome.winners)


def win_share(outcome: GameOutcome, seat: int) -> float:
    """The seat's share of the game's win (a win shared by k seats counts 1/k)."""
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def win_share_if_higher(agent: str, outcomes: list[GameOutcome], points: int) -> float:
    """The share of the wins ``agent`` would have with its score ``points`` higher in every
    game, the other seats' scores unchanged; ``points=0`` gives the games' own winners, above it a
    tie on the top score is shared by the tied seats (the results hold no tie-breaker).

    >>> games = [GameOutcome(0, 1, ["a", "b"], [60, 50], [0], 10, 0.0),
    ...          GameOutcome(1, 1, ["b", "a"], [58, 55], [0], 10, 0.0)]
    >>> [win_share_if_higher("a", games, points) for points in (0, 3, 4)]
    [0.5, 0.75, 1.0]
    """
    shares = []
    for outcome in outcomes:
        if agent not in outcome.seats:
            continue
        seat = outcome.seats.index(agent)
        if points == 0:
            shares.append(win_share(outcome, seat))
            continue
        scores = [score + (points if index == seat else 0) for index, score in enumerate(outcome.scores)]
        top = max(scores)
        shares.append(1.0 / scores.count(top) if scores[seat] == top else 0.0)
    return statistics.mean(shares) if shares else 0.0


def loss_summary(agent: str, outcomes: list[GameOutcome]) -> list[str]:
    """Lines that sum up where ``agent`` loses, from the results alone (no replay).

    >>> games = [GameOutcome(0, 1, ["a", "b"], [60, 50], [0], 10, 0.0),
    ...          GameOutcome(1, 1, ["b", "a"], [58, 55], [0], 10, 0.0)]
    >>> print("\\n".join(loss_summary("a", games)))
    mean score 57.5 over all games, 55.0 in the 1 lost; the winners there 58.0 (58 to 58)
    lost by 5 points or less: 1 of 1
    wins by seat: seat 0 1/1, seat 1 0/1
    deals lost in every one of their games: 0 of 1; deals never lost: 0
    win rate with every score higher by 0, 2, 4, 6, 8, 10 points: 50, 50, 100, 100, 100, 100 %
    """
    own = [(outcome, outcome.seats.index(agent)) for outcome in outcomes if agent in outcome.seats]
    if not own:
        return [f"{agent} played no game here"]
    lost = [(outcome, seat) for outcome, seat in own if is_loss(outcome, agent)]
    lines = []
    overall = statistics.mean(outcome.scores[seat] for outcome, seat in own)
    if lost:
        own_lost = [outcome.scores[seat] for outcome, seat in lost]
        winners = [max(outcome.scores) for outcome, _ in lost]
        close = sum(best - mine <= CLOSE_LOSS for best, mine in zip(winners, own_lost))
        lines.append(
            f"mean score {overall:.1f} over all games, {statistics.mean(own_lost):.1f} in the {len(lost)} "
            f"lost; the winners there {statistics.mean(winners):.1f} ({min(winners)} to {max(winners)})"
        )
        lines.append(f"lost by {CLOSE_LOSS} points or less: {close} of {len(lost)}")
    else:
        lines.append(f"mean score {overall:.1f}; no game lost")
    by_seat: dict[int, list[float]] = {}
    for outcome, seat in own:
        by_seat.setdefault(seat, []).append(win_share(outcome, seat))
    lines.append(
        "wins by seat: "
        + ", ".join(f"seat {seat} {sum(s):g}/{len(s)}" for seat, s in sorted(by_seat.items()))
    )
    deals = Counter(outcome.seed for outcome, _ in own)
    lost_deals = Counter(outcome.seed for outcome, _ in lost)
    every = sum(1 for deal, count in lost_deals.items() if count == deals[deal])
    lines.append(
        f"deals lost in every one of their games: {every} of {len(deals)}; "
        f"deals never lost: {len(deals) - len(lost_deals)}"
    )
    rates = [100 * win_share_if_higher(agent, outcomes, points) for points in RAISES]
    lines.append(
        f"win rate with every score higher by {', '.join(map(str, RAISES))} points: "
        + ", ".join(f"{rate:.3g}" for rate in rates)
        + " %"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path, help="a tournament's JSONL results")
    parser.add_argument("--agent", default=None, help="the agent whose losses to show (default: the first)")
    parser.add_argument("--limit", type=int, default=5, help="how many lost games to replay")
    parser.add_argument("--records", type=Path, default=None, help="write each replayed game's record here")
    args = parser.parse_args()
    config, outcomes = read_results(args.results)
    agent = args.agent or config.agents[0]
    lost = [outcome for outcome in outcomes if is_loss(outcome, agent)]
    print(f"{args.results}: {agent} lost {len(lost)} of {len(outcomes)} games")
    for line in loss_summary(agent, outcomes):
        print(f"  {line}")
    game = make_game(config.game, config.players, config.options)
    for outcome in lost[: args.limit]:
        seats = seating(config, outcome.index)
        seed = deal_seed(config, outcome.index)
        state, record = play_game(game, seat_agents(seats, seed), seed, names=seats)
        same = state.scores() == outcome.scores
        print(
            f"\n== game {outcome.index} (deal {seed}): scores {state.scores()}"
            + ("" if same else " (differs)")
        )
        for seat, name in enumerate(seats):
            sheet = state.score_sheet(seat)
            regions = ", ".join(f"{r.kind} {r.squares}x{r.multiplier}" for r in sheet.regions if r.points)
            bonuses = ", ".join(f"{b.name} {b.points}" for b in sheet.bonuses)
            mark = " <-" if name == agent else ""
            print(
                f"  seat {seat} {name:12s} {sheet.total:4d}: {regions}"
                + (f"; {bonuses}" if bonuses else "")
                + mark
            )
        if args.records is not None:
            args.records.mkdir(parents=True, exist_ok=True)
            record.dump(args.records / f"{args.results.stem}-game{outcome.index}.json")


if __name__ == "__main__":
    main()
