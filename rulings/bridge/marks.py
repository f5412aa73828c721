"""What a record states beyond its auction, turned into findings a scorer or a director acts on.

* irregularities the record marks itself (PBN 2.1): ``^R`` in the play (a revoke, Law 64),
  ``^`` before the declarer (the hand was played by the wrong side, Law 54A), ``^`` before
  the result (a result that is not the tricks as played: the director's adjusted or
  transferred tricks);
* the recorded result and score against the duplicate scoring table (Law 77): a result
  that cannot be (more than 13 tricks...) or a ``[Score]`` that does not follow from the
  contract, declarer, result and vulnerability.

:func:`check_record` is called once per board by
:func:`~arbitre.rulings.bridge.records.finish_board`, whichever reader and lane built it.
The short name and the law of each finding are in :data:`FINDINGS` (the views show both).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbitre.rulings.bridge.scoring import (
    declarer_vulnerable,
    read_score,
    result_sides,
    score,
    tricks_taken,
)
from arbitre.rulings.digits import is_number
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.bridge.records import Board

__all__ = ["FINDINGS", "STATED", "check_record", "check_result_alone"]

FINDINGS: dict[str, tuple[T, str | None]] = {
    # code -> (short name, law of the 2017 Code)
    "revoke-recorded": (T("renonce relevée", "revoke recorded"), "64"),
    "lead-out-of-turn-recorded": (T("entame hors tour relevée", "lead out of turn recorded"), "53"),
    "play-mark": (T("irrégularité relevée dans le jeu", "irregularity marked in the play"), None),
    "wrong-declarer": (T("jouée par le mauvais camp", "played from the wrong side"), "54A"),
    "irregular-result": (T("résultat irrégulier", "irregular result"), "12C"),
    "impossible-result": (T("résultat impossible", "impossible result"), "77"),
    "unreadable-result": (T("résultat illisible", "unreadable result"), None),
    "unreadable-score": (T("marque illisible", "unreadable score"), None),
    "score-mismatch": (T("marque fausse", "wrong score"), "77"),
    "board-number-clash": (T("même numéro, donne différente", "one number, two deals"), None),
    "auction-omits-passes": (T("passes initiales omises", "opening passes omitted"), None),
}



_SEAT_NAMES = ("N", "E", "S", "W")
_STRAIN_NAMES = ("C", "D", "H", "S", "NT")

STATED = frozenset(("revoke-recorded", "lead-out-of-turn-recorded", "play-mark", "wrong-declarer",
                    "irregular-result"))
"""The findings a record states itself (its ``^`` marks): a correct file may hold them."""


def check_record(board: Board, checked: dict[Any, Any] | None = None) -> None:
    """Add to ``board.problems`` the findings of its marks, result and score (see the module).

    ``checked``: a reader's memo (the fast lanes'): the findings of a recorded contract,
    score and vulnerability met before in the same file are not worked out again (they
    depend on nothing else, and all of them sit at the board's first line)."""
    rec = board.recorded
    if rec is None and not board.play_marks and not board.score:
        return
    if checked is not None and not board.play_marks:
        key = (id(rec), board.score, board.vulnerability)
        hit = checked.get(key)
        if hit is None or hit[0] is not rec:  # (the memo holds ``rec``: its id is not reused meanwhile)
            before = len(board.problems)
            _check(board, rec)
            hit = (rec, [(p.code, p.message, p.token) for p in board.problems[before:]])
            if len(checked) < _CHECKED_MAX:
                checked[key] = hit
        else:
            for code, message, token in hit[1]:
                board.add_problem(code, message, board.line, None, token)
        return
    _check(board, rec)


_CHECKED_MAX = 4096


def _check(board: Board, rec: Any) -> None:
    for line, column, mark in board.play_marks:
        if mark.upper() == "R":
            board.add_problem("revoke-recorded", T(
                "le relevé marque une renonce (^R) dans le jeu", "the record marks a revoke (^R) in the play"),
                line, column, "^" + mark)
        elif mark.upper() == "L":
            board.add_problem("lead-out-of-turn-recorded", T(
                "le relevé marque une entame hors tour (^L) dans le jeu",
                "the record marks a lead out of turn (^L) in the play"), line, column, "^" + mark)
        else:
            board.add_problem("play-mark", T(
                "marque d'irrégularité ^{m} dans le jeu", "irregularity mark ^{m} in the play").format(m=mark),
                line, column, "^" + mark)
    if rec is None:
        if board.score:
            _check_score_without_contract(board)
        return
    if rec.declarer_swapped and rec.declarer is not None:
        d, p = rec.declarer, rec.declarer.partner
        board.add_problem("wrong-declarer", T(
            f"le relevé dit que {d.render('fr')} a joué la donne dont {p.render('fr')} était le déclarant (^{d.name})",
            f"the record says {d.name} played the hand, {p.name} being declarer (^{d.name})"),
            board.line, None, "^" + d.name)
    result = rec.result
    if result is not None and result.strip().startswith("^"):
        board.add_problem("irregular-result", T(
            "résultat marqué irrégulier {r!r} (levées attribuées par l'arbitre, pas celles jouées)",
            "result marked irregular {r!r} (tricks given by the director, not as played)").format(r=result.strip()),
            board.line, None, result.strip())
    if rec.passed_out:
        played = None if result is None else tricks_taken(result, 0, "N")
        if played:  # tricks on a board nobody bid (a result of 0, or none, is what it should be)
            board.add_problem("impossible-result", T(
                "résultat {r!r} pour une donne passée : aucune levée n'y est jouée",
                "result {r!r} for a passed-out board: no trick is played").format(r=result.strip()),
                board.line, None, result)
        if board.score:
            _check_score_without_contract(board)
        return
    if rec.level is None or rec.strain is None or rec.declarer is None or not result or not result.strip():
        return
    declarer = _SEAT_NAMES[rec.declarer]  # (IntEnum .name is slow on a hot path)
    tricks = tricks_taken(result, rec.level, declarer)
    if tricks is None:
        board.add_problem("unreadable-result", T("résultat illisible {r!r}", "unreadable result {r!r}").format(
            r=result), board.line, None, result)
        return
    if not 0 <= tricks <= 13:
        board.add_problem("impossible-result", T(
            "résultat impossible {r!r} : {n} levées pour le déclarant",
            "impossible result {r!r}: {n} tricks for declarer").format(r=result.strip(), n=tricks),
            board.line, None, result)
        return
    if not is_number(result):
        sides = result_sides(result)
        if sides is not None and len(sides) == 2 and sum(sides.values()) != 13:
            board.add_problem("impossible-result", T(
                "résultat impossible {r!r} : {n} levées en tout, pas 13",
                "impossible result {r!r}: {n} tricks in all, not 13").format(r=result.strip(), n=sum(sides.values())),
                board.line, None, result)
            return
    if not board.score:
        return
    strain = _STRAIN_NAMES[rec.strain]
    vulnerable = declarer_vulnerable(board.vulnerability, declarer)
    written = read_score(board.score, declarer)
    if written is None:
        board.add_problem("unreadable-score", T("marque illisible {s!r}", "unreadable score {s!r}").format(
            s=board.score), board.line, None, board.score)
        return
    if vulnerable is None:
        return
    due = score(rec.level, strain, rec.doubled, vulnerable, tricks)
    if written != due:
        vf, ve = ("vulnérable", "vulnerable") if vulnerable else ("non vulnérable", "not vulnerable")
        board.add_problem("score-mismatch", T(
            f"marque {written} pour {_contract(rec, 'fr')} {rec.declarer.render('fr')}, {tricks} levées, {vf} : "
            f"la table donne {due}",
            f"score {written} for {_contract(rec)} by {declarer}, {tricks} tricks, {ve}: the scoring table gives {due}"),
            board.line, None, board.score)


def check_result_alone(board: Board, result: str) -> None:
    """A result a record gives without a contract (PBN ``[Result]`` and no ``[Contract]``):
    it cannot be scored, but it must still read as tricks (``9``, ``^9``, ``NS 9 EW 4``,
    ``EW 4``) that can be (0 to 13, both sides making 13). ``?`` is PBN's "unknown"."""
    text = result.strip()
    if not text or text == "?":
        return
    sides = result_sides(text)
    bare = text.lstrip("^").strip()
    if sides is None and not is_number(bare):
        board.add_problem("unreadable-result", T("résultat illisible {r!r}", "unreadable result {r!r}").format(
            r=result), board.line, None, result)
        return
    tricks = [int(bare)] if sides is None else list(sides.values())
    if any(n > 13 for n in tricks) or (len(tricks) == 2 and sum(tricks) != 13):
        board.add_problem("impossible-result", T(
            "résultat impossible {r!r} : il y a 13 levées", "impossible result {r!r}: a board has 13 tricks").format(
                r=text), board.line, None, result)


def _check_score_without_contract(board: Board) -> None:
    written = read_score(board.score or "", "N")
    if written is None:
        board.add_problem("unreadable-score", T("marque illisible {s!r}", "unreadable score {s!r}").format(
            s=board.score), board.line, None, board.score)
    elif written != 0 and board.recorded is not None and board.recorded.passed_out:
        board.add_problem("score-mismatch", T(
            "marque {w} pour une donne passée : la table donne 0",
            "score {w} for a passed-out board: the scoring table gives 0").format(w=written),
            board.line, None, board.score)


def _contract(rec: Any, lang: str = "en") -> str:
    """``4SX`` as PBN writes it (English), ``4♠X`` as the French views do."""
    return f"{rec.level}{rec.strain.render(lang) if lang == 'fr' else rec.strain.name}{'X' * rec.doubled}"
