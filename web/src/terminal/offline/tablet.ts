// What the terminal keeps on the tablet (IndexedDB, docs/design.md "Offline"): the outbox and
// the orders as last answered, the answers read last (menu, floor, location), and the
// signed-in session, so a reload with no network opens the terminal where it was. The tokens of
// sessions signed out with changes waiting are kept too, with those changes, until they land.

import { KEPT, type Store, tabletStore } from "../../shared/store";
import type { NewSession } from "../../shared/types";
import { TABLES } from "./outbox";

const SESSION = "session";

export function openTablet(): Promise<Store> {
  // Version 2 added the sessions signing out.
  return tabletStore("brigade-terminal", [TABLES.waiting, TABLES.refused, TABLES.orders, TABLES.signingOut, KEPT], 2);
}

/** The session signed in on this tablet when it was left (null: nobody). */
export async function keptSession(store: Store): Promise<NewSession | null> {
  return (await store.get<NewSession>(KEPT, SESSION)) ?? null;
}

export async function keepSession(store: Store, session: NewSession | null): Promise<void> {
  if (session) await store.put(KEPT, SESSION, session);
  else await store.delete(KEPT, SESSION);
}
