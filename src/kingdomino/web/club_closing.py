"""Whether a club may be closed now (``clubs.close``), and why not, said the same on its leaders'
page (``club_views``: the "Close the club" button says why it cannot) as in the refusal: not
while a members-only tournament of it is open or running (``club_tournaments_on``), nor while a
team battle naming it has not ended (``club_team_battle_on``, naming the battle), since a battle's
clubs are fixed once it is made, as lichess keeps a team battle's teams: a club closed mid-battle
would take its line from the other clubs' table as they play for the win. A club its last member
leaves by closing their account is closed all the same (``club_leaving``): a battle keeps its
line under its name."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from kingdomino.web.refusals import HubError
from kingdomino.web.team_battle_tables import TeamBattleClubRow
from kingdomino.web.tournament_tables import TournamentRow

#: The statuses of a tournament not yet over.
GOING = ("open", "running")


def close_refusal(connection: Connection, club_id: int, name: str) -> HubError | None:
    """Why the club ``club_id`` (named ``name``) cannot be closed now, or None: it can. Read in
    the closing's transaction, after its club's row is locked (``clubs._led``): a battle made
    meanwhile locks it too (``team_battle.Battle.write``), so one of the two waits for the other."""
    own = connection.scalar(
        select(func.count()).where(TournamentRow.club == club_id, TournamentRow.status.in_(GOING))
    )
    if own:
        message = f"{name} has a tournament open or running: close the club once it is over"
        return HubError(409, "club", message, "club_tournaments_on", {"name": name})
    battle = connection.scalar(
        select(TournamentRow.name)
        .join(TeamBattleClubRow, TeamBattleClubRow.tournament_id == TournamentRow.id)
        .where(TeamBattleClubRow.club_id == club_id, TournamentRow.status.in_(GOING))
        .order_by(TournamentRow.created)
        .limit(1)
    )
    if battle is not None:
        message = f"{name} plays in the team battle {battle}: close the club once it is over"
        return HubError(409, "club", message, "club_team_battle_on", {"name": name, "battle": battle})
    return None
