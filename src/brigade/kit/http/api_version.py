"""The API's version: a date, moved on when a change could matter to a client (a field
deprecated, a default changed), and named in CHANGELOG.md. Every answer says it in the
`Brigade-Version` header, so a client logs which contract it spoke to."""

from __future__ import annotations

API_VERSION = "2026-12-07"
HEADER = "Brigade-Version"
