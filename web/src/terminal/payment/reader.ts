// Taking a card on a reader (docs/design.md §27): which reader this terminal charges on, and
// how a checkout's status reads on the payment sheet.

import type { Schemas } from "../../shared/api/client";

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
