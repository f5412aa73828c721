"""Referee a recorded belote game: find every inconsistency, rule on renonces.

What: :func:`check_game` replays each deal of a :class:`GameRecord` and
reports a :class:`Defect` for each inconsistency, pointing at the deal, the
trick and the card:

* the deal: hand sizes (5 + 3, taker 5 + turned card + 2), cards dealt twice,
  deck order vs. cards dealt, taker not in the taking team;
* the play: wrong number of tricks/cards, lead or turn out of order, a card
  not held, a card played twice, a **renonce** (a card breaking the
  legal-card rule; the obligation broken is named: follow, trump, overtrump),
  a wrongly recorded trick winner, cards left in a hand;
* the result: an announce the hand cannot support, the recorded
  made/failed flag or scores differing from the recomputed ones, team totals
  differing from the sum of the deals.

Renonce penalty (see RULES.md): the offending side loses the deal
("dedans"): the opponents score 162 + every announce that counts, a belote
stays with its holder; the offending side scores nothing else. Sources:
contree.org "Fautes et sanctions" (a renonce includes failing to trump,
overtrump or undertrump when obliged) and "La marque" (dedans = 162 + all
announces), and a published club competition rule (the offending team is
penalised 162 points). The exact article of the FFB code d'arbitrage could
not be retrieved, so each penalty carries ``verified=False``. When both
sides commit a renonce, the first one in play order decides (our choice,
flagged as uncertain).

Why: the checker never stops at the first problem, never raises on a
consistent-but-wrong record, and leaves rendering (French/English, JSON or
table) to the CLI.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from arbitre.rulings.belote.cards import DECK, Card, Rank
from arbitre.rulings.belote.play import (
    Obligation,
    UndertrumpRule,
    trick_winner,
    violated_obligation,
)
from arbitre.rulings.belote.record_plain import AnnounceRecord, Deal, GameRecord, plain
from arbitre.rulings.belote.scoring import (
    BELOTE_POINTS,
    LAST_TRICK_BONUS,
    TOTAL_POINTS,
    Announce,
    AnnounceKind,
    DealScore,
    Variants,
    best_announce_side,
    card_points,
    has_belote,
    possible_announces,
    score_deal,
)
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.belote import record


class DefectKind(str, Enum):
    UNKNOWN_PLAYER = "unknown_player"
    HAND_SIZE = "hand_size"
    CARD_DEALT_TWICE = "card_dealt_twice"
    DECK_MISMATCH = "deck_mismatch"
    TAKER_TEAM = "taker_team"
    TRICK_COUNT = "trick_count"
    TRICK_SIZE = "trick_size"
    WRONG_LEADER = "wrong_leader"
    OUT_OF_TURN = "out_of_turn"
    CARD_NOT_HELD = "card_not_held"
    DUPLICATE_CARD = "duplicate_card"
    RENONCE = "renonce"
    WRONG_WINNER = "wrong_winner"
    CARDS_LEFT = "cards_left"
    ANNOUNCE_UNSUPPORTED = "announce_unsupported"
    CONTRACT_RESULT = "contract_result"
    SCORE_MISMATCH = "score_mismatch"
    TEAM_TOTAL = "team_total"
    ANNOUNCE_REPEATED = "announce_repeated"
    DEALER_ROTATION = "dealer_rotation"
    DEAL_NUMBER = "deal_number"
    TRICK_NUMBER = "trick_number"
    PENALTY_NOT_APPLIED = "penalty_not_applied"
    DEAL_ORDER = "deal_order"


RENONCE_SOURCE = T(
    "Usage publié : contree.org « Fautes et sanctions » (renonce = ne pas fournir, couper, surcouper ou "
    "sous-couper quand on le devait) et « La marque » (équipe dedans : l'adversaire marque 162 + toutes "
    "les annonces) ; règlement de concours publié (l'équipe fautive est pénalisée de 162 points). "
    "Article exact du code d'arbitrage FFB non vérifié.",
    "Published usage: contree.org 'Fautes et sanctions' (a renonce is failing to follow, trump, overtrump or "
    "undertrump when obliged) and 'La marque' (a side 'dedans': the opponents score 162 + every announce); "
    "a published club competition rule (the offending team is penalised 162 points). "
    "The exact article of the FFB arbitration code was not verified.",
)


@dataclass
class Penalty:
    """What the rules prescribe for a renonce, and the deal's score after it."""

    offending_team: str
    text: T
    source: T
    score_after: dict[str, int]
    verified: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"offending_team": self.offending_team, "text": self.text.as_dict(),
                "source": self.source.as_dict(), "score_after": self.score_after, "verified": self.verified}


@dataclass
class Defect:
    """One inconsistency, located by deal number, trick number (1-8) and card."""

    kind: DefectKind
    deal: int
    message: T
    trick: int | None = None
    card: Card | None = None
    player: str | None = None
    obligation: Obligation | None = None
    penalty: Penalty | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value, "deal": self.deal, "trick": self.trick,
            "card": self.card.short() if self.card else None,
            "card_fr": self.card.to_fr_json() if self.card else None,
            "player": self.player,
            "obligation": self.obligation.value if self.obligation else None,
            "message": self.message.as_dict(),
            "penalty": self.penalty.to_dict() if self.penalty else None,
        }


@dataclass
class DealReport:
    """Recomputed facts about one deal."""

    deal: int
    taker_team: str
    defence_team: str
    winners: list[str]
    card_points: dict[str, int]
    recomputed: DealScore
    recorded: dict[str, int]
    adjusted: dict[str, int] | None = None  # score after the renonce penalty, if any

    def to_dict(self) -> dict[str, Any]:
        r = self.recomputed
        return {
            "deal": self.deal, "taker_team": self.taker_team, "defence_team": self.defence_team,
            "trick_winners": self.winners, "card_points": self.card_points,
            "recomputed": {"made": r.made, "litige": r.litige, "held_over": r.held_over, "capot": r.capot,
                           self.taker_team: r.taker, self.defence_team: r.defence},
            "recorded": self.recorded, "after_penalty": self.adjusted,
        }


@dataclass
class CheckReport:
    defects: list[Defect] = field(default_factory=list)
    deals: list[DealReport] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.defects

    def to_dict(self) -> dict[str, Any]:
        return {"clean": self.clean, "defect_count": len(self.defects),
                "defects": [d.to_dict() for d in self.defects], "deals": [d.to_dict() for d in self.deals]}


def _c(card: Card) -> T:
    return card.label()


def _team_key(game: GameRecord, name: str) -> str | None:
    for key in game.equipes:
        if key == name or key == f"equipe_{name}" or key.endswith(f"_{name}"):
            return key
    return None


# Announce names as records write them (upper-cased, accents, "-" and "_" read as spaces): a
# sequence by its length or its value, a carré by its rank ("CARRE DE ROIS" is four kings).
_K = AnnounceKind
_SEQUENCE_NAMES: dict[str, frozenset[AnnounceKind]] = {
    "TIERCE": frozenset({_K.TIERCE}), "20": frozenset({_K.TIERCE}),
    "QUARTE": frozenset({_K.CINQUANTE}), "CINQUANTE": frozenset({_K.CINQUANTE}), "50": frozenset({_K.CINQUANTE}),
    "QUINTE": frozenset({_K.CENT}),
    # a hundred is a five-card sequence or a carré of aces, tens, kings or queens: the hand says which
    "CENT": frozenset({_K.CENT, _K.CARRE}), "100": frozenset({_K.CENT, _K.CARRE}),
    "150": frozenset({_K.CARRE}), "200": frozenset({_K.CARRE}),
}
_CARRE_RANKS = {"VALETS": Rank.JACK, "VALET": Rank.JACK, "J": Rank.JACK, "NEUF": Rank.NINE, "9": Rank.NINE,
                "AS": Rank.ACE, "A": Rank.ACE, "DIX": Rank.TEN, "10": Rank.TEN, "ROIS": Rank.KING, "ROI": Rank.KING,
                "K": Rank.KING, "R": Rank.KING, "DAMES": Rank.QUEEN, "DAME": Rank.QUEEN, "Q": Rank.QUEEN,
                "D": Rank.QUEEN, "V": Rank.JACK, "JACKS": Rank.JACK, "NINES": Rank.NINE, "ACES": Rank.ACE,
                "TENS": Rank.TEN, "KINGS": Rank.KING, "QUEENS": Rank.QUEEN}
_ACCENTS = str.maketrans("ÉÈÊÀÂÎÔÛÇ", "EEEAAIOUC")


def _announce_name(text: str) -> str:
    return " ".join(text.upper().translate(_ACCENTS).replace("-", " ").replace("_", " ").split())


def _is_belote(name: str) -> bool:
    """``BELOTE``, ``BELOTE-REBELOTE``, ``Belote et rebelote``, ``REBELOTE``..."""
    words = set(name.split()) - {"ET", "AND"}
    return bool(words) and words <= {"BELOTE", "REBELOTE"}


def _announce_kind(name: str) -> tuple[frozenset[AnnounceKind], Rank | None] | None:
    """(kinds it may name, carré rank when named) of an announce name, None when unknown."""
    words = name.split()
    if not words:
        return None
    if words[0] in ("CARRE", "SQUARE", "FOUR"):
        rest = [w for w in words[1:] if w not in ("DE", "D", "OF")]
        if rest and rest[-1].startswith("D'"):
            rest[-1] = rest[-1][2:]
        rank = _CARRE_RANKS.get(rest[0]) if rest else None
        if rest and rank is None:
            return None
        return frozenset({AnnounceKind.CARRE}), rank
    kinds = _SEQUENCE_NAMES.get(words[0])
    return None if kinds is None else (kinds, None)


def _match_announce(rec: AnnounceRecord, hand: list[Card], taken: frozenset[Announce] | set[Announce] = frozenset()
                    ) -> tuple[Announce | None, bool]:
    """The best combination of ``hand`` the claim names (kind, value and, for a named carré,
    rank) among those not ``taken`` yet, and whether the hand has one at all (taken or not):
    ``(None, True)`` is a claim repeated beyond what the hand holds."""
    found = _announce_kind(_announce_name(rec.type))
    if found is None:
        return None, False
    kinds, rank = found
    options = [a for a in possible_announces(hand) if a.kind in kinds and a.points == rec.valeur
               and (rank is None or a.top == rank)]
    free = [a for a in options if a not in taken]
    return (max(free, key=lambda a: int(a.top)) if free else None), bool(options)


def check_game(game: GameRecord | record.GameRecord, variants: Variants = Variants(),
               rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP) -> CheckReport:
    """Check every deal of ``game`` (plain, or as the schema validated it); return all defects
    and the recomputed scores."""
    game = plain(game)
    report = CheckReport()
    _check_sequence(game, report)
    carried = 0  # litige points held over, waiting for the next deal's winner (LitigeRule.HELD_OVER)
    for deal in game.manches:
        _check_deal(game, deal, variants, rule, report, carried)
        score = report.deals[-1].recomputed
        if score.litige:
            carried += score.held_over
        elif carried:
            carried = 0
    _check_team_totals(game, report)
    return report


def _check_deal(game: GameRecord, deal: Deal, variants: Variants, rule: UndertrumpRule,
                report: CheckReport, carried: int = 0) -> None:
    """Check one deal; ``carried`` is the litige points held over from the deals before it, which
    the winner of this deal receives (a record may add them to its score, or give them apart in
    ``points_litige_recus``)."""
    n = deal.numero_manche
    out = report.defects
    players = sorted(game.joueurs, key=lambda p: p.position)
    ids = [p.id_joueur for p in players]
    pos_of = {p.id_joueur: p.position for p in players}
    by_pos = {p.position: p.id_joueur for p in players}
    team_of = {pid: key for key, team in game.equipes.items() for pid in team.joueurs}
    trump = deal.contrat.atout
    taker = deal.contrat.preneur_id
    dist = deal.distribution

    # -- teams -----------------------------------------------------------------
    taker_team = _team_key(game, deal.contrat.equipe_prenante) or team_of.get(taker, deal.contrat.equipe_prenante)
    if team_of.get(taker) != taker_team:
        out.append(Defect(DefectKind.TAKER_TEAM, n, T(
            f"le preneur {taker} n'est pas dans l'équipe prenante {deal.contrat.equipe_prenante}",
            f"taker {taker} is not in the taking team {deal.contrat.equipe_prenante}"), player=taker))
        taker_team = team_of.get(taker, taker_team)
    others = [k for k in game.equipes if k != taker_team]
    defence_team = others[0] if others else "?"

    # -- the deal ----------------------------------------------------------------
    for pid in sorted(set(dist.premier_tour) | set(dist.deuxieme_tour) | {taker}):
        if pid not in pos_of:
            out.append(Defect(DefectKind.UNKNOWN_PLAYER, n, T(
                f"joueur inconnu « {pid} » dans la donne", f"unknown player '{pid}' in the deal"), player=pid))
    hands: dict[str, list[Card]] = {}
    dealt_to: list[tuple[Card, str]] = []
    bad_size: set[str] = set()
    for pid in ids:
        first = list(dist.premier_tour.get(pid, []))
        second = list(dist.deuxieme_tour.get(pid, []))
        hand = first + second + ([dist.carte_retournee] if pid == taker else [])
        hands[pid] = hand
        dealt_to.extend((c, pid) for c in hand)
        if len(hand) != 8:
            bad_size.add(pid)
            if pid == taker:
                fr = (f"{pid} (preneur) a {len(hand)} cartes : {len(first)} au premier tour + carte retournée "
                      f"+ {len(second)} au second tour (attendu 5 + 1 + 2 = 8)")
                en = (f"{pid} (taker) holds {len(hand)} cards: {len(first)} in the first round + the turned card "
                      f"+ {len(second)} in the second round (expected 5 + 1 + 2 = 8)")
            else:
                fr = (f"{pid} a {len(hand)} cartes : {len(first)} au premier tour + {len(second)} au second "
                      f"(attendu 5 + 3 = 8)")
                en = (f"{pid} holds {len(hand)} cards: {len(first)} in the first round + {len(second)} in the "
                      f"second (expected 5 + 3 = 8)")
            out.append(Defect(DefectKind.HAND_SIZE, n, T(fr, en), player=pid))
    counts = Counter(c for c, _ in dealt_to)
    for card, k in counts.items():
        if k > 1:
            holders = ", ".join(p for c, p in dealt_to if c == card)
            out.append(Defect(DefectKind.CARD_DEALT_TWICE, n, T(
                f"{_c(card).fr} distribuée {k} fois ({holders})", f"{_c(card).en} dealt {k} times ({holders})"),
                card=card))
    if deal.paquet_initial_ordonne is not None:
        deck = deal.paquet_initial_ordonne
        if len(deck) != 32 or len(set(deck)) != 32 or set(deck) != set(counts):
            missing = sorted(set(DECK) - set(counts), key=lambda c: c.index)
            fr = f"le paquet initial a {len(deck)} cartes ({len(set(deck))} distinctes) et ne correspond pas aux cartes distribuées"
            en = f"the initial deck has {len(deck)} cards ({len(set(deck))} distinct) and does not match the cards dealt"
            if missing:
                fr += " ; jamais distribuées : " + ", ".join(c.short() for c in missing)
                en += "; never dealt: " + ", ".join(c.short() for c in missing)
            out.append(Defect(DefectKind.DECK_MISMATCH, n, T(fr, en)))
        elif not bad_size and taker in pos_of:
            wrong = _deal_order(deck, [by_pos[(deal.dealer_position + i) % 4 + 1] for i in range(4)], taker, dist)
            if wrong is not None:
                out.append(Defect(DefectKind.DEAL_ORDER, n, T(
                    f"les mains ne viennent pas du paquet enregistré distribué 3+2 (ou 2+3), carte retournée, "
                    f"puis 3 (2 au preneur) depuis la gauche du donneur : {wrong.fr}",
                    f"the hands do not come from the recorded deck dealt 3+2 (or 2+3), turned card, then 3 "
                    f"(2 to the taker) from the dealer's left: {wrong.en}")))

    # -- the play ----------------------------------------------------------------
    if len(deal.plis) != 8:
        out.append(Defect(DefectKind.TRICK_COUNT, n, T(
            f"{len(deal.plis)} plis enregistrés au lieu de 8", f"{len(deal.plis)} tricks recorded instead of 8")))
    current = {pid: list(h) for pid, h in hands.items()}
    played: dict[Card, tuple[str, int]] = {}
    expected_leader = by_pos.get(deal.dealer_position % 4 + 1)
    points = {taker_team: 0, defence_team: 0}
    winners: list[str] = []
    renonces: list[Defect] = []
    for k, trick in enumerate(deal.plis, start=1):
        plays = trick.cartes_jouees
        if len(plays) != 4:
            out.append(Defect(DefectKind.TRICK_SIZE, n, T(
                f"le pli {k} a {len(plays)} cartes au lieu de 4", f"trick {k} has {len(plays)} cards instead of 4"),
                trick=k))
        if not plays:
            continue
        leader = plays[0].joueur_id
        if expected_leader is not None and leader != expected_leader:
            why_fr = "le joueur à gauche du donneur" if k == 1 else f"le gagnant du pli {k - 1}"
            why_en = "the player on the dealer's left" if k == 1 else f"the winner of trick {k - 1}"
            out.append(Defect(DefectKind.WRONG_LEADER, n, T(
                f"pli {k} entamé par {leader} alors que l'entame revenait à {expected_leader} ({why_fr})",
                f"trick {k} led by {leader} but the lead belonged to {expected_leader} ({why_en})"),
                trick=k, player=leader))
        if trick.meneur_id is not None and trick.meneur_id != leader:
            out.append(Defect(DefectKind.WRONG_LEADER, n, T(
                f"pli {k} : meneur_id {trick.meneur_id} mais la première carte est de {leader}",
                f"trick {k}: meneur_id {trick.meneur_id} but the first card is {leader}'s"), trick=k, player=leader))
        on_table: list[Card] = []
        for i, pc in enumerate(plays):
            pid, card = pc.joueur_id, pc.carte
            if i > 0 and pid in pos_of and plays[i - 1].joueur_id in pos_of:
                nxt = by_pos[pos_of[plays[i - 1].joueur_id] % 4 + 1]
                if pid != nxt:
                    out.append(Defect(DefectKind.OUT_OF_TURN, n, T(
                        f"pli {k} : {pid} joue {_c(card).fr} à la place de {nxt}",
                        f"trick {k}: {pid} plays {_c(card).en} in {nxt}'s turn"), trick=k, card=card, player=pid))
            hand = current.get(pid, [])
            if card in played:
                who, when = played[card]
                out.append(Defect(DefectKind.DUPLICATE_CARD, n, T(
                    f"pli {k} : {pid} joue {_c(card).fr}, déjà jouée par {who} au pli {when}",
                    f"trick {k}: {pid} plays {_c(card).en}, already played by {who} in trick {when}"),
                    trick=k, card=card, player=pid))
            elif card not in hand:
                holder = next((p for c, p in dealt_to if c == card), None)
                fr_h = f" (distribuée à {holder})" if holder else ""
                en_h = f" (dealt to {holder})" if holder else ""
                out.append(Defect(DefectKind.CARD_NOT_HELD, n, T(
                    f"pli {k} : {pid} joue {_c(card).fr} qu'il n'a pas{fr_h}",
                    f"trick {k}: {pid} plays {_c(card).en}, which they do not hold{en_h}"),
                    trick=k, card=card, player=pid))
            else:
                broken = violated_obligation(hand, on_table, trump, card, rule)
                if broken is not None:
                    d = Defect(DefectKind.RENONCE, n, T(
                        f"renonce au pli {k} : {pid} joue {_c(card).fr} alors qu'il devait {broken.label().fr}",
                        f"renonce in trick {k}: {pid} plays {_c(card).en} but had to {broken.label().en}"),
                        trick=k, card=card, player=pid, obligation=broken)
                    out.append(d)
                    renonces.append(d)
                hand.remove(card)
            played.setdefault(card, (pid, k))
            on_table.append(card)
        win = plays[trick_winner(on_table, trump)].joueur_id
        winners.append(win)
        if trick.vainqueur_id is not None and trick.vainqueur_id != win:
            out.append(Defect(DefectKind.WRONG_WINNER, n, T(
                f"pli {k} : vainqueur enregistré {trick.vainqueur_id}, mais {win} le remporte avec "
                f"{_c(on_table[[p.joueur_id for p in plays].index(win)]).fr}",
                f"trick {k}: recorded winner {trick.vainqueur_id}, but {win} wins it with "
                f"{_c(on_table[[p.joueur_id for p in plays].index(win)]).en}"), trick=k, player=trick.vainqueur_id))
        team = team_of.get(win, defence_team)
        points[team] = points.get(team, 0) + sum(card_points(c, trump) for c in on_table)
        expected_leader = win
    if winners:
        last = team_of.get(winners[-1], defence_team)
        points[last] = points.get(last, 0) + LAST_TRICK_BONUS
    for pid in ids:
        if pid not in bad_size and current[pid]:
            out.append(Defect(DefectKind.CARDS_LEFT, n, T(
                f"{pid} a encore {', '.join(c.short() for c in current[pid])} après le dernier pli",
                f"{pid} still holds {', '.join(c.short() for c in current[pid])} after the last trick"), player=pid))

    # -- announces -----------------------------------------------------------------
    belote_team: str | None = None
    valid: dict[str, list[Announce]] = {taker_team: [], defence_team: []}
    claimed: set[tuple[str, Any]] = set()  # (player, combination) already counted
    for rec in deal.all_announces():
        hand = hands.get(rec.joueur_id, [])
        name = _announce_name(rec.type)
        team = team_of.get(rec.joueur_id, defence_team)
        if _is_belote(name):
            if ("belote", rec.joueur_id) in claimed or (belote_team is not None and has_belote(hand, trump)):
                out.append(_repeated(n, rec))
                continue
            if has_belote(hand, trump) and rec.valeur == BELOTE_POINTS:
                claimed.add(("belote", rec.joueur_id))
                belote_team = team
                continue
            why = T(f"il n'a pas le Roi et la Dame d'atout ({trump.label().fr})",
                    f"they do not hold the King and Queen of trump ({trump.label().en})") \
                if not has_belote(hand, trump) else T(f"une belote vaut 20, pas {rec.valeur}",
                                                      f"a belote is worth 20, not {rec.valeur}")
        else:
            match, held = _match_announce(rec, hand, {a for p, a in claimed if p == rec.joueur_id})
            if match is not None:
                claimed.add((rec.joueur_id, match))
                valid.setdefault(team, []).append(match)
                continue
            if held:  # the hand holds it, but every such combination is already counted
                out.append(_repeated(n, rec))
                continue
            why = T("sa main ne contient pas cette combinaison", "their hand does not contain that combination")
        out.append(Defect(DefectKind.ANNOUNCE_UNSUPPORTED, n, T(
            f"annonce {rec.type} ({rec.valeur}) de {rec.joueur_id} impossible : {why.fr}",
            f"announce {rec.type} ({rec.valeur}) by {rec.joueur_id} is impossible: {why.en}"),
            player=rec.joueur_id))
    side = best_announce_side(valid.get(taker_team, []), valid.get(defence_team, []), trump,
                              rule=variants.announce_tie)
    ann = {taker_team: 0, defence_team: 0}
    if side is not None:
        t = taker_team if side == "taker" else defence_team
        ann[t] = sum(a.points for a in valid.get(t, []))

    # -- score -----------------------------------------------------------------------
    capot = None
    if len(winners) == 8:
        teams = {team_of.get(w) for w in winners}
        if teams == {taker_team}:
            capot = "taker"
        elif teams == {defence_team}:
            capot = "defence"
    score = score_deal(points.get(taker_team, 0), points.get(defence_team, 0), ann[taker_team], ann[defence_team],
                       belote_team == taker_team, belote_team == defence_team, capot, variants)
    res = deal.resultat_manche
    recorded = {taker_team: res.score_equipe_prenante, defence_team: res.score_equipe_defense}
    if res.contrat_reussi is not None and res.contrat_reussi != score.made:
        fr_state = "réussi" if score.made else ("en litige" if score.litige else "chuté (dedans)")
        en_state = "made" if score.made else ("a litige" if score.litige else "failed (dedans)")
        out.append(Defect(DefectKind.CONTRACT_RESULT, n, T(
            f"contrat enregistré {'réussi' if res.contrat_reussi else 'chuté'}, mais il est {fr_state} : "
            f"{points.get(taker_team, 0)} points de cartes pour les preneurs contre {points.get(defence_team, 0)}",
            f"contract recorded as {'made' if res.contrat_reussi else 'failed'}, but it is {en_state}: "
            f"{points.get(taker_team, 0)} card points for the takers against {points.get(defence_team, 0)}")))
    penalised = _penalised(renonces, team_of, taker_team, defence_team, ann, belote_team)
    recorded_pair = (res.score_equipe_prenante, res.score_equipe_defense)
    with_litige = None  # the score with the held-over litige points added to this deal's winner
    if carried and not score.litige and not res.points_litige_recus:
        with_litige = (score.taker + carried, score.defence) if score.made else (score.taker, score.defence + carried)
    if with_litige is not None and recorded_pair == with_litige:
        pass  # the held-over litige points went to this deal's winner: right
    elif penalised is not None and recorded_pair == (penalised[taker_team], penalised[defence_team]):
        pass  # the recorded score applies the renonce penalty: right
    elif penalised is not None and recorded_pair == (score.taker, score.defence):
        out.append(Defect(DefectKind.PENALTY_NOT_APPLIED, n, T(
            f"renonce au pli {renonces[0].trick} : le score enregistré {recorded_pair[0]}-{recorded_pair[1]} "
            f"n'applique pas la pénalité ({penalised[taker_team]}-{penalised[defence_team]}, preneurs-défense)",
            f"renonce in trick {renonces[0].trick}: the recorded score {recorded_pair[0]}-{recorded_pair[1]} "
            f"does not apply the penalty ({penalised[taker_team]}-{penalised[defence_team]}, takers-defence)"),
            trick=renonces[0].trick, player=renonces[0].player))
    elif recorded_pair != (score.taker, score.defence):
        out.append(Defect(DefectKind.SCORE_MISMATCH, n, T(
            f"score enregistré {res.score_equipe_prenante}-{res.score_equipe_defense} (preneurs-défense), "
            f"recalculé {score.taker}-{score.defence}",
            f"recorded score {res.score_equipe_prenante}-{res.score_equipe_defense} (takers-defence), "
            f"recomputed {score.taker}-{score.defence}")))

    # -- renonce penalty ---------------------------------------------------------------
    adjusted = penalised
    if renonces:
        earliest = renonces[0]
        all_ann = ann[taker_team] + ann[defence_team]
        assert adjusted is not None
        both = len({team_of.get(d.player or "") for d in renonces}) > 1
        for d in renonces:
            team = team_of.get(d.player or "", defence_team)
            gainer = defence_team if team == taker_team else taker_team
            fr = (f"l'équipe {team} est dedans : {gainer} marque {TOTAL_POINTS} + les annonces ({all_ann}), "
                  f"la belote reste à son détenteur")
            en = (f"team {team} loses the deal: {gainer} scores {TOTAL_POINTS} + announces ({all_ann}); "
                  f"a belote stays with its holder")
            if both:
                fr += (f" ; les deux équipes ont renoncé : la première renonce (pli {earliest.trick}, {earliest.player}) "
                       f"décide de la donne")
                en += f"; both sides revoked: the first renonce (trick {earliest.trick}, {earliest.player}) decides the deal"
            d.penalty = Penalty(team, T(fr, en), RENONCE_SOURCE, dict(adjusted), verified=False)

    report.deals.append(DealReport(n, taker_team, defence_team, winners, dict(points), score, recorded, adjusted))


def _deal_order(deck: list[Card], order: list[str], taker: str, dist: Any) -> T | None:
    """None when ``dist`` is ``deck`` dealt by the pattern (first round 3+2 or 2+3 from the
    dealer's left, the next card turned, then 3 each and 2 to the taker); else the first
    difference under the 3+2 pattern."""
    first_diff: T | None = None
    for packets in ((3, 2), (2, 3)):
        pos = 0
        first: dict[str, set[Card]] = {pid: set() for pid in order}
        for k in packets:
            for pid in order:
                first[pid] |= set(deck[pos:pos + k])
                pos += k
        turned = deck[pos]
        pos += 1
        second: dict[str, set[Card]] = {}
        for pid in order:
            k = 2 if pid == taker else 3
            second[pid] = set(deck[pos:pos + k])
            pos += k
        diff = None
        if dist.carte_retournee != turned:
            diff = T(f"la 21e carte est {turned.label().fr}, la carte retournée enregistrée "
                     f"{dist.carte_retournee.label().fr}",
                     f"the 21st card is {turned.label().en}, the recorded turned card {dist.carte_retournee.label().en}")
        else:
            for pid in order:
                if set(dist.premier_tour.get(pid, [])) != first[pid]:
                    diff = T(f"premier tour de {pid} différent", f"{pid}'s first round differs")
                    break
                if set(dist.deuxieme_tour.get(pid, [])) != second[pid]:
                    diff = T(f"second tour de {pid} différent", f"{pid}'s second round differs")
                    break
        if diff is None:
            return None
        first_diff = first_diff or diff
    return first_diff


def _repeated(n: int, rec: AnnounceRecord) -> Defect:
    return Defect(DefectKind.ANNOUNCE_REPEATED, n, T(
        f"annonce {rec.type} ({rec.valeur}) de {rec.joueur_id} déjà comptée : une combinaison ne compte qu'une fois",
        f"announce {rec.type} ({rec.valeur}) by {rec.joueur_id} already counted: a combination counts once"),
        player=rec.joueur_id)


def _penalised(renonces: list[Defect], team_of: dict[str, str], taker_team: str, defence_team: str,
               ann: dict[str, int], belote_team: str | None) -> dict[str, int] | None:
    """The deal's score after the renonce penalty (see RULES.md), None without a renonce: the
    first renonce's side is dedans, the other scores 162 + every announce, a belote stays."""
    if not renonces:
        return None
    offender = team_of.get(renonces[0].player or "", defence_team)
    other = defence_team if offender == taker_team else taker_team
    return {
        offender: BELOTE_POINTS if belote_team == offender else 0,
        other: TOTAL_POINTS + ann[taker_team] + ann[defence_team] + (BELOTE_POINTS if belote_team == other else 0),
    }


def _check_sequence(game: GameRecord, report: CheckReport) -> None:
    """Deals numbered one after the other (1, 2, 3... for a whole game; an extract, such as the
    one deal a peer re-checks, may start later), tricks 1 to 8 in each, and the deal passing to
    the left (the next position) from one deal to the next, once more per deal nobody took in
    between (``donnes_blanches``; without it the rotation cannot be told from the record)."""
    out = report.defects
    first = game.manches[0].numero_manche if game.manches else 1
    first = first if first >= 1 else 1
    for i, deal in enumerate(game.manches):
        n = deal.numero_manche
        if n != first + i:
            out.append(Defect(DefectKind.DEAL_NUMBER, n, T(
                f"donne {i + 1} du relevé numérotée {n} (attendu {first + i})",
                f"deal {i + 1} of the record is numbered {n} (expected {first + i})")))
        for k, trick in enumerate(deal.plis, start=1):
            if trick.numero_pli != k:
                out.append(Defect(DefectKind.TRICK_NUMBER, n, T(
                    f"pli {k} numéroté {trick.numero_pli}", f"trick {k} is numbered {trick.numero_pli}"), trick=k))
        if i and deal.donnes_blanches is not None:  # a record that leaves void deals out cannot show the rotation
            before = game.manches[i - 1].dealer_position
            blanks = deal.donnes_blanches
            due = (before + blanks) % 4 + 1
            if deal.dealer_position != due:
                fr_v = f" et {blanks} donne(s) blanche(s)" if blanks else ""
                en_v = f" and {blanks} deal(s) nobody took" if blanks else ""
                out.append(Defect(DefectKind.DEALER_ROTATION, n, T(
                    f"donneur en position {deal.dealer_position} ; après la position {before}{fr_v}, la donne "
                    f"passait à la position {due} (à gauche)",
                    f"dealer at position {deal.dealer_position}; after position {before}{en_v} the deal passed "
                    f"to position {due} (on the left)")))


def _check_team_totals(game: GameRecord, report: CheckReport) -> None:
    sums: dict[str, int] = {k: 0 for k in game.equipes}
    for d in report.deals:
        for team, pts in d.recorded.items():
            if team in sums:
                sums[team] += pts
    for deal in game.manches:  # litige points held over and received on a later deal
        for key, pts in deal.resultat_manche.points_litige_recus.items():
            name = _team_key(game, key) or key
            if name in sums:
                sums[name] += pts
    for key, side in game.equipes.items():
        if side.score_total is not None and side.score_total != sums[key]:
            report.defects.append(Defect(DefectKind.TEAM_TOTAL, 0, T(
                f"{key} : total enregistré {side.score_total}, somme des donnes {sums[key]}",
                f"{key}: recorded total {side.score_total}, sum of the deals {sums[key]}")))
