// A paired device's working session, shared by the terminal (once a staff member signs in)
// and the kitchen display: one API client and one event stream for its token, the location it
// works at, and whether the server can be reached.

import { useEffect, useMemo, useState } from "preact/hooks";
import { Api } from "./api/client";
import { getLocation } from "./api/dining";
import { EventBus } from "./events";
import { useLatest } from "./latest";
import { remembered, type Store } from "./store";
import { followEvents } from "./stream";
import type { Location } from "./types";

export interface DeviceSessionHandlers {
  /** The server no longer accepts the token (401): signed out, or the device revoked. */
  onEnded: () => void;
  /** The stream opened (again: it has replayed what was missed) or closed. */
  onConnected?: (connected: boolean) => void;
  /** The stream was too far behind to catch up: what the screen shows must be read again. */
  onExpired: () => void;
}

export interface DeviceSessionOptions {
  /** What the tablet keeps for a reload offline (the location read last). */
  store?: Store | null;
  /** Whether a request without an answer is sent again until it lands (false: the terminal's
   * outbox retries its writes itself, and a read falls back to what the tablet kept). */
  retrying?: boolean;
}

export interface DeviceSession {
  api: Api;
  events: EventBus;
  /** Null until it is read. */
  location: Location | null;
  /** The event stream is open (null: not yet tried). */
  streaming: boolean | null;
  /** The last request was answered (or the stream came back). */
  reachable: boolean;
  /** Requests waiting for the server, sent again until it answers. */
  pending: number;
}

/** One client and one stream per token; the handlers may change from render to render. */
export function useDeviceSession(
  token: string,
  locationId: string,
  handlers: DeviceSessionHandlers,
  options: DeviceSessionOptions = {},
): DeviceSession {
  const { store = null, retrying = true } = options;
  const api = useMemo(() => new Api(() => token, undefined, undefined, "", retrying), [token, retrying]);
  const events = useMemo(() => new EventBus(), [token]); // eslint-disable-line react-hooks/exhaustive-deps -- a new bus for a new token
  const latest = useLatest(handlers);
  api.onUnauthenticated = () => latest.current.onEnded();
  const [location, setLocation] = useState<Location | null>(null);
  const [streaming, setStreaming] = useState<boolean | null>(null);
  const [reachable, setReachable] = useState(true);
  const [pending, setPending] = useState(0);

  useEffect(
    () =>
      api.onConnection((ok, waiting) => {
        setReachable(ok);
        setPending(waiting);
      }),
    [api],
  );

  useEffect(() => {
    remembered(store, `location:${locationId}`, () => getLocation(api, locationId))
      .then(setLocation)
      .catch(() => {});
    return followEvents({
      token: () => token,
      locationId,
      onEvent: (event) => events.emit(event),
      onConnected: (connected) => {
        setStreaming(connected);
        // A reconnect also proves the server is reachable again.
        if (connected) setReachable(true);
        latest.current.onConnected?.(connected);
      },
      onExpired: () => latest.current.onExpired(),
      onUnauthenticated: () => latest.current.onEnded(),
    });
  }, [api, events, token, locationId, latest, store]);

  return { api, events, location, streaming, reachable, pending };
}
