"""The coinche table protocol: command lines, the numeric replies, and the server's own events.

What: :func:`split_command` reads one line (``PLAY 10 Hearts`` → ``("PLAY", ["10", "Hearts"])``,
case-insensitive); the replies of the protocol that are not auction replies (those live in
:mod:`arbitre.rulings.belote.coinche_auction`, shared with the classifier); the event codes
the server sends on its own; card texts for ``PLAY``/``HAND`` in both languages.

Why: the table logic (:mod:`arbitre.server.table`) and the network layer
(:mod:`arbitre.server.app`) both speak through these names, and the README's
"Coinche table protocol" section lists exactly these codes.

Events use codes the protocol never uses for replies (6xx), so a client tells a reply to
its own command (2xx/4xx) from something that happened at the table:

=====  =========================================================
600    welcome (on connection): send ``NAME <nick>``
601    seated: table number, seat, the four players
602    waiting for more players
610    your cards (after the deal)
611    a new deal: its number and the dealer
620    your turn (to bid, or to play)
621    a call by another player
622    the bidding is over: the contract, or four passes and a redeal
630    a card played by another player
631    trick won
640    deal score
641    game over: final scores
642    a new game starts at the table
650    a chat message (MSG)
660    a player left: the table waits for the same NAME to come back
661    a bot took a seat
662    a player came back
690    the server closes the connection, and why
=====  =========================================================
"""
from __future__ import annotations

import re
from typing import NamedTuple

from arbitre.rulings.belote.cards import DECK, Card, Rank, Suit, parse_rank, parse_suit
from arbitre.rulings.belote.coinche_auction import Reply, make_reply
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

MAX_LINE = 4096
"""Longest accepted line, in bytes, end of line excluded."""

EV_WELCOME, EV_SEATED, EV_WAITING = 600, 601, 602
EV_CARDS, EV_DEAL = 610, 611
EV_TURN, EV_CALL, EV_AUCTION_END = 620, 621, 622
EV_CARD, EV_TRICK = 630, 631
EV_DEAL_SCORE, EV_GAME_OVER, EV_NEW_GAME = 640, 641, 642
EV_CHAT = 650
EV_LEFT, EV_BOT, EV_BACK = 660, 661, 662
EV_CLOSING = 690


_r = make_reply
NICKNAME_CHANGED, TURN_OKAY, MSG_OKAY = (make_reply(*args, ok=True) for args in (
    (200, "NICKNAME_CHANGED", "Nickname changed", "pseudonyme changé"),
    (200, "TURN_OKAY", "your turn has been taken into account.", "votre coup est pris en compte."),
    (200, "MSG_OKAY", "message sent.", "message envoyé."),
))
ERR_EMPTYTEXT, ERR_COULDNOTSEND, ERR_NOTRICK, ERR_NOTPLAYING, ERR_NOTSEATED, ERR_EMPTYHAND = (
    make_reply(*args) for args in (
        (411, "ERR_EMPTYTEXT", "no text to send.", "aucun texte à envoyer."),
        (412, "ERR_COULDNOTSEND", "an error occured during the sending process: you are not at a table.",
         "erreur pendant l'envoi : vous n'êtes pas à une table."),
        (423, "ERR_NOTRICK", "the last trick is not available yet.", "le dernier pli n'est pas encore disponible."),
        (423, "ERR_WRONGTURN", "please wait for your turn: the card play has not started.",
         "attendez votre tour : le jeu de la carte n'a pas commencé."),
        (423, "ERR_WRONGTURN", "please wait for your turn: you are not at a table yet.",
         "attendez votre tour : vous n'êtes pas encore à une table."),
        (424, "ERR_EMPTYHAND", "your hand is empty.", "votre main est vide."),
    ))

def invalid(why: T) -> Reply:
    """400 with the reason (unknown command, line too long, not UTF-8, empty line…)."""
    return Reply(400, "INVALID_COMMAND", T(f"commande invalide : {why.fr}", f"Invalid command: {why.en}"))


def err_nickname(nick: str) -> Reply:
    """402 for a name refused: the protocol's text, or "too long" for a name of letters and digits over 32 (the
    protocol sets no longest name; its text says "too short", which misled)."""
    if len(nick) > 32 and valid_name(nick, longest=len(nick)):
        return _r(402, "ERR_ERRONEUSNICKNAME", f"{nick} is too long (at most 32 letters or digits).",
                  f"{nick} est trop long (au plus 32 lettres ou chiffres).")
    shown = nick or "(none)"
    return _r(402, "ERR_ERRONEUSNICKNAME",
              f"{shown} contains invalid characters or is too short (at least four letters or digits).",
              f"{nick or '(rien)'} contient des caractères invalides ou est trop court (au moins quatre lettres "
              "ou chiffres).")


ERR_NAME_FIRST = _r(402, "ERR_ERRONEUSNICKNAME", "choose a nickname first: NAME <nick> (at least four letters or digits).",
                    "choisissez d'abord un pseudonyme : NAME <pseudo> (au moins quatre lettres ou chiffres).")
ERR_NAMEALREADYINUSE = _r(403, "ERR_NAMEALREADYINUSE", "nickname is already in use", "ce pseudonyme est déjà pris")


def err_inexistant(card: str) -> Reply:
    return _r(421, "ERR_INEXISTANTCARD", f"{card or '(none)'} is not in your deck.",
              f"{card or '(rien)'} n'est pas une carte du jeu.")


ERR_NOTRIGHTCARD = _r(422, "ERR_NOTRIGHTCARD", "this card does not belong to you.", "cette carte n'est pas à vous.")


def err_illegal(card: T, obligation: T) -> Reply:
    """425 ERR_ILLEGALCARD (our code, in the 42x range the protocol leaves free): the obligation broken."""
    return _r(425, "ERR_ILLEGALCARD", f"{card.en} cannot be played: you must {obligation.en}.",
              f"{card.fr} ne peut pas être jouée : vous devez {obligation.fr}.")


NAME_RE = re.compile(r"^\w{4,}$")


def valid_name(nick: str, longest: int = 32) -> bool:
    """At least four letters or digits (the protocol's rule), at most ``longest`` (32), nothing else."""
    return len(nick) <= longest and bool(NAME_RE.match(nick)) and "_" not in nick


def split_command(line: str) -> tuple[str, list[str]]:
    """``"play 10 hearts"`` → ``("PLAY", ["10", "hearts"])``; an empty line gives ``("", [])``."""
    words = line.split()
    if not words:
        return "", []
    return words[0].upper(), words[1:]


_FR_RANKS = ("7", "8", "9", "10", "V", "D", "R", "A")


def _card_text(card: Card) -> T:
    return T(f"{_FR_RANKS[card.rank]} {card.suit.label().fr}", card.protocol())


_CARD_TEXTS = tuple(_card_text(c) for c in DECK)


def card_text(card: Card) -> T:
    """A card as the protocol writes it: ``10 Hearts`` / ``10 Cœur``, ``J Spades`` / ``V Pique``."""
    return _CARD_TEXTS[card.index]


_FR_TEXTS = tuple(t.fr for t in _CARD_TEXTS)
_EN_TEXTS = tuple(t.en for t in _CARD_TEXTS)


def card_texts(lang: str) -> tuple[str, ...]:
    """The 32 cards as the protocol writes them in ``lang``, by card index (what a table's event lines use)."""
    return _EN_TEXTS if lang == "en" else _FR_TEXTS


def hand_text(cards: list[Card], lang: str) -> str:
    """A hand as the protocol lists it in ``lang``, sorted by suit then rank (``HAND``, 610): the card indexes
    (``suit * 8 + rank``, that order) are sorted rather than the cards, half the cost (four hands a deal)."""
    texts = card_texts(lang)
    return ", ".join([texts[i] for i in sorted([c.suit * 8 + c.rank for c in cards])])


class CardWords(NamedTuple):
    """A ``PLAY`` argument read: the card, or the words that are no card of the 32."""

    card: Card | None
    shown: str


#: The usual spellings (``10 hearts``, ``j spades``, ``10h``), lower case, straight to the card.
_USUAL: dict[str, Card] = {form.lower(): c for c in DECK for form in (c.protocol(), c.short())}


def read_card(args: list[str]) -> CardWords:
    """``["10", "Hearts"]``, ``["J", "Pique"]``, ``["10H"]`` → a card of the 32-card pack, or ``None``."""
    shown = " ".join(args)
    usual = _USUAL.get(shown.lower())
    if usual is not None:
        return CardWords(usual, shown)
    words = list(args)
    if len(words) == 1 and len(words[0]) >= 2:
        words = [words[0][:-1], words[0][-1]]
    if len(words) == 3 and words[1].lower() in ("of", "de"):
        words = [words[0], words[2]]
    if len(words) != 2:
        return CardWords(None, shown)
    try:
        rank: Rank = parse_rank(words[0])
        suit: Suit = parse_suit(words[1])
    except InputError:
        from arbitre.rulings.belote.coinche_auction import parse_denomination

        den = parse_denomination(words[1])
        if not isinstance(den, Suit):
            return CardWords(None, shown)
        try:
            rank = parse_rank(words[0])
        except InputError:
            return CardWords(None, shown)
        suit = den
    return CardWords(Card(suit, rank), shown)
