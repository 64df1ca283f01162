import { describe, expect, it } from "vitest";
import type { BrigadeEvent } from "../../shared/stream";
import type { GuestRound } from "../../shared/types";
import { NO_ROUNDS, heardPayment, heardRound, listed, settled } from "./rounds";

const round = (id: string, status: GuestRound["status"]): GuestRound => ({
  id,
  locationId: "l",
  tableId: "t",
  tableName: "T7",
  orderId: status === "REFUSED" ? null : "o",
  status,
  lines: status === "REFUSED" ? [] : [{ name: "Tea", quantity: 2, total: 6, notes: null, itemId: "i" }],
  total: status === "REFUSED" ? 0 : 6,
  placedAt: "2026-12-05T20:00:00Z",
  decidedAt: null,
  decidedBy: null,
  reason: status === "REFUSED" ? "too many" : null,
});

const event = (type: string, data: GuestRound): BrigadeEvent => ({
  id: 1,
  type,
  locationId: "l",
  entityId: data.id,
  orderId: data.orderId,
  data,
});

describe("guests' rounds on the floor", () => {
  it("lists a round placed waiting, and drops it once decided anywhere", () => {
    const placed = heardRound(NO_ROUNDS, event("guest.round_placed", round("r1", "WAITING")));
    expect(placed.waiting.map((r) => r.id)).toEqual(["r1"]);
    expect(heardRound(placed, event("guest.round_confirmed", round("r1", "SENT"))).waiting).toEqual([]);
    expect(heardRound(placed, event("guest.round_declined", round("r1", "DECLINED"))).waiting).toEqual([]);
  });

  it("leaves out a round sent at once, and tells a refusal until dismissed", () => {
    expect(heardRound(NO_ROUNDS, event("guest.round_placed", round("r1", "SENT")))).toEqual(NO_ROUNDS);
    const told = heardRound(NO_ROUNDS, event("guest.round_refused", round("r2", "REFUSED")));
    expect(told.refused.map((r) => r.reason)).toEqual(["too many"]);
    expect(settled(told, "r2")).toEqual(NO_ROUNDS);
  });

  it("takes the server's list as it is, keeping the refusals, and ignores other events", () => {
    const told = heardRound(NO_ROUNDS, event("guest.round_refused", round("r2", "REFUSED")));
    const now = listed(told, [round("r3", "WAITING")]);
    expect([now.waiting.map((r) => r.id), now.refused.map((r) => r.id)]).toEqual([["r3"], ["r2"]]);
    expect(heardRound(now, { ...event("item.added", round("r4", "WAITING")) })).toBe(now);
  });
});

describe("payments from guests' phones on the floor", () => {
  const checkout = (type: string, readerId: string | null): BrigadeEvent => ({
    id: 2,
    type,
    locationId: "l",
    entityId: "c1",
    orderId: "o1",
    data: { id: "c1", orderId: "o1", readerId, amount: 7.7, tip: 0.77, status: "SUCCEEDED" },
  });
  const tables = (orderId: string) => (orderId === "o1" ? "T3" : null);

  it("tells a phone's payment at its check's table until dismissed, once however often heard", () => {
    const told = heardPayment(NO_ROUNDS, checkout("card_checkout.succeeded", null), tables);
    expect(told.paid).toEqual([{ id: "c1", tableName: "T3", amount: 7.7, tip: 0.77 }]);
    expect(heardPayment(told, checkout("card_checkout.succeeded", null), tables).paid).toHaveLength(1);
    expect(settled(told, "c1")).toEqual(NO_ROUNDS);
  });

  it("names no table for a check the floor never listed", () => {
    const told = heardPayment(NO_ROUNDS, checkout("card_checkout.succeeded", null), () => null);
    expect(told.paid.map((payment) => payment.tableName)).toEqual([null]);
  });

  it("leaves out a reader's payments and every other step of a checkout", () => {
    expect(heardPayment(NO_ROUNDS, checkout("card_checkout.succeeded", "reader"), tables)).toBe(NO_ROUNDS);
    expect(heardPayment(NO_ROUNDS, checkout("card_checkout.waiting", null), tables)).toBe(NO_ROUNDS);
  });
});
