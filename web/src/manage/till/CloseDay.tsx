// Closing the day: a confirmation, then the Z; while checks are open the server refuses
// (409 `open_checks`) and lists them, and a manager may close anyway with a reason
// (docs/design.md §18).

import { useState } from "preact/hooks";
import type { Schemas } from "../../shared/api/client";
import { closeDay } from "../../shared/api/reports";
import { Button, Sheet } from "../../shared/ui";
import { useBackOffice } from "../context";
import { Problem, TextField, useAction } from "../parts";
import type { ZReport } from "./Figures";

export function CloseDay(props: { nextNumber: number; onCancel: () => void; onClosed: (z: ZReport) => void }) {
  const { api, location } = useBackOffice();
  const [openChecks, setOpenChecks] = useState<Schemas["OpenCheck"][] | null>(null);
  const [reason, setReason] = useState("");
  const action = useAction();
  const close = (force: boolean) =>
    action.run(async () => {
      const body = force ? { locationId: location.id, force, reason: reason.trim() } : { locationId: location.id };
      const answer = await closeDay(api, body);
      if ("z" in answer) props.onClosed(answer.z);
      else setOpenChecks(answer.openChecks);
    });
  return (
    <Sheet title="Close the day" onClose={props.onCancel}>
      {openChecks === null ? (
        <>
          <p>
            Z #{props.nextNumber} sums everything since the last Z and cannot be undone. Sales after it go on the next
            one.
          </p>
          <div class="panel-actions">
            <Button tone="danger" disabled={action.busy} onClick={() => void close(false)}>
              Close the day
            </Button>
            <Button tone="quiet" onClick={props.onCancel}>
              Keep it open
            </Button>
          </div>
        </>
      ) : (
        <form
          class="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) void close(true);
          }}
        >
          <p class="error" role="alert">
            {openChecks.length === 1 ? "1 check is" : `${openChecks.length} checks are`} still open:
          </p>
          <ul class="plain-list" aria-label="Open checks">
            {openChecks.map((check) => (
              <li key={check.id}>
                <span>Check #{check.number}</span>
                <span>{check.table === null ? "No table" : `Table ${check.table}`}</span>
              </li>
            ))}
          </ul>
          <TextField label="Reason" value={reason} onInput={setReason} required />
          <div class="panel-actions">
            <Button type="submit" tone="danger" disabled={action.busy || !reason.trim()}>
              Close anyway
            </Button>
            <Button tone="quiet" onClick={props.onCancel}>
              Keep it open
            </Button>
          </div>
        </form>
      )}
      <Problem error={action.error} />
    </Sheet>
  );
}
