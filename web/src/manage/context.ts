// What every section of the signed-in back office shares: the API client, who is signed in,
// and the location being looked at (its timezone decides the business day, its currency the money).

import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Api } from "../shared/api/client";
import type { Caller, Location } from "./types";

export interface BackOffice {
  api: Api;
  /** A pasted token; null when the session cookie signs the requests in. */
  token: string | null;
  caller: Caller;
  location: Location;
  /** The location as a change to its profile answered it (taxes & charges). */
  replaceLocation: (location: Location) => void;
  /** A location just made: listed, and the one looked at from now on. */
  addLocation: (location: Location) => void;
}

export const BackOfficeContext = createContext<BackOffice | null>(null);

export function useBackOffice(): BackOffice {
  const office = useContext(BackOfficeContext);
  if (!office) throw new Error("useBackOffice outside the signed-in back office");
  return office;
}
