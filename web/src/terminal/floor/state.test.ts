import { describe, expect, it } from "vitest";
import type { Table } from "../../shared/types";
import { bySection, minutesOpen } from "./state";

const table = (name: string, section: string | null): Table => ({
  id: name,
  locationId: "L",
  name,
  section,
  seats: 4,
  status: "FREE",
  openOrders: [],
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
});

describe("the floor", () => {
  it("groups tables by section in the order the sections come, no section as Floor", () => {
    const grouped = bySection([table("1", "Inside"), table("5", "Patio"), table("2", "Inside"), table("9", null)]);
    expect(grouped.map(([section, tables]) => [section, tables.map((t) => t.name)])).toEqual([
      ["Inside", ["1", "2"]],
      ["Patio", ["5"]],
      ["Floor", ["9"]],
    ]);
  });

  it("counts whole minutes open, never negative", () => {
    const now = Date.parse("2026-11-24T20:30:59Z");
    expect(minutesOpen("2026-11-24T20:00:00Z", now)).toBe(30);
    expect(minutesOpen("2026-11-24T20:31:30Z", now)).toBe(0);
  });
});
