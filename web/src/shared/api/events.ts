// Every event, typed by its `type`, from the OpenAPI's webhooks section (docs/design.md §8): the
// same JSON a webhook receives and the event stream's `data` carries. A switch on `type` narrows
// `data` to that event's resource.

import type { webhooks } from "./schema";

type Received<K extends keyof webhooks> = webhooks[K] extends {
  post: { requestBody: { content: { "application/json": infer Body } } };
}
  ? Body
  : never;

export type BrigadeEvent = { [K in keyof webhooks]: Received<K> }[keyof webhooks];

export type EventOfType<T extends BrigadeEvent["type"]> = Extract<BrigadeEvent, { type: T }>;

/** One line about an event, as an integration's log would write it. */
export function eventLine(event: BrigadeEvent): string {
  switch (event.type) {
    case "item.added":
    case "item.updated":
    case "item.voided":
      return `${event.data.orderNumber} ${event.type}: ${event.data.quantity} ${event.data.name}, order total ${event.data.order.total}`;
    case "payment.created":
      return `payment of ${event.data.amount} by ${event.data.paymentMethod} on order ${event.data.orderId}`;
    case "order.created":
    case "order.completed":
      return "truncated" in event.data
        ? `${event.type}: order ${event.data.href}`
        : `${event.data.orderNumber} ${event.type}: total ${event.data.total}`;
    case "product.86d":
      return `${event.data.name} is sold out`;
    default:
      return `${event.type} #${event.id}`;
  }
}
