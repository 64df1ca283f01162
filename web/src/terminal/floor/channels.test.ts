import { describe, expect, it } from "vitest";
import type { BrigadeEvent } from "../../shared/stream";
import type { ChannelOrder } from "../../shared/types";
import {
  NO_CHANNEL_ORDERS,
  countdown,
  heardChannelOrder,
  listedChannelOrders,
  told,
  toAccept,
  toHandOver,
} from "./channels";

const order = (id: string, status: ChannelOrder["status"], updatedAt = "2026-12-05T18:00:00Z"): ChannelOrder => ({
  id,
  channelId: "c",
  channelName: "Uber Eats",
  locationId: "l",
  channelOrderId: `ue-${id}`,
  orderId: `o-${id}`,
  orderNumber: 1001,
  orderType: "DELIVERY",
  status,
  customerName: "Ana",
  phone: null,
  pickupAt: "2026-12-05T18:30:00Z",
  lines: [{ plu: "BRG", name: "Burger", quantity: 2, total: 29, notes: null }],
  total: 29,
  paid: true,
  receivedAt: "2026-12-05T18:00:00Z",
  acceptBy: "2026-12-05T18:10:00Z",
  updatedAt,
  reason: null,
});

const event = (type: string, data: unknown): BrigadeEvent => ({
  id: 1,
  type: `channel_order.${type}`,
  locationId: "l",
  entityId: "c",
  orderId: "o",
  data,
});

const ids = (orders: readonly ChannelOrder[]) => orders.map((shown) => `${shown.id}:${shown.status}`);

describe("the countdown to accept", () => {
  const acceptBy = "2026-12-05T18:10:00Z";
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ["ten minutes left", "2026-12-05T18:00:00Z", "10:00", false, false],
    ["a part second rounds up", "2026-12-05T18:00:00.400Z", "10:00", false, false],
    ["a minute and a second", "2026-12-05T18:08:59Z", "01:01", false, false],
    ["the last minute starts", "2026-12-05T18:09:00Z", "01:00", false, false],
    ["in the last minute", "2026-12-05T18:09:01Z", "00:59", true, false],
    ["a moment left", "2026-12-05T18:09:59.900Z", "00:01", true, false],
    ["at zero", "2026-12-05T18:10:00Z", "00:00", true, true],
    ["past it, never below zero", "2026-12-05T18:12:00Z", "00:00", true, true],
    ["an hour's window", "2026-12-05T17:10:00Z", "60:00", false, false],
  ])("%s: %s → %s", (_, now, text, urgent, over) => {
    expect(countdown(acceptBy, at(now))).toMatchObject({ text, urgent, over });
  });
});

describe("channel orders on the floor, from events", () => {
  const received = heardChannelOrder(NO_CHANNEL_ORDERS, event("received", order("a", "NEW")));

  it.each([
    ["received adds a NEW one", "received", order("b", "NEW", "2026-12-05T18:01:00Z"), ["a:NEW", "b:NEW"]],
    ["accepted takes it off", "accepted", order("a", "PREPARING", "2026-12-05T18:02:00Z"), []],
    ["preparing takes it off", "preparing", order("a", "PREPARING", "2026-12-05T18:02:00Z"), []],
    ["refused takes it off", "refused", order("a", "REFUSED", "2026-12-05T18:02:00Z"), []],
    ["cancelled takes it off", "cancelled", order("a", "CANCELLED", "2026-12-05T18:02:00Z"), []],
    ["ready shows it to hand over", "ready", order("a", "READY", "2026-12-05T18:20:00Z"), ["a:READY"]],
    ["picked up takes it off", "picked_up", order("a", "PICKED_UP", "2026-12-05T18:30:00Z"), []],
    ["an older word changes nothing", "refused", order("a", "REFUSED", "2026-12-05T17:59:00Z"), ["a:NEW"]],
    ["the same moment's later word counts", "accepted", order("a", "PREPARING"), []],
  ])("%s", (_, type, data, shown) => {
    expect(ids(heardChannelOrder(received, event(type, data)).shown)).toEqual(shown);
  });

  it("ignores other events and events without an order", () => {
    const other: BrigadeEvent = { ...event("received", order("c", "NEW")), type: "order.created" };
    expect(heardChannelOrder(received, other)).toBe(received);
    expect(heardChannelOrder(received, event("received", { id: "c" }))).toBe(received);
  });

  it("takes the server's answer to a tap as it takes an event", () => {
    const accepted = told(received, order("a", "PREPARING", "2026-12-05T18:02:00Z"));
    expect(accepted.shown).toEqual([]);
    // The stream's own word of it, arriving after the answer, changes nothing.
    expect(heardChannelOrder(accepted, event("received", order("a", "NEW")))).toBe(accepted);
  });
});

describe("channel orders on the floor, from the list", () => {
  it.each([
    ["the list as it is", [], [order("a", "NEW"), order("b", "READY")], ["a:NEW", "b:READY"]],
    [
      "an order decided on the stream since the list was read stays off",
      [order("a", "PREPARING", "2026-12-05T18:05:00Z")],
      [order("a", "NEW")],
      [],
    ],
    [
      "an order received on the stream while the list was read stays on",
      [order("b", "NEW", "2026-12-05T18:05:00Z")],
      [order("a", "NEW")],
      ["a:NEW", "b:NEW"],
    ],
    [
      "a newer list's word wins over an older heard one",
      [order("a", "NEW")],
      [order("a", "READY", "2026-12-05T18:20:00Z")],
      ["a:READY"],
    ],
    ["statuses the floor does not show are left out", [], [order("a", "PREPARING")], []],
  ])("%s", (_, heard, listed, shown) => {
    const before = heard.reduce((orders, each) => told(orders, each), NO_CHANNEL_ORDERS);
    expect(ids(listedChannelOrders(before, listed).shown)).toEqual(shown);
  });

  it("drops an order only an earlier list showed", () => {
    const first = listedChannelOrders(NO_CHANNEL_ORDERS, [order("a", "NEW")]);
    expect(listedChannelOrders(first, []).shown).toEqual([]);
  });
});

describe("which card goes where", () => {
  it("puts the NEW ones soonest to decide first, the READY ones soonest pickup first", () => {
    const soon = { ...order("b", "NEW"), acceptBy: "2026-12-05T18:05:00Z" };
    const later = { ...order("d", "READY"), pickupAt: "2026-12-05T19:00:00Z" };
    const orders = listedChannelOrders(NO_CHANNEL_ORDERS, [order("a", "NEW"), soon, later, order("c", "READY")]);
    expect(ids(toAccept(orders))).toEqual(["b:NEW", "a:NEW"]);
    expect(ids(toHandOver(orders))).toEqual(["c:READY", "d:READY"]);
  });
});
