"""The tournament's table by seat (``arena.by_seat``): each agent's results from each seat."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from kingdomino.arena.by_seat import SeatRow
from kingdomino.arena.stats import mean_text
from kingdomino.arena.tournament import shown


def seat_table(rows: Sequence[SeatRow], agents: Sequence[str], deals: int) -> Table:
    """The rows of ``by_seat`` as a table, the agents in the order of ``agents`` (the main
    table's), each agent's name on its first seat's line; a mean score has its interval from two
    deals on, as the main table's."""
    table = Table(title="By seat: each agent from each seat it played")
    for name in ("agent", "seat", "games", "wins", "win rate\n(95 % CI)", "mean score\n(95 % CI)"):
        table.add_column(name, justify="left" if name == "agent" else "right", overflow="fold")
    place = {agent: number for number, agent in enumerate(agents)}
    ordered = sorted(rows, key=lambda row: (place.get(row.agent, len(place)), row.agent, row.seat))
    for number, row in enumerate(ordered):
        first = number == 0 or ordered[number - 1].agent != row.agent
        rate = f"{100 * row.wins / row.appearances:.1f} % [{100 * row.win_low:.1f}, {100 * row.win_high:.1f}]"
        score = mean_text(row.mean_score, row.score_half_width, deals)
        table.add_row(
            shown(row.agent) if first else "",
            str(row.seat),
            str(row.appearances),
            f"{row.wins:g}",
            rate,
            score,
            end_section=number + 1 < len(ordered) and ordered[number + 1].agent != row.agent,
        )
    return table
