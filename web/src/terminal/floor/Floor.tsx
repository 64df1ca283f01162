// The floor: tables by section, free or occupied, with guests, total, balance and minutes
// open; takeout and bar tabs beside them. A free table asks for guests and opens an order.

import { useState } from "preact/hooks";
import { useTerminal } from "../context";
import { createOrder } from "../../shared/api/orders";
import { formatMoney, toCents } from "../../shared/money";
import type { Order, OrderType, Table } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { inWords } from "../../shared/words";
import { bySection, type Floor as FloorState, minutesOpen } from "./state";

/** Minutes after which an unsent table turns amber: someone should look at it. */
const WAITING_LONG = 15;

export function Floor(props: {
  floor: FloorState;
  current: string | null;
  /** Opens a check; a new order comes with its detail, so the check shows without a read. */
  onOpen: (orderId: string, created?: Order) => void;
}) {
  const { api, locationId, currency } = useTerminal();
  const { floor } = props;
  const [seating, setSeating] = useState<Table | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function open(orderType: OrderType, table: Table | null, guestCount?: number) {
    setSeating(null);
    try {
      const body = { orderType, tableId: table?.id, guestCount };
      const order = await createOrder(api, locationId, body);
      // The floor follows from the order's event on the stream, after the check is shown.
      props.onOpen(order.id, order);
    } catch (failure) {
      setError(inWords(failure));
    }
  }

  function tap(table: Table) {
    const seated = table.openOrders[0];
    if (seated) props.onOpen(seated.id);
    else setSeating(table);
  }

  return (
    <nav class="floor" aria-label="Floor">
      {(error || floor.error) && (
        <p class="error" role="alert">
          {error ?? floor.error}
        </p>
      )}
      {floor.tables.length === 0 && !floor.error && (
        <p class="hint">No tables yet: a manager adds them in the back office. Tabs work meanwhile.</p>
      )}
      {bySection(floor.tables).map(([section, tables]) => (
        <section key={section} aria-label={section}>
          <h2>{section}</h2>
          <div class="tiles">
            {tables.map((table) => {
              const order = table.openOrders[0];
              const minutes = order ? minutesOpen(order.createdAt, floor.now) : 0;
              const late = order && order.status === "DRAFT" && minutes >= WAITING_LONG;
              const paid = order && order.total > 0 && order.balanceDue === 0;
              // A tab moved to a table has no guest count: none is shown rather than a guess.
              const guests = order?.guestCount ? `${order.guestCount} guests` : null;
              const label = order
                ? `Table ${table.name}, occupied, ${guests ? `${guests}, ` : ""}balance ${formatMoney(toCents(order.balanceDue), currency)}, ${minutes} minutes`
                : `Table ${table.name}, free`;
              return (
                <button
                  key={table.id}
                  type="button"
                  class={`tile ${order ? "occupied" : "free"} ${late ? "waiting" : ""} ${paid ? "paid" : ""} ${order && order.id === props.current ? "current" : ""}`}
                  aria-label={label}
                  onClick={() => tap(table)}
                >
                  <span class="tile-name">{table.name}</span>
                  {order ? (
                    <>
                      {guests && <span>{guests}</span>}
                      <span>{minutes} min</span>
                      <span>{formatMoney(toCents(order.total), currency)}</span>
                      {order.balanceDue !== order.total && (
                        <span>due {formatMoney(toCents(order.balanceDue), currency)}</span>
                      )}
                    </>
                  ) : (
                    <span>free</span>
                  )}
                </button>
              );
            })}
          </div>
        </section>
      ))}
      <section aria-label="Tabs">
        <h2>Takeout &amp; tabs</h2>
        <div class="tiles">
          {floor.tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              class={`tile occupied ${tab.id === props.current ? "current" : ""}`}
              aria-label={`${tab.orderType === "BAR_TAB" ? "Bar tab" : "Takeout"} ${tab.orderNumber}`}
              onClick={() => props.onOpen(tab.id)}
            >
              <span class="tile-name">{tab.orderNumber}</span>
              <span>{tab.orderType === "BAR_TAB" ? "Bar tab" : "Takeout"}</span>
              <span>{formatMoney(toCents(tab.total), currency)}</span>
            </button>
          ))}
          <Button onClick={() => open("TAKEOUT", null)}>+ Takeout</Button>
          <Button onClick={() => open("BAR_TAB", null)}>+ Bar tab</Button>
        </div>
      </section>
      {seating && (
        <Sheet title={`Guests at table ${seating.name}`} onClose={() => setSeating(null)}>
          <div class="guest-grid">
            {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
              <Button key={n} onClick={() => open("DINE_IN", seating, n)} label={`${n} guests`}>
                {n}
              </Button>
            ))}
          </div>
          <LargeParty onSeat={(n) => open("DINE_IN", seating, n)} />
        </Sheet>
      )}
    </nav>
  );
}

/** A party larger than the keys: typed (the server holds the limit). */
function LargeParty(props: { onSeat: (guests: number) => void }) {
  const [typed, setTyped] = useState("");
  const guests = /^\d{1,3}$/.test(typed.trim()) ? Number(typed) : 0;
  return (
    <div class="field-row">
      <label class="inline field-grow">
        More guests
        <input inputMode="numeric" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      </label>
      <Button onClick={() => props.onSeat(guests)} disabled={guests < 1} label="Seat the party">
        Seat
      </Button>
    </div>
  );
}
