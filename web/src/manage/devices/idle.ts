// The terminals' idle sign-out as the back office offers it: a few lengths and Never, and the
// location's own when the API set another (30 to 3600 seconds, null for never).

import { t } from "../messages";

export const NEVER = "never";

const LENGTHS = [30, 60, 120, 180, 300, 600, 1800, 3600];

export function idleLabel(seconds: number): string {
  if (seconds % 3600 === 0) return t("idle.hours", { count: seconds / 3600 });
  if (seconds % 60 === 0) return t("idle.minutes", { count: seconds / 60 });
  return t("idle.seconds", { count: seconds });
}

/** The form's value for a location's idleSignOutSeconds. */
export const idleChoice = (seconds: number | null): string => (seconds === null ? NEVER : String(seconds));

/** The setting for a value of the form. */
export const idleSeconds = (choice: string): number | null => (choice === NEVER ? null : Number(choice));

export function idleChoices(current: number | null): { value: string; label: string }[] {
  const lengths = current === null || LENGTHS.includes(current) ? LENGTHS : [...LENGTHS, current].sort((a, b) => a - b);
  return [
    ...lengths.map((seconds) => ({ value: String(seconds), label: t("idle.after", { length: idleLabel(seconds) }) })),
    { value: NEVER, label: t("idle.never") },
  ];
}
