"""The Law 50/51 reminders the director gives with every penalty card, whichever law
created it: written once here, given with every outcome that has a penalty card. Plain
data (no pydantic), so that rendering a stored outcome (``arbitre log show``) stays cheap.
"""
from __future__ import annotations

from collections.abc import Iterable

from arbitre.rulings.i18n import T

# Law 50/51 reminders the director gives with every penalty card, whichever law created it.
# Every outcome with a penalty card carries them (see ``reminders_for``).
PENALTY_CARD_REMINDERS: dict[str, list[tuple[str, str]]] = {
    "all": [
        (("La carte pénalisée reste face visible sur la table devant son détenteur jusqu'à ce qu'elle soit "
          'jouée (50A).'),
         ('The penalty card stays face up on the table in front of its holder until it is played (50A).')),
        (("Information (50E) : la connaissance de l'obligation de jouer la carte est autorisée pour tous ; "
          'toute autre information tirée de la carte est non autorisée pour le partenaire du fautif, autorisée '
          'pour le camp non fautif.'),
         ('Information (50E): knowing that the card must be played is authorised for everyone; any other '
          "information from the card is unauthorised to the offender's partner and authorised to the non-"
          'offending side.')),
        (("50E3 : si l'information de la carte pénalisée a lésé le camp non fautif, l'arbitre attribue une "
          'marque ajustée.'),
         ("50E3: if the penalty card's information damaged the non-offending side, the Director awards an "
          'adjusted score.')),
    ],
    "major": [
        (('Carte pénalisée principale : à jouer à la première occasion légale (attaquer, fournir, défausser ou '
          'couper), sauf obligation de fournir ou restriction à respecter (50D1).'),
         ('Major penalty card: to be played at the first legal opportunity (leading, following, discarding or '
          'ruffing), unless following suit or a restriction comes first (50D1).')),
        (('Chaque fois que le partenaire du fautif prend la main, le déclarant choisit : exiger ou interdire '
          "l'attaque de la couleur (la carte est alors reprise), ou laisser l'attaque libre (elle reste "
          'pénalisée) (50D2 ; plusieurs cartes : 51B).'),
         ("Whenever the offender's partner gains the lead, declarer chooses: require or forbid the lead of the "
          'suit (the card is then picked up), or leave the lead free (it stays a penalty card) (50D2; several '
          'cards: 51B).')),
    ],
    "minor": [
        (('Carte pénalisée secondaire : le fautif ne peut fournir ni attaquer aucune carte de la couleur '
          "inférieure à un honneur avant de l'avoir jouée ; il n'est pas obligé de la jouer à la première "
          "occasion (50C). Pas de restriction d'attaque pour le partenaire."),
         ('Minor penalty card: the offender may not play any card of that suit below honour rank before playing'
          ' it; he need not play it at the first opportunity (50C). No lead restriction for partner.')),
    ],
}


def reminders_for(kinds: Iterable[str]) -> list[T]:
    """The reminders for penalty cards of these kinds (``major``, ``minor``,
    ``major_or_minor``, ``none``); empty when there is no penalty card."""
    found = set(kinds) - {"none"}
    if not found:
        return []
    keys = ["all"] + [k for k in ("major", "minor") if k in found or "major_or_minor" in found]
    return [T(fr, en) for k in keys for fr, en in PENALTY_CARD_REMINDERS[k]]
