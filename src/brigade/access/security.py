"""Bearer-token authentication and the permission every route declares.

A route says what it needs with a parameter typed by one of the aliases below
(``staff: OrderTaker``). The route class authenticates the request before anything
else runs (so the idempotency key knows its caller); the alias checks the permission
and hands the handler the acting staff member. OpenAPI shows the bearer scheme.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.exc import SQLAlchemyError

from brigade.access.domain.staff import (
    AUTH_OFF,
    Actor,
    ApprovalAction,
    Permission,
    TokenOwner,
    who_may,
)
from brigade.access.service import staff as access
from brigade.dining.service import terminals
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.settings import Settings

log = logging.getLogger("brigade.security")

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

    def __init__(self, permission: Permission, approves: ApprovalAction | None = None) -> None:
        self.permission = permission
        self.approves = approves

    async def __call__(
        self,
        request: Request,
        # Declares the scheme on the operation; the route class has already read the header.
        _credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
    ) -> Actor:
        actor: Actor = request.state.actor
        approval = request.headers.get(terminals.APPROVAL_HEADER)
        if approval is not None:
            # Here, inside the endpoint's run: an idempotent replay does not spend it again.
            actor = await terminals.apply_approval(
                request.state.uow,
                actor,
                approval,
                writes=request.method != "GET",
                action=self.approves,
                path_ids=request.path_params,
            )
        actor.ensure(self.permission)
        return actor


def _allowed(permission: Permission, approves: ApprovalAction | None = None) -> Any:
    return Depends(PermissionCheck(permission, approves))


Reader = Annotated[Actor, _allowed(Permission.READ)]
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
# Receipts show payments with their card's last four: never the kitchen's (design.md §7).
ReceiptReader = Annotated[Actor, _allowed(Permission.SEE_PAYMENT_DETAILS)]
PaymentsReader = Annotated[Actor, _allowed(Permission.READ_PAYMENTS)]
CatalogueEditor = Annotated[Actor, _allowed(Permission.EDIT_CATALOGUE)]
StockKeeper = Annotated[Actor, _allowed(Permission.ADJUST_STOCK)]
AuditReader = Annotated[Actor, _allowed(Permission.READ_AUDIT)]
ReportReader = Annotated[Actor, _allowed(Permission.READ_REPORTS)]
StaffAdmin = Annotated[Actor, _allowed(Permission.MANAGE_STAFF)]
WebhookAdmin = Annotated[Actor, _allowed(Permission.MANAGE_WEBHOOKS)]
# The dining room (docs/design.md §10).
MenuReader = Annotated[Actor, _allowed(Permission.READ_MENU)]
DirectoryReader = Annotated[Actor, _allowed(Permission.READ_STAFF_DIRECTORY)]
PinSetter = Annotated[Actor, _allowed(Permission.SET_OWN_PIN)]
SignedInStaff = Annotated[Actor, _allowed(Permission.SIGN_OUT)]
ApprovalSeeker = Annotated[Actor, _allowed(Permission.REQUEST_APPROVAL)]
DiningRoomManager = Annotated[Actor, _allowed(Permission.MANAGE_DINING_ROOM)]
LocationAdmin = Annotated[Actor, _allowed(Permission.SET_UP_LOCATIONS)]
Terminal = Annotated[Actor, _allowed(Permission.SIGN_IN_WITH_PIN)]


def describe(permission: Permission) -> str:
    return f"{who_may(permission)} ({permission.value})."


def _presented_token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


async def authenticate(uow: UnitOfWork, request: Request) -> TokenOwner:
    settings: Settings = request.app.state.settings
    if settings.auth == "off":
        return TokenOwner(AUTH_OFF, last_used_at=None)
    admin = settings.admin_token.get_secret_value() if settings.admin_token else None
    return await access.authenticate(uow, _presented_token(request), admin_token=admin)


def client_address(request: Request) -> str:
    """The peer's address: uvicorn puts a proxy's X-Forwarded-For there only for the proxies
    in BRIGADE_FORWARDED_ALLOW_IPS (serving.py), so a client cannot choose its own."""
    return (request.client.host if request.client else "unknown")[:64]


async def count_failed_attempt(database: Database, request: Request) -> None:
    """In its own transaction: the request's own is rolled back by the failure. An address this
    worker already knows to be over the limit is refused without a database write."""
    settings: Settings = request.app.state.settings
    over_limit: access.OverLimitAddresses = request.app.state.over_limit_addresses
    client = client_address(request)
    limit = settings.auth_failures_per_minute
    too_many = over_limit.refusal(client, limit)
    if too_many is None:
        async with database.unit_of_work(write=True) as uow:
            too_many = await access.count_failed_attempt(
                uow, client, limit=limit, over_limit=over_limit
            )
    if too_many is not None:
        raise too_many


async def touch(database: Database, owner: TokenOwner) -> None:
    """Refresh the token's last-used time, at most once a minute, after the request's work.

    Bookkeeping: if it fails, the request it follows has still succeeded.
    """
    token_id = access.token_to_touch(owner)
    if token_id is None:
        return
    try:
        async with database.unit_of_work(write=True) as uow:
            await access.touch_token(uow, token_id)
    except (OSError, SQLAlchemyError):
        log.warning("could not record the use of token %s", token_id, exc_info=True)
