// A change the server refused, in one message a server reads mid-rush (docs/design.md §16):
// what was not made, why, and what to do. Kept beside the check until a person retries or
// discards it; an addition stays on the check as its line, marked "not added", and never
// counts in the check's totals.

import type { Cents } from "../../shared/money";
import type { Order } from "../../shared/types";
import { withoutIds } from "../problems";
import type { Operation, ShownModifier } from "./operations";
import { t } from "../messages";

/** The code of a change kept unsent because its check's opening was refused. */
export const NEVER_OPENED = "never_opened";
/** The code of a change refused because another terminal changed its check first (412). */
export const STALE = "stale_version";
/** The code of a change refused because its session had ended on the server (401). */
export const SESSION_ENDED = "session_ended";

/** Why the server refused a change, as the outbox learnt it. */
export interface Why {
  code: string;
  /** The server's own words, for a refusal the terminal has none of its own for. */
  detail?: string;
  /** The check as read after the refusal, when it could be. */
  after?: Order | null;
  /** What another terminal changed meanwhile ("Salad is now sent"). */
  changed?: string;
  /** Whose session ended. */
  by?: string;
}

/** A product tapped: an addition, or the same product tapped again raising its line. */
export function isAddition(op: Operation): boolean {
  return op.kind === "add" || (op.kind === "quantity" && op.tap !== undefined);
}

/** A check no longer open: nothing more is made on it. */
export function isClosed(order: Order): boolean {
  return order.status !== "DRAFT" && order.status !== "OPEN";
}

/** "2 Fries weren't added". */
const counted = (quantity: number, name: string) => t("terminal.refusal.notAdded", { count: quantity, name });

/** What was not made, as the check names it. */
function notMade(op: Operation, names: (itemId: string) => string | null): string {
  const line = "itemId" in op ? (names(op.itemId) ?? t("terminal.refusal.aLine")) : "";
  switch (op.kind) {
    case "create":
      return t("terminal.refusal.notOpened");
    case "add":
      return counted(op.body.quantity, op.name);
    case "quantity":
      return op.tap
        ? counted(op.tap.body.quantity, t("terminal.refusal.more", { name: op.tap.name }))
        : t("terminal.refusal.quantity", { line, quantity: op.quantity });
    case "note":
      return t("terminal.refusal.note", { line });
    case "void":
      return t("terminal.refusal.void", { line });
    case "place":
      return t("terminal.refusal.place", { line });
    case "send":
      return t("terminal.refusal.send");
    case "fire":
      return t("terminal.refusal.fire", { course: op.course });
    case "discount":
      return t("terminal.refusal.discount");
    case "pay":
      return t("terminal.refusal.pay", { method: op.body.paymentMethod });
    case "complete":
      return t("terminal.refusal.complete");
    case "transfer":
      return t("terminal.refusal.transfer", { table: op.tableName });
    case "name":
      return op.customerName ? t("terminal.refusal.name", { name: op.customerName }) : t("terminal.refusal.unname");
    case "charge":
      return t("terminal.refusal.charge");
    case "uncharge":
      return t("terminal.refusal.uncharge");
    case "cancel":
      return t("terminal.refusal.cancel");
  }
}

/** How a check closed elsewhere was closed, as far as the tablet knows. */
function closedHow(after: Order | null | undefined): string {
  if (after?.status === "CANCELLED") return t("terminal.because.cancelled");
  if (after?.status === "COMPLETED") return t("terminal.because.completed");
  return t("terminal.because.closed");
}

/** Why, in words; null: the server's own words say it. */
function because(op: Operation, why: Why): string | null {
  switch (why.code) {
    case "product_unavailable":
      return t("terminal.because.soldOut");
    case "order_closed":
      return closedHow(why.after);
    case "item_already_sent":
      return t("terminal.because.sent");
    case "table_occupied": {
      const table = op.kind === "create" || op.kind === "transfer" ? op.tableName : null;
      return table ? t("terminal.because.tableSeated", { table }) : t("terminal.because.theTableSeated");
    }
    case "overpayment":
    case "would_overpay":
      return t("terminal.because.paid");
    case "forbidden":
      return t("terminal.because.forbidden");
    case "approval_invalid":
      return t("terminal.because.approvalInvalid");
    case "id_in_use":
      return t("terminal.because.idInUse");
    case "not_found":
      return t("terminal.because.notFound");
    case STALE:
      return why.changed ? t("terminal.because.staleWhat", { changed: why.changed }) : t("terminal.because.stale");
    case SESSION_ENDED:
      return why.by ? t("terminal.because.sessionEnded", { name: why.by }) : t("terminal.because.makersSessionEnded");
    case NEVER_OPENED:
      return t("terminal.because.neverOpened");
    default:
      return null;
  }
}

/** What to do about it, with the buttons beside it (an addition's Retry is "Add again"). */
function whatToDo(op: Operation, code: string): string {
  const addition = isAddition(op);
  switch (code) {
    case "product_unavailable":
      return t("terminal.todo.offerElse");
    case "order_closed":
      if (addition) return t("terminal.todo.reopen");
      return op.kind === "pay" ? t("terminal.todo.lookBalance") : t("terminal.todo.lookCheck");
    case "item_already_sent":
      return addition ? t("terminal.todo.addOwnLine") : t("terminal.todo.lookOrDiscard");
    case "table_occupied":
      return op.kind === "create" ? t("terminal.todo.openThatTable") : t("terminal.todo.otherTable");
    case "overpayment":
    case "would_overpay":
      return t("terminal.todo.balanceZero");
    case "forbidden":
    case "approval_invalid":
      return t("terminal.todo.managerPin");
    case "id_in_use":
      return t("terminal.todo.makeAgain");
    case "not_found":
      return t("terminal.todo.discard");
    case STALE:
      return t("terminal.todo.tapAgain");
    case SESSION_ENDED:
      return addition ? t("terminal.todo.addAsYourself") : t("terminal.todo.retryAsYourself");
    case NEVER_OPENED:
      return t("terminal.todo.sortedOut");
    default:
      return addition ? t("terminal.todo.addAgain") : t("terminal.todo.retry");
  }
}

/** The one message for a refused change: what was not made, why, and what to do; never a raw
 * id (`names` names a line, a check or its table by its id, ../problems.ts). */
export function refusalWords(op: Operation, why: Why, names: (id: string) => string | null): string {
  const what = notMade(op, names);
  const reason = because(op, why);
  const todo = whatToDo(op, why.code);
  if (reason) return t("terminal.refusal.because", { what, reason, todo });
  const detail = withoutIds((why.detail ?? "").trim(), names);
  if (!detail) return t("terminal.refusal.plain", { what, todo });
  return t("terminal.refusal.detail", {
    what,
    detail: /[.!?]$/.test(detail) ? detail : t("terminal.refusal.sentence", { detail }),
    todo,
  });
}

/** A refused addition as the check keeps showing it: its line, not added, in no total. */
export interface NotAdded {
  name: string;
  quantity: number;
  modifiers: ShownModifier[];
  /** What it would have cost (shown struck through; never added to the check). */
  total: Cents;
}

/** The line a refused change stands for; null: it is not an addition. */
export function notAddedLine(op: Operation): NotAdded | null {
  const tap = op.kind === "add" ? op : op.kind === "quantity" ? op.tap : undefined;
  if (!tap) return null;
  const { quantity } = tap.body;
  return { name: tap.name, quantity, modifiers: tap.modifiers, total: tap.unitPrice * quantity };
}
