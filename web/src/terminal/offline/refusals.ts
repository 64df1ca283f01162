// An operation the server refused, in words a server reads mid-rush: what happened, and what
// to do (docs/design.md §16). Kept beside the check until a person retries or discards.

import type { ApiError } from "../../shared/api/client";
import { type Operation, WHAT } from "./operations";

/** What the operation was about, as its line or check names it. */
function subject(op: Operation, names: (itemId: string) => string | null): string {
  if (op.kind === "add") return op.name;
  if ("itemId" in op) return names(op.itemId) ?? "this line";
  return "this check";
}

export function refusalWords(op: Operation, failure: ApiError, names: (itemId: string) => string | null): string {
  const what = WHAT[op.kind];
  switch (failure.code) {
    case "product_unavailable":
      return `${subject(op, names)} ran out (86'd) before this reached the server: it is not on the check. Offer something else, then discard this.`;
    case "table_occupied":
      return `${op.kind === "create" && op.tableName ? `Table ${op.tableName}` : "The table"} was seated on another terminal meanwhile: this check was not opened. Open that table's check, add what is needed there, then discard this.`;
    case "order_closed":
      return `This check was paid or closed on another terminal: your ${what} was not made. Look at the check; discard this if nothing is missing.`;
    case "overpayment":
      return `This check was already paid (on another terminal?): your payment was not taken. Look at the balance; discard this if it is 0.`;
    case "forbidden":
      return `A manager must approve this ${what}: tap Retry for a manager's PIN, or discard it.`;
    case "not_found":
      return `This check or line is no longer on the server: your ${what} was not made. Discard this.`;
    default:
      return `${failure.detail} Your ${what} was not made: retry, or discard it.`;
  }
}

/** Said of the operations after a check whose opening was refused: never sent. */
export const NEVER_OPENED =
  "Not sent: this check was not opened on the server. Discard this once the check is sorted out.";
