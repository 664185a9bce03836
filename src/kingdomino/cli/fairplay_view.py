"""The fair-play evidence on an account as the operator reads it (``kingdomino accounts fairplay``
and ``kingdomino reports show`` of a cheating report): each game with its id and replay (a table
on a wide terminal, each game apart on a narrower one), then the totals in words, the account's
figures beside its opponents'."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table

from kingdomino.web.fairplay import GAMES, Evidence, GameEvidence, evidence
from kingdomino.web.fairplay_figures import Figures, Times
from kingdomino.web.store import Store


def gathered(out: Console, store: Store, name: str, games: int = GAMES) -> Evidence:
    """The evidence on ``name`` over its last ``games`` games, how far it is said meanwhile (the
    games without a stored review are searched in this process)."""
    with out.status("reading the games") as status:

        def on_game(done: int, total: int) -> None:
            status.update(f"valuing the games: {done} of {total}")

        return evidence(store, name, games, on_game=on_game)


def _percent(share: float) -> str:
    return f"{100 * share:.0f} %"


def _share(figures: Figures) -> str:
    share = figures.share()
    return "-" if share is None else f"{figures.matched}/{figures.decisions} {_percent(share)}"


def _loss(figures: Figures) -> str:
    points = figures.mean_loss_points()
    return "-" if points is None else f"{points:.1f}"


def _times(seconds: list[float] | None) -> str:
    if seconds is None:
        return "not stored"
    times = Times(seconds)
    median, spread = times.median(), times.spread()
    if median is None:
        return "-"
    return f"{median:.1f} s" + (f" ({spread:.2f})" if spread is not None else "")


def _rating(value: int | None) -> str:
    return "-" if value is None else str(value)


def _row(name: str, game: GameEvidence) -> list[str]:
    """A game's cells: the account's figures on the first line, its opponents' on the second."""
    return [
        game.created.strftime("%Y-%m-%d"),
        f"{game.game}\n{'rated' if game.rated else 'casual'}",
        f"{name}\n{', '.join(game.opponents) or '(AI only)'}",
        f"{_rating(game.its_rating)}\n{_rating(game.their_rating)}",
        f"{_share(game.its)}\n{_share(game.theirs)}",
        f"{_loss(game.its)}\n{_loss(game.theirs)}",
        f"{_times(game.its_times)}\n{_times(game.their_times)}",
        game.replay,
    ]


#: The games' columns, each never cut but the players' names (a game's id is its replay's).
COLUMNS = (
    "created",
    "game",
    "players",
    "rating\nbefore",
    "AI's move",
    "lost\n(points)",
    "move time\n(spread)",
    "replay",
)


#: The columns of a game shown apart: the players' figures.
PLAYER_COLUMNS = ("player", "rating", "AI's move", "lost", "move time")


def _games_table(name: str, found: Evidence) -> Table:
    """The games' table, a game a row (the account's figures over its opponents')."""
    table = Table(
        title=f"{name}'s games, newest first", box=box.SIMPLE_HEAD, row_styles=["", "dim"], pad_edge=False
    )
    rows = [_row(name, game) for game in found.games]
    for place, column in enumerate(COLUMNS):
        whole = column != "players"  # the names may wrap
        widest = max(len(line) for row in rows for line in row[place].splitlines()) if whole else None
        table.add_column(column, no_wrap=whole, min_width=widest)
    for row in rows:
        table.add_row(*row)
    return table


def _print_game(out: Console, name: str, game: GameEvidence) -> None:
    """One game apart, for a narrow terminal: its day, kind and replay, then a small table of the
    account's figures and its opponents' (the figures never cut; the names may wrap)."""
    kind = "rated" if game.rated else "casual"
    out.print(f"{game.created:%Y-%m-%d} {game.game}, {kind}: {game.replay}", highlight=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    rows = [
        [name, _rating(game.its_rating), _share(game.its), _loss(game.its), _times(game.its_times)],
        [
            ", ".join(game.opponents) or "(AI only)",
            _rating(game.their_rating),
            _share(game.theirs),
            _loss(game.theirs),
            _times(game.their_times),
        ],
    ]
    for place, column in enumerate(PLAYER_COLUMNS):
        whole = column != "player"
        widest = max(len(column), *(len(row[place]) for row in rows)) if whole else None
        table.add_column(column, no_wrap=whole, min_width=widest)
    for row in rows:
        table.add_row(*row)
    out.print(table)


def _matched(figures: Figures) -> str:
    share = figures.share()
    if share is None:
        return "no decision valued"
    return f"{figures.matched} of {figures.decisions} decisions ({_percent(share)})"


def _lost(figures: Figures) -> str:
    points = figures.mean_loss_points()
    if points is None:
        return "-"
    return f"{points:.1f} points of win chance a decision (accuracy {figures.accuracy():.0f} %)"


def _spread(times: Times) -> str:
    median, quartiles, spread = times.median(), times.quartiles(), times.spread()
    if median is None:
        return "no decision timed"
    said = f"median {median:.1f} s"
    if quartiles is not None and spread is not None:
        said += f", middle half {quartiles[0]:.1f}-{quartiles[1]:.1f} s (spread {spread:.2f} of the median)"
    return said + f" over {len(times.seconds)} decisions"


def print_evidence(out: Console, found: Evidence) -> None:
    """Print ``found``: the games' table, then the totals in words and what they can show. On a
    terminal narrower than the table whole (about 110 columns: rich then cut the names to "…" and
    the headers), each game is shown apart instead, never a column cut."""
    name, level = found.account, found.agent
    if not found.games:
        out.print(f"{name} finished no game at a seat of its own: no evidence", highlight=False)
        return
    kinds = f"{found.rated} rated"
    if found.casual:
        kinds += f"; {len(found.games) - found.rated} casual added: too few rated games"
    out.print(
        f"[bold]fair play of {name}[/]: its last {len(found.games)} finished games ({kinds})",
        highlight=False,
    )
    searched = sum(game.source == "searched" for game in found.games)
    out.print(
        f"decisions valued by the game review's AI (the {level} level): "
        f"{len(found.games) - searched} games from their stored reviews, {searched} searched now "
        f"({found.searches} searches, {found.seconds:.1f} s)",
        highlight=False,
    )
    table = _games_table(name, found)
    if out.measure(table, options=out.options.update_width(1000)).maximum <= out.width:
        out.print(table)
    else:
        out.print(f"[bold]{name}'s games, newest first[/]", highlight=False)
        for game in found.games:
            _print_game(out, name, game)
    its, theirs = found.its(), found.theirs()
    out.print(
        f"{name} matched the {level} AI in {_matched(its)}; its opponents in {_matched(theirs)}",
        highlight=False,
    )
    out.print(f"{name} lost {_lost(its)}; its opponents {_lost(theirs)}", highlight=False)
    timed = found.timed()
    if timed == 0:
        out.print(
            "move times: not stored for these games (played before the server kept them)", highlight=False
        )
    else:
        untimed = len(found.games) - timed
        out.print(
            f"{name}'s move times: {_spread(found.its_times())}; "
            f"its opponents': {_spread(found.their_times())}"
            + (f" ({untimed} games played before the server kept times left out)" if untimed else ""),
            highlight=False,
        )
    out.print(
        "a high match, little win chance lost and even move times, well above its opponents' of "
        "its rating, are a reason to look closer, not a proof: a strong honest player matches the AI "
        "often too, and a short game's few decisions say little",
        highlight=False,
    )
