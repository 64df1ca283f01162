// One business day of the location, picked as Today picks its range: quick choices and a date.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { addDays, type Day, dayIn, describeRange, startOfDay } from "../today/dates";

export interface PickedDay {
  day: Day;
  setDay: (day: Day) => void;
  today: Day;
  /** The day's first instant in the location's timezone, and the next day's. */
  start: Date;
  end: Date;
}

export function usePickedDay(): PickedDay {
  const { location } = useBackOffice();
  const today = dayIn(location.timezone, new Date());
  const [day, setDay] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : today;
  return {
    day: valid,
    setDay,
    today,
    start: startOfDay(valid, location.timezone),
    end: startOfDay(addDays(valid, 1), location.timezone),
  };
}

export function DayPicker(props: { picked: PickedDay; label: string }) {
  const { day, setDay, today } = props.picked;
  const quick = [
    { label: t("day.today"), day: today },
    { label: t("day.yesterday"), day: addDays(today, -1) },
  ];
  return (
    <div class="toolbar" role="group" aria-label={props.label}>
      <h2>{describeRange({ from: day, to: day })}</h2>
      {quick.map((choice) => (
        <Button key={choice.label} pressed={choice.day === day} onClick={() => setDay(choice.day)}>
          {choice.label}
        </Button>
      ))}
      <label class="inline-field">
        {t("day.day")}
        <input type="date" value={day} max={today} onInput={(e) => setDay(e.currentTarget.value)} />
      </label>
    </div>
  );
}
