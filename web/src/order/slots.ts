// The pickup time on the ordering page (docs/design.md §29): the next 15-minute slots the
// server offers, each shown in the restaurant's time zone; a full one shown but closed, one the
// kitchen could no longer make in time (the page left open a while) left out. No slot chosen is
// "as soon as possible": no pickupAt.

import type { Schemas } from "../shared/api/client";

export type PickupSlot = Schemas["PickupSlot"];

const MINUTE_MS = 60_000;
/** A slot's length: the server counts orders per 15 minutes. */
export const SLOT_MS = 15 * MINUTE_MS;

/** Whether the kitchen can still make an order for `start` ordered at `now`: the server takes a
 * pickup time no sooner than its prep time less a slot. */
export function inTime(start: string, now: number, prepMinutes: number): boolean {
  return Date.parse(start) >= now + prepMinutes * MINUTE_MS - SLOT_MS;
}

/** Whether `slot` may be chosen at `now`: in time and not full. */
export const slotOpen = (slot: PickupSlot, now: number, prepMinutes: number): boolean =>
  !slot.full && inTime(slot.start, now, prepMinutes);

export interface SlotChoice {
  start: string;
  /** Its time as the restaurant's clock reads it, as the language writes it ("14:30", "2:30 PM";
   * "Tue 00:15" on another day). */
  label: string;
  open: boolean;
}

/** The slots the page offers at `now`, soonest first: those no longer in time left out. */
export function slotChoices(
  slots: readonly PickupSlot[],
  now: number,
  prepMinutes: number,
  timeZone: string,
  locale: string,
): SlotChoice[] {
  return slots
    .filter((slot) => inTime(slot.start, now, prepMinutes))
    .map((slot) => ({
      start: slot.start,
      label: clockTime(slot.start, now, timeZone, locale),
      open: !slot.full,
    }));
}

/** The slot chosen, while it can still be had; else null (as soon as possible). */
export function keptSlot(
  chosen: string | null,
  slots: readonly PickupSlot[],
  now: number,
  prepMinutes: number,
): string | null {
  if (chosen === null) return null;
  const slot = slots.find((each) => Date.parse(each.start) === Date.parse(chosen));
  return slot && slotOpen(slot, now, prepMinutes) ? chosen : null;
}

/** The slots with the one starting at `start` full (the server said so before the page read
 * its slots again). */
export const markedFull = (slots: readonly PickupSlot[], start: string): PickupSlot[] =>
  slots.map((slot) => (Date.parse(slot.start) === Date.parse(start) ? { ...slot, full: true } : slot));

const dayOf = (moment: number, timeZone: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(moment);

/** `moment` on the restaurant's clock, with its weekday when it is not `now`'s day there. */
export function clockTime(moment: string, now: number, timeZone: string, locale: string): string {
  const at = Date.parse(moment);
  const sameDay = dayOf(at, timeZone) === dayOf(now, timeZone);
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    ...(sameDay ? {} : { weekday: "short" }),
  }).format(at);
}

/** Whether the page is paused at `now`. */
export const pausedAt = (pausedUntil: string | null, now: number): boolean =>
  pausedUntil !== null && Date.parse(pausedUntil) > now;
