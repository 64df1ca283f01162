"""The back office's sign-in (docs/design.md §7): a staff member's sign-in name and password,
or a manager's PIN on a paired terminal, and a cookie session opened and ended with them.

A wrong password or PIN is counted, so its 401 (or the 429 of a lock-out) is answered rather
than raised: the count must commit.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field

from brigade.access.allowed import PinSetter, SignedInStaff, Terminal
from brigade.access.domain.errors import (
    LoginTaken,
    NotBackOffice,
    PinLocked,
    TooManySignInAttempts,
    TooManyWrongPins,
    WeakPassword,
    WrongPassword,
    WrongPin,
)
from brigade.access.domain.passwords import (
    LOGIN_PATTERN,
    MAX_LOGIN_LENGTH,
    MAX_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
)
from brigade.access.routes.sessions import Caller, PinCheck, SignedOut, pin_limits
from brigade.access.service import passwords as service
from brigade.access.service import staff as staff_service
from brigade.access.service import terminals
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import Forbidden, InvalidInput, NotFound
from brigade.kit.http.cookies import clear_session_cookies, set_session_cookies
from brigade.kit.http.deps import UowDep, client_address
from brigade.kit.http.errors import problem_for, problem_responses
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import StaffId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import RequestModel, ResponseModel
from brigade.settings import Settings

password_router = brigade_router(prefix="/api/staff", tags=["staff"])
sign_in_router = brigade_router(prefix="/api/auth", tags=["auth"], public=True)
auth_router = brigade_router(prefix="/api/auth", tags=["auth"])

Login = Annotated[
    str,
    Field(
        pattern=LOGIN_PATTERN,
        description="An email or a short name (ASCII); case does not matter",
    ),
]
Password = Annotated[
    str,
    Field(
        min_length=MIN_PASSWORD_LENGTH,
        max_length=MAX_PASSWORD_LENGTH,
        description=f"At least {MIN_PASSWORD_LENGTH} characters, not one or two repeated",
    ),
]


class PasswordChange(RequestModel):
    login: Login
    password: Password


class Credentials(RequestModel):
    login: Annotated[str, Field(min_length=1, max_length=MAX_LOGIN_LENGTH)] = Field(
        description="The sign-in name (any case)"
    )
    password: Annotated[str, Field(max_length=MAX_PASSWORD_LENGTH)] = Field(
        description="The password"
    )


class PasswordSet(ResponseModel):
    staff_id: UUID = Field(description="Whose password was set")
    login: str = Field(description="Their sign-in name, as stored (casefolded)")
    has_password: bool = Field(description="Whether they now have a password: true")


def settings_of(request: Request) -> Settings:
    found: Settings = request.app.state.settings
    return found


@password_router.put(
    "/{staffId}/password",
    response_model=PasswordSet,
    responses=problem_responses(NotFound, Forbidden, InvalidInput, WeakPassword, LoginTaken),
)
@located(OWN)
async def set_password(
    staff: PinSetter, staff_id: StaffId, body: PasswordChange, uow: UowDep
) -> PasswordSet:
    """Give a staff member a sign-in name and a password for the back office: anyone their
    own, a manager those of staff below ADMIN, an admin anyone's. At least 10 characters,
    stored only as a slow salted hash and never shown again; the change is audited
    (`staff.password_set`, without the password) and ends their open back-office sessions.
    A name someone else signs in with is 409 `login_taken`."""
    member = await service.set_password(
        uow, staff, staff_id, login=body.login, password=body.password
    )
    return PasswordSet(staff_id=member.id, login=member.login or body.login, has_password=True)


@sign_in_router.post(
    "/sign-in",
    response_model=Caller,
    responses=problem_responses(WrongPassword, TooManySignInAttempts, NotBackOffice),
)
async def password_sign_in(
    body: Credentials, uow: UowDep, request: Request, response: Response
) -> Caller | Response:
    """Open a back-office session: the answer says who signed in and sets the `brigade_session`
    cookie (HttpOnly, SameSite=Strict) and the `brigade_csrf` cookie, whose value every change
    made with the session must send as `X-CSRF-Token`. The session ends after
    BRIGADE_WEB_SESSION_HOURS (12) without a request, a week after sign-in at most, or at
    sign-out. Only a MANAGER or an ADMIN opens one (403 `not_back_office`). A wrong sign-in
    name or password is the same 401 `wrong_password`; the tenth wrong one for a name within
    15 minutes locks it for 15 minutes (429 `too_many_attempts`, with `Retry-After`)."""
    typed = await service.check_typed_password(
        request.app.state.database, body.login, body.password
    )
    outcome = await service.sign_in(uow, typed)
    if not isinstance(outcome, service.SignedIn):
        return problem_for(outcome)
    return await _signed_in(uow, outcome, request, response)


@auth_router.post(
    "/pin-sign-in",
    response_model=Caller,
    responses=problem_responses(WrongPin, PinLocked, TooManyWrongPins, NotBackOffice),
)
@located(OWN)
async def pin_sign_in(
    terminal: Terminal, body: PinCheck, uow: UowDep, request: Request, response: Response
) -> Caller | Response:
    """Open a back-office session on this paired terminal (its device token) with a manager's
    PIN: the same cookies as `/api/auth/sign-in`, but the session acts only at the terminal's
    location (`locationId` in the answer), ends when the terminal is unpaired or revoked, and
    after 15 minutes without a request. Wrong PINs count, and lock out, as a terminal sign-in's
    do (401 `wrong_pin`, 429 `pin_locked` or `too_many_wrong_pins`); below MANAGER it is 403
    `not_back_office`."""
    settings = settings_of(request)
    typed = await terminals.check_typed_pin(request.app.state.database, body.staff_id, body.pin)
    outcome = await service.pin_sign_in(
        uow, terminal, typed, address=client_address(request), limits=pin_limits(settings)
    )
    if not isinstance(outcome, service.SignedIn):
        return problem_for(outcome)
    return await _signed_in(uow, outcome, request, response)


async def _signed_in(
    uow: UnitOfWork, outcome: service.SignedIn, request: Request, response: Response
) -> Caller:
    """Set the session's cookies; the answer says who signed in, where if on a terminal, and
    the language their screens show."""
    settings = settings_of(request)
    set_session_cookies(response, request, outcome.token, always_secure=settings.secure_cookies)
    response.headers["Cache-Control"] = "no-store"
    staff = outcome.staff
    return Caller(
        staff_id=staff.staff_id,
        name=staff.name,
        role=staff.role,
        location_id=outcome.location_id,
        language=await staff_service.screen_language(uow, staff.staff_id, outcome.location_id),
    )


@auth_router.post("/sign-out", response_model=SignedOut, responses=problem_responses(NotFound))
@located(OWN)
async def password_sign_out(staff: SignedInStaff, uow: UowDep, response: Response) -> SignedOut:
    """End the back-office session this request is made with, and clear its cookies (404 for
    a request made with a bearer token)."""
    await service.sign_out(uow, staff)
    clear_session_cookies(response)
    return SignedOut(success=True, message=f"{staff.name} signed out")
