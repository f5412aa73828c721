"""Duplicate bridge scoring (Law 77): the score of one contract's result, and what a record
says its result and score are.

One function, :func:`score`, holds the scoring table: trick points, overtricks, the game,
part-score and slam premiums, the bonus for making a doubled or redoubled contract, and the
undertrick penalties. :func:`tricks_taken` reads a result as records write it (PBN
``[Result]``: tricks won by declarer, LIN ``rs|``: ``=``, ``+1``, ``-2``) and
:func:`read_score` a PBN ``[Score]`` value. Record checks (:mod:`arbitre.rulings.bridge.marks`)
call them; nothing else here knows about files.
"""
from __future__ import annotations

from arbitre.rulings.digits import is_number, is_signed_number

__all__ = ["declarer_vulnerable", "read_score", "result_sides", "score", "tricks_taken"]

_TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}


def score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The score of declarer's side (negative when defeated) for ``tricks`` won by declarer in
    ``level`` ``strain`` (``C D H S NT``) undoubled (0), doubled (1) or redoubled (2).

    >>> score(4, "S", 0, False, 10), score(3, "NT", 0, True, 10), score(7, "NT", 2, True, 13)
    (420, 630, 2980)
    """
    if not 1 <= level <= 7 or strain not in _TRICK_VALUE or doubled not in (0, 1, 2) or not 0 <= tricks <= 13:
        raise ValueError(f"not a contract and result: {level}{strain} x{doubled} {tricks} tricks")
    need = level + 6
    if tricks < need:
        return -_undertricks(need - tricks, doubled, vulnerable)
    factor = (1, 2, 4)[doubled]
    contract_points = _TRICK_VALUE[strain] * level + (10 if strain == "NT" else 0)
    contract_points *= factor
    total = contract_points
    over = tricks - need
    if doubled:
        total += over * (100 if not vulnerable else 200) * doubled
    else:
        total += over * _TRICK_VALUE[strain]
    if contract_points >= 100:
        total += 500 if vulnerable else 300
    else:
        total += 50
    if level == 6:
        total += 750 if vulnerable else 500
    elif level == 7:
        total += 1500 if vulnerable else 1000
    total += (0, 50, 100)[doubled]
    return total


def _undertricks(down: int, doubled: int, vulnerable: bool) -> int:
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:  # 100, 300, 500, then 300 more each
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return penalty * doubled


def declarer_vulnerable(vulnerability: str | None, declarer: str) -> bool | None:
    """Is ``declarer`` (``N E S W``) vulnerable under ``vulnerability`` (``None NS EW All``)?
    None when the vulnerability is not known."""
    if vulnerability == "None":
        return False
    if vulnerability == "All":
        return True
    if vulnerability in ("NS", "EW"):
        return declarer in vulnerability
    return None


def tricks_taken(result: str, level: int, declarer: str | None = None) -> int | None:
    """Tricks won by declarer from a recorded result: ``10`` (PBN), ``NS 9 EW 4`` (PBN, by
    side: ``declarer`` says which), ``=``, ``+1``, ``-2`` (LIN); ``^``-marked values read the
    same. None when it is not a result."""
    if is_number(result):  # the common case, PBN's tricks
        return int(result)
    text = result.strip().lstrip("^").strip()
    if not text:
        return None
    if is_number(text):
        return int(text)
    sides = result_sides(text)
    if sides is not None and declarer is not None:
        mine = "NS" if declarer in ("N", "S") else "EW"
        other = "EW" if mine == "NS" else "NS"
        return sides[mine] if mine in sides else 13 - sides[other]
    if text == "=":
        return level + 6
    if text[0] in "+-" and is_signed_number(text):
        return level + 6 + int(text)
    return None


def result_sides(result: str) -> dict[str, int] | None:
    """The tricks of each side a PBN result gives by side (``NS 9 EW 4``, ``EW 4``): one or
    two of ``NS``/``EW``, each once; None for any other result."""
    words = result.strip().lstrip("^").split()
    if len(words) not in (2, 4):
        return None
    sides = dict(zip(words[::2], words[1::2], strict=False))
    if len(sides) * 2 != len(words) or not set(sides) <= {"NS", "EW"} or not all(is_number(v) for v in sides.values()):
        return None
    return {side: int(v) for side, v in sides.items()}


def read_score(text: str, declarer: str) -> int | None:
    """The score of declarer's side from a PBN ``[Score]`` value: ``NS 420``, ``EW -100``,
    ``NS 420 EW -420`` or a bare ``420`` (taken as declarer's side). None when unreadable."""
    side = "NS" if declarer in ("N", "S") else "EW"
    if text.startswith(side + " "):  # the common case: "NS 420"
        rest = text[3:]
        if is_signed_number(rest):
            return int(rest)
    words = text.replace(",", " ").split()
    if len(words) == 1:
        return _int(words[0])
    found: dict[str, int] = {}
    for i in range(0, len(words) - 1, 2):
        key, value = words[i].upper(), _int(words[i + 1])
        if key not in ("NS", "EW") or value is None:
            return None
        found[key] = value
    if len(words) % 2:
        return None
    if side in found:
        return found[side]
    other = "EW" if side == "NS" else "NS"
    return -found[other] if other in found else None


def _int(word: str) -> int | None:
    """``word`` as a signed whole number in ASCII digits, else None (never ``1_000`` or ``٤٢٠``)."""
    return int(word) if is_signed_number(word) else None
