"""Answers a worker keeps ready to send: JSON bytes with their ETag, by location.

What an answer says may change only through a change that commits with its events (the
outbox, kit/db/outbox.py). A change made in this worker drops its location's answers as it
commits (``drop``, from the unit of work's hook); a change made elsewhere, when the worker's
event waiter reads it from the log (events/service.py, ``EventWaiter``: polling every
``BRIGADE_EVENT_POLL_SECONDS`` on SQLite, woken by NOTIFY on PostgreSQL). While the waiter is
not following the log (not yet started, or it lost the log), nothing is kept.

A route serves them through its route class (kit/http/routing.py, ``answers_kept_in``): a
request it has a kept answer for skips the endpoint, once the caller is authenticated and has
the route's permission. A request that misses takes a ``Ticket`` before its transaction begins
and keeps its answer only if nothing was dropped meanwhile (the generation): an answer read
from a snapshot older than a change the worker has already heard of is never kept after it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from uuid import UUID

from brigade.kit.http.conditional import body_etag


@dataclass(frozen=True, slots=True)
class ReadyAnswer:
    body: bytes
    etag: str
    # The location whose changes replace it; None: an answer across locations, replaced by
    # any location's change.
    location_id: UUID | None

    def serves(self, caller_location_id: UUID | None) -> bool:
        """Whether it may go to a caller at ``caller_location_id``: only at its location (a
        device, its PIN session), or of no one location (a staff token)."""
        return caller_location_id is None or caller_location_id == self.location_id


@dataclass(frozen=True, slots=True)
class Ticket:
    """A missed read's right to keep its answer: the generation it started in."""

    generation: int


class ReadyAnswers:
    """One worker's answers. ``max_entries`` 0: keeps nothing (a CLI command, a test without an
    app). ``start_following``: asks the event waiter to follow the log for it (app.py); the
    waiter then calls ``following``, ``lost`` and ``drop``."""

    def __init__(self, max_entries: int = 0) -> None:
        self.max_entries = max_entries
        self.generation = 0
        self.is_following = False
        self.start_following: Callable[[], None] | None = None
        self._asked_to_follow = False
        self._answers: dict[Hashable, ReadyAnswer] = {}
        self._keys_at: dict[UUID | None, set[Hashable]] = {}

    def configure(self, *, max_entries: int, start_following: Callable[[], None] | None) -> None:
        """A new app: perhaps another database. Empties it and stops trusting the old waiter."""
        self.max_entries = max_entries
        self.start_following = start_following
        self._asked_to_follow = False
        self.lost()

    def __len__(self) -> int:
        return len(self._answers)

    def get(self, key: Hashable) -> ReadyAnswer | None:
        return self._answers.get(key)

    def ticket(self) -> Ticket | None:
        """Taken by a read that missed, before it reads; None when its answer cannot be kept."""
        if not self.is_following:
            if not self._asked_to_follow and self.max_entries and self.start_following:
                self._asked_to_follow = True
                self.start_following()
            return None
        return Ticket(self.generation)

    def keep(self, key: Hashable, answer: ReadyAnswer, ticket: Ticket | None) -> None:
        """Keep ``answer`` if nothing was dropped since ``ticket`` and there is room."""
        if (
            ticket is None
            or ticket.generation != self.generation
            or len(self._answers) >= self.max_entries
        ):
            return
        self._answers[key] = answer
        self._keys_at.setdefault(answer.location_id, set()).add(key)

    def drop(self, location_id: UUID | None) -> None:
        """Something at ``location_id`` changed: its answers, and those across locations, go.
        None: a change of no one location, every answer goes."""
        self.generation += 1
        if location_id is None:
            self._forget_all()
            return
        for location in (location_id, None):
            for key in self._keys_at.pop(location, ()):
                del self._answers[key]

    def following(self) -> None:
        """The waiter follows the log from now on (it has just read it through): a read that
        starts now may be kept."""
        if not self.is_following:
            self.generation += 1
            self.is_following = True

    def lost(self) -> None:
        """The waiter stopped following (an error, the LISTEN connection lost, the worker
        stopping): changes could go unheard, so nothing is kept until it follows again."""
        self.is_following = False
        self.generation += 1
        self._forget_all()

    def _forget_all(self) -> None:
        self._answers.clear()
        self._keys_at.clear()


def ready(body: bytes, location_id: UUID | None) -> ReadyAnswer:
    return ReadyAnswer(body, body_etag(body).decode(), location_id)
