// What every screen of a signed-in terminal shares: one API client, one event stream.

import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Api } from "../shared/api/client";
import type { EventBus } from "../shared/events";
import type { StaffCard } from "../shared/types";

export interface Terminal {
  api: Api;
  locationId: string;
  currency: string;
  staff: StaffCard;
  events: EventBus;
}

export const TerminalContext = createContext<Terminal | null>(null);

export function useTerminal(): Terminal {
  const terminal = useContext(TerminalContext);
  if (!terminal) throw new Error("useTerminal outside a signed-in terminal");
  return terminal;
}
