// Hold and fire, as the server decides it (orders/domain/courses.py, docs/design.md §5): the
// first send fires course 1; a send sends the pending items of the fired courses; a course
// not fired is held until it is fired on its own.

/** The courses whose pending items a send sends: those fired, and course 1. */
export function sentByASend(fired: readonly number[]): number[] {
  return [...new Set([...fired, 1])].sort((a, b) => a - b);
}

/** Whether a pending item of `course` waits for its course to be fired. */
export const isHeld = (course: number, fired: readonly number[]): boolean => !sentByASend(fired).includes(course);
