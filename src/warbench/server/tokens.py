"""Seat tokens: random secrets handed out once, stored only as digests.

A token is 32 random bytes (256 bits) from :mod:`secrets`, URL-safe. The store keeps its
SHA-256 digest, so a copy of the database lets nobody take a seat; a token is checked
against the digest in constant time.

>>> token = new_token()
>>> len(token) >= 43 and matches(token, digest(token)) and not matches("x", digest(token))
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Random bytes in a token (256 bits).
TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh random token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """The digest stored for ``token``."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, stored: str) -> bool:
    """Whether ``token`` is the one whose digest is ``stored`` (constant time)."""
    return hmac.compare_digest(digest(token), stored)


def new_game_id() -> str:
    """A short random game id (public: it names a game, it lets nobody in)."""
    return secrets.token_hex(6)
