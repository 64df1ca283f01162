"""Access's tables: staff, API tokens, the audit log, failed authentications; the dining room's
devices, staff PINs, PIN sessions and approvals (docs/design.md §10)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
)

from brigade.kit.db.tables import metadata, timestamps
from brigade.kit.db.types import UTCDateTime

staff = Table(
    "staff",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("role", String(16), nullable=False),
    Column("is_active", Boolean, nullable=False),
    *timestamps(),
    # The back office's sign-in (docs/design.md §7): the name stored casefolded, the password
    # as a slow salted hash.
    Column("login", String(60), nullable=True),
    Column("password_hash", String(200), nullable=True),
    Column("password_set_at", UTCDateTime(), nullable=True),
    # Their own screens' language; NULL: their location's (docs/design.md §26).
    Column("language", String(8), nullable=True),
    Index("ix_staff_name", "name", "id"),
    Index("uq_staff_login", "login", unique=True),
)

api_tokens = Table(
    "api_tokens",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, ForeignKey("staff.id"), nullable=False),
    Column("name", String(200), nullable=False),
    # SHA-256 of the token; the token itself is shown once and never stored.
    Column("token_digest", String(64), nullable=False),
    Column("hint", String(16), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("last_used_at", UTCDateTime(), nullable=True),
    Column("revoked_at", UTCDateTime(), nullable=True),
    # A scoped token's scopes (access's Scope), sorted; null: everything its role allows.
    Column("scopes", JSON, nullable=True),
    # The one location a bound token acts at (docs/security.md); null: every location.
    Column("location_id", Uuid, nullable=True),
    Index("uq_api_tokens_token_digest", "token_digest", unique=True),
    Index("ix_api_tokens_staff_id", "staff_id"),
    Index("ix_api_tokens_created_at", "created_at", "id"),
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("at", UTCDateTime(), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("staff_id", Uuid, nullable=True),
    Column("staff_name", String(200), nullable=False),
    Column("action", String(40), nullable=False),
    Column("entity_type", String(32), nullable=False),
    Column("entity_id", Uuid, nullable=False),
    Column("before", JSON, nullable=True),
    Column("after", JSON, nullable=True),
    Column("reason", Text, nullable=True),
    # The manager whose PIN approved the action on someone else's terminal session.
    Column("approved_by_id", Uuid, nullable=True),
    Column("approved_by_name", String(200), nullable=True),
    Index("ix_audit_log_at", "at", "id"),
    Index("ix_audit_log_location_at", "location_id", "at", "id"),
    Index("ix_audit_log_action_at", "action", "at", "id"),
    Index("ix_audit_log_staff_at", "staff_id", "at", "id"),
)

# Failed authentications per client address and minute, shared by every worker and host.
auth_failures = Table(
    "auth_failures",
    metadata,
    Column("client", String(64), primary_key=True),
    Column("window_start", UTCDateTime(), primary_key=True),
    Column("failures", Integer, nullable=False),
    Index("ix_auth_failures_window_start", "window_start"),
)


devices = Table(
    "devices",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("location_id", Uuid, nullable=False),
    # SHA-256 of the device token; the token itself is shown once and never stored.
    Column("token_digest", String(64), nullable=False),
    Column("hint", String(16), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("revoked_at", UTCDateTime(), nullable=True),
    Index("uq_devices_token_digest", "token_digest", unique=True),
    Index("ix_devices_created_at", "created_at", "id"),
)


# A staff member's PIN (scrypt, salted) and their wrong-PIN count, shared by every worker.
staff_pins = Table(
    "staff_pins",
    metadata,
    Column("staff_id", Uuid, ForeignKey("staff.id"), primary_key=True),
    Column("pin_hash", String(200), nullable=False),
    Column("set_at", UTCDateTime(), nullable=False),
)


# Wrong PINs for one staff member from one source (a device, or a client address without
# one), and that source's lock: one client cannot lock a person out everywhere.
pin_locks = Table(
    "pin_locks",
    metadata,
    Column("staff_id", Uuid, ForeignKey("staff.id"), primary_key=True),
    Column("source", String(80), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("first_failure_at", UTCDateTime(), nullable=True),
    Column("locked_until", UTCDateTime(), nullable=True),
)


# Wrong PINs from one source, whoever they were typed for, per window: the spray limit.
pin_failures = Table(
    "pin_failures",
    metadata,
    Column("source", String(80), primary_key=True),
    Column("window_start", UTCDateTime(), primary_key=True),
    Column("failures", Integer, nullable=False),
    Index("ix_pin_failures_window_start", "window_start"),
)


staff_sessions = Table(
    "staff_sessions",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, ForeignKey("staff.id"), nullable=False),
    Column("device_id", Uuid, ForeignKey("devices.id"), nullable=False),
    Column("token_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("ended_at", UTCDateTime(), nullable=True),
    Index("uq_staff_sessions_token_digest", "token_digest", unique=True),
    Index("ix_staff_sessions_staff_id", "staff_id"),
)


approvals = Table(
    "approvals",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("token_digest", String(64), nullable=False),
    Column("approver_id", Uuid, ForeignKey("staff.id"), nullable=False),
    # The credential (session, token or device id) whose next write it approves.
    Column("requested_by", String(64), nullable=False),
    # The one action on the one resource it approves (access/domain/approvals.py ApprovalAction).
    Column("action", String(40), nullable=False),
    Column("resource", String(200), nullable=False),
    # The most the change may come to, for an action that moves money (APPROVED_UP_TO).
    Column("amount_cents", BigInteger, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("used_at", UTCDateTime(), nullable=True),
    Index("uq_approvals_token_digest", "token_digest", unique=True),
    Index("ix_approvals_expires_at", "expires_at"),
)


# The back office's cookie sessions (docs/design.md §7): the token's SHA-256, never the token.
web_sessions = Table(
    "web_sessions",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, ForeignKey("staff.id"), nullable=False),
    Column("token_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("last_seen_at", UTCDateTime(), nullable=False),
    Column("ended_at", UTCDateTime(), nullable=True),
    # Opened with a PIN on this paired terminal: it acts at its location and ends with it.
    Column("device_id", Uuid, ForeignKey("devices.id"), nullable=True),
    Index("uq_web_sessions_token_digest", "token_digest", unique=True),
    Index("ix_web_sessions_staff_id", "staff_id"),
)


# One-use tickets that open the event stream without a header (docs/design.md §8): the
# ticket's SHA-256, and the credential that asked for it (its kind and its digest, as stored
# with it), which the stream then acts as and checks again.
stream_tickets = Table(
    "stream_tickets",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("ticket_digest", String(64), nullable=False),
    Column("credential_kind", String(16), nullable=False),
    Column("credential_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("used_at", UTCDateTime(), nullable=True),
    Index("uq_stream_tickets_ticket_digest", "ticket_digest", unique=True),
    Index("ix_stream_tickets_expires_at", "expires_at"),
)


# Wrong passwords per sign-in name (known or not), and its lock.
sign_in_failures = Table(
    "sign_in_failures",
    metadata,
    Column("login", String(60), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("first_failure_at", UTCDateTime(), nullable=True),
    Column("locked_until", UTCDateTime(), nullable=True),
)


# The first run's one-time setup token (docs/design.md §22): its SHA-256; one row at most.
setup_tokens = Table(
    "setup_tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("token_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
)


# A device's pairing code (docs/design.md §23): only digests of its secrets are kept. An
# expired code's digits are set free (NULL) when they are drawn again, so they are unique
# among live codes.
pairing_codes = Table(
    "pairing_codes",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("code", String(6), nullable=True),
    Column("kind", String(16), nullable=False),
    Column("claim_digest", String(64), nullable=False),
    # The device token the claim pairs into: its SHA-256 and hint, never the token.
    Column("token_digest", String(64), nullable=False),
    Column("hint", String(16), nullable=False),
    Column("client_address", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("device_id", Uuid, ForeignKey("devices.id"), nullable=True),
    Column("approved_at", UTCDateTime(), nullable=True),
    Column("claimed_at", UTCDateTime(), nullable=True),
    Index("uq_pairing_codes_code", "code", unique=True),
    Index("uq_pairing_codes_claim_digest", "claim_digest", unique=True),
    Index("ix_pairing_codes_client_address", "client_address", "created_at"),
    Index("ix_pairing_codes_expires_at", "expires_at"),
)
