"""How access's one event shows its payload: ``security.pin_failures``."""

from __future__ import annotations

from brigade.access.domain.terminals import PinFailureAlert
from brigade.kit.events import register_payload_shape
from brigade.kit.http.types import ResponseModel, Timestamp


class PinFailureAlertOut(ResponseModel):
    """``security.pin_failures``: a device (`device:<id>`) or a client address
    (`address:<ip>`) reached its limit of wrong PINs; PIN sign-in and approvals from it answer
    429 `too_many_wrong_pins` until ``until``."""

    source: str
    failures: int
    window_start: Timestamp
    until: Timestamp

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
