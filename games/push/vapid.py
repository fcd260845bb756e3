"""The site's VAPID keys (RFC 8292): push services accept pushes signed with the private key from a site whose
public key the browser subscribed with.

From the settings (``VAPID_PUBLIC_KEY``, ``VAPID_PRIVATE_KEY``, ``VAPID_SUBJECT``; ``manage.py vapid_keys``
makes a pair). With no keys set, Web Push is off: the settings page says so, and nothing is recorded.
Keys are base64url without padding: the public key as the uncompressed P-256 point (65 bytes, what the
browser's ``applicationServerKey`` takes), the private key as its 32-byte secret number.
"""
from __future__ import annotations

import base64
import binascii
from functools import lru_cache
from typing import Optional

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.utils.translation import gettext, gettext_noop
from py_vapid import Vapid02


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def generate() -> tuple[str, str]:
    """A new key pair: (public key, private key), in the settings' form."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(public), b64url(private)


def configured() -> bool:
    """Web Push is on: both keys are set (and valid: ``problem`` says otherwise)."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY) and problem() is None


def public_key() -> str:
    return str(settings.VAPID_PUBLIC_KEY)


def claims() -> dict[str, str | int]:
    """The JWT claims of a push (``aud`` and ``exp`` are added by pywebpush per push service)."""
    return {"sub": str(settings.VAPID_SUBJECT)}


def signer() -> Vapid02:
    return _signer(str(settings.VAPID_PRIVATE_KEY))


@lru_cache(maxsize=4)
def _signer(private: str) -> Vapid02:
    return Vapid02.from_raw(private.encode())  # RFC 8292: "vapid t=..., k=..."


def problem() -> Optional[str]:
    """Why Web Push cannot work with the present settings, or None (in the reader's language)."""
    found = _problem(str(settings.VAPID_PUBLIC_KEY), str(settings.VAPID_PRIVATE_KEY), str(settings.VAPID_SUBJECT))
    return gettext(found) if found else None


@lru_cache(maxsize=4)
def _problem(public: str, private: str, subject: str) -> Optional[str]:
    if not public or not private:
        return gettext_noop("Web Push is off: the site has no VAPID keys (make a pair with `python manage.py "
                            "vapid_keys` and set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).")
    try:
        raw = b64url_decode(private)
        if len(raw) != 32:
            raise ValueError("not 32 bytes")
        derived = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()).public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    except (ValueError, binascii.Error):
        return gettext_noop("VAPID_PRIVATE_KEY is not a P-256 private key in base64url (32 bytes): make a pair with "
                            "vapid_keys.")
    try:
        given = b64url_decode(public)
    except (ValueError, binascii.Error):
        given = b""
    if given != derived:
        return gettext_noop("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY: set both from one run of "
                            "vapid_keys.")
    if not subject.startswith(("mailto:", "https://")):
        return gettext_noop("VAPID_SUBJECT must be a mailto: address or an https:// address (RFC 8292).")
    return None
