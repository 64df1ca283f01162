"""The first run (docs/design.md §22): `GET /api/setup` says whether it is needed,
`POST /api/setup` does it. No bearer token: the setup token `brigade serve` printed is the
credential."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field

from brigade.access.domain.errors import SetupDone, TrivialPin, WeakPassword, WrongSetupToken
from brigade.access.domain.terminals import PIN_PATTERN
from brigade.access.routes.auth import Login, Password
from brigade.kit.access import Role
from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.errors import InvalidInput
from brigade.kit.http.cookies import set_session_cookies
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import (
    CurrencyCode,
    Name,
    RequestModel,
    ResponseModel,
    TimezoneName,
)
from brigade.kit.money import TaxMode
from brigade.settings import Settings
from brigade.setup import service

router = brigade_router(prefix="/api/setup", tags=["setup"], public=True)


class SetupLocation(RequestModel):
    name: Name = Field(
        description="The location's name, as screens and receipts show it (1-200 characters)"
    )
    timezone: TimezoneName = Field(description="An IANA timezone name, e.g. Europe/Paris")
    currency: CurrencyCode = Field(default=DEFAULT_CURRENCY, description="ISO 4217")
    tax_mode: TaxMode = Field(
        default=TaxMode.EXCLUSIVE,
        description="INCLUSIVE: menu prices include tax; EXCLUSIVE: tax is added at the end",
    )


class SetupManager(RequestModel):
    name: Name = Field(
        description="The first person's name (1-200 characters): they are made an ADMIN"
    )
    login: Login
    password: Password
    pin: Annotated[str | None, Field(pattern=PIN_PATTERN, description="4 to 8 digits")] = None


class SetupRequest(RequestModel):
    token: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description=(
            "The setup token from the link `brigade serve` printed at its last start "
            "(401 `wrong_setup_token` otherwise)"
        )
    )
    location: SetupLocation = Field(description="The location's profile")
    manager: SetupManager = Field(description="The first person, made an ADMIN and signed in")
    demo_menu: bool = Field(default=False, description="Load the demo menu at the location too")


class SetupState(ResponseModel):
    needed: bool = Field(description="true until someone has a password")


class SetupDoneAnswer(ResponseModel):
    """Who was made and signed in (the session cookies are set)."""

    location_id: UUID = Field(description="The location set up")
    staff_id: UUID = Field(description="The first person made")
    name: str = Field(description="Their name")
    role: Role = Field(description="Their role: ADMIN")


@router.get("", response_model=SetupState, responses=problem_responses())
async def setup_state(uow: UowDep) -> SetupState:
    """Whether the first run is still to be done: true until someone has a password."""
    return SetupState(needed=await service.setup_needed(uow))


@router.post(
    "",
    response_model=SetupDoneAnswer,
    responses=problem_responses(WrongSetupToken, SetupDone, InvalidInput, TrivialPin, WeakPassword),
)
async def set_up(
    body: SetupRequest, uow: UowDep, request: Request, response: Response
) -> SetupDoneAnswer:
    """In one transaction: the location's profile, its first person as an ADMIN with this
    sign-in name and password (and PIN), the demo menu there when asked; then that person is
    signed in (the session cookies of `POST /api/auth/sign-in`). The token is the one in the
    link `brigade serve` printed at its last start (401 `wrong_setup_token` otherwise); once
    anyone has a password, 403 `setup_done`. A refusal changes nothing."""
    location = service.FirstLocation(
        body.location.name, body.location.timezone, body.location.currency, body.location.tax_mode
    )
    person = service.FirstPerson(
        body.manager.name, body.manager.login, body.manager.password, body.manager.pin
    )
    done = await service.set_up(uow, body.token, location, person, demo_menu=body.demo_menu)
    settings: Settings = request.app.state.settings
    set_session_cookies(
        response, request, done.signed_in.token, always_secure=settings.secure_cookies
    )
    response.headers["Cache-Control"] = "no-store"
    return SetupDoneAnswer(
        location_id=done.location_id,
        staff_id=done.signed_in.staff.staff_id,
        name=done.signed_in.staff.name,
        role=done.signed_in.staff.role,
    )
