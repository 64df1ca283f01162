"""Access's errors and their answers (docs/design.md §2): PINs, passwords, the first run,
pairing by code, a manager's approval. The errors of authentication and roles are the kit's, and
so is an approval's amount (kit/access.py checks it); the approval errors any permission-checked
route may answer are declared to the kit here (``declare_checked_route_errors``)."""

from __future__ import annotations

from brigade.kit.errors import (
    Conflict,
    DomainError,
    Forbidden,
    InvalidInput,
    TooManyFailedAttempts,
    Unauthenticated,
    declare_answers,
    declare_checked_route_errors,
)


class WrongPin(Unauthenticated):
    """A staff member's PIN did not match (or they have none): counted towards their lock-out."""


class PinLocked(TooManyFailedAttempts):
    """Too many wrong PINs for one staff member: their PIN sign-in is locked for a while."""


class TrivialPin(InvalidInput):
    """A PIN anyone would try first (1234, 0000, a year): refused when it is set."""


class TooManyWrongPins(TooManyFailedAttempts):
    """Too many wrong PINs from one device or address, whoever they were typed for."""


class LoginTaken(Conflict):
    """Another staff member signs in with this name (case does not matter)."""


class WeakPassword(InvalidInput):
    """A password of one or two characters repeated: refused when it is set."""


class WrongPassword(Unauthenticated):
    """The sign-in name is unknown, has no password, or the password did not match: one answer
    for all, so it never tells whether a name exists."""


class TooManySignInAttempts(TooManyFailedAttempts):
    """Too many wrong passwords for one sign-in name: its sign-in is locked for a while."""


class NotBackOffice(Forbidden):
    """A role below MANAGER opening a back-office session."""


class SetupDone(Forbidden):
    """The first run is over: someone already signs in with a password."""


class WrongSetupToken(Unauthenticated):
    """The setup token is not the one the server printed at its last start."""


class ApprovalInvalid(Forbidden):
    """A manager's approval that is unknown, expired, used, someone else's, or for another
    action or resource than the request's."""


class NotApprovable(Forbidden):
    """An approval asked for, or sent with, what no approval can cover (staff, tokens,
    devices, printers, webhooks, the catalogue, roles): the person's own sign-in is needed."""


class PairingCodeNotFound(DomainError):
    """A code or claim that is unknown, or a code past its life: one answer for both, so
    typing codes tells nothing about which exist."""


class PairingCodeUsed(Conflict):
    """A code a manager already approved."""


class PairingCodeClaimed(DomainError):
    """A claim whose token was already handed over: it is not handed over again."""


class PairingCodeExpired(DomainError):
    """A claim whose code ran out before it was approved, or whose token was never collected."""


class TooManyPairingCodes(TooManyFailedAttempts):
    """Too many codes asked for from one client address within a code's life."""


ERRORS = declare_answers(
    {
        WrongPin: (401, "wrong_pin"),
        PinLocked: (429, "pin_locked"),
        TrivialPin: (422, "trivial_pin"),
        TooManyWrongPins: (429, "too_many_wrong_pins"),
        LoginTaken: (409, "login_taken"),
        WeakPassword: (422, "weak_password"),
        WrongPassword: (401, "wrong_password"),
        TooManySignInAttempts: (429, "too_many_attempts"),
        NotBackOffice: (403, "not_back_office"),
        SetupDone: (403, "setup_done"),
        WrongSetupToken: (401, "wrong_setup_token"),
        PairingCodeNotFound: (404, "pairing_code_not_found"),
        PairingCodeUsed: (409, "pairing_code_used"),
        PairingCodeClaimed: (410, "pairing_code_used"),
        PairingCodeExpired: (410, "pairing_code_expired"),
        TooManyPairingCodes: (429, "too_many_pairing_codes"),
        ApprovalInvalid: (403, "approval_invalid"),
        NotApprovable: (403, "not_approvable"),
    }
)
# Any request that checks a permission may carry a manager's approval (Brigade-Approval: the
# kit's check hands it to access's authenticator, which raises these): any such route may answer
# them.
declare_checked_route_errors(ApprovalInvalid, NotApprovable)
