"""Service charges of a location (docs/design.md §15)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import Response
from pydantic import ConfigDict, Field, model_validator

from brigade.access.allowed import Reader
from brigade.kit.changes import UNSET
from brigade.kit.errors import InvalidInput, NotFound, OtherLocation
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import ServiceChargeId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import DeleteResult, Page, given
from brigade.kit.http.types import (
    Flag,
    Money,
    Name,
    Number,
    PositiveMoneyIn,
    RateIn,
    RequestModel,
    ResponseModel,
    Timestamp,
    WholeNumber,
    omittable,
)
from brigade.pricing import service
from brigade.pricing.allowed import PriceSetter
from brigade.pricing.domain import (
    ChargeOrderType,
    CreateServiceCharge,
    DuplicateServiceChargeName,
    ServiceCharge,
    ServiceChargeChanges,
)
from brigade.pricing.routes.tax_rates import PriceListQuery

router = brigade_router(prefix="/api/service-charges", tags=["pricing"])

MinGuests: Any = WholeNumber(1, 1000)

_RATE = (
    "A fraction of subtotal minus discountAmount (0.125 is 12.5 %); exactly one of rate and amount"
)
_AMOUNT = "A fixed amount; exactly one of rate and amount"
_AUTOMATIC = "Whether it applies to orders by itself; false: added by hand"
_ORDER_TYPES = "An automatic charge applies to these order types only; empty: every type"


class ServiceChargeFields(RequestModel):
    """Fields a client may set; shared by create and update."""

    tax_rate_id: UUID | None = Field(
        default=None, description="A live tax rate of the location; null: the charge is untaxed"
    )
    min_guests: MinGuests | None = Field(
        default=None, description="An automatic charge applies from this many guests"
    )
    order_types: list[ChargeOrderType] = omittable(
        max_length=len(ChargeOrderType),
        json_schema_extra={"uniqueItems": True},
        description=_ORDER_TYPES,
    )


class ServiceChargeCreate(ServiceChargeFields):
    model_config = ConfigDict(
        json_schema_extra={
            "oneOf": [
                {"required": ["rate"], "properties": {"rate": {"type": "number"}}},
                {"required": ["amount"], "properties": {"amount": {"type": "number"}}},
            ]
        }
    )

    rate: RateIn | None = Field(default=None, description=_RATE)
    amount: PositiveMoneyIn | None = Field(default=None, description=_AMOUNT)
    location_id: UUID = Field(description="The location whose charge it is (fixed once made)")
    name: Name = Field(
        description=(
            "Its name on orders and receipts, unique among the location's live "
            "charges (409), 1-200 characters"
        )
    )
    automatic: Flag = Field(
        default=False,
        description=(
            "Whether it applies to orders by itself (when they meet minGuests and "
            "orderTypes); false: added by hand"
        ),
    )

    @model_validator(mode="after")
    def _one_of_rate_and_amount(self) -> ServiceChargeCreate:
        if (self.rate is None) == (self.amount is None):
            raise ValueError("give exactly one of rate and amount")
        return self


class ServiceChargeUpdate(ServiceChargeFields):
    """Every field optional; a field that is absent keeps its value. Giving ``rate`` turns an
    amount charge into a rate charge, and the reverse (not both)."""

    model_config = ConfigDict(json_schema_extra={"not": {"required": ["rate", "amount"]}})

    rate: RateIn = omittable(description=_RATE)
    amount: PositiveMoneyIn = omittable(description=_AMOUNT)
    name: Name = omittable(
        description="Its new name, unique among the location's live charges (409)"
    )
    automatic: Flag = omittable(description=_AUTOMATIC)


class ServiceChargeOut(ResponseModel):
    id: UUID = Field(description="The service charge's id")
    location_id: UUID = Field(description="The location whose charge it is")
    name: str = Field(description="Its name on orders and receipts")
    rate: Number | None = Field(
        description=(
            "A fraction of subtotal minus discountAmount (0.125 is 12.5 %); null for "
            "an amount charge"
        )
    )
    amount: Money | None = Field(
        description="A fixed amount per order, in the location's currency, tax included only in "
        "INCLUSIVE mode; null for a rate charge"
    )
    tax_rate_id: UUID | None = Field(description="The tax rate it is taxed at; null: untaxed")
    automatic: bool = Field(description=_AUTOMATIC)
    min_guests: int | None = Field(
        description="An automatic charge applies from this many guests; null: whatever the guests"
    )
    order_types: list[ChargeOrderType] = Field(description=_ORDER_TYPES)
    archived_at: Timestamp | None = Field(description="Set once deleted: orders still name it")
    created_at: Timestamp
    updated_at: Timestamp


class ServiceChargePage(Page[ServiceChargeOut]):
    """Service charges by name, then id."""


def service_charge_out(charge: ServiceCharge) -> ServiceChargeOut:
    return ServiceChargeOut.model_validate(charge, from_attributes=True)


@router.get("", response_model=ServiceChargePage, responses=problem_responses(OtherLocation))
async def list_service_charges(
    staff: Reader, uow: UowDep, filters: PriceListQuery, pagination: PaginationDep
) -> ServiceChargePage:
    page, limit = pagination.page, pagination.limit
    found, total = await service.list_service_charges(uow, staff, filters, page=page, limit=limit)
    return ServiceChargePage.of(found, total, pagination)


@router.get(
    "/{serviceChargeId}",
    response_model=ServiceChargeOut,
    responses=problem_responses(NotFound, OtherLocation),
    description="An archived charge answers too.",
)
async def get_service_charge(
    staff: Reader, service_charge_id: ServiceChargeId, uow: UowDep
) -> ServiceChargeOut:
    return service_charge_out(await service.service_charge_of(uow, staff, service_charge_id))


@router.post(
    "",
    status_code=201,
    response_model=ServiceChargeOut,
    responses=problem_responses(InvalidInput, DuplicateServiceChargeName, OtherLocation),
    description="`name` is unique among the location's live charges (409); `taxRateId` names a "
    "live rate of the same location (422).",
)
async def create_service_charge(
    staff: PriceSetter, body: ServiceChargeCreate, uow: UowDep, response: Response
) -> ServiceChargeOut:
    command = CreateServiceCharge(
        location_id=body.location_id,
        name=body.name,
        rate=body.rate,
        amount=body.amount,
        tax_rate_id=body.tax_rate_id,
        automatic=body.automatic,
        min_guests=body.min_guests,
        order_types=tuple(body.order_types or ()),
    )
    charge = await service.create_service_charge(uow, staff, command)
    response.headers["Location"] = f"/api/service-charges/{charge.id}"
    return service_charge_out(charge)


@router.patch(
    "/{serviceChargeId}",
    response_model=ServiceChargeOut,
    responses=problem_responses(NotFound, InvalidInput, DuplicateServiceChargeName, OtherLocation),
    description="An archived charge cannot change (404). Orders that carry it keep what they "
    "were charged.",
)
async def update_service_charge(
    staff: PriceSetter, service_charge_id: ServiceChargeId, body: ServiceChargeUpdate, uow: UowDep
) -> ServiceChargeOut:
    order_types = given(body, "order_types", body.order_types)
    changes = ServiceChargeChanges(
        name=given(body, "name", body.name),
        rate=given(body, "rate", body.rate),
        amount=given(body, "amount", body.amount),
        tax_rate_id=given(body, "tax_rate_id", body.tax_rate_id),
        automatic=given(body, "automatic", body.automatic),
        min_guests=given(body, "min_guests", body.min_guests),
        order_types=UNSET if order_types is UNSET else tuple(order_types or ()),
    )
    charge = await service.update_service_charge(uow, staff, service_charge_id, changes)
    return service_charge_out(charge)


@router.delete(
    "/{serviceChargeId}",
    response_model=DeleteResult,
    responses=problem_responses(NotFound, OtherLocation),
    description="Archived: gone from the list and from new orders; past orders and GET by id "
    "still show it.",
)
async def delete_service_charge(
    staff: PriceSetter, service_charge_id: ServiceChargeId, uow: UowDep
) -> DeleteResult:
    await service.delete_service_charge(uow, staff, service_charge_id)
    return DeleteResult(success=True, message=f"Service charge {service_charge_id} archived")
