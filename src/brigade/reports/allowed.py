"""The permission aliases the reports' routes declare, and any other feature's route that needs
one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed
from brigade.reports.domain.permissions import ReportPermissions

ReportReader = Annotated[Actor, allowed(ReportPermissions.READ_REPORTS)]
DayCloser = Annotated[Actor, allowed(ReportPermissions.CLOSE_DAY)]
CheckoutReader = Annotated[Actor, allowed(ReportPermissions.READ_CHECKOUT)]
