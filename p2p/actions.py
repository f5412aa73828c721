"""The referee of each action type: check everything, then return the change to apply.

What: :data:`CHECKS` maps each numbered action type to its check. A check
reads the payload (:mod:`arbitre.p2p.payload`), compares it with what this
peer knows and computes (:mod:`arbitre.p2p.bids`, :mod:`arbitre.p2p.deck`,
:mod:`arbitre.p2p.verdicts`, the end-of-deal re-check of
:mod:`arbitre.p2p.recheck`) and either raises a
:class:`~arbitre.p2p.protocol.Refusal` or returns an :data:`Apply`, a
closure that changes the game. :func:`check_main` does the same for the
host's private ``MAIN`` message (this peer's cards). The checks run only
once the envelope is authenticated, numbered next and of the type and
sender expected now (:meth:`arbitre.p2p.state.PeerGame.receive`).

Why: check first, change afterwards: a refused action leaves the state
exactly as it was, on every peer (issue 11, section 3).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arbitre.p2p import deck as deckmod
from arbitre.p2p import protocol as P
from arbitre.p2p import verdicts
from arbitre.p2p.bids import auction_outcome
from arbitre.p2p.model import Deal, Seat, next_seat
from arbitre.p2p.payload import as_computed, card, cards, dispute, field, same_deal
from arbitre.p2p.protocol import Refusal
from arbitre.p2p.recheck import deal_record, rule_deal, team_key, team_of
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.p2p.state import PeerGame

Apply = Callable[[], None]
"""The change an accepted action makes to the game (run only after every check passed)."""
Check = Callable[["PeerGame", Seat, dict[str, Any]], Apply]

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def check_engagement_paquet(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    same_deal(payload, d.number)
    commitment = field(payload, "commitment", str)
    if not _HEX64.match(commitment):
        raise Refusal(422, "malformed", T("payload.commitment : 64 chiffres hexadécimaux attendus",
                                          "payload.commitment: 64 hex digits expected"))

    def apply() -> None:
        d.commitment = commitment
    return apply


def check_resultat_encheres(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    same_deal(payload, d.number)
    bids = field(payload, "bids", list)
    taker, trump = auction_outcome(bids, d, game.roster, game.game_id)
    if payload.get("taker") != (game.roster[taker].name if taker is not None else None) \
            or payload.get("trump") != (trump.fr if trump is not None else None):
        raise dispute("wrong_auction_result", "le résultat annoncé ne suit pas des enchères signées",
                      "the announced result does not follow from the signed bids")

    def apply() -> None:
        d.bids, d.taker, d.trump, d.auction_done = list(bids), taker, trump, True
    return apply


def check_jouer_carte(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    played = card(payload.get("card"), "payload.card")
    if played in d.played:
        raise Refusal(422, "already_played", T(f"{played.label().fr} a déjà été jouée",
                                               f"{played.label().en} has already been played"))
    if sender.name != game.me and played in set(d.first) | set(d.second):
        raise Refusal(422, "card_in_my_hand", T(f"{played.label().fr} est dans ma main",
                                                f"{played.label().en} is in my hand"))
    if sender.name == game.me and played not in d.hand():
        raise Refusal(422, "card_not_held", T(f"je n'ai pas {played.label().fr}",
                                              f"I do not hold {played.label().en}"))
    if d.turned is not None and played == d.turned and sender.seat != d.taker:
        raise Refusal(422, "turned_card", T(f"{played.label().fr} est la carte retournée, prise par le preneur",
                                            f"{played.label().en} is the turned card, which the taker holds"))

    def apply() -> None:
        d.current.append((sender.seat, played))
        d.played.add(played)
    return apply


def check_remporte_pli(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    want = verdicts.trick_result(d, game.names)
    if payload != want:
        raise dispute("wrong_trick_result", f"pli {want['trick']} : l'hôte annonce {payload}, le moteur "
                      f"calcule {want}", f"trick {want['trick']}: the host announces {payload}, the engine "
                      f"computes {want}")
    winner = game.names.index(want["winner"])

    def apply() -> None:
        d.tricks.append(list(d.current))
        d.winners.append(winner)
        d.current = []
    return apply


def check_reveler_paquet(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    same_deal(payload, d.number)
    deck = cards(payload.get("deck"), "payload.deck", 32)
    salt = field(payload, "salt", str)
    assert d.commitment is not None and d.turned is not None
    if not deckmod.opens(d.commitment, deck, salt):
        raise dispute("commitment_mismatch", "le paquet révélé ne correspond pas à l'engagement de l'hôte",
                      "the revealed deck does not match the host's commitment")
    if d.expected_deck is not None and deck != d.expected_deck:
        raise dispute("deck_not_cut", "le paquet révélé n'est pas celui des plis ramassés et coupés",
                      "the revealed deck is not the gathered tricks as cut")
    lay = deckmod.layout(deck, d.dealer, d.taker, d.trump)
    me = game.seat
    if (lay.turned != d.turned or set(lay.first[me]) != set(d.first)
            or (d.taker is not None and set(lay.second[me]) != set(d.second))):
        raise dispute("hand_mismatch", "ma main ou la carte retournée ne viennent pas du paquet engagé",
                      "my hand or the turned card do not come from the committed deck")

    def apply() -> None:
        d.revealed = deck
        game.gathered = deckmod.gather([[c for _, c in t] for t in d.tricks]) if d.taker is not None else deck
        if d.taker is None or d.trump is None:
            return
        d.record = deal_record(game.names, d.number, d.dealer, deck, lay.first, lay.turned, lay.second,
                               d.taker, d.trump, d.tricks, d.winners)
        d.ruling = rule_deal(game.names, d.record)
        if d.ruling.defects:
            game.set_dispute("deal_defects", game.roster[d.dealer].name, game.seq + 1,
                             T("la donne révélée a des défauts : " + "; ".join(d.ruling.defects),
                               "the revealed deal has defects: " + "; ".join(d.ruling.defects)))
    return apply


def check_points(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    want = as_computed(payload, game.points_result(), "wrong_points")

    def apply() -> None:
        assert d.ruling is not None and d.record is not None and d.taker is not None
        result = d.record["resultat_manche"]
        if any(want["held_over_paid"].values()):
            game.pending_held_over = 0
            result["points_litige_recus"] = {team_key(t): v for t, v in want["held_over_paid"].items() if v}
        game.pending_held_over += d.ruling.held_over
        game.totals = dict(want["totals"])
        result["score_equipe_prenante"] = d.ruling.scores[team_of(d.taker)]
        result["score_equipe_defense"] = d.ruling.scores[team_of(d.taker + 1)]
        result["contrat_reussi"] = d.ruling.made
        game.deals.append(d.record)
        game.deal_results.append(want)
        d.scored = True
    return apply


def check_couper_paquet(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    position = field(payload, "position", int)
    assert game.gathered is not None
    try:
        cut = deckmod.cut_at(game.gathered, position)
    except ValueError:
        raise Refusal(422, "bad_cut", T(f"coupe à {position} : entre {deckmod.CUT_MIN} et "
                                        f"{32 - deckmod.CUT_MIN} attendu", f"cut at {position}: between "
                                        f"{deckmod.CUT_MIN} and {32 - deckmod.CUT_MIN} expected")) from None

    def apply() -> None:
        game.next_deck = cut
    return apply


def check_jeton_hote(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    d = game.current_deal()
    nxt = game.next_host().name
    if payload.get("to") != nxt:
        raise Refusal(422, "wrong_next_host", T(f"le jeton d'hôte revient à {nxt}",
                                                f"the host token goes to {nxt}"))

    def apply() -> None:
        game.deal = Deal(d.number + 1, next_seat(d.dealer), expected_deck=game.next_deck)
        game.next_deck = None
    return apply


def check_resultats(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    want = as_computed(payload, game.final_results(), "wrong_results")

    def apply() -> None:
        game.results = want
    return apply


def check_fin_partie(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    def apply() -> None:
        game.status = P.FINISHED
    return apply


def check_abandon(game: PeerGame, sender: Seat, payload: dict[str, Any]) -> Apply:
    """An ``ABANDON`` may come from any present peer at any point of the game (not a turn of play)."""
    absent = game.by_name(str(payload.get("absent")))
    if absent is None or absent.name == sender.name:
        raise Refusal(422, "malformed", T("payload.absent : un autre joueur de la partie est attendu",
                                          "payload.absent: another player of the game is expected"))
    if payload.get("totals") != game.totals or payload.get("deals") != len(game.deals):
        raise dispute("wrong_totals", "les scores de l'abandon ne sont pas les miens",
                      "the abandonment's scores are not mine")

    def apply() -> None:
        game.status = P.ABANDONED
        game.absent = {"name": absent.name, "seat": absent.seat, "reported_by": sender.name,
                       "reason": payload.get("reason")}
    return apply


CHECKS: dict[str, Check] = {
    P.ENGAGEMENT_PAQUET: check_engagement_paquet,
    P.RESULTAT_ENCHERES: check_resultat_encheres,
    P.JOUER_CARTE: check_jouer_carte,
    P.REMPORTE_PLI: check_remporte_pli,
    P.REVELER_PAQUET: check_reveler_paquet,
    P.POINTS: check_points,
    P.COUPER_PAQUET: check_couper_paquet,
    P.JETON_HOTE: check_jeton_hote,
    P.RESULTATS: check_resultats,
    P.FIN_PARTIE: check_fin_partie,
}
"""The check of each action type that follows the game's order (``ABANDON`` and ``LITIGE`` do not)."""


def check_main(game: PeerGame, d: Deal, payload: dict[str, Any]) -> Apply:
    """The host's ``MAIN`` message: my first 5 cards and the turned card, then (once someone took)
    my second-round cards, the turned card among them when I am the taker."""
    same_deal(payload, d.number)
    if d.commitment is None:
        raise Refusal(409, "no_commitment", T("l'hôte distribue avant de s'engager sur le paquet",
                                              "the host deals before committing to the deck"))
    if not d.first:
        first = cards(payload.get("first"), "payload.first", 5)
        turned = card(payload.get("turned"), "payload.turned")
        if len(set(first) | {turned}) != 6:
            raise Refusal(422, "malformed", T("cartes en double", "duplicate cards"))

        def apply_first() -> None:
            d.first, d.turned = first, turned
        return apply_first
    if d.auction_done and d.taker is not None and not d.second:
        mine = game.seat == d.taker
        second = cards(payload.get("second"), "payload.second", 3)
        if (d.turned in second) != mine or set(second) & set(d.first) or len(set(second)) != 3:
            raise Refusal(422, "malformed", T("second tour de distribution incohérent",
                                              "inconsistent second round of the deal"))

        def apply_second() -> None:
            d.second = second
        return apply_second
    raise Refusal(409, "unexpected_hand", T("main inattendue maintenant", "unexpected hand now"))
