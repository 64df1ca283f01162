// Closed checks ("Paid today" on the floor): today's completed checks (the orders list, COMPLETED and changed since the
// business day began in the location's timezone), newest first; one opens read-only beside
// the list (ClosedCheck). A second tab lists today's card payments awaiting a tip
// (AwaitingTips). Read and changed online only: offline, the screen says so.

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { listOrders, listPaymentsAwaitingTip } from "../../shared/api/orders";
import { startOfDay, dayIn } from "../../manage/today/dates";
import { formatMoney, toCents } from "../../shared/money";
import type { OrderSummary, SettledPayment } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../../shared/words";
import { useTerminal } from "../context";
import { tabLabel } from "../names";
import { AwaitingTips } from "./AwaitingTips";
import { ClosedCheck } from "./ClosedCheck";

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
    <section class="closed" aria-label="Closed checks">
      <div class="closed-list">
        <header class="check-head">
          <h2>Closed today</h2>
          <Button tone="quiet" onClick={props.onClose}>
            Back to the floor
          </Button>
        </header>
        {!online && (
          <p class="needs-server" data-testid="needs-server">
            Closed checks, refunds and tips need the server: they come back once the terminal is online.
          </p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div role="tablist" aria-label="Paid today" class="closed-tabs">
          <Tab selected={tab === "closed"} onSelect={() => setTab("closed")} label="Closed">
            Closed ({checks?.length ?? 0})
          </Tab>
          <Tab selected={tab === "awaiting"} onSelect={() => setTab("awaiting")} label="Awaiting tip">
            Awaiting tip ({awaiting.length})
          </Tab>
        </div>
        {online && tab === "awaiting" && (
          <AwaitingTips payments={awaiting} onTipped={() => setGeneration((n) => n + 1)} />
        )}
        {online && tab === "closed" && checks?.length === 0 && <p class="hint">No check closed yet today.</p>}
        {tab === "closed" && (
          <ul class="closed-checks">
            {(checks ?? []).map((check) => {
              const where = check.tableName
                ? `Table ${check.tableName}`
                : tabLabel(check.orderType, check.customerName);
              const total = formatMoney(toCents(check.total), check.currency);
              return (
                <li key={check.id}>
                  <Button
                    class="closed-row"
                    pressed={chosen === check.id}
                    onClick={() => setChosen(check.id)}
                    label={`${check.orderNumber}, ${where}, ${total}`}
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
        <p class="hint closed-hint">
          {tab === "closed"
            ? "Pick a check to see it, reopen it, refund it or enter a tip."
            : "Add the tip each guest wrote on the signed slip."}
        </p>
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
