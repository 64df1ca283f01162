// Taking a card on a reader (docs/design.md §27): which reader this terminal charges on, and
// how a checkout's status reads on the payment sheet.

import type { Schemas } from "../../shared/api/client";
import type { Cents } from "../../shared/money";

export type Reader = Schemas["ReaderOut"];
export type CardCheckout = Schemas["CardCheckoutOut"];
export type CheckoutStatus = Schemas["CheckoutStatus"];

/** Statuses a checkout ends in: the sheet stops following it. */
const ENDED: ReadonlySet<CheckoutStatus> = new Set(["SUCCEEDED", "DECLINED", "CANCELED", "TIMED_OUT", "REFUNDED"]);

export const hasEnded = (status: CheckoutStatus) => ENDED.has(status);

/** The reader a charge goes to at first: the terminal's default, else the location's only
 * reader, else none (the person picks one). */
export function firstReader(readers: readonly Reader[], deviceId: string | null): Reader | null {
  const chosen = deviceId ? readers.find((reader) => reader.defaultForDeviceIds.includes(deviceId)) : undefined;
  return chosen ?? (readers.length === 1 ? readers[0] : null);
}

/** How often the sheet asks how the checkout stands while it is open: a guest's tap shows
 * within this, and a hundred terminals at it cost the server a read each per interval. */
export const FOLLOW_MS = 1000;

/** A tab's card on its way to be held, held, or being captured or released: the sheet shows it
 * (the newest, should there be several). */
const TAB_LIVE: ReadonlySet<CheckoutStatus> = new Set([
  "PENDING",
  "WAITING_FOR_CARD",
  "HELD",
  "CAPTURING",
  "RELEASING",
]);

export const currentTab = (checkouts: readonly CardCheckout[]): CardCheckout | null =>
  checkouts.filter((found) => found.hold && TAB_LIVE.has(found.status)).at(-1) ?? null;

/** Statuses the reader or the provider still has to answer: the sheet keeps asking. */
const ANSWERING: ReadonlySet<CheckoutStatus> = new Set(["PENDING", "WAITING_FOR_CARD", "CAPTURING", "RELEASING"]);

export const awaitsAnswer = (status: CheckoutStatus) => ANSWERING.has(status);

/** What a tab's card is held for, to choose from, in cents: a bar's usual pre-authorisations
 * (a tab that grows past it is authorised anew when it closes). */
export const TAB_LIMITS: readonly Cents[] = [5000, 10000, 20000];
