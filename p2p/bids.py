"""The signed auction: each bidder signs its own call; the host only carries them.

What: a bid is the document ``{"game_id", "deal", "round", "from", "bid":
"PASSE"|"PRENDS", "couleur", "sig"}`` signed by its bidder
(:func:`signed_bid`), the answer to ``/demander_enchere``. The host collects
them in :func:`bid_order` (from the dealer's left, round 1 then round 2) and
publishes them in ``RESULTAT_ENCHERES``; :func:`auction_outcome` checks
every bid (signer, order, deal, game, the suit allowed in its round by
:func:`arbitre.rulings.belote.deal.may_take`) and says who took in which
suit.

Why: the host must not invent or reorder a bid (issue 11); each peer checks
the bidders' own signatures instead of trusting the host.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbitre.p2p.envelope import KeyPair, signature_ok, signed
from arbitre.p2p.model import Deal, Seat, next_seat
from arbitre.p2p.protocol import Refusal
from arbitre.rulings.belote.cards import Suit, parse_suit
from arbitre.rulings.belote.deal import may_take
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

PASS, TAKE = "PASSE", "PRENDS"
"""The two calls of the taking rounds, as the seed's records write them."""


def signed_bid(key: KeyPair, game_id: str | None, deal: int, round_: int, me: str, bid: str,
               suit: Suit | None) -> dict[str, Any]:
    """My ``bid`` (:data:`PASS` or :data:`TAKE` in ``suit``) in ``round_``, signed."""
    return signed(key, {"game_id": game_id, "deal": deal, "round": round_, "from": me, "bid": bid,
                        "couleur": suit.fr if suit is not None else None})


def bid_order(dealer: int) -> list[tuple[int, int]]:
    """(round, seat) of every possible call, from the dealer's left."""
    return [(r, (next_seat(dealer) + i) % 4) for r in (1, 2) for i in range(4)]


def auction_outcome(bids: list[Any], deal: Deal, roster: Sequence[Seat], game_id: str | None
                    ) -> tuple[int | None, Suit | None]:
    """Check the signed ``bids`` in order and say who took in which suit (``(None, None)``: all passed)."""
    if deal.turned is None:
        raise Refusal(409, "no_hand", T("les enchères arrivent avant ma main", "the bids arrive before my hand"))
    order = bid_order(deal.dealer)
    for i, bid in enumerate(bids):
        if i >= len(order) or not isinstance(bid, dict):
            raise Refusal(422, "bad_bids", T("enchères en trop ou mal formées", "too many or malformed bids"))
        rnd, seat = order[i]
        who = roster[seat]
        fine = (isinstance(bid.get("sig"), str) and bid.get("from") == who.name and bid.get("round") == rnd
                and bid.get("deal") == deal.number and bid.get("game_id") == game_id
                and bid.get("bid") in (PASS, TAKE) and signature_ok(bid, who.public_key))
        if not fine:
            raise Refusal(422, "bad_bids", T(f"enchère n° {i + 1} : pas une enchère signée de {who.name} "
                                             f"au tour {rnd}", f"bid #{i + 1}: not a bid signed by {who.name} "
                                             f"in round {rnd}"))
        if bid["bid"] == PASS:
            continue
        try:
            suit = parse_suit(str(bid.get("couleur") or deal.turned.suit.fr))
        except InputError:
            raise Refusal(422, "bad_bids", T(f"enchère n° {i + 1} : couleur illisible",
                                             f"bid #{i + 1}: unreadable suit")) from None
        if not may_take(rnd, suit, deal.turned):
            raise Refusal(422, "bad_bids", T(
                f"enchère n° {i + 1} : au tour {rnd} on ne prend pas à {suit.label().fr}",
                f"bid #{i + 1}: in round {rnd} one cannot take in {suit.label().en}"))
        if i != len(bids) - 1:
            raise Refusal(422, "bad_bids", T("des enchères suivent la prise", "bids follow the take"))
        return seat, suit
    if len(bids) != len(order):
        raise Refusal(422, "bad_bids", T("enchères incomplètes", "incomplete bids"))
    return None, None

