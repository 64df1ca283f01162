// The ordering page's pure rules: which pickup slots it offers and keeps, the name and phone
// checked, an order's state and a refusal in words, and which order a load follows.
import { describe, expect, it } from "vitest";
import { ApiError } from "../shared/api/client";
import { cleanContact, contactProblems, contactValid } from "./contact";
import { forgetOrder, keepOrder, keptOrder, slugFrom } from "./kept";
import { clockTime, inTime, keptSlot, markedFull, pausedAt, type PickupSlot, slotChoices, slotOpen } from "./slots";
import { type OrderStatus, refusalWords, settled, statusWords } from "./words";

// 12:00 UTC on a winter's day: 12:00 in London, 13:00 in Berlin.
const NOON = Date.parse("2026-12-01T12:00:00Z");
const at = (hhmm: string, day = "2026-12-01") => `${day}T${hhmm}:00Z`;
const slot = (hhmm: string, full = false, day?: string): PickupSlot => ({ start: at(hhmm, day), full });
// What the server offered at noon with a 20-minute prep: from the slot after 12:20's.
const OFFERED = [slot("12:30"), slot("12:45", true), slot("13:00"), slot("13:15")];

describe("the pickup slots", () => {
  it.each([
    // [slot start, now, prep minutes, in time] — the server's rule: no sooner than prep less 15 min
    ["12:30", NOON, 20, true],
    ["12:05", NOON, 20, true],
    ["12:04", NOON, 20, false],
    ["12:30", NOON + 25 * 60_000, 20, true],
    ["12:30", NOON + 26 * 60_000, 20, false],
    ["12:30", NOON + 41 * 60_000, 20, false],
    ["12:00", NOON, 0, true],
  ])("a slot at %s is in time at %s with %s min prep: %s", (start, now, prep, expected) => {
    expect(inTime(at(start), now, prep)).toBe(expected);
  });

  it.each([
    ["open", slot("12:30"), NOON, true],
    ["full", slot("12:30", true), NOON, false],
    ["too soon now", slot("12:30"), NOON + 45 * 60_000, false],
  ])("a slot %s may be chosen: %s", (_, offered, now, expected) => {
    expect(slotOpen(offered, now, 20)).toBe(expected);
  });

  it("offers the slots in time, the full ones closed, on the restaurant's clock", () => {
    expect(slotChoices(OFFERED, NOON, 20, "Europe/Berlin", "en-GB")).toEqual([
      { start: at("12:30"), label: "13:30", open: true },
      { start: at("12:45"), label: "13:45", open: false },
      { start: at("13:00"), label: "14:00", open: true },
      { start: at("13:15"), label: "14:15", open: true },
    ]);
    // Three quarters of an hour later the first two are no longer in time.
    expect(slotChoices(OFFERED, NOON + 46 * 60_000, 20, "Europe/London", "en-GB").map((s) => s.label)).toEqual([
      "13:00",
      "13:15",
    ]);
  });

  it.each([
    ["nothing chosen: as soon as possible", null, OFFERED, NOON, null],
    ["an open slot is kept", at("13:00"), OFFERED, NOON, at("13:00")],
    [
      "the same moment written otherwise is kept",
      "2026-12-01T13:00:00.000+00:00",
      OFFERED,
      NOON,
      "2026-12-01T13:00:00.000+00:00",
    ],
    ["a slot that filled is let go", at("12:45"), OFFERED, NOON, null],
    ["a slot no longer offered is let go", at("11:45"), OFFERED, NOON, null],
    ["a slot no longer in time is let go", at("12:30"), OFFERED, NOON + 50 * 60_000, null],
    ["a slot the server said is full is let go", at("13:00"), markedFull(OFFERED, at("13:00")), NOON, null],
  ])("%s", (_, chosen, slots, now, expected) => {
    expect(keptSlot(chosen, slots, now, 20)).toBe(expected);
  });

  it.each([
    ["the same day: the time alone", at("23:45"), "Europe/London", "en-GB", "23:45"],
    ["the next day there: with its weekday", at("23:15"), "Europe/Berlin", "en-GB", "Wed 00:15"],
    ["in German", at("12:30"), "Europe/Berlin", "de", "13:30"],
  ])("a time on the restaurant's clock, %s", (_, moment, zone, language, expected) => {
    expect(clockTime(moment, NOON, zone, language)).toBe(expected);
  });

  it.each([
    [null, false],
    [at("11:59"), false],
    [at("12:30"), true],
  ])("paused until %s at noon: %s", (until, expected) => {
    expect(pausedAt(until, NOON)).toBe(expected);
  });
});

describe("the name and the phone", () => {
  it.each([
    ["Sam", "+44 20 7946 0958", null, null],
    ["  Sam  ", "(020) 7946-0958", null, null],
    ["", "020 7946 0958", "nameMissing", null],
    ["   ", "020 7946 0958", "nameMissing", null],
    ["x".repeat(41), "020 7946 0958", "nameLong", null],
    ["x".repeat(40), "020 7946 0958", null, null],
    ["Sam", "", null, "phoneMissing"],
    ["Sam", "  ", null, "phoneMissing"],
    ["Sam", "call me", null, "phoneLetters"],
    ["Sam", "020 79x6 0958", null, "phoneLetters"],
    ["Sam", "44+ 20 7946", null, "phoneLetters"],
    ["Sam", "12345", null, "phoneShort"],
    ["Sam", "123456", null, null],
    ["Sam", "1234567890123456", null, "phoneLong"],
  ])("%j and %j: name %s, phone %s", (name, phone, nameProblem, phoneProblem) => {
    const problems = contactProblems({ name, phone });
    expect(problems).toEqual({ name: nameProblem, phone: phoneProblem });
    expect(contactValid(problems)).toBe(nameProblem === null && phoneProblem === null);
  });

  it("sends them trimmed, inner spaces made one", () => {
    expect(cleanContact({ name: "  Sam   Lee ", phone: " +44  20 7946 0958 " })).toEqual({
      customerName: "Sam Lee",
      phone: "+44 20 7946 0958",
    });
  });
});

describe("the order's state in words", () => {
  it.each<[OrderStatus, string | null, string, string, boolean]>([
    ["NEW", null, "Waiting for the restaurant to accept", "waiting", false],
    ["PREPARING", null, "Being prepared", "moving", false],
    ["READY", null, "Ready for pickup — order #42", "done", false],
    ["PICKED_UP", null, "Picked up", "done", true],
    ["REFUSED", "the kitchen is closing", "Refused: the kitchen is closing", "refused", true],
    ["REFUSED", null, "Refused by the restaurant", "refused", true],
    ["REFUSED", "  ", "Refused by the restaurant", "refused", true],
    ["CANCELLED", "out of fish", "Cancelled: out of fish", "refused", true],
    ["CANCELLED", null, "Cancelled by the restaurant", "refused", true],
  ])("%s (reason %j): %s", (status, reason, heading, tone, over) => {
    const words = statusWords({ status, orderNumber: 42, reason });
    expect(words.heading).toBe(heading);
    expect(words.tone).toBe(tone);
    expect(words.detail).not.toBe("");
    expect(settled(status)).toBe(over);
  });
});

describe("a refusal in words", () => {
  const problem = (status: number, code: string, detail = "why") => new ApiError(status, code, detail);
  it.each([
    [
      "a full slot",
      problem(409, "slot_full"),
      "That pickup time has just filled up. Please choose another time.",
      "reload",
    ],
    [
      "a pause",
      problem(409, "channel_paused"),
      "The restaurant has just stopped taking orders for a while. Nothing was ordered.",
      "reload",
    ],
    [
      "a line it cannot make",
      problem(422, "channel_order_refused", "line 1 cannot be made"),
      "The restaurant cannot make this order right now (line 1 cannot be made). Please check your order.",
      "reload",
    ],
    [
      "a product gone from the menu",
      problem(404, "not_found"),
      "Something in your order is no longer on the menu. Please check your order.",
      "reload",
    ],
    [
      "a field refused",
      problem(422, "validation_failed", "phone: too short"),
      "Please check your order: phone: too short",
      "none",
    ],
    ["anything else", problem(500, "internal", "boom"), "Your order could not be placed: boom", "none"],
    ["not the server's", new Error("offline"), "Your order could not be placed: Error: offline", "none"],
  ])("%s", (_, error, words, then) => {
    expect(refusalWords(error)).toEqual({ words, then });
  });
});

describe("the page's address and the order it follows", () => {
  it.each([
    ["/order/harbour-st", "harbour-st"],
    ["/order/harbour-st/", "harbour-st"],
    ["/order/a", "a"],
    ["/order/Harbour", null],
    ["/order/-harbour", null],
    ["/order/", null],
    ["/t/harbour", null],
  ])("%s names %s", (path, slug) => {
    expect(slugFrom(path)).toBe(slug);
  });

  it("keeps the order placed per page, until forgotten", () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    };
    expect(keptOrder("harbour-st", storage)).toBeNull();
    keepOrder("harbour-st", "order-1", storage);
    expect(keptOrder("harbour-st", storage)).toBe("order-1");
    expect(keptOrder("quay", storage)).toBeNull();
    forgetOrder("harbour-st", storage);
    expect(keptOrder("harbour-st", storage)).toBeNull();
  });
});
