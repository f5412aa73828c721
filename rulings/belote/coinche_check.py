"""Check a recorded coinche deal (the table server's ``--record-dir`` records): deal, auction, play, score.

What: :func:`load_coinche_record` validates the JSON (the belote record's layout, seed 001
style, with ``distribution.mains`` dealt 3-2-3, the auction in ``encheres`` and a coinche
``contrat``: ``atout`` a suit, ``TA`` or ``SA``, ``niveau``, ``valeur``, ``coinche``);
:func:`check_coinche` replays every deal and reports each defect with the same
:class:`~arbitre.rulings.belote.check.Defect` kinds as the belote checker:

* the deal: the pack is 32 distinct cards and the hands are its 3-2-3 deal from the
  dealer's left (:func:`~arbitre.rulings.belote.coinche_deal.deal_323`);
* the auction: replayed call by call through
  :class:`~arbitre.rulings.belote.coinche_auction.CoincheAuction` from the dealer's left;
  each recorded reply code must be the one the engine gives, the auction must be over,
  and the recorded contract, taker and coinche level must be its outcome;
* the play: leader, turn, cards held, legal cards (a renonce names the obligation
  broken), trick winners;
* the score: made or failed and both sides' points, recomputed by
  :func:`~arbitre.rulings.belote.coinche_deal.score_played_deal`.

Why: what the server writes is checked by the same rules it played with, from the record
alone. Team totals (``score_total``) run across deals the file does not hold and are not
checked.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arbitre.rulings.belote.cards import DECK, Card, parse_card
from arbitre.rulings.belote.check import CheckReport, DealReport, Defect, DefectKind
from arbitre.rulings.belote.coinche import (
    CoincheVariants,
    Contract,
    Level,
    trick_winner,
)
from arbitre.rulings.belote.coinche_auction import (
    CoincheAuction,
    command_call,
    parse_denomination,
)
from arbitre.rulings.belote.coinche_deal import (
    deal_323,
    obligation_broken,
    score_played_deal,
)
from arbitre.rulings.belote.record import Player, Team, Trick
from arbitre.rulings.belote.scoring import DealScore
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.jsonrecord import field_error, load_model


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)


def _cards(v: Any) -> Any:
    if not isinstance(v, list):
        return v
    try:
        return [parse_card(c) for c in v]
    except InputError as err:
        raise ValueError(err.message.en) from None


class CoincheDistribution(_Model):
    mains: dict[str, list[Card]]

    @field_validator("mains", mode="before")
    @classmethod
    def _hands(cls, v: Any) -> Any:
        return {k: _cards(cards) for k, cards in v.items()} if isinstance(v, dict) else v


class CoincheCall(_Model):
    joueur_id: str
    appel: str
    code: int


class CoincheContract(_Model):
    preneur_id: str
    equipe_prenante: str
    atout: str
    niveau: Level = Level.POINTS
    valeur: int
    coinche: int = Field(0, ge=0, le=2)


class CoincheResult(_Model):
    contrat_reussi: bool
    score_equipe_prenante: int
    score_equipe_defense: int


class CoincheDeal(_Model):
    numero_manche: int
    dealer_position: int = Field(ge=1, le=4)
    paquet_initial_ordonne: list[Card]
    distribution: CoincheDistribution
    encheres: list[CoincheCall]
    contrat: CoincheContract
    plis: list[Trick]
    resultat_manche: CoincheResult

    _deck = field_validator("paquet_initial_ordonne", mode="before")(classmethod(lambda cls, v: _cards(v)))


class CoincheRecord(_Model):
    joueurs: list[Player] = Field(min_length=4, max_length=4)
    equipes: dict[str, Team]
    manches: list[CoincheDeal]


def load_coinche_record(text: str, source: str | None = None) -> CoincheRecord:
    """Parse and validate a coinche record; raise :class:`InputError` naming the line or the field."""
    return load_model(text, CoincheRecord, source, lambda err, _data: field_error(err, source, brackets=False))


def check_coinche(record: CoincheRecord, variants: CoincheVariants | None = None) -> CheckReport:
    """Check every deal of a coinche record (see the module docstring)."""
    report = CheckReport()
    for deal in record.manches:
        _check_deal(record, deal, variants or CoincheVariants(), report)
    return report


def _check_deal(record: CoincheRecord, deal: CoincheDeal, variants: CoincheVariants, report: CheckReport) -> None:
    n = deal.numero_manche
    out = report.defects
    ids = [p.id_joueur for p in sorted(record.joueurs, key=lambda p: p.position)]
    seat_of = {pid: s for s, pid in enumerate(ids)}
    team_of = {pid: key for key, team in record.equipes.items() for pid in team.joueurs}
    dealer = deal.dealer_position - 1

    # -- the deal ---------------------------------------------------------------------
    pack = deal.paquet_initial_ordonne
    hands = [list(deal.distribution.mains.get(pid, [])) for pid in ids]
    if len(pack) != 32 or set(pack) != set(DECK):
        out.append(Defect(DefectKind.DECK_MISMATCH, n, T(
            f"le paquet a {len(pack)} cartes ({len(set(pack))} distinctes) au lieu des 32",
            f"the pack has {len(pack)} cards ({len(set(pack))} distinct) instead of the 32")))
    elif hands != deal_323(pack, dealer):
        out.append(Defect(DefectKind.DECK_MISMATCH, n, T(
            "les mains ne sont pas la distribution 3-2-3 du paquet depuis la gauche du donneur",
            "the hands are not the pack dealt 3-2-3 from the dealer's left")))

    # -- the auction --------------------------------------------------------------------
    auction = CoincheAuction()
    first = (dealer + 1) % 4
    for i, call in enumerate(deal.encheres, start=1):
        expected = ids[(first + auction.turn) % 4]
        if call.joueur_id != expected:
            out.append(Defect(DefectKind.OUT_OF_TURN, n, T(
                f"enchère {i} : {call.joueur_id} parle à la place de {expected}",
                f"call {i}: {call.joueur_id} speaks instead of {expected}"), player=call.joueur_id))
        words = call.appel.split() or [""]
        code = auction.submit(command_call(words[0], words[1:]),
                              seat=(seat_of.get(call.joueur_id, -1) - first) % 4).code
        if code != call.code:
            out.append(Defect(DefectKind.CONTRACT_RESULT, n, T(
                f"enchère {i} « {call.appel} » : code enregistré {call.code}, l'arbitre donne {code}",
                f"call {i} '{call.appel}': recorded code {call.code}, the referee gives {code}"),
                player=call.joueur_id))
    contract = auction.contract
    c = deal.contrat
    den = parse_denomination(c.atout)
    if not auction.over or contract is None or auction.contract_seat is None:
        out.append(Defect(DefectKind.CONTRACT_RESULT, n, T(
            "les enchères enregistrées ne se terminent pas sur un contrat",
            "the recorded auction does not end on a contract")))
        contract = Contract(c.niveau, c.valeur, den) if den is not None else None
        bidder = seat_of.get(c.preneur_id, 0)
    else:
        bidder = (first + auction.contract_seat) % 4
        if (ids[bidder], contract.value, contract.denomination, auction.level) != (
                c.preneur_id, c.valeur, den, c.coinche):
            out.append(Defect(DefectKind.CONTRACT_RESULT, n, T(
                f"contrat enregistré {c.valeur} {c.atout} par {c.preneur_id} (coinche {c.coinche}), les enchères "
                f"donnent {contract.text()} par {ids[bidder]} (coinche {auction.level})",
                f"recorded contract {c.valeur} {c.atout} by {c.preneur_id} (coinche {c.coinche}), the auction "
                f"gives {contract.text()} by {ids[bidder]} (coinche {auction.level})"), player=c.preneur_id))
    if team_of.get(ids[bidder]) != c.equipe_prenante:
        out.append(Defect(DefectKind.TAKER_TEAM, n, T(
            f"le preneur {ids[bidder]} n'est pas dans l'équipe {c.equipe_prenante}",
            f"taker {ids[bidder]} is not in team {c.equipe_prenante}"), player=ids[bidder]))
    if contract is None:
        return

    # -- the play -----------------------------------------------------------------------
    current = [list(h) for h in hands]
    leader = first
    tricks: list[tuple[int, list[Card], int]] = []
    if len(deal.plis) != 8:
        out.append(Defect(DefectKind.TRICK_COUNT, n, T(
            f"{len(deal.plis)} plis enregistrés au lieu de 8", f"{len(deal.plis)} tricks recorded instead of 8")))
    for k, trick in enumerate(deal.plis, start=1):
        cards: list[Card] = []
        for i, pc in enumerate(trick.cartes_jouees):
            seat = (leader + i) % 4
            card = pc.carte
            if pc.joueur_id != ids[seat]:
                kind = DefectKind.WRONG_LEADER if i == 0 else DefectKind.OUT_OF_TURN
                out.append(Defect(kind, n, T(f"pli {k} : {pc.joueur_id} joue à la place de {ids[seat]}",
                                             f"trick {k}: {pc.joueur_id} plays instead of {ids[seat]}"),
                                  trick=k, card=card, player=pc.joueur_id))
            if card not in current[seat]:
                out.append(Defect(DefectKind.CARD_NOT_HELD, n, T(
                    f"pli {k} : {ids[seat]} n'a pas {card.label().fr}", f"trick {k}: {ids[seat]} does not hold "
                    f"{card.label().en}"), trick=k, card=card, player=ids[seat]))
            else:
                broken = obligation_broken(current[seat], cards, contract, card)
                if broken is not None:
                    out.append(Defect(DefectKind.RENONCE, n, T(
                        f"renonce au pli {k} : {ids[seat]} joue {card.label().fr} alors qu'il devait "
                        f"{broken.label().fr}",
                        f"renonce in trick {k}: {ids[seat]} plays {card.label().en} but had to {broken.label().en}"), trick=k, card=card, player=ids[seat], obligation=broken))
                current[seat].remove(card)
            cards.append(card)
        if len(cards) != 4:
            out.append(Defect(DefectKind.TRICK_SIZE, n, T(f"le pli {k} a {len(cards)} cartes",
                                                          f"trick {k} has {len(cards)} cards"), trick=k))
            continue
        winner = (leader + trick_winner(cards, contract.denomination)) % 4
        if trick.vainqueur_id is not None and trick.vainqueur_id != ids[winner]:
            out.append(Defect(DefectKind.WRONG_WINNER, n, T(
                f"pli {k} : vainqueur enregistré {trick.vainqueur_id}, mais {ids[winner]} le gagne",
                f"trick {k}: recorded winner {trick.vainqueur_id}, but {ids[winner]} wins it"), trick=k))
        tricks.append((leader, cards, winner))
        leader = winner

    # -- the score ----------------------------------------------------------------------
    outcome = score_played_deal(contract, auction.level if auction.over else c.coinche, bidder, hands, tricks,
                                variants)
    res = deal.resultat_manche
    taker_team = c.equipe_prenante
    defence_team = next((k for k in record.equipes if k != taker_team), "?")
    recorded = {taker_team: res.score_equipe_prenante, defence_team: res.score_equipe_defense}
    if res.contrat_reussi != outcome.made:
        out.append(Defect(DefectKind.CONTRACT_RESULT, n, T(
            f"contrat enregistré {'réussi' if res.contrat_reussi else 'chuté'}, il est "
            f"{'réussi' if outcome.made else 'chuté'}",
            f"contract recorded as {'made' if res.contrat_reussi else 'failed'}, but it is "
            f"{'made' if outcome.made else 'failed'}")))
    if (res.score_equipe_prenante, res.score_equipe_defense) != (outcome.score.taker, outcome.score.defence):
        out.append(Defect(DefectKind.SCORE_MISMATCH, n, T(
            f"score enregistré {res.score_equipe_prenante}-{res.score_equipe_defense} (preneurs-défense), "
            f"recalculé {outcome.score.taker}-{outcome.score.defence}",
            f"recorded score {res.score_equipe_prenante}-{res.score_equipe_defense} (takers-defence), "
            f"recomputed {outcome.score.taker}-{outcome.score.defence}")))
    team_key = {0: taker_team if bidder % 2 == 0 else defence_team, 1: defence_team if bidder % 2 == 0 else taker_team}
    report.deals.append(DealReport(
        n, taker_team, defence_team, [ids[w] for _, _, w in tricks],
        {team_key[t]: outcome.points[t] for t in (0, 1)},
        DealScore(outcome.score.taker, outcome.score.defence, outcome.made), recorded))
