// The day's cash drawers: open ones first, each counted and closed here, its movements on
// its expansion (docs/design.md §17).

import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { closeDrawer, getDrawer, listDrawers } from "../../shared/api/drawers";
import { formatMoney, fromCents, parseAmount } from "../../shared/money";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { everyPage, Problem, RecordTable, useAction, useLoaded, useMoney } from "../parts";
import { useDrawerColumns } from "./drawerColumns";
import { DayPicker, usePickedDay } from "./DayPicker";
import { clockTime, type Drawer, movementRows, openFirst } from "./rules";

export function Drawers() {
  const { api, location } = useBackOffice();
  const picked = usePickedDay();
  const from = picked.start.toISOString();
  const to = picked.end.toISOString();
  const drawers = useLoaded(
    () => everyPage((page) => listDrawers(api, { locationId: location.id, from, to, page, limit: 100 })),
    [location.id, from, to],
  );
  const [expanded, setExpanded] = useState<{ id: string; part: "count" | "movements" } | null>(null);
  const { columns, error: devicesError } = useDrawerColumns<Drawer>(picked.day);
  const shown = drawers.data ? openFirst(drawers.data) : null;
  const toggle = (id: string, part: "count" | "movements") =>
    setExpanded(expanded?.id === id && expanded.part === part ? null : { id, part });

  return (
    <>
      <DayPicker picked={picked} label={t("till.drawers.day")} />
      <Problem error={drawers.error ?? devicesError} />
      {shown?.length === 0 && <p class="notice">{t("till.drawers.none")}</p>}
      {shown && shown.length > 0 && (
        <div class="panel">
          <table class="data-table" aria-label={t("till.drawers.list")}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.title} scope="col" class={column.number ? "number" : undefined}>
                    {column.title}
                  </th>
                ))}
                <th scope="col">
                  <span class="visually-hidden">{t("till.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((drawer) => (
                <Fragment key={drawer.id}>
                  <tr>
                    {columns.map((column) => (
                      <td key={column.title} class={column.number ? "number" : undefined}>
                        {column.cell(drawer)}
                      </td>
                    ))}
                    <td>
                      <div class="row-tools">
                        <Button
                          tone="quiet"
                          pressed={expanded?.id === drawer.id && expanded.part === "movements"}
                          onClick={() => toggle(drawer.id, "movements")}
                        >
                          {t("till.drawers.movements")}
                        </Button>
                        {drawer.status === "OPEN" && (
                          <Button tone="accent" onClick={() => toggle(drawer.id, "count")}>
                            {t("till.drawers.countAndClose")}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {expanded?.id === drawer.id && (
                    <tr class="till-expansion">
                      <td colSpan={columns.length + 1}>
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
      aria-label={t("till.drawers.countAndClose")}
      onSubmit={(event) => {
        event.preventDefault();
        void close();
      }}
    >
      <span>{t("till.drawers.expected", { amount: money(props.drawer.expectedAmount) })}</span>
      <label class="inline-field">
        {t("till.drawers.counted")}
        <input
          value={counted}
          inputMode="decimal"
          autocomplete="off"
          onInput={(event) => setCounted(event.currentTarget.value)}
        />
      </label>
      <Button type="submit" tone="accent" disabled={action.busy || cents === null}>
        {t("till.drawers.close")}
      </Button>
      <Problem error={action.error} />
    </form>
  );
}

function Movements(props: { drawerId: string; day: string }) {
  const { api, location } = useBackOffice();
  const detail = useLoaded(() => getDrawer(api, props.drawerId), [props.drawerId]);
  if (detail.error) return <Problem error={detail.error} />;
  if (!detail.data) return <p>{t("till.loading")}</p>;
  const rows = movementRows(
    detail.data.movements,
    (cents) => formatMoney(cents, location.currency),
    (instant) => clockTime(instant, location.timezone, props.day),
  );
  return (
    <div class="compact-tables">
      <RecordTable
        label={t("till.drawers.movements")}
        rows={rows}
        columns={[
          { title: t("till.movements.movement"), cell: (row) => row.what },
          { title: t("till.movements.detail"), wraps: true, cell: (row) => row.detail },
          { title: t("till.amount"), number: true, cell: (row) => row.amount },
        ]}
      />
    </div>
  );
}
