"""Staff PINs, the terminal's staff picker, PIN sessions and managers' on-the-spot approvals.

A terminal (its device token) lists who can sign in and signs them in with their PIN; the
session token it gets acts as that staff member. A wrong PIN is counted, so its 401 (or the
429 of a lock-out) is returned rather than raised: the count must commit.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field

from brigade.access.allowed import (
    ApprovalSeeker,
    DirectoryReader,
    PinSetter,
    SelfReader,
    SignedInStaff,
    Terminal,
)
from brigade.access.domain.approvals import APPROVED_UP_TO, ApprovalAction
from brigade.access.domain.errors import (
    ApprovalInvalid,
    NotApprovable,
    PinLocked,
    TooManyWrongPins,
    TrivialPin,
    WrongPin,
)
from brigade.access.domain.terminals import PIN_PATTERN, DirectoryEntry, PinHolder
from brigade.access.service import staff as staff_service
from brigade.access.service import terminals as service
from brigade.kit import money
from brigade.kit.access import Role
from brigade.kit.errors import Forbidden, NotFound, OtherLocation
from brigade.kit.http.deps import PaginationDep, UowDep, client_address
from brigade.kit.http.errors import problem_for, problem_responses
from brigade.kit.http.located import OWN, ensure_named_within, located
from brigade.kit.http.paths import StaffId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import Page
from brigade.kit.http.types import Money, MoneyIn, RequestModel, ResponseModel, Timestamp
from brigade.kit.languages import Language
from brigade.settings import Settings

staff_pin_router = brigade_router(prefix="/api/staff", tags=["staff"])
session_router = brigade_router(prefix="/api/sessions", tags=["sessions"])
approval_router = brigade_router(prefix="/api/approvals", tags=["sessions"])

Pin = Annotated[str, Field(pattern=PIN_PATTERN, description="4 to 8 digits")]


class PinChange(RequestModel):
    pin: Pin


class PinCheck(RequestModel):
    """Whose PIN is typed in, and the PIN."""

    staff_id: UUID = Field(
        description="Whose PIN it is: a staff member of the terminal's location directory"
    )
    pin: Pin


class ApprovedResource(RequestModel):
    """The one resource an approval is for: the order, and the item, payment or service charge
    its action names (`item.void`, `item.partial_void`: `itemId`; `payment.tip_adjust`:
    `paymentId`; `order.service_charge_waive`: `serviceChargeId`); or, for
    `cash_drawer.movement` and `cash_drawer.close`, the cash drawer (`drawerId`); for
    `device.unpair`, the asking device itself (`deviceId`). An id the action names left out
    is 403 `approval_invalid`."""

    order_id: UUID | None = Field(
        default=None, description="The order the action is on; null: none"
    )
    drawer_id: UUID | None = Field(
        default=None,
        description=(
            "The cash drawer, for `cash_drawer.movement` and `cash_drawer.close`; null otherwise"
        ),
    )
    device_id: UUID | None = Field(
        default=None, description="The asking device itself, for `device.unpair`; null otherwise"
    )
    item_id: UUID | None = Field(
        default=None,
        description="The order's item, for `item.void` and `item.partial_void`; null otherwise",
    )
    payment_id: UUID | None = Field(
        default=None, description="The order's payment, for `payment.tip_adjust`; null otherwise"
    )
    service_charge_id: UUID | None = Field(
        default=None,
        description="The order's service charge, for `order.service_charge_waive`; null otherwise",
    )


class ApprovalAsk(PinCheck):
    """The manager's PIN, and the one action on the one resource it approves."""

    action: str = Field(
        max_length=40,
        description="One of: " + ", ".join(f"`{action}`" for action in ApprovalAction) + ". "
        "Anything else (staff, tokens, devices but unpairing one's own, printers, webhooks, "
        "the catalogue and prices, "
        "roles) is 403 `not_approvable`: it takes the person's own sign-in.",
    )
    resource: ApprovedResource = Field(description="The one resource the action is approved on")
    amount: MoneyIn | None = Field(
        default=None,
        description="The most the approved change may come to, required for an action that "
        "moves money: "
        + "; ".join(f"`{action}`: {covers}" for action, covers in APPROVED_UP_TO.items())
        + ". A change above it is 403 `approval_exceeded` and leaves the approval unused. "
        "Null for every other action (422 otherwise).",
    )


class StaffCard(ResponseModel):
    """What a terminal may know of a staff member."""

    id: UUID = Field(description="The staff member's id")
    name: str = Field(description="Their name, as the sign-in screen shows it")
    role: Role = Field(description="Their role: what they may do once signed in")


class DirectoryPage(Page[StaffCard]):
    language: Language = Field(
        description="The language the sign-in screen shows: the terminal's location's (a "
        "freshly paired terminal knows it before anyone signs in)"
    )


class Caller(ResponseModel):
    """Who a request acts as: what a screen signed in with a pasted token shows and checks."""

    staff_id: UUID | None = Field(description="null for the bootstrap admin and a kitchen display")
    name: str = Field(
        description="The staff member's name; a kitchen display's device name; the bootstrap "
        "admin's `bootstrap admin (BRIGADE_ADMIN_TOKEN)`"
    )
    role: Role = Field(description="The role the request acts with")
    location_id: UUID | None = Field(description="a device's or PIN session's location")
    language: Language = Field(
        description="The language its screens show: the staff member's own, else the "
        "location's (a device's or PIN session's), else en"
    )


class PinSet(ResponseModel):
    staff_id: UUID = Field(description="Whose PIN was set")
    has_pin: bool = Field(description="Whether they now have a PIN: true")


class NewSession(ResponseModel):
    token: str = Field(
        description=(
            "The session token: send it as `Authorization: Bearer` to act as the "
            "staff member at this terminal's location"
        )
    )
    expires_at: Timestamp = Field(description="When the session ends by itself, in UTC")
    staff: StaffCard = Field(description="Who is signed in")
    language: Language = Field(
        description="The language the terminal shows them: their own, else the location's"
    )


class NewApproval(ResponseModel):
    token: str = Field(
        description=(
            "The approval: send it as the `Brigade-Approval` header with that very change, once"
        )
    )
    expires_at: Timestamp = Field(
        description="When it lapses unused (60 s after it was given), in UTC"
    )
    approver: StaffCard = Field(description="The manager who approved")
    action: ApprovalAction = Field(description="The one action approved")
    resource: str = Field(description="What it approves, e.g. `order_id=…/item_id=…`")
    amount: Money | None = Field(
        description="The most the approved change may come to; null: the action moves no money"
    )


class SignedOut(ResponseModel):
    success: bool = Field(description="Always true")
    message: str = Field(description="Who was signed out, for a person")


def _card(staff: DirectoryEntry | PinHolder) -> StaffCard:
    if isinstance(staff, PinHolder):
        return StaffCard(id=staff.staff_id, name=staff.name, role=staff.role)
    return StaffCard(id=staff.id, name=staff.name, role=staff.role)


def _holds_a_secret(response: Response) -> None:
    response.headers["Cache-Control"] = "no-store"


# Declared before the staff router's GET /{staffId}, which would take "directory" for an id.
@staff_pin_router.get("/directory", response_model=DirectoryPage, responses=problem_responses())
@located(OWN)
async def staff_directory(
    staff: DirectoryReader, uow: UowDep, pagination: PaginationDep
) -> DirectoryPage:
    """Active staff who have a PIN, by name: a terminal's staff picker, and the language it
    shows them in."""
    found, total = await service.staff_directory(uow, page=pagination.page, limit=pagination.limit)
    language = await staff_service.screen_language(uow, None, staff.location_id)
    page = pagination.page_of([_card(entry) for entry in found], total)
    return DirectoryPage(**page, language=language)


@staff_pin_router.get("/me", response_model=Caller, responses=problem_responses())
@located(OWN)
async def who_am_i(caller: SelfReader, uow: UowDep) -> Caller:
    """The staff member (and role) this request's token acts as, and the language its screens
    show; the back office asks it once at sign-in to refuse a role below MANAGER in words. A
    terminal alone is no one: 403."""
    return Caller(
        staff_id=caller.staff_id,
        name=caller.name,
        role=caller.role,
        location_id=caller.location_id,
        language=await staff_service.screen_language(uow, caller.staff_id, caller.location_id),
    )


@staff_pin_router.put(
    "/{staffId}/pin",
    response_model=PinSet,
    responses=problem_responses(NotFound, Forbidden, TrivialPin),
)
@located(OWN)
async def set_pin(staff: PinSetter, staff_id: StaffId, body: PinChange, uow: UowDep) -> PinSet:
    """Anyone sets their own PIN; an ADMIN sets anyone's. Stored only as a slow salted hash. A
    PIN anyone would try first (one digit repeated, a run such as 1234 or 2468, a repeated
    pair, a keypad column, a year 1900 to 2099) is 422 `trivial_pin`."""
    await service.set_pin(uow, staff, staff_id, body.pin)
    return PinSet(staff_id=staff_id, has_pin=True)


@session_router.post(
    "",
    status_code=201,
    response_model=NewSession,
    responses=problem_responses(WrongPin, PinLocked, TooManyWrongPins),
)
@located(OWN)
async def sign_in(
    terminal: Terminal, body: PinCheck, uow: UowDep, request: Request, response: Response
) -> NewSession | Response:
    """Sign a staff member in on this terminal with their PIN. The session token acts as them,
    at the terminal's location, until it expires or `DELETE /api/sessions/current`. Five wrong
    PINs for one person from one client address within 5 minutes lock their PIN sign-in from
    there for 5 minutes (429 `pin_locked`); past BRIGADE_PIN_FAILURES_PER_DEVICE wrong PINs
    from this device, or _PER_ADDRESS from its address, whoever they were for, every PIN is
    429 `too_many_wrong_pins` until the window ends (both with `Retry-After`)."""
    settings: Settings = request.app.state.settings
    typed = await service.check_typed_pin(request.app.state.database, body.staff_id, body.pin)
    outcome = await service.sign_in(
        uow,
        terminal,
        typed,
        address=client_address(request),
        limits=pin_limits(settings),
        hours=settings.session_hours,
    )
    if not isinstance(outcome, service.SignIn):
        return problem_for(outcome)
    response.headers["Location"] = "/api/sessions/current"
    _holds_a_secret(response)
    language = await staff_service.screen_language(
        uow, outcome.staff.staff_id, terminal.location_id
    )
    return NewSession(
        token=outcome.token,
        expires_at=outcome.session.expires_at,
        staff=_card(outcome.staff),
        language=language,
    )


@session_router.delete("/current", response_model=SignedOut, responses=problem_responses(NotFound))
@located(OWN)
async def sign_out(staff: SignedInStaff, uow: UowDep) -> SignedOut:
    """End the PIN session this request is made with (404 for any other credential)."""
    await service.sign_out(uow, staff)
    return SignedOut(success=True, message=f"{staff.name} signed out")


@approval_router.post(
    "",
    status_code=201,
    response_model=NewApproval,
    responses=problem_responses(
        WrongPin,
        PinLocked,
        TooManyWrongPins,
        Forbidden,
        NotApprovable,
        ApprovalInvalid,
        NotFound,
        OtherLocation,
    ),
)
@located(OWN)
async def request_approval(
    staff: ApprovalSeeker, body: ApprovalAsk, uow: UowDep, request: Request, response: Response
) -> NewApproval | Response:
    """A manager authorises one action on one resource on the spot by typing their PIN,
    without signing the server out: send the answer's token as the `Brigade-Approval` header
    with that very change (within 60 s, once). It is accepted only by the route of that action
    on that resource (else 403 `approval_invalid`), and by none that manages staff, tokens,
    devices, printers, webhooks or the catalogue (403 `not_approvable`). That request acts
    with the manager's role, and its audit entry names both the server and the approving
    manager. Wrong PINs count as a sign-in's do. The resource must exist (404 `not_found`)
    and be at the asker's location (403 `other_location`).

    Requires the SERVER role or above for every action but `device.unpair`: any device may ask
    a manager to approve its own unpairing (on its own `deviceId`, docs/design.md §23)."""
    settings: Settings = request.app.state.settings
    asked = service.ApprovalRequest(
        body.action,
        {
            "order_id": body.resource.order_id,
            "item_id": body.resource.item_id,
            "payment_id": body.resource.payment_id,
            "service_charge_id": body.resource.service_charge_id,
            "drawer_id": body.resource.drawer_id,
            "device_id": body.resource.device_id,
        },
        body.amount,
    )
    typed = await service.check_typed_pin(request.app.state.database, body.staff_id, body.pin)
    resource = body.resource
    named = {
        "orderId": resource.order_id,
        "drawerId": resource.drawer_id,
        "deviceId": resource.device_id,
    }
    outcome = await service.request_approval(
        uow,
        staff,
        typed,
        asked,
        address=client_address(request),
        limits=pin_limits(settings),
        resource_check=lambda: ensure_named_within(uow, staff, named),
    )
    if not isinstance(outcome, service.Granted):
        return problem_for(outcome)
    _holds_a_secret(response)
    return NewApproval(
        token=outcome.token,
        expires_at=outcome.approval.expires_at,
        approver=_card(outcome.approver),
        action=ApprovalAction(outcome.approval.action),
        resource=outcome.approval.resource,
        amount=(
            None
            if outcome.approval.amount_cents is None
            else money.from_cents(outcome.approval.amount_cents)
        ),
    )


def pin_limits(settings: Settings) -> service.PinLimits:
    return service.PinLimits(
        per_device=settings.pin_failures_per_device,
        per_address=settings.pin_failures_per_address,
        window=timedelta(seconds=settings.pin_failure_window_seconds),
    )
