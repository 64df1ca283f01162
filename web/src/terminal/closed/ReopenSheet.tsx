// Reopening a closed check: why (the audit keeps it); a manager's PIN follows for anyone else.

import type { Order } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";

export const REOPEN_REASONS = ["Guests ordered more", "Closed by mistake", "Wrong payment"] as const;

export function ReopenSheet(props: { order: Order; onClose: () => void; onReopen: (reason: string) => void }) {
  return (
    <Sheet title={`Reopen check ${props.order.orderNumber}`} onClose={props.onClose}>
      <p>The check opens again, at its table, to take more or be paid again. Why?</p>
      <div class="choices" role="group" aria-label="Reason">
        {REOPEN_REASONS.map((reason) => (
          <Button key={reason} onClick={() => props.onReopen(reason)}>
            {reason}
          </Button>
        ))}
      </div>
    </Sheet>
  );
}
