"""The permission aliases the pickup board's routes declare, and any other feature's route that
needs one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed
from brigade.pickup.domain import PickupPermissions

PickupBoardReader = Annotated[Actor, allowed(PickupPermissions.READ_PICKUP_BOARD)]
