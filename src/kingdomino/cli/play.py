"""An interactive game in the terminal: agents move by themselves, humans type their moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from kingdomino.agents.base import Agent
from kingdomino.arena.match import seat_agents
from kingdomino.cli.registry import frontend_for
from kingdomino.cli.words import in_words
from kingdomino.core.game import CHANCE, Bonus, Game, GameError, State
from kingdomino.core.records import GameRecord, final_result
from kingdomino.core.seeds import ChanceSampler

HUMAN = "human"
HELP = (
    "Type the number of a move from the list, or the move itself (e.g. 'place 0,1 E', 'claim 17'). "
    "'board' shows the table again, 'quit' stops the game."
)


class QuitGame(Exception):
    """The human asked to stop."""


class GameInterrupted(Exception):
    """Ctrl-C or the end of standard input cut the game short: ``record`` holds every action made
    until then (and the result, when the game had ended), so the game is not lost."""

    def __init__(self, record: GameRecord, reason: str) -> None:
        super().__init__(reason)
        self.record = record
        #: What stopped the game, in words: "interrupted" or "standard input ended".
        self.reason = reason


def _reason(stop: BaseException) -> str:
    return "standard input ended" if isinstance(stop, EOFError) else "interrupted"


def choose_move(state: State, console: Console, read: Callable[[str], str]) -> int:
    """Ask the acting human for a move until a legal one is given: its number, its text as
    listed (in words: ``coat double dot``) or as records write it (``coat double_dot``)."""
    legal = state.legal_actions()
    texts = [in_words(state.action_text(a)) for a in legal]
    listing = Columns([Text(f"{i + 1:>3}. {t}") for i, t in enumerate(texts)], equal=True, column_first=True)
    listed = {_typed(text): action for text, action in zip(texts, legal)}
    console.print(f"Seat {state.current_player}, your legal moves:", style="bold")
    console.print(listing)
    while True:
        answer = read(f"Seat {state.current_player} move (1-{len(legal)}, text, 'help'): ").strip()
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            raise QuitGame
        if lowered in ("h", "help", "?"):
            console.print(HELP)
            continue
        if lowered == "board":
            console.print(frontend_for(state.game.name).render(state, state.current_player))
            console.print(listing)
            continue
        if _typed(answer) in listed:
            return listed[_typed(answer)]
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            console.print(
                f"[red]No move {number}:[/] expected a number from 1 to {len(legal)}, or a move's text."
            )
            continue
        try:
            action = state.parse_action(answer)
        except GameError as error:
            console.print(f"[red]Not understood:[/] {error}")
            continue
        reason = state.illegal_reason(action)
        if reason is None:
            return action
        console.print(f"[red]Illegal:[/] {reason}")


def _typed(text: str) -> str:
    """A move as typed, for comparing with the listed ones: case and spacing aside."""
    return " ".join(text.lower().split())


def play_interactive(
    game: Game,
    seats: Sequence[str],
    seed: int,
    console: Console,
    read: Callable[[str], str] | None = None,
) -> GameRecord:
    """Play a whole game; returns its record (also when a human quits early, without a result).

    ``read`` asks a human for a move (``input`` by default, looked up when the game starts).
    Ctrl-C or the end of standard input, whenever it comes, raises :class:`GameInterrupted`
    with the record so far.
    """
    if len(seats) != game.num_players:
        raise GameError(f"seats: {game.describe()} needs {game.num_players} seats, got {len(seats)}")
    actions: list[str] = []

    def record(state: State | None = None) -> GameRecord:
        result = final_result(state) if state is not None else None
        return GameRecord(game.name, list(seats), dict(game.options), seed, actions, result)

    console.print(f"[bold]{game.describe()}[/] · seats: {', '.join(seats)} · seed {seed}")
    try:
        state = _play_moves(game, seats, seed, console, read or input, actions)
    except QuitGame:
        console.print("Game stopped.", style="yellow")
        return record()
    except (KeyboardInterrupt, EOFError) as stop:
        console.print()  # ends the line of a prompt cut short
        raise GameInterrupted(record(), _reason(stop)) from None
    finished = record(state)
    try:
        console.print(frontend_for(game.name).render(state, None))
        show_final(state, seats, console)
    except KeyboardInterrupt as stop:
        raise GameInterrupted(finished, _reason(stop)) from None
    return finished


def _play_moves(
    game: Game,
    seats: Sequence[str],
    seed: int,
    console: Console,
    read: Callable[[str], str],
    actions: list[str],
) -> State:
    """Play the game to its end, each action's text appended to ``actions`` as it is made (so a
    game cut short keeps every action until then); returns the final state."""
    frontend = frontend_for(game.name)
    agents: list[Agent | None] = [
        None if spec == HUMAN else agent
        for spec, agent in zip(
            seats, seat_agents([("random" if spec == HUMAN else spec) for spec in seats], seed)
        )
    ]
    sampler = ChanceSampler(seed)
    state = game.new_initial_state()
    last_shown = -1
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            action = sampler.sample(state)
        else:
            agent = agents[player]
            if agent is None:
                if last_shown != len(actions):
                    console.print(frontend.render(state, player))
                    last_shown = len(actions)
                action = choose_move(state, console, read)
            else:
                action = agent.act(state)
        console.print(
            f"  {in_words(state.describe_action(action))}",
            style="dim" if player == CHANCE else None,
            highlight=False,
        )
        actions.append(game.action_text(action))
        state.apply_unchecked(action)
    return state


def bonus_words(bonus: Bonus) -> str:
    """A bonus line in words with its points, and why it scores nothing when it missed
    ("middle kingdom: 0 (the castle is not in the centre of the 5x5 square)").

    >>> bonus_words(Bonus("harmony", 0, "harmony", reason="a domino was discarded"))
    'harmony: 0 (a domino was discarded)'
    >>> bonus_words(Bonus("domains", 6, "2 double dot domains x 3"))
    '2 double dot domains x 3: 6'
    """
    why = f" ({bonus.reason})" if bonus.reason else ""
    return f"{in_words(bonus.name)}: {bonus.points}{why}"


def show_final(state: State, seats: Sequence[str], console: Console) -> None:
    table = Table(title="Final scores")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("regions")
    table.add_column("bonuses")
    table.add_column("total", justify="right")
    winners = state.winners()
    for seat, name in enumerate(seats):
        sheet = state.score_sheet(seat)
        regions = " + ".join(f"{r.squares}x{r.multiplier}" for r in sheet.regions if r.points)
        bonuses = ", ".join(bonus_words(bonus) for bonus in sheet.bonuses)
        star = " ★" if seat in winners else ""
        table.add_row(str(seat), name, regions or "-", bonuses or "-", f"{state.scores()[seat]}{star}")
    console.print(table)
    names = " and ".join(f"seat {w} ({seats[w]})" for w in winners)
    console.print(f"[bold]Winner{'s' if len(winners) > 1 else ''}: {names}[/]")
