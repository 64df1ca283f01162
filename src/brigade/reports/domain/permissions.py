"""The reports' permissions and who holds each (docs/design.md §7, §13): reads, the Z, a
server's checkout."""

from __future__ import annotations

from brigade.access.domain.scopes import Scope
from brigade.kit.access import Needs, Permission, Role, declare_permissions


class ReportPermissions(Permission):
    READ_REPORTS = "read sales reports"
    CLOSE_DAY = "close the business day with a Z report"
    READ_CHECKOUT = "read a server's checkout (one's own; a manager's anyone's)"


# The reports scope reads reports, X and Z, the journal, shifts and checkouts; it never closes
# the day.
PERMISSIONS = declare_permissions(
    {
        ReportPermissions.READ_REPORTS: Needs(Role.MANAGER, scopes=frozenset({Scope.REPORTS_READ})),
        ReportPermissions.CLOSE_DAY: Needs(Role.MANAGER),
        ReportPermissions.READ_CHECKOUT: Needs(Role.SERVER, scopes=frozenset({Scope.REPORTS_READ})),
    }
)
