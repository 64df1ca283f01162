"""What the report tests share: a clock the order services read (to place orders and payments
on business days), an answer's JSON checked, and the sales report of some days."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from factories import LOCATION, AppClient


class Clock:
    """What the order services take as now."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment


def ok(response: Any) -> Any:
    assert response.status_code in (200, 201), response.text
    return response.json()


def sales_report(client: AppClient, **params: Any) -> dict[str, Any]:
    report: dict[str, Any] = ok(
        client.get("/api/reports/sales", params={"locationId": LOCATION} | params)
    )
    return report
