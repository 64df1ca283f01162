"""Staff and their API tokens (ADMIN). A token is in the answer that creates it, and never again."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Query, Response
from pydantic import Field

from brigade.access.domain.staff import CreateStaff, CreateToken, StaffChanges
from brigade.access.service import staff as service
from brigade.kit.access import Role
from brigade.kit.errors import Conflict, NotFound
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import StaffId, TokenId
from brigade.kit.http.permissions import StaffAdmin
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import Page, given, shaped
from brigade.kit.http.types import (
    Flag,
    Name,
    RequestModel,
    ResponseModel,
    Secret,
    Timestamp,
    omittable,
)

staff_router = brigade_router(prefix="/api/staff", tags=["staff"])
token_router = brigade_router(prefix="/api/tokens", tags=["staff"])


class StaffCreate(RequestModel):
    name: Name
    role: Role


class StaffUpdate(RequestModel):
    """Every field optional. ``isActive: false`` stops every token of theirs at once."""

    name: Name = omittable()
    role: Role = omittable()
    is_active: Flag = omittable()


class StaffOut(ResponseModel):
    id: UUID
    name: str
    role: Role
    is_active: bool
    created_at: Timestamp
    updated_at: Timestamp
    login: str | None = Field(description="The back office's sign-in name, if any")
    has_password: bool


class StaffPage(Page[StaffOut]):
    """Staff by name."""


class TokenCreate(RequestModel):
    staff_id: UUID
    name: Name


class TokenOut(ResponseModel):
    id: UUID
    staff_id: UUID
    name: str
    hint: str
    created_at: Timestamp
    last_used_at: Timestamp | None
    revoked_at: Timestamp | None


class NewToken(TokenOut):
    token: Secret


class TokenPage(Page[TokenOut]):
    """Tokens, oldest first."""


@staff_router.get("", response_model=StaffPage, responses=problem_responses())
async def list_staff(staff: StaffAdmin, uow: UowDep, pagination: PaginationDep) -> StaffPage:
    found, total = await service.list_staff(uow, page=pagination.page, limit=pagination.limit)
    return StaffPage.of(found, total, pagination)


@staff_router.post("", status_code=201, response_model=StaffOut, responses=problem_responses())
async def create_staff(
    staff: StaffAdmin, body: StaffCreate, uow: UowDep, response: Response
) -> StaffOut:
    member = await service.create_staff(uow, staff, CreateStaff(name=body.name, role=body.role))
    response.headers["Location"] = f"/api/staff/{member.id}"
    return shaped(StaffOut, member)


@staff_router.get("/{staffId}", response_model=StaffOut, responses=problem_responses(NotFound))
async def get_staff(staff: StaffAdmin, staff_id: StaffId, uow: UowDep) -> StaffOut:
    return shaped(StaffOut, await service.get_staff(uow, staff_id))


@staff_router.patch(
    "/{staffId}", response_model=StaffOut, responses=problem_responses(NotFound, Conflict)
)
async def update_staff(
    staff: StaffAdmin, staff_id: StaffId, body: StaffUpdate, uow: UowDep
) -> StaffOut:
    changes = StaffChanges(
        name=given(body, "name", body.name),
        role=given(body, "role", body.role),
        is_active=given(body, "is_active", body.is_active),
    )
    return shaped(StaffOut, await service.update_staff(uow, staff, staff_id, changes))


@token_router.get("", response_model=TokenPage, responses=problem_responses())
async def list_tokens(
    staff: StaffAdmin,
    uow: UowDep,
    pagination: PaginationDep,
    staff_id: Annotated[
        UUID | None, Query(alias="staffId", description="Only this staff member's tokens.")
    ] = None,
) -> TokenPage:
    found, total = await service.list_tokens(
        uow, staff_id=staff_id, page=pagination.page, limit=pagination.limit
    )
    return TokenPage.of(found, total, pagination)


@token_router.post(
    "", status_code=201, response_model=NewToken, responses=problem_responses(NotFound)
)
async def create_token(
    staff: StaffAdmin, body: TokenCreate, uow: UowDep, response: Response
) -> NewToken:
    """The answer holds the token itself: store it now, it is not shown again."""
    command = CreateToken(staff_id=body.staff_id, name=body.name)
    token, secret = await service.create_token(uow, staff, command)
    response.headers["Location"] = f"/api/tokens/{token.id}"
    return NewToken(**shaped(TokenOut, token).model_dump(), token=secret)


@token_router.delete("/{tokenId}", response_model=TokenOut, responses=problem_responses(NotFound))
async def revoke_token(staff: StaffAdmin, token_id: TokenId, uow: UowDep) -> TokenOut:
    """Revoke: the token stops working at once, on every worker. Revoking twice is harmless."""
    return shaped(TokenOut, await service.revoke_token(uow, staff, token_id))
