// The receipt on screen, as the server lays it out for the paper, and Print on the location's
// RECEIPT printer: one prints straight away, several are a choice, none is said in words.

import { Button, Sheet } from "../../shared/ui";
import { useReceipt } from "./state";

export function ReceiptSheet(props: { orderId: string; orderNumber: string; onClose: () => void }) {
  const receipt = useReceipt(props.orderId);
  const { printers } = receipt;
  return (
    <Sheet title={`Receipt ${props.orderNumber}`} onClose={props.onClose}>
      {receipt.text === null ? (
        !receipt.error && <p>Loading the receipt…</p>
      ) : (
        <pre class="receipt-paper" aria-label="Receipt text">
          {receipt.text}
        </pre>
      )}
      {receipt.notice && (
        <p class="sent-note" role="status">
          {receipt.notice}
        </p>
      )}
      {receipt.error && (
        <p class="error" role="alert">
          {receipt.error}
        </p>
      )}
      {printers?.length === 0 && (
        <p class="hint">
          This location has no receipt printer: show the receipt on screen, or ask a manager to add one.
        </p>
      )}
      <div class="choices" role="group" aria-label="Print">
        {printers?.length === 1 && (
          <Button
            tone="accent"
            disabled={receipt.printing}
            onClick={() => receipt.print(printers[0])}
            label={`Print on ${printers[0].name}`}
          >
            Print
          </Button>
        )}
        {printers &&
          printers.length > 1 &&
          printers.map((printer) => (
            <Button
              key={printer.id}
              disabled={receipt.printing}
              onClick={() => receipt.print(printer)}
              label={`Print on ${printer.name}`}
            >
              Print on {printer.name}
            </Button>
          ))}
        <Button onClick={props.onClose}>Done</Button>
      </div>
    </Sheet>
  );
}
