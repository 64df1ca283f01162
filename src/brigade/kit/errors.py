"""Domain errors. They carry a message and facts, never an HTTP status: kit/http/errors.py maps
them."""

from __future__ import annotations

from decimal import Decimal


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


class PrinterTargetRefused(InvalidInput):
    """A printer pointed outside the restaurant's network or at a port no printer uses."""


class ModifierSelectionInvalid(InvalidInput):
    """The modifiers chosen break one of the product's modifier groups (``field`` names it)."""


class VariantRequired(InvalidInput):
    """The product has variants: the item must name one of them."""


class Conflict(DomainError):
    """The request conflicts with the current state of a resource (a 409)."""


class DuplicateSku(Conflict):
    pass


class DuplicateBarcode(Conflict):
    pass


class DuplicateTaxRateName(Conflict):
    """A live tax rate of the location already has the name."""


class DuplicateServiceChargeName(Conflict):
    """A live service charge of the location already has the name."""


class CategoryCycle(Conflict):
    pass


class CategoryInUse(Conflict):
    pass


class ModifierGroupInUse(Conflict):
    pass


class StockNotTracked(Conflict):
    pass


class InsufficientStock(Conflict):
    pass


class OrderClosed(Conflict):
    pass


class ProductUnavailable(Conflict):
    pass


class InvalidTransition(Conflict):
    pass


class NothingToSend(Conflict):
    pass


class Overpayment(Conflict):
    def __init__(self, detail: str, balance_due: Decimal) -> None:
        super().__init__(detail)
        self.balance_due = balance_due


class BalanceDue(Conflict):
    def __init__(self, detail: str, balance_due: Decimal) -> None:
        super().__init__(detail)
        self.balance_due = balance_due


class DiscountTooLarge(Conflict):
    pass


class ItemNotEditable(Conflict):
    pass


class TooManyItems(Conflict):
    pass


class ItemAlreadySent(Conflict):
    """More of a sent item: the kitchen works from its ticket, so it goes on a new line."""


class RefundExceedsPaid(Conflict):
    """A refund of more than was paid less what was already refunded (of the order, or of the
    payment it goes back to)."""

    def __init__(self, detail: str, refundable_amount: Decimal, refundable_tip: Decimal) -> None:
        super().__init__(detail)
        self.refundable_amount = refundable_amount
        self.refundable_tip = refundable_tip


class CheckHasPayments(Conflict):
    """Only an unpaid check is split: its payments would belong to no one check."""


class WouldOverpay(Conflict):
    """Moving lines off a check would leave its payments above what it comes to."""


class TipNotAdjustable(Conflict):
    """Only a card payment's tip is adjusted (a cash tip is in the drawer already)."""


class ServiceChargeApplied(Conflict):
    """The service charge already applies to the order."""


class BusinessDayClosed(Conflict):
    """The payment was taken on a business day that has ended: its tips are settled."""


class DrawerAlreadyOpen(Conflict):
    """The device (or, device-less, the location) already has an open cash drawer."""


class DrawerClosed(Conflict):
    """The cash drawer is closed: nothing more goes in or out, it is not closed twice."""


class NoOpenDrawer(NotFound):
    """The caller's device has no open cash drawer."""

    def __init__(self, device_id: object) -> None:
        super().__init__("open cash drawer of device", device_id)


class AlreadyClockedIn(Conflict):
    """The staff member already has an open shift."""


class NotClockedIn(Conflict):
    """The staff member has no open shift to clock out of."""


class DayClosed(Conflict):
    """The sale is in a closed Z (docs/design.md §18): its figures are final."""


class OpenChecks(Conflict):
    """A Z asked for while checks are still open; ``open_checks``: (id, number, table name)."""

    def __init__(self, detail: str, open_checks: list[dict[str, object]]) -> None:
        super().__init__(detail)
        self.open_checks = open_checks


class IdInUse(Conflict):
    """An id the client chose already names something made by another request."""


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


class TipNeedsApproval(Forbidden):
    """A tip this large needs a role above the caller's."""


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


# The dining room (docs/design.md §10).


class DuplicateTableName(Conflict):
    pass


class TableOccupied(Conflict):
    """A table with a DRAFT or OPEN order on it can't be deleted."""


class WrongPin(Unauthenticated):
    """A staff member's PIN did not match (or they have none): counted towards their lock-out."""


class PinLocked(TooManyFailedAttempts):
    """Too many wrong PINs for one staff member: their PIN sign-in is locked for a while."""


class ApprovalInvalid(Forbidden):
    """A manager's approval that is unknown, expired, used, someone else's, or for another
    action or resource than the request's."""


class ApprovalExceeded(Forbidden):
    """A change made by a manager's approval comes to more than the amount approved."""


class OtherLocation(Forbidden):
    """A device, or a PIN session on it, reaching for another location's records."""


class NotApprovable(Forbidden):
    """An approval asked for, or sent with, what no approval can cover (staff, tokens,
    devices, printers, webhooks, the catalogue, roles): the person's own sign-in is needed."""


class TrivialPin(InvalidInput):
    """A PIN anyone would try first (1234, 0000, a year): refused when it is set."""


class TooManyWrongPins(TooManyFailedAttempts):
    """Too many wrong PINs from one device or address, whoever they were typed for."""


# The back office's sign-in and the first run (docs/design.md §7, §22).


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


class CsrfFailed(Forbidden):
    """A change sent with the session cookie but without the page's CSRF token, or from
    another origin."""


class SetupDone(Forbidden):
    """The first run is over: someone already signs in with a password."""


class WrongSetupToken(Unauthenticated):
    """The setup token is not the one the server printed at its last start."""


class EventsExpired(DomainError):
    """The cursor points before what is kept: the client must reload its state."""

    def __init__(self, after: int, swept_through: int) -> None:
        super().__init__(
            f"Events up to {swept_through} are no longer kept (after={after}); "
            "reload the state and read from the latest event."
        )


# Pairing a device by a short code (docs/design.md §23).


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
