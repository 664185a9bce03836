"""Every agent kind of the package and its factory, in one explicit table, and the agents of other
packages (plug-ins).

``make_agent`` and ``agent_kinds`` read :data:`AGENTS`; no module adds itself by being
imported. An agent of another package comes in three ways, each a factory ``(params, seed) ->
Agent`` (a class whose ``__init__`` takes those two is one):

* named in the spec itself, ``module:attribute[:key=value,...]`` (``mypkg.policies:make_ppo``):
  imported where the agent is made, so it works in every tool and in worker processes (spawned
  pools, Ray) alike, as long as the module can be imported there;
* an entry point of the group ``kingdomino.agents`` (a package's ``pyproject.toml``:
  ``[project.entry-points."kingdomino.agents"] ppo = "mypkg.policies:make_ppo"``): a kind by
  its name, listed by ``agent_kinds``, in every process where the package is installed;
* :func:`register_agent`, from Python: this process only (a spawned worker does not see it).

>>> agent_kinds()[:3]
['easy', 'full-greedy', 'greedy']
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import MappingProxyType
from typing import cast

from kingdomino.agents.base import Agent, AgentFactory, AgentSpecError, parse_agent_spec
from kingdomino.agents.full_greedy import make_full_greedy
from kingdomino.agents.greedy import make_greedy, make_heuristic
from kingdomino.agents.levels import LEVELS, level_factory
from kingdomino.agents.random_agent import make_random
from kingdomino.agents.search import make_mce, make_mcts

#: The built-in agent kinds: kind -> factory.
AGENTS: MappingProxyType[str, AgentFactory] = MappingProxyType(
    {
        "random": make_random,
        "greedy": make_greedy,
        "heuristic": make_heuristic,
        "full-greedy": make_full_greedy,
        "mce": make_mce,
        "mcts": make_mcts,
        **{level: level_factory(level) for level in LEVELS},
    }
)

#: Kinds added by third parties with :func:`register_agent`.
_ADDED: dict[str, AgentFactory] = {}


def register_agent(kind: str, factory: AgentFactory) -> None:
    """Add agent kind ``kind`` from outside the package (a built-in kind of that name is shadowed)."""
    _check_takes_params_and_seed(kind, factory)
    _ADDED[kind] = factory


#: The entry points' group where installed packages name their agent kinds.
ENTRY_POINTS = "kingdomino.agents"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=ENTRY_POINTS)}


def _factory(kind: str) -> AgentFactory | None:
    if ":" in kind:
        return _imported(kind)
    found = _ADDED.get(kind) or AGENTS.get(kind)
    if found is None and kind in _entry_points():
        found = _loaded(kind, _entry_points()[kind].load)
    return found


def _imported(path: str) -> AgentFactory:
    """The factory ``module:attribute`` names, imported now."""
    module_name, _, attribute = path.partition(":")
    if module_name.lower() in AGENTS or module_name.lower() in _ADDED:
        raise AgentSpecError(f"agent {path!r}: parameter {attribute!r} must look like key=value")

    def load() -> object:
        found: object = importlib.import_module(module_name)
        for name in attribute.split("."):
            found = getattr(found, name)
        return found

    return _loaded(path, load)


def _loaded(name: str, load: Callable[[], object]) -> AgentFactory:
    """The callable ``load`` gives, or a refusal that says why it cannot be had."""
    try:
        factory = load()
    except (ImportError, AttributeError) as error:
        raise AgentSpecError(f"agent {name!r}: cannot be loaded: {error}{_beside_us(error)}") from None
    if not callable(factory):
        raise AgentSpecError(f"agent {name!r}: expected a factory (params, seed) -> Agent, got {factory!r}")
    _check_takes_params_and_seed(name, factory)
    return cast(AgentFactory, factory)


def _beside_us(error: ImportError | AttributeError) -> str:
    """What to do when the module not found is a file or package of the current folder: the
    ``kingdomino`` command (a console script) does not import from there, as ``python`` does."""
    missing = getattr(error, "name", None)
    if not isinstance(error, ModuleNotFoundError) or not missing or "." in missing:
        return ""
    here = Path.cwd()
    if not ((here / f"{missing}.py").is_file() or (here / missing / "__init__.py").is_file()):
        return ""
    return (
        f" ({missing} is in the current folder, which the kingdomino command does not import from: "
        "run it as PYTHONPATH=. kingdomino ..., or install your package)"
    )


def _check_takes_params_and_seed(name: str, factory: Callable[..., object]) -> None:
    """Refuse, in words, a factory that cannot be called with ``(params, seed)``: an ``Agent``
    subclass whose ``__init__`` takes the seed alone, say, would otherwise fail at its call with
    Python's ``TypeError``, a traceback that does not say what a plug-in must take."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return  # a callable whose signature Python cannot read: its call will tell
    try:
        signature.bind({}, None)
    except TypeError:
        raise AgentSpecError(
            f"agent {name!r}: expected a factory (params, seed) -> Agent, got {factory!r}, which takes "
            f"{signature.replace(return_annotation=inspect.Signature.empty)} (a subclass of Agent is one "
            "when its __init__ takes params and seed)"
        ) from None


def agent_kinds() -> list[str]:
    """Every agent kind, built-in, installed (entry points) and added, sorted."""
    return sorted({*AGENTS, *_entry_points(), *_ADDED})


@functools.lru_cache(maxsize=256)
def _parsed(spec: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``parse_agent_spec`` once per spec: ``simulate`` makes every seat's agent anew each game."""
    kind, params = parse_agent_spec(spec)
    return kind, tuple(params.items())


def is_built_in(spec: str) -> bool:
    """Whether ``spec`` names one of the package's own kinds (not a plug-in, an entry point or a
    kind added with :func:`register_agent`, whose factories may do anything with the seed)."""
    kind, _ = _parsed(spec)
    return kind in AGENTS and kind not in _ADDED


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent described by ``spec``, seeded with ``seed``."""
    kind, params = _parsed(spec)
    factory = _factory(kind)
    if factory is None:
        raise AgentSpecError(
            f"agent {spec!r}: unknown kind {kind!r}; expected one of {', '.join(agent_kinds())}"
        )
    agent = factory(dict(params), seed)
    if not isinstance(agent, Agent):
        raise AgentSpecError(f"agent {spec!r}: its factory gave {agent!r}, not an Agent")
    return agent
