// A problem as the terminal says it (docs/design.md §16, "Errors in words"): the server's words,
// or the terminal's own for a code it knows, and never a raw id. An id in the server's words is
// named from what the tablet shows (a line's name, a check's number, its table), else said as
// what it is ("the line", "the check": shared/words.ts, which every screen's words go through).
// Every message the terminal shows of a failure comes through here.

import { ApiError } from "../shared/api/client";
import type { Order } from "../shared/types";
import { t } from "./messages";
import { type IdNames, inWords as serversWords, refusalInWords as refusedPinWords } from "../shared/words";

export { type IdNames, withoutIds } from "../shared/words";

/** The ids of `orders` as the tablet names them: a line by its name, a check by its number,
 * its table as "Table 4". */
export function namesIn(...orders: (Order | null | undefined)[]): IdNames {
  const names = new Map<string, string>();
  for (const order of orders) {
    if (!order) continue;
    names.set(order.id.toLowerCase(), t("terminal.id.check", { number: order.orderNumber }));
    if (order.tableId && order.tableName)
      names.set(order.tableId.toLowerCase(), t("terminal.where.table", { table: order.tableName }));
    for (const item of order.items) names.set(item.id.toLowerCase(), item.name);
  }
  return (id) => names.get(id.toLowerCase()) ?? null;
}

/** The terminal's own words for a refusal whose server words are about ids and tokens. */
const OWN_WORDS: Record<string, () => string> = {
  approval_invalid: () => t("terminal.problem.approvalInvalid"),
  id_in_use: () => t("terminal.problem.idInUse"),
  // A channel's order: the server's words name the platform's id for it and a raw time.
  accept_window_over: () => t("terminal.problem.acceptWindowOver"),
  channel_order_decided: () => t("terminal.problem.channelOrderDecided"),
  payment_due: () => t("terminal.problem.paymentDue"),
};

/** A failure in words, its ids named from `names`. */
export function inWords(failure: unknown, names?: IdNames): string {
  if (failure instanceof ApiError && OWN_WORDS[failure.code]) return OWN_WORDS[failure.code]();
  return serversWords(failure, names);
}

/** A PIN refused (a sign-in's or an approval's), in words, its ids named from `names`. */
export function refusalInWords(failure: unknown, names?: IdNames): string {
  if (failure instanceof ApiError && OWN_WORDS[failure.code]) return OWN_WORDS[failure.code]();
  return refusedPinWords(failure, names);
}
