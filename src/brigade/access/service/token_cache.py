"""This worker's token cache (access/domain/token_cache.py): one per process, set up by the app from
``BRIGADE_TOKEN_CACHE_SECONDS`` and ``BRIGADE_TOKEN_CACHE_SIZE``.

Authentication reads and fills it (access/service/staff.py). Every use case that changes who a
token belongs to or what it may do (revoking a token or a device, signing out, changing or
deactivating a staff member) calls ``forget_on_commit``: this worker forgets the affected
entries as soon as the change commits, so its very next request is looked up again. Other
workers and hosts see the change when their entries go stale, within the setting's seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from time import monotonic

from brigade.access.domain.token_cache import Credentials, TokenCache
from brigade.kit.access import TokenOwner
from brigade.kit.db.engine import UnitOfWork

# Off until the app configures it: a CLI command or a test without an app caches nothing.
_CACHE = TokenCache(seconds=0, max_entries=0)


def configure(*, seconds: float, max_entries: int) -> None:
    """Set the cache's bounds and empty it (a new app: perhaps another database)."""
    _CACHE.seconds = seconds
    _CACHE.max_entries = max_entries
    _CACHE.clear()


def cache() -> TokenCache:
    return _CACHE


def cached(digest: str, now: datetime) -> TokenOwner | None:
    return _CACHE.get(digest, at=monotonic(), now=now)


@dataclass(frozen=True, slots=True)
class Lookup:
    """When a lookup began: its answer is trusted from then (not from when it came back), and
    not at all if a change was forgotten meanwhile."""

    generation: int
    at: float


def lookup_started() -> Lookup:
    return Lookup(_CACHE.generation, monotonic())


def keep(digest: str, owner: TokenOwner, lookup: Lookup) -> None:
    """Keep ``owner``, as read by ``lookup``."""
    _CACHE.put(digest, owner, generation=lookup.generation, at=lookup.at)


def forget_on_commit(uow: UnitOfWork, changed: Credentials) -> None:
    """Forget every cached token acting through what ``changed`` names once ``uow`` commits."""
    uow.after_commit(lambda: _CACHE.forget(changed))
