// The check: unsent lines (amber, editable) above sent ones (status chips), voids struck
// through with their reason, the totals, and the actions: Send, Pay, Discount, Move, and
// Receipt (shown and printed) for any order.

import { useState } from "preact/hooks";
import { useTerminal } from "../context";
import { formatMoney, fromCents, parseAmount, toCents } from "../../shared/money";
import type { OrderItem, Table } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { ReceiptSheet } from "../receipt/Receipt";
import { ManagerApproval } from "./ManagerApproval";
import type { Check as CheckState } from "./state";

const VOID_REASONS = ["Guest changed their mind", "Entered by mistake", "Kitchen error", "Took too long"];
const STATUS = {
  PENDING: "unsent",
  SENT: "sent",
  PREPARING: "preparing",
  READY: "ready",
  SERVED: "served",
  VOIDED: "void",
};

export function Check(props: { check: CheckState; freeTables: Table[]; onPay: () => void; onClose: () => void }) {
  const { currency } = useTerminal();
  const { check } = props;
  const [voiding, setVoiding] = useState<OrderItem | null>(null);
  const [noting, setNoting] = useState<OrderItem | null>(null);
  const [discounting, setDiscounting] = useState(false);
  const [moving, setMoving] = useState(false);
  const [showingReceipt, setShowingReceipt] = useState(false);
  const order = check.order;
  const money = (amount: number) => formatMoney(toCents(amount), currency);
  if (!order) {
    return (
      <aside class="check" aria-label="Check">
        {check.error ? (
          <p class="error" role="alert">
            {check.error}
          </p>
        ) : (
          <p>Loading the check…</p>
        )}
      </aside>
    );
  }
  const unsent = order.items.filter((item) => item.status === "PENDING");
  const sent = order.items.filter((item) => item.status !== "PENDING");
  const where = order.tableName ? `Table ${order.tableName}` : order.orderType === "BAR_TAB" ? "Bar tab" : "Takeout";
  const open = order.status === "DRAFT" || order.status === "OPEN";
  const lineOf = (item: OrderItem) => (
    <Line
      key={item.id}
      item={item}
      money={money}
      onQuantity={(quantity) => check.setQuantity(item.id, quantity)}
      onVoid={() => setVoiding(item)}
      onNote={() => setNoting(item)}
    />
  );

  return (
    <aside class="check" aria-label="Check">
      <header class="check-head">
        <div>
          <h2>Check {order.orderNumber}</h2>
          <p>
            {where}
            {order.guestCount ? ` · ${order.guestCount} guests` : ""}
          </p>
        </div>
        <Button tone="quiet" onClick={props.onClose} label="Close check">
          ✕
        </Button>
      </header>
      {check.notice && (
        <p class="notice" role="status">
          {check.notice}{" "}
          <Button tone="quiet" onClick={check.dismiss}>
            OK
          </Button>
        </p>
      )}
      {check.error && (
        <p class="error" role="alert">
          {check.error}{" "}
          <Button tone="quiet" onClick={check.dismiss}>
            OK
          </Button>
        </p>
      )}
      <ul class="lines" aria-label="Lines">
        {order.items.length === 0 && check.sending.length === 0 && <li class="hint">Tap a product to add it.</li>}
        {unsent.map(lineOf)}
        {check.sending.map((line) => (
          <li key={`sending-${line.key}`} class="line unsent" aria-label={`${line.quantity} ${line.name}, sending`}>
            <div class="line-main">
              <span class="line-name">
                {line.quantity} × {line.name}
              </span>
            </div>
            <div class="line-tools">
              <span class="chip chip-pending">sending…</span>
            </div>
          </li>
        ))}
        {sent.length > 0 && unsent.length + check.sending.length > 0 && (
          <li class="divider" role="separator">
            sent
          </li>
        )}
        {sent.map(lineOf)}
      </ul>
      <dl class="totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        {order.discountAmount > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{money(order.discountAmount)}</dd>
          </>
        )}
        <dt>Tax</dt>
        <dd>{money(order.taxAmount)}</dd>
        <dt class="total">Total</dt>
        <dd class="total">{money(order.total)}</dd>
        {order.paidAmount > 0 && (
          <>
            <dt>Paid</dt>
            <dd>{money(order.paidAmount)}</dd>
          </>
        )}
        <dt class="balance">Balance</dt>
        <dd class="balance" aria-label="Balance">
          {money(order.balanceDue)}
        </dd>
      </dl>
      <div class="check-actions">
        {open && (
          <>
            <Button tone="accent" onClick={check.send} disabled={unsent.length === 0 || check.busy}>
              Send{unsent.length ? ` (${unsent.length})` : ""}
            </Button>
            <Button tone="accent" onClick={props.onPay} disabled={order.items.length === 0}>
              Pay
            </Button>
            <Button onClick={() => setDiscounting(true)}>Discount</Button>
            <Button onClick={() => setMoving(true)}>Move</Button>
          </>
        )}
        <Button onClick={() => setShowingReceipt(true)}>Receipt</Button>
      </div>
      {showingReceipt && (
        <ReceiptSheet orderId={order.id} orderNumber={order.orderNumber} onClose={() => setShowingReceipt(false)} />
      )}
      {voiding && (
        <Sheet title={`Void ${voiding.name}`} onClose={() => setVoiding(null)}>
          <p>Why?</p>
          <div class="choices">
            {VOID_REASONS.map((reason) => (
              <Button
                key={reason}
                tone="danger"
                onClick={() => {
                  setVoiding(null);
                  check.void(voiding.id, reason);
                }}
              >
                {reason}
              </Button>
            ))}
          </div>
        </Sheet>
      )}
      {noting && (
        <NoteSheet
          item={noting}
          onClose={() => setNoting(null)}
          onSave={(notes) => {
            setNoting(null);
            check.setNote(noting.id, notes);
          }}
        />
      )}
      {discounting && (
        <DiscountSheet
          subtotal={toCents(order.subtotal)}
          currency={currency}
          onClose={() => setDiscounting(false)}
          onApply={(cents, reason) => {
            setDiscounting(false);
            check.discount(fromCents(cents), reason);
          }}
        />
      )}
      {moving && (
        <Sheet title="Move to table" onClose={() => setMoving(false)}>
          {props.freeTables.length === 0 && <p>No table is free.</p>}
          <div class="choices">
            {props.freeTables.map((table) => (
              <Button
                key={table.id}
                onClick={() => {
                  setMoving(false);
                  check.transfer(table.id);
                }}
                label={`Move to table ${table.name}`}
              >
                {table.name}
              </Button>
            ))}
          </div>
        </Sheet>
      )}
      {check.approval && <ManagerApproval pending={check.approval} onCancel={check.cancelApproval} />}
    </aside>
  );
}

function Line(props: {
  item: OrderItem;
  money: (amount: number) => string;
  onQuantity: (quantity: number) => void;
  onVoid: () => void;
  onNote: () => void;
}) {
  const { item, money } = props;
  const unsent = item.status === "PENDING";
  const voided = item.status === "VOIDED";
  return (
    <li class={`line ${unsent ? "unsent" : ""} ${voided ? "voided" : ""}`} aria-label={`${item.quantity} ${item.name}`}>
      <div class="line-main">
        <span class="line-name">
          {item.quantity} × {item.name}
        </span>
        <span class="line-total">{money(item.total)}</span>
      </div>
      {item.modifiers.map((modifier) => (
        <div key={modifier.modifierOptionId} class="line-modifier">
          + {modifier.name}
          {modifier.price ? ` ${money(modifier.price)}` : ""}
        </div>
      ))}
      {item.notes && <div class="line-note">“{item.notes}”</div>}
      {voided && <div class="line-void">Void: {item.voidReason}</div>}
      <div class="line-tools">
        <span class={`chip chip-${item.status.toLowerCase()}`}>{STATUS[item.status]}</span>
        {unsent && (
          <>
            <Button
              onClick={() => props.onQuantity(item.quantity - 1)}
              disabled={item.quantity <= 1}
              label={`One less ${item.name}`}
            >
              −
            </Button>
            <Button onClick={() => props.onQuantity(item.quantity + 1)} label={`One more ${item.name}`}>
              +
            </Button>
            <Button onClick={props.onNote} label={`Note for ${item.name}`}>
              Note
            </Button>
          </>
        )}
        {!voided && (
          <Button tone="danger" onClick={props.onVoid} label={`Void ${item.name}`}>
            Void
          </Button>
        )}
      </div>
    </li>
  );
}

/** The note the kitchen reads on an unsent line ("no onions", "allergy: nuts"). */
function NoteSheet(props: { item: OrderItem; onClose: () => void; onSave: (notes: string) => void }) {
  const [notes, setNotes] = useState(props.item.notes ?? "");
  return (
    <Sheet title={`Note for ${props.item.name}`} onClose={props.onClose}>
      <label>
        Note for the kitchen
        <input value={notes} maxLength={500} autoFocus onInput={(e) => setNotes(e.currentTarget.value)} />
      </label>
      <Button tone="accent" onClick={() => props.onSave(notes)}>
        Save note
      </Button>
    </Sheet>
  );
}

function DiscountSheet(props: {
  subtotal: number;
  currency: string;
  onClose: () => void;
  onApply: (cents: number, reason: string) => void;
}) {
  const [typed, setTyped] = useState("");
  const [reason, setReason] = useState("Regular guest");
  const amount = parseAmount(typed);
  return (
    <Sheet title="Discount" onClose={props.onClose}>
      <div class="choices">
        {[10, 15, 20].map((percent) => {
          const cents = Math.round((props.subtotal * percent) / 100);
          return (
            <Button key={percent} onClick={() => props.onApply(cents, `${percent}% · ${reason}`)}>
              {percent}% ({formatMoney(cents, props.currency)})
            </Button>
          );
        })}
      </div>
      <label>
        Amount
        <input inputMode="decimal" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      </label>
      <label>
        Reason
        <input value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <Button
        tone="accent"
        disabled={amount === null || !reason.trim()}
        onClick={() => amount !== null && props.onApply(amount, reason)}
      >
        Apply discount
      </Button>
    </Sheet>
  );
}
