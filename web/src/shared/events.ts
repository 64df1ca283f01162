// One event stream per signed-in terminal, shared by every screen that wants live updates.

import type { BrigadeEvent } from "./stream";

export type EventListener = (event: BrigadeEvent) => void;

export class EventBus {
  private listeners = new Set<EventListener>();

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: BrigadeEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** Events that change what an order shows (and so the floor). */
export function touchesOrders(event: BrigadeEvent): boolean {
  return /^(order|item|payment)\./.test(event.type);
}
