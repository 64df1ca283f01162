// Hold and fire, as the server decides it (orders/domain/courses.py, docs/design.md §5): the
// first send fires course 1; a send sends the pending items of the fired courses; a course
// not fired is held until it is fired on its own.

import { t } from "../messages";

/** The courses whose pending items a send sends: those fired, and course 1. */
export function sentByASend(fired: readonly number[]): number[] {
  return [...new Set([...fired, 1])].sort((a, b) => a - b);
}

/** A line's place as the check and the kitchen show it: "Seat 2 · Course 2", "Course 3";
 * null for the table's first course (a line as it always showed). */
export function placeLabel(line: { seat: number | null; course: number }): string | null {
  const parts = [
    line.seat ? t("course.seat", { seat: line.seat }) : null,
    line.course !== 1 ? t("course.course", { course: line.course }) : null,
  ];
  return parts.filter(Boolean).join(t("course.separator")) || null;
}

/** Whether a pending item of `course` waits for its course to be fired. */
export const isHeld = (course: number, fired: readonly number[]): boolean => !sentByASend(fired).includes(course);
