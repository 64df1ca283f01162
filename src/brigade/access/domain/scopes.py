"""What a scoped staff token may be for (docs/security.md): access's names, in the order a
refusal names them. Each feature says which scopes grant each of its permissions, beside it
(``Needs.scopes``); every scope lets a token ask who it acts as."""

from __future__ import annotations

from enum import StrEnum

from brigade.kit.access import declare_scopes


class Scope(StrEnum):
    """What a scoped staff token is for (docs/security.md): it may do only what its role allows
    AND one of its scopes grants, never more than its role."""

    ORDERS_READ = "orders:read"
    ORDERS_WRITE = "orders:write"
    PAYMENTS_READ = "payments:read"
    CATALOGUE_READ = "catalogue:read"
    CATALOGUE_WRITE = "catalogue:write"
    REPORTS_READ = "reports:read"
    AUDIT_READ = "audit:read"
    EVENTS_READ = "events:read"
    WEBHOOKS_WRITE = "webhooks:write"


declare_scopes(Scope)
