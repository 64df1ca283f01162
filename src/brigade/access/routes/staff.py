"""Staff and their API tokens (ADMIN). A token is in the answer that creates it, and never again."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Query, Response
from pydantic import Field

from brigade.access.allowed import LanguageChooser, StaffAdmin
from brigade.access.domain.errors import LoginTaken, TrivialPin, WeakPassword
from brigade.access.domain.passwords import MIN_PASSWORD_LENGTH
from brigade.access.domain.scopes import Scope
from brigade.access.domain.sign_in import SignInChanges
from brigade.access.domain.staff import CreateStaff, CreateToken, StaffChanges
from brigade.access.routes.auth import Login, Password
from brigade.access.routes.sessions import Pin
from brigade.access.service import staff as service
from brigade.kit.access import Role
from brigade.kit.errors import Conflict, Forbidden, NotFound
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import NO_LOCATION, OWN, located
from brigade.kit.http.paths import StaffId, TokenId
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
from brigade.kit.languages import Language

staff_router = brigade_router(prefix="/api/staff", tags=["staff"])
token_router = brigade_router(prefix="/api/tokens", tags=["staff"])


class StaffCreate(RequestModel):
    """A PIN, a sign-in name and a password may come with the person: each is checked as its
    own endpoint checks it (`PUT /api/staff/{id}/pin`, `…/password`) before anyone is created,
    so a refused one creates nobody."""

    name: Name = Field(
        description=(
            "Their name, as screens, receipts and the audit log show it (1-200 characters)"
        )
    )
    role: Role = Field(
        description=(
            "What they may do: KITCHEN, SERVER, MANAGER or ADMIN, each with "
            "everything of the one before"
        )
    )
    pin: Pin = omittable(
        description=(
            "Their PIN for the terminals: 4 to 8 digits, none anyone would try first "
            "(422 `trivial_pin`); absent: none yet"
        )
    )
    login: Login = omittable(
        description=(
            "Their back-office sign-in name (an email or a short name, ASCII; case does not "
            "matter; 409 `login_taken` if someone has it), with `password`; absent: none"
        )
    )
    password: Password = omittable(
        description=(
            f"Their back-office password, with `login`: at least {MIN_PASSWORD_LENGTH} "
            "characters, not one or two repeated (422 `weak_password`)"
        )
    )


class StaffUpdate(RequestModel):
    """Every field optional; the PIN, sign-in name and password are checked as their own
    endpoints check them, before anything changes. ``isActive: false`` stops every token of
    theirs at once."""

    name: Name = omittable(description="Their new name (1-200 characters)")
    role: Role = omittable(description="Their new role")
    is_active: Flag = omittable(
        description="false stops them and every token of theirs at once; true lets them in again"
    )
    pin: Pin = omittable(description="Their new PIN (as `StaffCreate.pin`)")
    login: Login | None = Field(
        default=None,
        description=(
            "Their new sign-in name (as `StaffCreate.login`; a first one comes with `password`); "
            "null takes their password sign-in away: the name and the password go and their "
            "back-office sessions end (409 for one's own)"
        ),
    )
    language: Language | None = Field(
        default=None,
        description="Their own screens' language; null: their location's (docs/design.md §26)",
    )
    password: Password = omittable(
        description=(
            "Their new password (as `StaffCreate.password`), for the sign-in name they have "
            "or the one sent with it"
        )
    )


class StaffOut(ResponseModel):
    id: UUID = Field(description="The staff member's id")
    name: str = Field(description="Their name, as screens, receipts and the audit log show it")
    role: Role = Field(
        description=(
            "What they may do: KITCHEN, SERVER, MANAGER or ADMIN, each with "
            "everything of the one before"
        )
    )
    is_active: bool = Field(
        description="Whether they may act (an inactive member's tokens are refused)"
    )
    created_at: Timestamp
    updated_at: Timestamp
    login: str | None = Field(description="The back office's sign-in name, if any")
    has_password: bool = Field(description="Whether they have a back-office password")
    language: Language | None = Field(
        description="Their own screens' language; null: their location's"
    )


class LanguageChoice(RequestModel):
    language: Language | None = Field(
        description="The language their screens show; null: their location's"
    )


class StaffPage(Page[StaffOut]):
    """Staff by name."""


SCOPES_DESCRIPTION = (
    "What the token may do, within its person's role (docs/security.md): "
    "null or absent, everything the role allows."
)


LOCATION_DESCRIPTION = (
    "The one location the token acts at, as a terminal's credentials do: another location's "
    "resources are 403 `other_location`, lists are its own, and tokens, webhooks and other "
    "business-wide settings are refused to it. Null or absent: every location."
)


class TokenCreate(RequestModel):
    staff_id: UUID = Field(description="Whose token it is: it acts as them")
    name: Name = Field(description="What it is for, to tell tokens apart (1-200 characters)")
    scopes: list[Scope] | None = Field(
        default=None, min_length=1, max_length=len(Scope), description=SCOPES_DESCRIPTION
    )
    location_id: UUID | None = Field(
        default=None,
        description=LOCATION_DESCRIPTION + " A location that was made (422 otherwise).",
    )


class TokenOut(ResponseModel):
    id: UUID = Field(description="The token's id")
    staff_id: UUID = Field(description="Whose token it is")
    name: str = Field(description="What it is for")
    hint: str = Field(
        description="The token's first characters, to tell it apart (never the whole token)"
    )
    created_at: Timestamp
    last_used_at: Timestamp | None = Field(
        description="When it last authenticated a request, in UTC; null: never"
    )
    revoked_at: Timestamp | None = Field(
        description="When it was revoked, in UTC; null while it works"
    )
    scopes: list[Scope] | None = Field(description=SCOPES_DESCRIPTION)
    location_id: UUID | None = Field(description=LOCATION_DESCRIPTION)


class NewToken(TokenOut):
    token: Secret


class TokenPage(Page[TokenOut]):
    """Tokens, oldest first."""


@staff_router.get("", response_model=StaffPage, responses=problem_responses())
@located(OWN)
async def list_staff(staff: StaffAdmin, uow: UowDep, pagination: PaginationDep) -> StaffPage:
    found, total = await service.list_staff(uow, page=pagination.page, limit=pagination.limit)
    return StaffPage.of(found, total, pagination)


@staff_router.post(
    "",
    status_code=201,
    response_model=StaffOut,
    responses=problem_responses(TrivialPin, WeakPassword, LoginTaken),
)
@located(OWN)
async def create_staff(
    staff: StaffAdmin, body: StaffCreate, uow: UowDep, response: Response
) -> StaffOut:
    command = CreateStaff(name=body.name, role=body.role)
    member = await service.create_staff(uow, staff, command, _sign_in_changes(body))
    response.headers["Location"] = f"/api/staff/{member.id}"
    return shaped(StaffOut, member)


@staff_router.get("/{staffId}", response_model=StaffOut, responses=problem_responses(NotFound))
@located(OWN)
async def get_staff(staff: StaffAdmin, staff_id: StaffId, uow: UowDep) -> StaffOut:
    return shaped(StaffOut, await service.get_staff(uow, staff_id))


@staff_router.patch(
    "/{staffId}",
    response_model=StaffOut,
    responses=problem_responses(NotFound, Conflict, TrivialPin, WeakPassword, LoginTaken),
)
@located(OWN)
async def update_staff(
    staff: StaffAdmin, staff_id: StaffId, body: StaffUpdate, uow: UowDep
) -> StaffOut:
    changes = StaffChanges(
        name=given(body, "name", body.name),
        role=given(body, "role", body.role),
        is_active=given(body, "is_active", body.is_active),
        language=given(body, "language", body.language),
    )
    member = await service.update_staff(uow, staff, staff_id, changes, _sign_in_changes(body))
    return shaped(StaffOut, member)


@staff_router.put(
    "/{staffId}/language",
    response_model=StaffOut,
    responses=problem_responses(NotFound, Forbidden),
)
@located(OWN)
async def choose_language(
    staff: LanguageChooser, staff_id: StaffId, body: LanguageChoice, uow: UowDep
) -> StaffOut:
    """Anyone chooses their own screens' language; an ADMIN anyone's. Null: their location's
    (`GET /api/staff/me` answers the one in force)."""
    member = await service.choose_language(uow, staff, staff_id, body.language)
    return shaped(StaffOut, member)


def _sign_in_changes(body: StaffCreate | StaffUpdate) -> SignInChanges:
    return SignInChanges(
        pin=given(body, "pin", body.pin),
        login=given(body, "login", body.login),
        password=given(body, "password", body.password),
    )


@token_router.get("", response_model=TokenPage, responses=problem_responses())
@located(NO_LOCATION)
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
@located(NO_LOCATION)
async def create_token(
    staff: StaffAdmin, body: TokenCreate, uow: UowDep, response: Response
) -> NewToken:
    """The answer holds the token itself: store it now, it is not shown again."""
    scopes = None if body.scopes is None else frozenset(body.scopes)
    command = CreateToken(
        staff_id=body.staff_id, name=body.name, scopes=scopes, location_id=body.location_id
    )
    token, secret = await service.create_token(uow, staff, command)
    response.headers["Location"] = f"/api/tokens/{token.id}"
    return NewToken(**shaped(TokenOut, token).model_dump(), token=secret)


@token_router.delete("/{tokenId}", response_model=TokenOut, responses=problem_responses(NotFound))
@located(NO_LOCATION)
async def revoke_token(staff: StaffAdmin, token_id: TokenId, uow: UowDep) -> TokenOut:
    """Revoke: the token stops working at once, on every worker. Revoking twice is harmless."""
    return shaped(TokenOut, await service.revoke_token(uow, staff, token_id))
