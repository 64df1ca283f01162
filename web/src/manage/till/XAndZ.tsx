// The X (the figures since the last Z, live), closing the day, and the Zs, one shown as a
// printable page (docs/design.md §18).

import { useState } from "preact/hooks";
import { listZ, xReport } from "../../shared/api/reports";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { Problem, RecordTable, useLoaded, useMoney } from "../parts";
import { ReportOpenChecks } from "../today/ReportOpenChecks";
import { CloseDay } from "./CloseDay";
import { ReportDrawers } from "./drawerColumns";
import { FigureTable } from "./Figures";
import { clockTime } from "./rules";
import { ZPage } from "./ZPage";
import { dayIn } from "../today/dates";

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
          <h2>X · since {since || "…"}</h2>
          <Button tone="danger" disabled={!x.data} onClick={() => setClosing(true)}>
            Close the day (Z)
          </Button>
        </div>
        <Problem error={x.error} />
        {x.data && <FigureTable report={x.data} label="X figures" />}
        {x.data && (
          <ReportOpenChecks
            found={x.data.openChecks}
            which="Open checks with payments"
            label="Open checks with payments"
            hint="Checks still open that hold payments: the money was taken, their sales count in the Z once they are completed."
          />
        )}
        {x.data && <h3>Drawers</h3>}
        {x.data && (
          <ReportDrawers drawers={x.data.drawers} day={clockDay(x.data.to, location.timezone)} label="X drawers" />
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
        <h2>Zs</h2>
        <Problem error={zs.error} />
        {zs.data?.data.length === 0 && <p class="notice">No day closed yet.</p>}
        {zs.data && zs.data.data.length > 0 && (
          <RecordTable
            label="Zs"
            rows={zs.data.data.map((z) => ({ ...z, id: String(z.number) }))}
            columns={[
              { title: "Z", cell: (z) => `Z #${z.number}` },
              { title: "Business day", cell: (z) => z.businessDay },
              { title: "Net sales", number: true, cell: (z) => money(z.netSales) },
              { title: "Grand total", number: true, cell: (z) => money(z.grandTotal) },
            ]}
            actions={(z) => (
              <Button pressed={chosen === z.number} onClick={() => setChosen(z.number)} label={`Show Z #${z.number}`}>
                Show
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
