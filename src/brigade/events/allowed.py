"""The permission aliases the events' routes declare, and any other feature's route that needs
one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from brigade.events.domain import EventPermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import PermissionCheck, allowed

EventReader = Annotated[Actor, allowed(EventPermissions.READ_EVENTS)]
# The event stream: a browser's EventSource sends no header, so a one-use ticket may stand in.
EventFollower = Annotated[
    Actor, Depends(PermissionCheck(EventPermissions.READ_EVENTS, takes_ticket=True))
]
