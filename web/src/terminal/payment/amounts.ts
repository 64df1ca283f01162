// The payment sheet's money rules, in integer cents (docs/design.md, the payment sheet): the
// keypad's entry, the share of an even split, the tip, what cash tendered pays and the change
// to give. No float is ever summed: amounts arrive as cents and leave as cents.

import { type Cents, tipFor } from "../../shared/money";

/** A keypad key: a digit, "00", or "back" (⌫, the last digit off). */
export type Key = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "00" | "back";

/** The keypad's keys in the order they are laid out, three to a row. */
export const KEYS: readonly Key[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "back"];

/** The most an amount typed on the keypad can be: $99,999.99. */
export const MAX_TYPED: Cents = 9_999_999;

/** The most ways a check splits evenly. */
export const MAX_WAYS = 20;

/** An entry after `key`, like a till: digits come in from the right ("2", "0", "00" is 2000
 * cents, $20.00), ⌫ takes the last digit off. A key that would go past `max` is ignored;
 * an entry of 0 is no entry (null: the field shows its default). */
export function pressKey(entry: number | null, key: Key, max: number): number | null {
  const current = entry ?? 0;
  let next: number;
  if (key === "back") next = Math.floor(current / 10);
  else if (key === "00") next = current * 100;
  else next = current * 10 + Number(key);
  if (next > max) return entry;
  return next === 0 ? null : next;
}

/** What `amount` cents split `ways` ways comes to, each share in cents; the first shares
 * carry the odd cents, so the shares always add up to the amount exactly. */
export function splitEvenly(amount: Cents, ways: number): Cents[] {
  if (!Number.isInteger(ways) || ways < 1) throw new RangeError("split into at least 1 share");
  const base = Math.floor(amount / ways);
  const odd = amount - base * ways;
  return Array.from({ length: ways }, (_, i) => base + (i < odd ? 1 : 0));
}

/** The number of ways after a − (by −1) or + (by 1): from 1 (no split) up to MAX_WAYS. */
export function stepWays(ways: number, by: number): number {
  return Math.min(MAX_WAYS, Math.max(1, ways + by));
}

/** A tip: a percentage of what the card pays (the presets, or one typed), or an amount. */
export type Tip = { percent: number } | { amount: Cents };

/** The tip in cents on a card payment of `amount`. */
export function tipOf(amount: Cents, tip: Tip): Cents {
  return "amount" in tip ? tip.amount : tipFor(amount, tip.percent);
}

/** What the Tip percent field shows: the percentage typed, else the preset's ("15%", "0%" for
 * No tip); a tip typed as an amount is no percentage ("—"). */
export function tipPercentShown(typed: Tip | null, preset: number): string {
  if (typed === null) return `${preset}%`;
  return "percent" in typed ? `${typed.percent}%` : "—";
}

/** A typed tip after `key`: typing a percentage (`percent`) or an amount starts afresh when
 * the tip typed so far is the other kind; no entry left is no typed tip (the preset shows). */
export function typeTip(tip: Tip | null, key: Key, percent: boolean): Tip | null {
  const typed = tip === null ? null : "percent" in tip ? (percent ? tip.percent : null) : percent ? null : tip.amount;
  const next = pressKey(typed, key, percent ? 100 : MAX_TYPED);
  if (next === null) return null;
  return percent ? { percent: next } : { amount: next };
}

/** What cash takes for `part` of a `balance`: the cash balance (the balance rounded by the
 * server to the location's cash step, docs/design.md §15) when the part settles the whole
 * balance, the part itself otherwise (the rest is paid later, and only a settling payment
 * rounds). */
export function cashDue(part: Cents, balance: Cents, cashBalance: Cents): Cents {
  return part === balance ? cashBalance : part;
}

/** The change to give back for cash `tendered` against `due` (never negative). */
export function changeDue(tendered: Cents, due: Cents): Cents {
  return Math.max(0, tendered - due);
}

/** What cash `tendered` for `part` of a `balance` does: the payment it makes, the change to
 * give, and whether it settles the balance (then it pays the cash balance, rounding included).
 * Less than the cash due is a partial payment of what was handed over, never more than the
 * part. */
export function cashTender(
  tendered: Cents,
  part: Cents,
  balance: Cents,
  cashBalance: Cents,
): { pays: Cents; change: Cents; settles: boolean } {
  const due = cashDue(part, balance, cashBalance);
  const pays = tendered >= due ? due : Math.min(tendered, part);
  return { pays, change: changeDue(tendered, pays), settles: tendered >= due && part === balance };
}

/** Quick cash tenders for `due`: exact, then the next round amounts a guest hands over
 * (next $5, $10, $20, $50, $100), without repeats, at most five. */
export function quickTenders(due: Cents): Cents[] {
  if (due <= 0) return [];
  const tenders = [due];
  for (const step of [500, 1000, 2000, 5000, 10000]) {
    const next = Math.ceil(due / step) * step;
    if (!tenders.includes(next)) tenders.push(next);
  }
  return tenders.slice(0, 5);
}
