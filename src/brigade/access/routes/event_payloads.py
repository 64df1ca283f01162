"""How access's one event shows its payload: ``security.pin_failures``."""

from __future__ import annotations

from pydantic import Field

from brigade.access.domain.terminals import PinFailureAlert
from brigade.kit.events import register_payload_shape
from brigade.kit.http.types import ResponseModel, Timestamp


class PinFailureAlertOut(ResponseModel):
    """``security.pin_failures``: a device (`device:<id>`) or a client address
    (`address:<ip>`) reached its limit of wrong PINs; PIN sign-in and approvals from it answer
    429 `too_many_wrong_pins` until ``until``."""

    source: str = Field(
        description="Where the wrong PINs came from: `device:<id>` or `address:<ip>`"
    )
    failures: int = Field(description="How many wrong PINs it sent in the window: the limit")
    window_start: Timestamp = Field(description="When the window of the count began, in UTC")
    until: Timestamp = Field(description="When it may try PINs again, in UTC")

    @classmethod
    def of(cls, alert: PinFailureAlert) -> PinFailureAlertOut:
        return cls(
            source=alert.source,
            failures=alert.failures,
            window_start=alert.window_start,
            until=alert.until,
        )


def install_event_payloads() -> None:
    register_payload_shape(
        PinFailureAlert, lambda alert: PinFailureAlertOut.of(alert).model_dump_json()
    )
