import { describe, expect, it } from "vitest";
import { newLocationId } from "./FirstLocation";

describe("a new location's id", () => {
  it("is a version 4 UUID, new each time", () => {
    const id = newLocationId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newLocationId()).not.toBe(id);
  });
});
