// Closing the day: a confirmation, then the Z; while checks are open the server refuses
// (409 `open_checks`) and lists them, and a manager may close anyway with a reason
// (docs/design.md §18).

import { useState } from "preact/hooks";
import type { Schemas } from "../../shared/api/client";
import { closeDay } from "../../shared/api/reports";
import { Button, Sheet } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
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
    <Sheet title={t("till.close.title")} onClose={props.onCancel}>
      {openChecks === null ? (
        <>
          <p>{t("till.close.intro", { number: props.nextNumber })}</p>
          <div class="panel-actions">
            <Button tone="danger" disabled={action.busy} onClick={() => void close(false)}>
              {t("till.close.confirm")}
            </Button>
            <Button tone="quiet" onClick={props.onCancel}>
              {t("till.close.keep")}
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
            {t("till.close.stillOpen", { count: openChecks.length })}
          </p>
          <ul class="plain-list" aria-label={t("till.close.openChecks")}>
            {openChecks.map((check) => (
              <li key={check.id}>
                <span>{t("till.close.check", { number: check.number })}</span>
                <span>
                  {check.table === null ? t("till.close.noTable") : t("till.close.table", { table: check.table })}
                </span>
              </li>
            ))}
          </ul>
          <TextField label={t("till.close.reason")} value={reason} onInput={setReason} required />
          <div class="panel-actions">
            <Button type="submit" tone="danger" disabled={action.busy || !reason.trim()}>
              {t("till.close.anyway")}
            </Button>
            <Button tone="quiet" onClick={props.onCancel}>
              {t("till.close.keep")}
            </Button>
          </div>
        </form>
      )}
      <Problem error={action.error} />
    </Sheet>
  );
}
