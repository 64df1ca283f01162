// The phone's visit at its table (docs/design.md §28): its id kept in sessionStorage under the
// table's code, so a reload (or a tab brought back) continues the same visit and its rounds,
// while a new tab, or the next party's phone, starts its own.

import { ApiError, type Schemas } from "../shared/api/client";

export type Visit = Schemas["VisitOut"];

type Kept = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const keyOf = (guestCode: string) => `brigade.guest.visit.${guestCode}`;

/** The table's code from the page's address: /t/{guestCode}. */
export function guestCodeFrom(path: string): string | null {
  const match = /^\/t\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return match ? match[1] : null;
}

/** Whether `error` says the visit is no more (ended with its check, or unknown). */
export const isGone = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 410 || error.status === 404);

/** The visit kept for this code if it still lasts, else a new one (started once), kept. */
export async function openVisit(
  guestCode: string,
  kept: Kept,
  start: () => Promise<Visit>,
  read: (visitId: string) => Promise<Visit>,
): Promise<Visit> {
  const key = keyOf(guestCode);
  const visitId = kept.getItem(key);
  if (visitId) {
    try {
      return await read(visitId);
    } catch (error) {
      if (!isGone(error)) throw error;
      kept.removeItem(key);
    }
  }
  const visit = await start();
  kept.setItem(key, visit.id);
  return visit;
}

/** The visit ended: the next load of the code starts a new one. */
export function forgetVisit(guestCode: string, kept: Kept): void {
  kept.removeItem(keyOf(guestCode));
}
