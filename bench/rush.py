"""The rush: N terminals, each looping through a whole order, with catalogue reads between
the writes (3 reads per write). Run as its own process; prints one JSON object.

    python bench/rush.py --base http://127.0.0.1:8000 --token brg_... --terminals 16 \
        --warmup 5 --duration 30
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import resource
import time
from collections import defaultdict
from typing import Any

import aiohttp

# One order of the loop (bench/capacity.py counts its requests from these).
ITEMS_PER_ORDER = 3  # the first with a catalogue modifier
PAYMENTS_PER_ORDER = 2  # card payments with tips, splitting the balance
READS_PER_WRITE = 3  # catalogue reads after every write but the completion
# create order, the items, send, discount, the payments
WRITES_PER_ORDER = 1 + ITEMS_PER_ORDER + 1 + 1 + PAYMENTS_PER_ORDER
# each write with its reads, then complete
REQUESTS_PER_ORDER = WRITES_PER_ORDER * (1 + READS_PER_WRITE) + 1


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


class Rush:
    def __init__(self, http: aiohttp.ClientSession, window: tuple[float, float]) -> None:
        self.http = http
        self.start, self.stop = window
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.requests = 0
        self.errors = 0
        self.error_samples: list[str] = []
        self.completed_orders = 0

    def measuring(self, moment: float) -> bool:
        return self.start <= moment < self.stop

    async def call(self, name: str, method: str, url: str, body: Any = None) -> Any:
        began = time.monotonic()
        async with self.http.request(method, url, json=body) as response:
            answer = await response.json(content_type=None)
            ended = time.monotonic()
            if not self.measuring(ended):
                return answer
            self.requests += 1
            self.latencies[name].append((ended - began) * 1000)
            if response.status >= 300:
                self.errors += 1
                if len(self.error_samples) < 5:
                    self.error_samples.append(f"{name} {response.status} {answer}")
            return answer


class Catalogue:
    """What the terminals read: a category's products, barcodes, product ids, a modifier."""

    def __init__(self, categories: list[str], dishes: list[dict[str, Any]], modifier: str) -> None:
        self.categories = categories
        self.dishes = dishes
        self.modifier = modifier

    @classmethod
    async def load(cls, http: aiohttp.ClientSession) -> Catalogue:
        async with http.get("/api/products", params={"limit": 100, "search": "bench dish"}) as got:
            dishes = (await got.json())["data"]
        params: dict[str, str | int] = {"limit": 1, "productType": "MODIFIER"}
        async with http.get("/api/products", params=params) as got:
            modifier = (await got.json())["data"][0]["id"]
        categories = sorted({dish["categoryId"] for dish in dishes})
        return cls(categories, dishes, modifier)


def card_payments(balance_due: float) -> list[dict[str, Any]]:
    """The balance split into PAYMENTS_PER_ORDER card payments, each with a tip."""
    due = round(balance_due * 100)
    share = due // PAYMENTS_PER_ORDER
    shares = [share] * (PAYMENTS_PER_ORDER - 1) + [due - share * (PAYMENTS_PER_ORDER - 1)]
    return [{"amount": cents / 100, "paymentMethod": "CARD", "tipAmount": 1.5} for cents in shares]


async def terminal(rush: Rush, catalogue: Catalogue, seed: int) -> None:
    rng = random.Random(seed)
    reads = itertools.cycle(("category", "barcode", "product"))

    async def read_three() -> None:
        for kind in itertools.islice(reads, READS_PER_WRITE):
            dish = rng.choice(catalogue.dishes)
            if kind == "category":
                params = f"?categoryId={rng.choice(catalogue.categories)}"
                await rush.call("list category", "GET", f"/api/products{params}")
            elif kind == "barcode":
                await rush.call("barcode", "GET", f"/api/products/barcode/{dish['barcode']}")
            else:
                await rush.call("get product", "GET", f"/api/products/{dish['id']}")

    async def write(name: str, method: str, url: str, body: Any = None) -> Any:
        answer = await rush.call(name, method, url, body)
        await read_three()
        return answer

    while time.monotonic() < rush.stop:
        order = await write("create order", "POST", "/api/orders", {"orderType": "DINE_IN"})
        url = f"/api/orders/{order['id']}"
        for index in range(ITEMS_PER_ORDER):
            item: dict[str, Any] = {"productId": rng.choice(catalogue.dishes)["id"], "quantity": 1}
            if index == 0:
                item["modifiers"] = [{"modifierOptionId": catalogue.modifier}]
            await write("add item", "POST", f"{url}/items", item)
        await write("send", "POST", f"{url}/send")
        discounted = await write("discount", "POST", f"{url}/discount", {"discountAmount": 1})
        for card in card_payments(discounted["balanceDue"]):
            await write("payment", "POST", f"{url}/payments", card)
        completed = await rush.call("complete", "POST", f"{url}/complete")
        if rush.measuring(time.monotonic()) and completed.get("status") == "COMPLETED":
            rush.completed_orders += 1


async def main(arguments: argparse.Namespace) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {arguments.token}"}
    connector = aiohttp.TCPConnector(limit=arguments.terminals)
    async with aiohttp.ClientSession(arguments.base, headers=headers, connector=connector) as http:
        catalogue = await Catalogue.load(http)
        began = time.monotonic()
        window = (began + arguments.warmup, began + arguments.warmup + arguments.duration)
        rush = Rush(http, window)
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        await asyncio.gather(*(terminal(rush, catalogue, n) for n in range(arguments.terminals)))
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    elapsed = time.monotonic() - began
    return {
        "terminals": arguments.terminals,
        "seconds": arguments.duration,
        "requests_per_s": rush.requests / arguments.duration,
        "orders_per_s": rush.completed_orders / arguments.duration,
        "errors": rush.errors,
        "error_samples": rush.error_samples,
        "client_cpu_percent": 100 * cpu / elapsed,
        "endpoints": {
            name: {
                "count": len(samples),
                "p50": percentile(samples, 0.50),
                "p95": percentile(samples, 0.95),
                "p99": percentile(samples, 0.99),
            }
            for name, samples in sorted(rush.latencies.items())
        },
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--terminals", type=int, default=16)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--duration", type=float, default=30)
    print(json.dumps(asyncio.run(main(parser.parse_args()))))
