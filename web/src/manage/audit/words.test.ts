import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACTION_WORDS, ACTIONS, actionInWords, changeInWords, subjectInWords } from "./words";

const openapi = JSON.parse(readFileSync(new URL("../../../openapi.json", import.meta.url), "utf8"));
const SERVER_ACTIONS: string[] = openapi.components.schemas.AuditAction.enum;
const nothing = { orderNumber: null, tableName: null, personName: null, deviceName: null };

describe("the audit log in words", () => {
  it("lists every action the server writes, each in words of its own", () => {
    expect([...ACTIONS].sort()).toEqual([...SERVER_ACTIONS].sort());
    const words = Object.values(ACTION_WORDS);
    expect(new Set(words).size).toBe(words.length);
  });

  it.each([
    ["staff.pin_set", "PIN set"],
    ["staff.created", "Staff created"],
    ["token.created", "Token created"],
    ["order.reopened", "Check reopened"],
    ["order.split", "Check split"],
    ["cash_drawer.closed", "Drawer counted and closed"],
    ["product.86d", "Product 86'd"],
    ["device.paired", "Device paired"],
    ["order.something_new", "order.something_new"],
  ])("names %s as %s", (action, words) => {
    expect(actionInWords(action)).toBe(words);
  });

  it.each([
    [{ ...nothing, orderNumber: "#1042", tableName: "Table 4" }, "Check #1042 · Table 4"],
    [{ ...nothing, orderNumber: "#7" }, "Check #7"],
    [{ ...nothing, personName: "Marco" }, "Marco"],
    [{ ...nothing, deviceName: "Bar tablet" }, "Bar tablet"],
    [nothing, ""],
  ])("says what %o concerns", (entry, words) => {
    expect(subjectInWords(entry)).toBe(words);
  });

  it("says only what changed, before and after", () => {
    expect(changeInWords({ price: 12, name: "Burger" }, { price: 13.5, name: "Burger" })).toBe("price: 12 → 13.5");
    expect(changeInWords(null, { name: "Bar", kind: "TERMINAL" })).toBe("name: Bar; kind: TERMINAL");
    expect(changeInWords({ is86d: false }, { is86d: true })).toBe("is86d: false → true");
    expect(changeInWords({ note: null }, { note: "x" })).toBe("note: — → x");
    expect(changeInWords(null, null)).toBe("");
  });

  it("shows instants with the caller's clock", () => {
    const at = "2026-11-25T11:44:39.529642+00:00";
    expect(
      changeInWords({ revokedAt: null }, { revokedAt: at }, (instant) => instant.toISOString().slice(11, 16)),
    ).toBe("revokedAt: — → 11:44");
  });
});
