"""The capacity model: how many restaurants one core serves at their peak, from the rush's
measured orders/s, keeping the p99 under its target. Every assumption is a constant below;
the report's section spells the derivation out with the figures of the run."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rush import READS_PER_WRITE, REQUESTS_PER_ORDER

if TYPE_CHECKING:
    from run import Result

# The peak: a 120-seat restaurant's busiest hour.
SEATS = 120  # a mid-size full-service dining room
PEAK_COVERS_PER_HOUR = 120  # the whole room seated within its busiest hour (19:00 on a Friday)
PEAK_BURST = 2.0  # the busiest quarter of that hour runs at twice the hour's average rate
COVERS_PER_CHECK = 2.5  # an average party; one check per table
# What a check does on the terminal (the rush's order does 3 items, 1 send, 1 discount,
# 2 payments; a real check differs, so it is counted in requests, not in orders).
ITEMS_PER_COVER = 3  # a drink, a main, a starter or a dessert
SENDS_PER_CHECK = 3  # drinks, starters, mains: each a send to the kitchen
DISCOUNTS_PER_CHECK = 0.2  # one check in five
PAYMENTS_PER_CHECK = 1.5  # half the tables split the bill in two
# The terminal reads the catalogue after each write as the rush does (READS_PER_WRITE); the
# completion is read-free, as in the rush.
# Screens: each holds one event stream on the server (the terminal's floor and check, the
# kitchen display's board); idle they send no request (results-kitchen.md).
TERMINALS_PER_RESTAURANT = 4  # the bar, two on the floor, the host stand
KITCHEN_DISPLAYS_PER_RESTAURANT = 2  # the line and the expo pass
# The configurations the model is computed for, at this many rush terminals (the fewest: the
# least queueing). SQLite serializes writers, so its second worker is no core's capacity.
CONFIGURATIONS = (("sqlite", 1), ("postgresql", 1), ("postgresql", 2))
TERMINALS = 16
P99_QUANTILE = 0.99  # the p99 the target bounds (report.py TARGET_P99_MS)
# The streams measured open on one worker (bench/run.py LIVE_STREAMS): beyond this the model
# counts requests only.
STREAMS_MEASURED = 200


def requests_per_check() -> float:
    """One check's requests: each write followed by its reads, then the completion."""
    writes = (
        1  # create order
        + COVERS_PER_CHECK * ITEMS_PER_COVER
        + SENDS_PER_CHECK
        + DISCOUNTS_PER_CHECK
        + PAYMENTS_PER_CHECK
    )
    return writes * (1 + READS_PER_WRITE) + 1


def restaurant_orders_per_s() -> float:
    """A restaurant's demand at its peak, in the rush's orders per second (the unit the bench
    measures): checks per second times a check's requests over a rush order's."""
    checks_per_s = PEAK_COVERS_PER_HOUR * PEAK_BURST / COVERS_PER_CHECK / 3600
    return checks_per_s * requests_per_check() / REQUESTS_PER_ORDER


def utilisation(service_ms: float, target_ms: float) -> float:
    """The highest load of a worker that keeps the p99 under ``target_ms``: a worker is one
    queue served by one core (M/M/1), whose response time is exponential with mean
    S / (1 - load), so p99 = ln(1 / (1 - 0.99)) x S / (1 - load)."""
    return max(0.0, 1 - math.log(1 / (1 - P99_QUANTILE)) * service_ms / target_ms)


@dataclass(frozen=True)
class Capacity:
    database: str
    workers: int
    orders_per_s: float  # measured, the whole server, saturated by the rush
    service_ms: float  # one request's time on its worker: workers / requests per s
    load: float  # the share of a worker's time usable with the p99 under target
    restaurants_per_core: float
    # The worst p99 of any endpoint in that saturated rush: what running without headroom costs.
    saturated_p99_ms: float = math.nan

    @property
    def streams_per_core(self) -> float:
        screens = TERMINALS_PER_RESTAURANT + KITCHEN_DISPLAYS_PER_RESTAURANT
        return self.restaurants_per_core * screens


def capacity(
    database: str,
    workers: int,
    orders_per_s: float,
    target_ms: float,
    saturated_p99_ms: float = math.nan,
) -> Capacity:
    """The model for one configuration's measured orders/s."""
    service_ms = 1000 * workers / (orders_per_s * REQUESTS_PER_ORDER)
    load = utilisation(service_ms, target_ms)
    per_core = orders_per_s / workers * load
    restaurants = per_core / restaurant_orders_per_s()
    return Capacity(
        database, workers, orders_per_s, service_ms, load, restaurants, saturated_p99_ms
    )


def model(results: list[Result], target_ms: float) -> list[Capacity]:
    """The model for each configuration of CONFIGURATIONS the run measured at TERMINALS."""
    return [
        capacity(
            result.database,
            result.workers,
            rush["orders_per_s"],
            target_ms,
            max((e["p99"] for e in rush["endpoints"].values()), default=math.nan),
        )
        for result in results
        if (result.database, result.workers) in CONFIGURATIONS
        for rush in result.rush
        if rush["terminals"] == TERMINALS and rush["orders_per_s"] > 0
    ]


def _assumptions() -> list[str]:
    checks_per_hour = PEAK_COVERS_PER_HOUR / COVERS_PER_CHECK
    return [
        f"- **The peak**: a {SEATS}-seat restaurant seats {PEAK_COVERS_PER_HOUR} covers in its "
        f"busiest hour, {COVERS_PER_CHECK:g} covers a check: {checks_per_hour:g} checks an hour, "
        f"and the busiest quarter hour runs at {PEAK_BURST:g}x that rate: "
        f"{checks_per_hour * PEAK_BURST:g} checks an hour, "
        f"{checks_per_hour * PEAK_BURST / 3600:.4f} a second.",
        f"- **A check**: 1 create order, {COVERS_PER_CHECK * ITEMS_PER_COVER:g} add item "
        f"({ITEMS_PER_COVER} a cover), {SENDS_PER_CHECK} sends, {DISCOUNTS_PER_CHECK:g} "
        f"discount, {PAYMENTS_PER_CHECK:g} payments, each write followed by {READS_PER_WRITE} "
        f"catalogue reads as in the rush, then complete: **{requests_per_check():g} requests**. "
        f"The rush's order is {REQUESTS_PER_ORDER} requests (bench/rush.py), so a check is "
        f"{requests_per_check() / REQUESTS_PER_ORDER:.3f} rush orders, and a restaurant at its "
        f"peak asks for **{restaurant_orders_per_s():.4f} rush orders/s**. A request of the "
        "restaurant costs what the rush's average request costs.",
        f"- **Screens**: {TERMINALS_PER_RESTAURANT} terminals and "
        f"{KITCHEN_DISPLAYS_PER_RESTAURANT} kitchen displays, each holding one event stream; idle "
        "they send no request (results-kitchen.md), so they add no requests to the model.",
        "- **One core is one worker**: a worker is one Python process on one core; the rush "
        f"saturates it (orders/s at {TERMINALS} terminals, no think time). On this shared "
        "machine the database and the load generator take CPU from the same cores, so the "
        "figures per core are a floor.",
    ]


def explanation(target_ms: float) -> list[str]:
    """The section's heading, assumptions and derivation, before its table."""
    quantile = math.log(1 / (1 - P99_QUANTILE))
    return [
        "## Capacity model: restaurants per core at their peak",
        "",
        "Computed by [capacity.py](capacity.py) from the rush's orders/s above; its assumptions "
        "are constants there.",
        "",
        *_assumptions(),
        "- **Headroom for the p99**: flat out, the rush's worst p99 is the table's \"worst p99 "
        "there\"; a restaurant's terminals are served below that load. A worker is one queue on "
        "one core (M/M/1). With `S` the "
        f"time of one request on its worker, `workers / (orders/s * {REQUESTS_PER_ORDER})` (the "
        "rush's orders in requests), the response time at load `u` is exponential "
        "with mean `S / (1 - u)`, so `p99 = ln(100) * S / (1 - u)` = "
        f"`{quantile:.2f} * S / (1 - u)`. Keeping it under {target_ms:g} ms allows "
        f"`u = 1 - {quantile:.2f} * S / {target_ms:g} ms`.",
        "- **Restaurants per core** = `measured orders/s / workers * u` / a restaurant's rush "
        "orders/s.",
        "",
    ]


def table(figures: list[Capacity], target_ms: float) -> tuple[list[str], list[list[str]]]:
    """The section's table: header and rows."""
    header = [
        "configuration",
        f"orders/s at {TERMINALS} terminals",
        "worst p99 there",
        "S",
        f"u for p99 < {target_ms:g} ms",
        "orders/s per core at u",
        "restaurants per core",
        "event streams they hold",
    ]
    rows = [
        [
            f"{c.database}, {c.workers} worker{'s' if c.workers > 1 else ''}",
            f"{c.orders_per_s:.1f}",
            f"{c.saturated_p99_ms:.0f} ms",
            f"{c.service_ms:.2f} ms",
            f"{c.load:.0%}",
            f"{c.orders_per_s / c.workers * c.load:.1f}",
            f"**{c.restaurants_per_core:.0f}**",
            f"{c.streams_per_core:,.0f}",
        ]
        for c in figures
    ]
    return header, rows


LIMITS = [
    "The requests are not the only limit: the streams those restaurants hold were measured "
    f"up to {STREAMS_MEASURED} on one worker (the live events), "
    f"{STREAMS_MEASURED / (TERMINALS_PER_RESTAURANT + KITCHEN_DISPLAYS_PER_RESTAURANT):.0f} "
    "restaurants' worth; past that the figure is the requests' alone. The exponential "
    "service time is a modelling choice: a slow request (a category's products) waits "
    "longer than the average one. Two workers on this 2-core machine share it with PostgreSQL "
    "and the load generator: their figure per core is the lowest floor.",
    "",
]
