"""The audit log (MANAGER): who voided, discounted, cancelled, 86'd, repriced or granted what."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Query
from pydantic import BeforeValidator, Field

from brigade.access.domain.audit import AuditAction, AuditFilter
from brigade.access.service import audit as service
from brigade.kit.cursor import Cursor
from brigade.kit.http.deps import CursorPaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.permissions import AuditReader
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import CursorPage, FromQuery, LocationQuery, ToQuery, order_number
from brigade.kit.http.types import ResponseModel, Timestamp

router = brigade_router(prefix="/api/audit", tags=["audit"])

# The domain's number, shaped "#1042" as an order's answer shapes it.
CheckNumber = Annotated[str, BeforeValidator(order_number)]


class AuditEntryOut(ResponseModel):
    id: UUID
    at: Timestamp
    location_id: UUID | None
    staff_id: UUID | None
    staff_name: str
    action: AuditAction
    entity_type: str
    entity_id: UUID
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str | None
    approved_by_id: UUID | None
    approved_by_name: str | None
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
