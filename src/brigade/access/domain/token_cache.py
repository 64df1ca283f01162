"""Who recently presented tokens belong to, kept by each worker so that a request with a token
it has just seen skips the lookup (docs/decisions.md, "A per-worker token cache").

Keyed by a token's SHA-256 digest, never the token. An entry is trusted for at most
``seconds``: the bound on how long a change made through another worker or host can go
unseen here. It never outlives its credential's own expiry (a PIN session's). Changes made
through this worker forget the entries they touch once they commit (access/service/token_cache.py).

A lookup that began before a change was forgotten must not put its answer back afterwards:
it may have read the row before the change committed. ``generation`` moves on at every
forget, and ``put`` refuses an answer read under an older one.

Times come from the caller: ``at`` is a monotonic clock's seconds (freshness), ``now`` the
wall clock (a session's expiry).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Literal
from uuid import UUID

from brigade.kit.access import Actor, TokenOwner


@dataclass(frozen=True, slots=True)
class _Entry:
    owner: TokenOwner
    fresh_until: float

    def usable(self, at: float, now: datetime) -> bool:
        expires_at = self.owner.expires_at
        return at < self.fresh_until and (expires_at is None or now < expires_at)


# What a token acts through, by the ``Actor`` field that names it.
Through = Literal["token_id", "staff_id", "device_id", "session_id", "web_session_id"]


@dataclass(frozen=True, slots=True)
class Credentials:
    """What a change affects: every token acting through this token, staff member (their
    staff tokens and PIN sessions), device (its token and the sessions on it) or session."""

    through: Through
    id: UUID

    def cover(self, actor: Actor) -> bool:
        held: UUID | None = getattr(actor, self.through)
        return held == self.id


class TokenCache:
    """Token digest → its owner, least recently used first, at most ``max_entries`` of them.

    ``seconds`` 0 (or ``max_entries`` 0) keeps nothing: every request looks its token up.
    """

    def __init__(self, *, seconds: float, max_entries: int) -> None:
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._generation = 0
        self.seconds = seconds
        self.max_entries = max_entries

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, digest: object) -> bool:
        return digest in self._entries

    @property
    def generation(self) -> int:
        """Take it before looking a token up; hand it to ``put`` with the answer."""
        return self._generation

    def get(self, digest: str, *, at: float, now: datetime) -> TokenOwner | None:
        """The owner of the token with this digest, if known here and still fresh."""
        entry = self._entries.get(digest)
        if entry is None:
            return None
        if not entry.usable(at, now):
            del self._entries[digest]
            return None
        self._entries.move_to_end(digest)
        return entry.owner

    def put(self, digest: str, owner: TokenOwner, *, generation: int, at: float) -> None:
        """Keep ``owner``, read from the database under ``generation``, for ``seconds``."""
        if generation != self._generation or self.seconds <= 0 or self.max_entries <= 0:
            return
        self._entries[digest] = _Entry(owner, at + self.seconds)
        self._entries.move_to_end(digest)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    def update(self, digest: str, owner: TokenOwner) -> None:
        """Replace a kept owner, keeping its freshness (its last use was recorded)."""
        entry = self._entries.get(digest)
        if entry is not None and entry.owner.actor == owner.actor:
            self._entries[digest] = _Entry(owner, entry.fresh_until)

    def forget(self, changed: Credentials) -> int:
        """Drop every entry acting through what ``changed`` names; answers how many."""
        self._generation += 1
        entries = self._entries.items()
        doomed = [digest for digest, entry in entries if changed.cover(entry.owner.actor)]
        for digest in doomed:
            del self._entries[digest]
        return len(doomed)

    def clear(self) -> None:
        self._generation += 1
        self._entries.clear()
