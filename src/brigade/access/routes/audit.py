"""The audit log (MANAGER): who voided, discounted, cancelled, 86'd, repriced or granted what."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Query
from pydantic import BeforeValidator, Field

from brigade.access.allowed import AuditReader
from brigade.access.domain.audit import AuditAction, AuditFilter
from brigade.access.service import audit as service
from brigade.kit.cursor import Cursor
from brigade.kit.http.deps import CursorPaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import CursorPage, FromQuery, LocationQuery, ToQuery, order_number
from brigade.kit.http.types import ResponseModel, Timestamp

router = brigade_router(prefix="/api/audit", tags=["audit"])

# The domain's number, shaped "#1042" as an order's answer shapes it.
CheckNumber = Annotated[str, BeforeValidator(order_number)]


class AuditEntryOut(ResponseModel):
    id: UUID = Field(description="The entry's id")
    at: Timestamp = Field(description="When it was done, in UTC")
    location_id: UUID | None = Field(description="The location it was done at; null: none recorded")
    staff_id: UUID | None = Field(
        description="Who acted; null for the bootstrap admin, the system or with auth off"
    )
    staff_name: str = Field(
        description='Who acted, by name as it was then ("system" for the service itself)'
    )
    action: AuditAction = Field(description="What was done")
    entity_type: str = Field(
        description="What kind of thing it was done to (order, item, product, ...)"
    )
    entity_id: UUID = Field(description="The thing it was done to")
    before: dict[str, Any] | None = Field(
        description="The fields that changed, as they were (money as decimal strings); null "
        "when it records none"
    )
    after: dict[str, Any] | None = Field(
        description="The fields that changed, as they became (money as decimal strings); null "
        "when it records none"
    )
    reason: str | None = Field(description="Why, as given; null: none")
    approved_by_id: UUID | None = Field(
        description="The manager who approved it with their PIN; null: no approval"
    )
    approved_by_name: str | None = Field(description="That manager's name; null: no approval")
    order_id: UUID | None = Field(
        description="The order the entry concerns (an order's, an item's or a payment's entry)"
    )
    order_number: CheckNumber | None = Field(
        description="That order's check number, as every answer shows it (#1042); null: no order"
    )
    table_name: str | None = Field(description="That order's table now; null: none (a tab)")
    person_name: str | None = Field(
        description="The staff member the entry concerns (a PIN set, a staff change, a token's "
        "holder); staffName is who acted"
    )
    device_name: str | None = Field(description="The device the entry concerns (paired, revoked)")


class AuditPage(CursorPage[AuditEntryOut]):
    """Audit entries, newest first."""


@router.get("", response_model=AuditPage, responses=problem_responses())
async def list_audit_entries(
    staff: AuditReader,
    uow: UowDep,
    paging: CursorPaginationDep,
    location_id: LocationQuery = None,
    action: Annotated[AuditAction | None, Query(description="Only entries of this action.")] = None,
    staff_id: Annotated[
        UUID | None, Query(alias="staffId", description="Only entries by this staff member.")
    ] = None,
    at_from: FromQuery = None,
    at_to: ToQuery = None,
) -> AuditPage:
    """Newest first. ``locationId``: that location's entries and those of no location (staff,
    tokens, PINs: the whole restaurant's)."""
    filters = AuditFilter(
        location_id=location_id,
        action=action,
        staff_id=staff_id,
        at_from=at_from,
        at_before=at_to,
    )
    pagination = paging.pagination
    found, total = await service.list_entries(
        uow, filters, page=pagination.page, limit=pagination.limit, after=paging.cursor
    )
    return AuditPage.after(found, total, pagination, lambda entry: Cursor(entry.at, entry.id))
