// Closed checks ("Paid today" on the floor): today's completed checks (the orders list, COMPLETED and changed since the
// business day began in the location's timezone), newest first; one opens read-only beside
// the list (ClosedCheck). Read and changed online only: offline, the screen says so.

import { useEffect, useState } from "preact/hooks";
import { listOrders } from "../../shared/api/orders";
import { startOfDay, dayIn } from "../../manage/today/dates";
import { formatMoney, toCents } from "../../shared/money";
import type { OrderSummary } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../../shared/words";
import { useTerminal } from "../context";
import { tabLabel } from "../names";
import { ClosedCheck } from "./ClosedCheck";

export function ClosedChecks(props: { onReopened: (orderId: string) => void; onClose: () => void }) {
  const { api, online, locationId, timezone } = useTerminal();
  const [checks, setChecks] = useState<OrderSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!online) return;
    const since = startOfDay(dayIn(timezone, new Date()), timezone).toISOString();
    listOrders(api, { locationId, status: ["COMPLETED"], updatedSince: since, limit: 100 })
      .then((page) => {
        setChecks(page.data);
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
        {online && checks?.length === 0 && <p class="hint">No check closed yet today.</p>}
        <ul class="closed-checks">
          {(checks ?? []).map((check) => {
            const where = check.tableName ? `Table ${check.tableName}` : tabLabel(check.orderType, check.customerName);
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
      </div>
      {chosen && online ? (
        <ClosedCheck
          key={chosen}
          orderId={chosen}
          onReopened={props.onReopened}
          onChanged={() => setGeneration((n) => n + 1)}
        />
      ) : (
        <p class="hint closed-hint">Pick a check to see it, reopen it, refund it or enter a tip.</p>
      )}
    </section>
  );
}
