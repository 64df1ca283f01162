"""Pairing a device by a short code (docs/design.md §23): the device asks for a code and
claims its token with no credential; a manager approves the code in the back office."""

from __future__ import annotations

from typing import Literal
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field

from brigade.access.domain.errors import (
    PairingCodeClaimed,
    PairingCodeExpired,
    PairingCodeNotFound,
    PairingCodeUsed,
    TooManyPairingCodes,
)
from brigade.access.domain.terminals import DeviceKind
from brigade.access.routes.devices import DeviceOut, device_out
from brigade.access.service import pairing as service
from brigade.dining.allowed import DiningRoomManager
from brigade.kit.errors import OtherLocation
from brigade.kit.http.deps import UowDep, client_address
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.json_answers import json_answer
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import Name, RequestModel, ResponseModel, Secret, Timestamp
from brigade.settings import Settings

# A fresh device has no credential yet: these two routes take none.
device_router = brigade_router(prefix="/api/pairing-codes", tags=["devices"], public=True)
manager_router = brigade_router(prefix="/api/pairing-codes", tags=["devices"])


class CodeAsk(RequestModel):
    kind: DeviceKind = Field(
        description="What the device will be: TERMINAL, KITCHEN_DISPLAY or BOARD"
    )


class NewCode(ResponseModel):
    code: str = Field(description='Six digits; a screen shows them as "482 913".')
    claim: Secret
    expires_at: Timestamp = Field(
        description="When the code and claim lapse (10 minutes on), in UTC"
    )


class CodeApproval(RequestModel):
    code: str = Field(
        max_length=20, description='The six digits: "482913", "482 913" and "482-913" alike.'
    )
    location_id: UUID = Field(
        description="The location the new device will work at: its token acts only there"
    )
    name: Name = Field(description="What the device will be called (1-200 characters)")


class ClaimAsk(RequestModel):
    claim: str = Field(
        description="The claim the code came with (the `brp_` secret only this device keeps)",
        max_length=100,
    )


class Pending(ResponseModel):
    status: Literal["PENDING"] = Field(description="PENDING: not approved yet; ask again")
    expires_at: Timestamp = Field(description="When the code lapses unapproved, in UTC")


class Paired(ResponseModel):
    status: Literal["PAIRED"] = Field(description="PAIRED: approved; the token is in this answer")
    token: Secret
    device: DeviceOut = Field(description="The device the approval made")


@device_router.post(
    "", status_code=201, response_model=NewCode, responses=problem_responses(TooManyPairingCodes)
)
async def ask_for_code(body: CodeAsk, uow: UowDep, request: Request) -> NewCode:
    """A fresh device's code, to show, and its claim, to keep: valid 10 minutes. A manager
    types the code in the back office (`POST /api/pairing-codes/approve`); the device polls
    `POST /api/pairing-codes/claim` for its token. No credential; a client address asks for at
    most `BRIGADE_PAIRING_CODES_PER_ADDRESS` codes within 10 minutes (429, Retry-After)."""
    settings: Settings = request.app.state.settings
    made = await service.ask_for_code(
        uow,
        body.kind,
        client_address=client_address(request),
        per_address=settings.pairing_codes_per_address,
    )
    return NewCode(code=made.code, claim=made.claim, expires_at=made.pairing.expires_at)


@manager_router.post(
    "/approve",
    status_code=201,
    response_model=DeviceOut,
    responses=problem_responses(PairingCodeNotFound, PairingCodeUsed, OtherLocation),
)
async def approve_code(
    staff: DiningRoomManager, body: CodeApproval, uow: UowDep, response: Response
) -> DeviceOut:
    """Pair the device showing this code at this location under this name: the device is made
    as `POST /api/devices` makes one (audited `device.paired`) and receives its token by its
    claim. An unknown or expired code is 404 `pairing_code_not_found`, an approved one 409
    `pairing_code_used`; a device's PIN session approves at its own location only."""
    device = await service.approve(
        uow, staff, body.code, location_id=body.location_id, name=body.name
    )
    response.headers["Location"] = f"/api/devices/{device.id}"
    return device_out(device)


@device_router.post(
    "/claim",
    response_model=Paired,
    responses={
        202: {"model": Pending, "description": "Not approved yet: ask again in 2 s."},
        **problem_responses(PairingCodeNotFound, PairingCodeClaimed, PairingCodeExpired),
    },
)
async def claim_token(body: ClaimAsk, uow: UowDep) -> Paired | Response:
    """The device polls with its claim: 202 while its code waits for a manager; 200 with its
    device token once, the first time after approval (410 `pairing_code_used` after that);
    410 `pairing_code_expired` once its code ran out unapproved."""
    outcome = await service.claim(uow, body.claim)
    if isinstance(outcome, service.Waiting):
        pending = Pending(status="PENDING", expires_at=outcome.expires_at)
        return json_answer(pending.model_dump(mode="json", by_alias=True), status_code=202)
    return Paired(status="PAIRED", token=outcome.token, device=device_out(outcome.device))
