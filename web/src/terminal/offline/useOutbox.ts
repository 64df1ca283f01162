// The tablet's outbox, opened from its store once for the page (not per sign-in: what a session
// signed out leaves waiting is still sent, in its own session), and a render whenever it changes
// (an operation kept, answered or refused).

import { useEffect, useState } from "preact/hooks";
import { randomUuid } from "../../shared/api/client";
import type { Store } from "../../shared/store";
import { Outbox } from "./outbox";
import { apiServer } from "./server";

export function useOutbox(store: Store | null): Outbox | null {
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [, setChanges] = useState(0);
  useEffect(() => {
    if (!store) return;
    let stop = () => {};
    let closed = false;
    Outbox.open(store, apiServer(), { newKey: randomUuid }).then((opened) => {
      if (closed) return;
      stop = opened.subscribe(() => setChanges((n) => n + 1));
      // The browser says the network is back: try now.
      const online = () => opened.kick();
      window.addEventListener("online", online);
      // And every few seconds while anything waits: nothing depends on an event arriving.
      const nudge = setInterval(() => {
        if (opened.pending().length > 0) opened.kick();
      }, 5000);
      const unsubscribe = stop;
      stop = () => {
        unsubscribe();
        opened.close();
        clearInterval(nudge);
        window.removeEventListener("online", online);
      };
      setOutbox(opened);
      opened.drain();
    });
    return () => {
      closed = true;
      stop();
    };
  }, [store]);
  return outbox;
}
