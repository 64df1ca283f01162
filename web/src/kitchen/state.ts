// The kitchen display's one state: the board as the server shows it, loaded when the screen
// starts (and when the stream comes back), then kept up from the events, whose data is the
// resource itself: fifty screens in a rush cost the server their streams, not a reload each
// per event. A reload is one request at a time (asked for during a load: one more). Taps go
// through the kit's API client (retried until they land).

import { useEffect, useRef, useState } from "preact/hooks";
import type { Api } from "../shared/api/client";
import { bumpTicket, kitchenBoard, recallTicket } from "../shared/api/kitchen";
import { updateItem } from "../shared/api/orders";
import type { EventBus } from "../shared/events";
import { useLatest } from "../shared/latest";
import type { BrigadeEvent } from "../shared/stream";
import { inWords } from "../shared/words";
import { type Board, type BoardItem, type BoardTicket, applyEvent, nextStatus } from "./board";

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
  const current = useRef<Board | null>(null);
  const loading = useRef(false);
  const again = useRef(false);
  const waiting = useRef<BrigadeEvent[]>([]);
  const show = (next: Board) => {
    current.current = next;
    setBoard(next);
  };

  function apply(arrived: BrigadeEvent[]): void {
    let next = current.current;
    for (const event of arrived) {
      if (!next) return;
      const applied = applyEvent(next, event);
      if (applied === "reload") {
        reload();
        return;
      }
      next = applied;
    }
    if (next && next !== current.current) show(next);
  }

  async function reload(): Promise<void> {
    if (loading.current) {
      again.current = true;
      return;
    }
    loading.current = true;
    try {
      do {
        again.current = false;
        show(await kitchenBoard(api, locationId));
      } while (again.current);
      const missed = waiting.current;
      waiting.current = [];
      apply(missed);
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      loading.current = false;
    }
  }

  async function act(change: () => Promise<unknown>): Promise<void> {
    setError(null);
    try {
      // What changed comes back on the stream, to this screen and every other.
      await change();
    } catch (failure) {
      // Another screen or a terminal got there first (a void, a bump): say so, show the truth.
      setError(inWords(failure));
      await reload();
    }
  }

  const handlers = useLatest({ reload, apply });
  useEffect(() => {
    const { reload, apply } = handlers.current;
    reload();
    return events.listen((event) => {
      // Before the first load or during a reload, the event waits for the load's answer and
      // is applied on top of it (applying one the load already shows changes nothing).
      if (!current.current || loading.current) waiting.current.push(event);
      else apply([event]);
    });
  }, [api, locationId, events, handlers]);

  return {
    board,
    error,
    reload,
    tap: (ticket, item) => {
      const status = nextStatus(item.status);
      if (status) act(() => updateItem(api, ticket.orderId, item.itemId, { status }));
    },
    bump: (ticket) => act(() => bumpTicket(api, ticket.id)),
    recall: () => {
      const last = board?.lastBumped;
      if (last) act(() => recallTicket(api, last.id));
    },
  };
}
