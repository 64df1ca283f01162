import { describe, expect, it } from "vitest";
import type { BoardTicket } from "./board";
import { item, ticket } from "./fixtures";
import { switchLanguage } from "../shared/i18n";
import { withoutIds } from "../shared/words";
import { boardNames, changeWords, quantityWords } from "./words";

describe("quantities in words", () => {
  it.each([
    [1, "1"],
    [12, "12"],
    [0.5, "½"],
    [1.5, "1½"],
    [0.333, "⅓"],
    [0.334, "⅓"],
    [0.667, "⅔"],
    [2.666, "2⅔"],
    [0.25, "¼"],
    [0.75, "¾"],
    [3.25, "3¼"],
    // Parts of a third added up again: whole.
    [0.999, "1"],
    [1.001, "1"],
    // Not a common fraction: a short decimal.
    [0.2, "0.2"],
    [1.4, "1.4"],
    [0.125, "0.13"],
    [2.35, "2.35"],
    [0.001, "0.001"],
  ])("%s reads %s", (quantity, words) => {
    expect(quantityWords(quantity)).toBe(words);
  });

  it("writes a decimal as the screen's language does", async () => {
    await switchLanguage("de");
    try {
      expect([0.2, 2.35, 1.5, 1000].map(quantityWords)).toEqual(["0,2", "2,35", "1½", "1000"]);
    } finally {
      await switchLanguage("en");
    }
  });
});

describe("a line's change since it was sent", () => {
  it.each([
    // As sent, a whole or a share of a bottle: nothing to say.
    [{ quantity: 1, sentQuantity: 1, status: "SENT" }, null],
    [{ quantity: 0.5, sentQuantity: 0.5, status: "SENT" }, null],
    // Taken off after it was sent: make less.
    [{ quantity: 1, sentQuantity: 2, status: "SENT" }, "reduced from 2"],
    [{ quantity: 0.5, sentQuantity: 1, status: "PREPARING" }, "reduced from 1"],
    [{ quantity: 2, sentQuantity: 1.5, status: "SENT" }, "raised from 1½"],
    // Struck through: the void says it.
    [{ quantity: 0, sentQuantity: 2, status: "VOIDED" }, null],
  ] as const)("%o says %s", (line, words) => {
    expect(changeWords(line)).toBe(words);
  });
});

describe("messages without raw ids", () => {
  const salad = item("Salad", { itemId: "3f2a9c1e-0b7d-4c55-9a0e-6d1f2b3c4d5e" });
  const board: BoardTicket[] = [
    {
      ...ticket("11111111-2222-4333-8444-555555555555", "2026-11-25T12:00:00Z", [salad]),
      orderId: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
      orderNumber: "#1002",
      stations: [{ stationId: "99999999-8888-4777-8666-555555555555", name: "Grill", bumpedAt: null }],
    },
  ];

  it.each([
    ["order item 3f2a9c1e-0b7d-4c55-9a0e-6d1f2b3c4d5e was not found", "Salad on #1002 was not found"],
    ["kitchen ticket 11111111-2222-4333-8444-555555555555 was not found", "Ticket #1002 was not found"],
    ["Order AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE is paid.", "Ticket #1002 is paid."],
    ["no kitchen station 99999999-8888-4777-8666-555555555555", "No Grill"],
    // An id the board does not know is said as the kind of thing it is, never shown raw.
    ["order item 01234567-89ab-4cde-8f01-23456789abcd was not found", "The line was not found"],
    [
      "kitchen station 01234567-89ab-4cde-8f01-23456789abcd is at another location",
      "The station is at another location",
    ],
    // Words with no id stay as they are.
    ["Steak is 86'd.", "Steak is 86'd."],
  ])("%s → %s", (message, words) => {
    expect(withoutIds(message, boardNames(board))).toBe(words);
    expect(withoutIds(message, boardNames(board))).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/i);
  });
});
