import { describe, expect, it } from "vitest";
import type { BrigadeEvent } from "../../shared/stream";
import type { GuestRound } from "../../shared/types";
import { NO_ROUNDS, heardRound, listed, settled } from "./rounds";

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
