"""The registry of games arbitre referees: one :class:`Game` per game, in the manner of
python-chess's ``VARIANTS``.

Everything that differs by game is reached from here: its names, the grammar of its calls,
its card vocabulary, the function that classifies an auction, the function that checks a
recorded game, whether the knowledge base holds ruling trees for it, and which commands
offer it. Every ``--game`` option of the CLI is generated from :data:`GAMES`.

The game modules are named by import path (``"package.module:attribute"``) and imported
only when used (:meth:`Game.load`), so that reading the registry costs nothing: a cold
``arbitre classify`` does not import the belote engine.

Adding a game is one entry in :data:`GAMES` (and its package under ``rulings/``); the
tresillo entry below is the example: named callables, each imported on first use, and
``has_trees`` once a migration has put the game's ruling trees in the knowledge base.

``commands`` says which ``--game`` options offer the game (``classify``, ``belote classify``,
``ruling``, ``law``); each needs a capability (:data:`_NEEDS`: ``classify`` needs a
classifier, ``ruling`` and ``law`` need ``has_trees``), checked when the entry is built.
``has_trees`` must agree with the knowledge base (a test checks it): a game without trees is
not offered by ``arbitre ruling --game`` or ``arbitre law --game``. The game's name must
also be in ``data/games.yaml`` (the KB's games table).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from arbitre.rulings.calls import CallKind
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


@dataclass(frozen=True, slots=True)
class Cards:
    """A game's card vocabulary: the size of its deck and how its suits are written."""

    deck: int
    suits: T  # the suit names, in the order the game ranks or lists them


@dataclass(frozen=True, slots=True)
class Game:
    """One game: what the CLI and the library need to know about it.

    ``grammar``, ``classifier`` and ``checker`` are import paths (``"module:attribute"``,
    the attribute may be dotted) resolved by :meth:`load` on first use; ``None`` when the
    game has no such thing yet.
    """

    code: str  # stable identifier: the value of --game, of the KB's games.code, of JSON "game"
    name: T
    family: str  # games of one family share a call grammar (bridge: bridge, coinche, belote)
    cards: Cards
    grammar: str | None = None  # parses one call: text -> call object; raises InputError
    classifier: str | None = None  # classifies an auction: text -> result; raises InputError
    checker: str | None = None  # checks a recorded game: (text, source) -> report; raises InputError
    renderer: str | None = None  # the CLI's view of a classifier result: (result, lang, as_json) -> exit code
    # (bridge has none: `arbitre classify` renders bridge reports itself, with files and --summary)
    call_kind: str = "arbitre.rulings.calls:CallKind"  # the one kind-of-call enum, shared by every game
    call_words: Mapping[CallKind, str] = field(default_factory=dict)  # the game's word for a kind, where
    # it is not the kind's own value (coinche: double -> "coinche"); see call_word
    contract: str | None = None  # the game's one contract type (what the auction ends on)
    has_trees: bool = False  # the KB holds ruling trees (and a law catalogue) for this game
    commands: frozenset[str] = frozenset()  # the CLI commands whose --game offers this game

    def __post_init__(self) -> None:
        for command, needs in _NEEDS.items():
            if command in self.commands and not all(getattr(self, f) for f in needs):
                raise ValueError(f"{self.code}: {command} needs {', '.join(needs)}")

    def call_word(self, kind: CallKind) -> str:
        """The game's word for a kind of call, as its JSON documents write it (coinche:
        ``"coinche"`` for a double; bridge: ``"double"``)."""
        return self.call_words.get(kind, kind.value)

    def load(self, what: str) -> Callable[..., Any]:
        """The callable (function or type) named by the field ``what`` (``"grammar"``,
        ``"classifier"``, ``"checker"``, ``"call_kind"``, ``"contract"``), imported now.
        Raises :class:`InputError` when the game lacks it."""
        path = getattr(self, what)
        if path is None:
            raise InputError(T("{jeu} : pas de {quoi} pour ce jeu", "{game}: no {what} for this game")
                             .format(jeu=self.name.fr, game=self.name.en, quoi=_WHAT[what].fr, what=_WHAT[what].en),
                             token=self.code)
        module, _, attr = path.partition(":")
        obj: Any = import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
        return obj  # type: ignore[no-any-return]


_WHAT = {
    "grammar": T("grammaire des annonces", "call grammar"),
    "classifier": T("classement des enchères", "auction classifier"),
    "checker": T("vérification de feuille", "record checker"),
    "renderer": T("affichage du classement", "classification view"),
    "call_kind": T("sortes d'annonces", "kinds of call"),
    "contract": T("contrat", "contract"),
}

_NEEDS: dict[str, tuple[str, ...]] = {
    "classify": ("classifier",), "belote classify": ("classifier", "renderer"), "belote check": ("checker",),
    "ruling": ("has_trees",), "law": ("has_trees",),
}
"""What a game must have for a command to offer it (checked when the registry is built)."""

_SUITS = T("pique, cœur, carreau, trèfle", "spades, hearts, diamonds, clubs")
_COINCHE_WORDS = {CallKind.DOUBLE: "coinche", CallKind.REDOUBLE: "surcoinche"}

GAMES: dict[str, Game] = {
    g.code: g
    for g in (
        Game(code="bridge", name=T("Bridge (duplicate)", "Contract bridge (duplicate)"), family="bridge",
             cards=Cards(52, _SUITS),
             grammar="arbitre.rulings.bridge.calls:Call.parse",
             classifier="arbitre.rulings.bridge.reading:read_text",
             contract="arbitre.rulings.bridge.auction:Contract",
             has_trees=True, commands=frozenset({"classify", "ruling", "law"})),
        Game(code="belote", name=T("Belote", "Belote"), family="bridge",
             cards=Cards(32, _SUITS),
             classifier="arbitre.rulings.belote.coinche_auction:classify_belote_taking",
             renderer="arbitre.cli.render_coinche:render_coinche_classification",
             call_words=_COINCHE_WORDS, contract="arbitre.rulings.belote.coinche:Contract",
             checker="arbitre.rulings.belote.check:check_game",
             has_trees=True, commands=frozenset({"classify", "belote classify", "belote check", "ruling", "law"})),
        Game(code="coinche", name=T("Coinche (belote contrée)", "Coinche (belote with bidding)"), family="bridge",
             cards=Cards(32, _SUITS),
             grammar="arbitre.rulings.belote.coinche_auction:read_calls",
             classifier="arbitre.rulings.belote.coinche_auction:classify_coinche",
             renderer="arbitre.cli.render_coinche:render_coinche_classification",
             call_words=_COINCHE_WORDS, contract="arbitre.rulings.belote.coinche:Contract",
             checker="arbitre.rulings.belote.coinche_check:check_coinche",
             has_trees=True, commands=frozenset({"classify", "belote classify", "belote check", "ruling", "law"})),
        Game(code="tresillo", name=T("Tresillo (Hombre)", "Tresillo (Ombre)"), family="ombre",
             cards=Cards(40, T("denier, coupe, épée, bâton", "coins, cups, swords, clubs")),
             grammar="arbitre.rulings.tresillo.auction:parse_call",
             classifier="arbitre.rulings.tresillo.auction:classify_auction",
             renderer="arbitre.cli.tresillo:render_classification",
             checker="arbitre.rulings.tresillo.check:check_game",
             contract="arbitre.rulings.tresillo.auction:AuctionResult",
             has_trees=True, commands=frozenset({"classify", "ruling", "law"})),
    )
}
"""Every game, by code, in the order the CLI lists them."""

DEFAULT = "bridge"


def get(code: str) -> Game:
    """The game named ``code`` (case and surrounding spaces ignored); InputError naming the
    known codes otherwise."""
    game = GAMES.get(code.strip().casefold())
    if game is None:
        known = ", ".join(GAMES)
        raise InputError(T("jeu inconnu {c!r} (jeux : {k})", "unknown game {c!r} (games: {k})").format(c=code, k=known),
                         token=code)
    return game


def codes(command: str | None = None, *, classifier: bool = False, checker: bool = False,
          trees: bool = False) -> list[str]:
    """The codes of the games offered by ``command`` (``"classify"``, ``"ruling"``,
    ``"belote classify"``...) that have every asked-for capability: the choices of the
    command's ``--game``."""
    return [g.code for g in games(command, classifier=classifier, checker=checker, trees=trees)]


def games(command: str | None = None, *, classifier: bool = False, checker: bool = False,
          trees: bool = False) -> Iterator[Game]:
    for g in GAMES.values():
        if command is not None and command not in g.commands:
            continue
        if classifier and g.classifier is None:
            continue
        if checker and g.checker is None:
            continue
        if trees and not g.has_trees:
            continue
        yield g
