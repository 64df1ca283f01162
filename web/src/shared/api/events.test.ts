import { describe, expect, it } from "vitest";
import { type EventOfType, eventLine } from "./events";

const envelope = { at: "2026-11-27T20:15:00Z", locationId: null, entityId: null, orderId: null };

describe("typed events", () => {
  it("narrows an item event's data to the item with its order's number and totals", () => {
    const added = {
      ...envelope,
      id: 41,
      type: "item.added",
      data: { orderNumber: "#1042", quantity: 2, name: "Burger", order: { total: 29 } },
    } as EventOfType<"item.added">;
    expect(eventLine(added)).toBe("#1042 item.added: 2 Burger, order total 29");
  });

  it("tells a truncated order from a whole one", () => {
    const truncated = {
      ...envelope,
      id: 42,
      type: "order.completed",
      data: { truncated: true, itemCount: 900, href: "/api/orders/x" },
    } as EventOfType<"order.completed">;
    expect(eventLine(truncated)).toBe("order.completed: order /api/orders/x");
  });

  it("falls back to the type and id for the rest", () => {
    const opened = { ...envelope, id: 43, type: "shift.clocked_in", data: {} } as EventOfType<"shift.clocked_in">;
    expect(eventLine(opened)).toBe("shift.clocked_in #43");
  });
});
