// Online-only manager actions on a closed check (reopen, refund, a large tip): a manager
// signed in acts at once; anyone else asks a manager's PIN for that one action on that one
// check, and the same request goes again with the one-shot approval.

import { useState } from "preact/hooks";
import type { Role } from "../../shared/types";
import type { ApprovalAsk, PendingApproval } from "../check/state";

export function isManager(role: Role): boolean {
  return role === "MANAGER" || role === "ADMIN";
}

export interface ManagerGate {
  /** The approval being asked for (shown as ManagerApproval); null: none. */
  pending: PendingApproval | null;
  /** A manager's PIN for `ask`, then `act` with the approval. */
  ask: (what: string, ask: ApprovalAsk, act: (approval: string) => Promise<void>) => void;
  /** `act` at once when a manager is signed in, else once a manager approves. */
  run: (what: string, ask: ApprovalAsk, act: (approval?: string) => Promise<void>) => Promise<void>;
  cancel: () => void;
}

export function useManagerGate(role: Role): ManagerGate {
  const [pending, setPending] = useState<PendingApproval | null>(null);
  const askFor: ManagerGate["ask"] = (what, ask, act) =>
    setPending({
      what,
      ask,
      approve: async (token) => {
        setPending(null);
        await act(token);
      },
    });
  return {
    pending,
    ask: askFor,
    run: async (what, ask, act) => {
      if (isManager(role)) await act();
      else askFor(what, ask, act);
    },
    cancel: () => setPending(null),
  };
}
