// The X (the figures since the last Z, live), closing the day, and the Zs, one shown as a
// printable page (docs/design.md §18).

import { useState } from "preact/hooks";
import { listZ, xReport } from "../../shared/api/reports";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { Problem, RecordTable, useLoaded, useMoney } from "../parts";
import { ReportOpenChecks } from "../today/ReportOpenChecks";
import { CloseDay } from "./CloseDay";
import { ReportDrawers } from "./drawerColumns";
import { FigureTable } from "./Figures";
import { clockTime } from "./rules";
import { ZPage } from "./ZPage";
import { dayIn, describeRange } from "../today/dates";

export function XAndZ() {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const x = useLoaded(() => xReport(api, location.id), [location.id]);
  const zs = useLoaded(() => listZ(api, { locationId: location.id, limit: 100 }), [location.id]);
  const [closing, setClosing] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const since = x.data ? clockTime(x.data.from, location.timezone, clockDay(x.data.to, location.timezone)) : "";
  return (
    <>
      <div class="panel no-print">
        <div class="toolbar">
          <h2>{t("till.x.title", { since: since || "…" })}</h2>
          <Button tone="danger" disabled={!x.data} onClick={() => setClosing(true)}>
            {t("till.x.closeDay")}
          </Button>
        </div>
        <Problem error={x.error} />
        {x.data && <FigureTable report={x.data} label={t("till.x.figures")} />}
        {x.data && (
          <ReportOpenChecks
            found={x.data.openChecks}
            which={t("till.x.openChecks")}
            label={t("till.x.openChecks")}
            hint={t("till.x.openChecksHint")}
          />
        )}
        {x.data && <h3>{t("till.x.drawers")}</h3>}
        {x.data && (
          <ReportDrawers
            drawers={x.data.drawers}
            day={clockDay(x.data.to, location.timezone)}
            label={t("till.x.drawersTable")}
          />
        )}
      </div>
      {closing && x.data && (
        <CloseDay
          nextNumber={x.data.lastZ + 1}
          onCancel={() => setClosing(false)}
          onClosed={(z) => {
            setClosing(false);
            setChosen(z.number);
            x.reload();
            zs.reload();
          }}
        />
      )}
      <div class="panel no-print">
        <h2>{t("till.z.list")}</h2>
        <Problem error={zs.error} />
        {zs.data?.data.length === 0 && <p class="notice">{t("till.z.none")}</p>}
        {zs.data && zs.data.data.length > 0 && (
          <RecordTable
            label={t("till.z.list")}
            rows={zs.data.data.map((z) => ({ ...z, id: String(z.number) }))}
            columns={[
              { title: t("till.z.column"), cell: (z) => t("till.z.number", { number: z.number }) },
              {
                title: t("till.z.businessDay"),
                cell: (z) => describeRange({ from: z.businessDay, to: z.businessDay }),
              },
              { title: t("till.z.netSales"), number: true, cell: (z) => money(z.netSales) },
              { title: t("till.z.grandTotal"), number: true, cell: (z) => money(z.grandTotal) },
            ]}
            actions={(z) => (
              <Button
                pressed={chosen === z.number}
                onClick={() => setChosen(z.number)}
                label={t("till.z.showNamed", { number: z.number })}
              >
                {t("till.z.show")}
              </Button>
            )}
          />
        )}
      </div>
      {chosen !== null && <ZPage number={chosen} />}
    </>
  );
}

const clockDay = (instant: string, timezone: string) => dayIn(timezone, new Date(instant));
