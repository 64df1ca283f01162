"""Named tax rates of a location (docs/design.md §15)."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Depends, Query, Response
from pydantic import Field

from brigade.access.allowed import Reader
from brigade.kit.errors import InvalidInput, NotFound, OtherLocation
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import TaxRateId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import DeleteResult, LocationQuery, Page, given, shaped
from brigade.kit.http.types import (
    Name,
    Number,
    RateIn,
    RequestModel,
    ResponseModel,
    Timestamp,
    omittable,
)
from brigade.pricing import service
from brigade.pricing.allowed import PriceSetter
from brigade.pricing.domain import (
    CreateTaxRate,
    DuplicateTaxRateName,
    PriceListFilter,
    TaxRateChanges,
)

router = brigade_router(prefix="/api/tax-rates", tags=["pricing"])


async def _price_list(
    location_id: LocationQuery = None,
    include_archived: Annotated[
        bool,
        Query(alias="includeArchived", description="true: archived ones too (hidden by default)"),
    ] = False,
) -> PriceListFilter:
    return PriceListFilter(location_id, include_archived)


# ``?locationId=&includeArchived=`` of the rate and charge lists.
PriceListQuery = Annotated[PriceListFilter, Depends(_price_list)]

_TAKEOUT = "Replaces `rate` on TAKEOUT and DELIVERY orders; null: `rate` applies to every order"


class TaxRateCreate(RequestModel):
    location_id: UUID = Field(description="The location whose rate it is (fixed once made)")
    name: Name = Field(
        description=(
            'Its name on orders and receipts ("VAT 20%"), unique among the '
            "location's live rates (409)"
        )
    )
    rate: RateIn = Field(description="A fraction: 0.081 is 8.1 %")
    takeout_rate: RateIn | None = Field(default=None, description=_TAKEOUT)


class TaxRateUpdate(RequestModel):
    """Every field optional; a field that is absent keeps its value (null clears takeoutRate)."""

    name: Name = omittable(description="Its new name, unique among the location's live rates (409)")
    rate: RateIn = omittable(
        description="Its new rate, a fraction: 0.081 is 8.1 %; items already rung up keep the "
        "rate they were added at"
    )
    takeout_rate: RateIn | None = Field(default=None, description=_TAKEOUT)


class TaxRateOut(ResponseModel):
    id: UUID = Field(description="The tax rate's id")
    location_id: UUID = Field(description="The location whose rate it is")
    name: str = Field(description="Its name on orders and receipts")
    rate: Number = Field(description="A fraction: 0.081 is 8.1 %")
    takeout_rate: Number | None = Field(description=_TAKEOUT)
    archived_at: Timestamp | None = Field(
        description="Set when it was deleted while in use: no product or charge may name it"
    )
    created_at: Timestamp
    updated_at: Timestamp


class TaxRatePage(Page[TaxRateOut]):
    """Tax rates by name, then id."""


@router.get("", response_model=TaxRatePage, responses=problem_responses(OtherLocation))
async def list_tax_rates(
    staff: Reader, uow: UowDep, filters: PriceListQuery, pagination: PaginationDep
) -> TaxRatePage:
    page, limit = pagination.page, pagination.limit
    found, total = await service.list_tax_rates(uow, staff, filters, page=page, limit=limit)
    return TaxRatePage.of(found, total, pagination)


@router.get(
    "/{taxRateId}",
    response_model=TaxRateOut,
    responses=problem_responses(NotFound, OtherLocation),
    description="An archived rate answers too.",
)
async def get_tax_rate(staff: Reader, tax_rate_id: TaxRateId, uow: UowDep) -> TaxRateOut:
    return shaped(TaxRateOut, await service.tax_rate_of(uow, staff, tax_rate_id))


@router.post(
    "",
    status_code=201,
    response_model=TaxRateOut,
    responses=problem_responses(InvalidInput, DuplicateTaxRateName, OtherLocation),
    description="`name` is unique among the location's live rates (409).",
)
async def create_tax_rate(
    staff: PriceSetter, body: TaxRateCreate, uow: UowDep, response: Response
) -> TaxRateOut:
    command = CreateTaxRate(
        location_id=body.location_id,
        name=body.name,
        rate=body.rate,
        takeout_rate=body.takeout_rate,
    )
    tax_rate = await service.create_tax_rate(uow, staff, command)
    response.headers["Location"] = f"/api/tax-rates/{tax_rate.id}"
    return shaped(TaxRateOut, tax_rate)


@router.patch(
    "/{taxRateId}",
    response_model=TaxRateOut,
    responses=problem_responses(NotFound, InvalidInput, DuplicateTaxRateName, OtherLocation),
    description="Items already rung up keep the rate they were added at.",
)
async def update_tax_rate(
    staff: PriceSetter, tax_rate_id: TaxRateId, body: TaxRateUpdate, uow: UowDep
) -> TaxRateOut:
    changes = TaxRateChanges(
        name=given(body, "name", body.name),
        rate=given(body, "rate", body.rate),
        takeout_rate=given(body, "takeout_rate", body.takeout_rate),
    )
    return shaped(TaxRateOut, await service.update_tax_rate(uow, staff, tax_rate_id, changes))


@router.delete(
    "/{taxRateId}",
    response_model=DeleteResult,
    responses=problem_responses(NotFound, OtherLocation),
    description="A rate in use (named by a live product or service charge) is archived: hidden "
    "from the list, still answered by id. An unused one is deleted (404 after).",
)
async def delete_tax_rate(staff: PriceSetter, tax_rate_id: TaxRateId, uow: UowDep) -> DeleteResult:
    archived = await service.delete_tax_rate(uow, staff, tax_rate_id)
    if archived is not None:
        return DeleteResult(success=True, message=f"Tax rate {tax_rate_id} archived (in use)")
    return DeleteResult.deleted("Tax rate", tax_rate_id)
