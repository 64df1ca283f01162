// The day's cash drawers: open ones first, each counted and closed here, its movements on
// its expansion (docs/design.md §17).

import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { listDevices } from "../../shared/api/dining";
import { closeDrawer, getDrawer, listDrawers } from "../../shared/api/drawers";
import { fromCents, parseAmount } from "../../shared/money";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { everyPage, Problem, useAction, useLoaded, useMoney } from "../parts";
import { DayPicker, usePickedDay } from "./DayPicker";
import { clockTime, type Drawer, drawersOfDay, movementWords, summarise, varianceWords } from "./rules";

const COLUMNS = ["Device", "Opened", "Float", "Expected", "Counted", "Variance"];

export function Drawers() {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const picked = usePickedDay();
  const drawers = useLoaded(
    () => everyPage((page) => listDrawers(api, { locationId: location.id, page, limit: 100 })),
    [location.id],
  );
  const devices = useLoaded(
    () => everyPage((page) => listDevices(api, { locationId: location.id, page, limit: 100 })),
    [location.id],
  );
  const [expanded, setExpanded] = useState<{ id: string; part: "count" | "movements" } | null>(null);
  const deviceName = (drawer: Drawer) =>
    drawer.deviceId === null
      ? "No device"
      : (devices.data?.find((device) => device.id === drawer.deviceId)?.name ?? "Another device");
  const shown = drawers.data ? drawersOfDay(drawers.data, picked.start, picked.end) : null;
  const toggle = (id: string, part: "count" | "movements") =>
    setExpanded(expanded?.id === id && expanded.part === part ? null : { id, part });

  return (
    <>
      <DayPicker picked={picked} label="Drawers' day" />
      <Problem error={drawers.error ?? devices.error} />
      {shown?.length === 0 && <p class="notice">No drawer was open that day.</p>}
      {shown && shown.length > 0 && (
        <div class="panel">
          <table class="data-table" aria-label="Drawers">
            <thead>
              <tr>
                {COLUMNS.map((title, i) => (
                  <th key={title} scope="col" class={i > 1 ? "number" : undefined}>
                    {title}
                  </th>
                ))}
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((drawer) => (
                <Fragment key={drawer.id}>
                  <tr>
                    <td>
                      {deviceName(drawer)}
                      {drawer.status === "OPEN" && <span class="chip till-open">Open</span>}
                    </td>
                    <td>
                      {clockTime(drawer.openedAt, location.timezone, picked.day)}
                      {drawer.openedBy && ` · ${drawer.openedBy.name}`}
                    </td>
                    <td class="number">{money(drawer.openingFloat)}</td>
                    <td class="number">{money(drawer.expectedAmount)}</td>
                    <td class="number">{drawer.countedAmount === null ? "–" : money(drawer.countedAmount)}</td>
                    <td class="number">
                      {drawer.variance === null ? "–" : varianceWords(drawer.variance, moneyOfCents(money))}
                    </td>
                    <td>
                      <div class="row-tools">
                        <Button
                          tone="quiet"
                          pressed={expanded?.id === drawer.id && expanded.part === "movements"}
                          onClick={() => toggle(drawer.id, "movements")}
                        >
                          Movements
                        </Button>
                        {drawer.status === "OPEN" && (
                          <Button tone="accent" onClick={() => toggle(drawer.id, "count")}>
                            Count and close
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {expanded?.id === drawer.id && (
                    <tr class="till-expansion">
                      <td colSpan={COLUMNS.length + 1}>
                        {expanded.part === "count" ? (
                          <CountAndClose
                            drawer={drawer}
                            onClosed={() => {
                              setExpanded(null);
                              drawers.reload();
                            }}
                          />
                        ) : (
                          <Movements drawerId={drawer.id} day={picked.day} />
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The location's money formatter on cents, as the rules take it. */
const moneyOfCents = (money: (amount: number) => string) => (cents: number) => money(fromCents(cents));

function CountAndClose(props: { drawer: Drawer; onClosed: () => void }) {
  const { api } = useBackOffice();
  const money = useMoney();
  const [counted, setCounted] = useState("");
  const action = useAction();
  const cents = parseAmount(counted);
  const close = async () => {
    if (cents === null) return;
    const done = await action.run(() => closeDrawer(api, props.drawer.id, { countedAmount: fromCents(cents) }));
    if (done) props.onClosed();
  };
  return (
    <form
      class="till-count"
      aria-label="Count and close"
      onSubmit={(event) => {
        event.preventDefault();
        void close();
      }}
    >
      <span>Expected so far: {money(props.drawer.expectedAmount)}</span>
      <label class="inline-field">
        Counted cash
        <input
          value={counted}
          inputMode="decimal"
          autocomplete="off"
          onInput={(event) => setCounted(event.currentTarget.value)}
        />
      </label>
      <Button type="submit" tone="accent" disabled={action.busy || cents === null}>
        Close drawer
      </Button>
      <Problem error={action.error} />
    </form>
  );
}

function Movements(props: { drawerId: string; day: string }) {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const detail = useLoaded(() => getDrawer(api, props.drawerId), [props.drawerId]);
  if (detail.error) return <Problem error={detail.error} />;
  if (!detail.data) return <p>Loading…</p>;
  const summary = summarise(detail.data.movements);
  const cents = moneyOfCents(money);
  return (
    <ul class="plain-list till-movements" aria-label="Movements">
      <li>
        <span>Cash sales</span>
        <span>{summary.cashSales.count}</span>
        <span class="number">{cents(summary.cashSales.cents)}</span>
      </li>
      <li>
        <span>Cash refunds</span>
        <span>{summary.cashRefunds.count}</span>
        <span class="number">{cents(-summary.cashRefunds.cents)}</span>
      </li>
      {summary.byHand.map((movement) => (
        <li key={movement.id}>
          <span>{movementWords(movement.type)}</span>
          <span>
            {movement.reason ?? ""} · {movement.staff.name} ·{" "}
            {clockTime(movement.createdAt, location.timezone, props.day)}
          </span>
          <span class="number">
            {movement.type === "NO_SALE"
              ? "–"
              : money(movement.type === "PAY_OUT" ? -movement.amount : movement.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
