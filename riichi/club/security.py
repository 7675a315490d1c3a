"""Passwords, sessions, CSRF tokens, table codes and the limit on failed sign-ins.

* Organisers' passwords are hashed with argon2id (argon2-cffi's defaults, RFC 9106's second recommended
  setting); a sign-in with an unknown name still checks a hash, so that the answer takes as long.
* A session token is 32 random bytes (URL-safe base64) sent in an ``HttpOnly``, ``SameSite=Strict`` cookie; the
  database keeps only its SHA-256, so a copy of the database signs nobody in.
* Every write needs the session's CSRF token in the ``X-CSRF-Token`` header (the synchronizer-token pattern of
  OWASP's Cross-Site Request Forgery Prevention Cheat Sheet), compared in constant time.
* A table's code is 13 characters of a 31-letter alphabet without look-alikes (0/O, 1/I/L): about 2^64 codes,
  typed once on a phone; it signs in to that table only. The database keeps only the code's SHA-256
  (:func:`code_hash`), as it does a session token's: the organiser is shown the code once, when the round is seated
  or the code is made anew. A plain hash, not argon2's: a code is random, not chosen by a person, so there is no
  dictionary to try and a slow hash buys nothing that the code's length does not; an offline search of 2^64 codes
  takes decades of a graphics card's SHA-256 (about 10^10 a second), far longer than the tournament day a code
  serves. And the hash must be one the sign-in can look up (a salted slow hash would have to be checked against
  every table's, each costing tens of milliseconds). The looked-up hash is compared again in constant time; the
  index lookup before it can only leak something about the hash, which tells nothing about the code.
* :data:`MAX_FAILURES` failed sign-ins for one key (an organiser's name, a client address) within
  :data:`FAILURE_WINDOW` seconds refuse that key's sign-ins until the oldest falls out of the window.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = ["CODE_ALPHABET", "FAILURE_WINDOW", "MAX_FAILURES", "SESSION_SECONDS", "code_hash", "codes_match",
           "csrf_matches", "hash_password", "new_code", "new_token", "normal_code", "token_hash", "verify_password"]

MAX_FAILURES: Final = 5
FAILURE_WINDOW: Final = 15 * 60.0
#: How long a session lasts: a tournament day.
SESSION_SECONDS: Final = 16 * 3600.0
CODE_ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH: Final = 13

_HASHER: Final = PasswordHasher()
#: A hash checked when the name is unknown, so that a wrong name costs the same time as a wrong password.
_DUMMY: Final = _HASHER.hash("riichi club: no such organiser")


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (None: an unknown name, checked against a dummy all the same)."""
    try:
        return _HASHER.verify(stored or _DUMMY, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed: spaces and dashes dropped, upper case."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def code_hash(code: str) -> str:
    """The SHA-256 (hex) of a code as typed (:func:`normal_code`): what the database keeps of it."""
    return hashlib.sha256(normal_code(code).encode("utf-8")).hexdigest()


def codes_match(stored_hash: str, code: str) -> bool:
    """Whether ``code`` is the one whose hash is ``stored_hash``, compared in constant time."""
    return hmac.compare_digest(stored_hash.encode("ascii"), code_hash(code).encode("ascii"))


def csrf_matches(expected: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))
