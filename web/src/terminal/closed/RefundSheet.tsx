// Refunding a closed check: a line (its share of what was charged, all of it not yet
// refunded) or an amount typed on the keypad, with a reason; a manager's PIN follows for
// anyone else. The server holds the limits (never more than was paid less what was refunded).

import { useState } from "preact/hooks";
import type { Schemas } from "../../shared/api/client";
import { type Cents, fromCents, toCents } from "../../shared/money";
import { lineShare } from "../../shared/rules/refunds";
import type { Order, OrderItem } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { type Key, pressKey } from "../payment/amounts";
import { Keypad } from "../payment/Keypad";
import { t } from "../messages";

/** Why a check is refunded, in the words shown (and kept by the audit). */
const refundReasons = () => [
  t("terminal.refund.complaint"),
  t("terminal.refund.wrongItem"),
  t("terminal.refund.overcharged"),
];

export interface Refund {
  body: Schemas["RefundByAmount"] | Schemas["RefundByLine"];
  /** What it gives back, in words ("1 × Burger", "$5.00"). */
  label: string;
  /** The most it gives back: what a manager's approval of it is asked up to. */
  upTo: Cents;
}

export function RefundSheet(props: {
  order: Order;
  money: (cents: Cents) => string;
  onClose: () => void;
  onRefund: (refund: Refund) => void;
}) {
  const { order, money } = props;
  const reasons = refundReasons();
  const [reason, setReason] = useState<string>(reasons[0]);
  const [line, setLine] = useState<OrderItem | null>(null);
  const [typed, setTyped] = useState<Cents | null>(null);
  const paid = toCents(order.paidAmount);
  const lines = order.items.filter((item) => item.status !== "VOIDED");

  function refund() {
    if (line) {
      props.onRefund({
        body: { reason, items: [{ itemId: line.id }] },
        label: t("terminal.line.quantity", { quantity: line.quantity, name: line.name }),
        upTo: lineShare(line, order.taxMode),
      });
    } else if (typed) {
      props.onRefund({ body: { reason, amount: fromCents(typed) }, label: money(typed), upTo: typed });
    }
  }

  return (
    <Sheet title={t("terminal.refund.title", { number: order.orderNumber })} onClose={props.onClose} wide>
      <div class="pay pay-keyed">
        <div class="pay-main">
          <div class="choices" role="group" aria-label={t("terminal.refund.line")}>
            {lines.map((item) => (
              <Button
                key={item.id}
                pressed={line?.id === item.id}
                onClick={() => {
                  setLine(item);
                  setTyped(null);
                }}
              >
                {t("terminal.line.quantity", { quantity: item.quantity, name: item.name })}
              </Button>
            ))}
          </div>
          <div class="pay-balance">
            <span>{t("terminal.refund.orAmount")}</span>
            <strong aria-label={t("terminal.refund.amount")}>{money(typed ?? 0)}</strong>
            <span>{t("terminal.refund.ofPaid", { paid: money(paid) })}</span>
          </div>
          <div class="choices" role="group" aria-label={t("terminal.reason")}>
            {reasons.map((why) => (
              <Button key={why} pressed={reason === why} onClick={() => setReason(why)}>
                {why}
              </Button>
            ))}
          </div>
          <Button tone="accent" disabled={!line && !typed} onClick={refund}>
            {line
              ? t("terminal.refund.line.do", {
                  what: t("terminal.line.quantity", { quantity: line.quantity, name: line.name }),
                })
              : t("terminal.refund.line.do", { what: money(typed ?? 0) })}
          </Button>
        </div>
        <Keypad
          onKey={(key: Key) => {
            setLine(null);
            setTyped(pressKey(typed, key, paid));
          }}
        />
      </div>
    </Sheet>
  );
}
