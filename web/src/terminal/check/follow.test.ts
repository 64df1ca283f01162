import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { aPayment, anItem, anOrder } from "../../shared/fixtures";
import type { BrigadeEvent } from "../../shared/stream";
import type { Order } from "../../shared/types";
import { Follower, HOLD_MS, isNews } from "./follow";

const known: Order = anOrder({
  version: 5,
  items: [anItem("a", "Latte", { status: "SENT", updatedAt: "2026-01-01T20:00:00Z" })],
  payments: [aPayment("CASH", 4, { id: "p1", processedAt: "2026-01-01T20:01:00Z" })],
});

const event = (type: string, data: unknown): BrigadeEvent => ({
  id: 1,
  type,
  locationId: "L",
  entityId: null,
  orderId: "o",
  data,
});

describe("an event about the open check", () => {
  const cases: [string, BrigadeEvent, Order | null, boolean][] = [
    ["any event, the order not known yet", event("order.sent", { version: 5 }), null, true],
    ["an order's event at the version known (its own change)", event("order.sent", { version: 5 }), known, false],
    ["an order's event older than the copy", event("order.updated", { version: 4 }), known, false],
    ["an order's event newer than the copy", event("order.completed", { version: 6 }), known, true],
    ["an order's event without a version", event("order.updated", { href: "/api/orders/o" }), known, true],
    [
      "an item as the copy has it",
      event("item.updated", { id: "a", status: "SENT", updatedAt: "2026-01-01T20:00:00Z" }),
      known,
      false,
    ],
    [
      "an item changed since",
      event("item.updated", { id: "a", status: "SENT", updatedAt: "2026-01-01T20:05:00Z" }),
      known,
      true,
    ],
    [
      "an item voided since",
      event("item.voided", { id: "a", status: "VOIDED", updatedAt: "2026-01-01T20:00:00Z" }),
      known,
      true,
    ],
    ["an item the copy lacks", event("item.added", { id: "b", status: "PENDING", updatedAt: "x" }), known, true],
    ["a payment the copy has", event("payment.created", { id: "p1" }), known, false],
    ["a payment the copy lacks", event("payment.created", { id: "p2" }), known, true],
    ["an event of another kind", event("order.refunded", null), known, true],
  ];
  it.each(cases)("%s", (_what, told, copy, news) => {
    expect(isNews(told, copy)).toBe(news);
  });
});

describe("following the open check", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const follower = (copy: { order: Order; sending: boolean }) => {
    const reads: number[] = [];
    const following = new Follower(
      () => copy.sending,
      () => copy.order,
      () => reads.push(Date.now()),
    );
    return { following, reads };
  };

  it("reads the order at once for news from another terminal", () => {
    const { following, reads } = follower({ order: known, sending: false });
    following.told(event("order.updated", { version: 6 }));
    expect(reads).toHaveLength(1);
  });

  it("holds the event of its own change until its answer lands, then reads nothing", () => {
    const copy = { order: known, sending: true };
    const { following, reads } = follower(copy);
    following.told(event("order.sent", { version: 6 }));
    expect(reads).toHaveLength(0);
    copy.order = { ...known, version: 6 };
    copy.sending = false;
    following.outboxChanged();
    vi.advanceTimersByTime(HOLD_MS);
    expect(reads).toHaveLength(0);
  });

  it("reads when a held event is still news once its own change landed", () => {
    const copy = { order: known, sending: true };
    const { following, reads } = follower(copy);
    following.told(event("order.updated", { version: 7 }));
    copy.order = { ...known, version: 6 };
    copy.sending = false;
    following.outboxChanged();
    expect(reads).toHaveLength(1);
  });

  it("holds no longer than a while when its own change is not answered", () => {
    const { following, reads } = follower({ order: known, sending: true });
    following.told(event("order.updated", { version: 7 }));
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(reads).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(reads).toHaveLength(1);
  });
});
