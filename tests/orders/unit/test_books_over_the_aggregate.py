"""The books that never drift, over the order aggregate (docs/design.md §25): a Hypothesis state
machine drives random nights of every action of a check (seats, courses, sends, splits by seat
and by items, shares, moves, merges, discounts, service charges on and off, cash with rounding,
card with tips, tip adjustments, refunds, voids, cancels, reopens, completions) and checks every
invariant after each step (tests/books.py), with a journal kept as the service keeps it whose
figures must equal the completed checks'. The API's own machine is tests/orders/api/
test_books_over_the_api.py; CI runs 200 nights of 30 steps, `make soak` nights for minutes."""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from books import conservation_problems, nights, order_problems
from brigade.catalogue.domain.records import with_tax
from brigade.journal.domain import EntryKind
from brigade.journal.notes import Note, SaleNote, TipAdjustNote, read_note, write_note
from brigade.kit.access import Actor, Role
from brigade.kit.errors import DomainError
from brigade.kit.money import TaxMode
from brigade.orders.domain.aggregate import NewCheck, Order
from brigade.orders.domain.commands import (
    AddItem,
    ApplyDiscount,
    ChangeItem,
    CreateOrder,
    ModifierChoice,
    SplitCheck,
    TakePayment,
)
from brigade.orders.domain.records import OrderCharge, OrderLocation
from brigade.orders.domain.refunds import RefundOrder
from brigade.orders.domain.splitting import guests_after_split, selections
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType, PaymentMethod
from brigade.orders.domain.totals import TaxRateRef
from brigade.orders.shaping import detail_json
from brigade.pricing.domain import TaxRate
from brigade.reports.domain.closing import Entry, day_figures
from orders.unit.test_order_aggregate import LOCATION, T0, _product

MANAGER = Actor(name="Mia", role=Role.MANAGER, staff_id=uuid.uuid4())
TIP_RATIO = Decimal("0.5")
FOOD = TaxRate(uuid.uuid4(), LOCATION, "Food", Decimal("0.1"), None, None, T0, T0)
DRINKS = TaxRate(uuid.uuid4(), LOCATION, "Drinks", Decimal("0.2"), None, None, T0, T0)
MENU = [
    with_tax(_product("15.00", name="Steak frites"), FOOD),
    with_tax(_product("4.55", name="Fries"), FOOD),
    with_tax(_product("7.99", name="Soup"), FOOD),
    with_tax(_product("36.00", name="Malbec"), DRINKS),
    with_tax(_product("3.45", name="Lemonade"), DRINKS),
    _product("12.99", "0.08875", name="Pasta"),
]
SERVICE = OrderCharge(
    uuid.uuid4(), "Service", 125_000, None, TaxRateRef(100_000, FOOD.id, "Food"), True, 6
)
FEE = OrderCharge(
    uuid.uuid4(), "Delivery fee", None, 350, TaxRateRef(200_000, DRINKS.id, "Drinks"), False
)
QUANTITIES = [Decimal(1), Decimal(1), Decimal(2), Decimal(3), Decimal("0.5"), Decimal("1.375")]

index = st.integers(min_value=0, max_value=1_000)


def _day(at: datetime) -> date:
    return at.date()


def detail_of(order: Order) -> dict[str, Any]:
    return detail_json(order, Role.MANAGER)


class Night(RuleBasedStateMachine):
    """A location's night, check by check; ``orders`` is every check it opened."""

    def __init__(self) -> None:
        super().__init__()
        self.orders: list[Order] = []
        self.journal: list[Entry] = []
        self.at = T0
        self.location = OrderLocation("Main", "UTC", "EUR")

    @initialize(
        mode=st.sampled_from(list(TaxMode)),
        step=st.sampled_from([None, 5]),
        guests=st.lists(st.integers(min_value=1, max_value=8), min_size=2, max_size=2),
    )
    def location_terms(self, mode: TaxMode, step: int | None, guests: list[int]) -> None:
        """The location's terms, and two tables seated."""
        self.location = OrderLocation("Main", "UTC", "EUR", mode, step)
        for count in guests:
            self.open_check(count, takeout=False)

    # --- helpers --------------------------------------------------------------------------

    def _moment(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at

    def _pick(self, n: int, *, editable: bool = True) -> Order | None:
        found = [
            o
            for o in self.orders
            if not editable or o.header.status in (OrderStatus.DRAFT, OrderStatus.OPEN)
        ]
        return found[n % len(found)] if found else None

    def _live(self, order: Order) -> list[Any]:
        return [item for item in order.items if item.status is not ItemStatus.VOIDED]

    def _reload(self, order: Order) -> Order:
        """The check as the repository loads it again: its rows, nothing left to write."""
        return Order(order.header, order.items, order.payments, refunds=order.refunds)

    def _act(self, touched: list[Order], action: Any, *, conserves: bool = False) -> Any:
        """Run ``action``; a refusal changes nothing; what it made joins the night; a move of
        money between checks conserves it."""
        before = [detail_of(o) for o in touched]
        try:
            made = action()
        except DomainError:
            assert [detail_of(o) for o in touched] == before, "a refused action changed a check"
            for order in touched:
                self._replace(order, self._reload(order))
            return None
        made_checks = [o for o in made if isinstance(o, Order)] if isinstance(made, list) else []
        after = [*touched, *made_checks]
        if conserves:
            problems = conservation_problems(before, [detail_of(o) for o in after])
            assert not problems, problems
        for order in after:
            self._journal(order)
        for order in after:
            if order in self.orders:
                self._replace(order, self._reload(order))
            else:
                self.orders.append(self._reload(order))
        return made

    def _replace(self, old: Order, new: Order) -> None:
        self.orders[self.orders.index(old)] = new

    def _journal(self, order: Order) -> None:
        """What the service writes of the order's notes: a SALE numbers its receipt; a REOPEN
        negates the SALE with the tips adjusted since."""
        for note in order.changes.journal:
            sequence = len(self.journal) + 1
            written: Note | None = note.note
            if note.kind is EntryKind.REOPEN:
                if note.reverses is None:
                    continue
                sale = self._note(self.journal[note.reverses - 1])
                assert isinstance(sale, SaleNote)
                tips = [
                    adjusted
                    for e in self.journal[note.reverses :]
                    if isinstance(adjusted := self._note(e), TipAdjustNote)
                    and adjusted.receipt_number == note.reverses
                ]
                written = sale.with_tips_adjusted(tips).reopened(note.reverses)
            assert written is not None
            self.journal.append(Entry(sequence, note.kind.value, self.at, write_note(written)))
            if note.kind is EntryKind.SALE:
                order.number_receipt(sequence)
        order.changes.journal.clear()

    @staticmethod
    def _note(entry: Entry) -> Note:
        """An entry's record, read back from its text as the journal stores it."""
        return read_note(entry.kind, entry.content_text)

    # --- the rules ------------------------------------------------------------------------

    @rule(
        guests=st.one_of(st.none(), st.integers(min_value=1, max_value=8)),
        takeout=st.booleans(),
    )
    def open_check(self, guests: int | None, takeout: bool) -> None:
        kind = OrderType.TAKEOUT if takeout else OrderType.DINE_IN
        command = CreateOrder(order_type=kind, location_id=LOCATION, guest_count=guests)
        order = Order.open(
            command,
            order_number=1001 + len(self.orders),
            opened_by=MANAGER,
            at=self._moment(),
            location=self.location,
            charges=(SERVICE,),
        )
        self.orders.append(self._reload(order))

    @rule(
        n=index,
        dish=st.integers(min_value=0, max_value=len(MENU) - 1),
        quantity=st.sampled_from(QUANTITIES),
        seat=st.one_of(st.none(), st.integers(min_value=1, max_value=4)),
        course=st.sampled_from([1, 1, 2]),
        extra=st.sampled_from([None, "0.50", "1.25"]),
    )
    def add_item(
        self,
        n: int,
        dish: int,
        quantity: Decimal,
        seat: int | None,
        course: int,
        extra: str | None,
    ) -> None:
        order = self._pick(n)
        if order is None:
            return
        product = MENU[dish]
        modifiers = (
            () if extra is None else (ModifierChoice(uuid.uuid4(), "Extra", Decimal(extra)),)
        )
        command = AddItem(product.id, quantity, modifiers=modifiers, seat=seat, course=course)
        self._act([order], lambda: order.add_item(command, product=product, at=self._moment()))

    @rule(n=index)
    def send(self, n: int) -> None:
        order = self._pick(n)
        if order is not None:
            self._act([order], lambda: order.send(actor=MANAGER, at=self._moment()))

    @rule(n=index, picks=st.lists(index, min_size=1, max_size=2))
    def send_some_items(self, n: int, picks: list[int]) -> None:
        """A guests' round confirmed: only its items go to the kitchen."""
        order = self._pick(n)
        if order is not None and order.items:
            ids = {order.items[pick % len(order.items)].id for pick in picks}
            self._act([order], lambda: order.send_items(ids, actor=MANAGER, at=self._moment()))

    @rule(n=index)
    def fire_second_course(self, n: int) -> None:
        order = self._pick(n)
        if order is not None:
            self._act([order], lambda: order.fire_course(2, actor=MANAGER, at=self._moment()))

    @rule(n=index)
    def kitchen_makes_it(self, n: int) -> None:
        order = self._pick(n)
        if order is None:
            return
        cooking = [i.id for i in order.items if i.status in (ItemStatus.SENT, ItemStatus.PREPARING)]

        def ready() -> None:
            for item_id in cooking:
                order.change_item(
                    item_id, ChangeItem(status=ItemStatus.READY), actor=MANAGER, at=self._moment()
                )

        self._act([order], ready)

    @rule(
        n=index,
        by_seat=st.booleans(),
        picks=st.lists(index, min_size=1, max_size=3),
        half=st.booleans(),
    )
    def split(self, n: int, by_seat: bool, picks: list[int], half: bool) -> None:
        order = self._pick(n)
        if order is None or not self._live(order):
            return
        live = self._live(order)
        chosen: dict[uuid.UUID, Decimal | None] = {live[p % len(live)].id: None for p in picks}
        first = live[picks[0] % len(live)]
        if half and first.quantity > 1:
            chosen[first.id] = Decimal(1)
        command = SplitCheck(items={} if by_seat else chosen, by_seat=by_seat)

        def split() -> list[Order]:
            seats = {item.id: item.seat for item in live}
            wanted = selections(command, seats)
            kept, new = guests_after_split(
                None, order.header.guest_count, len(wanted), by_seat=by_seat
            )
            checks = [
                NewCheck(uuid.uuid4(), 2001 + len(self.orders) + k, guests)
                for k, guests in enumerate(new)
            ]
            return order.split(wanted, checks, guest_count=kept, actor=MANAGER, at=self._moment())

        self._act([order], split, conserves=True)

    @rule(n=index, item=index, parts=st.integers(min_value=2, max_value=3))
    def share(self, n: int, item: int, parts: int) -> None:
        order = self._pick(n)
        if order is None or not self._live(order):
            return
        line = self._live(order)[item % len(self._live(order))]
        self._act(
            [order], lambda: order.share_item(line.id, parts, at=self._moment()), conserves=True
        )

    @rule(n=index, to=index, picks=st.lists(index, min_size=1, max_size=2))
    def move(self, n: int, to: int, picks: list[int]) -> None:
        order, other = self._pick(n), self._pick(to)
        if order is None or other is None or order is other or not self._live(order):
            return
        live = self._live(order)
        ids = list(dict.fromkeys(live[p % len(live)].id for p in picks))
        self._act(
            [order, other],
            lambda: order.move_items(ids, to=other, at=self._moment()),
            conserves=True,
        )

    @rule(n=index, other=index)
    def merge(self, n: int, other: int) -> None:
        order, taken = self._pick(n), self._pick(other)
        if order is None or taken is None or order is taken:
            return
        self._act(
            [order, taken],
            lambda: order.merge(taken, actor=MANAGER, at=self._moment()),
            conserves=True,
        )

    @rule(n=index, part=st.sampled_from([0, 1, 4, 10, 3]))
    def discount(self, n: int, part: int) -> None:
        order = self._pick(n)
        if order is None:
            return
        amount = Decimal(order.header.subtotal_cents * part // 10) / 100 if part else Decimal(0)
        amount = Decimal(order.header.subtotal_cents // 7) / 100 if part == 3 else amount
        self._act(
            [order],
            lambda: order.apply_discount(ApplyDiscount(amount), actor=MANAGER, at=self._moment()),
        )

    @rule(n=index, fee=st.booleans())
    def charge_on(self, n: int, fee: bool) -> None:
        order = self._pick(n)
        if order is not None:
            charge = FEE if fee else SERVICE
            self._act([order], lambda: order.add_charge(charge, at=self._moment()))

    @rule(n=index, fee=st.booleans())
    def charge_off(self, n: int, fee: bool) -> None:
        order = self._pick(n)
        if order is not None:
            charge = (FEE if fee else SERVICE).service_charge_id
            self._act(
                [order], lambda: order.remove_charge(charge, actor=MANAGER, at=self._moment())
            )

    @rule(n=index, whole=st.booleans())
    def pay_cash(self, n: int, whole: bool) -> None:
        order = self._pick(n)
        if order is None:
            return
        totals = order.totals()
        due = totals.cash_balance_due_cents if whole else totals.balance_due_cents // 2
        command = TakePayment(Decimal(due) / 100, PaymentMethod.CASH)
        self._act([order], lambda: self._pay(order, command))

    @rule(n=index, whole=st.booleans(), tip=st.sampled_from([0, 100, 250]))
    def pay_card(self, n: int, whole: bool, tip: int) -> None:
        order = self._pick(n)
        if order is None:
            return
        balance = order.totals().balance_due_cents
        due = balance if whole else balance // 3
        command = TakePayment(Decimal(due) / 100, PaymentMethod.CARD, Decimal(tip) / 100)
        self._act([order], lambda: self._pay(order, command))

    def _pay(self, order: Order, command: TakePayment) -> None:
        order.pay(command, actor=MANAGER, tip_approval_ratio=TIP_RATIO, at=self._moment())
        if order.is_settled:
            order.complete(actor=MANAGER, at=self._moment())

    @rule(n=index, tip=st.sampled_from([0, 50, 300]))
    def adjust_tip(self, n: int, tip: int) -> None:
        order = self._pick(n, editable=False)
        if order is None or not order.payments:
            return
        payment = order.payments[-1]
        self._act(
            [order],
            lambda: order.adjust_tip(
                payment.id,
                Decimal(tip) / 100,
                actor=MANAGER,
                tip_approval_ratio=TIP_RATIO,
                business_day_of=_day,
                at=self._moment(),
            ),
        )

    @rule(n=index, cents=st.sampled_from([1, 100, 500]))
    def refund(self, n: int, cents: int) -> None:
        order = self._pick(n, editable=False)
        if order is None:
            return
        command = RefundOrder("guest unhappy", amount=Decimal(cents) / 100)
        self._act([order], lambda: order.refund(command, actor=MANAGER, at=self._moment()))

    @rule(n=index, item=index)
    def void(self, n: int, item: int) -> None:
        order = self._pick(n)
        if order is None or not self._live(order):
            return
        line = self._live(order)[item % len(self._live(order))]
        self._act(
            [order], lambda: order.void_item(line.id, "sent back", actor=MANAGER, at=self._moment())
        )

    @rule(n=index, item=index)
    def fewer(self, n: int, item: int) -> None:
        order = self._pick(n)
        if order is None or not self._live(order):
            return
        line = self._live(order)[item % len(self._live(order))]
        # In thousandths, as the API takes a quantity (docs/design.md §3).
        halved = (line.quantity / 2).quantize(Decimal("0.001"))
        command = ChangeItem(
            quantity=halved if line.quantity > 1 else line.quantity + 1, reason="less"
        )
        self._act(
            [order], lambda: order.change_item(line.id, command, actor=MANAGER, at=self._moment())
        )

    @rule(n=index)
    def cancel(self, n: int) -> None:
        order = self._pick(n)
        if order is not None:
            self._act([order], lambda: order.cancel("left", actor=MANAGER, at=self._moment()))

    @rule(n=index)
    def complete(self, n: int) -> None:
        order = self._pick(n)
        if order is not None:
            self._act([order], lambda: order.complete(actor=MANAGER, at=self._moment()))

    @rule(n=index)
    def reopen(self, n: int) -> None:
        order = self._pick(n, editable=False)
        if order is not None:
            self._act(
                [order],
                lambda: order.reopen(seated_at_table=None, business_day_of=_day, at=self._moment()),
            )

    # --- after every step -----------------------------------------------------------------

    @invariant()
    def every_check_keeps_its_books(self) -> None:
        problems = [p for order in self.orders for p in order_problems(detail_of(order))]
        assert not problems, problems

    @invariant()
    def the_journal_adds_up_to_the_completed_checks(self) -> None:
        figures = day_figures(self.journal)
        done = [o for o in self.orders if o.header.status is OrderStatus.COMPLETED]
        taxes: Counter[tuple[str | None, int]] = Counter()
        for order in done:
            for rate in order.header.taxes:
                key = (None if rate.tax.id is None else str(rate.tax.id), rate.tax.units)
                taxes[key] += rate.tax_cents
        journalled = Counter({key: rate.tax_cents for key, rate in figures.taxes.items()})
        assert +journalled == +taxes
        assert figures.net_sales_cents == sum(
            o.header.subtotal_cents - o.header.discount_cents for o in done
        )
        assert figures.tips_cents == sum(o.header.tip_cents for o in done)
        by_method: Counter[str] = Counter()
        for order in done:
            for payment in order.payments:
                by_method[payment.method.value] += payment.amount_cents
        assert +Counter({m: s.amount_cents for m, s in figures.by_method.items()}) == +by_method


def test_the_books_never_drift_whatever_the_night() -> None:
    nights(Night, in_ci=200)
