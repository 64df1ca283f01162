import { describe, expect, it } from "vitest";
import { randomUuid } from "./client";

// Idempotency keys, special requests' ids and a new location's id (the server keys a location
// by the id it is given) are all random UUIDs.
describe("randomUuid", () => {
  it("is a version 4 UUID, new each time", () => {
    const id = randomUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(id);
  });
});
