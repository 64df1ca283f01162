import { describe, expect, it } from "vitest";
import type { BrigadeEvent } from "../../shared/stream";
import { CALL_SHOWN_MS, answered, callsShown, heard } from "./calls";

const AT = Date.parse("2026-12-04T20:00:00Z");
const called = (tableId: string, kind: string, at: string, type = "guest.called"): BrigadeEvent => ({
  id: 1,
  type,
  locationId: "L",
  entityId: "c",
  orderId: null,
  data: { tableId, kind, at },
});

describe("guests' calls on the floor", () => {
  it("mark the table they came from, a kind once", () => {
    let calls = heard({}, called("t1", "SERVER", "2026-12-04T20:00:00Z"));
    calls = heard(calls, called("t1", "BILL", "2026-12-04T20:01:00Z"));
    calls = heard(calls, called("t1", "SERVER", "2026-12-04T20:02:00Z"));
    expect(callsShown(calls, "t1", AT + 180_000)).toEqual([
      { kind: "BILL", at: AT + 60_000 },
      { kind: "SERVER", at: AT + 120_000 },
    ]);
    expect(callsShown(calls, "t2", AT)).toEqual([]);
  });

  it("ignore other events and what they cannot read", () => {
    expect(heard({}, called("t1", "SERVER", "2026-12-04T20:00:00Z", "order.created"))).toEqual({});
    expect(heard({}, called("t1", "DESSERT", "2026-12-04T20:00:00Z"))).toEqual({});
  });

  it("are answered by opening the table, or fade after a while", () => {
    const calls = heard({}, called("t1", "BILL", "2026-12-04T20:00:00Z"));
    expect(answered(calls, "t1")).toEqual({});
    expect(callsShown(calls, "t1", AT + CALL_SHOWN_MS - 1)).toHaveLength(1);
    expect(callsShown(calls, "t1", AT + CALL_SHOWN_MS)).toHaveLength(0);
  });
});
