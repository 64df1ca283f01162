// Reopening a closed check: why (the audit keeps it); a manager's PIN follows for anyone else.

import type { Order } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { t } from "../messages";

/** Why a check is reopened, in the words shown (and kept by the audit). */
const reopenReasons = () => [t("terminal.reopen.more"), t("terminal.reopen.mistake"), t("terminal.reopen.payment")];

export function ReopenSheet(props: { order: Order; onClose: () => void; onReopen: (reason: string) => void }) {
  return (
    <Sheet title={t("terminal.reopen.title", { number: props.order.orderNumber })} onClose={props.onClose}>
      <p>{t("terminal.reopen.why")}</p>
      <div class="choices" role="group" aria-label={t("terminal.reason")}>
        {reopenReasons().map((reason) => (
          <Button key={reason} onClick={() => props.onReopen(reason)}>
            {reason}
          </Button>
        ))}
      </div>
    </Sheet>
  );
}
