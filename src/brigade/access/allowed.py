"""The permission aliases access's routes declare, and any other feature's route that needs one
of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.access.domain.approvals import ApprovalAction
from brigade.access.domain.permissions import AccessPermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed

Reader = Annotated[Actor, allowed(AccessPermissions.READ)]
SelfReader = Annotated[Actor, allowed(AccessPermissions.IDENTIFY_SELF)]
DeviceReader = Annotated[Actor, allowed(AccessPermissions.READ_OWN_DEVICE)]
AuditReader = Annotated[Actor, allowed(AccessPermissions.READ_AUDIT)]
StaffAdmin = Annotated[Actor, allowed(AccessPermissions.MANAGE_STAFF)]
DirectoryReader = Annotated[Actor, allowed(AccessPermissions.READ_STAFF_DIRECTORY)]
PinSetter = Annotated[Actor, allowed(AccessPermissions.SET_OWN_PIN)]
LanguageChooser = Annotated[Actor, allowed(AccessPermissions.CHOOSE_OWN_LANGUAGE)]
SignedInStaff = Annotated[Actor, allowed(AccessPermissions.SIGN_OUT)]
# Any device may ask to unpair itself; every other approval takes REQUEST_APPROVAL (the service).
ApprovalSeeker = Annotated[Actor, allowed(AccessPermissions.ASK_TO_UNPAIR)]
# A manager's own PIN session on the device, or the device with a manager's approval.
DeviceUnpairer = Annotated[
    Actor, allowed(AccessPermissions.UNPAIR_OWN_DEVICE, ApprovalAction.DEVICE_UNPAIR)
]
Terminal = Annotated[Actor, allowed(AccessPermissions.SIGN_IN_WITH_PIN)]
