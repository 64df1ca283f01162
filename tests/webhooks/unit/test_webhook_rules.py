"""Webhook rules: the signature a receiver checks, the retry schedule, the SSRF guard."""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import UTC, datetime, timedelta
from uuid import UUID

import pytest

from brigade.kit.errors import Conflict, InvalidInput
from brigade.kit.retries import GiveUp, Retry
from brigade.webhooks.domain import (
    ROTATION_OVERLAP,
    DeliveryAction,
    DeliveryState,
    after_failure,
    check_addresses,
    derive_secret,
    ensure_may,
    ordering_key,
    parse_target,
    signature,
    signing_secrets,
    standard_signature,
)

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def test_the_signature_is_hmac_sha256_of_timestamp_dot_body() -> None:
    body = b'{"id":1,"type":"order.created"}'
    header = signature(["whsec_abc"], 1_763_900_000, body)
    expected = hmac.new(b"whsec_abc", b"1763900000." + body, hashlib.sha256).hexdigest()
    assert header == f"t=1763900000,v1={expected}"
    # Any change to the body, the time or the secret changes it.
    assert signature(["whsec_abc"], 1_763_900_000, body + b" ") != header
    assert signature(["whsec_abc"], 1_763_900_001, body) != header
    assert signature(["whsec_abd"], 1_763_900_000, body) != header
    # Two secrets (a rotation's overlap): one v1= entry each, the current first.
    both = signature(["whsec_abc", "whsec_old"], 1_763_900_000, body)
    assert both.startswith(header + ",v1=")
    assert both.count("v1=") == 2


def test_the_standard_signature_is_keyed_by_the_decoded_secret() -> None:
    key = bytes(range(32))
    secret = "whsec_" + base64.b64encode(key).decode()
    body = b'{"id":1}'
    header = standard_signature([secret], "msg_1", 1_763_900_000, body)
    digest = hmac.new(key, b"msg_1.1763900000." + body, hashlib.sha256).digest()
    assert header == "v1," + base64.b64encode(digest).decode()
    assert standard_signature([secret], "msg_2", 1_763_900_000, body) != header
    old = "whsec_" + base64.b64encode(b"o" * 32).decode()
    assert standard_signature([secret, old], "msg_1", 1_763_900_000, body).split(" ")[0] == header


def test_secrets_are_derived_per_webhook_and_per_key() -> None:
    one, two = UUID(int=1), UUID(int=2)
    assert derive_secret(b"k" * 32, one) == derive_secret(b"k" * 32, one)
    assert derive_secret(b"k" * 32, one) != derive_secret(b"k" * 32, two)
    assert derive_secret(b"k" * 32, one) != derive_secret(b"j" * 32, one)
    assert derive_secret(b"k" * 32, one).startswith("whsec_")


def test_secret_versions_from_one_are_base64_of_32_bytes_and_zero_stays_hex() -> None:
    one = UUID(int=1)
    hex_secret = derive_secret(b"k" * 32, one, 0)
    assert hex_secret == derive_secret(b"k" * 32, one)
    int(hex_secret.removeprefix("whsec_"), 16)
    versions = {derive_secret(b"k" * 32, one, version) for version in (0, 1, 2, 3)}
    assert len(versions) == 4
    for version in (1, 2):
        encoded = derive_secret(b"k" * 32, one, version).removeprefix("whsec_")
        assert len(base64.b64decode(encoded, validate=True)) == 32


def test_the_previous_secret_signs_only_during_the_overlap() -> None:
    one = UUID(int=1)
    current, previous = derive_secret(b"k" * 32, one, 2), derive_secret(b"k" * 32, one, 1)
    during = T0 + ROTATION_OVERLAP - timedelta(seconds=1)
    assert signing_secrets(b"k" * 32, one, 2, T0, during) == [current, previous]
    assert signing_secrets(b"k" * 32, one, 2, T0, T0 + ROTATION_OVERLAP) == [current]
    assert signing_secrets(b"k" * 32, one, 1, None, T0) == [derive_secret(b"k" * 32, one, 1)]


def test_deliveries_are_ordered_by_their_order_else_their_entity_else_alone() -> None:
    order, entity = UUID(int=7), UUID(int=8)
    assert ordering_key("item.added", order, entity, 1) == f"order:{order}"
    assert ordering_key("order.created", order, order, 2) == f"order:{order}"
    assert ordering_key("product.updated", None, entity, 3) == f"product:{entity}"
    assert ordering_key("security.pin_failures", None, None, 4) == "event:4"


def test_retries_double_from_one_second_up_to_an_hour() -> None:
    delays = []
    attempts, since = 0, None
    moment = T0
    for _ in range(16):
        step = after_failure(attempts, since, moment)
        assert isinstance(step, Retry)
        delays.append((step.at - moment).total_seconds())
        attempts, since, moment = step.attempts, step.retrying_since, step.at
    assert delays[:5] == [1, 2, 4, 8, 16]
    assert max(delays) == 3600
    assert delays[-1] == 3600
    assert since == T0


def test_after_24_hours_of_failures_the_event_is_given_up() -> None:
    assert isinstance(after_failure(30, T0, T0 + timedelta(hours=23, minutes=59)), Retry)
    assert isinstance(after_failure(30, T0, T0 + timedelta(hours=24)), GiveUp)


@pytest.mark.parametrize(
    ("url", "host", "port"),
    [
        ("https://Example.COM/hook", "example.com", 443),
        ("http://example.com/hook", "example.com", 80),
        ("http://example.com:8080/x?y=1", "example.com", 8080),
        ("http://[2001:db8::1]/x", "2001:db8::1", 80),
    ],
)
def test_targets_parse_to_host_and_port(url: str, host: str, port: int) -> None:
    target = parse_target(url)
    assert (target.host, target.port) == (host, port)


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/",
        "example.com/hook",
        "https://",
        "http://u:p@example.com/",
        "http://x:0x/",
    ],
)
def test_other_urls_are_invalid(url: str) -> None:
    with pytest.raises(InvalidInput):
        parse_target(url)


@pytest.mark.parametrize(
    "addresses",
    [
        ["127.0.0.1"],
        ["10.1.2.3"],
        ["93.184.215.14", "192.168.0.4"],
        ["169.254.169.254"],
        ["::1"],
        ["fe80::1%eth0"],
        ["::ffff:10.0.0.1"],
        ["fd00::1"],
        ["224.0.0.1"],
        [],
    ],
)
def test_non_public_or_unresolved_addresses_are_refused(addresses: list[str]) -> None:
    with pytest.raises(InvalidInput, match="url"):
        check_addresses(parse_target("http://hooks.example/x"), addresses, allowed_hosts=())


def test_public_addresses_and_allowed_hosts_pass() -> None:
    target = parse_target("http://hooks.example/x")
    check_addresses(target, ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"], ())
    check_addresses(target, ["127.0.0.1"], allowed_hosts={"hooks.example"})


@pytest.mark.parametrize(
    ("action", "state", "allowed"),
    [
        (DeliveryAction.RESEND, DeliveryState.PENDING, False),
        (DeliveryAction.RESEND, DeliveryState.DELIVERED, True),
        (DeliveryAction.RESEND, DeliveryState.FAILED, True),
        (DeliveryAction.RESEND, DeliveryState.SKIPPED, True),
        (DeliveryAction.SKIP, DeliveryState.PENDING, True),
        (DeliveryAction.SKIP, DeliveryState.DELIVERED, False),
        (DeliveryAction.SKIP, DeliveryState.FAILED, True),
        (DeliveryAction.SKIP, DeliveryState.SKIPPED, False),
    ],
)
def test_a_person_resends_a_delivery_no_longer_pending_and_skips_one_not_yet_delivered(
    action: DeliveryAction, state: DeliveryState, allowed: bool
) -> None:
    delivery_id = UUID(int=7)
    if allowed:
        ensure_may(action, state, delivery_id)
    else:
        with pytest.raises(Conflict, match=f"is {state}"):
            ensure_may(action, state, delivery_id)
