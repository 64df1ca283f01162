"""Each error class's answer (status, code) is declared beside it, by the kit or its feature, and
none is missing (docs/design.md §2, issue 52): every domain error class in brigade has its own
answer or is named below as taking its base's; no two classes share a code unless named below;
the kit keeps only the errors named below, each with why; a feature's errors are in its domain.
Plain imports: no database."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterator

import pytest

import brigade
from brigade.kit import errors
from brigade.kit.errors import DomainError, declare_answers, declared_answer

# Answers as its base does, on purpose.
TAKES_ITS_BASE = {
    # A token that was presented and is not valid: to its caller, `unauthorized` as a missing
    # one; the class is for what the failed-authentication limits count.
    "BadToken",
}
# One code for two classes, on purpose.
SHARED_CODES = {
    # A code already approved (409) and a claim already handed its token (410): both "used".
    "pairing_code_used": {"PairingCodeUsed", "PairingCodeClaimed"},
}
# What the kit keeps, and why: the bases every feature raises, and its own mechanisms' errors.
KIT_ERRORS = {
    "DomainError": "the base of them all",
    "NotFound": "a base: every feature has things to find",
    "InvalidInput": "a base: every feature refuses input",
    "Conflict": "a base: every feature refuses a change to a state",
    "Forbidden": "a base, and what the kit's role check raises (kit/access.py)",
    "Unauthenticated": "a base, and what the kit's routes answer without a credential",
    "TooManyFailedAttempts": "a base of access's lock-outs; kit/http/errors.py adds Retry-After",
    "StaleVersion": "If-Match: kit/http/openapi.py declares it where a route reads the header",
    "InvalidPrecondition": "If-Match, as StaleVersion",
    "IdempotencyKeyReused": "idempotency (kit/idempotency.py, kit/http/idempotency.py)",
    "IdempotencyKeyInUse": "idempotency",
    "SecretShownOnce": "idempotency: a replay of an answer that carried a secret",
    "BadToken": "authentication: the kit's routes declare it, access raises it",
    "InvalidTicket": "authentication: the kit's routes declare the stream ticket's refusal",
    "InsufficientScope": "roles and scopes (kit/access.py)",
    "ApprovalExceeded": "an approval's amount (kit/access.py), raised by orders and the till",
    "OtherLocation": "the location boundary (kit/http/located.py), raised by most features",
    "CsrfFailed": "the back office's session cookie (kit/http/cookies.py)",
}


def _modules() -> Iterator[str]:
    """Every module of brigade but Alembic's and the command line's entry point."""
    for found in pkgutil.walk_packages(brigade.__path__, "brigade."):
        if not found.name.startswith("brigade.migrations") and found.name != "brigade.__main__":
            yield found.name


def _error_classes() -> list[type[DomainError]]:
    for name in _modules():
        importlib.import_module(name)
    found: list[type[DomainError]] = []
    waiting: list[type[DomainError]] = [DomainError]
    while waiting:
        error_class = waiting.pop()
        found.append(error_class)
        waiting += error_class.__subclasses__()
    return [c for c in found if c.__module__.startswith("brigade.")]


ERROR_CLASSES = _error_classes()


def test_every_error_class_has_its_own_answer_or_is_named_as_taking_its_bases() -> None:
    missing = {
        c.__name__ for c in ERROR_CLASSES if c is not DomainError and declared_answer(c) is None
    }
    assert missing == TAKES_ITS_BASE
    assert declared_answer(DomainError) is None  # a bare DomainError is a bug: a 500


def test_each_answer_is_declared_in_the_module_of_its_class() -> None:
    for error_class in ERROR_CLASSES:
        if declared_answer(error_class) is not None:
            table = vars(sys.modules[error_class.__module__])["ERRORS"]
            assert table[error_class] == declared_answer(error_class), error_class


def test_codes_are_unique_but_where_shared_on_purpose() -> None:
    by_code: dict[str, set[str]] = {}
    for error_class in ERROR_CLASSES:
        if (answer := declared_answer(error_class)) is not None:
            by_code.setdefault(answer[1], set()).add(error_class.__name__)
    shared = {code: names for code, names in by_code.items() if len(names) > 1}
    assert shared == SHARED_CODES


def test_the_kit_keeps_only_what_is_named_and_features_keep_theirs_in_their_domain() -> None:
    in_kit = {c.__name__ for c in ERROR_CLASSES if c.__module__ == errors.__name__}
    assert in_kit == set(KIT_ERRORS)
    for error_class in ERROR_CLASSES:
        if error_class.__module__ != errors.__name__:
            feature, layer = error_class.__module__.split(".")[1:3]
            assert layer == "domain", f"{error_class.__name__} is not in {feature}'s domain"


def test_an_answer_is_declared_once() -> None:
    class Refused(DomainError):
        pass

    declare_answers({Refused: (409, "refused")})
    declare_answers({Refused: (409, "refused")})  # the same again: no harm
    with pytest.raises(ValueError, match="already answers"):
        declare_answers({Refused: (422, "refused")})
