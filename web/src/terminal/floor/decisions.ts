// A card on the floor decided with a tap (a guests' round sent or declined, a channel's order
// accepted, refused or handed over): one decision at a time, its refusal told in words, and
// the floor read again after one (decided elsewhere meanwhile: the lists as the server has them).

import { useState } from "preact/hooks";
import { inWords } from "../problems";

export interface Decisions {
  /** The id of the card being decided, if one is. */
  busy: string | null;
  /** The last decision's refusal, in words. */
  error: string | null;
  /** Asks `asked` for the card `id`, then hands its answer to `done`. */
  decide: <T>(id: string, asked: () => Promise<T>, done: (answer: T) => void) => Promise<void>;
  /** The refusal read: no longer shown. */
  dismiss: () => void;
}

export function useDecisions(reload: () => unknown): Decisions {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function decide<T>(id: string, asked: () => Promise<T>, done: (answer: T) => void) {
    setBusy(id);
    setError(null);
    try {
      done(await asked());
    } catch (failure) {
      setError(inWords(failure));
      reload();
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, decide, dismiss: () => setError(null) };
}
