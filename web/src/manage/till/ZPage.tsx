// One Z as a numbered page: all its figures, printed on a receipt printer (POST .../print) or
// by the browser (the print stylesheet shows only this page).

import { useState } from "preact/hooks";
import { receiptPrinters } from "../../shared/api/printers";
import { getZ, printZ } from "../../shared/api/reports";
import { Button } from "../../shared/ui";
import { sentTo } from "../../terminal/receipt/state";
import { useBackOffice } from "../context";
import { Problem, SelectField, useAction, useLoaded } from "../parts";
import { ReportDrawers } from "./drawerColumns";
import { FigureTable } from "./Figures";
import { describeRange } from "../today/dates";
import { clockTime } from "./rules";

export function ZPage(props: { number: number }) {
  const { api, location } = useBackOffice();
  const z = useLoaded(() => getZ(api, location.id, props.number), [location.id, props.number]);
  const printers = useLoaded(() => receiptPrinters(api, location.id), [location.id]);
  const [printerId, setPrinterId] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const action = useAction();
  const choices = printers.data?.data ?? [];
  const printer = choices.find((found) => found.id === printerId) ?? choices[0];
  const print = async () => {
    if (!printer) return;
    setSent(null);
    if (await action.run(() => printZ(api, location.id, props.number, printer.id))) setSent(`${sentTo(printer.name)}.`);
  };
  const title = `Z #${props.number}`;
  if (z.error) return <Problem error={z.error} />;
  if (!z.data) return <p>Loading…</p>;
  const report = z.data;
  return (
    <article class="panel z-page" aria-labelledby="z-title">
      <header class="toolbar">
        <h2 id="z-title">{title}</h2>
        <span>
          Business day {describeRange({ from: report.businessDay, to: report.businessDay })} ·{" "}
          {clockTime(report.from, location.timezone, report.businessDay)} to{" "}
          {clockTime(report.to, location.timezone, report.businessDay)} · journal entry {report.journalSequence}
        </span>
      </header>
      <div class="toolbar no-print till-print" role="group" aria-label={`Print ${title}`}>
        {choices.length > 0 ? (
          <>
            <SelectField
              label="Print on"
              value={printer?.id ?? ""}
              options={choices.map((found) => ({ value: found.id, label: found.name }))}
              onChange={setPrinterId}
            />
            <Button tone="accent" disabled={action.busy} onClick={() => void print()}>
              Print
            </Button>
          </>
        ) : (
          <span class="hint">No receipt printer at this location.</span>
        )}
        <Button tone="quiet" onClick={() => window.print()}>
          Print this page
        </Button>
        {sent && (
          <span class="done" role="status">
            {sent}
          </span>
        )}
        <Problem error={action.error ?? printers.error} />
      </div>
      {report.forced && <p class="notice">Closed with checks open: {report.reason}</p>}
      <FigureTable report={report} label={`${title} figures`} />
      <h3>Drawers</h3>
      <ReportDrawers drawers={report.drawers} day={report.businessDay} label={`${title} drawers`} />
    </article>
  );
}
