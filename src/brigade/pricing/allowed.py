"""The permission aliases pricing's routes declare, and any other feature's route that needs one
of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed
from brigade.pricing.domain import PricingPermissions

PriceSetter = Annotated[Actor, allowed(PricingPermissions.SET_PRICES)]
