// The floor: tables by section, free or occupied, with guests, total, balance and minutes
// open; takeout and bar tabs beside them, by their customer's name. A free table asks for
// guests and opens an order; a new tab or takeout asks for a name (or Skip). A table with
// several checks (split) says how many and asks which one to open. The open takeouts and tabs
// scroll in their own area below the tables, their buttons above them: thirty takeouts never
// push a table out of sight. Channels' orders to accept or hand over, and guests' rounds to
// send, are on top of it all.

import { useState } from "preact/hooks";
import { useTerminal } from "../context";
import { randomUuid } from "../../shared/api/client";
import { formatMoney, toCents } from "../../shared/money";
import type { OrderType, SeatedOrder, Table } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { inWords } from "../problems";
import { guestsOf, tabLabel } from "../names";
import { NameSheet } from "./NameSheet";
import { t } from "../messages";
import { bySection, checksAt, type Floor as FloorState, minutesOpen } from "./state";
import { callsShown } from "./calls";
import { GuestRounds } from "./GuestRounds";
import { ChannelOrders } from "./ChannelOrders";

/** Minutes after which an unsent table turns amber: someone should look at it. */
const WAITING_LONG = 15;

export function Floor(props: {
  floor: FloorState;
  current: string | null;
  /** Opens a check (one made on this tablet shows at once, before the server answers). */
  onOpen: (orderId: string) => void;
  /** Shows today's closed checks. */
  onClosedChecks: () => void;
}) {
  const { outbox, locationId, currency } = useTerminal();
  const { floor } = props;
  const [seating, setSeating] = useState<Table | null>(null);
  const [naming, setNaming] = useState<OrderType | null>(null);
  // A table with several checks, asking which one to open.
  const [choosing, setChoosing] = useState<Table | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function open(
    orderType: OrderType,
    table: Table | null,
    guestCount: number | null = null,
    customerName: string | null = null,
  ) {
    setSeating(null);
    setNaming(null);
    // A table seated meanwhile (a second tap, offline too) opens its check, never a second.
    const seated = table && floor.tables.find((found) => found.id === table.id)?.openOrders[0];
    if (seated) {
      props.onOpen(seated.id);
      return;
    }
    const orderId = randomUuid();
    const { name: tableName = null } = table ?? {};
    try {
      await outbox.enqueue({
        kind: "create",
        orderId,
        locationId,
        orderType,
        tableId: table?.id ?? null,
        tableName,
        guestCount,
        currency,
        customerName,
      });
      props.onOpen(orderId);
    } catch (failure) {
      setError(inWords(failure));
    }
  }

  function tap(table: Table) {
    floor.answer(table.id);
    const seated = table.openOrders[0];
    if (table.openOrders.length > 1) setChoosing(table);
    else if (seated) props.onOpen(seated.id);
    else setSeating(table);
  }

  return (
    <nav class="floor" aria-label={t("terminal.floor")}>
      {(error || floor.error) && (
        <p class="error" role="alert">
          {error ?? floor.error}
        </p>
      )}
      <ChannelOrders floor={floor} onOpen={props.onOpen} />
      <GuestRounds floor={floor} />
      {floor.tables.length === 0 && !floor.error && <p class="hint">{t("terminal.floor.noTables")}</p>}
      <div class="floor-tables">
        {bySection(floor.tables).map(([section, tables]) => (
          <section key={section} aria-label={section}>
            <h2>{section}</h2>
            <div class="tiles">
              {tables.map((table) => {
                const order = table.openOrders[0];
                const checks = table.openOrders.length;
                const minutes = order ? minutesOpen(order.createdAt, floor.now) : 0;
                const late = order && order.status === "DRAFT" && minutes >= WAITING_LONG;
                const paid = order && order.total > 0 && order.balanceDue === 0;
                // A tab moved to a table has no guest count: none is shown rather than a guess.
                const guests = guestsOf(order?.guestCount);
                // Several checks: how many, and the table's balance in all.
                const several = checks > 1 ? t("terminal.checks", { count: checks }) : null;
                const sum = (of: (seated: SeatedOrder) => number) =>
                  table.openOrders.reduce((cents, seated) => cents + toCents(of(seated)), 0);
                const [total, balance] = [sum((seated) => seated.total), sum((seated) => seated.balanceDue)];
                const detail = several ?? guests;
                const occupied = { table: table.name, detail, balance: formatMoney(balance, currency), minutes };
                const label = order
                  ? detail
                    ? t("terminal.floor.occupiedWith", occupied)
                    : t("terminal.floor.occupied", occupied)
                  : t("terminal.floor.free", { table: table.name });
                const calls = callsShown(floor.calls, table.id, floor.now)
                  .map((call) => t(`terminal.floor.call.${call.kind}`))
                  .join(" · ");
                return (
                  <button
                    key={table.id}
                    type="button"
                    class={`tile ${order ? "occupied" : "free"} ${late ? "waiting" : ""} ${paid ? "paid" : ""} ${order && order.id === props.current ? "current" : ""} ${calls ? "called" : ""}`}
                    aria-label={calls ? t("terminal.floor.called", { tile: label, calls }) : label}
                    onClick={() => tap(table)}
                  >
                    <span class="tile-name">{table.name}</span>
                    {calls && <span class="tile-call">{calls}</span>}
                    {order ? (
                      <>
                        {order.customerName && <span class="tile-customer">{order.customerName}</span>}
                        {several ? <span class="tile-checks">{several}</span> : guests && <span>{guests}</span>}
                        <span>{t("terminal.floor.minutes", { minutes })}</span>
                        <span>{formatMoney(total, currency)}</span>
                        {balance !== total && (
                          <span>{t("terminal.floor.due", { balance: formatMoney(balance, currency) })}</span>
                        )}
                      </>
                    ) : (
                      <span>{t("terminal.floor.freeWord")}</span>
                    )}
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
      <section class="floor-tabs" aria-label={t("terminal.floor.tabs")}>
        <h2>
          {t("terminal.floor.takeoutAndTabs")}
          {floor.tabs.length > 0 && (
            <span class="tabs-count">{t("terminal.floor.tabsCount", { count: floor.tabs.length })}</span>
          )}
        </h2>
        <div class="tab-actions">
          <Button onClick={() => setNaming("TAKEOUT")}>{t("terminal.floor.newTakeout")}</Button>
          <Button onClick={() => setNaming("BAR_TAB")}>{t("terminal.floor.newBarTab")}</Button>
          <Button onClick={props.onClosedChecks}>{t("terminal.floor.paidToday")}</Button>
        </div>
        <div class="tiles tab-list" role="group" aria-label={t("terminal.floor.openTabs")} data-testid="tab-list">
          {floor.tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              class={`tile occupied ${tab.id === props.current ? "current" : ""}`}
              aria-label={t("terminal.floor.tab", {
                where: tabLabel(tab.orderType, tab.customerName),
                number: tab.orderNumber,
              })}
              onClick={() => props.onOpen(tab.id)}
            >
              <span class="tile-name">{tab.orderNumber}</span>
              <span class="tile-customer">{tabLabel(tab.orderType, tab.customerName)}</span>
              <span>{formatMoney(toCents(tab.total), currency)}</span>
            </button>
          ))}
        </div>
      </section>
      {naming && (
        <NameSheet
          title={naming === "BAR_TAB" ? t("terminal.floor.newBarTabTitle") : t("terminal.floor.newTakeoutTitle")}
          action={naming === "BAR_TAB" ? t("terminal.floor.openTab") : t("terminal.floor.openTakeout")}
          skip={t("terminal.floor.skip")}
          onClose={() => setNaming(null)}
          onName={(customerName) => open(naming, null, null, customerName)}
        />
      )}
      {choosing && (
        <TableChecksSheet
          table={choosing}
          currency={currency}
          onClose={() => setChoosing(null)}
          onOpen={(orderId) => {
            setChoosing(null);
            props.onOpen(orderId);
          }}
        />
      )}
      {seating && (
        <Sheet title={t("terminal.floor.guestsAt", { table: seating.name })} onClose={() => setSeating(null)}>
          <div class="guest-grid">
            {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
              <Button key={n} onClick={() => open("DINE_IN", seating, n)} label={guestsOf(n)}>
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

/** A table's open checks to pick one: its number, guests, customer's name and balance. */
function TableChecksSheet(props: {
  table: Table;
  currency: string;
  onClose: () => void;
  onOpen: (orderId: string) => void;
}) {
  const line = (seated: SeatedOrder) =>
    [
      guestsOf(seated.guestCount),
      seated.customerName,
      t("terminal.floor.balance", { balance: formatMoney(toCents(seated.balanceDue), props.currency) }),
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <Sheet title={t("terminal.where.table", { table: props.table.name })} onClose={props.onClose}>
      <div class="table-check-list">
        {checksAt(props.table).map((seated) => (
          <Button
            key={seated.id}
            class="table-check"
            onClick={() => props.onOpen(seated.id)}
            label={t("terminal.floor.checkLine", { number: seated.orderNumber, line: line(seated) })}
          >
            <strong>{t("terminal.floor.check", { number: seated.orderNumber })}</strong>
            <span>{line(seated)}</span>
          </Button>
        ))}
      </div>
    </Sheet>
  );
}

/** A party larger than the keys: typed (the server holds the limit). */
function LargeParty(props: { onSeat: (guests: number) => void }) {
  const [typed, setTyped] = useState("");
  const guests = /^\d{1,3}$/.test(typed.trim()) ? Number(typed) : 0;
  return (
    <div class="field-row">
      <label class="inline field-grow">
        {t("terminal.floor.moreGuests")}
        <input inputMode="numeric" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      </label>
      <Button onClick={() => props.onSeat(guests)} disabled={guests < 1} label={t("terminal.floor.seatParty")}>
        {t("terminal.floor.seat")}
      </Button>
    </div>
  );
}
