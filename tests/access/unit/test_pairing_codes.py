"""A pairing code's rules (docs/design.md §23): how a typed code is read, the token a claim
pairs into, and what a claim answers as time passes. No database."""

from __future__ import annotations

import re
import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from brigade.access.domain.pairing import (
    CLAIM_AFTER_APPROVAL,
    CODE_LIFETIME,
    ClaimState,
    PairingCode,
    device_token_for,
    new_claim,
    new_code,
    normalised_code,
)
from brigade.access.domain.terminals import DeviceKind

AT = datetime(2026, 11, 27, 6, 0, tzinfo=UTC)
CODE = PairingCode(
    id=uuid.uuid4(),
    code="482913",
    kind=DeviceKind.TERMINAL,
    claim_digest="c" * 64,
    token_digest="t" * 64,
    hint="brd_abcdef",
    client_address="10.0.0.7",
    created_at=AT,
    expires_at=AT + CODE_LIFETIME,
    device_id=None,
    approved_at=None,
    claimed_at=None,
)


@pytest.mark.parametrize("typed", ["482913", "482 913", "482-913", " 482 913 ", "482.913"])
def test_the_ways_people_type_a_code_read_as_its_digits(typed: str) -> None:
    assert normalised_code(typed) == "482913"


@pytest.mark.parametrize("typed", ["", "48291", "4829134", "48291a", "482_913", "٤٨٢٩١٣"])
def test_anything_but_six_digits_is_no_code(typed: str) -> None:
    assert normalised_code(typed) is None


def test_a_new_code_is_six_digits_and_a_claim_a_long_secret() -> None:
    assert all(re.fullmatch(r"[0-9]{6}", new_code()) for _ in range(200))
    claims = {new_claim() for _ in range(50)}
    assert len(claims) == 50
    assert all(claim.startswith("brp_") and len(claim) >= 40 for claim in claims)


def test_a_claim_pairs_into_one_device_token_of_its_own() -> None:
    claim = new_claim()
    token = device_token_for(claim)
    assert re.fullmatch(r"brd_[A-Za-z0-9_-]{43}", token)
    assert device_token_for(claim) == token
    assert device_token_for(new_claim()) != token


def test_a_claim_waits_then_expires_with_its_code() -> None:
    assert CODE.is_live(AT + CODE_LIFETIME - timedelta(microseconds=1))
    assert not CODE.is_live(AT + CODE_LIFETIME)
    assert CODE.claim_state(AT + timedelta(minutes=9)) is ClaimState.PENDING
    assert CODE.claim_state(AT + CODE_LIFETIME) is ClaimState.EXPIRED


def test_an_approved_code_is_collected_once_a_little_past_its_life() -> None:
    approved_at = AT + timedelta(minutes=9, seconds=30)
    approved = replace(CODE, approved_at=approved_at)
    last_moment = approved_at + CLAIM_AFTER_APPROVAL - timedelta(microseconds=1)
    assert approved.claim_state(last_moment) is ClaimState.PAIRED
    assert approved.claim_state(last_moment + timedelta(microseconds=1)) is ClaimState.EXPIRED
    early = replace(CODE, approved_at=AT + timedelta(minutes=1))
    assert early.claim_deadline() == CODE.expires_at
    claimed = replace(approved, claimed_at=AT + timedelta(minutes=9, seconds=31))
    assert claimed.claim_state(AT + timedelta(minutes=9, seconds=32)) is ClaimState.USED
