// The check: additions the server refused on top (marked "not added", in no total, each with
// its one message), unsent lines (amber, editable) above sent ones (status chips), voids struck
// through with their reason, the totals, and the actions: Send, Pay, Discount, Move, Name
// (the customer's, in the header), Split (split/), Cancel (a sheet with its reasons; a
// manager's PIN once anything was sent or paid), and Receipt (shown and printed) for any order.
// A table with several checks has them in the header, one tap from each other.

import { useState } from "preact/hooks";
import { useTerminal } from "../context";
import { formatMoney, fromCents, parseAmount, toCents } from "../../shared/money";
import { chargeLabel, type TotalLine, totalLines } from "../../shared/totals";
import type { OrderItem, OrderServiceCharge, SeatedOrder, Table } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { NameSheet } from "../floor/NameSheet";
import { guestsOf, whereOf } from "../names";
import { ReceiptSheet } from "../receipt/Receipt";
import { ManagerApproval } from "./ManagerApproval";
import { MoveSheet } from "./MoveSheet";
import { CANCEL_REASONS, refundOnCancel, whyManager } from "./cancelling";
import { useAddableCharges } from "./charges";
import { WHAT } from "../offline/operations";
import { SESSION_ENDED } from "../offline/refusals";
import { isHeld, placeLabel } from "../../shared/rules/courses";
import { CourseGroup, coursesOn, PlaceSheet, PlacingPicker } from "./Courses";
import type { Check as CheckState, NotAddedLine, PendingApproval } from "./state";
import { SplitSheet } from "./split/SplitSheet";
import { whyNoSplit } from "./split/rules";

const VOID_REASONS = ["Guest changed their mind", "Entered by mistake", "Kitchen error", "Took too long"];
const STATUS = {
  PENDING: "unsent",
  SENT: "sent",
  PREPARING: "preparing",
  READY: "ready",
  SERVED: "served",
  VOIDED: "void",
};

export function Check(props: {
  check: CheckState;
  freeTables: Table[];
  /** The open checks at this check's table, this one among them (none: not at a table). */
  tableChecks: SeatedOrder[];
  onSwitch: (orderId: string) => void;
  /** After a split: the table's checks are read again. */
  onSplit: () => void;
  onPay: () => void;
  onClose: () => void;
}) {
  const { currency, staff, online } = useTerminal();
  const { check } = props;
  const [voiding, setVoiding] = useState<OrderItem | null>(null);
  const [noting, setNoting] = useState<OrderItem | null>(null);
  const [placingItem, setPlacingItem] = useState<OrderItem | null>(null);
  const [discounting, setDiscounting] = useState(false);
  const [moving, setMoving] = useState(false);
  const [naming, setNaming] = useState(false);
  const [showingReceipt, setShowingReceipt] = useState(false);
  const [charging, setCharging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [splitting, setSplitting] = useState(false);
  // A manager approving this check's cancellation on the spot (null: none asked).
  const [approvingCancel, setApprovingCancel] = useState<PendingApproval | null>(null);
  const addable = useAddableCharges();
  const order = check.order;
  // The order's own currency (the location's when it was opened).
  const money = (amount: number) => formatMoney(toCents(amount), order?.currency ?? currency);
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
  // What Send sends: the unsent lines of the courses not held.
  const sendable = unsent.filter((item) => !isHeld(item.course, order.firedCourses));
  const courses = coursesOn(order);
  const where = whereOf(order);
  const open = order.status === "DRAFT" || order.status === "OPEN";
  const noSplit = whyNoSplit(order, online, check.waiting);
  const lineOf = (item: OrderItem) => (
    <Line
      key={item.id}
      item={item}
      money={money}
      waiting={check.waitingItems.has(item.id)}
      sending={check.sendingItems.has(item.id)}
      onQuantity={(quantity) => check.setQuantity(item.id, quantity)}
      onVoid={() => setVoiding(item)}
      onNote={() => setNoting(item)}
      onPlace={() => setPlacingItem(item)}
    />
  );
  // Unsent lines above sent ones, a divider between.
  const linesOf = (items: OrderItem[]) => {
    const waiting = items.filter((item) => item.status === "PENDING");
    const gone = items.filter((item) => item.status !== "PENDING");
    return (
      <>
        {waiting.map(lineOf)}
        {gone.length > 0 && waiting.length > 0 && (
          <li class="divider" role="separator">
            sent
          </li>
        )}
        {gone.map(lineOf)}
      </>
    );
  };

  return (
    <aside class="check" aria-label="Check">
      <header class="check-head">
        <div>
          <h2>Check {order.orderNumber}</h2>
          <p>{[where, guestsOf(order.guestCount)].filter(Boolean).join(" · ")}</p>
          {/* Always one line, so the lines below never move as a tap is kept and answered. */}
          {check.waiting > 0 ? (
            <p class="waiting" data-testid="check-waiting">
              <PendingClock /> {check.waiting} {check.waiting === 1 ? "change" : "changes"} waiting for the server
            </p>
          ) : (
            <p class="saved">Nothing waiting for the server</p>
          )}
        </div>
        <Button tone="quiet" onClick={props.onClose} label="Close check">
          ✕
        </Button>
      </header>
      {props.tableChecks.length > 1 && (
        <TableChecks checks={props.tableChecks} current={order.id} onSwitch={props.onSwitch} />
      )}
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
      {check.refused.length > 0 && <RefusedChanges check={check} />}
      <ul class="lines" aria-label="Lines">
        {check.notAdded.map((line) => (
          <NotAdded key={line.refusal.entry.seq} line={line} check={check} money={money} />
        ))}
        {order.items.length === 0 && check.notAdded.length === 0 && <li class="hint">Tap a product to add it.</li>}
        {courses.length > 1
          ? courses.map((course) => (
              <CourseGroup key={course} order={order} course={course} onFire={check.fire}>
                {linesOf(order.items.filter((item) => item.course === course))}
              </CourseGroup>
            ))
          : linesOf(order.items)}
      </ul>
      {open && <PlacingPicker placing={check.placing} guests={order.guestCount} onChange={check.setPlacing} />}
      <dl class="totals" aria-label="Totals">
        {totalLines(order).map((line) => (
          <TotalRow
            key={`${line.kind}-${line.label}`}
            line={line}
            money={money}
            onRemove={open ? (charge) => check.removeCharge(charge.serviceChargeId) : undefined}
          />
        ))}
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
            <Button tone="accent" onClick={check.send} disabled={sendable.length === 0}>
              Send{sendable.length ? ` (${sendable.length})` : ""}
            </Button>
            <Button tone="accent" onClick={props.onPay} disabled={order.items.length === 0}>
              Pay
            </Button>
            <Button onClick={() => setDiscounting(true)}>Discount</Button>
            <Button onClick={() => setMoving(true)}>Move</Button>
            <Button onClick={() => setNaming(true)} label="Change the customer's name">
              Name
            </Button>
            {addable.length > 0 && (
              <Button onClick={() => setCharging(true)} label="Add a service charge">
                Service
              </Button>
            )}
            <Button onClick={() => setSplitting(true)} disabled={noSplit !== null}>
              Split
            </Button>
            {/* "Cancel" is enough on its button: two words wrapped it in the action grid. */}
            <Button onClick={() => setCancelling(true)} label="Cancel check">
              Cancel
            </Button>
          </>
        )}
        <Button onClick={() => setShowingReceipt(true)}>Receipt</Button>
      </div>
      {/* Why Split is greyed, once there is something to split; not while a tap is answered
          (the header says so): the lines would jump at each tap. */}
      {open && noSplit && order.items.length > 0 && check.waiting === 0 && (
        <p class="hint split-why">Split: {noSplit}</p>
      )}
      {splitting && (
        <SplitSheet
          order={order}
          onClose={() => setSplitting(false)}
          onSplit={() => {
            setSplitting(false);
            props.onSplit();
          }}
        />
      )}
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
      {placingItem && (
        <PlaceSheet
          item={placingItem}
          guests={order.guestCount}
          onClose={() => setPlacingItem(null)}
          onPlace={(placing) => {
            setPlacingItem(null);
            check.place(placingItem.id, placing);
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
      {charging && (
        <Sheet title="Add a service charge" onClose={() => setCharging(false)}>
          <div class="choices">
            {addable.map((charge) => {
              const applied = order.serviceCharges.some((on) => on.serviceChargeId === charge.id);
              return (
                <Button
                  key={charge.id}
                  disabled={applied}
                  onClick={() => {
                    setCharging(false);
                    check.addCharge(charge.id);
                  }}
                >
                  {chargeLabel(charge)}
                  {charge.amount !== null ? ` · ${money(charge.amount)}` : ""}
                  {applied ? " (on the check)" : ""}
                </Button>
              );
            })}
          </div>
        </Sheet>
      )}
      {naming && (
        <NameSheet
          title={`Name on check ${order.orderNumber}`}
          name={order.customerName ?? ""}
          action="Save name"
          skip="No name"
          onClose={() => setNaming(false)}
          onName={(customerName) => {
            setNaming(false);
            check.rename(customerName);
          }}
        />
      )}
      {moving && (
        <MoveSheet check={check} order={order} freeTables={props.freeTables} onClose={() => setMoving(false)} />
      )}
      {cancelling && (
        <CancelSheet
          table={order.tableName}
          refund={refundOnCancel(order)}
          currency={order.currency}
          managerNeeded={whyManager(order, staff.role)}
          onClose={() => setCancelling(false)}
          onConfirm={(reason) => {
            setCancelling(false);
            const cancel = async (approval?: string) => {
              const after = await check.cancel(reason, approval);
              if (after?.status === "CANCELLED") props.onClose();
            };
            if (!whyManager(order, staff.role)) {
              cancel();
              return;
            }
            setApprovingCancel({
              what: WHAT.cancel,
              ask: { action: "order.cancel", resource: { orderId: order.id } },
              approve: async (approvalToken) => {
                setApprovingCancel(null);
                await cancel(approvalToken);
              },
            });
          }}
        />
      )}
      {approvingCancel && <ManagerApproval pending={approvingCancel} onCancel={() => setApprovingCancel(null)} />}
      {check.approval && <ManagerApproval pending={check.approval} onCancel={check.cancelApproval} />}
    </aside>
  );
}

/** One line of the totals; a service charge has its "×" (an automatic one asks a manager). */
function TotalRow(props: {
  line: TotalLine;
  money: (amount: number) => string;
  onRemove?: (charge: OrderServiceCharge) => void;
}) {
  const { line, money, onRemove } = props;
  const charge = line.charge;
  const amount = money(fromCents(Math.abs(line.cents)));
  return (
    <>
      <dt class={line.kind}>
        {line.label}
        {onRemove && charge && (
          <Button tone="quiet" class="remove-charge" onClick={() => onRemove(charge)} label={`Remove ${line.label}`}>
            ×
          </Button>
        )}
      </dt>
      <dd class={line.kind}>{line.cents < 0 ? `−${amount}` : amount}</dd>
    </>
  );
}

/** The table's open checks, one tap from each other: paid one after the other in turn. */
function TableChecks(props: { checks: SeatedOrder[]; current: string; onSwitch: (orderId: string) => void }) {
  return (
    <nav class="table-checks" aria-label="Checks at this table">
      {props.checks.map((seated) => (
        <Button
          key={seated.id}
          pressed={seated.id === props.current}
          onClick={() => seated.id !== props.current && props.onSwitch(seated.id)}
          label={`Check ${seated.orderNumber}`}
        >
          {seated.orderNumber}
        </Button>
      ))}
    </nav>
  );
}

/** The small clock on what waits for the server. */
function PendingClock() {
  return <span class="pending-clock" data-testid="pending-clock" role="img" aria-label="Waiting for the server" />;
}

/** What the server refused, in red words, each kept until a person retries or discards it. A
 * retry is made in the session signed in now: said so, when another person's session ended. */
function RefusedChanges(props: { check: CheckState }) {
  const { check } = props;
  const { staff } = useTerminal();
  return (
    <ul class="refused" aria-label="Refused changes">
      {check.refused.map((refusal) => (
        <li key={refusal.entry.seq} class="refusal" data-testid="refused-operation" data-code={refusal.code}>
          <p>{refusal.words}</p>
          <div class="refusal-actions">
            <Button onClick={() => check.retry(refusal)} label={`Retry: ${refusal.words}`}>
              {refusal.code === SESSION_ENDED ? `Retry as ${staff.name}` : "Retry"}
            </Button>
            <Button tone="quiet" onClick={() => check.discard(refusal)} label={`Discard: ${refusal.words}`}>
              Discard
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A refused addition: its line stays on the check, marked "not added" (a cross and words, not
 * colour alone), its price struck through and in no total, with its one message, until a
 * person adds it again or discards it. */
function NotAdded(props: { line: NotAddedLine; check: CheckState; money: (amount: number) => string }) {
  const { line, check, money } = props;
  const { staff } = useTerminal();
  const what = `${line.quantity} ${line.name}`;
  return (
    <li
      class="line not-added"
      aria-label={`${what}, not added`}
      data-testid="refused-operation"
      data-code={line.refusal.code}
    >
      <div class="line-main">
        <span class="line-name">
          {line.quantity} × {line.name}
        </span>
        <span class="chip chip-not-added">
          <span aria-hidden="true">✕</span> not added
        </span>
        <s class="line-estimate">{money(fromCents(line.total))}</s>
      </div>
      {line.modifiers.map((modifier) => (
        <div key={modifier.modifierOptionId} class="line-modifier">
          + {modifier.name}
        </div>
      ))}
      <p class="line-refusal">{line.refusal.words}</p>
      <div class="line-tools">
        <Button onClick={() => check.retry(line.refusal)} label={`Add again: ${what}`}>
          {line.refusal.code === SESSION_ENDED ? `Add again as ${staff.name}` : "Add again"}
        </Button>
        <Button tone="quiet" onClick={() => check.discard(line.refusal)} label={`Discard: ${what}`}>
          Discard
        </Button>
      </div>
    </li>
  );
}

function Line(props: {
  item: OrderItem;
  money: (amount: number) => string;
  /** Added or changed here, not yet answered by the server. */
  waiting: boolean;
  /** Added here, not yet on the server. */
  sending: boolean;
  onQuantity: (quantity: number) => void;
  onVoid: () => void;
  onNote: () => void;
  onPlace: () => void;
}) {
  const { item, money } = props;
  const place = placeLabel(item);
  const unsent = item.status === "PENDING";
  const voided = item.status === "VOIDED";
  return (
    <li
      class={`line ${unsent ? "unsent" : ""} ${voided ? "voided" : ""} ${props.waiting ? "waiting" : ""}`}
      aria-label={`${item.quantity} ${item.name}${props.sending ? ", sending" : ""}`}
      data-pending={props.waiting ? "true" : undefined}
    >
      <div class="line-main">
        <span class="line-name">
          {item.quantity} × {item.name}
        </span>
        {/* The status beside the name: the tools below fit one row at 1024×768 and 768×1024. */}
        {props.sending ? (
          <span class="chip chip-pending">
            <PendingClock /> sending…
          </span>
        ) : (
          <span class={`chip chip-${item.status.toLowerCase()}`}>
            {props.waiting && <PendingClock />} {STATUS[item.status]}
          </span>
        )}
        {/* .line-total: a price the server answered (the bench waits for it); before, the tablet's. */}
        <span class={props.sending ? "line-estimate" : "line-total"}>{money(item.total)}</span>
      </div>
      {item.modifiers.map((modifier) => (
        <div key={modifier.modifierOptionId} class="line-modifier">
          + {modifier.name}
          {modifier.price ? ` ${money(modifier.price)}` : ""}
        </div>
      ))}
      {place && <div class="line-place">{place}</div>}
      {item.notes && <div class="line-note">“{item.notes}”</div>}
      {voided && <div class="line-void">Void: {item.voidReason}</div>}
      <div class="line-tools">
        {unsent && (
          <>
            {/* A line still sending shows its "−" once it can act. */}
            {!(props.sending && item.quantity <= 1) && (
              <Button
                onClick={() => props.onQuantity(item.quantity - 1)}
                disabled={item.quantity <= 1}
                label={`One less ${item.name}`}
              >
                −
              </Button>
            )}
            <Button onClick={() => props.onQuantity(item.quantity + 1)} label={`One more ${item.name}`}>
              +
            </Button>
            <Button onClick={props.onNote} label={`Note for ${item.name}`}>
              Note
            </Button>
          </>
        )}
        {!voided && (
          <Button onClick={props.onPlace} label={`Seat and course for ${item.name}`}>
            Seat
          </Button>
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

/** Cancelling the check, never one tap away: what it does, a reason picked, then confirmed. */
function CancelSheet(props: {
  /** The table it frees, if any. */
  table: string | null;
  refund: number;
  currency: string;
  managerNeeded: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState<string | null>(null);
  return (
    <Sheet title="Cancel check" onClose={props.onClose}>
      <p>
        The check is closed for good{props.table ? ` and Table ${props.table} is free at once` : ""}. Nothing more goes
        to the kitchen.
      </p>
      {props.refund > 0 && (
        <p class="notice">
          The payments taken, {formatMoney(props.refund, props.currency)}, are refunded: give them back to the guests.
        </p>
      )}
      {props.managerNeeded && <p class="notice">{props.managerNeeded}</p>}
      <p>Why?</p>
      <div class="choices" role="group" aria-label="Reason">
        {CANCEL_REASONS.map((choice) => (
          <Button key={choice} pressed={reason === choice} onClick={() => setReason(choice)}>
            {choice}
          </Button>
        ))}
      </div>
      <div class="choices">
        <Button tone="danger" disabled={reason === null} onClick={() => reason && props.onConfirm(reason)}>
          {props.managerNeeded ? "Ask a manager, then cancel" : "Cancel this check"}
        </Button>
        <Button onClick={props.onClose}>Keep the check</Button>
      </div>
    </Sheet>
  );
}
