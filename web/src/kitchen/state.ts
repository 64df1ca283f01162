// The kitchen display's one state: the board as the server shows it, reloaded whenever an
// event touches it (one request at a time: events arriving during a load ask for one more),
// and the taps that change it. Taps go through the kit's API client (retried until they land).

import { useEffect, useRef, useState } from "preact/hooks";
import type { Api } from "../kit/api";
import type { EventBus } from "../kit/events";
import type { BrigadeEvent } from "../kit/stream";
import { inWords } from "../kit/words";
import { type Board, type BoardItem, type BoardTicket, nextStatus } from "./board";

/** Events that change what a kitchen screen shows. */
export function touchesKitchen(event: BrigadeEvent): boolean {
  return /^(order|item|kitchen_ticket)\./.test(event.type) && event.type !== "order.created";
}

export interface KitchenBoard {
  board: Board | null;
  error: string | null;
  reload: () => void;
  tap: (ticket: BoardTicket, item: BoardItem) => void;
  bump: (ticket: BoardTicket) => void;
  recall: () => void;
}

export function useBoard(api: Api, locationId: string, events: EventBus): KitchenBoard {
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(false);
  const again = useRef(false);

  async function reload(): Promise<void> {
    if (loading.current) {
      again.current = true;
      return;
    }
    loading.current = true;
    try {
      do {
        again.current = false;
        setBoard(await api.get<Board>("/api/kitchen/board", { query: { locationId } }));
      } while (again.current);
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      loading.current = false;
    }
  }

  async function act(change: () => Promise<unknown>): Promise<void> {
    setError(null);
    try {
      await change();
    } catch (failure) {
      // Another screen or a terminal got there first (a void, a bump): say so, show the truth.
      setError(inWords(failure));
    }
    await reload();
  }

  useEffect(() => {
    reload();
    return events.listen((event) => {
      if (touchesKitchen(event)) reload();
    });
  }, [api, locationId, events]);

  return {
    board,
    error,
    reload,
    tap: (ticket, item) => {
      const status = nextStatus(item.status);
      if (status) act(() => api.put(`/api/orders/${ticket.orderId}/items/${item.itemId}`, { status }));
    },
    bump: (ticket) => act(() => api.post(`/api/kitchen/tickets/${ticket.id}/bump`, undefined)),
    recall: () => {
      const last = board?.lastBumped;
      if (last) act(() => api.post(`/api/kitchen/tickets/${last.id}/recall`, undefined));
    },
  };
}
