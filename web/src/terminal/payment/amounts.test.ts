import { describe, expect, it } from "vitest";
import { tipFor } from "../../shared/money";
import {
  type Key,
  MAX_TYPED,
  MAX_WAYS,
  cashDue,
  cashTender,
  changeDue,
  pressKey,
  quickTenders,
  splitEvenly,
  stepWays,
  tipOf,
  tipPercentShown,
  typeTip,
} from "./amounts";

function typed(keys: Key[], max = MAX_TYPED): number | null {
  return keys.reduce<number | null>((entry, key) => pressKey(entry, key, max), null);
}

describe("the keypad's entry in cents", () => {
  it.each<[Key[], number | null]>([
    [["1", "0", "0", "00"], 10000], // a $100 bill
    [["2", "0", "00"], 2000],
    [["9", "8", "0"], 980],
    [["5"], 5],
    [["1", "2", "3", "back"], 12],
    [["7", "back"], null], // back to no entry: the field's default shows
    [["0", "00"], null],
    [["back"], null],
    [["0", "4", "2"], 42],
  ])("%j → %s", (keys, cents) => {
    expect(typed(keys)).toBe(cents);
  });

  it("ignores a key that would go past the most", () => {
    expect(typed(["1", "0", "0", "0"], 980)).toBe(100);
    expect(typed(["9", "9", "9", "9", "9", "9", "9", "9"])).toBe(MAX_TYPED);
    expect(typed(["1", "00", "00"], 100)).toBe(100);
  });
});

describe("an even split", () => {
  it.each<[number, number, number[]]>([
    [10000, 3, [3334, 3333, 3333]],
    [7, 1, [7]],
    [4999, 5, [1000, 1000, 1000, 1000, 999]],
    [3, 5, [1, 1, 1, 0, 0]],
    [12345, 20, [618, 618, 618, 618, 618, 617, 617, 617, 617, 617, 617, 617, 617, 617, 617, 617, 617, 617, 617, 617]],
  ])("%i in %i ways → %j, the first shares taking the odd cents", (amount, ways, shares) => {
    expect(splitEvenly(amount, ways)).toEqual(shares);
    expect(splitEvenly(amount, ways).reduce((a, b) => a + b)).toBe(amount);
  });

  it("refuses no ways at all", () => {
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });

  it("steps the ways between 1 and the most", () => {
    expect(stepWays(4, 1)).toBe(5);
    expect(stepWays(2, -1)).toBe(1);
    expect(stepWays(1, -1)).toBe(1);
    expect(stepWays(MAX_WAYS, 1)).toBe(MAX_WAYS);
  });
});

describe("a tip", () => {
  it.each<[number, number, number]>([
    [4321, 18, 778], // 777.78 → 778
    [1000, 20, 200],
    [250, 15, 38], // 37.5 → 38, half up
    [1250, 22, 275],
    [999, 0, 0],
  ])("on %i at %i%% is %i", (amount, percent, tip) => {
    expect(tipFor(amount, percent)).toBe(tip);
    expect(tipOf(amount, { percent })).toBe(tip);
  });

  it("typed as an amount is that amount, whatever the payment", () => {
    expect(tipOf(4321, { amount: 300 })).toBe(300);
  });

  it("typed on the keypad, as an amount or a whole percentage", () => {
    expect(typeTip(null, "2", false)).toEqual({ amount: 2 });
    expect(typeTip({ amount: 25 }, "0", false)).toEqual({ amount: 250 });
    expect(typeTip({ amount: 250 }, "2", true)).toEqual({ percent: 2 }); // the other kind: afresh
    expect(typeTip({ percent: 2 }, "2", true)).toEqual({ percent: 22 });
    expect(typeTip({ percent: 22 }, "5", true)).toEqual({ percent: 22 }); // 225% is past 100
    expect(typeTip({ percent: 2 }, "back", true)).toBeNull();
  });

  it.each<[string, Parameters<typeof tipPercentShown>[0], number, string]>([
    ["a preset tapped", null, 18, "18%"],
    ["No tip tapped", null, 0, "0%"],
    ["a percentage typed over a preset", { percent: 12 }, 18, "12%"],
    ["an amount typed", { amount: 300 }, 15, "—"],
  ])("shows its percentage after %s", (_, typed, preset, shown) => {
    expect(tipPercentShown(typed, preset)).toBe(shown);
  });
});

describe("cash", () => {
  it("takes the rounded cash balance only when cash settles the whole balance", () => {
    // 149.97 due, the server's cash balance 149.95 (CHF, 0.05 steps).
    expect(cashDue(14997, 14997, 14995)).toBe(14995);
    expect(cashDue(7499, 14997, 14995)).toBe(7499);
    expect(cashDue(1000, 1000, 1000)).toBe(1000);
  });

  it("gives change and never a negative one", () => {
    expect(changeDue(5000, 4321)).toBe(679);
    expect(changeDue(1000, 4321)).toBe(0);
  });

  it.each<[string, number, number, number, number, { pays: number; change: number; settles: boolean }]>([
    ["a $100 bill on $9.80", 10000, 980, 980, 980, { pays: 980, change: 9020, settles: true }],
    ["exact", 980, 980, 980, 980, { pays: 980, change: 0, settles: true }],
    ["$20 on $43.21: the rest later", 2000, 4321, 4321, 4321, { pays: 2000, change: 0, settles: false }],
    ["$50 on a typed part of $20", 5000, 2000, 4321, 4321, { pays: 2000, change: 3000, settles: false }],
    ["$150 on 149.97 rounded to 149.95", 15000, 14997, 14997, 14995, { pays: 14995, change: 5, settles: true }],
    ["149.96 on 149.97 rounded down: enough", 14996, 14997, 14997, 14995, { pays: 14995, change: 1, settles: true }],
    ["9.98 on 9.97 rounded up to 10.00: the exact part", 998, 997, 997, 1000, { pays: 997, change: 1, settles: false }],
    ["$10 on a share of 33.34", 1000, 3334, 10000, 10000, { pays: 1000, change: 0, settles: false }],
  ])("%s", (_, tendered, part, balance, cashBalance, made) => {
    expect(cashTender(tendered, part, balance, cashBalance)).toEqual(made);
  });

  it.each<[number, number[]]>([
    [980, [980, 1000, 2000, 5000, 10000]],
    [4321, [4321, 4500, 5000, 6000, 10000]],
    [2000, [2000, 5000, 10000]],
    [12345, [12345, 12500, 13000, 14000, 15000]],
    [0, []],
  ])("offers exact and the next round bills for %i: %j", (due, tenders) => {
    expect(quickTenders(due)).toEqual(tenders);
  });
});
