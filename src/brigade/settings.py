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
    db_pool_size: int = Field(default=10, ge=1)
    sqlite_busy_timeout_ms: int = Field(default=5000, ge=0)
    max_body_bytes: int = Field(default=1024 * 1024, ge=1024)
    # "off" serves everyone as an admin: for a local demo only, announced loudly at start-up.
    auth: Literal["on", "off"] = "on"
    admin_token: SecretStr | None = Field(
        default=None,
        min_length=32,
        description="Accepted as an ADMIN token (bootstrap); at least 32 characters.",
    )
    auth_failures_per_minute: int = Field(default=20, ge=1)
    # A tip above this x its payment's amount needs a MANAGER and is audited (DESIGN §5).
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


@lru_cache
def get_settings() -> Settings:
    return Settings()
