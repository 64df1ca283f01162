// What a guest pays from the phone, in integer cents: their own items less what they paid, an
// even share, all that is left or an amount typed, the tip on it, and how the sheet follows a
// payment until it ends.
import { describe, expect, it } from "vitest";
import {
  amountOf,
  cardNumberTyped,
  type Charged,
  chosenOf,
  evenShare,
  FIRST_CHOICE,
  FOLLOW_MS,
  type GuestPayment,
  laterOf,
  myItems,
  nextRead,
  openPayment,
  type PaymentStatus,
  statusOf,
  type Share,
  tipOf,
  type TipChoice,
  WAITING_MS,
} from "./pay";
import type { Visit } from "./visit";

type Round = Visit["rounds"][number];

const round = (status: Round["status"], total: number): Round => ({
  status,
  lines: [],
  total,
  placedAt: "2026-12-01T19:00:00Z",
  reason: null,
});

const payment = (status: PaymentStatus, amount = 10, overrides: Partial<GuestPayment> = {}): GuestPayment => ({
  id: "p1",
  status,
  provider: "simulator",
  amount,
  tip: 0,
  cardBrand: null,
  cardLastFour: null,
  reason: null,
  clientSecret: null,
  createdAt: "2026-12-01T20:00:00Z",
  ...overrides,
});

describe("my items", () => {
  it.each([
    ["nothing ordered", [], [], 2350, 0],
    ["one round sent", [round("SENT", 16.5)], [], 2350, 1650],
    ["a round waiting counts: it is on the check", [round("WAITING", 7)], [], 2350, 700],
    [
      "declined and refused rounds do not",
      [round("SENT", 7), round("DECLINED", 9), round("REFUSED", 4)],
      [],
      5000,
      700,
    ],
    ["sums rounds in cents without drift", [round("SENT", 0.1), round("SENT", 0.2)], [], 100, 30],
    ["less what was paid", [round("SENT", 16.5)], [payment("SUCCEEDED", 10)], 2350, 650],
    [
      "a payment that did not go through is not",
      [round("SENT", 16.5)],
      ["DECLINED", "CANCELED", "TIMED_OUT", "REFUNDED", "PENDING", "WAITING_FOR_CARD"].map((status) =>
        payment(status as PaymentStatus, 10),
      ),
      2350,
      1650,
    ],
    ["a tip paid does not count as items", [round("SENT", 16.5)], [payment("SUCCEEDED", 16.5, { tip: 3 })], 700, 0],
    ["never below 0", [round("SENT", 5)], [payment("SUCCEEDED", 8)], 2350, 0],
    ["never above what is due", [round("SENT", 16.5)], [], 1200, 1200],
    ["nothing when nothing is due", [round("SENT", 16.5)], [], 0, 0],
  ])("%s", (_, rounds, payments, balanceDue, mine) => {
    // Prices with their tax in them: the rounds' totals are the check's.
    expect(myItems(rounds, payments, balanceDue, { subtotal: 2350, total: 2350 })).toBe(mine);
  });

  it.each<[string, Round[], GuestPayment[], number, Charged, number]>([
    ["with their part of the tax added on top", [round("SENT", 7)], [], 1925, { subtotal: 1750, total: 1925 }, 770],
    ["rounded half up to the cent", [round("SENT", 0.05)], [], 1000, { subtotal: 1000, total: 1110 }, 6],
    ["less their part of a discount", [round("SENT", 10)], [], 1800, { subtotal: 2000, total: 1800 }, 900],
    [
      "less what was paid, tax in it",
      [round("SENT", 7)],
      [payment("SUCCEEDED", 5)],
      1425,
      { subtotal: 1750, total: 1925 },
      270,
    ],
    ["no lines yet: the rounds' totals", [round("WAITING", 7)], [], 700, { subtotal: 0, total: 0 }, 700],
  ])("%s", (_, rounds, payments, balanceDue, charged, mine) => {
    expect(myItems(rounds, payments, balanceDue, charged)).toBe(mine);
  });
});

describe("an even share", () => {
  it.each([
    [2350, 2, 1175],
    [2351, 2, 1176],
    [1000, 3, 334],
    [100, 3, 34],
    [1, 2, 1],
    [2, 20, 1],
    [0, 4, 0],
    [-50, 2, 0],
    [9999, 20, 500],
  ])("of %i cents among %i is %i", (balanceDue, people, share) => {
    expect(evenShare(balanceDue, people)).toBe(share);
  });
});

describe("the amount chosen", () => {
  const choice = { mine: 1650, balanceDue: 2350, people: 3, typed: "" };
  it.each([
    ["my items", "mine", {}, 1650],
    ["my items at 0 cannot be paid", "mine", { mine: 0 }, null],
    ["an even share", "even", {}, 784],
    ["everything left", "all", {}, 2350],
    ["nothing left", "all", { balanceDue: 0 }, null],
    ["an amount typed", "other", { typed: "12.5" }, 1250],
    ["with a decimal comma", "other", { typed: "12,50" }, 1250],
    ["a cent", "other", { typed: "0.01" }, 1],
    ["all of it typed", "other", { typed: "23.50" }, 2350],
    ["more than is due", "other", { typed: "23.51" }, null],
    ["nothing", "other", { typed: "0" }, null],
    ["nothing typed", "other", { typed: "" }, null],
    ["a third decimal", "other", { typed: "1.005" }, null],
    ["not a number", "other", { typed: "ten" }, null],
    ["below zero", "other", { typed: "-5" }, null],
  ] as [string, Share, Partial<typeof choice>, number | null][])("%s", (_, share, changed, amount) => {
    expect(amountOf(share, { ...choice, ...changed })).toBe(amount);
  });
});

describe("a choice on the visit as it stands", () => {
  const visit = (balanceDue: number, rounds: Round[], payments: GuestPayment[] = []) =>
    ({ check: { balanceDue }, rounds, payments }) as unknown as Visit;
  it.each([
    ["my items with 10 %", visit(23.5, [round("SENT", 16.5)]), { tip: 10 }, "mine", 1650, 165],
    [
      "my items paid leave it to all that is left",
      visit(7, [round("SENT", 16.5)], [payment("SUCCEEDED", 16.5)]),
      {},
      "all",
      700,
      0,
    ],
    ["an even share among 4 with 15 %", visit(40.25, []), { share: "even", people: 4, tip: 15 }, "even", 1007, 151],
    [
      "an amount typed and a tip typed",
      visit(40.25, []),
      { share: "other", typed: "20", tip: "other", tipTyped: "3" },
      "other",
      2000,
      300,
    ],
    ["a tip typed that is none", visit(40.25, []), { share: "all", tip: "other", tipTyped: "lots" }, "all", 4025, null],
    ["no amount, no tip", visit(40.25, []), { share: "other", typed: "41", tip: 20 }, "other", null, null],
    ["no check yet", { rounds: [], payments: [] } as unknown as Visit, {}, "all", null, null],
  ] as [string, Visit, Partial<typeof FIRST_CHOICE>, Share, number | null, number | null][])(
    "%s",
    (_, on, changed, share, amount, tip) => {
      expect(chosenOf(on, { ...FIRST_CHOICE, ...changed })).toMatchObject({ share, amount, tip });
    },
  );
});

describe("the tip", () => {
  it.each([
    ["none", "none", 1650, "", 0],
    ["10 % of 16.50", 10, 1650, "", 165],
    ["15 % of 16.50, half a cent up", 15, 1650, "", 248],
    ["20 % of 16.50", 20, 1650, "", 330],
    ["10 % of 0.05, half a cent up", 10, 5, "", 1],
    ["10 % of 0.04, rounded down", 10, 4, "", 0],
    ["15 % of 11.75", 15, 1175, "", 176],
    ["an amount typed", "other", 1650, "2.50", 250],
    ["an amount typed with a comma", "other", 1650, "2,5", 250],
    ["nothing typed is no tip", "other", 1650, " ", 0],
    ["no amount typed", "other", 1650, "two", null],
  ] as [string, TipChoice, number, string, number | null][])("%s", (_, choice, amount, typed, tip) => {
    expect(tipOf(choice, amount, typed)).toBe(tip);
  });
});

describe("following a payment", () => {
  it.each([
    ["PENDING", false, FOLLOW_MS],
    ["WAITING_FOR_CARD", false, WAITING_MS],
    ["WAITING_FOR_CARD", true, FOLLOW_MS],
    ["SUCCEEDED", false, null],
    ["DECLINED", true, null],
    ["CANCELED", true, null],
    ["TIMED_OUT", false, null],
    ["REFUNDED", false, null],
  ] as [PaymentStatus, boolean, number | null][])(
    "%s (cancelling: %s) is read again after %s ms",
    (status, cancelling, wait) => {
      expect(nextRead(payment(status), cancelling)).toBe(wait);
    },
  );

  it.each([
    ["nothing known yet", null, "WAITING_FOR_CARD", "WAITING_FOR_CARD"],
    ["a newer state", "PENDING", "WAITING_FOR_CARD", "WAITING_FOR_CARD"],
    ["ended from waiting", "WAITING_FOR_CARD", "SUCCEEDED", "SUCCEEDED"],
    ["a late read never brings an ended payment back", "SUCCEEDED", "WAITING_FOR_CARD", "SUCCEEDED"],
    ["a cancel that lost to the card", "CANCELED", "SUCCEEDED", "SUCCEEDED"],
  ] as [string, PaymentStatus | null, PaymentStatus, PaymentStatus][])("%s", (_, known, heard, kept) => {
    expect(laterOf(known && payment(known), payment(heard)).status).toBe(kept);
  });

  it("takes another payment's answer as it is", () => {
    const other = payment("PENDING", 5, { id: "p2" });
    expect(laterOf(payment("SUCCEEDED"), other)).toBe(other);
  });

  it("picks up the payment left open, the newest", () => {
    const first = payment("DECLINED", 5, { id: "a" });
    const open = payment("WAITING_FOR_CARD", 5, { id: "b" });
    expect(openPayment([first, open])).toBe(open);
    expect(openPayment([first])).toBeNull();
    expect(openPayment([])).toBeNull();
  });

  it.each([
    ["HELD", "PENDING"],
    ["CAPTURING", "PENDING"],
    ["RELEASING", "PENDING"],
    ["CAPTURED", "SUCCEEDED"],
    ["RELEASED", "CANCELED"],
    ["REFUNDED", "REFUNDED"],
  ] as [GuestPayment["status"], PaymentStatus][])("reads a held card's %s as %s", (status, shown) => {
    expect(statusOf(payment("PENDING", 10, { status }))).toBe(shown);
  });
});

describe("a test card's number", () => {
  it.each([
    ["4242 4242 4242 4242", true],
    ["4242424242424242", true],
    ["4000-0000-0000-0002", true],
    [" 4242 4242 4242 4242 ", true],
    ["4242 4242", false],
    ["4242 4242 4242 424x", false],
    ["", false],
  ])("%j typed: %s", (number, typed) => {
    expect(cardNumberTyped(number)).toBe(typed);
  });
});
