"""The permission aliases the dining room's routes declare, and any other feature's route that
needs one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.dining.domain.permissions import DiningPermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed

DiningRoomManager = Annotated[Actor, allowed(DiningPermissions.MANAGE_DINING_ROOM)]
LocationAdmin = Annotated[Actor, allowed(DiningPermissions.SET_UP_LOCATIONS)]
