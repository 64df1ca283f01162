import { describe, expect, it } from "vitest";
import type { Category } from "../shared/types";
import {
  type Board,
  type BoardTicket,
  DEFAULT_THRESHOLDS,
  ageTone,
  allDayCounts,
  allReady,
  applyEvent,
  bumpedBy,
  destination,
  forStation,
  formatAge,
  heldWords,
  nextStatus,
  oldestFirst,
  partOf,
  startWords,
  startsIn,
  stationCategories,
} from "./board";
import { item, ticket } from "./fixtures";

function category(id: string, parentCategoryId: string | null = null): Category {
  return {
    id,
    name: id,
    description: null,
    imageUrl: null,
    translations: {},
    parentCategoryId,
    sortOrder: 0,
    isActive: true,
    locationId: "L",
  };
}

const MINUTE = 60_000;

describe("age colour", () => {
  it("is fresh, then amber past the first threshold, then red past the second", () => {
    expect(ageTone(0, DEFAULT_THRESHOLDS)).toBe("fresh");
    expect(ageTone(5 * MINUTE - 1, DEFAULT_THRESHOLDS)).toBe("fresh");
    expect(ageTone(5 * MINUTE, DEFAULT_THRESHOLDS)).toBe("warn");
    expect(ageTone(10 * MINUTE - 1, DEFAULT_THRESHOLDS)).toBe("warn");
    expect(ageTone(10 * MINUTE, DEFAULT_THRESHOLDS)).toBe("late");
  });

  it("follows the location's thresholds", () => {
    const slow = { warnMinutes: 8, lateMinutes: 15 };
    expect(ageTone(7 * MINUTE, slow)).toBe("fresh");
    expect(ageTone(12 * MINUTE, slow)).toBe("warn");
    expect(ageTone(15 * MINUTE, slow)).toBe("late");
  });

  it("shows mm:ss, counting minutes past an hour, never below zero", () => {
    expect(formatAge(0)).toBe("00:00");
    expect(formatAge(65_400)).toBe("01:05");
    expect(formatAge(75 * MINUTE)).toBe("75:00");
    expect(formatAge(-3000)).toBe("00:00");
  });
});

describe("all-day counts", () => {
  it("add up what is still to cook across tickets, most first, then by name", () => {
    const tickets = [
      ticket("1", "2026-11-25T12:00:00Z", [item("Burger", { quantity: 2 }), item("Fries")]),
      ticket("2", "2026-11-25T12:01:00Z", [
        item("Burger", { status: "PREPARING" }),
        item("Salad", { status: "READY" }),
        item("Fries", { status: "VOIDED" }),
        item("Cola"),
      ]),
    ];
    expect(allDayCounts(tickets)).toEqual([
      { name: "Burger", quantity: 3 },
      { name: "Cola", quantity: 1 },
      { name: "Fries", quantity: 1 },
    ]);
  });

  it("are empty when nothing is left to cook", () => {
    expect(allDayCounts([ticket("1", "2026-11-25T12:00:00Z", [item("Fries", { status: "READY" })])])).toEqual([]);
  });
});

describe("stations", () => {
  const categories = [category("grill"), category("burgers", "grill"), category("bar"), category("cold")];

  it("show the chosen categories and those nested in them", () => {
    expect(stationCategories(["grill"], categories)).toEqual(new Set(["grill", "burgers"]));
    expect(stationCategories([], categories)).toBeNull();
  });

  it("keep only their items, and only the tickets that have some", () => {
    const tickets = [
      ticket("1", "2026-11-25T12:00:00Z", [
        item("Burger", { categoryId: "burgers" }),
        item("Beer", { categoryId: "bar" }),
        item("Bread"),
      ]),
      ticket("2", "2026-11-25T12:01:00Z", [item("Wine", { categoryId: "bar" })]),
    ];
    const grill = forStation(tickets, stationCategories(["grill"], categories));
    expect(grill.map((t) => [t.id, t.items.map((i) => i.name)])).toEqual([["1", ["Burger"]]]);
    const bar = forStation(tickets, stationCategories(["bar"], categories));
    expect(bar.map((t) => t.items.map((i) => i.name))).toEqual([["Beer"], ["Wine"]]);
    expect(forStation(tickets, null)).toEqual(tickets);
  });
});

describe("tickets", () => {
  it("stand oldest first, ties by id", () => {
    const tickets = [
      ticket("c", "2026-11-25T12:02:00Z", []),
      ticket("b", "2026-11-25T12:00:00Z", []),
      ticket("a", "2026-11-25T12:00:00.000Z", []),
    ];
    expect(oldestFirst(tickets).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });

  it("say where they go", () => {
    const where = (orderType: BoardTicket["orderType"], tableName: string | null, customerName: string | null = null) =>
      destination({ orderType, tableName, customerName });
    expect(where("DINE_IN", "4")).toBe("Table 4");
    expect(where("DINE_IN", null)).toBe("DINE IN");
    expect(where("TAKEOUT", null)).toBe("TAKEOUT");
    expect(where("BAR_TAB", null)).toBe("TAB");
  });

  it("name the customer beside where they go", () => {
    expect(destination({ orderType: "BAR_TAB", tableName: null, customerName: "Sam" })).toBe("TAB · Sam");
    expect(destination({ orderType: "TAKEOUT", tableName: null, customerName: "Kim" })).toBe("TAKEOUT · Kim");
    expect(destination({ orderType: "BAR_TAB", tableName: "Bar 2", customerName: "Sam" })).toBe("TAB · Sam");
  });

  it("move an item forward one tap at a time, and are ready when every live item is", () => {
    expect(nextStatus("SENT")).toBe("PREPARING");
    expect(nextStatus("PREPARING")).toBe("READY");
    expect(nextStatus("READY")).toBe("PREPARING");
    expect(nextStatus("SERVED")).toBeNull();
    expect(nextStatus("VOIDED")).toBeNull();
    const done = ticket("1", "2026-11-25T12:00:00Z", [item("A", { status: "READY" }), item("B", { status: "VOIDED" })]);
    expect(allReady(done)).toBe(true);
    expect(allReady(ticket("2", "2026-11-25T12:00:00Z", [item("A", { status: "PREPARING" })]))).toBe(false);
  });
});

describe("events", () => {
  const first = ticket("1", "2026-11-25T12:00:00Z", [item("Burger"), item("Fries")]);
  const board = { tickets: [first], lastBumped: null, recentlyBumped: [] };
  const event = (type: string, data: unknown) => ({ type, orderId: "order-1", data });

  it("add a sent ticket once, and take a bumped one off as the last bumped", () => {
    const second = ticket("2", "2026-11-25T12:01:00Z", [item("Salad")]);
    const added = applyEvent(board, event("kitchen_ticket.created", second));
    expect(added !== "reload" && added.tickets.map((t) => t.id)).toEqual(["1", "2"]);
    expect(applyEvent(board, event("kitchen_ticket.created", first))).toBe(board);
    const bumped = applyEvent(board, event("kitchen_ticket.bumped", first));
    expect(bumped).toEqual({ tickets: [], lastBumped: first, recentlyBumped: [first] });
    // The recall list: newest first, each once, at most ten.
    const older = Array.from({ length: 10 }, (_, i) => ticket(`old-${i}`, "2026-11-25T11:00:00Z", []));
    const full = applyEvent(
      { ...board, recentlyBumped: [...older.slice(0, 3), first, ...older.slice(3)] },
      event("kitchen_ticket.bumped", first),
    );
    expect(full !== "reload" && full.recentlyBumped.map((t) => t.id)).toEqual([
      "1",
      ...older.slice(0, 9).map((t) => t.id),
    ]);
    expect(applyEvent(board, event("kitchen_ticket.recalled", first))).toBe("reload");
  });

  it("move an item's status forward, or READY back to PREPARING, and strike a void", () => {
    const preparing = applyEvent(
      board,
      event("item.updated", { id: "Burger-id", status: "PREPARING", quantity: 1, voidReason: null }),
    );
    expect(preparing !== "reload" && preparing.tickets[0].items[0].status).toBe("PREPARING");
    const stale = applyEvent(
      preparing as typeof board,
      event("item.updated", { id: "Burger-id", status: "SENT", quantity: 1, voidReason: null }),
    );
    expect(stale !== "reload" && stale.tickets[0].items[0].status).toBe("PREPARING");
    const ready = applyEvent(
      preparing as typeof board,
      event("item.updated", { id: "Burger-id", status: "READY", quantity: 1, voidReason: null }),
    );
    const undone = applyEvent(
      ready as typeof board,
      event("item.updated", { id: "Burger-id", status: "PREPARING", quantity: 1, voidReason: null }),
    );
    expect(undone !== "reload" && undone.tickets[0].items[0].status).toBe("PREPARING");
    const voided = applyEvent(
      board,
      event("item.voided", { id: "Fries-id", status: "VOIDED", quantity: 1, voidReason: "dropped" }),
    );
    expect(voided !== "reload" && voided.tickets[0].items[1]).toMatchObject({
      status: "VOIDED",
      voidReason: "dropped",
    });
  });

  it("follow the order's status and table, and ignore other orders and kinds", () => {
    const moved = applyEvent(board, event("order.updated", { id: "order-1", status: "OPEN", tableName: "7" }));
    expect(moved !== "reload" && moved.tickets[0].tableName).toBe("7");
    const cancelled = applyEvent(
      board,
      event("order.cancelled", { id: "order-1", status: "CANCELLED", tableName: "4" }),
    );
    expect(cancelled !== "reload" && cancelled.tickets[0].orderStatus).toBe("CANCELLED");
    expect(applyEvent(board, event("order.updated", { id: "other", status: "OPEN", tableName: null }))).toBe(board);
    expect(applyEvent(board, event("product.86d", { id: "x" }))).toBe(board);
  });

  it("ask the server again when food moves between checks (a split, a move, a merge)", () => {
    for (const type of ["order.split", "order.items_moved", "order.merged"]) {
      expect(applyEvent(board, event(type, { id: "order-1", status: "OPEN", tableName: "4" }))).toBe("reload");
    }
    // The check merged into another is cancelled, its food is not: never shown CANCELLED.
    const merged = { id: "order-1", status: "CANCELLED", tableName: "4", mergedInto: "order-2" };
    expect(applyEvent(board, event("order.cancelled", merged))).toBe("reload");
    // A part of a shared line on the board: the server adds its parts up.
    const part = { id: "part-1", status: "VOIDED", quantity: 0.5, voidReason: "x", sentAs: "Burger-id" };
    expect(applyEvent(board, event("item.voided", part))).toBe("reload");
    expect(applyEvent(board, event("item.voided", { ...part, sentAs: "elsewhere" }))).toBe(board);
    // A sent bottle shared between two checks: the line keeps one bottle, not "½, reduced".
    const share = { id: "part-2", status: "SENT", quantity: 0.5, voidReason: null, sentAs: "Burger-id" };
    expect(applyEvent(board, event("item.added", share))).toBe("reload");
    expect(applyEvent(board, event("item.added", { ...share, sentAs: null }))).toBe(board);
  });

  it("follow the order's customer's name, and keep it when an event carries none", () => {
    const named = applyEvent(
      board,
      event("order.updated", { id: "order-1", status: "OPEN", tableName: "4", customerName: "Sam" }),
    );
    expect(named !== "reload" && named.tickets[0].customerName).toBe("Sam");
    const unnamed =
      named !== "reload"
        ? applyEvent(named, event("order.updated", { id: "order-1", status: "OPEN", tableName: "4" }))
        : named;
    expect(unnamed !== "reload" && unnamed.tickets[0].customerName).toBe("Sam");
    const cleared = applyEvent(
      board,
      event("order.updated", { id: "order-1", status: "OPEN", tableName: "4", customerName: null }),
    );
    expect(cleared !== "reload" && cleared.tickets[0].customerName).toBeNull();
  });

  it("reload for a ticket too large for an event, and follow an order's summary", () => {
    const summary = { id: "2", orderId: "order-1", itemCount: 500, truncated: true, href: "/api/kitchen/tickets/2" };
    expect(applyEvent(board, event("kitchen_ticket.created", summary))).toBe("reload");
    const order = { id: "order-1", status: "OPEN", tableName: "9", truncated: true, href: "/api/orders/order-1" };
    const moved = applyEvent(board, event("order.updated", order));
    expect(moved !== "reload" && moved.tickets[0].tableName).toBe("9");
  });
});

describe("stations set in the back office", () => {
  const grill = station("grill", false);
  const expo = station("expo", true);
  const parts = (bar: string | null) => [
    { stationId: "grill", name: "Grill", bumpedAt: null },
    { stationId: "bar", name: "Bar", bumpedAt: bar },
  ];
  const whole = {
    ...ticket("1", "2026-11-25T12:00:00Z", [
      item("Burger", { stationIds: ["grill"] }),
      item("Beer", { stationIds: ["bar"] }),
    ]),
    stations: parts(null),
  };
  const event = (type: string, data: unknown) => ({ type, orderId: "order-1", data });
  const empty = (on: typeof grill | null) => ({ tickets: [], lastBumped: null, recentlyBumped: [], station: on });

  function station(id: string, isExpo: boolean) {
    const at = "2026-11-25T11:00:00Z";
    return { id, locationId: "L", name: id, categoryIds: [], isExpo, createdAt: at, updatedAt: at };
  }

  it("show a station its part of a ticket, and the expo the whole ticket", () => {
    expect(partOf(whole, grill)?.items.map((i) => i.name)).toEqual(["Burger"]);
    expect(partOf(whole, station("cold", false))).toBeNull();
    expect(partOf(whole, expo)).toBe(whole);
    expect(partOf(whole, null)).toBe(whole);
  });

  it("add a new ticket to a station's board as its part only, and not at all without one", () => {
    const added = applyEvent(empty(grill), event("kitchen_ticket.created", whole));
    expect(added !== "reload" && added.tickets.map((t) => t.items.map((i) => i.name))).toEqual([["Burger"]]);
    const cold = empty(station("cold", false));
    expect(applyEvent(cold, event("kitchen_ticket.created", whole))).toBe(cold);
  });

  it("take a ticket off the station that bumped its part, and show the expo the part done", () => {
    const barBumped = { ...whole, stations: parts("2026-11-25T12:05:00Z") };
    const atGrill = applyEvent(
      { ...empty(grill), tickets: [partOf(whole, grill)!] },
      event("kitchen_ticket.station_bumped", barBumped),
    );
    expect(atGrill !== "reload" && atGrill.tickets[0].stations?.map((p) => p.bumpedAt !== null)).toEqual([false, true]);
    const atExpo = applyEvent({ ...empty(expo), tickets: [whole] }, event("kitchen_ticket.station_bumped", barBumped));
    expect(atExpo !== "reload" && atExpo.tickets[0].stations).toEqual(barBumped.stations);
    const atBar = applyEvent(
      { ...empty(station("bar", false)), tickets: [whole] },
      event("kitchen_ticket.station_bumped", barBumped),
    );
    expect(atBar !== "reload" && atBar.tickets).toEqual([]);
    expect(atBar !== "reload" && atBar.lastBumped?.items.map((i) => i.name)).toEqual(["Beer"]);
    expect(bumpedBy(barBumped, "bar")).toBe(true);
    expect(bumpedBy(barBumped, "grill")).toBe(false);
    // The whole ticket bumped (by the expo) leaves a station's board, not its recall list.
    const byExpo = applyEvent({ ...empty(grill), tickets: [whole] }, event("kitchen_ticket.bumped", whole));
    expect(byExpo !== "reload" && [byExpo.tickets, byExpo.lastBumped]).toEqual([[], null]);
    expect(applyEvent(empty(grill), event("kitchen_ticket.station_recalled", whole))).toBe("reload");
  });

  it("keep the expo's ticket once every station bumped, until the expo's own bump", () => {
    const bothBumped = {
      ...whole,
      items: whole.items.map((line) => ({ ...line, status: "READY" as const })),
      stations: parts("2026-11-25T12:05:00Z").map((part) => ({ ...part, bumpedAt: "2026-11-25T12:05:00Z" })),
    };
    const held = applyEvent({ ...empty(expo), tickets: [whole] }, event("kitchen_ticket.station_bumped", bothBumped));
    expect(held !== "reload" && held.tickets.map((t) => t.stations?.every((p) => p.bumpedAt !== null))).toEqual([true]);
    const passed = applyEvent(
      held as Board,
      event("kitchen_ticket.bumped", { ...bothBumped, bumpedAt: "2026-11-25T12:06:00Z" }),
    );
    expect(passed !== "reload" && [passed.tickets, passed.lastBumped?.id]).toEqual([[], "1"]);
  });

  it("read the board again when a station is changed in the back office", () => {
    const changed = { ...station("grill", false), name: "Grill & fry", deviceIds: [], deleted: false };
    expect(applyEvent({ ...empty(grill), tickets: [whole] }, event("kitchen_station.changed", changed))).toBe("reload");
    expect(applyEvent(empty(null), event("kitchen_station.changed", { ...changed, deleted: true }))).toBe("reload");
  });

  it("say when to start an item so the ticket finishes together", () => {
    const now = Date.parse("2026-11-25T12:01:00Z");
    const salad = item("Salad", { startAt: "2026-11-25T12:05:10Z" });
    const steak = item("Steak", { startAt: "2026-11-25T12:00:00Z" });
    const late = { ...whole, items: [salad, steak] };
    expect(startsIn(late, salad, now)).toBe(250_000);
    expect(startWords(250_000)).toBe("start in 04:10");
    expect(startWords(-1)).toBe("start now");
    expect(startsIn(late, steak, now)).toBeNull();
    expect(startsIn(late, { ...salad, status: "PREPARING" }, now)).toBeNull();
    expect(startsIn(late, item("Bread"), now)).toBeNull();
  });

  it("say which courses are held, and drop a course once it is fired", () => {
    expect(heldWords([])).toBeNull();
    expect(heldWords([2])).toBe("Course 2 held");
    expect(heldWords([2, 3])).toBe("Courses 2, 3 held");
    const held = { tickets: [{ ...whole, heldCourses: [2, 3] }], lastBumped: null, recentlyBumped: [] };
    const fired = applyEvent(held, event("order.course_fired", { id: "order-1", firedCourses: [1, 2] }));
    expect(fired !== "reload" && fired.tickets[0].heldCourses).toEqual([3]);
    expect(applyEvent(held, event("order.course_fired", { id: "other", firedCourses: [1, 2] }))).toBe(held);
  });
});
