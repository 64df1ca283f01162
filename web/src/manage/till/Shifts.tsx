// The day's shifts: who clocked in and out, and for how long (docs/design.md §17).

import { listShifts } from "../../shared/api/drawers";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { everyPage, Problem, RecordTable, useLoaded } from "../parts";
import { DayPicker, usePickedDay } from "./DayPicker";
import { clockTime } from "./rules";

export function Shifts() {
  const { api, location } = useBackOffice();
  const picked = usePickedDay();
  const from = picked.start.toISOString();
  const to = picked.end.toISOString();
  const shifts = useLoaded(
    () => everyPage((page) => listShifts(api, { locationId: location.id, from, to, page, limit: 100 })),
    [location.id, from, to],
  );
  const at = (instant: string) => clockTime(instant, location.timezone, picked.day);
  return (
    <>
      <DayPicker picked={picked} label={t("shifts.day")} />
      <Problem error={shifts.error} />
      {shifts.data?.length === 0 && <p class="notice">{t("shifts.none")}</p>}
      {shifts.data && shifts.data.length > 0 && (
        <div class="panel">
          <RecordTable
            label={t("shifts.list")}
            rows={shifts.data}
            columns={[
              { title: t("shifts.staff"), cell: (shift) => shift.staffName },
              { title: t("shifts.in"), cell: (shift) => at(shift.clockedInAt) },
              {
                title: t("shifts.out"),
                cell: (shift) => (shift.clockedOutAt === null ? t("shifts.stillIn") : at(shift.clockedOutAt)),
              },
              { title: t("shifts.hours"), number: true, cell: (shift) => shift.hours.toFixed(2) },
            ]}
          />
        </div>
      )}
    </>
  );
}
