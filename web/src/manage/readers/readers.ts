// The back office's words for card readers, apart from the screens that show them.

import type { Schemas } from "../../shared/api/client";
import type { Device } from "../types";

export type Reader = Schemas["ReaderOut"];

/** The providers a reader may be paired with (the server refuses one it was not set up for). */
export const PROVIDERS = ["simulator", "stripe_terminal"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const isProvider = (name: string): name is Provider => (PROVIDERS as readonly string[]).includes(name);

/** The page of a manual simulator reader, where a person taps the card. */
export const readerPage = (reader: Pick<Reader, "id">) => `/reader/${reader.id}`;

/** The names of the terminals whose default reader it is, in the terminals' order. */
export function terminalsOf(reader: Pick<Reader, "defaultForDeviceIds">, terminals: readonly Device[]): string[] {
  return terminals.filter((terminal) => reader.defaultForDeviceIds.includes(terminal.id)).map((found) => found.name);
}
