"""A PIN, sign-in name and password given with a staff member's creation or change
(access/domain/sign_in.py): each value's own rules, and what fits what the person has."""

from __future__ import annotations

import pytest

from brigade.access.domain.errors import TrivialPin, WeakPassword
from brigade.access.domain.sign_in import SignInChanges
from brigade.kit.changes import UNSET
from brigade.kit.errors import InvalidInput

PASSWORD = "correct horse battery"


def test_the_sign_in_name_is_kept_casefolded() -> None:
    checked = SignInChanges(pin="4826", login=" Ana@Example.com ", password=PASSWORD).checked()
    assert checked == SignInChanges(pin="4826", login="ana@example.com", password=PASSWORD)


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        (SignInChanges(pin="1234"), TrivialPin),
        (SignInChanges(pin="12a4"), InvalidInput),
        (SignInChanges(password="abababababab"), WeakPassword),
        (SignInChanges(login="a b c"), InvalidInput),
    ],
)
def test_each_value_keeps_its_own_rules(changes: SignInChanges, refusal: type[Exception]) -> None:
    with pytest.raises(refusal):
        changes.checked()


@pytest.mark.parametrize(
    ("changes", "login", "has_password", "field"),
    [
        (SignInChanges(password=PASSWORD), None, False, "login"),
        (SignInChanges(login=None, password=PASSWORD), "ana", True, "login"),
        (SignInChanges(login="ana"), None, False, "password"),
        (SignInChanges(login="bea"), "ana", False, "password"),
    ],
)
def test_a_password_needs_a_sign_in_name_and_a_new_name_a_password(
    changes: SignInChanges, login: str | None, has_password: bool, field: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        changes.ensure_fit(login=login, has_password=has_password)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("changes", "login", "has_password"),
    [
        (SignInChanges(password=PASSWORD), "ana", True),
        (SignInChanges(login="bea", password=PASSWORD), None, False),
        (SignInChanges(login="bea"), "ana", True),
        (SignInChanges(login=None), "ana", True),
        (SignInChanges(login="ana"), "ana", False),
        (SignInChanges(pin="4826"), None, False),
    ],
)
def test_what_fits(changes: SignInChanges, login: str | None, has_password: bool) -> None:
    changes.ensure_fit(login=login, has_password=has_password)


def test_a_name_changes_alone_only_without_a_password() -> None:
    assert SignInChanges(login="bea").login_change("ana") == "bea"
    assert SignInChanges(login=None).login_change("ana") is None
    assert SignInChanges(login="ana").login_change("ana") is UNSET
    assert SignInChanges(login="bea", password=PASSWORD).login_change("ana") is UNSET
    assert SignInChanges(pin="4826").login_change("ana") is UNSET
