"""Where a ticket's items go (stations, nested categories, the expo) and when each starts
(fire by prep time): the pure rules of kitchen/domain.py (docs/design.md §19)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from uuid import UUID, uuid4

import pytest

from brigade.kitchen.domain import (
    BoardItem,
    BoardTicket,
    Kitchen,
    KitchenTicket,
    LiveItem,
    LivePart,
    Station,
    StationPart,
    TicketItem,
    TicketKind,
    TicketOrder,
    board_ticket,
    category_chain,
    held_courses,
    is_added,
    longest_prep,
    start_at,
)
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType

AT = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)
LOCATION = uuid4()
MAINS, BURGERS, DRINKS, DESSERTS = uuid4(), uuid4(), uuid4(), uuid4()
PARENTS: dict[UUID, UUID | None] = {MAINS: None, BURGERS: MAINS, DRINKS: None, DESSERTS: None}


def _station(name: str, *categories: UUID, expo: bool = False) -> Station:
    return Station(uuid4(), LOCATION, name, categories, expo, AT, AT)


GRILL = _station("Grill", MAINS)
BAR = _station("Bar", DRINKS)
EXPO = _station("Expo", expo=True)


def test_a_category_chain_climbs_to_the_top_and_stops_on_a_cycle() -> None:
    assert category_chain(BURGERS, PARENTS) == (BURGERS, MAINS)
    assert category_chain(None, PARENTS) == ()
    a, b = uuid4(), uuid4()
    assert category_chain(a, {a: b, b: a}) == (a, b)


def test_an_item_goes_to_the_stations_of_its_category_or_a_parent_of_it() -> None:
    kitchen = Kitchen((GRILL, BAR, EXPO), PARENTS)
    assert kitchen.route(BURGERS) == (GRILL.id,)
    assert kitchen.route(MAINS) == (GRILL.id,)
    assert kitchen.route(DRINKS) == (BAR.id,)


def test_an_item_nobody_claims_goes_to_every_station_but_the_expo() -> None:
    kitchen = Kitchen((GRILL, BAR, EXPO), PARENTS)
    assert kitchen.route(DESSERTS) == (GRILL.id, BAR.id)
    assert kitchen.route(None) == (GRILL.id, BAR.id)
    assert Kitchen((EXPO,), PARENTS).route(DRINKS) == ()


def test_a_station_naming_no_category_makes_every_item() -> None:
    line = _station("Line")
    kitchen = Kitchen((GRILL, line, EXPO), PARENTS)
    assert kitchen.route(BURGERS) == (GRILL.id, line.id)
    assert kitchen.route(DESSERTS) == (line.id,)


def _live(
    prep: int | None, status: ItemStatus = ItemStatus.SENT, category: UUID | None = None
) -> LiveItem:
    return LiveItem(status, Decimal(1), None, category, prep)


def test_the_longest_prep_leaves_out_voided_items_and_unknown_ones() -> None:
    assert longest_prep([_live(300), _live(None), _live(900, ItemStatus.VOIDED)]) == 300
    assert longest_prep([_live(None)]) == 0
    assert longest_prep([]) == 0


def test_an_item_starts_at_the_longest_prep_less_its_own() -> None:
    assert start_at(AT, 900, 900) == AT
    assert start_at(AT, 240, 900) == AT + timedelta(seconds=660)
    assert start_at(AT, None, 900) == AT
    # A voided item longer than the rest: at once, never before the ticket.
    assert start_at(AT, 1200, 900) == AT


def _ticket(*categories: UUID | None) -> tuple[KitchenTicket, dict[UUID, list[LivePart]]]:
    lines = tuple(
        TicketItem(uuid4(), uuid4(), f"Item {n}", Decimal(1), (), None)
        for n, _ in enumerate(categories)
    )
    ticket = KitchenTicket(
        uuid4(), uuid4(), LOCATION, 7, None, lines, AT, None, None, TicketKind.ORDER, None
    )
    live = {
        line.item_id: [
            LivePart(line.item_id, line.item_id, ticket.order_id, _live(60 * (n + 1), category=c))
        ]
        for n, (line, c) in enumerate(zip(lines, categories, strict=True))
    }
    return ticket, live


def _orders(ticket: KitchenTicket) -> dict[UUID, tuple[TicketOrder, datetime]]:
    return {ticket.order_id: (ORDER, AT)}


ORDER = TicketOrder(OrderType.DINE_IN, OrderStatus.OPEN, "T1", "Ana")


def test_a_board_ticket_names_each_items_stations_and_each_stations_part() -> None:
    ticket, live = _ticket(BURGERS, DRINKS)
    kitchen = Kitchen((BAR, EXPO, GRILL), PARENTS)
    shown = board_ticket(ticket, _orders(ticket), live, kitchen, {GRILL.id: AT})
    assert [item.station_ids for item in shown.items] == [(GRILL.id,), (BAR.id,)]
    assert [item.start_at for item in shown.items] == [AT + timedelta(seconds=60), AT]
    assert shown.stations == (StationPart(BAR, None), StationPart(GRILL, AT))
    assert not shown.every_part_bumped
    assert shown.with_station_bump(BAR.id, AT).every_part_bumped


def test_a_station_shows_and_readies_only_its_part_and_the_expo_the_whole() -> None:
    ticket, live = _ticket(BURGERS, DRINKS)
    shown = board_ticket(ticket, _orders(ticket), live, Kitchen((GRILL, BAR, EXPO), PARENTS))
    burger, beer = (item.line.item_id for item in shown.items)
    assert [i.line.item_id for i in shown.for_station(GRILL).items] == [burger]
    assert shown.for_station(EXPO) == shown
    assert shown.for_station(None) == shown
    assert shown.items_to_ready(GRILL.id) == {ticket.order_id: [burger]}
    assert shown.items_to_ready() == {ticket.order_id: [burger, beer]}
    assert shown.shows_on(GRILL)
    assert shown.shows_on(EXPO)
    bumped = shown.with_station_bump(GRILL.id, AT)
    assert not bumped.shows_on(GRILL)
    assert bumped.shows_on(BAR)
    assert bumped.shows_on(EXPO)
    # A station with no part of it never shows it.
    assert not shown.shows_on(_station("Pastry", DESSERTS))


def test_the_expo_holds_a_ticket_whose_every_part_is_bumped() -> None:
    ticket, live = _ticket(BURGERS, DRINKS)
    both = {GRILL.id: AT, BAR.id: AT}
    held = board_ticket(ticket, _orders(ticket), live, Kitchen((GRILL, BAR, EXPO), PARENTS), both)
    assert held.expo == EXPO
    assert held.every_part_bumped
    assert not held.done_with_its_parts
    assert held.shows_on(EXPO)
    unheld = board_ticket(ticket, _orders(ticket), live, Kitchen((GRILL, BAR), PARENTS), both)
    assert unheld.expo is None
    assert unheld.done_with_its_parts


def test_a_bumped_part_with_an_item_to_make_again_is_taken_back() -> None:
    ticket, live = _ticket(BURGERS, DRINKS)
    burger, beer = ticket.items
    ready = {
        line.item_id: [replace(part, live=replace(part.live, status=ItemStatus.READY))]
        for line in (burger, beer)
        for part in live[line.item_id]
    }
    kitchen = Kitchen((GRILL, BAR, EXPO), PARENTS)
    both = {GRILL.id: AT, BAR.id: AT}
    assert board_ticket(ticket, _orders(ticket), ready, kitchen, both).parts_to_make_again() == ()
    # The burger set back to PREPARING: the grill's part, not the bar's.
    again = ready | {
        burger.item_id: [
            replace(part, live=replace(part.live, status=ItemStatus.PREPARING))
            for part in ready[burger.item_id]
        ]
    }
    shown = board_ticket(ticket, _orders(ticket), again, kitchen, both)
    assert shown.parts_to_make_again() == (StationPart(GRILL, AT),)
    # A part not bumped is not taken back: it is on its station's board already.
    assert board_ticket(ticket, _orders(ticket), again, kitchen).parts_to_make_again() == ()


def test_without_stations_a_ticket_has_no_parts() -> None:
    ticket, live = _ticket(BURGERS)
    shown = board_ticket(ticket, _orders(ticket), live)
    assert shown.stations == ()
    assert [item.station_ids for item in shown.items] == [()]
    assert not shown.every_part_bumped
    assert isinstance(shown, BoardTicket)
    assert isinstance(shown.items[0], BoardItem)


def test_held_courses_are_the_pending_ones_a_send_would_not_send() -> None:
    assert held_courses([1, 2, 3], []) == (2, 3)
    assert held_courses([3, 2, 2], [2]) == (3,)
    assert held_courses([1], []) == ()
    assert held_courses([], [1, 2]) == ()


# --- "+ added" (docs/design.md §14): a line rung up after its check was first sent ----------

SENT_FIRST = AT
CHECK, OTHER_CHECK = uuid4(), uuid4()


def _line_on(
    ticket_check: UUID, rung_up_at: datetime, sent_at: datetime, *, course: int = 1, on: UUID
) -> tuple[KitchenTicket, dict[UUID, list[LivePart]]]:
    """A ticket of ``ticket_check`` sent at ``sent_at`` with one line rung up at
    ``rung_up_at``, its item now on check ``on``."""
    line = TicketItem(uuid4(), uuid4(), "Soup", Decimal(1), (), None, course=course)
    ticket = KitchenTicket(
        uuid4(),
        ticket_check,
        LOCATION,
        7,
        None,
        (line,),
        sent_at,
        None,
        None,
        TicketKind.ORDER,
        None,
    )
    live = LiveItem(ItemStatus.SENT, Decimal(1), None, None, None, rung_up_at)
    return ticket, {line.item_id: [LivePart(line.item_id, line.item_id, on, live)]}


MINUTE = timedelta(minutes=1)
# (case, the line's check, when it was rung up, when its ticket was sent, its course, the
# check it is on now, its check's first send, the other check's first send, added?)
ADDED_CASES = [
    ("first send", CHECK, AT - MINUTE, SENT_FIRST, 1, CHECK, SENT_FIRST, None, False),
    # Rung up with the first round, held on course 2, fired 20 minutes later: "Course 2".
    ("fired course", CHECK, AT - MINUTE, AT + 20 * MINUTE, 2, CHECK, SENT_FIRST, None, False),
    ("line added later", CHECK, AT + 5 * MINUTE, AT + 6 * MINUTE, 1, CHECK, SENT_FIRST, None, True),
    # Rung up after the first send on a course held, fired later: still an addition.
    (
        "added, then fired",
        CHECK,
        AT + 5 * MINUTE,
        AT + 9 * MINUTE,
        2,
        CHECK,
        SENT_FIRST,
        None,
        True,
    ),
    # A table's first round merged into a check sent earlier: not an addition to that check.
    (
        "merge",
        OTHER_CHECK,
        AT + 2 * MINUTE,
        AT + 3 * MINUTE,
        1,
        CHECK,
        SENT_FIRST,
        AT + 3 * MINUTE,
        False,
    ),
    # A first-round line split onto a new check, never sent: as it was sent.
    ("split", CHECK, AT - MINUTE, SENT_FIRST, 1, OTHER_CHECK, SENT_FIRST, None, False),
    # A line added later and split off: still added.
    ("split addition", CHECK, AT + MINUTE, AT + 2 * MINUTE, 1, OTHER_CHECK, SENT_FIRST, None, True),
]


@pytest.mark.parametrize(
    ("check", "rung_up", "sent", "course", "now_on", "first", "other_first", "added"),
    [case[1:] for case in ADDED_CASES],
    ids=[case[0] for case in ADDED_CASES],
)
def test_a_line_is_added_when_rung_up_after_its_checks_first_send(
    check: UUID,
    rung_up: datetime,
    sent: datetime,
    course: int,
    now_on: UUID,
    first: datetime,
    other_first: datetime | None,
    added: bool,
) -> None:
    ticket, live = _line_on(check, rung_up, sent, course=course, on=now_on)
    firsts = {CHECK: first, OTHER_CHECK: other_first}
    orders = {order_id: (ORDER, at) for order_id, at in firsts.items()}
    (item,) = board_ticket(ticket, orders, live).items
    assert item.added is added
    assert item.line.course == course


def test_a_line_rung_up_when_nobody_knows_is_not_added() -> None:
    assert not is_added(None, AT)
    assert not is_added(AT, None)
    assert not is_added(AT, AT)
    assert is_added(AT + MINUTE, AT)
