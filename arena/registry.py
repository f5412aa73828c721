"""Find players by name: the built-in ones, those registered in code, and ``module:Class``.

What: :func:`make_player` turns a spec into a player instance:

* a built-in name: ``random``, ``simple``, ``memory``, ``advanced``;
* a name given to :func:`register` by user code;
* ``package.module:ClassName``: the class is imported from the user's module (which
  must be importable, e.g. installed or on ``PYTHONPATH``) and built without
  arguments.

Options (``budget`` for the advanced player) are passed to constructors that accept
them. A bad spec raises :class:`~arbitre.rulings.errors.InputError` naming it.
Why: the CLI, the gym workers (in other processes or on other machines) and tests
build players from the same plain strings.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Any

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

BUILTIN: dict[str, str] = {
    "random": "arbitre.arena.players.simple:RandomPlayer",
    "simple": "arbitre.arena.players.simple:SimplePlayer",
    "memory": "arbitre.arena.players.memory:MemoryPlayer",
    "advanced": "arbitre.arena.players.advanced:AdvancedPlayer",
}
_REGISTERED: dict[str, type] = {}


def register(name: str, cls: type) -> None:
    """Make ``cls`` available under ``name`` (in this process)."""
    _REGISTERED[name] = cls


def names() -> list[str]:
    return sorted({*BUILTIN, *_REGISTERED})


def resolve(spec: str) -> type:
    """The player class for ``spec`` (see module docstring)."""
    spec = spec.strip()
    if spec in _REGISTERED:
        return _REGISTERED[spec]
    target = BUILTIN.get(spec, spec)
    if ":" not in target:
        hint = _did_you_mean(spec, names())
        raise InputError(T(f"joueur inconnu « {spec} »{hint.fr} (connus : {', '.join(names())} ou module:Classe)",
                           f"unknown player '{spec}'{hint.en} (known: {', '.join(names())}, or module:Class)"),
                         token=spec)
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as err:  # noqa: BLE001  (a player's code may fail in any way)
        raise InputError(T(f"joueur « {spec} » : le module {module_name} ne peut pas être importé "
                           f"({type(err).__name__} : {err})",
                           f"player '{spec}': module {module_name} cannot be imported ({type(err).__name__}: {err})"),
                         token=spec) from None
    cls = getattr(module, attr, None)
    if not isinstance(cls, type) or not callable(getattr(cls, "bid", None)) or not callable(getattr(cls, "play", None)):
        hint = _did_you_mean(attr, [n for n, v in vars(module).items() if isinstance(v, type)
                                    and callable(getattr(v, "bid", None)) and callable(getattr(v, "play", None))])
        raise InputError(T(f"joueur « {spec} » : {module_name} n'a pas de classe {attr} avec bid() et play(){hint.fr}",
                           f"player '{spec}': {module_name} has no class {attr} with bid() and play(){hint.en}"),
                         token=spec)
    return cls


def _did_you_mean(name: str, known: list[str]) -> T:
    """`` (did you mean 'X'?)`` for the known name closest to a misspelt one (case aside), else nothing."""
    import difflib

    folded = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    if not close:
        return T("", "")
    return T(f" (vouliez-vous dire « {folded[close[0]]} » ?)", f" (did you mean '{folded[close[0]]}'?)")


def make_player(spec: str, **options: Any) -> Any:
    """A new player for ``spec``; ``options`` go to the constructor when it takes them."""
    cls = resolve(spec)
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    kwargs = {k: v for k, v in options.items() if v is not None and k in params}
    try:
        return cls(**kwargs)
    except Exception as err:  # noqa: BLE001  (a player's code may fail in any way)
        raise InputError(T(f"joueur « {spec} » : construction impossible ({type(err).__name__} : {err})",
                           f"player '{spec}': cannot be built ({type(err).__name__}: {err})"), token=spec) from None


def parse_team(text: str) -> list[str]:
    """``"advanced"`` -> both seats; ``"advanced,memory"`` -> one spec per seat of the team."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        return parts * 2
    if len(parts) != 2:
        raise InputError(T(f"équipe « {text} » : un ou deux joueurs attendus", f"team '{text}': one or two players expected"),
                         token=text)
    return parts
