// Seats and courses on the check (docs/design.md §5): the seat and course the next products
// tapped go to, the lines grouped by course with "Fire course N" on a held one, and a line's
// own sheet to move it to another seat or course.

import type { ComponentChildren } from "preact";
import { isHeld } from "../../shared/rules/courses";
import type { Order, OrderItem } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { t } from "../messages";

/** Where the next lines go: a seat (null: the table's) and a course. */
export interface Placing {
  seat: number | null;
  course: number;
}

export const FIRST_PLACING: Placing = { seat: null, course: 1 };
const COURSES = [1, 2, 3];

/** Seats 1 to the party's size (at least 4), and one more once the last is taken. */
function seatsFor(guests: number | null, seat: number | null): number[] {
  const count = Math.max(guests ?? 0, 4, seat ?? 0);
  return Array.from({ length: count }, (_, n) => n + 1);
}

function SeatChoices(props: { seat: number | null; guests: number | null; onSeat: (seat: number | null) => void }) {
  const seats = seatsFor(props.guests, props.seat);
  return (
    <div class="placing-row" role="group" aria-label={t("terminal.check.seat")}>
      <span>{t("terminal.place.seat")}</span>
      <Button pressed={props.seat === null} onClick={() => props.onSeat(null)} label={t("terminal.place.noSeat")}>
        {t("terminal.place.noSeatMark")}
      </Button>
      {seats.map((seat) => (
        <Button
          key={seat}
          pressed={props.seat === seat}
          onClick={() => props.onSeat(seat)}
          label={t("terminal.place.seatN", { seat })}
        >
          {seat}
        </Button>
      ))}
      <Button onClick={() => props.onSeat(seats.length + 1)} label={t("terminal.place.anotherSeat")}>
        {t("terminal.chooser.plus")}
      </Button>
    </div>
  );
}

function CourseChoices(props: { course: number; onCourse: (course: number) => void }) {
  return (
    <div class="placing-row" role="group" aria-label={t("terminal.place.course")}>
      <span>{t("terminal.place.courseColon")}</span>
      {COURSES.map((course) => (
        <Button
          key={course}
          pressed={props.course === course}
          onClick={() => props.onCourse(course)}
          label={t("terminal.place.courseN", { course })}
        >
          {course}
        </Button>
      ))}
    </div>
  );
}

/** The seat and course the next products tapped go to. */
export function PlacingPicker(props: { placing: Placing; guests: number | null; onChange: (next: Placing) => void }) {
  const { placing, onChange } = props;
  return (
    <div class="placing" aria-label={t("terminal.place.nextLines")}>
      <SeatChoices seat={placing.seat} guests={props.guests} onSeat={(seat) => onChange({ ...placing, seat })} />
      <CourseChoices course={placing.course} onCourse={(course) => onChange({ ...placing, course })} />
    </div>
  );
}

/** The courses on the check, ascending; more than one: its lines are grouped by course. */
export function coursesOn(order: Order): number[] {
  return [...new Set(order.items.map((item) => item.course))].sort((a, b) => a - b);
}

/** One course's heading and lines; a held course with unsent lines has its Fire button. */
export function CourseGroup(props: {
  order: Order;
  course: number;
  onFire: (course: number) => void;
  children: ComponentChildren;
}) {
  const { order, course } = props;
  const pending = order.items.filter((item) => item.course === course && item.status === "PENDING");
  const held = pending.length > 0 && isHeld(course, order.firedCourses);
  return (
    <>
      <li class="course-head" data-testid={`course-${course}`}>
        <span>{held ? t("terminal.place.courseHeld", { course }) : t("terminal.place.courseN", { course })}</span>
        {held && (
          <Button tone="accent" onClick={() => props.onFire(course)}>
            {t("terminal.place.fire", { course })}
          </Button>
        )}
      </li>
      {props.children}
    </>
  );
}

/** A line's seat, and its course while it is unsent. */
export function PlaceSheet(props: {
  item: OrderItem;
  guests: number | null;
  onClose: () => void;
  onPlace: (placing: Placing) => void;
}) {
  const { item } = props;
  const placing = { seat: item.seat, course: item.course };
  return (
    <Sheet title={t("terminal.check.placeFor", { name: item.name })} onClose={props.onClose}>
      <SeatChoices seat={item.seat} guests={props.guests} onSeat={(seat) => props.onPlace({ ...placing, seat })} />
      {item.status === "PENDING" && (
        <CourseChoices course={item.course} onCourse={(course) => props.onPlace({ ...placing, course })} />
      )}
    </Sheet>
  );
}
