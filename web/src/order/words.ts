// The ordering page's states and refusals in words: an order as it moves (the confirmation
// page), and why the server would not take one.

import { ApiError, type Schemas } from "../shared/api/client";
import type { NameProblem, PhoneProblem } from "./contact";
import { t } from "./messages";

export type OrderPage = Schemas["OrderPageOut"];
export type WebOrder = Schemas["WebOrderOut"];
export type OrderStatus = Schemas["IncomingStatus"];
/** The colour a state shows in: amber waits, accent moves, green is done, red is refused. */
export type Tone = "waiting" | "moving" | "done" | "refused";

/** The states an order leaves no more: the page stops reading it. */
const SETTLED = new Set<OrderStatus>(["PICKED_UP", "REFUSED", "CANCELLED"]);
export const settled = (status: OrderStatus): boolean => SETTLED.has(status);

export interface StatusWords {
  heading: string;
  detail: string;
  tone: Tone;
}

/** The order's state as its guest reads it. */
export function statusWords(order: Pick<WebOrder, "status" | "orderNumber" | "reason">): StatusWords {
  const number = order.orderNumber;
  const reason = order.reason?.trim() || null;
  switch (order.status) {
    case "NEW":
      return { heading: t("status.NEW"), detail: t("status.NEW.detail"), tone: "waiting" };
    case "PREPARING":
      return { heading: t("status.PREPARING"), detail: t("status.PREPARING.detail"), tone: "moving" };
    case "READY":
      return { heading: t("status.READY", { number }), detail: t("status.READY.detail"), tone: "done" };
    case "PICKED_UP":
      return { heading: t("status.PICKED_UP"), detail: t("status.PICKED_UP.detail"), tone: "done" };
    case "REFUSED":
      return {
        heading: reason ? t("status.REFUSED", { reason }) : t("status.REFUSED.noReason"),
        detail: t("status.REFUSED.detail"),
        tone: "refused",
      };
    case "CANCELLED":
      return {
        heading: reason ? t("status.CANCELLED", { reason }) : t("status.CANCELLED.noReason"),
        detail: t("status.CANCELLED.detail"),
        tone: "refused",
      };
  }
}

/** What the page does after a refusal, beside telling it: read the page again (a slot filled,
 * the page paused, the menu changed), or nothing. */
export type AfterRefusal = "reload" | "none";

/** Why the order was not placed, in words, and what follows. */
export function refusalWords(error: unknown): { words: string; then: AfterRefusal } {
  if (!(error instanceof ApiError)) return { words: t("refused.other", { detail: String(error) }), then: "none" };
  switch (error.code) {
    case "slot_full":
      return { words: t("refused.slotFull"), then: "reload" };
    case "channel_paused":
      return { words: t("refused.paused"), then: "reload" };
    case "channel_order_refused":
      return { words: t("refused.cannotMake", { detail: error.detail }), then: "reload" };
    case "validation_failed":
      return { words: t("refused.invalid", { detail: error.detail }), then: "none" };
  }
  if (error.status === 404) return { words: t("refused.notOnMenu"), then: "reload" };
  return { words: t("refused.other", { detail: error.detail }), then: "none" };
}

/** A field's problem in words. */
export const problemWords = (problem: NameProblem | PhoneProblem): string => t(`contact.${problem}` as const);
