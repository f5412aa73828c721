"""Reading a text file the user names (a game record, a ruling's answers): one reader, one
set of errors.

Why: each command used to read with ``read_text(encoding="utf-8")`` and its own handling, so
a file saved with a byte-order mark (as Windows editors save UTF-8) was refused by some
commands with Python's own words, and a byte that is not UTF-8 was reported in English, counted
from 0, inside a French message.
"""
from __future__ import annotations

import errno
from pathlib import Path

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

REASONS = {errno.ENOENT: T("fichier introuvable", "no such file"), errno.EACCES: T("accès refusé", "permission denied"),
        errno.EISDIR: T("c'est un dossier", "it is a folder"),
        errno.ENOTDIR: T("un élément du chemin n'est pas un dossier", "a part of the path is not a folder"),
        errno.EROFS: T("système de fichiers en lecture seule", "read-only file system"),
        errno.ENOSPC: T("disque plein", "no space left on the disk")}
"""The usual reasons a file cannot be opened, in both languages (the system says them in English only)."""


def read_text_file(path: Path) -> str:
    """The text of the file at ``path`` (a record, an answers file): UTF-8, a byte-order mark
    at the start skipped (Windows editors write one; the bridge readers skip it too). An
    :class:`InputError` naming the file, and the byte for text that is not UTF-8, when it
    cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise cannot_read(err, str(path)) from None
    return decode_text(data, str(path))


def cannot_read(err: OSError, source: str) -> InputError:
    """The :class:`InputError` for a file that cannot be opened or read: the usual reasons in
    the message's language (the system's own words, in English, for the others)."""
    why = _why(err)
    return InputError(T(f"fichier illisible : {why.fr}", f"cannot read file: {why.en}"), source=source)


def write_text_file(path: Path, text: str, option: str) -> None:
    """Write ``text`` (UTF-8) to the file at ``path`` that ``option`` (``--record``) names; an
    :class:`InputError` naming the option and the file, with the reason in both languages, when it
    cannot be written."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:  # to write, a missing file is a missing folder
        why = T("son dossier n'existe pas", "its folder does not exist") if err.errno == errno.ENOENT else _why(err)
        raise InputError(T(f"{option} : impossible d'écrire le fichier : {why.fr}",
                           f"{option}: cannot write the file: {why.en}"), source=str(path), token=option) from None


def _why(err: OSError) -> T:
    """Why a file cannot be opened, in both languages where the reason is a usual one."""
    return REASONS.get(err.errno or 0) or T(err.strerror or str(err), err.strerror or str(err))


def decode_text(data: bytes, source: str) -> str:
    """``data`` read as :func:`read_text_file` reads a file's bytes (standard input too);
    ``source`` names it in the error."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        byte = err.start + (4 if data.startswith(b"\xef\xbb\xbf") else 1)  # counted in the file, from 1
        raise InputError(T(f"fichier illisible : pas de l'UTF-8 (octet {byte})",
                           f"cannot read file: not UTF-8 (byte {byte})"), source=source) from None
