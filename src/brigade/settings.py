"""Configuration from the environment (prefix BRIGADE_); one object, built once."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# scheme://host[:port] as a browser sends it in Origin (no path, no trailing slash), or *.
_ORIGIN = re.compile(r"^(\*|https?://[^/\s]+)$")


# Said at every start with auth off (brigade/app.py logs it, `brigade serve` prints it): a
# constant here, so the command prints it without importing the app.
AUTH_OFF_WARNING = (
    "AUTHENTICATION IS OFF (BRIGADE_AUTH=off): anyone who can reach this server is an admin. "
    "For a local demo only."
)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="BRIGADE_", extra="ignore")

    database_url: str = Field(
        default="sqlite:///./brigade.db",
        description="sqlite:///path/to/file.db or postgresql://user@host:port/dbname",
    )
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = Field(default=1, ge=1)
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    # Pool per worker process for PostgreSQL; SQLite writes go through one connection.
    db_pool_size: int = Field(default=4, ge=1)
    sqlite_busy_timeout_ms: int = Field(default=5000, ge=0)
    max_body_bytes: int = Field(default=1024 * 1024, ge=1024)
    # A request's line and headers must arrive within this of the connection opening (or of
    # their first byte), its body within the second of its headers: else 408 and the connection
    # closes (brigade/serving.py). Slow clients cannot hold connections open for ever.
    header_timeout_seconds: float = Field(default=10, gt=0, le=300)
    body_timeout_seconds: float = Field(default=30, gt=0, le=3600)
    # "off" serves everyone as an admin: for a local demo only, announced loudly at start-up.
    auth: Literal["on", "off"] = "on"
    admin_token: SecretStr | None = Field(
        default=None,
        min_length=32,
        description="Accepted as an ADMIN token (bootstrap); at least 32 characters.",
    )
    auth_failures_per_minute: int = Field(default=20, ge=1)
    # Each worker keeps who a token it has just seen belongs to, for at most this long: the
    # bound on how late a revocation made through another worker or host reaches it (its own
    # revocations reach it at once). 0: every request looks its token up.
    token_cache_seconds: float = Field(default=5, ge=0, le=60)
    # At most this many tokens per worker (least recently used go first).
    token_cache_size: int = Field(default=10_000, ge=0)
    # At most this many catalogue answers kept ready per worker (catalogue/service/ready_menu.py);
    # 0: every read goes to the database.
    catalogue_cache_size: int = Field(default=10_000, ge=0)
    # A tip above this x its payment's amount needs a MANAGER and is audited (design.md §5).
    tip_approval_ratio: Decimal = Field(default=Decimal("0.5"), ge=0, allow_inf_nan=False)
    # Proxies whose X-Forwarded-For names the client (rate limits count per client address);
    # comma list of addresses or networks. Unset: none, the peer is the client.
    forwarded_allow_ips: str | None = None
    cors_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="Comma-separated origins browsers may call from (https://pos.example); "
        "empty: CORS off.",
    )

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            value = [origin.strip() for origin in value.split(",") if origin.strip()]
        for origin in value if isinstance(value, list) else ():
            if not _ORIGIN.match(origin):
                raise ValueError(f"{origin!r} is not an origin like https://pos.example:8443")
        return value

    # GET /metrics in the Prometheus text format, and the timing of every request behind it.
    metrics: Literal["on", "off"] = "on"
    # Each worker renders /metrics at most this often; scrapes in between answer that rendering.
    metrics_cache_seconds: float = Field(default=1, ge=0, le=60)
    # Set: /metrics answers only `Authorization: Bearer <it>` (401 otherwise). Unset: public.
    metrics_token: SecretStr | None = Field(default=None, min_length=32)
    # Events (docs/design.md §8): kept this many days; older cursors answer 410.
    event_retention_days: int = Field(default=7, ge=1)
    # A comment line on every open stream at least this often keeps proxies from closing it.
    event_heartbeat_seconds: float = Field(default=15, gt=0, le=15)
    # A stream ends after this long with a retry hint; the client resumes where it was.
    event_stream_max_seconds: float = Field(default=3600, gt=0)
    # How often an open stream checks its credential again (revoked, signed out, deactivated).
    event_stream_recheck_seconds: float = Field(default=30, gt=0, le=30)
    # How long a stream ticket (POST /api/events/stream-tickets) may wait to be spent: once.
    stream_ticket_seconds: float = Field(default=60, gt=0, le=300)
    # SQLite: how often a worker with open streams looks for new events (PostgreSQL: NOTIFY).
    event_poll_seconds: float = Field(default=0.15, gt=0, le=1)
    # An event whose data would be longer carries a summary and a link instead (an order of
    # 500 items with long modifiers is megabytes; design.md §8's "resource" is then a link).
    event_max_bytes: int = Field(default=64 * 1024, ge=4096)
    # Per worker: the newest events' JSON kept in memory for its open streams, at most.
    event_memory_bytes: int = Field(default=16 * 1024 * 1024, ge=64 * 1024)
    # A catch-up page (GET /api/events) stops early once its events reach this many bytes.
    event_page_bytes: int = Field(default=1024 * 1024, ge=4096)
    # Hosts webhooks may target even on loopback or private addresses (comma list).
    webhook_allow_hosts: str = ""
    # Webhook secrets are derived from this key; unset, one is made and kept in the database.
    webhook_signing_key: SecretStr | None = Field(default=None, min_length=32)
    # How often each worker looks for due webhook deliveries.
    webhook_poll_seconds: float = Field(default=1, gt=0, le=60)

    @property
    def webhook_key(self) -> str | None:
        return self.webhook_signing_key.get_secret_value() if self.webhook_signing_key else None

    @property
    def webhook_allowed_hosts(self) -> frozenset[str]:
        return _hosts(self.webhook_allow_hosts)

    # Printers (docs/design.md §12): "off" still queues print jobs, but this server sends none
    # (another server sharing the database may); how often each worker looks for due jobs.
    printing: Literal["on", "off"] = "on"
    print_poll_seconds: float = Field(default=0.5, gt=0, le=60)
    # Printer hosts exempt from the printer rules (an address on the restaurant's network or a
    # name, on port 9100, 515 or 631): comma list of names or addresses.
    printer_allow_hosts: str = ""

    @property
    def printer_allowed_hosts(self) -> frozenset[str]:
        return _hosts(self.printer_allow_hosts)

    # Card readers (docs/design.md §27). The simulator's AUTOMATIC readers approve this long
    # after a checkout starts; a checkout unanswered this long times out and frees its reader.
    card_simulator_seconds: float = Field(default=1, ge=0, le=60)
    card_checkout_timeout_seconds: float = Field(default=120, gt=0, le=3600)
    # "off": no worker asks the providers by itself (tests drive the poller by hand).
    card_polling: Literal["on", "off"] = "on"
    card_poll_seconds: float = Field(default=1, gt=0, le=60)
    # Stripe Terminal (docs/design.md §27): used once its key is given. The key and the webhook
    # signing secret are secrets: never answered, logged or put in an event. The location is
    # Stripe's (tml_…), where the readers paired here are registered; the base is Stripe's API,
    # or a local fake's in the tests.
    stripe_api_key: SecretStr | None = None
    stripe_webhook_secret: SecretStr | None = None
    stripe_location: str | None = None
    stripe_api_base: str = "https://api.stripe.com"

    # Channels (docs/design.md §29): how often each worker refuses the orders whose window to
    # accept has closed (the channel hears it within this long of the window).
    channel_overdue_poll_seconds: float = Field(default=10, gt=0, le=60)

    # Guests at the tables (docs/design.md §28): the address their phones reach this server at,
    # which each table's QR code points to (https://pos.example.com); unset: the address a
    # manager's request for the code came to.
    public_url: str | None = Field(default=None, pattern=r"^https?://[^\s/]+(/[^\s]*)?$")
    # The limits on a visit's rounds (docs/design.md §28): rounds in any ten minutes, items in
    # one round, and what its rounds may come to, in the location's currency.
    guest_rounds_per_10_minutes: int = Field(default=3, ge=1, le=100)
    guest_items_per_round: int = Field(default=20, ge=1, le=500)
    guest_visit_cap: Decimal = Field(default=Decimal(500), gt=0, le=Decimal(1_000_000))
    # The provider the guests' phones pay through (docs/design.md §28): `simulator` (the demo's
    # and the tests': its test card charges nothing) or `stripe_terminal`; unset, no phone pays
    # here. A payment started on a phone and not paid this long is cancelled.
    guest_payments_provider: str | None = Field(default=None, max_length=40)
    guest_payment_timeout_seconds: float = Field(default=600, gt=0, le=3600)

    # How long a PIN session on a terminal lasts (docs/design.md §10).
    session_hours: int = Field(default=12, ge=1, le=24 * 7)
    # The back office's cookie session ends this long after its last request, and a week after
    # sign-in at most (docs/design.md §7).
    web_session_hours: int = Field(default=12, ge=1, le=24 * 7)
    # Mark the session cookie Secure even when the request reached us over plain HTTP (behind
    # a proxy that ends TLS); an HTTPS request marks it Secure anyway.
    secure_cookies: bool = False
    # Tests only: the first run's setup token instead of a random one (docs/design.md §22).
    setup_token: SecretStr | None = Field(default=None, min_length=20)
    # Wrong PINs, whoever they were typed for, from one device or one client address per
    # window: past them, PIN sign-in and approvals from there answer 429 (docs/security.md).
    pin_failures_per_device: int = Field(default=10, ge=1)
    pin_failures_per_address: int = Field(default=30, ge=1)
    pin_failure_window_seconds: int = Field(default=900, ge=60)
    # Pairing codes one client address may ask for within a code's life (10 minutes), so codes
    # cannot be farmed (docs/security.md): past it, 429 until the oldest runs out.
    pairing_codes_per_address: int = Field(default=30, ge=1)


def _hosts(listed: str) -> frozenset[str]:
    return frozenset(host.strip().lower() for host in listed.split(",") if host.strip())


@lru_cache
def get_settings() -> Settings:
    return Settings()
