// The day's shifts: who clocked in and out, and for how long (docs/design.md §17).

import { listShifts } from "../../shared/api/drawers";
import { useBackOffice } from "../context";
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
      <DayPicker picked={picked} label="Shifts' day" />
      <Problem error={shifts.error} />
      {shifts.data?.length === 0 && <p class="notice">Nobody clocked in that day.</p>}
      {shifts.data && shifts.data.length > 0 && (
        <div class="panel">
          <RecordTable
            label="Shifts"
            rows={shifts.data}
            columns={[
              { title: "Staff", cell: (shift) => shift.staffName },
              { title: "Clocked in", cell: (shift) => at(shift.clockedInAt) },
              {
                title: "Clocked out",
                cell: (shift) => (shift.clockedOutAt === null ? "still in" : at(shift.clockedOutAt)),
              },
              { title: "Hours", number: true, cell: (shift) => shift.hours.toFixed(2) },
            ]}
          />
        </div>
      )}
    </>
  );
}
