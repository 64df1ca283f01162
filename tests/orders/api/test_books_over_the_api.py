"""The books that never drift, over the API (docs/design.md §25): a Hypothesis state machine
drives random nights at a location of its own (INCLUSIVE or EXCLUSIVE, with or without cash
rounding, a 10 % and a 20 % rate, an automatic 12.5 % service charge, three kitchen stations)
through every action of a check, as a terminal and a kitchen display make them, and checks
after each step every invariant the step could have moved:

- each check keeps its books (tests/books.py), and a split, a share, a move or a merge
  conserves what it must;
- a refused write (a 4xx) changed nothing, and nothing answers a 5xx;
- a card checkout on the reader is one card payment, or none when the balance shrank under it;
- a tab held on a card is captured as one card payment, or none (refused, given back, released);
- the kitchen's open tickets show every sent, live item of a check that is not cancelled, on
  the check its food is on now, never as CANCELLED while its food is on a live check; a bump
  answers 200 and makes its food READY;
- the sales report's taxes by rate are its completed checks', its tenders every payment taken,
  its open checks the open ones; the X's figures are those of the checks completed since the
  last Z; the journal verifies.

CI runs 50 nights of 30 steps on each database; `make soak` runs nights for minutes
(``nights`` in tests/books.py). The aggregate's own machine is
tests/orders/unit/test_books_over_the_aggregate.py."""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import UTC, datetime
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from books import OPEN, TO_COOK, cents, conservation_problems, nights, order_problems, units
from card_payments.api.card_helpers import poll as poll_card_readers
from channels.channel_simulator import Platform, an_order, connect
from factories import AppClient

Json = dict[str, Any]
index = st.integers(min_value=0, max_value=1_000)
REASON = {"reason": "the night's test"}


class ApiNight(RuleBasedStateMachine):
    """A night at a new location, over the API as its screens make it."""

    def __init__(self, client: AppClient) -> None:
        super().__init__()
        self.client = client
        self.location = str(uuid.uuid4())
        self.orders: dict[str, Json] = {}
        self.products: list[Json] = []
        self.tables: list[str] = []
        # Each table's guest code, for the phones at it.
        self.guest_codes: dict[str, str] = {}
        self.stations: list[str | None] = [None]
        self.charges: dict[str, str] = {}
        self.last_z_sequence = 0
        # The checks whose sale a Z holds and that were reopened since: the next Z takes their
        # sale off (docs/design.md §18), as they stood when reopened.
        self.reopened_after_z: list[Json] = []
        # The views a step may have moved: each is read again only then.
        self.kitchen_moved = self.money_moved = False
        # The location's card reader (a MANUAL simulator's: a step taps it), made when needed.
        self.reader: Json | None = None
        # A delivery platform pushing orders to the location, by its products' PLUs.
        self.platform: Platform | None = None

    # --- the API --------------------------------------------------------------------------

    def _call(
        self, method: str, url: str, body: Json | None = None, params: Json | None = None
    ) -> Any:
        # A write answers the whole order beside its own answer (docs/design.md §6): no read
        # after it.
        headers = {"Prefer": "return=representation"} if method != "GET" else None
        response = self.client.request(method, url, json=body, params=params, headers=headers)
        assert response.status_code < 500, f"{method} {url}: {response.status_code} {response.text}"
        return response

    def _made(self, url: str, body: Json) -> Json:
        response = self._call("POST", url, body)
        assert response.status_code == 201, response.text
        made: Json = response.json()
        return made

    def _read(self, order_id: str) -> Json:
        response = self._call("GET", f"/api/orders/{order_id}")
        assert response.status_code == 200, response.text
        detail: Json = response.json()
        self.orders[order_id] = detail
        return detail

    @property
    def _here(self) -> Json:
        return {"locationId": self.location}

    # --- the location ---------------------------------------------------------------------

    @initialize(
        mode=st.sampled_from(["INCLUSIVE", "EXCLUSIVE"]),
        rounding=st.sampled_from([None, 0.05]),
        guests=st.lists(st.integers(min_value=1, max_value=8), min_size=2, max_size=2),
        menus=st.lists(
            st.lists(st.tuples(index, st.one_of(st.none(), st.integers(1, 4))), max_size=4),
            min_size=2,
            max_size=2,
        ),
    )
    def a_location(
        self,
        mode: str,
        rounding: float | None,
        guests: list[int],
        menus: list[list[tuple[int, int | None]]],
    ) -> None:
        """Its profile, menu, charges, tables and kitchen, and two tables seated with what
        they ordered first."""
        profile: Json = {
            "name": "The night",
            "timezone": "UTC",
            "currency": "EUR",
            "taxMode": mode,
            "guestOrdering": "ORDER_AND_PAY",
        }
        if rounding:
            profile["cashRounding"] = rounding
        assert self._call("PUT", f"/api/locations/{self.location}", profile).status_code == 200
        at = {"locationId": self.location}
        food = self._made("/api/tax-rates", at | {"name": "Food", "rate": 0.1})
        drinks = self._made("/api/tax-rates", at | {"name": "Drinks", "rate": 0.2})
        kitchen = self._made("/api/categories", at | {"name": "Kitchen"})
        bar = self._made("/api/categories", at | {"name": "Bar"})
        self.charges["service"] = self._made(
            "/api/service-charges",
            at
            | {
                "name": "Service",
                "rate": 0.125,
                "automatic": True,
                "minGuests": 6,
                "taxRateId": food["id"],
            },
        )["id"]
        self.charges["fee"] = self._made(
            "/api/service-charges",
            at | {"name": "Corkage", "amount": 3.5, "taxRateId": drinks["id"]},
        )["id"]
        for name, price, rate, category in (
            ("Steak frites", 15, food, kitchen),
            ("Fries", 4.55, food, kitchen),
            ("Soup", 7.99, food, kitchen),
            ("Malbec", 36, drinks, bar),
            ("Lemonade", 3.45, drinks, bar),
        ):
            product = at | {"name": name, "price": price, "taxRateId": rate["id"]}
            product |= {"guestVisible": True, "sku": name.upper().replace(" ", "-")}
            self.products.append(
                self._made("/api/products", product | {"categoryId": category["id"]})
            )
        for name in ("T1", "T2", "T3"):
            table = self._made("/api/tables", at | {"name": name})
            self.tables.append(table["id"])
            self.guest_codes[table["id"]] = table["guestCode"]
        for name, categories, expo in (
            ("Grill", [kitchen["id"]], False),
            ("Bar", [bar["id"]], False),
            ("Expo", [], True),
        ):
            body = at | {"name": name, "categoryIds": categories, "isExpo": expo}
            self.stations.append(self._made("/api/kitchen/stations", body)["id"])
        self.platform = connect(self.client, location=self.location)
        for n, count in enumerate(guests):
            self.open_check(n, count, takeout=False)
        for n, dishes in enumerate(menus):
            for dish, seat in dishes:
                self.add_item(n, [(dish, 1, seat)], course=1, extra=None)

    # --- helpers --------------------------------------------------------------------------

    def _open(self, n: int) -> Json | None:
        found = [o for o in self.orders.values() if o["status"] in OPEN]
        return found[n % len(found)] if found else None

    def _closed(self, n: int) -> Json | None:
        found = [o for o in self.orders.values() if o["status"] == "COMPLETED"]
        return found[n % len(found)] if found else None

    @staticmethod
    def _live(order: Json) -> list[Json]:
        return [item for item in order["items"] if item["status"] != "VOIDED"]

    def _act(
        self,
        touched: list[Json],
        method: str,
        url: str,
        body: Json | None = None,
        *,
        conserves: bool = False,
        kitchen: bool = False,
        money: bool = False,
    ) -> Any:
        """Make the request; a refusal changed nothing; the checks it touched (and any it
        made) are read again; what it moves is conserved; the views it may have moved are
        marked to be read again."""
        before = [self.orders[o["id"]] for o in touched]
        response = self._call(method, url, body)
        if response.status_code >= 400:
            now = [self._read(o["id"]) for o in before]
            changed = [
                (key, was[key], is_[key])
                for was, is_ in zip(before, now, strict=True)
                for key in was
                if was[key] != is_[key]
            ]
            assert not changed, f"{method} {url} was refused ({response.text}) yet: {changed}"
            return None
        answer = response.json()
        answered = {o["id"]: o for o in answer.get("orders", [])}
        if "order" in answer:
            answered[answer["order"]["id"]] = answer["order"]
        elif "orderNumber" in answer and "items" in answer:
            answered[answer["id"]] = answer
        self.orders.update(answered)
        after = [
            self.orders[i] if i in answered else self._read(i)
            for i in dict.fromkeys([*(o["id"] for o in before), *answered])
        ]
        if conserves:
            problems = conservation_problems(before, after)
            assert not problems, f"{method} {url}: {problems}"
        self.kitchen_moved |= kitchen
        self.money_moved |= money
        return answer

    # --- the rules ------------------------------------------------------------------------

    @rule(n=index, guests=st.one_of(st.none(), st.integers(1, 8)), takeout=st.booleans())
    def open_check(self, n: int, guests: int | None, takeout: bool) -> None:
        body: Json = {"locationId": self.location, "guestCount": guests}
        if takeout:
            body["orderType"] = "TAKEOUT"
        else:
            body |= {"orderType": "DINE_IN", "tableId": self.tables[n % len(self.tables)]}
        response = self._call("POST", "/api/orders", body)
        if response.status_code == 201:
            self._read(response.json()["id"])
            self.money_moved = True

    @rule(
        n=index,
        lines=st.lists(
            st.tuples(
                index,
                st.sampled_from([1, 1, 2, 3, 0.5, 1.375]),
                st.one_of(st.none(), st.integers(1, 4)),
            ),
            min_size=1,
            max_size=3,
        ),
        course=st.sampled_from([1, 1, 2]),
        extra=st.sampled_from([None, None, 0.5, 1.25]),
    )
    def add_item(
        self,
        n: int,
        lines: list[tuple[int, float, int | None]],
        course: int,
        extra: float | None,
    ) -> None:
        """A server rings up a few lines (a dish, how many, for which seat)."""
        order = self._open(n)
        if order is None:
            return
        for dish, quantity, seat in lines:
            product = self.products[dish % len(self.products)]
            body: Json = {"productId": product["id"], "quantity": quantity, "course": course}
            if seat is not None:
                body["seat"] = seat
            if extra is not None:
                body["modifiers"] = [
                    {"modifierOptionId": str(uuid.uuid4()), "name": "Extra", "price": extra}
                ]
            url = f"/api/orders/{order['id']}/items"
            self._act([self.orders[order["id"]]], "POST", url, body, money=True)

    @rule(n=index)
    def send(self, n: int) -> None:
        order = self._open(n)
        if order is not None:
            url = f"/api/orders/{order['id']}/send"
            self._act([order], "POST", url, kitchen=True, money=True)

    @rule(
        n=index,
        dish=index,
        quantity=st.integers(1, 3),
        then=st.sampled_from(["confirm", "decline", "wait"]),
    )
    def guests_order(self, n: int, dish: int, quantity: int, then: str) -> None:
        """Guests at a table order a round from a phone onto its check; a server confirms it,
        declines it, or has not yet."""
        order = self._open(n)
        if order is None or order["tableId"] is None:
            return
        visit_id, check = self._guests_at(order)
        product = self.products[dish % len(self.products)]
        body = {"items": [{"productId": product["id"], "quantity": quantity}]}
        url = f"/api/guest/visits/{visit_id}/orders"
        if self._act([check], "POST", url, body, money=True) is None or then == "wait":
            return
        waiting = self._call("GET", f"/api/guest-rounds?locationId={self.location}").json()
        rounds = f"/api/guest-rounds/{waiting[-1]['id']}"
        if then == "confirm":
            self._act([check], "POST", f"{rounds}/confirm", kitchen=True, money=True)
        else:
            self._act([check], "POST", f"{rounds}/decline", {"reason": "86'd"}, money=True)

    def _guests_at(self, order: Json) -> tuple[str, Json]:
        """A phone's visit at the order's table, and the check it is bound to (the table's
        first open one)."""
        code = self.guest_codes[order["tableId"]]
        started = self._call("POST", f"/api/guest/tables/{code}/visits")
        assert started.status_code == 201, started.text
        number = started.json()["check"]["orderNumber"]
        [check] = [o for o in self.orders.values() if o["orderNumber"] == number]
        return started.json()["id"], check

    @rule(
        n=index,
        whole=st.booleans(),
        tip=st.sampled_from([0, 1.2]),
        cash_meanwhile=st.booleans(),
        declined=st.booleans(),
    )
    def guests_pay(
        self, n: int, whole: bool, tip: float, cash_meanwhile: bool, declined: bool
    ) -> None:
        """A phone at the table pays part or all of its check by card with a tip (docs/design.md
        §28), maybe while a server takes part in cash: one card payment, or none (declined, or
        given back whole when the balance shrank under it)."""
        order = self._open(n)
        if order is None or order["tableId"] is None:
            return
        visit_id, check = self._guests_at(order)
        due = cents(check["balanceDue"])
        amount = due if whole else due // 2
        if amount <= 0:
            return
        body = {"amount": amount / 100, "tip": tip}
        url = f"/api/guest/visits/{visit_id}/payments"
        started = self._act([check], "POST", url, body)
        if started is None:
            return
        poll_card_readers(self.client)
        if cash_meanwhile:
            # Part of it in cash (a third: the check stays open) while the guest types.
            open_ids = [o["id"] for o in self.orders.values() if o["status"] in OPEN]
            self.pay(open_ids.index(check["id"]), card=False, whole=False, tip=0)
        number = "4000 0000 0000 0002" if declined else "4242 4242 4242 4242"
        typed = self._call("POST", f"{url}/{started['id']}/simulate", {"cardNumber": number})
        assert typed.status_code == 200, typed.text
        after = self._read(check["id"])
        made = [p for p in after["payments"] if p["id"] == started["id"]]
        status = typed.json()["status"]
        assert status in ("SUCCEEDED", "REFUNDED", "DECLINED"), typed.text
        assert status != "DECLINED" or declined
        assert len(made) == (1 if status == "SUCCEEDED" else 0), (typed.text, made)
        self.kitchen_moved = self.money_moved = True

    @rule(
        dishes=st.lists(st.tuples(index, st.integers(1, 3)), min_size=1, max_size=3),
        paid=st.booleans(),
        then=st.sampled_from(["accept", "refuse", "wait"]),
    )
    def platform_order(self, dishes: list[tuple[int, int]], paid: bool, then: str) -> None:
        """A delivery platform pushes an order (docs/design.md §29), paid to it or to pay at
        pickup; the staff accept it (a paid one is then handed over, its platform payment
        completing the check), refuse it (its check cancelled), or have not yet. A product
        86'd meanwhile refuses it whole: nothing made."""
        assert self.platform is not None
        lines = [(self.products[d % len(self.products)]["sku"], q) for d, q in dishes]
        pushed = self.platform.push(an_order(*lines, paid=paid))
        assert pushed.status_code in (201, 422), pushed.text
        if pushed.status_code == 422:
            return
        incoming = pushed.json()
        check = self._read(incoming["orderId"])
        self.money_moved = True
        url = f"/api/channel-orders/{incoming['id']}"
        if then == "refuse":
            self._act([check], "POST", f"{url}/refuse", REASON, kitchen=True, money=True)
        elif then == "accept":
            accepted = self._act([check], "POST", f"{url}/accept", kitchen=True, money=True)
            if accepted is not None and paid:
                self._act([self.orders[check["id"]]], "POST", f"{url}/picked-up", money=True)

    @rule(n=index)
    def fire_second_course(self, n: int) -> None:
        order = self._open(n)
        if order is not None:
            url = f"/api/orders/{order['id']}/courses/2/fire"
            self._act([order], "POST", url, kitchen=True)

    @rule(n=index, by_seat=st.booleans(), picks=st.lists(index, min_size=1, max_size=3))
    def split(self, n: int, by_seat: bool, picks: list[int]) -> None:
        order = self._open(n)
        if order is None or not self._live(order):
            return
        live = self._live(order)
        named = list(dict.fromkeys(live[p % len(live)]["id"] for p in picks))
        items: list[Json] = [{"itemId": item_id} for item_id in named]
        first = next(i for i in live if i["id"] == named[0])
        if first["quantity"] >= 2:
            items[0]["quantity"] = 1
        body: Json = {"bySeat": True} if by_seat else {"items": items}
        url = f"/api/orders/{order['id']}/split"
        self._act([order], "POST", url, body, conserves=True, kitchen=True, money=True)

    @rule(n=index, item=index, parts=st.integers(2, 3))
    def share(self, n: int, item: int, parts: int) -> None:
        order = self._open(n)
        if order is None or not self._live(order):
            return
        line = self._live(order)[item % len(self._live(order))]
        url = f"/api/orders/{order['id']}/items/{line['id']}/share"
        self._act([order], "POST", url, {"parts": parts}, conserves=True, kitchen=True)

    @rule(n=index, to=index, picks=st.lists(index, min_size=1, max_size=2))
    def move(self, n: int, to: int, picks: list[int]) -> None:
        order, other = self._open(n), self._open(to)
        if order is None or other is None or order["id"] == other["id"]:
            return
        live = self._live(order)
        if not live:
            return
        ids = list(dict.fromkeys(live[p % len(live)]["id"] for p in picks))
        url = f"/api/orders/{order['id']}/items/move"
        body = {"itemIds": ids, "toOrderId": other["id"]}
        self._act([order, other], "POST", url, body, conserves=True, kitchen=True, money=True)

    @rule(n=index, other=index)
    def merge(self, n: int, other: int) -> None:
        order, taken = self._open(n), self._open(other)
        if order is None or taken is None or order["id"] == taken["id"]:
            return
        url = f"/api/orders/{order['id']}/merge"
        body = {"orderId": taken["id"]}
        self._act([order, taken], "POST", url, body, conserves=True, kitchen=True, money=True)

    @rule(n=index, tenth=st.sampled_from([0, 1, 4, 10, 3]))
    def discount(self, n: int, tenth: int) -> None:
        order = self._open(n)
        if order is None:
            return
        subtotal = cents(order["subtotal"])
        off = subtotal // 7 if tenth == 3 else subtotal * tenth // 10
        url = f"/api/orders/{order['id']}/discount"
        self._act([order], "POST", url, {"discountAmount": off / 100}, money=True)

    @rule(n=index, which=st.sampled_from(["service", "fee"]), on=st.booleans())
    def service_charge(self, n: int, which: str, on: bool) -> None:
        order = self._open(n)
        if order is None:
            return
        charge = self.charges[which]
        url = f"/api/orders/{order['id']}/service-charges"
        if on:
            self._act([order], "POST", url, {"serviceChargeId": charge}, money=True)
        else:
            self._act([order], "DELETE", f"{url}/{charge}", money=True)

    @rule(n=index, card=st.booleans(), whole=st.booleans(), tip=st.sampled_from([0, 1, 2.5]))
    def pay(self, n: int, card: bool, whole: bool, tip: float) -> None:
        order = self._open(n)
        if order is None:
            return
        due = cents(order["balanceDue" if card else "cashBalanceDue"])
        amount = due if whole else due // 3
        if amount <= 0:
            return
        body: Json = {"amount": amount / 100, "paymentMethod": "CARD" if card else "CASH"}
        if card:
            body["tipAmount"] = tip
        url = f"/api/orders/{order['id']}/payments"
        self._act([order], "POST", url, body, kitchen=True, money=True)

    @rule(n=index, card=st.booleans(), tip=st.sampled_from([0, 1, 2.5]))
    def settle(self, n: int, card: bool, tip: float) -> None:
        """A table pays what it owes (the night's usual way to the end of a check)."""
        self.send(n)
        self.pay(n, card, True, tip)

    @rule(
        n=index,
        whole=st.booleans(),
        tip=st.sampled_from([0, 1.5]),
        cash_meanwhile=st.booleans(),
    )
    def pay_by_card_reader(self, n: int, whole: bool, tip: float, cash_meanwhile: bool) -> None:
        """A card checkout on the reader (docs/design.md §27), maybe with some cash paid while
        the guest holds the card: the card is one payment, or, when the balance shrank under
        it, none (given back whole to the card)."""
        order = self._open(n)
        if order is None:
            return
        reader = self._reader()
        due = cents(order["balanceDue"])
        amount = due if whole else due // 2
        if amount <= 0:
            return
        body: Json = {"readerId": reader["id"], "amount": amount / 100}
        body["tip"] = {"mode": "ON_READER"}
        started = self._act([order], "POST", f"/api/orders/{order['id']}/card-checkouts", body)
        if started is None:
            return
        poll_card_readers(self.client)
        if cash_meanwhile:
            self.pay(n, card=False, whole=False, tip=0)
        tap = {"outcome": "APPROVE", "tip": tip}
        tapped = self._call("POST", f"/api/payment-readers/{reader['id']}/simulate", tap)
        assert tapped.status_code == 200, tapped.text
        poll_card_readers(self.client)
        after = self._read(order["id"])
        done = self._call("GET", f"/api/card-checkouts/{started['id']}").json()
        made = [p for p in after["payments"] if p["id"] == started["id"]]
        assert done["status"] in ("SUCCEEDED", "REFUNDED"), done
        assert len(made) == (1 if done["status"] == "SUCCEEDED" else 0), (done, made)
        self.kitchen_moved = self.money_moved = True

    @rule(
        n=index,
        short=st.booleans(),
        tip=st.sampled_from([0, 0.01, 2]),
        cash_meanwhile=st.booleans(),
    )
    def pay_by_held_card(self, n: int, short: bool, tip: float, cash_meanwhile: bool) -> None:
        """A tab held on a card (docs/design.md §27), maybe for less than it comes to (a new
        authorisation, which the bank may refuse), captured with a tip, maybe with some cash
        paid before the capture is taken: the capture is one payment, or none (refused, or
        given back whole); a card left held is released."""
        order = self._open(n)
        if order is None:
            return
        reader = self._reader()
        due = cents(order["balanceDue"])
        limit = max(100, due // 2) if short else due + 1000
        body: Json = {"readerId": reader["id"], "amount": limit / 100}
        held = self._act([order], "POST", f"/api/orders/{order['id']}/card-holds", body)
        if held is None:
            return
        poll_card_readers(self.client)
        tapped = self._call(
            "POST", f"/api/payment-readers/{reader['id']}/simulate", {"outcome": "APPROVE"}
        )
        assert tapped.status_code == 200, tapped.text
        poll_card_readers(self.client)
        capture = f"/api/card-checkouts/{held['id']}/capture"
        self._act([order], "POST", capture, {"tip": tip})
        if cash_meanwhile:
            self.pay(n, card=False, whole=False, tip=0)
        poll_card_readers(self.client)
        done = self._call("GET", f"/api/card-checkouts/{held['id']}").json()
        if done["status"] == "HELD":
            self._call("POST", f"/api/card-checkouts/{held['id']}/cancel")
            poll_card_readers(self.client)
            done = self._call("GET", f"/api/card-checkouts/{held['id']}").json()
        after = self._read(order["id"])
        made = [p for p in after["payments"] if p["id"] == held["id"]]
        assert done["status"] in ("CAPTURED", "REFUNDED", "RELEASED"), done
        assert len(made) == (1 if done["status"] == "CAPTURED" else 0), (done, made)
        self.kitchen_moved = self.money_moved = True

    def _reader(self) -> Json:
        if self.reader is None:
            pairing = {"name": "Reader", "provider": "simulator", "mode": "MANUAL"} | self._here
            self.reader = self._made("/api/payment-readers", pairing)
        return self.reader

    @rule(n=index)
    def send_and_cook(self, n: int) -> None:
        """A check goes to the kitchen, which bumps its oldest ticket."""
        self.send(n)
        self.bump(0, 0)

    @rule(n=index, tip=st.sampled_from([0, 0.5, 3]))
    def adjust_tip(self, n: int, tip: float) -> None:
        order = self._closed(n) or self._open(n)
        if order is None or not order["payments"]:
            return
        payment = order["payments"][-1]
        url = f"/api/orders/{order['id']}/payments/{payment['id']}"
        self._act([order], "PATCH", url, {"tipAmount": tip}, money=True)

    @rule(n=index, amount=st.sampled_from([0.01, 1, 5]))
    def refund(self, n: int, amount: float) -> None:
        order = self._closed(n)
        if order is not None:
            url = f"/api/orders/{order['id']}/refunds"
            self._act([order], "POST", url, {"amount": amount} | REASON, money=True)

    @rule(n=index, item=index, whole=st.booleans())
    def void(self, n: int, item: int, whole: bool) -> None:
        order = self._open(n)
        if order is None or not self._live(order):
            return
        line = self._live(order)[item % len(self._live(order))]
        url = f"/api/orders/{order['id']}/items/{line['id']}"
        if whole:
            self._act([order], "DELETE", url, REASON, kitchen=True, money=True)
            return
        fewer = line["quantity"] / 2 if line["quantity"] > 1 else line["quantity"] + 1
        body = {"quantity": round(fewer, 3)} | REASON
        self._act([order], "PUT", url, body, kitchen=True, money=True)

    @rule(n=index, now=st.integers(0, 3))
    def cancel(self, n: int, now: int) -> None:
        """Now and then a table leaves (a quarter of the times the rule is drawn)."""
        order = self._open(n)
        if order is not None and now == 0:
            url = f"/api/orders/{order['id']}"
            self._act([order], "DELETE", url, REASON, kitchen=True, money=True)

    @rule(n=index)
    def complete(self, n: int) -> None:
        order = self._open(n)
        if order is not None:
            url = f"/api/orders/{order['id']}/complete"
            self._act([order], "POST", url, kitchen=True, money=True)

    @rule(n=index)
    def reopen(self, n: int) -> None:
        order = self._closed(n)
        if order is None:
            return
        url = f"/api/orders/{order['id']}/reopen"
        reopened = self._act([order], "POST", url, REASON, kitchen=True, money=True)
        if reopened is not None and order["receiptNumber"] <= self.last_z_sequence:
            self.reopened_after_z.append(order)

    @rule(n=index, station=index)
    def bump(self, n: int, station: int) -> None:
        """A kitchen screen bumps a ticket (as a station, the expo, or none): it answers, and
        the food it made is READY on whichever check it is on now."""
        board = self._board()
        if not board["tickets"]:
            return
        ticket = board["tickets"][n % len(board["tickets"])]
        chosen = self.stations[station % len(self.stations)]
        parts = {part["stationId"] for part in ticket["stations"]}
        as_station = chosen is not None and (chosen in parts or chosen == self.stations[-1])
        params: dict[str, str] = {"stationId": chosen} if as_station and chosen else {}
        response = self._call("POST", f"/api/kitchen/tickets/{ticket['id']}/bump", params=params)
        assert response.status_code == 200, response.text
        for order_id in list(self.orders):
            self._read(order_id)
        self.kitchen_moved = True

    @rule(force=st.booleans())
    def close_the_day(self, force: bool) -> None:
        body: Json = {"locationId": self.location}
        if force:
            body |= {"force": True} | REASON
        response = self._call("POST", "/api/reports/z", body)
        if response.status_code == 201:
            self.last_z_sequence = response.json()["journalSequence"]
            self.reopened_after_z = []
            self.money_moved = True
        else:
            assert response.json()["code"] == "open_checks", response.text

    # --- after every step -----------------------------------------------------------------

    @invariant()
    def every_check_keeps_its_books(self) -> None:
        problems = [p for order in self.orders.values() for p in order_problems(order)]
        assert not problems, problems

    def _board(self) -> Json:
        response = self._call("GET", "/api/kitchen/board", params=self._here)
        assert response.status_code == 200, response.text
        board: Json = response.json()
        return board

    @invariant()
    def the_kitchen_follows_the_food(self) -> None:
        if not self.kitchen_moved:
            return
        self.kitchen_moved = False
        board = self._board()
        on_board = {line["itemId"] for t in board["tickets"] for line in t["items"]}
        live_checks = {o["id"] for o in self.orders.values() if o["status"] != "CANCELLED"}
        # Each sent line's checks: a shared line's parts may be on several.
        cooking: dict[str, set[str]] = {}
        for order in self.orders.values():
            if order["id"] in live_checks:
                for item in order["items"]:
                    if item["status"] in TO_COOK:
                        cooking.setdefault(item["sentAs"] or item["id"], set()).add(order["id"])
        missing = set(cooking) - on_board
        assert not missing, f"food to cook on no open ticket: {missing}"
        for ticket in board["tickets"]:
            lines = {line["itemId"] for line in ticket["items"]}
            holders = set().union(*(cooking[line] for line in lines if line in cooking))
            if holders:
                assert ticket["orderId"] in holders, f"ticket {ticket['id']} shows another check"
                assert ticket["orderStatus"] != "CANCELLED", f"ticket {ticket['id']} CANCELLED"

    @invariant()
    def the_day_adds_up(self) -> None:
        if not self.money_moved:
            return
        self.money_moved = False
        verified = self._call("GET", "/api/journal/verify", params=self._here).json()
        assert verified["ok"], verified
        self._report_adds_up()
        self._x_adds_up()

    def _report_adds_up(self) -> None:
        today = datetime.now(UTC).date().isoformat()
        days = self._here | {"from": today, "to": today}
        report = self._call("GET", "/api/reports/sales", params=days).json()
        done = [o for o in self.orders.values() if o["status"] == "COMPLETED"]
        assert _taxes(report["taxes"], "taxAmount") == _order_taxes(done)
        taken: Counter[str] = Counter()
        tips: Counter[str] = Counter()
        for order in self.orders.values():
            for payment in order["payments"]:
                taken[payment["method"]] += cents(payment["amount"])
                tips[payment["method"]] += cents(payment["tipAmount"])
        tenders = report["byPaymentMethod"]
        assert +Counter({t["method"]: cents(t["amount"]) for t in tenders}) == +taken
        assert +Counter({t["method"]: cents(t["tips"]) for t in tenders}) == +tips
        still_open = [o for o in self.orders.values() if o["status"] in OPEN]
        checks = report["openChecks"]
        assert checks["count"] == len(still_open)
        assert cents(checks["total"]) == sum(cents(o["total"]) for o in still_open)
        assert cents(checks["paid"]) == sum(cents(o["paidAmount"]) for o in still_open)
        assert report["covers"] == sum(o["guestCount"] or 0 for o in done)

    def _x_adds_up(self) -> None:
        """The X: the sales since the last Z, less those of a Z that were reopened since."""
        x = self._call("GET", "/api/reports/x", params=self._here).json()
        since = [
            o
            for o in self.orders.values()
            if o["status"] == "COMPLETED" and (o["receiptNumber"] or 0) > self.last_z_sequence
        ]
        taken_off = self.reopened_after_z
        assert x["orderCount"] == len(since) - len(taken_off)
        assert cents(x["netSales"]) == _net_sales(since) - _net_sales(taken_off)
        taxes = Counter(_order_taxes(since))
        taxes.subtract(_order_taxes(taken_off))
        assert _taxes(x["taxes"], "tax") == {key: cents for key, cents in taxes.items() if cents}
        tips = sum(cents(o["tipTotal"]) for o in since) - sum(
            cents(o["tipTotal"]) for o in taken_off
        )
        assert cents(x["tips"]) == tips
        paid: Counter[str] = Counter()
        for sign, orders in ((1, since), (-1, taken_off)):
            for order in orders:
                for payment in order["payments"]:
                    paid[payment["method"]] += sign * cents(payment["amount"])
        shown = Counter({p["method"]: cents(p["amount"]) for p in x["byPaymentMethod"]})
        assert {m: c for m, c in shown.items() if c} == {m: c for m, c in paid.items() if c}


def _net_sales(orders: list[Json]) -> int:
    return sum(cents(o["subtotal"]) - cents(o["discountAmount"]) for o in orders)


def _taxes(rows: list[Json], field: str) -> dict[tuple[str | None, int], int]:
    found: Counter[tuple[str | None, int]] = Counter()
    for row in rows:
        key = (row.get("taxRateId", row.get("id")), units(row["rate"]))
        found[key] += cents(row[field])
    return {key: cents for key, cents in found.items() if cents}


def _order_taxes(orders: list[Json]) -> dict[tuple[str | None, int], int]:
    found: Counter[tuple[str | None, int]] = Counter()
    for order in orders:
        for tax in order["taxes"]:
            found[(tax["taxRateId"], units(tax["rate"]))] += cents(tax["taxAmount"])
    return {key: cents for key, cents in found.items() if cents}


def test_the_books_never_drift_whatever_the_night(client: AppClient) -> None:
    class Night(ApiNight):
        def __init__(self) -> None:
            super().__init__(client)

    # A night over the API costs about 1 s: 50 a run on each database (about 200 over the
    # aggregate, which costs milliseconds); `make soak` plays thousands.
    nights(Night, in_ci=50)


def test_a_ticket_follows_its_food_off_a_check_split_then_cancelled(client: AppClient) -> None:
    """Found by the nights (issue 52): a fired ticket's first dish split onto a new check, then
    the first check cancelled; the board showed the cancelled check, whose food is not cooked
    for anyone, instead of the new check that still waits for the dish."""
    night = ApiNight(client)
    night.a_location(mode="INCLUSIVE", rounding=None, guests=[1, 1], menus=[[], []])
    night.add_item(n=0, lines=[(0, 1, None), (0, 1, None)], course=2, extra=None)
    night.fire_second_course(n=0)
    night.split(n=0, by_seat=False, picks=[0])
    night.cancel(n=0, now=0)
    night.every_check_keeps_its_books()
    night.the_kitchen_follows_the_food()
    (ticket,) = night._board()["tickets"]
    assert ticket["orderStatus"] == "OPEN"


def test_a_shared_dish_on_several_checks_shows_on_the_ticket_of_one_of_them(
    client: AppClient,
) -> None:
    """Found by the nights (issue 52): the model knew one check per sent line, and a dish
    shared in three, then split, is on several; the board rightly shows the first."""
    night = ApiNight(client)
    night.a_location(mode="INCLUSIVE", rounding=None, guests=[1, 1], menus=[[], []])
    night.add_item(n=0, lines=[(0, 1, None)], course=1, extra=None)
    night.add_item(n=0, lines=[(0, 3, None), (0, 1, 1), (0, 1, None)], course=2, extra=None)
    night.fire_second_course(n=0)
    night.share(n=0, item=354, parts=3)
    night.split(n=0, by_seat=False, picks=[715, 701])
    night.split(n=0, by_seat=True, picks=[0])
    night.every_check_keeps_its_books()
    night.the_kitchen_follows_the_food()
