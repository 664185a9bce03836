"""The server's refusals: ``HubError`` (the HTTP status, the field at fault, why), the catalogue
of the refusals a player can meet, which the page words in its language by their code, and the
refusals several commands share (a game not started, a tournament's game played again).

Every refusal leaves the server as ``{"error": {"field", "message", "code"?, "values"?}}``
(``errors.py``); the page says it by its ``error.<code>`` text (``static/i18n``, every language:
``tests/web/test_i18n.py``), and ``message`` stays the English for every other client.
"""

from __future__ import annotations

from typing import Any

#: The refusals a player can meet in the browser, by the name the page words them by (its
#: ``error.<code>`` texts): a code outside this list is a slip, refused when the error is made.
REFUSAL_CODES = frozenset(
    {
        "no_game",
        "no_puzzle",
        "push_subscription",
        "no_token",
        "not_a_seat",
        "spectator_acts",
        "spectators_full",
        "server_spectators_full",
        "seat_connections_full",
        "client_sockets_full",
        "game_over",
        "not_your_turn",
        "changed_elsewhere",
        "undo_over",
        "undo_humans",
        "undo_nothing",
        "undo_revealed",
        "undo_left",
        "takeback_off",
        "takeback_open",
        "takeback_declined",
        "takeback_none",
        "takeback_not_yours",
        "gift_over",
        "gift_clock",
        "gift_tournament",
        "gift_self",
        "gift_ai",
        "gift_limit",
        "gift_rated_table",
        "gift_flagged",
        "name_as_ai",
        "hints_off",
        "hint_not_your_turn",
        "hints_busy",
        "client_hints_busy",
        "same_deal_seat",
        "same_deal_humans",
        "play_on_playing",
        "play_on_over",
        "same_deal_playing",
        "rematch_unfinished",
        "rematch_spectator",
        "rematch_seat_ai",
        "tournament_rematch",
        "out_of_frame",
        "not_in_box",
        "beyond_box",
        "table_players",
        "table_option_players",
        "table_frame",
        "totem_held",
        "power_held",
        "internal",
        "unavailable",
        "leave_alone",
        "takeover_seat",
        "takeover_not_away",
        "takeover_wait",
        "takeover_clock",
        "gone_clock",
        "gone_simul",
        "gone_own_turn",
        "gone_here",
        "gone_wait",
        "name_taken",
        "name_look_alike",
        "name_length",
        "name_letters",
        "account_name_as_ai",
        "password_length",
        "login_failed",
        "session_ended",
        "old_password_wrong",
        "foreign_origin",
        "too_many_tries",
        "too_many_requests",
        "too_many_messages",
        "not_started",
        "not_open",
        "rated_guest",
        "already_seated",
        "rated_seats",
        "rated_no_help",
        "rated_clock",
        "out_of_range",
        "range_guest",
        "range_needs_account",
        "too_many_waiting",
        "ai_games_running",
        "too_many_ai_games",
        "name_needed",
        "claim_taken",
        "claim_one_seat",
        "no_pool",
        "no_player",
        "abort_too_late",
        "abort_rated",
        "abort_wait",
        "abort_days",
        "abort_simul",
        "seat_kept",
        "challenge_guest",
        "challenge_yourself",
        "challenge_players",
        "challenge_names",
        "challenge_twice",
        "challenge_pending",
        "too_many_challenges",
        "challenged_too_often",
        "challenged_again",
        "not_challenged",
        # Club tournaments (``tournaments``).
        "no_tournament",
        "tournament_guest",
        "too_many_tournaments",
        "tournament_start_time",
        "tournament_joined",
        "tournament_withdrew",
        "tournament_bots",
        "tournament_full",
        "tournament_not_joined",
        "tournament_over",
        "tournament_not_open",
        "tournament_organiser",
        "tournament_too_few",
        "tournament_game",
        "tournament_clock",
        "tournament_tables_format",
        "tournament_table_size",
        # An arena (``arena``): its clock, and a pause outside a running one.
        "arena_clock",
        "arena_not_running",
        # Following and blocking accounts (``relations``).
        "relations_guest",
        "inbox_guest",
        "no_notification",
        "follow_yourself",
        "block_yourself",
        "follow_blocked",
        "too_many_following",
        "too_many_blocked",
        "you_blocked",
        "challenge_refused",
        "join_refused",
        "rematch_refused",
        "account_closed",
        "account_closed_by_operator",
        "password_wrong",
        # An account's preferences (preferences.py).
        "preferences_guest",
        "challenge_nobody",
        "challenge_following_only",
        "challenge_no_bots",
        "chat_spectators_hidden",
        # An account's vacation (vacation.py).
        "vacation_guest",
        "vacation_past",
        "vacation_too_short",
        "vacation_allowance",
        "vacation_running",
        "vacation_none",
        # A game's chat (chat.py).
        "chat_no_players_room",
        "chat_not_a_player",
        "chat_players_wait",
        "chat_guest",
        "chat_empty",
        "chat_too_fast",
        "chat_full",
        # Reports and moderation (reports.py, silences.py).
        "report_guest",
        "report_yourself",
        "report_line",
        "too_many_reports",
        "report_again",
        "silenced",
        "silenced_writing",
        # The moderators' page (moderation.py, routes/moderation.py).
        "moderation_guest",
        "not_moderator",
        "no_report",
        "moderate_yourself",
        "moderate_moderator",
        "rename_nothing",
        "rename_changed",
        "report_closed",
        "fairplay_not_cheating",
        # Clubs (``clubs``, ``club_tournaments``).
        "clubs_guest",
        "no_club",
        "club_name_taken",
        "club_name_look_alike",
        "club_name_slash",
        "club_description_length",
        "too_many_clubs",
        "too_many_clubs_created",
        "club_full",
        "club_not_leader",
        "club_last_leader",
        "club_no_member",
        "club_remove_yourself",
        "club_tournaments_on",
        "club_team_battle_on",
        "club_barred",
        "tournament_club",
        "tournament_club_gone",
        # Team battles (``team_battle``).
        "team_battle_clubs",
        "team_battle_leader",
        "team_battle_arena",
        "team_battle_member",
        "team_battle_choose",
        "team_battle_side",
        # E-mail and a forgotten password (mail_links.py, routes/mail.py).
        "mail_unavailable",
        "mail_address",
        "mail_address_taken",
        "mail_link_invalid",
        "mail_notice_no_address",
        "too_many_mails",
        # A watch link refused across a block (watch_apart.py); too many challenges to one account.
        "watch_blocked",
        "watch_refused",
        "challenged_too_much",
        # Simultaneous exhibitions (simuls.py, routes/simuls.py).
        "no_simul",
        "simul_guest",
        "simul_game",
        "simul_clock",
        "simul_host_extra",
        "simul_extra_per_challenger",
        "simul_extra_clock",
        "simul_extra_rated",
        "too_many_simuls",
        "simul_closed",
        "simul_not_host",
        "simul_own",
        "simul_applied",
        "simul_not_applied",
        "simul_full",
        "simul_no_applicant",
        "simul_too_many",
        "simul_too_few",
    }
)


class HubError(Exception):
    """A refused request: the HTTP status, the field at fault and why.

    A refusal a player can meet in the browser also names itself by ``code`` (with the
    ``values`` its words need), so the page says it in the player's language; ``message`` stays
    the English for every other client.

    >>> HubError(503, "hint", "busy", "hints_busy").to_json()
    {'error': {'field': 'hint', 'message': 'busy', 'code': 'hints_busy'}}
    """

    def __init__(
        self,
        status: int,
        field: str,
        message: str,
        code: str = "",
        values: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        if code and code not in REFUSAL_CODES:
            raise ValueError(f"code: {code!r} is not one of REFUSAL_CODES")
        super().__init__(message)
        self.status = status
        self.field = field
        self.message = message
        self.code = code
        self.values = values or {}
        #: Headers of the answer (``Retry-After`` of a refusal to come back later).
        self.headers = headers

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"field": self.field, "message": self.message}
        if self.code:
            body["code"] = self.code
        if self.values:
            body["values"] = self.values
        return {"error": body}


def not_started() -> HubError:
    """The refusal of a command that needs the game to have started."""
    return HubError(409, "game", "the game has not started: it waits for its players", "not_started")


def tournament_replay() -> HubError:
    """The refusal of a club tournament's game played again (a rematch, the same deal): a game
    outside the tournament, which its standings would not count; its next game is its next round's."""
    return HubError(
        409,
        "game",
        "a club tournament's game is not played again: the tournament pairs the next game",
        "tournament_rematch",
    )
