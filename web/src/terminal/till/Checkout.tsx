// A server's checkout for today (GET /api/staff/{id}/checkout): sales, orders, tips, the cash
// they hold, card total, their open checks with a warning, and Clock out while clocked in.

import { formatMoney, toCents } from "../../shared/money";
import type { Schemas } from "../../shared/api/client";
import { Button } from "../../shared/ui";
import { openChecksWarning } from "./money";

export type CheckoutFigures = Schemas["CheckoutOut"];

export function Checkout(props: {
  checkout: CheckoutFigures;
  clockedIn: boolean;
  busy: boolean;
  onClockOut: () => void;
}) {
  const { checkout } = props;
  const money = (amount: number) => formatMoney(toCents(amount), checkout.currency);
  const warning = openChecksWarning(checkout.openChecks.length);
  const rows: [string, string][] = [
    ["Sales", money(checkout.sales)],
    ["Orders", String(checkout.orderCount)],
    ["Card tips", money(checkout.cardTips)],
    ["Cash tips", money(checkout.cashTips)],
    ["Cash held", money(checkout.cashHeld)],
    ["Card total", money(checkout.cardTotal)],
  ];
  return (
    <div class="till-checkout">
      <dl class="till-figures">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {warning && (
        <p class="error" role="alert">
          {warning}
        </p>
      )}
      {checkout.openChecks.length > 0 && (
        <ul class="till-open-checks" aria-label="Open checks">
          {checkout.openChecks.map((check) => (
            <li key={check.id}>
              {check.number}
              {check.tableName ? ` · Table ${check.tableName}` : ""} · balance {money(check.balance)}
            </li>
          ))}
        </ul>
      )}
      {props.clockedIn ? (
        <Button tone="accent" onClick={props.onClockOut} disabled={props.busy}>
          Clock out
        </Button>
      ) : (
        <p class="hint">Not clocked in.</p>
      )}
    </div>
  );
}
