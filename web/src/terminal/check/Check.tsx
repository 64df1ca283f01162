// The check: additions the server refused on top (marked "not added", in no total, each with
// its one message), unsent lines (amber, editable) above sent ones (status chips), voids struck
// through with their reason, the totals, and the actions: Send, Pay, Discount, Move, Name
// (the customer's, in the header), Split (split/), Cancel (a sheet with its reasons; a
// manager's PIN once anything was sent or paid), and Receipt (shown and printed) for any order.
// A table with several checks has them in the header, one tap from each other. One line at a
// time shows its tools (selected.ts): at 1024×768 the check shows at least six lines.

import { useEffect, useState } from "preact/hooks";
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
import { cancelReasons, refundOnCancel, whyManager } from "./cancelling";
import { useAddableCharges } from "./charges";
import { whatOf } from "../offline/operations";
import { SESSION_ENDED } from "../offline/refusals";
import { isHeld, placeLabel } from "../../shared/rules/courses";
import { CourseGroup, coursesOn, PlaceSheet, PlacingPicker } from "./Courses";
import type { Check as CheckState, NotAddedLine, PendingApproval } from "./state";
import { SplitSheet } from "./split/SplitSheet";
import { whyNoSplit } from "./split/rules";
import { afterNewLine, newestLine, type Pick, selectedLine, tapLine } from "./selected";
import { rich, t } from "../messages";

/** Why a line is voided, in the words shown (and kept by the audit). */
const voidReasons = () => [
  t("terminal.void.mind"),
  t("terminal.void.mistake"),
  t("terminal.void.kitchen"),
  t("terminal.void.tooLong"),
];

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
  // The line a person tapped to show its tools (null: none tapped, the newest shows them).
  const [pick, setPick] = useState<Pick>(null);
  const newest = check.order ? newestLine(check.order.items) : null;
  const newestMadeHere = newest !== null && check.waitingItems.has(newest);
  useEffect(() => setPick((picked) => afterNewLine(picked, newestMadeHere)), [newest, newestMadeHere]);
  const addable = useAddableCharges();
  const order = check.order;
  // The order's own currency (the location's when it was opened).
  const money = (amount: number) => formatMoney(toCents(amount), order?.currency ?? currency);
  if (!order) {
    return (
      <aside class="check" aria-label={t("terminal.check")}>
        {check.error ? (
          <p class="error" role="alert">
            {check.error}
          </p>
        ) : (
          <p>{t("terminal.check.loading")}</p>
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
  const selected = selectedLine(order.items, pick);
  const lineOf = (item: OrderItem) => (
    <Line
      key={item.id}
      item={item}
      money={money}
      open={item.id === selected}
      onTap={() => setPick(tapLine(order.items, pick, item.id))}
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
            {t("terminal.check.sentDivider")}
          </li>
        )}
        {gone.map(lineOf)}
      </>
    );
  };

  return (
    <aside class="check" aria-label={t("terminal.check")}>
      <header class="check-head">
        <div class="check-title">
          <h2>{t("terminal.floor.check", { number: order.orderNumber })}</h2>
          <p class="check-where">{[where, guestsOf(order.guestCount)].filter(Boolean).join(" · ")}</p>
          {/* Always one line, so the lines below never move as a tap is kept and answered. */}
          {check.waiting > 0 ? (
            <p class="waiting" data-testid="check-waiting">
              <PendingClock /> {t("terminal.check.waiting", { count: check.waiting })}
            </p>
          ) : (
            <p class="saved">{t("terminal.check.nothingWaiting")}</p>
          )}
        </div>
        <Button tone="quiet" onClick={props.onClose} label={t("terminal.check.close")}>
          {t("terminal.check.closeMark")}
        </Button>
      </header>
      {props.tableChecks.length > 1 && (
        <TableChecks checks={props.tableChecks} current={order.id} onSwitch={props.onSwitch} />
      )}
      {check.notice && (
        <p class="notice" role="status">
          {check.notice} <OkButton onClick={check.dismiss} />
        </p>
      )}
      {check.error && (
        <p class="error" role="alert">
          {check.error} <OkButton onClick={check.dismiss} />
        </p>
      )}
      {check.refused.length > 0 && <RefusedChanges check={check} />}
      <ul class="lines" aria-label={t("terminal.check.lines")}>
        {check.notAdded.map((line) => (
          <NotAdded key={line.refusal.entry.seq} line={line} check={check} money={money} />
        ))}
        {order.items.length === 0 && check.notAdded.length === 0 && (
          <li class="hint">{t("terminal.check.tapProduct")}</li>
        )}
        {courses.length > 1
          ? courses.map((course) => (
              <CourseGroup key={course} order={order} course={course} onFire={check.fire}>
                {linesOf(order.items.filter((item) => item.course === course))}
              </CourseGroup>
            ))
          : linesOf(order.items)}
      </ul>
      {open && <PlacingPicker placing={check.placing} guests={order.guestCount} onChange={check.setPlacing} />}
      <dl class="totals check-totals" aria-label={t("terminal.check.totals")}>
        {totalLines(order).map((line) => (
          <TotalRow
            key={`${line.kind}-${line.label}`}
            line={line}
            money={money}
            onRemove={open ? (charge) => check.removeCharge(charge.serviceChargeId) : undefined}
          />
        ))}
        {order.paidAmount > 0 && (
          <div class="total-pair">
            <dt>{t("terminal.check.paid")}</dt>
            <dd>{money(order.paidAmount)}</dd>
          </div>
        )}
        <div class="total-pair">
          <dt class="balance">{t("terminal.pay.balance")}</dt>
          <dd class="balance" aria-label={t("terminal.pay.balance")}>
            {money(order.balanceDue)}
          </dd>
        </div>
      </dl>
      <div class="check-actions">
        {open && (
          <>
            <Button tone="accent" onClick={check.send} disabled={sendable.length === 0}>
              {t("terminal.check.send", { count: sendable.length })}
            </Button>
            <Button tone="accent" onClick={props.onPay} disabled={order.items.length === 0}>
              {t("terminal.check.pay")}
            </Button>
            <Button onClick={() => setDiscounting(true)}>{t("terminal.check.discount")}</Button>
            <Button onClick={() => setMoving(true)}>{t("terminal.check.move")}</Button>
            <Button onClick={() => setNaming(true)} label={t("terminal.check.renameLabel")}>
              {t("terminal.check.name")}
            </Button>
            {addable.length > 0 && (
              <Button onClick={() => setCharging(true)} label={t("terminal.check.addCharge")}>
                {t("terminal.check.service")}
              </Button>
            )}
            <Button onClick={() => setSplitting(true)} disabled={noSplit !== null}>
              {t("terminal.check.split")}
            </Button>
            {/* "Cancel" is enough on its button: two words wrapped it in the action grid. */}
            <Button onClick={() => setCancelling(true)} label={t("terminal.check.cancelCheck")}>
              {t("terminal.check.cancel")}
            </Button>
          </>
        )}
        <Button onClick={() => setShowingReceipt(true)}>{t("terminal.closed.receipt")}</Button>
      </div>
      {/* Why Split is greyed, once there is something to split; not while a tap is answered
          (the header says so): the lines would jump at each tap. */}
      {open && noSplit && order.items.length > 0 && check.waiting === 0 && (
        <p class="hint split-why">{t("terminal.check.splitWhy", { why: noSplit })}</p>
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
        <Sheet title={t("terminal.check.void", { name: voiding.name })} onClose={() => setVoiding(null)}>
          <p>{t("terminal.why")}</p>
          <div class="choices">
            {voidReasons().map((reason) => (
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
        <Sheet title={t("terminal.check.addCharge")} onClose={() => setCharging(false)}>
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
                  {charge.amount !== null ? t("terminal.check.chargeAmount", { amount: money(charge.amount) }) : ""}
                  {applied ? t("terminal.check.chargeApplied") : ""}
                </Button>
              );
            })}
          </div>
        </Sheet>
      )}
      {naming && (
        <NameSheet
          title={t("terminal.check.nameTitle", { number: order.orderNumber })}
          name={order.customerName ?? ""}
          action={t("terminal.check.saveName")}
          skip={t("terminal.check.noName")}
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
              what: whatOf("cancel"),
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

/** One line of the totals, its label and amount kept together (a row of the check's totals
 * holds two of them when they fit); a service charge has its "×" (an automatic one asks a
 * manager). */
function TotalRow(props: {
  line: TotalLine;
  money: (amount: number) => string;
  onRemove?: (charge: OrderServiceCharge) => void;
}) {
  const { line, money, onRemove } = props;
  const charge = line.charge;
  const amount = money(fromCents(Math.abs(line.cents)));
  return (
    <div class="total-pair">
      <dt class={line.kind}>
        {line.label}
        {onRemove && charge && (
          <Button
            tone="quiet"
            class="remove-charge"
            onClick={() => onRemove(charge)}
            label={t("terminal.chooser.remove", { name: line.label })}
          >
            {t("terminal.check.removeMark")}
          </Button>
        )}
      </dt>
      <dd class={line.kind}>{line.cents < 0 ? t("terminal.minus", { amount }) : amount}</dd>
    </div>
  );
}

/** The table's open checks, one tap from each other: paid one after the other in turn. */
function TableChecks(props: { checks: SeatedOrder[]; current: string; onSwitch: (orderId: string) => void }) {
  return (
    <nav class="table-checks" aria-label={t("terminal.check.atTable")}>
      {props.checks.map((seated) => (
        <Button
          key={seated.id}
          pressed={seated.id === props.current}
          onClick={() => seated.id !== props.current && props.onSwitch(seated.id)}
          label={t("terminal.floor.check", { number: seated.orderNumber })}
        >
          {seated.orderNumber}
        </Button>
      ))}
    </nav>
  );
}

/** The small clock on what waits for the server. */
function PendingClock() {
  return (
    <span class="pending-clock" data-testid="pending-clock" role="img" aria-label={t("terminal.check.waitingClock")} />
  );
}

/** What the server refused, in red words, each kept until a person retries or discards it. A
 * retry is made in the session signed in now: said so, when another person's session ended. */
function RefusedChanges(props: { check: CheckState }) {
  const { check } = props;
  const { staff } = useTerminal();
  return (
    <ul class="refused" aria-label={t("terminal.check.refused")}>
      {check.refused.map((refusal) => (
        <li key={refusal.entry.seq} class="refusal" data-testid="refused-operation" data-code={refusal.code}>
          <p>{refusal.words}</p>
          <div class="refusal-actions">
            <Button
              onClick={() => check.retry(refusal)}
              label={t("terminal.check.retryLabel", { words: refusal.words })}
            >
              {refusal.code === SESSION_ENDED
                ? t("terminal.check.retryAs", { name: staff.name })
                : t("terminal.check.retry")}
            </Button>
            <Button
              tone="quiet"
              onClick={() => check.discard(refusal)}
              label={t("terminal.check.discardLabel", { words: refusal.words })}
            >
              {t("terminal.check.discard")}
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
  const what = t("terminal.check.lineName", { quantity: line.quantity, name: line.name });
  return (
    <li
      class="line not-added"
      aria-label={t("terminal.check.notAddedLabel", { what })}
      data-testid="refused-operation"
      data-code={line.refusal.code}
    >
      <div class="line-main">
        <span class="line-name">{t("terminal.line.quantity", { quantity: line.quantity, name: line.name })}</span>
        <span class="chip chip-not-added">
          {rich("terminal.check.notAdded", { mark: (chunks) => <span aria-hidden="true">{chunks}</span> })}
        </span>
        <s class="line-estimate">{money(fromCents(line.total))}</s>
      </div>
      {line.modifiers.map((modifier) => (
        <div key={modifier.modifierOptionId} class="line-modifier">
          {t("terminal.check.modifier", { name: modifier.name })}
        </div>
      ))}
      <p class="line-refusal">{line.refusal.words}</p>
      <div class="line-tools">
        <Button onClick={() => check.retry(line.refusal)} label={t("terminal.check.addAgainLabel", { what })}>
          {line.refusal.code === SESSION_ENDED
            ? t("terminal.check.addAgainAs", { name: staff.name })
            : t("terminal.check.addAgain")}
        </Button>
        <Button
          tone="quiet"
          onClick={() => check.discard(line.refusal)}
          label={t("terminal.check.discardLabel", { words: what })}
        >
          {t("terminal.check.discard")}
        </Button>
      </div>
    </li>
  );
}

function Line(props: {
  item: OrderItem;
  money: (amount: number) => string;
  /** Its tools shown (one line at a time); a tap on the line shows or hides them. */
  open: boolean;
  onTap: () => void;
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
      aria-label={
        props.sending
          ? t("terminal.check.lineSending", { quantity: item.quantity, name: item.name })
          : t("terminal.check.lineName", { quantity: item.quantity, name: item.name })
      }
      data-pending={props.waiting ? "true" : undefined}
    >
      {/* The whole line is one tap target showing or hiding its tools; what was chosen for it
          (options, seat, note, why it was voided) on a second row within it. */}
      <button type="button" class="line-toggle" aria-expanded={props.open} onClick={props.onTap}>
        <span class="line-main">
          <span class="line-name">{t("terminal.line.quantity", { quantity: item.quantity, name: item.name })}</span>
          {/* The status beside the name: the tools below fit one row at 1024×768 and 768×1024. */}
          {props.sending ? (
            <span class="chip chip-pending">
              <PendingClock /> {t("terminal.check.sending")}
            </span>
          ) : (
            <span class={`chip chip-${item.status.toLowerCase()}`}>
              {props.waiting && <PendingClock />} {t("terminal.check.status", { status: item.status })}
            </span>
          )}
          {/* .line-total: a price the server answered (the bench waits for it); before, the tablet's. */}
          <span class={props.sending ? "line-estimate" : "line-total"}>{money(item.total)}</span>
        </span>
        {(item.modifiers.length > 0 || place || item.notes || voided) && (
          <span class="line-details">
            {item.modifiers.map((modifier) => (
              <span key={modifier.modifierOptionId} class="line-modifier">
                {t("terminal.check.modifier", { name: modifier.name })}
                {modifier.price ? t("terminal.check.modifierPrice", { price: money(modifier.price) }) : ""}
              </span>
            ))}
            {place && <span class="line-place">{place}</span>}
            {item.notes && <span class="line-note">{t("terminal.check.note", { note: item.notes })}</span>}
            {voided && <span class="line-void">{t("terminal.check.voidReason", { reason: item.voidReason })}</span>}
          </span>
        )}
      </button>
      {props.open && (
        <div class="line-tools">
          {unsent && (
            <>
              {/* A line still sending shows its "−" once it can act. */}
              {!(props.sending && item.quantity <= 1) && (
                <Button
                  onClick={() => props.onQuantity(item.quantity - 1)}
                  disabled={item.quantity <= 1}
                  label={t("terminal.check.oneLess", { name: item.name })}
                >
                  {t("terminal.chooser.minus")}
                </Button>
              )}
              <Button
                onClick={() => props.onQuantity(item.quantity + 1)}
                label={t("terminal.check.oneMore", { name: item.name })}
              >
                {t("terminal.chooser.plus")}
              </Button>
              <Button onClick={props.onNote} label={t("terminal.check.noteFor", { name: item.name })}>
                {t("terminal.chooser.note")}
              </Button>
            </>
          )}
          {!voided && (
            <Button onClick={props.onPlace} label={t("terminal.check.placeFor", { name: item.name })}>
              {t("terminal.check.seat")}
            </Button>
          )}
          {!voided && (
            <Button tone="danger" onClick={props.onVoid} label={t("terminal.check.void", { name: item.name })}>
              {t("terminal.check.voidButton")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The note the kitchen reads on an unsent line ("no onions", "allergy: nuts"). */
function NoteSheet(props: { item: OrderItem; onClose: () => void; onSave: (notes: string) => void }) {
  const [notes, setNotes] = useState(props.item.notes ?? "");
  return (
    <Sheet title={t("terminal.check.noteFor", { name: props.item.name })} onClose={props.onClose}>
      <label>
        {t("terminal.check.noteForKitchen")}
        <input value={notes} maxLength={500} autoFocus onInput={(e) => setNotes(e.currentTarget.value)} />
      </label>
      <Button tone="accent" onClick={() => props.onSave(notes)}>
        {t("terminal.check.saveNote")}
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
  const [reason, setReason] = useState(() => t("terminal.discount.regular"));
  const amount = parseAmount(typed);
  return (
    <Sheet title={t("terminal.check.discount")} onClose={props.onClose}>
      <div class="choices">
        {[10, 15, 20].map((percent) => {
          const cents = Math.round((props.subtotal * percent) / 100);
          return (
            <Button
              key={percent}
              onClick={() => props.onApply(cents, t("terminal.discount.percentReason", { percent, reason }))}
            >
              {t("terminal.discount.percent", { percent, amount: formatMoney(cents, props.currency) })}
            </Button>
          );
        })}
      </div>
      <label>
        {t("terminal.till.amount")}
        <input inputMode="decimal" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      </label>
      <label>
        {t("terminal.reason")}
        <input value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <Button
        tone="accent"
        disabled={amount === null || !reason.trim()}
        onClick={() => amount !== null && props.onApply(amount, reason)}
      >
        {t("terminal.discount.apply")}
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
    <Sheet title={t("terminal.check.cancelCheck")} onClose={props.onClose}>
      <p>
        {props.table ? t("terminal.cancel.explainedTable", { table: props.table }) : t("terminal.cancel.explained")}
      </p>
      {props.refund > 0 && (
        <p class="notice">{t("terminal.cancel.refund", { amount: formatMoney(props.refund, props.currency) })}</p>
      )}
      {props.managerNeeded && <p class="notice">{props.managerNeeded}</p>}
      <p>{t("terminal.why")}</p>
      <div class="choices" role="group" aria-label={t("terminal.reason")}>
        {cancelReasons().map((choice) => (
          <Button key={choice} pressed={reason === choice} onClick={() => setReason(choice)}>
            {choice}
          </Button>
        ))}
      </div>
      <div class="choices">
        <Button tone="danger" disabled={reason === null} onClick={() => reason && props.onConfirm(reason)}>
          {props.managerNeeded ? t("terminal.cancel.askManager") : t("terminal.cancel.confirm")}
        </Button>
        <Button onClick={props.onClose}>{t("terminal.cancel.keep")}</Button>
      </div>
    </Sheet>
  );
}

/** Puts a notice or a refusal on the check away. */
function OkButton(props: { onClick: () => void }) {
  return (
    <Button tone="quiet" onClick={props.onClick}>
      {t("terminal.ok")}
    </Button>
  );
}
