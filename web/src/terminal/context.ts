// What every screen of a signed-in terminal shares: one API client, one event stream.

import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Api } from "../shared/api/client";
import type { EventBus } from "../shared/events";
import type { Store } from "../shared/store";
import type { StaffCard } from "../shared/types";
import type { Outbox } from "./offline/outbox";

export interface Terminal {
  api: Api;
  /** What the tablet keeps for a reload offline. */
  store: Store;
  /** Every change to a check goes through it (docs/design.md §16). */
  outbox: Outbox;
  /** The server answers and the event stream is open. */
  online: boolean;
  locationId: string;
  currency: string;
  /** The location's IANA timezone: its business day ends at local midnight. */
  timezone: string;
  staff: StaffCard;
  events: EventBus;
}

export const TerminalContext = createContext<Terminal | null>(null);

export function useTerminal(): Terminal {
  const terminal = useContext(TerminalContext);
  if (!terminal) throw new Error("useTerminal outside a signed-in terminal");
  return terminal;
}
