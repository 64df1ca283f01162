// The receipt on screen, as the server lays it out for the paper, and Print on the location's
// RECEIPT printer: one prints straight away, several are a choice, none is said in words.

import { Button, Sheet } from "../../shared/ui";
import { useReceipt } from "./state";
import { t } from "../messages";

export function ReceiptSheet(props: { orderId: string; orderNumber: string; onClose: () => void }) {
  const receipt = useReceipt(props.orderId);
  const { printers } = receipt;
  return (
    <Sheet title={t("terminal.receipt.title", { number: props.orderNumber })} onClose={props.onClose}>
      {receipt.text === null ? (
        !receipt.error && <p>{t("terminal.receipt.loading")}</p>
      ) : (
        <pre class="receipt-paper" aria-label={t("terminal.receipt.text")}>
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
      {printers?.length === 0 && <p class="hint">{t("terminal.receipt.noPrinter")}</p>}
      <div class="choices" role="group" aria-label={t("terminal.receipt.print")}>
        {printers?.length === 1 && (
          <Button
            tone="accent"
            disabled={receipt.printing}
            onClick={() => receipt.print(printers[0])}
            label={t("terminal.receipt.printOn", { printer: printers[0].name })}
          >
            {t("terminal.receipt.print")}
          </Button>
        )}
        {printers &&
          printers.length > 1 &&
          printers.map((printer) => (
            <Button
              key={printer.id}
              disabled={receipt.printing}
              onClick={() => receipt.print(printer)}
              label={t("terminal.receipt.printOn", { printer: printer.name })}
            >
              {t("terminal.receipt.printOn", { printer: printer.name })}
            </Button>
          ))}
        <Button onClick={props.onClose}>{t("terminal.done")}</Button>
      </div>
    </Sheet>
  );
}
