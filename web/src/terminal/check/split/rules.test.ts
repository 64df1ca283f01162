import { describe, expect, it } from "vitest";
import { aPayment, anItem, anOrder } from "../../../shared/fixtures";
import { bySeat, chosenItems, partsWithin, quantitySteps, step, whyNoSplit, whyNotBySeat, whyNotItems } from "./rules";

const table = anOrder({
  items: [
    anItem("a", "Burger", { seat: 2, total: 14.5 }),
    anItem("b", "Latte", { seat: 1, total: 4 }),
    anItem("c", "Nachos", { seat: null, total: 9 }),
    anItem("d", "Fries", { seat: 2, total: 4.5 }),
    anItem("e", "Salad", { seat: 1, status: "VOIDED", total: 6 }),
  ],
});

describe("bySeat", () => {
  it("groups the live lines by seat, lowest first, the unseated last, with their amounts", () => {
    expect(bySeat(table).map((group) => [group.seat, group.lines.map((line) => line.id), group.cents])).toEqual([
      [1, ["b"], 400],
      [2, ["a", "d"], 1900],
      [null, ["c"], 900],
    ]);
  });
});

describe("whyNotBySeat", () => {
  it.each([
    ["two seats", [anItem("a", "A", { seat: 1 }), anItem("b", "B", { seat: 2 })], null],
    ["a seat and the unseated", [anItem("a", "A", { seat: 1 }), anItem("b", "B")], null],
    ["no seat at all", [anItem("a", "A"), anItem("b", "B")], "No line has a seat: give lines a seat with Seat."],
    ["one seat only", [anItem("a", "A", { seat: 3 })], "Every line is on one seat: there is nothing to part."],
  ])("%s", (_, items, why) => {
    expect(whyNotBySeat(bySeat(anOrder({ items })))).toBe(why);
  });
});

describe("step", () => {
  it.each([
    [3, [0, 1, 2, 3]],
    [2.5, [0, 1, 2, 2.5]],
    [0.334, [0, 0.334]],
    [1, [0, 1]],
  ])("offers the whole numbers up to %s and the line's quantity", (max, steps) => {
    expect(quantitySteps(max)).toEqual(steps);
  });

  it.each([
    [0, 3, 1, 1],
    [3, 3, 1, 3],
    [0, 3, -1, 0],
    [2, 2.5, 1, 2.5],
    [2.5, 2.5, -1, 2],
    [0, 0.334, 1, 0.334],
    [0.334, 0.334, -1, 0],
  ] as const)("from %s of %s by %s gives %s", (current, max, by, next) => {
    expect(step(current, max, by)).toBe(next);
  });
});

describe("chosenItems and whyNotItems", () => {
  const lines = [anItem("a", "Burger", { quantity: 2 }), anItem("b", "Latte", { quantity: 1 })];

  it("names whole lines without a quantity and part lines with theirs; zero is left out", () => {
    const chosen = new Map([
      ["a", 1],
      ["b", 1],
    ]);
    expect(chosenItems(lines, chosen)).toEqual([{ itemId: "a", quantity: 1 }, { itemId: "b" }]);
    expect(chosenItems(lines, new Map([["a", 0]]))).toEqual([]);
    expect(whyNotItems(lines, chosen)).toBeNull();
  });

  it.each([
    ["nothing chosen", new Map<string, number>(), "Choose what goes to the new check."],
    [
      "everything chosen",
      new Map([
        ["a", 2],
        ["b", 1],
      ]),
      "Leave something on this check: moving everything is Move.",
    ],
  ])("refuses %s", (_, chosen, why) => {
    expect(whyNotItems(lines, chosen)).toBe(why);
  });
});

describe("partsWithin", () => {
  it.each([
    [1, 2],
    [2, 2],
    [7, 7],
    [20, 20],
    [21, 20],
  ])("%s parts give %s", (parts, kept) => {
    expect(partsWithin(parts)).toBe(kept);
  });
});

describe("whyNoSplit", () => {
  const paid = aPayment("CASH", 5);
  it.each([
    ["an open check online", anOrder(), true, 0, null],
    ["a completed check", anOrder({ status: "COMPLETED" }), true, 0, "The check is closed."],
    ["an empty check", anOrder({ items: [] }), true, 0, "Nothing on the check to split."],
    [
      "only voided lines",
      anOrder({ items: [anItem("a", "A", { status: "VOIDED" })] }),
      true,
      0,
      "Nothing on the check to split.",
    ],
    ["a paid check", anOrder({ payments: [paid] }), true, 0, "A check with a payment on it cannot be split."],
    ["offline", anOrder(), false, 0, "Splitting needs the server: wait until the terminal is back online."],
    ["changes waiting", anOrder(), true, 2, "Changes are still on their way to the server."],
  ])("%s", (_, order, online, waiting, why) => {
    expect(whyNoSplit(order, online, waiting)).toBe(why);
  });
});
