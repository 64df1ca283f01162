"""Domain errors: the kit's own, and how any error class declares its HTTP answer.

An error carries a message and facts, never an HTTP status. The answer each class gets, a status
and a stable ``code``, is declared beside the classes in a table handed to ``declare_answers``:
the kit's at the end of this module, each feature's in its domain (``<feature>/domain/errors.py``
or its ``domain.py``: docs/design.md §2). kit/http/errors.py looks them up. The kit keeps the
bases every feature raises and the errors of its own mechanisms (conditional requests,
idempotency, authentication, roles, an approval's amount, the location boundary, CSRF). What
any permission-checked route may answer beyond those is declared by the feature whose check
raises it (``declare_checked_route_errors``: access's approvals).
"""

from __future__ import annotations

from collections.abc import Mapping


class DomainError(Exception):
    """Base of every rule violation the service reports to its caller."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class NotFound(DomainError):
    def __init__(self, resource: str, identifier: object) -> None:
        super().__init__(f"{resource} {identifier} was not found")
        self.resource = resource


class InvalidInput(DomainError):
    """Input that is well-formed but breaks a rule about its own value (a 422)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class Conflict(DomainError):
    """The request conflicts with the current state of a resource (a 409)."""


class StaleVersion(DomainError):
    """The client's If-Match names a version of the resource that is no longer current (a 412)."""


class InvalidPrecondition(DomainError):
    """A precondition header (If-Match) that names no version at all: a malformed request."""


class IdempotencyKeyReused(DomainError):
    """The same Idempotency-Key came with a different request."""


class IdempotencyKeyInUse(Conflict):
    pass


class Unauthenticated(DomainError):
    """No bearer token, or one that is unknown, revoked or belongs to an inactive staff member."""


class BadToken(Unauthenticated):
    """A token was presented and is not valid: what failed-authentication limits count."""


class InvalidTicket(BadToken):
    """An event stream ticket that is unknown, already used or expired."""


class Forbidden(DomainError):
    """The staff member's role does not allow the operation."""


class InsufficientScope(Forbidden):
    """None of a scoped token's scopes grants the operation; the detail names those that would."""


class TooManyFailedAttempts(DomainError):
    """``limit``: how many failures the limit allows in its window, when there is one number."""

    def __init__(self, detail: str, retry_after_seconds: int, limit: int | None = None) -> None:
        super().__init__(detail)
        self.retry_after_seconds = retry_after_seconds
        self.limit = limit


class SecretShownOnce(Conflict):
    """A retry of a request whose answer carried a secret: the secret is not shown again.

    ``created``: where the first request's effect is (a token to revoke if the secret was lost).
    """

    def __init__(self, detail: str, created: str | None) -> None:
        super().__init__(detail)
        self.created = created


class ApprovalExceeded(Forbidden):
    """A change made by a manager's approval comes to more than the amount approved."""


class OtherLocation(Forbidden):
    """A device, or a PIN session on it, reaching for another location's records."""


class CsrfFailed(Forbidden):
    """A change sent with the session cookie but without the page's CSRF token, or from
    another origin."""


# An error's answer over HTTP: (status, code).
Answer = tuple[int, str]
Answers = Mapping[type[DomainError], Answer]

_DECLARED: dict[type[DomainError], Answer] = {}


def declare_answers(answers: Answers) -> Answers:
    """Declares each error class's answer; a class without one answers as its nearest base that
    has one. Called as the module defining the classes is imported, so the answers are known
    before any route lists them (``problem_responses(...)`` runs as its route is declared)."""
    for error_class, answer in answers.items():
        if _DECLARED.setdefault(error_class, answer) != answer:
            raise ValueError(f"{error_class.__qualname__} already answers {_DECLARED[error_class]}")
    return answers


def declared_answer(error_class: type[DomainError]) -> Answer | None:
    """The answer declared for this very class, None when it takes its base's."""
    return _DECLARED.get(error_class)


# What any route that checks a permission may answer beyond the kit's own refusals, in the order
# its OpenAPI lists them: the errors of the feature whose check runs there (access's approvals).
_CHECKED_ROUTE_ERRORS: list[type[DomainError]] = []


def declare_checked_route_errors(*error_classes: type[DomainError]) -> None:
    """Declares errors any permission-checked route may answer. Called as the module defining
    them is imported, before any such route is declared: kit/http/routing.py lists them as the
    route is declared, and refuses to start with a route declared before they were."""
    for error_class in error_classes:
        if error_class not in _CHECKED_ROUTE_ERRORS:
            _CHECKED_ROUTE_ERRORS.append(error_class)


def checked_route_errors() -> tuple[type[DomainError], ...]:
    """The errors ``declare_checked_route_errors`` has declared so far."""
    return tuple(_CHECKED_ROUTE_ERRORS)


ERRORS = declare_answers(
    {
        NotFound: (404, "not_found"),
        InvalidInput: (422, "validation_failed"),
        Conflict: (409, "conflict"),
        StaleVersion: (412, "stale_version"),
        InvalidPrecondition: (400, "invalid_precondition"),
        IdempotencyKeyReused: (422, "idempotency_key_reused"),
        IdempotencyKeyInUse: (409, "idempotency_key_in_use"),
        Unauthenticated: (401, "unauthorized"),
        InvalidTicket: (401, "invalid_ticket"),
        Forbidden: (403, "forbidden"),
        InsufficientScope: (403, "insufficient_scope"),
        TooManyFailedAttempts: (429, "too_many_failed_authentications"),
        SecretShownOnce: (409, "secret_shown_once"),
        ApprovalExceeded: (403, "approval_exceeded"),
        OtherLocation: (403, "other_location"),
        CsrfFailed: (403, "csrf_failed"),
    }
)
