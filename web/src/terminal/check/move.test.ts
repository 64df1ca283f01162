import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "../../shared/api/client";
import { aTable, anItem, anOrder } from "../../shared/fixtures";
import type { Order } from "../../shared/types";
import { moveAction, movableLines, otherChecks, refusalInWords, targets, whatMoves, whyNot } from "./move";

const check = (id: string, orderNumber: string, extra: Partial<Order> = {}) => anOrder({ id, orderNumber, ...extra });
const tab = (id: string, orderNumber: string, customerName: string | null = null) =>
  check(id, orderNumber, { tableId: null, tableName: null, orderType: "BAR_TAB", customerName });

describe("where lines can go and which checks merge in", () => {
  const here = check("here", "#1001", { tableName: "2" });
  const listed = [
    tab("sam", "#1009", "Sam"),
    check("ten", "#1004", { tableName: "10" }),
    here,
    tab("bar", "#1003"),
    check("paid", "#1002", { tableName: "1", status: "COMPLETED" }),
    check("nine", "#1005", { tableName: "9" }),
  ];
  it.each<[string, Order[], string[]]>([
    ["none but this check: nothing", [here], []],
    [
      "tables first by name as numbers, then tabs by number; never this check nor a closed one",
      listed,
      ["Table 9 · check #1005", "Table 10 · check #1004", "Bar tab · check #1003", "Bar tab · Sam · check #1009"],
    ],
  ])("%s", (_, open, labels) => {
    expect(otherChecks("here", open).map((other) => other.label)).toEqual(labels);
  });

  it("lines go to the other checks, then to the free tables, where a check opens", () => {
    const found = targets("here", [here, tab("bar", "#1003")], [aTable("5"), aTable("6")]);
    expect(found).toEqual([
      { kind: "check", orderId: "bar", orderNumber: "#1003", label: "Bar tab · check #1003" },
      { kind: "table", tableId: "5", label: "Table 5 (free)" },
      { kind: "table", tableId: "6", label: "Table 6 (free)" },
    ]);
  });
});

describe("what moving leaves", () => {
  const order = anOrder({
    items: [
      anItem("a", "Burger", { total: 14.5, status: "SENT" }),
      anItem("b", "Fries", { total: 4.5 }),
      anItem("c", "Latte", { total: 4, status: "VOIDED" }),
      anItem("d", "Salad", { total: 6.1, quantity: 2 }),
    ],
  });
  it("moves any line still on the check, sent or not; a voided one stays", () => {
    expect(movableLines(order).map((item) => item.id)).toEqual(["a", "b", "d"]);
  });
  it.each<[string, string[], { itemIds: string[]; moving: number; left: number }]>([
    ["nothing chosen", [], { itemIds: [], moving: 0, left: 2510 }],
    [
      "a sent line and an unsent one, in the check's order",
      ["b", "a"],
      { itemIds: ["a", "b"], moving: 1900, left: 610 },
    ],
    ["every line", ["a", "b", "d"], { itemIds: ["a", "b", "d"], moving: 2510, left: 0 }],
    ["a voided line, or one gone meanwhile, counts for nothing", ["c", "z"], { itemIds: [], moving: 0, left: 2510 }],
  ])("%s", (_, chosen, expected) => {
    expect(whatMoves(order, new Set(chosen))).toEqual(expected);
  });
  it.each([
    [1, "Move 1 item"],
    [2, "Move 2 items"],
  ])("%i chosen: %s", (count, action) => {
    expect(moveAction(count)).toBe(action);
  });
});

describe("when moving and merging can be done, and what a refusal says", () => {
  it.each<[string, boolean, number, RegExp | null]>([
    ["online, nothing waiting", true, 0, null],
    ["offline", false, 0, /^Offline/],
    ["this check's changes still waiting", true, 2, /still on their way/],
  ])("%s", (_, online, waiting, why) => {
    const answer = whyNot(online, waiting);
    if (why === null) expect(answer).toBeNull();
    else expect(answer).toMatch(why);
  });
  it.each<[string, unknown, RegExp]>([
    ["payments over what is left", new ApiError(409, "would_overpay", "the check's payments…"), /move fewer lines/],
    [
      "another refusal: the server's words",
      new ApiError(409, "order_closed", "The order is closed."),
      /^The order is closed/,
    ],
    ["no server", new Unreachable(), /cannot be reached/],
  ])("%s", (_, failure, words) => {
    expect(refusalInWords(failure)).toMatch(words);
  });
});
