"""The permission aliases the till's routes declare, and any other feature's route that needs
one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.access.domain.approvals import ApprovalAction
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed
from brigade.till.domain import TillPermissions

# The till (docs/design.md §17).
DrawerOpener = Annotated[Actor, allowed(TillPermissions.OPEN_DRAWERS)]
DrawerManager = Annotated[Actor, allowed(TillPermissions.MANAGE_DRAWERS)]
# A server's pay-in, pay-out, no-sale and count take a manager's approval on that drawer.
DrawerMover = Annotated[
    Actor, allowed(TillPermissions.MANAGE_DRAWERS, ApprovalAction.CASH_DRAWER_MOVEMENT)
]
DrawerCloser = Annotated[
    Actor, allowed(TillPermissions.MANAGE_DRAWERS, ApprovalAction.CASH_DRAWER_CLOSE)
]
OwnDrawerReader = Annotated[Actor, allowed(TillPermissions.READ_OWN_DRAWER)]
ClockPuncher = Annotated[Actor, allowed(TillPermissions.CLOCK_IN)]
ShiftReader = Annotated[Actor, allowed(TillPermissions.READ_SHIFTS)]
