// A pairing code as people see and type it, and the countdown beside it (docs/design.md §23).

/** "482913" as a screen shows it: "482 913". */
export function shownCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/** What a screen reader says: each digit on its own, "4 8 2 9 1 3". */
export function spokenCode(code: string): string {
  return code.split("").join(" ");
}

/** What a person typed, digits only, at most six: "482 913" and "482-913" are "482913". */
export function typedCode(typed: string): string {
  return typed.replace(/[^0-9]/g, "").slice(0, 6);
}

/** Whole seconds until `expiresAt` (never below zero). */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** "9:05": minutes and seconds left. */
export function countdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
