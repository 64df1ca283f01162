import { describe, expect, it } from "vitest";
import { aTable, anOrder } from "../../shared/fixtures";
import type { Order, SeatedOrder } from "../../shared/types";
import { bySection, checksAt, minutesOpen, withLocal } from "./state";

const seated = (id: string, orderNumber = "#9"): SeatedOrder => ({
  id,
  orderNumber,
  status: "OPEN",
  guestCount: 2,
  customerName: null,
  total: 0,
  balanceDue: 0,
  createdAt: "2026-01-01T00:00:00Z",
});

describe("the floor", () => {
  it("groups tables by section in the order the sections come, no section as Floor", () => {
    const grouped = bySection([aTable("1", "Inside"), aTable("5", "Patio"), aTable("2", "Inside"), aTable("9", null)]);
    expect(grouped.map(([section, tables]) => [section, tables.map((t) => t.name)])).toEqual([
      ["Inside", ["1", "2"]],
      ["Patio", ["5"]],
      ["Floor", ["9"]],
    ]);
  });

  it("lists a table's checks by their number, #999 before #1000", () => {
    const split = { ...aTable("1", "Inside"), openOrders: ["#1001", "#1000", "#999"].map((n) => seated(n, n)) };
    expect(checksAt(split).map((check) => check.orderNumber)).toEqual(["#999", "#1000", "#1001"]);
  });

  it("counts whole minutes open, never negative", () => {
    const now = Date.parse("2026-11-24T20:30:59Z");
    expect(minutesOpen("2026-11-24T20:00:00Z", now)).toBe(30);
    expect(minutesOpen("2026-11-24T20:31:30Z", now)).toBe(0);
  });
});

describe("the floor with the tablet's own checks", () => {
  const local = (id: string, tableId: string | null, status: Order["status"] = "DRAFT") =>
    anOrder({ id, tableId, status, orderNumber: "#new" });

  it.each([
    ["a check seated on the tablet occupies its table", [aTable("4", null)], [local("o", "4")], [["4", ["o"]]]],
    [
      "a check the server lists already is shown once, as the tablet has it",
      [{ ...aTable("4", null), status: "OCCUPIED" as const, openOrders: [seated("o")] }],
      [local("o", "4")],
      [["4", ["o"]]],
    ],
    [
      "a check completed on the tablet frees its table",
      [{ ...aTable("4", null), status: "OCCUPIED" as const, openOrders: [seated("o")] }],
      [local("o", "4", "COMPLETED")],
      [["4", []]],
    ],
    [
      "a check cancelled on the tablet frees its table at once",
      [{ ...aTable("4", null), status: "OCCUPIED" as const, openOrders: [seated("o")] }],
      [local("o", "4", "CANCELLED")],
      [["4", []]],
    ],
    [
      "a check moved on the tablet leaves its old table",
      [{ ...aTable("4", null), status: "OCCUPIED" as const, openOrders: [seated("o")] }, aTable("3", null)],
      [local("o", "3", "OPEN")],
      [
        ["4", []],
        ["3", ["o"]],
      ],
    ],
  ])("%s", (_name, tables, mine, expected) => {
    const shown = withLocal(tables, [], mine);
    expect(shown.tables.map((t) => [t.name, t.openOrders.map((o) => o.id)])).toEqual(expected);
    expect(shown.tables.map((t) => t.status)).toEqual(expected.map(([, ids]) => (ids.length ? "OCCUPIED" : "FREE")));
  });

  it("a tab opened on the tablet is among the tabs", () => {
    expect(withLocal([], [], [local("tab", null)]).tabs.map((tab) => tab.id)).toEqual(["tab"]);
  });
});
