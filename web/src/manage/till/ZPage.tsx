// One Z as a numbered page: all its figures, printed on a receipt printer (POST .../print) or
// by the browser (the print stylesheet shows only this page).

import { useState } from "preact/hooks";
import { receiptPrinters } from "../../shared/api/printers";
import { getZ, printZ } from "../../shared/api/reports";
import { Button } from "../../shared/ui";
import { sentTo } from "../../shared/words";
import { useBackOffice } from "../context";
import { t } from "../messages";
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
  const title = t("till.z.number", { number: props.number });
  if (z.error) return <Problem error={z.error} />;
  if (!z.data) return <p>{t("till.loading")}</p>;
  const report = z.data;
  return (
    <article class="panel z-page" aria-labelledby="z-title">
      <header class="toolbar">
        <h2 id="z-title">{title}</h2>
        <span>
          {t("till.z.period", {
            day: describeRange({ from: report.businessDay, to: report.businessDay }),
            from: clockTime(report.from, location.timezone, report.businessDay),
            to: clockTime(report.to, location.timezone, report.businessDay),
            entry: report.journalSequence,
          })}
        </span>
      </header>
      <div class="toolbar no-print till-print" role="group" aria-label={t("till.z.print", { title })}>
        {choices.length > 0 ? (
          <>
            <SelectField
              label={t("till.z.printOn")}
              value={printer?.id ?? ""}
              options={choices.map((found) => ({ value: found.id, label: found.name }))}
              onChange={setPrinterId}
            />
            <Button tone="accent" disabled={action.busy} onClick={() => void print()}>
              {t("till.z.printButton")}
            </Button>
          </>
        ) : (
          <span class="hint">{t("till.z.noPrinter")}</span>
        )}
        <Button tone="quiet" onClick={() => window.print()}>
          {t("till.z.printPage")}
        </Button>
        {sent && (
          <span class="done" role="status">
            {sent}
          </span>
        )}
        <Problem error={action.error ?? printers.error} />
      </div>
      {report.forced && <p class="notice">{t("till.z.forced", { reason: report.reason })}</p>}
      <FigureTable report={report} label={t("till.z.figures", { title })} />
      <h3>{t("till.x.drawers")}</h3>
      <ReportDrawers drawers={report.drawers} day={report.businessDay} label={t("till.z.drawers", { title })} />
    </article>
  );
}
