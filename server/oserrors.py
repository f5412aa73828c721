"""Why the system refused the server something (listen on an address, write a deal record), in both languages.

Why: the system's own words (``[Errno 98] error while attempting to bind on address …``) are English
only, and the operator of a server started with ``--lang fr`` reads French everywhere else; the usual
reasons are named here, any other keeps the system's words.
"""
from __future__ import annotations

import errno
import socket

from arbitre.rulings.i18n import T
from arbitre.rulings.textfile import REASONS

_WHY = {  # the file reasons (textfile.REASONS), a server's own, and a missing --record-dir folder
    **REASONS,
    errno.EADDRINUSE: T("adresse déjà utilisée (un autre serveur écoute sur ce port)",
                        "address already in use (another server listens on that port)"),
    errno.EADDRNOTAVAIL: T("cette adresse n'est pas une adresse de cette machine",
                           "that address is not one of this machine's"),
    errno.EPERM: T("opération interdite", "operation not permitted"),
    errno.ENOENT: T("dossier introuvable", "no such folder"),
    errno.EEXIST: T("un fichier de ce nom existe déjà", "a file of that name exists"),
}


def os_reason(err: OSError) -> T:
    """The reason of ``err`` in French and English (an unknown host name too); else the system's words."""
    if isinstance(err, socket.gaierror):
        return T("nom d'hôte inconnu", "unknown host name")
    known = _WHY.get(err.errno or 0)
    if known is not None:
        return known
    words = err.strerror or str(err)
    return T(words, words)
