"""The permission every route declares, and who authenticates a request.

A route says what it needs with a parameter typed by one of the aliases below
(``staff: OrderTaker``). The route class (routing.py) authenticates the request before anything
else runs (so the idempotency key knows its caller), through the application's
``Authenticator`` (the access feature's, access/security.py, installed by app.py); the alias
checks the permission, applies a manager's approval, and hands the handler the acting staff
member. OpenAPI shows the bearer scheme.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Protocol

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from brigade.kit.access import (
    Actor,
    ApprovalAction,
    Permission,
    Scope,
    TokenOwner,
    scopes_granting,
    who_may,
)
from brigade.kit.db.engine import Database, UnitOfWork

# A manager's one-shot approval of one action on someone else's session (docs/design.md §10).
APPROVAL_HEADER = "Brigade-Approval"
# The query parameter that carries a one-use stream ticket, on the routes that take one.
TICKET_PARAMETER = "ticket"


class Authenticator(Protocol):
    """Who a request's credentials are, and the bookkeeping around them."""

    async def authenticate(
        self, uow: UnitOfWork, request: Request, *, ticket: bool = False
    ) -> TokenOwner:
        """``ticket``: the route takes a one-use stream ticket in its query (the event stream
        alone, docs/design.md §8); one sent there is the credential, spent on first use."""
        ...

    async def issue_stream_ticket(self, request: Request, actor: Actor) -> tuple[str, datetime]:
        """A new one-use ticket standing for the request's credential, and when it expires."""
        ...

    async def count_failed_attempt(self, database: Database, request: Request) -> None: ...

    async def touch(self, database: Database, owner: TokenOwner) -> None: ...

    async def apply_approval(
        self, request: Request, actor: Actor, presented: str, action: ApprovalAction | None
    ) -> Actor:
        """``actor`` with the approving manager's role for this one request, if ``presented``
        (the approval header) covers ``action`` (the route's) on the resource its path names."""
        ...


def authenticator(request: Request) -> Authenticator:
    found: Authenticator = request.app.state.authenticator
    return found


bearer = HTTPBearer(
    auto_error=False,
    scheme_name="staffToken",
    description="A staff token: `brigade token create --role ROLE --name NAME`, "
    "POST /api/tokens, or BRIGADE_ADMIN_TOKEN; a device token (POST /api/devices) or a PIN "
    "session token (POST /api/sessions).",
)


class PermissionCheck:
    """The dependency behind each alias: the request's actor, if their role allows it.

    ``approves``: the one action a manager's approval (``Brigade-Approval``) may cover on this
    route, on the resource its path names; a route without one refuses any approval (403
    ``not_approvable``), so staff, tokens, devices, printers, webhooks and the catalogue always
    take the person's own sign-in.
    """

    def __init__(
        self,
        permission: Permission,
        approves: ApprovalAction | None = None,
        *,
        takes_ticket: bool = False,
    ) -> None:
        self.permission = permission
        self.approves = approves
        self.takes_ticket = takes_ticket

    async def __call__(
        self,
        request: Request,
        # Declares the scheme on the operation; the route class has already read the header.
        _credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
    ) -> Actor:
        actor: Actor = request.state.actor
        approval = request.headers.get(APPROVAL_HEADER)
        if approval is not None:
            # Here, inside the endpoint's run: an idempotent replay does not spend it again.
            actor = await authenticator(request).apply_approval(
                request, actor, approval, self.approves
            )
        actor.ensure(self.permission)
        return actor


def _allowed(permission: Permission, approves: ApprovalAction | None = None) -> Any:
    return Depends(PermissionCheck(permission, approves))


Reader = Annotated[Actor, _allowed(Permission.READ)]
SelfReader = Annotated[Actor, _allowed(Permission.IDENTIFY_SELF)]
EventReader = Annotated[Actor, _allowed(Permission.READ_EVENTS)]
# The event stream: a browser's EventSource sends no header, so a one-use ticket may stand in.
EventFollower = Annotated[
    Actor, Depends(PermissionCheck(Permission.READ_EVENTS, takes_ticket=True))
]
DeviceReader = Annotated[Actor, _allowed(Permission.READ_OWN_DEVICE)]
PickupBoardReader = Annotated[Actor, _allowed(Permission.READ_PICKUP_BOARD)]
ItemStatusSetter = Annotated[Actor, _allowed(Permission.SET_ITEM_STATUS)]
Marker86 = Annotated[Actor, _allowed(Permission.MARK_86)]
OrderTaker = Annotated[Actor, _allowed(Permission.TAKE_ORDERS)]
# What a manager's approval may cover, each on the resource its route's path names.
ItemVoider = Annotated[Actor, _allowed(Permission.TAKE_ORDERS, ApprovalAction.ITEM_VOID)]
ItemChanger = Annotated[
    Actor, _allowed(Permission.SET_ITEM_STATUS, ApprovalAction.ITEM_PARTIAL_VOID)
]
OrderCanceller = Annotated[Actor, _allowed(Permission.TAKE_ORDERS, ApprovalAction.ORDER_CANCEL)]
Payer = Annotated[Actor, _allowed(Permission.TAKE_ORDERS, ApprovalAction.PAYMENT_LARGE_TIP)]
TipAdjuster = Annotated[Actor, _allowed(Permission.TAKE_ORDERS, ApprovalAction.PAYMENT_TIP_ADJUST)]
Discounter = Annotated[Actor, _allowed(Permission.DISCOUNT, ApprovalAction.ORDER_DISCOUNT)]
Refunder = Annotated[Actor, _allowed(Permission.REFUND, ApprovalAction.ORDER_REFUND)]
Reopener = Annotated[Actor, _allowed(Permission.REOPEN, ApprovalAction.ORDER_REOPEN)]
# Takes a server's charge off; an automatic one takes a manager (the aggregate checks).
ChargeRemover = Annotated[
    Actor, _allowed(Permission.TAKE_ORDERS, ApprovalAction.SERVICE_CHARGE_WAIVE)
]
# Receipts show payments with their card's last four: never the kitchen's (design.md §7).
ReceiptReader = Annotated[Actor, _allowed(Permission.SEE_PAYMENT_DETAILS)]
PaymentsReader = Annotated[Actor, _allowed(Permission.READ_PAYMENTS)]
CatalogueEditor = Annotated[Actor, _allowed(Permission.EDIT_CATALOGUE)]
PriceSetter = Annotated[Actor, _allowed(Permission.SET_PRICES)]
StockKeeper = Annotated[Actor, _allowed(Permission.ADJUST_STOCK)]
AuditReader = Annotated[Actor, _allowed(Permission.READ_AUDIT)]
ReportReader = Annotated[Actor, _allowed(Permission.READ_REPORTS)]
JournalReader = Annotated[Actor, _allowed(Permission.READ_JOURNAL)]
DayCloser = Annotated[Actor, _allowed(Permission.CLOSE_DAY)]
StaffAdmin = Annotated[Actor, _allowed(Permission.MANAGE_STAFF)]
WebhookAdmin = Annotated[Actor, _allowed(Permission.MANAGE_WEBHOOKS)]
# The dining room (docs/design.md §10).
MenuReader = Annotated[Actor, _allowed(Permission.READ_MENU)]
DirectoryReader = Annotated[Actor, _allowed(Permission.READ_STAFF_DIRECTORY)]
PinSetter = Annotated[Actor, _allowed(Permission.SET_OWN_PIN)]
SignedInStaff = Annotated[Actor, _allowed(Permission.SIGN_OUT)]
# Any device may ask to unpair itself; every other approval takes REQUEST_APPROVAL (the service).
ApprovalSeeker = Annotated[Actor, _allowed(Permission.ASK_TO_UNPAIR)]
# A manager's own PIN session on the device, or the device with a manager's approval.
DeviceUnpairer = Annotated[
    Actor, _allowed(Permission.UNPAIR_OWN_DEVICE, ApprovalAction.DEVICE_UNPAIR)
]
DiningRoomManager = Annotated[Actor, _allowed(Permission.MANAGE_DINING_ROOM)]
LocationAdmin = Annotated[Actor, _allowed(Permission.SET_UP_LOCATIONS)]
Terminal = Annotated[Actor, _allowed(Permission.SIGN_IN_WITH_PIN)]
# The till (docs/design.md §17).
DrawerOpener = Annotated[Actor, _allowed(Permission.OPEN_DRAWERS)]
DrawerManager = Annotated[Actor, _allowed(Permission.MANAGE_DRAWERS)]
# A server's pay-in, pay-out, no-sale and count take a manager's approval on that drawer.
DrawerMover = Annotated[
    Actor, _allowed(Permission.MANAGE_DRAWERS, ApprovalAction.CASH_DRAWER_MOVEMENT)
]
DrawerCloser = Annotated[
    Actor, _allowed(Permission.MANAGE_DRAWERS, ApprovalAction.CASH_DRAWER_CLOSE)
]
OwnDrawerReader = Annotated[Actor, _allowed(Permission.READ_OWN_DRAWER)]
ClockPuncher = Annotated[Actor, _allowed(Permission.CLOCK_IN)]
ShiftReader = Annotated[Actor, _allowed(Permission.READ_SHIFTS)]
CheckoutReader = Annotated[Actor, _allowed(Permission.READ_CHECKOUT)]


def describe(permission: Permission) -> str:
    granting = scopes_granting(permission)
    if len(granting) == len(Scope):
        scoped = "any scoped token may"
    elif granting:
        scoped = f"a scoped token needs {' or '.join(granting)}"
    else:
        scoped = "no scoped token"
    return f"{who_may(permission)} ({permission.value}); {scoped}."
