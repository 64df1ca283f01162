// Closed checks ("Paid today" on the floor): today's completed checks (the orders list, COMPLETED and changed since the
// business day began in the location's timezone), newest first; one opens read-only beside
// the list (ClosedCheck). A second tab lists today's card payments awaiting a tip
// (AwaitingTips). Read and changed online only: offline, the screen says so.

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { listOrders, listPaymentsAwaitingTip } from "../../shared/api/orders";
import { startOfDay, dayIn } from "../../shared/days";
import { formatMoney, toCents } from "../../shared/money";
import type { OrderSummary, SettledPayment } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../problems";
import { useTerminal } from "../context";
import { tabLabel } from "../names";
import { AwaitingTips } from "./AwaitingTips";
import { ClosedCheck } from "./ClosedCheck";
import { t } from "../messages";

export function ClosedChecks(props: { onReopened: (orderId: string) => void; onClose: () => void }) {
  const { api, online, locationId, timezone } = useTerminal();
  const [checks, setChecks] = useState<OrderSummary[] | null>(null);
  const [awaiting, setAwaiting] = useState<SettledPayment[]>([]);
  const [tab, setTab] = useState<"closed" | "awaiting">("closed");
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!online) return;
    const since = startOfDay(dayIn(timezone, new Date()), timezone).toISOString();
    Promise.all([
      listOrders(api, { locationId, status: ["COMPLETED"], updatedSince: since, limit: 100 }),
      listPaymentsAwaitingTip(api, { locationId, limit: 100 }),
    ])
      .then(([closed, untipped]) => {
        setChecks(closed.data);
        setAwaiting(untipped.data);
        setError(null);
      })
      .catch((failure) => setError(inWords(failure)));
  }, [api, online, locationId, timezone, generation]);

  return (
    <section class="closed" aria-label={t("terminal.closed.checks")}>
      <div class="closed-list">
        <header class="check-head">
          <h2>{t("terminal.closed.today")}</h2>
          <Button tone="quiet" onClick={props.onClose}>
            {t("terminal.closed.back")}
          </Button>
        </header>
        {!online && (
          <p class="needs-server" data-testid="needs-server">
            {t("terminal.closed.needsServer")}
          </p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div role="tablist" aria-label={t("terminal.floor.paidToday")} class="closed-tabs">
          <Tab selected={tab === "closed"} onSelect={() => setTab("closed")} label={t("terminal.closed.tab")}>
            {t("terminal.closed.tabCount", { count: checks?.length ?? 0 })}
          </Tab>
          <Tab
            selected={tab === "awaiting"}
            onSelect={() => setTab("awaiting")}
            label={t("terminal.closed.awaitingTab")}
          >
            {t("terminal.closed.awaitingTabCount", { count: awaiting.length })}
          </Tab>
        </div>
        {online && tab === "awaiting" && (
          <AwaitingTips payments={awaiting} onTipped={() => setGeneration((n) => n + 1)} />
        )}
        {online && tab === "closed" && checks?.length === 0 && <p class="hint">{t("terminal.closed.none")}</p>}
        {tab === "closed" && (
          <ul class="closed-checks">
            {(checks ?? []).map((check) => {
              const where = check.tableName
                ? t("terminal.where.table", { table: check.tableName })
                : tabLabel(check.orderType, check.customerName);
              const total = formatMoney(toCents(check.total), check.currency);
              return (
                <li key={check.id}>
                  <Button
                    class="closed-row"
                    pressed={chosen === check.id}
                    onClick={() => setChosen(check.id)}
                    label={t("terminal.closed.row", { number: check.orderNumber, where, total })}
                  >
                    <strong>{check.orderNumber}</strong>
                    <span>{where}</span>
                    <span>{total}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {chosen && online ? (
        <ClosedCheck
          key={chosen}
          orderId={chosen}
          onReopened={props.onReopened}
          onChanged={() => setGeneration((n) => n + 1)}
        />
      ) : (
        <p class="hint closed-hint">{tab === "closed" ? t("terminal.closed.pick") : t("terminal.closed.pickTip")}</p>
      )}
    </section>
  );
}

/** A tab of the list; its name stays the same while the count in its text changes. */
function Tab(props: { selected: boolean; onSelect: () => void; label: string; children: ComponentChildren }) {
  return (
    <button
      type="button"
      role="tab"
      class={`btn ${props.selected ? "btn-accent" : "btn-neutral"}`}
      aria-selected={props.selected}
      aria-label={props.label}
      onClick={props.onSelect}
    >
      {props.children}
    </button>
  );
}
