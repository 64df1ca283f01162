"""Kitchen stations (docs/design.md §19): what each makes, which station each kitchen display
shows, and the station a request acts as."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any
from uuid import UUID

from brigade.kit.access import Actor
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.ids import new_id
from brigade.kitchen.domain import Station, ensure_station_at
from brigade.kitchen.repository import StationRepository

_KITCHEN_DISPLAY = "KITCHEN_DISPLAY"


async def _checked(uow: UnitOfWork, station: Station) -> Station:
    """The station with its categories once each; they must be live categories of its location,
    and the expo names none (it sees every ticket whole)."""
    category_ids = tuple(dict.fromkeys(station.category_ids))
    if category_ids:
        if station.is_expo:
            raise InvalidInput("categoryIds", "the expo sees every ticket whole: it names none")
        known = await StationRepository(uow).live_categories(station.location_id)
        missing = [str(c) for c in category_ids if c not in known]
        if missing:
            raise InvalidInput("categoryIds", f"no category {', '.join(missing)} at the location")
    return dataclasses.replace(station, category_ids=category_ids)


async def create_station(
    uow: UnitOfWork,
    actor: Actor,
    *,
    location_id: UUID,
    name: str,
    category_ids: Collection[UUID],
    is_expo: bool,
) -> Station:
    actor.ensure_at(location_id)
    at = now()
    station = await _checked(
        uow, Station(new_id(), location_id, name, tuple(category_ids), is_expo, at, at)
    )
    repository = StationRepository(uow)
    await repository.insert(station)
    await repository.changed(station)
    return station


async def list_stations(
    uow: UnitOfWork, actor: Actor, location_id: UUID | None
) -> tuple[list[Station], dict[UUID, UUID]]:
    """The location's stations by name, and each kitchen display's station (device: station)."""
    location = actor.location_scope(location_id)
    if location is None:
        raise InvalidInput("locationId", "name the location whose stations to list")
    repository = StationRepository(uow)
    found = (await repository.of_locations([location]))[location]
    return found, await repository.device_stations(location)


async def get_station(
    uow: UnitOfWork, actor: Actor, station_id: UUID, *, for_update: bool = False
) -> Station:
    station = await StationRepository(uow).get(station_id, for_update=for_update)
    if station is None:
        raise NotFound("kitchen station", station_id)
    actor.ensure_at(station.location_id)
    return station


async def update_station(
    uow: UnitOfWork, actor: Actor, station_id: UUID, changes: Mapping[str, Any]
) -> Station:
    """``changes``: any of name, category_ids, is_expo. A ticket's parts follow at once, and
    the location's screens are told (``kitchen_station.changed``); no change, no event."""
    current = await get_station(uow, actor, station_id, for_update=True)
    changes = dict(changes)
    if "category_ids" in changes:
        changes["category_ids"] = tuple(changes["category_ids"])
    station = await _checked(uow, dataclasses.replace(current, **changes))
    if station != current:
        station = dataclasses.replace(station, updated_at=later_than(current.updated_at))
        repository = StationRepository(uow)
        await repository.save(station)
        await repository.changed(station)
    return station


async def delete_station(uow: UnitOfWork, actor: Actor, station_id: UUID) -> Station:
    """Its displays show every station's work again; its bumps go with it."""
    station = await get_station(uow, actor, station_id, for_update=True)
    repository = StationRepository(uow)
    await repository.delete(station_id)
    await repository.changed(station, deleted=True)
    return station


async def set_device_station(
    uow: UnitOfWork, actor: Actor, device_id: UUID, station_id: UUID | None
) -> Station | None:
    """Which station a kitchen display shows (None: every station's work). The station it left
    and the one it shows now are each announced (``kitchen_station.changed``), so the display
    reads its new board without a reload."""
    repository = StationRepository(uow)
    device = await repository.kitchen_display(device_id)
    if device is None:
        raise NotFound("device", device_id)
    kind, location_id = device
    actor.ensure_at(location_id)
    station = None
    if station_id is not None:
        if kind != _KITCHEN_DISPLAY:
            raise InvalidInput("deviceId", f"device {device_id} is a {kind}, not a KITCHEN_DISPLAY")
        station = await repository.get(station_id)
        if station is None:
            raise InvalidInput("stationId", f"no kitchen station {station_id}")
        ensure_station_at(station, location_id)
    before = await repository.station_of_device(device_id)
    await repository.set_device_station(device_id, None if station is None else station.id)
    if _id_of(before) != _id_of(station):
        for moved in (before, station):
            if moved is not None:
                await repository.changed(moved)
    return station


def _id_of(station: Station | None) -> UUID | None:
    return None if station is None else station.id


async def own_station(uow: UnitOfWork, actor: Actor) -> Station | None:
    """The station of the kitchen display the request comes from (None: none, or no device)."""
    if actor.device_id is None:
        return None
    return await StationRepository(uow).station_of_device(actor.device_id)


async def acting_station(
    uow: UnitOfWork, actor: Actor, station_id: UUID | None, location_id: UUID | None
) -> Station | None:
    """The station a board read, a bump or a recall acts as: the one named (at the location),
    else the calling display's own, else none (the whole ticket, as without stations)."""
    if station_id is None:
        return await own_station(uow, actor)
    station = await StationRepository(uow).get(station_id)
    if station is None:
        raise InvalidInput("stationId", f"no kitchen station {station_id}")
    ensure_station_at(station, location_id)
    return station
