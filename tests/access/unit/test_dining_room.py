"""The dining room's rules with no database: timezones and currencies, PIN hashing, the
wrong-PIN lock-out, what a terminal and a kitchen display may do, approvals."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from brigade.access.domain.approvals import (
    APPROVED_UP_TO,
    ApprovalAction,
    approvable,
    approval_ceiling,
    approval_resource,
)
from brigade.access.domain.errors import ApprovalInvalid, NotApprovable, TrivialPin
from brigade.access.domain.lockout import PIN_LOCK_OUT, FailedAttempts
from brigade.access.domain.permissions import AccessPermissions
from brigade.access.domain.staff import permission_to_set_pin
from brigade.access.domain.terminals import (
    Device,
    DeviceKind,
    check_pin,
    device_actor,
    hash_pin,
    is_trivial_pin,
    pin_matches,
    window_start,
)
from brigade.catalogue.domain.permissions import CataloguePermissions
from brigade.dining.domain.rooms import check_currency, check_idle_sign_out, check_timezone
from brigade.kit.access import Actor, Approver, Principal, Role
from brigade.kit.errors import ApprovalExceeded, Forbidden, InvalidInput, OtherLocation
from brigade.orders.domain.permissions import OrderPermissions
from declared import ALL_PERMISSIONS, held_by

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("name", ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata"])
def test_iana_timezones_are_accepted(name: str) -> None:
    assert check_timezone(name) == name


@pytest.mark.parametrize("name", ["", "Mars/Olympus", "europe/paris", "+02:00", "../etc/passwd"])
def test_anything_else_is_not_a_timezone(name: str) -> None:
    with pytest.raises(InvalidInput, match="timezone"):
        check_timezone(name)


def test_currencies_are_iso_4217_codes() -> None:
    for code in ("USD", "EUR", "JPY", "GBP", "CHF"):
        assert check_currency(code) == code
    for code in ("usd", "XXX", "ABC", "EURO", "XTS"):
        with pytest.raises(InvalidInput, match="currency"):
            check_currency(code)


def test_terminals_sign_out_after_30_s_to_an_hour_or_never() -> None:
    for seconds in (30, 180, 3600, None):
        assert check_idle_sign_out(seconds) == seconds
    for seconds in (0, 29, 3601, -180):
        with pytest.raises(InvalidInput, match="idleSignOutSeconds"):
            check_idle_sign_out(seconds)


def test_pins_are_4_to_8_digits() -> None:
    for pin in ("7314", "90817263", "4826"):
        assert check_pin(pin) == pin
    for pin in ("123", "123456789", "12a4", "\uff11\uff12\uff13\uff14", "12 34", ""):
        with pytest.raises(InvalidInput, match="pin"):
            check_pin(pin)


def test_a_pin_is_stored_as_salted_scrypt_with_its_parameters() -> None:
    first, second = hash_pin("4826"), hash_pin("4826")
    assert first != second  # salted
    assert "4826" not in first
    scheme, n, r, p, _salt, _key = first.split("$")
    assert (scheme, int(n), int(r), int(p)) == ("scrypt", 2**14, 8, 1)
    assert pin_matches("4826", first)
    assert not pin_matches("2469", first)


def test_the_fifth_wrong_pin_within_five_minutes_locks_for_five_minutes() -> None:
    attempts = FailedAttempts()
    for minute in range(4):
        attempts = attempts.after_failure(T0 + timedelta(minutes=minute), PIN_LOCK_OUT)
        assert attempts.seconds_locked(T0 + timedelta(minutes=minute)) is None
    assert attempts.failures == 4
    at = T0 + timedelta(minutes=4, seconds=59)
    locked = attempts.after_failure(at, PIN_LOCK_OUT)
    assert locked.seconds_locked(at) == 300
    assert locked.seconds_locked(at + timedelta(minutes=4, seconds=59, microseconds=1)) == 1
    assert locked.seconds_locked(at + timedelta(minutes=5)) is None


def test_wrong_pins_further_apart_than_the_window_start_a_new_count() -> None:
    attempts = FailedAttempts()
    for minute in range(4):
        attempts = attempts.after_failure(T0 + timedelta(minutes=minute), PIN_LOCK_OUT)
    later = attempts.after_failure(T0 + timedelta(minutes=5), PIN_LOCK_OUT)
    assert later.failures == 1
    assert later.seconds_locked(T0 + timedelta(minutes=5)) is None


def _device(kind: DeviceKind) -> Device:
    return Device(uuid.uuid4(), "Bar", kind, uuid.uuid4(), "d" * 64, "brd_abcdef", T0, None)


def test_a_terminal_alone_reads_the_menu_lists_staff_and_signs_them_in_nothing_else() -> None:
    terminal = device_actor(_device(DeviceKind.TERMINAL))
    assert terminal.principal is Principal.TERMINAL
    for permission in ALL_PERMISSIONS:
        if permission in held_by(Principal.TERMINAL):
            terminal.ensure(permission)
        else:
            with pytest.raises(Forbidden, match="sign in with a PIN first"):
                terminal.ensure(permission)


def test_a_kitchen_display_is_the_kitchen_role_and_signs_nobody_in() -> None:
    display = device_actor(_device(DeviceKind.KITCHEN_DISPLAY))
    display.ensure(OrderPermissions.SET_ITEM_STATUS)
    display.ensure(CataloguePermissions.MARK_86)
    for permission in (OrderPermissions.TAKE_ORDERS, AccessPermissions.SIGN_IN_WITH_PIN):
        with pytest.raises(Forbidden):
            display.ensure(permission)


def test_no_staff_token_signs_anyone_in_with_a_pin() -> None:
    with pytest.raises(Forbidden, match="TERMINAL device"):
        Actor(name="Ana", role=Role.ADMIN).ensure(AccessPermissions.SIGN_IN_WITH_PIN)


def test_ones_own_pin_is_ones_own_business_anyone_elses_an_admins() -> None:
    me = uuid.uuid4()
    assert permission_to_set_pin(me, me) is AccessPermissions.SET_OWN_PIN
    assert permission_to_set_pin(me, uuid.uuid4()) is AccessPermissions.MANAGE_STAFF
    assert permission_to_set_pin(None, me) is AccessPermissions.MANAGE_STAFF


def test_an_approved_actor_acts_with_the_managers_role_and_names_them() -> None:
    server = Actor(name="Sam", role=Role.SERVER, staff_id=uuid.uuid4(), session_id=uuid.uuid4())
    manager = Approver(uuid.uuid4(), "Mia")
    approved = server.approved_by(manager, Role.MANAGER)
    approved.ensure(OrderPermissions.VOID_SENT_ITEMS)
    assert (approved.staff_id, approved.name, approved.approver) == (
        server.staff_id,
        "Sam",
        manager,
    )
    assert approved.caller_key == server.caller_key == str(server.session_id)


def test_an_approved_change_comes_to_at_most_the_amount_approved() -> None:
    server = Actor(name="Sam", role=Role.SERVER, staff_id=uuid.uuid4())
    approved = server.approved_by(Approver(uuid.uuid4(), "Mia", up_to_cents=500), Role.MANAGER)
    approved.ensure_approved_up_to(500)
    with pytest.raises(ApprovalExceeded, match=r"Mia approved up to 5\.00"):
        approved.ensure_approved_up_to(501)
    # Without an approval, or one of an action that moves no money, the role alone decides.
    server.ensure_approved_up_to(10**12)
    server.approved_by(Approver(uuid.uuid4(), "Mia"), Role.MANAGER).ensure_approved_up_to(10**12)


@pytest.mark.parametrize("action", list(ApprovalAction))
def test_an_approval_names_an_amount_exactly_when_its_action_moves_money(
    action: ApprovalAction,
) -> None:
    moves_money = action in APPROVED_UP_TO
    with pytest.raises(InvalidInput, match="amount"):
        approval_ceiling(action, None if moves_money else 100)
    assert approval_ceiling(action, 100 if moves_money else None) == (100 if moves_money else None)


@pytest.mark.parametrize(
    "pin",
    ["0000", "1111", "1234", "4321", "0123", "2468", "97531", "1212", "123123", "1984", "2026"],
)
def test_trivial_pins_are_refused(pin: str) -> None:
    assert is_trivial_pin(pin)
    with pytest.raises(TrivialPin):
        check_pin(pin)


@pytest.mark.parametrize("pin", ["7314", "4826", "5173", "90817263", "2815", "1899", "2100"])
def test_other_pins_are_not_trivial(pin: str) -> None:
    assert not is_trivial_pin(pin)


def test_an_approval_names_one_approvable_action_and_its_resource() -> None:
    order_id, item_id = uuid.uuid4(), uuid.uuid4()
    action = approvable("item.void")
    assert action is ApprovalAction.ITEM_VOID
    ids = {"order_id": str(order_id), "item_id": str(item_id)}
    assert approval_resource(action, ids) == f"order_id={order_id}/item_id={item_id}"
    with pytest.raises(ApprovalInvalid):
        approval_resource(action, {"order_id": str(order_id)})
    for never in ("token.create", "staff.update", "printer.create", "product.update", ""):
        with pytest.raises(NotApprovable):
            approvable(never)


def test_a_device_acts_at_its_location_only() -> None:
    here, there = uuid.uuid4(), uuid.uuid4()
    device = Actor(name="Bar", role=Role.KITCHEN, device_id=uuid.uuid4(), location_id=here)
    device.ensure_at(here)
    with pytest.raises(OtherLocation):
        device.ensure_at(there)
    assert device.location_scope(None) == here
    with pytest.raises(OtherLocation):
        device.location_scope(there)
    staff = Actor(name="Ana", role=Role.MANAGER)
    staff.ensure_at(there)
    assert staff.location_scope(None) is None


def test_pin_failure_windows_are_fixed() -> None:
    window = timedelta(minutes=15)
    assert window_start(T0 + timedelta(minutes=14, seconds=59), window) == T0
    assert window_start(T0 + timedelta(minutes=15), window) == T0 + window
