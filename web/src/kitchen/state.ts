// The kitchen display's one state: the board as the server shows it, loaded when the screen
// starts (and when the stream comes back), then kept up from the events, whose data is the
// resource itself: fifty screens in a rush cost the server their streams, not a reload each
// per event. A reload is one request at a time (asked for during a load: one more). Taps go
// through the kit's API client (retried until they land). The board shown is kept on the
// tablet, so a reload offline shows the last one (and since when the screen is offline).

import { useEffect, useRef, useState } from "preact/hooks";
import type { Api } from "../shared/api/client";
import { bumpTicket, kitchenBoard, recallTicket } from "../shared/api/kitchen";
import { updateItem } from "../shared/api/orders";
import type { EventBus } from "../shared/events";
import { useLatest } from "../shared/latest";
import type { BrigadeEvent } from "../shared/stream";
import { KEPT, type Store } from "../shared/store";
import { inWords } from "../shared/words";
import { boardNames } from "./words";
import { type Board, type BoardItem, type BoardTicket, applyEvent, nextStatus } from "./board";
import { clockOffset } from "./layout";

export interface KitchenBoard {
  board: Board | null;
  error: string | null;
  /** How far the browser's clock is behind the server's (ms), from the last board read. */
  offset: number;
  reload: () => void;
  tap: (ticket: BoardTicket, item: BoardItem) => void;
  bump: (ticket: BoardTicket) => void;
  /** Back on the board: the ticket given (from the recall list), or the last bumped. */
  recall: (ticket?: BoardTicket) => void;
}

const BOARD = "board";
const ONLINE_AT = "online-at";

export function useBoard(api: Api, locationId: string, events: EventBus, store: Store): KitchenBoard {
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const current = useRef<Board | null>(null);
  // A failure in words, its ids named from the board as it is (a ticket's number, an item's name).
  const said = (failure: unknown) =>
    inWords(failure, boardNames([...(current.current?.tickets ?? []), ...(current.current?.recentlyBumped ?? [])]));
  const loading = useRef(false);
  const again = useRef(false);
  const waiting = useRef<BrigadeEvent[]>([]);
  const show = (next: Board) => {
    current.current = next;
    setBoard(next);
    store.put(KEPT, BOARD, next).catch(() => {});
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
        const answer = await kitchenBoard(api, locationId);
        setOffset(clockOffset(answer.date, answer.sentAt, answer.receivedAt));
        show(answer.board);
      } while (again.current);
      const missed = waiting.current;
      waiting.current = [];
      apply(missed);
    } catch (failure) {
      setError(said(failure));
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
      setError(said(failure));
      await reload();
    }
  }

  const handlers = useLatest({ reload, apply });
  useEffect(() => {
    const { reload, apply } = handlers.current;
    // The board kept last shows until the server's answers (which may take a while offline).
    store.get<Board>(KEPT, BOARD).then((kept) => {
      if (kept && !current.current) {
        current.current = kept;
        setBoard(kept);
      }
    });
    reload();
    return events.listen((event) => {
      // Before the first load or during a reload, the event waits for the load's answer and
      // is applied on top of it (applying one the load already shows changes nothing).
      if (!current.current || loading.current) waiting.current.push(event);
      else apply([event]);
    });
  }, [api, locationId, events, handlers, store]);

  return {
    board,
    error,
    offset,
    reload,
    tap: (ticket, item) => {
      const status = nextStatus(item.status);
      if (status) act(() => updateItem(api, ticket.orderId, item.itemId, { status }));
    },
    bump: (ticket) => act(() => bumpTicket(api, ticket.id)),
    recall: (ticket) => {
      const chosen = ticket ?? board?.lastBumped;
      if (chosen) act(() => recallTicket(api, chosen.id));
    },
  };
}

/** When the screen went offline (null: online); after a reload offline, the last time it was
 * seen online, as kept on the tablet. */
export function useOfflineSince(streaming: boolean | null, store: Store): number | null {
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    if (streaming === true) {
      setSince(null);
      const note = () => store.put(KEPT, ONLINE_AT, Date.now()).catch(() => {});
      note();
      const timer = setInterval(note, 30_000);
      return () => {
        clearInterval(timer);
        note();
      };
    }
    if (streaming === false) {
      store.get<number>(KEPT, ONLINE_AT).then((at) => setSince(at ?? Date.now()));
    }
  }, [streaming, store]);
  return since;
}
