// The floor's state, in one place: the tables (with their open orders) and the tabs (open
// orders without a table), reloaded whenever an order event arrives.

import { useCallback, useEffect, useState } from "preact/hooks";
import { useTerminal } from "../context";
import { touchesOrders } from "../../shared/events";
import { listOrders } from "../../shared/api/orders";
import { listTables } from "../../shared/api/dining";
import type { OrderSummary, Table } from "../../shared/types";
import { inWords } from "../../shared/words";

export interface Floor {
  tables: Table[];
  tabs: OrderSummary[];
  error: string | null;
  now: number;
  reload: () => Promise<void>;
}

export function useFloor(): Floor {
  const { api, events, locationId } = useTerminal();
  const [tables, setTables] = useState<Table[]>([]);
  const [tabs, setTabs] = useState<OrderSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());

  const reload = useCallback(async () => {
    try {
      const query = { locationId, limit: 100 };
      const [floor, drafts, open] = await Promise.all([
        listTables(api, query),
        listOrders(api, { ...query, status: ["DRAFT"] }),
        listOrders(api, { ...query, status: ["OPEN"] }),
      ]);
      setTables(floor.data);
      setTabs([...drafts.data, ...open.data].filter((order) => order.tableId === null));
      setError(null);
    } catch (failure) {
      setError(inWords(failure));
    }
  }, [api, locationId]);

  useEffect(() => {
    reload();
    let queued: ReturnType<typeof setTimeout> | undefined;
    const stop = events.listen((event) => {
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

  return { tables, tabs, error, now, reload };
}

export function minutesOpen(createdAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
}

/** Tables grouped by section, in the order the sections first appear; no section: "Floor". */
export function bySection(tables: Table[]): [string, Table[]][] {
  const sections = new Map<string, Table[]>();
  for (const table of tables) {
    const name = table.section ?? "Floor";
    sections.set(name, [...(sections.get(name) ?? []), table]);
  }
  return [...sections];
}
