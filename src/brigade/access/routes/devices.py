"""Paired devices (MANAGER): terminals and kitchen displays, each with a token shown once."""

from __future__ import annotations

from uuid import UUID

from fastapi import Response
from pydantic import Field

from brigade.access.allowed import DeviceReader, DeviceUnpairer
from brigade.access.domain.terminals import Device, DeviceKind
from brigade.access.service import terminals as service
from brigade.dining.allowed import DiningRoomManager
from brigade.kit.errors import NotFound
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import DeviceId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import LocationQuery, Page
from brigade.kit.http.types import Name, RequestModel, ResponseModel, Timestamp

router = brigade_router(prefix="/api/devices", tags=["devices"])


class DeviceCreate(RequestModel):
    name: Name = Field(description='What the device is called ("Bar terminal"), 1-200 characters')
    kind: DeviceKind = Field(
        description=(
            "TERMINAL (a till: PIN sign-in), KITCHEN_DISPLAY (the kitchen's screen) "
            "or BOARD (the guests' order-ready board)"
        )
    )
    location_id: UUID = Field(description="The location it works at: its token acts only there")


class DeviceOut(ResponseModel):
    id: UUID = Field(description="The device's id")
    name: str = Field(description="What the device is called")
    kind: DeviceKind = Field(description="TERMINAL, KITCHEN_DISPLAY or BOARD")
    location_id: UUID = Field(description="The location it works at")
    hint: str = Field(
        description="Its token's first characters, to tell it apart (never the whole token)"
    )
    created_at: Timestamp = Field(description="When it was added, in UTC")
    revoked_at: Timestamp | None = Field(
        description="When it was unpaired (its token refused since), in UTC; null while paired"
    )


class NewDevice(DeviceOut):
    token: str = Field(
        description=(
            "The device's token, shown only in this answer: the device sends it as "
            "`Authorization: Bearer`"
        )
    )


class DevicePage(Page[DeviceOut]):
    pass


def device_out(device: Device) -> DeviceOut:
    return DeviceOut.model_validate(device, from_attributes=True)


@router.get("", response_model=DevicePage, responses=problem_responses())
async def list_devices(
    staff: DiningRoomManager,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
) -> DevicePage:
    """Oldest first; revoked devices too, with when they were revoked."""
    found, total = await service.list_devices(
        uow, location_id, page=pagination.page, limit=pagination.limit
    )
    return DevicePage(**pagination.page_of([device_out(device) for device in found], total))


@router.get("/current", response_model=DeviceOut, responses=problem_responses(NotFound))
@located(OWN)
async def get_current_device(actor: DeviceReader, uow: UowDep) -> DeviceOut:
    """The device this token belongs to: a device token's own, or a PIN session's terminal. A
    screen pairs with its token alone and reads its location and kind here. A staff token
    belongs to no device: 404."""
    return device_out(await service.current_device(uow, actor))


@router.post("", status_code=201, response_model=NewDevice, responses=problem_responses())
async def pair_device(
    staff: DiningRoomManager, body: DeviceCreate, uow: UowDep, response: Response
) -> NewDevice:
    """The answer holds the device's token: enter it on the device now, it is not shown again.
    A KITCHEN_DISPLAY acts with the KITCHEN role; a TERMINAL reads the menu and the staff
    directory and signs staff in with their PINs; a BOARD reads the guests' pickup board and
    its events' bare notices only."""
    device, secret = await service.pair_device(
        uow, staff, name=body.name, kind=body.kind, location_id=body.location_id
    )
    response.headers["Location"] = f"/api/devices/{device.id}"
    response.headers["Cache-Control"] = "no-store"
    return NewDevice(**device_out(device).model_dump(), token=secret)


@router.post("/current/unpair", response_model=DeviceOut, responses=problem_responses(NotFound))
@located(OWN)
async def unpair_current_device(actor: DeviceUnpairer, uow: UowDep) -> DeviceOut:
    """The device unpairs itself: revoked as `DELETE /api/devices/{id}` revokes it, so the back
    office lists it as revoked. A MANAGER's (or ADMIN's) own PIN session on it may; the device
    alone, or anyone else's session on it, sends a manager's approval (`Brigade-Approval`,
    action `device.unpair` on its `deviceId`). A staff token belongs to no device: 404."""
    return device_out(await service.unpair_current_device(uow, actor))


@router.delete("/{deviceId}", response_model=DeviceOut, responses=problem_responses(NotFound))
async def revoke_device(staff: DiningRoomManager, device_id: DeviceId, uow: UowDep) -> DeviceOut:
    """Revoke: the device token and every session signed in on it stop at once, for good."""
    return device_out(await service.revoke_device(uow, staff, device_id))
