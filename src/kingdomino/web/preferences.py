"""An account's preferences, kept by the server so that they hold on every device it logs in on.

Some are the server's to enforce, since a page of the other player's cannot be trusted with them:

* ``challenges``: who may challenge the account, ``everyone``, ``following`` (the accounts it
  follows, ``relations``) or ``nobody``; and ``bot_challenges``, whether bots' accounts may. A
  challenge they refuse is refused to its challenger with a clear, neutral code naming the
  account (``challenge_nobody``, ``challenge_following_only``, ``challenge_no_bots``): unlike a
  block, a preference is the player's public rule, and saying it spares the challenger retrying.
* ``chat_off``: the account's game pages start with the chat off (``chat_history`` says so, so a
  bot's client hears it too); ``spectators_chat`` False: the spectators' room of the account's own
  games never reaches its pages (``chat``: the server leaves it out), whatever a page asks.

The others are the page's own settings, which a guest keeps in the browser's storage: the
``language`` (None: the browser's), the AI moves' ``ai_pace``, the draft ``aids`` shown and the lobby's
quick game against the AI (``quick_ai``: its game and level, last chosen) and whether a move
chosen on the board waits for Confirm (``confirm_moves``). A page logged in reads
them at each page and writes each change.

A row per account (``account_preferences``), made at its first change; none means every default.
A change names only the preferences it sets (``Preferences.model_fields_set``) and writes only
their columns, so two devices changing two preferences at once do not undo each other's.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from sqlalchemy import exists, select, update
from sqlalchemy.exc import IntegrityError

from kingdomino.web.refusals import HubError
from kingdomino.web.seat_agents import seat_levels
from kingdomino.web.seats import SeatPlayer
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import FollowRow, PreferenceRow

Challengers = Literal["everyone", "following", "nobody"]
#: The page's languages (``static/i18n/*.json``; ``tests/web/test_preferences.py`` holds them equal).
Language = Literal["en", "hu", "bg", "uk", "ru"]
#: The AI moves' pace (``static/game-pace.js``'s ``PACES``).
Pace = Literal["server", "slow", "slower"]
#: The games of the lobby's quick game against the AI (``static/lobby-quick.js``).
QuickGame = Literal["kingdomino", "duel", "origins"]
#: When a move chosen on the board waits for Confirm (``static/move-confirm.js``): never, only in
#: games of a day or more a move, or always.
ConfirmMoves = Literal["never", "turn_based", "always"]


class Strict(BaseModel):
    """A body of JSON's own types, none converted, and no key it does not name."""

    model_config = ConfigDict(strict=True, extra="forbid")


class AidsShown(Strict):
    """Which draft aids the page shows (``static/aids.js``): each on unless turned off."""

    unseen: bool = Field(default=True, description="The dominoes not seen yet (Duel: the dice).")
    order: bool = Field(default=True, description="Next round's order as the claims stand.")
    regions: bool = Field(default=True, description="A region's points on a kingdom's square.")
    placements: bool = Field(default=True, description="The regions a placement changes.")


class QuickAi(Strict):
    """The lobby's quick game against the AI: the game and the AI's level the player last chose."""

    game: QuickGame = Field(default="kingdomino", description="`kingdomino`, `duel` or `origins`.")
    level: str = Field(
        default="medium", description="One of the AI levels the server offers (`GET /api/meta`)."
    )

    @field_validator("level")
    @classmethod
    def offered(cls, level: str) -> str:
        """A level the server offers a seat, else refused naming the levels."""
        if level not in seat_levels():
            raise ValueError(f"one of {', '.join(seat_levels())}")
        return level


class Preferences(Strict):
    """An account's preferences; a change names only those it sets (the others are kept)."""

    challenges: Challengers = Field(
        default="everyone",
        description="Who may challenge you: `everyone`, `following` (the accounts you follow) or `nobody`.",
    )
    bot_challenges: bool = Field(default=True, description="Bots' accounts may challenge you.")
    chat_off: bool = Field(default=False, description="Your game pages start with the chat off.")
    spectators_chat: bool = Field(
        default=True, description="What spectators say in your games reaches you once the game is over."
    )
    language: Language | None = Field(
        default=None, description="The page's language (`en`, `hu`, `bg`, `uk`, `ru`); null: the browser's."
    )
    ai_pace: Pace = Field(default="server", description="The AI moves' pace: `server`, `slow`, `slower`.")
    aids: AidsShown = Field(default_factory=AidsShown, description="The draft aids shown.")
    quick_ai: QuickAi | None = Field(
        default=None, description="The lobby's quick game against the AI; null: Kingdomino at medium."
    )
    confirm_moves: ConfirmMoves = Field(
        default="never",
        description="A move chosen on the board waits for Confirm: `never`, `turn_based` (games of days a "
        "move) or `always`.",
    )


def _from_row(row: PreferenceRow | None) -> Preferences:
    if row is None:
        return Preferences()
    return Preferences.model_validate(
        {
            "challenges": row.challenges,
            "bot_challenges": bool(row.bot_challenges),
            "chat_off": bool(row.chat_off),
            "spectators_chat": bool(row.spectators_chat),
            "language": row.language,
            "ai_pace": row.ai_pace,
            "aids": row.aids or {},
            "quick_ai": _quick_ai(row.quick_ai),
            "confirm_moves": row.confirm_moves,
        }
    )


def _quick_ai(stored: dict[str, Any] | None) -> dict[str, Any] | None:
    """The quick game stored, or None when its level is no longer offered (an operator's agent
    taken away): the lobby's default stands in for it."""
    try:
        return QuickAi.model_validate(stored).model_dump() if stored else None
    except ValidationError:
        return None


def preferences_of(store: Store, account_id: int) -> Preferences:
    """The account's preferences (the defaults where it set none)."""
    with store.sessions() as session:
        return _from_row(session.get(PreferenceRow, account_id))


def change(store: Store, account_id: int, given: Preferences) -> Preferences:
    """Set the preferences ``given`` names (its ``model_fields_set``), keep the others; the whole
    preferences after. Only the columns named are written: another device's change of another
    preference, made meanwhile, stands."""
    values: dict[str, Any] = {name: getattr(given, name) for name in given.model_fields_set}
    if "aids" in values:
        values["aids"] = given.aids.model_dump()
    if "quick_ai" in values:
        values["quick_ai"] = given.quick_ai.model_dump() if given.quick_ai else None
    values["updated"] = now()
    for _attempt in range(2):
        try:
            with store.sessions.begin() as session:
                where = PreferenceRow.account_id == account_id
                if session.scalar(select(exists().where(where))):
                    session.execute(update(PreferenceRow).where(where).values(**values))
                else:
                    session.add(PreferenceRow(**{**_defaults(), **values, "account_id": account_id}))
            break
        except IntegrityError:  # the row was made meanwhile by another request: update it now
            continue
    return preferences_of(store, account_id)


def _defaults() -> dict[str, Any]:
    return {**Preferences().model_dump(), "aids": None}


def check_challenge(store: Store, challenger: SeatPlayer, challenged: list[SeatPlayer]) -> None:
    """Refuse ``challenger``'s challenge to an account of ``challenged`` whose preferences do not
    take it (403, field ``name``, naming the account): it takes none, takes them only from the
    accounts it follows and does not follow the challenger, or takes none from bots."""
    with store.sessions() as session:
        for other in challenged:
            chosen = _from_row(session.get(PreferenceRow, other.id))
            name = {"name": other.name}
            if chosen.challenges == "nobody":
                raise HubError(403, "name", f"{other.name} takes no challenges", "challenge_nobody", name)
            if chosen.challenges == "following" and session.get(FollowRow, (other.id, challenger.id)) is None:
                message = f"{other.name} takes challenges only from players they follow"
                raise HubError(403, "name", message, "challenge_following_only", name)
            if challenger.bot and not chosen.bot_challenges:
                message = f"{other.name} takes no challenges from bots"
                raise HubError(403, "name", message, "challenge_no_bots", name)
