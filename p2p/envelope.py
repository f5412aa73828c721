"""Signed envelopes: canonical JSON, Ed25519 keys and signatures (PyNaCl).

What: every message between peers is an *envelope*
``{"game_id", "seq", "type", "from", "payload", "sig"}``. ``sig`` is the
Ed25519 signature, in hex, by the sender ``from`` over the canonical JSON of
the envelope without ``sig``: keys sorted, no whitespace, UTF-8
(:func:`canonical`). :class:`KeyPair` holds a peer's signing key; a key file
holds the 32-byte seed in hex and is created (mode 0600) on first use.

Why: a peer must be able to prove who said what without trusting the
transport or the host (seed 001, module 4: signed actions). The crypto is
PyNaCl's (libsodium), never hand-rolled.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nacl.exceptions import BadSignatureError
from nacl.signing import SigningKey, VerifyKey

from arbitre.p2p.timing import CLOCK
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

ENVELOPE_FIELDS = ("game_id", "seq", "type", "from", "payload", "sig")


def canonical(obj: Any) -> bytes:
    """The canonical bytes of a JSON value: sorted keys, no whitespace, UTF-8."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


@dataclass(frozen=True)
class KeyPair:
    """A peer's Ed25519 key pair."""

    signing: SigningKey

    @staticmethod
    def generate() -> KeyPair:
        return KeyPair(SigningKey.generate())

    @property
    def public_hex(self) -> str:
        return self.signing.verify_key.encode().hex()

    def sign(self, message: bytes) -> str:
        """Hex signature of ``message``."""
        with CLOCK.measure("signatures"):
            return self.signing.sign(message).signature.hex()

    @staticmethod
    def load_or_create(path: Path) -> KeyPair:
        """Read the key in ``path`` (hex seed), or create it there on first use."""
        if path.exists():
            try:
                seed = bytes.fromhex(path.read_text(encoding="ascii").strip())
                if len(seed) != 32:
                    raise ValueError("not 32 bytes")
                return KeyPair(SigningKey(seed))
            except (ValueError, UnicodeDecodeError, OSError) as err:
                raise InputError(T(f"fichier de clé illisible ({err})", f"unreadable key file ({err})"),
                                 source=str(path)) from None
        pair = KeyPair.generate()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(pair.signing.encode().hex() + "\n")
        return pair


def unsigned(envelope: dict[str, Any]) -> dict[str, Any]:
    """The envelope without its signature (what is signed)."""
    return {k: v for k, v in envelope.items() if k != "sig"}


def signed(key: KeyPair, doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with ``sig``, ``key``'s signature over its canonical JSON, added last.

    Envelopes, bids, the guest's ``/join`` and the initiator's player list are all signed this way
    and checked with :func:`signature_ok`."""
    return {**doc, "sig": key.sign(canonical(doc))}


def seal(key: KeyPair, game_id: str, seq: int, type_: str, sender: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Build and sign an envelope."""
    return signed(key, {"game_id": game_id, "seq": seq, "type": type_, "from": sender, "payload": payload})


def signature_ok(envelope: dict[str, Any], public_hex: str) -> bool:
    """True when ``envelope['sig']`` is ``public_hex``'s signature over the envelope without ``sig``."""
    with CLOCK.measure("signatures"):
        try:
            VerifyKey(bytes.fromhex(public_hex)).verify(canonical(unsigned(envelope)), bytes.fromhex(envelope["sig"]))
            return True
        except (BadSignatureError, ValueError, TypeError, KeyError):
            return False


def malformed(envelope: Any) -> str | None:
    """``None`` for a well-formed envelope, else the name of the first bad field and why."""
    if not isinstance(envelope, dict):
        return "envelope: not a JSON object"
    for name in ENVELOPE_FIELDS:
        if name not in envelope:
            return f"{name}: missing"
    extra = sorted(set(envelope) - set(ENVELOPE_FIELDS))
    if extra:
        return f"{extra[0]}: unknown field"
    checks = (("game_id", str), ("type", str), ("from", str), ("payload", dict), ("sig", str))
    for name, kind in checks:
        if not isinstance(envelope[name], kind):
            return f"{name}: must be a {'string' if kind is str else 'JSON object'}"
    seq = envelope["seq"]
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        return "seq: must be a non-negative integer"
    return None
