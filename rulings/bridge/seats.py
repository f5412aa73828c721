"""Compass seats and their arithmetic (partner, LHO, RHO), parse and render."""
from __future__ import annotations

from enum import IntEnum

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


class Seat(IntEnum):
    """N, E, S, W in clockwise (calling) order."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        return Seat((self + 1) % 4)

    lho = next

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def rho(self) -> Seat:
        return Seat((self + 3) % 4)

    def offset_from(self, other: Seat) -> int:
        """How many seats clockwise ``self`` is from ``other`` (0-3)."""
        return (self - other) % 4

    def render(self, lang: str = "en") -> str:
        return _NAMES[self].get(lang)

    def render_of(self, lang: str = "en") -> str:
        """The seat after "of"/"by": French elides "de" before a vowel ("d'Est", "d'Ouest", "de Nord")."""
        return _OF[self].get(lang)

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().casefold()
        try:
            return _PARSE[key]
        except KeyError:
            raise InputError(
                T("siège inconnu {t!r} (N, E, S, O/W)", "unknown seat {t!r} (N, E, S, W/O)").format(t=text), token=text
            ) from None


_NAMES = {
    Seat.N: T("Nord", "North"),
    Seat.E: T("Est", "East"),
    Seat.S: T("Sud", "South"),
    Seat.W: T("Ouest", "West"),
}
_OF = {seat: T(("d'" if name.fr[0] in "AEIOU" else "de ") + name.fr, name.en) for seat, name in _NAMES.items()}
_PARSE = {
    "n": Seat.N, "north": Seat.N, "nord": Seat.N,
    "e": Seat.E, "east": Seat.E, "est": Seat.E,
    "s": Seat.S, "south": Seat.S, "sud": Seat.S,
    "w": Seat.W, "west": Seat.W, "o": Seat.W, "ouest": Seat.W,
}

RELATION = {1: "lho", 2: "partner", 3: "rho"}
"""Seat offset clockwise from a player -> that seat's relation to the player."""
