// The floor's state, in one place: the tables (with their open orders) and the tabs (open
// orders without a table), reloaded whenever an order event arrives, kept on the tablet for a
// reload offline, with the checks this tablet opened or changed that the server has not
// listed yet shown on top (a table seated offline is occupied at once, so a second tap opens
// its check rather than a second one).

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { useTerminal } from "../context";
import { touchesOrders } from "../../shared/events";
import { listOrders } from "../../shared/api/orders";
import { listTables } from "../../shared/api/dining";
import { remembered } from "../../shared/store";
import type { Order, OrderSummary, SeatedOrder, Table } from "../../shared/types";
import { inWords } from "../problems";
import { t } from "../messages";
import { type Calls, answered, heard } from "./calls";
import { listWaitingGuestRounds } from "../../shared/api/guests";
import { NO_ROUNDS, type Rounds, heardPayment, heardRound, listed, settled } from "./rounds";
import { listChannelOrders } from "../../shared/api/channels";
import type { ChannelOrder } from "../../shared/types";
import {
  type ChannelOrders,
  NO_CHANNEL_ORDERS,
  SHOWN_STATUSES,
  heardChannelOrder,
  listedChannelOrders,
  told,
} from "./channels";

export interface Floor {
  tables: Table[];
  tabs: OrderSummary[];
  error: string | null;
  now: number;
  reload: () => Promise<void>;
  /** Tables whose guests called from their phones (calls.ts). */
  calls: Calls;
  /** Someone opened the table: its guests' calls are answered. */
  answer: (tableId: string) => void;
  /** Guests' rounds waiting for a server, refusals and phones' payments to tell (rounds.ts). */
  rounds: Rounds;
  /** A round decided here, or a refusal or a payment dismissed: off the lists. */
  settle: (roundId: string) => void;
  /** Channels' orders to accept and to hand over (channels.ts). */
  channelOrders: ChannelOrders;
  /** A channel's order as the server answered a tap here: shown as it is now. */
  tellChannelOrder: (order: ChannelOrder) => void;
}

export function useFloor(): Floor {
  const { api, events, locationId, store, outbox } = useTerminal();
  const [tables, setTables] = useState<Table[]>([]);
  const [tabs, setTabs] = useState<OrderSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  // When the floor shown was asked for: checks answered since are shown from the tablet.
  const [readSince, setReadSince] = useState(0);
  const [calls, setCalls] = useState<Calls>({});
  const answer = useCallback((tableId: string) => setCalls((before) => answered(before, tableId)), []);
  const [rounds, setRounds] = useState<Rounds>(NO_ROUNDS);
  const settle = useCallback((roundId: string) => setRounds((before) => settled(before, roundId)), []);
  const [channelOrders, setChannelOrders] = useState<ChannelOrders>(NO_CHANNEL_ORDERS);
  const tellChannelOrder = useCallback((order: ChannelOrder) => setChannelOrders((before) => told(before, order)), []);
  // Each check's table as the floor last listed it: a phone's payment that closed its check is
  // told at its table after the check has left the floor.
  const tableOfOrder = useRef(new Map<string, string>());

  const reload = useCallback(async () => {
    // A floor kept from before (offline) shows every check the tablet knows on top of it.
    let asked = Date.now();
    const kept = () => (asked = 0);
    try {
      const query = { locationId, limit: 100 };
      const [floor, drafts, open] = await Promise.all([
        remembered(store, `tables:${locationId}`, () => listTables(api, query), kept),
        remembered(store, `drafts:${locationId}`, () => listOrders(api, { ...query, status: ["DRAFT"] }), kept),
        remembered(store, `open:${locationId}`, () => listOrders(api, { ...query, status: ["OPEN"] }), kept),
      ]);
      setTables(floor.data);
      for (const table of floor.data) {
        for (const order of table.openOrders) tableOfOrder.current.set(order.id, table.name);
      }
      setTabs([...drafts.data, ...open.data].filter((order) => order.tableId === null));
      setReadSince(asked);
      setError(null);
    } catch (failure) {
      setError(inWords(failure));
    }
    // The rounds waiting are the server's to tell, never kept offline: a round confirmed
    // elsewhere meanwhile must not be offered again.
    listWaitingGuestRounds(api, locationId).then(
      (waiting) => setRounds((before) => listed(before, waiting)),
      () => undefined,
    );
    // Channels' orders likewise: one accepted elsewhere must not be offered again.
    listChannelOrders(api, locationId, SHOWN_STATUSES).then(
      (orders) => setChannelOrders((before) => listedChannelOrders(before, orders)),
      () => undefined,
    );
  }, [api, locationId, store]);

  useEffect(() => {
    reload();
    let queued: ReturnType<typeof setTimeout> | undefined;
    const stop = events.listen((event) => {
      setCalls((before) => heard(before, event));
      setRounds((before) =>
        heardPayment(heardRound(before, event), event, (orderId) => tableOfOrder.current.get(orderId) ?? null),
      );
      setChannelOrders((before) => heardChannelOrder(before, event));
      if (!touchesOrders(event) || queued) return;
      // A burst of events (an order with its items) reloads once.
      queued = setTimeout(() => {
        queued = undefined;
        reload();
      }, 100);
    });
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      stop();
      clearInterval(tick);
      clearTimeout(queued);
    };
  }, [reload, events]);

  const local = withLocal(tables, tabs, outbox.touched(readSince));
  return { ...local, error, now, reload, calls, answer, rounds, settle, channelOrders, tellChannelOrder };
}

const isOpen = (order: Order) => order.status === "DRAFT" || order.status === "OPEN";

/** The floor as the server listed it, with the tablet's own checks (`local`: as the tablet
 * shows them) in their places: an open one at its table or among the tabs, a closed one gone. */
export function withLocal(
  tables: Table[],
  tabs: OrderSummary[],
  local: Order[],
): { tables: Table[]; tabs: OrderSummary[] } {
  const mine = new Set(local.map((order) => order.id));
  const open = local.filter(isOpen);
  return {
    tables: tables.map((table) => {
      const seated = [
        ...table.openOrders.filter((order) => !mine.has(order.id)),
        ...open.filter((order) => order.tableId === table.id),
      ];
      return { ...table, openOrders: seated, status: seated.length > 0 ? "OCCUPIED" : "FREE" };
    }),
    tabs: [...tabs.filter((tab) => !mine.has(tab.id)), ...open.filter((order) => order.tableId === null)],
  };
}

/** A table's open checks by their number: the same order wherever they are listed (the
 * tablet's own checks come last in `withLocal`'s). */
export function checksAt(table: Table): SeatedOrder[] {
  return [...table.openOrders].sort((a, b) => a.orderNumber.localeCompare(b.orderNumber, "en", { numeric: true }));
}

export function minutesOpen(createdAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
}

/** Tables grouped by section, in the order the sections first appear; no section: "Floor". */
export function bySection(tables: Table[]): [string, Table[]][] {
  const sections = new Map<string, Table[]>();
  for (const table of tables) {
    const name = table.section ?? t("terminal.floor");
    sections.set(name, [...(sections.get(name) ?? []), table]);
  }
  return [...sections];
}
