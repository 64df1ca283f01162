"""The back office's sign-in rules (access/domain/passwords.py): names, passwords, the
lock-out's count, a session's expiry, who may set whose password."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import uuid4

import pytest

from brigade.access.domain.lockout import PASSWORD_LOCK_OUT, FailedAttempts
from brigade.access.domain.passwords import (
    MAX_WEB_SESSION,
    WebSession,
    check_login,
    check_password,
    ensure_may_set_password,
    hash_password,
    password_matches,
)
from brigade.kit.access import Actor, Principal, Role
from brigade.kit.errors import Forbidden, InvalidInput

T0 = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
IDLE = timedelta(hours=12)


@pytest.mark.parametrize("login", ["ana", "Ana.Lopez@Example.com", "chef_1", "a+b@c.io"])
def test_good_sign_in_names_are_kept_casefolded(login: str) -> None:
    assert check_login(f" {login} ") == login.casefold()


@pytest.mark.parametrize("login", ["ab", "x" * 61, "ana lopez", "ana\u202e", "né\x00", "josé"])
def test_bad_sign_in_names_are_refused(login: str) -> None:
    with pytest.raises(InvalidInput):
        check_login(login)


@pytest.mark.parametrize("password", ["short", "123456789", "aaaaaaaaaaaa", "abababababab"])
def test_weak_passwords_are_refused(password: str) -> None:
    with pytest.raises(InvalidInput):
        check_password(password)


def test_a_password_is_hashed_salted_and_checked() -> None:
    first, second = hash_password("correct horse"), hash_password("correct horse")
    assert first != second
    assert "correct horse" not in first
    assert password_matches("correct horse", first)
    assert not password_matches("correct horsf", first)


def test_the_tenth_wrong_password_within_15_minutes_locks_for_15_minutes() -> None:
    attempts = FailedAttempts()
    for minute in range(9):
        attempts = attempts.after_failure(T0 + timedelta(minutes=minute), PASSWORD_LOCK_OUT)
        assert attempts.seconds_locked(T0 + timedelta(minutes=minute)) is None
    tenth = T0 + timedelta(minutes=14)
    attempts = attempts.after_failure(tenth, PASSWORD_LOCK_OUT)
    assert attempts.seconds_locked(tenth) == 15 * 60
    assert attempts.seconds_locked(tenth + timedelta(minutes=15)) is None


def test_wrong_passwords_spread_over_more_than_15_minutes_start_again() -> None:
    attempts = FailedAttempts()
    for minute in range(9):
        attempts = attempts.after_failure(T0 + timedelta(minutes=minute), PASSWORD_LOCK_OUT)
    late = T0 + timedelta(minutes=16)
    attempts = attempts.after_failure(late, PASSWORD_LOCK_OUT)
    assert (attempts.failures, attempts.seconds_locked(late)) == (1, None)


def _session(last_seen: datetime, ended: datetime | None = None) -> WebSession:
    return WebSession(uuid4(), uuid4(), "digest", T0, last_seen, ended)


def test_a_session_ends_when_idle() -> None:
    session = _session(T0 + timedelta(hours=3))
    assert session.is_live(T0 + timedelta(hours=14, minutes=59), IDLE)
    assert not session.is_live(T0 + timedelta(hours=15), IDLE)


def test_a_session_ends_a_week_after_sign_in_however_busy() -> None:
    week = T0 + MAX_WEB_SESSION
    session = _session(week - timedelta(minutes=1))
    assert session.expires_at(IDLE) == week
    assert not session.is_live(week, IDLE)


def test_an_ended_session_is_over() -> None:
    assert not _session(T0, ended=T0).is_live(T0 + timedelta(seconds=1), IDLE)


def test_who_may_set_whose_password() -> None:
    target = uuid4()
    manager = Actor(name="M", role=Role.MANAGER, staff_id=uuid4())
    ensure_may_set_password(manager, target, Role.SERVER)
    ensure_may_set_password(manager, target, Role.MANAGER)
    with pytest.raises(Forbidden):
        ensure_may_set_password(manager, target, Role.ADMIN)
    ensure_may_set_password(Actor(name="A", role=Role.ADMIN), target, Role.ADMIN)
    ensure_may_set_password(Actor(name="S", role=Role.SERVER, staff_id=target), target, Role.SERVER)
    with pytest.raises(Forbidden):
        ensure_may_set_password(Actor(name="S", role=Role.SERVER), target, Role.KITCHEN)
    terminal = Actor(name="T", role=Role.KITCHEN, principal=Principal.TERMINAL)
    with pytest.raises(Forbidden):
        ensure_may_set_password(terminal, target, Role.KITCHEN)
