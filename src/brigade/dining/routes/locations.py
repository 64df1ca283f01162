"""Location profiles: a name, an IANA timezone and a currency for an opaque location id."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from pydantic import Field, WithJsonSchema

from brigade.access.allowed import Reader
from brigade.dining.allowed import LocationAdmin
from brigade.dining.domain.rooms import (
    DEFAULT_IDLE_SIGN_OUT_SECONDS,
    DEFAULT_TICKET_LATE_MINUTES,
    DEFAULT_TICKET_WARN_MINUTES,
    MAX_CASH_ROUNDING,
    MAX_IDLE_SIGN_OUT_SECONDS,
    MAX_TICKET_MINUTES,
    MIN_IDLE_SIGN_OUT_SECONDS,
    GuestOrdering,
    Location,
)
from brigade.dining.service import rooms as service
from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.errors import InvalidInput
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import LocationId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import Page
from brigade.kit.http.types import (
    CurrencyCode,
    Money,
    Name,
    PositiveMoneyIn,
    RequestModel,
    ResponseModel,
    Timestamp,
    TimezoneName,
    WholeNumber,
)
from brigade.kit.languages import DEFAULT_LANGUAGE, Language
from brigade.kit.money import TaxMode

router = brigade_router(prefix="/api/locations", tags=["locations"])


TicketMinutes: Any = WholeNumber(1, MAX_TICKET_MINUTES)
IdleSeconds: Any = WholeNumber(MIN_IDLE_SIGN_OUT_SECONDS, MAX_IDLE_SIGN_OUT_SECONDS)
# 0.01 to 100.00: the domain checks the upper bound (422 on cashRounding).
CashRoundingIn = Annotated[
    PositiveMoneyIn,
    WithJsonSchema(
        {"type": "number", "minimum": 0.01, "maximum": float(MAX_CASH_ROUNDING), "multipleOf": 0.01}
    ),
]


class LocationProfile(RequestModel):
    name: Name = Field(description="Its name, as screens and receipts show it (1-200 characters)")
    timezone: TimezoneName = Field(description="An IANA timezone name, e.g. Europe/Paris")
    currency: CurrencyCode = Field(
        default=DEFAULT_CURRENCY,
        description="The currency of its prices and amounts (ISO 4217); an order keeps the one "
        "it opened with",
    )
    ticket_warn_minutes: TicketMinutes = Field(
        default=DEFAULT_TICKET_WARN_MINUTES,
        description="A kitchen ticket older than this turns amber (attention)",
    )
    ticket_late_minutes: TicketMinutes = Field(
        default=DEFAULT_TICKET_LATE_MINUTES,
        description="A kitchen ticket older than this turns red (late); above ticketWarnMinutes",
    )
    tax_mode: TaxMode = Field(
        default=TaxMode.EXCLUSIVE,
        description="EXCLUSIVE: tax on top of prices; INCLUSIVE: prices include tax (VAT)",
    )
    cash_rounding: CashRoundingIn | None = Field(
        default=None,
        description="The cash rounding step in currency units (0.05 for CHF); null: none",
    )
    auto_complete: bool = Field(
        default=True,
        description="A check paid to the cent with nothing left to send completes by itself",
    )
    idle_sign_out_seconds: IdleSeconds | None = Field(
        default=DEFAULT_IDLE_SIGN_OUT_SECONDS,
        description="A terminal untouched this long signs its staff member out, after a "
        "10-second warning; null: never",
    )
    servers_open_drawers: bool = Field(
        default=True,
        description="A SERVER may open a cash drawer here; false: a MANAGER's only",
    )
    board_shows_dine_in: bool = Field(
        default=False,
        description="The guests' board (GET /api/pickup-board) shows dine-in orders too; "
        "false: takeout and delivery only",
    )
    language: Language = Field(
        default=DEFAULT_LANGUAGE,
        description="The language of its receipts, kitchen tickets and staff screens (a staff "
        "member may choose their own screens'); ar reads right to left",
    )
    guest_ordering: GuestOrdering = Field(
        default=GuestOrdering.OFF,
        description="What guests may do from their phones at its tables, through each "
        "table's QR code: OFF, MENU (browse), ORDER, ORDER_AND_PAY",
    )
    guest_orders_need_confirm: bool = Field(
        default=True,
        description="A server confirms a guests' round on the terminal before it is sent; "
        "false: sent at once",
    )


def _as_set(field: str) -> Any:
    """A profile field as answered: it means what the profile set (its defaults without one)."""
    return Field(description=LocationProfile.model_fields[field].description)


class LocationOut(ResponseModel):
    """``name`` and the timestamps are null for a location without a profile."""

    id: UUID = Field(description="The location's id")
    name: str | None = Field(
        description="Its name, as screens and receipts show it; null without a profile"
    )
    timezone: str = _as_set("timezone")
    currency: str = _as_set("currency")
    ticket_warn_minutes: int = _as_set("ticket_warn_minutes")
    ticket_late_minutes: int = _as_set("ticket_late_minutes")
    tax_mode: TaxMode = _as_set("tax_mode")
    cash_rounding: Money | None = _as_set("cash_rounding")
    auto_complete: bool = _as_set("auto_complete")
    idle_sign_out_seconds: int | None = _as_set("idle_sign_out_seconds")
    servers_open_drawers: bool = _as_set("servers_open_drawers")
    board_shows_dine_in: bool = _as_set("board_shows_dine_in")
    language: Language = _as_set("language")
    guest_ordering: GuestOrdering = _as_set("guest_ordering")
    guest_orders_need_confirm: bool = _as_set("guest_orders_need_confirm")
    created_at: Timestamp | None = Field(
        description="When its profile was first set, in UTC; null without a profile"
    )
    updated_at: Timestamp | None = Field(
        description="When its profile last changed, in UTC; null without a profile"
    )


class LocationPage(Page[LocationOut]):
    pass


def _out(location: Location) -> LocationOut:
    return LocationOut.model_validate(location, from_attributes=True)


@router.get("", response_model=LocationPage, responses=problem_responses())
@located(OWN)
async def list_locations(staff: Reader, uow: UowDep, pagination: PaginationDep) -> LocationPage:
    """Locations that have a profile, by name; a device or a session of one location sees
    its own only."""
    found, total = await service.list_locations(
        uow, staff, page=pagination.page, limit=pagination.limit
    )
    return LocationPage(**pagination.page_of([_out(location) for location in found], total))


@router.get("/{locationId}", response_model=LocationOut, responses=problem_responses())
async def get_location(staff: Reader, location_id: LocationId, uow: UowDep) -> LocationOut:
    """Any location id answers: one without a profile has timezone UTC and currency USD."""
    return _out(await service.get_location(uow, location_id))


@router.put("/{locationId}", response_model=LocationOut, responses=problem_responses(InvalidInput))
async def set_location_profile(
    staff: LocationAdmin, location_id: LocationId, body: LocationProfile, uow: UowDep
) -> LocationOut:
    """Create or replace the profile (an upsert: every field, `currency` defaults to USD)."""
    location = await service.set_location_profile(
        uow,
        staff,
        location_id,
        name=body.name,
        timezone=body.timezone,
        currency=body.currency,
        ticket_warn_minutes=body.ticket_warn_minutes,
        ticket_late_minutes=body.ticket_late_minutes,
        tax_mode=body.tax_mode,
        cash_rounding=body.cash_rounding,
        auto_complete=body.auto_complete,
        idle_sign_out_seconds=body.idle_sign_out_seconds,
        servers_open_drawers=body.servers_open_drawers,
        board_shows_dine_in=body.board_shows_dine_in,
        language=body.language,
        guest_ordering=body.guest_ordering,
        guest_orders_need_confirm=body.guest_orders_need_confirm,
    )
    return _out(location)
