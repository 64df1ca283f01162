"""The per-worker token cache, with no database and no app: freshness, a session's expiry,
the size bound, forgetting what a change affects, and a lookup that raced a change."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from brigade.access.domain.token_cache import Credentials, TokenCache
from brigade.kit.access import Actor, Role, TokenOwner

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def _staff_token(staff_id: uuid.UUID | None = None) -> TokenOwner:
    actor = Actor("Ana", Role.SERVER, staff_id=staff_id or uuid.uuid4(), token_id=uuid.uuid4())
    return TokenOwner(actor, last_used_at=None)


def _session(
    staff_id: uuid.UUID, device_id: uuid.UUID, expires_at: datetime | None = None
) -> TokenOwner:
    actor = Actor(
        "Ana",
        Role.SERVER,
        staff_id=staff_id,
        session_id=uuid.uuid4(),
        device_id=device_id,
        location_id=uuid.uuid4(),
    )
    return TokenOwner(actor, last_used_at=None, expires_at=expires_at or NOW + timedelta(hours=1))


def _device(device_id: uuid.UUID) -> TokenOwner:
    return TokenOwner(Actor("Grill", Role.KITCHEN, device_id=device_id), last_used_at=None)


def _kept(cache: TokenCache, digest: str, owner: TokenOwner, at: float = 0) -> None:
    cache.put(digest, owner, generation=cache.generation, at=at)


def test_an_owner_is_answered_while_fresh_and_dropped_after_the_bound() -> None:
    cache = TokenCache(seconds=5, max_entries=10)
    owner = _staff_token()
    _kept(cache, "d1", owner, at=100)
    assert cache.get("d1", at=104.9, now=NOW) is owner
    assert cache.get("d1", at=105, now=NOW) is None
    # A stale entry is gone, not just hidden.
    assert len(cache) == 0
    assert cache.get("d1", at=100, now=NOW) is None


def test_a_session_is_never_answered_past_its_expiry() -> None:
    cache = TokenCache(seconds=60, max_entries=10)
    session = _session(uuid.uuid4(), uuid.uuid4(), expires_at=NOW + timedelta(seconds=2))
    _kept(cache, "d1", session)
    assert cache.get("d1", at=1, now=NOW + timedelta(seconds=1)) is session
    assert cache.get("d1", at=1, now=NOW + timedelta(seconds=2)) is None


@pytest.mark.parametrize(("seconds", "max_entries"), [(0, 10), (5, 0)])
def test_seconds_or_size_zero_keeps_nothing(seconds: float, max_entries: int) -> None:
    cache = TokenCache(seconds=seconds, max_entries=max_entries)
    _kept(cache, "d1", _staff_token())
    assert cache.get("d1", at=0, now=NOW) is None
    assert len(cache) == 0


def test_past_the_size_the_least_recently_used_goes_first() -> None:
    cache = TokenCache(seconds=60, max_entries=2)
    first, second, third = _staff_token(), _staff_token(), _staff_token()
    _kept(cache, "d1", first)
    _kept(cache, "d2", second)
    assert cache.get("d1", at=1, now=NOW) is first  # d2 is now the least recently used
    _kept(cache, "d3", third)
    assert len(cache) == 2
    assert cache.get("d2", at=1, now=NOW) is None
    assert cache.get("d1", at=1, now=NOW) is first
    assert cache.get("d3", at=1, now=NOW) is third


def test_forgetting_a_token_leaves_the_same_persons_other_tokens() -> None:
    cache = TokenCache(seconds=60, max_entries=10)
    staff_id = uuid.uuid4()
    revoked, other = _staff_token(staff_id), _staff_token(staff_id)
    _kept(cache, "d1", revoked)
    _kept(cache, "d2", other)
    assert revoked.actor.token_id is not None
    assert cache.forget(Credentials("token_id", revoked.actor.token_id)) == 1
    assert cache.get("d1", at=1, now=NOW) is None
    assert cache.get("d2", at=1, now=NOW) is other


def test_forgetting_a_staff_member_drops_their_tokens_and_sessions_only() -> None:
    cache = TokenCache(seconds=60, max_entries=10)
    staff_id, device_id = uuid.uuid4(), uuid.uuid4()
    _kept(cache, "token", _staff_token(staff_id))
    _kept(cache, "session", _session(staff_id, device_id))
    _kept(cache, "device", _device(device_id))
    colleague = _staff_token()
    _kept(cache, "colleague", colleague)
    assert cache.forget(Credentials("staff_id", staff_id)) == 2
    assert cache.get("token", at=1, now=NOW) is None
    assert cache.get("session", at=1, now=NOW) is None
    assert cache.get("device", at=1, now=NOW) is not None
    assert cache.get("colleague", at=1, now=NOW) is colleague


def test_forgetting_a_device_drops_its_token_and_every_session_on_it() -> None:
    cache = TokenCache(seconds=60, max_entries=10)
    device_id = uuid.uuid4()
    elsewhere = _session(uuid.uuid4(), uuid.uuid4())
    _kept(cache, "device", _device(device_id))
    _kept(cache, "ana", _session(uuid.uuid4(), device_id))
    _kept(cache, "ben", _session(uuid.uuid4(), device_id))
    _kept(cache, "elsewhere", elsewhere)
    assert cache.forget(Credentials("device_id", device_id)) == 3
    assert len(cache) == 1
    assert cache.get("elsewhere", at=1, now=NOW) is elsewhere


def test_forgetting_a_session_leaves_the_device_and_other_sessions() -> None:
    cache = TokenCache(seconds=60, max_entries=10)
    staff_id, device_id = uuid.uuid4(), uuid.uuid4()
    ended, other = _session(staff_id, device_id), _session(staff_id, device_id)
    _kept(cache, "ended", ended)
    _kept(cache, "other", other)
    _kept(cache, "device", _device(device_id))
    assert ended.actor.session_id is not None
    assert cache.forget(Credentials("session_id", ended.actor.session_id)) == 1
    assert cache.get("ended", at=1, now=NOW) is None
    assert cache.get("other", at=1, now=NOW) is other


def test_a_lookup_that_began_before_a_forget_is_not_kept() -> None:
    """A request read the token as live, then the revocation committed and was forgotten,
    then the request tries to keep what it read: refused, or the revoked token would be
    served for the whole bound."""
    cache = TokenCache(seconds=60, max_entries=10)
    owner = _staff_token()
    generation = cache.generation
    assert owner.actor.staff_id is not None
    cache.forget(Credentials("staff_id", owner.actor.staff_id))
    cache.put("d1", owner, generation=generation, at=0)
    assert cache.get("d1", at=1, now=NOW) is None
    # Forgetting something else entirely refuses it too: forgets are rare, lookups cheap.
    generation = cache.generation
    cache.forget(Credentials("token_id", uuid.uuid4()))
    cache.put("d1", owner, generation=generation, at=0)
    assert cache.get("d1", at=1, now=NOW) is None
    cache.put("d1", owner, generation=cache.generation, at=0)
    assert cache.get("d1", at=1, now=NOW) is owner


def test_update_records_a_use_without_extending_freshness_or_changing_the_actor() -> None:
    cache = TokenCache(seconds=5, max_entries=10)
    owner = _staff_token()
    _kept(cache, "d1", owner, at=0)
    used = TokenOwner(owner.actor, last_used_at=NOW)
    cache.update("d1", used)
    assert cache.get("d1", at=4, now=NOW) == used
    assert cache.get("d1", at=5, now=NOW) is None
    # Another actor never slips in through update, nor does an unknown digest appear.
    _kept(cache, "d1", owner, at=10)
    cache.update("d1", _staff_token())
    cache.update("d2", owner)
    assert cache.get("d1", at=11, now=NOW) is owner
    assert cache.get("d2", at=11, now=NOW) is None


def test_clear_empties_and_refuses_lookups_already_under_way() -> None:
    cache = TokenCache(seconds=60, max_entries=10)
    generation = cache.generation
    _kept(cache, "d1", _staff_token())
    cache.clear()
    assert len(cache) == 0
    cache.put("d2", _staff_token(), generation=generation, at=0)
    assert len(cache) == 0
