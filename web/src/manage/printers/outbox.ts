// A printer's outbox in words, from its newest jobs: what waits, since when, and what failed.

import { t } from "../messages";

export type JobStatus = "PENDING" | "PRINTED" | "FAILED";

export interface OutboxJob {
  status: JobStatus;
  createdAt: string;
}

export interface Outbox {
  /** "waiting" (amber), "failed" (red), "healthy" or "unused" (no jobs yet). */
  state: "waiting" | "failed" | "healthy" | "unused";
  words: string;
}

function age(from: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 60_000));
  if (minutes < 1) return t("outbox.underMinute");
  if (minutes < 60) return t("age.minutes", { minutes });
  return t("age.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function outbox(jobs: OutboxJob[], now: Date): Outbox {
  if (jobs.length === 0) return { state: "unused", words: t("outbox.none") };
  const waiting = jobs.filter((job) => job.status === "PENDING");
  const failed = jobs.filter((job) => job.status === "FAILED").length;
  const parts: string[] = [];
  if (waiting.length) {
    const oldest = waiting.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
    parts.push(t("outbox.waiting", { count: waiting.length, age: age(oldest.createdAt, now) }));
  }
  if (failed) parts.push(t("outbox.failed", { count: failed }));
  if (parts.length === 0) return { state: "healthy", words: t("outbox.allPrinted") };
  return { state: failed ? "failed" : "waiting", words: parts.join("; ") };
}

// The print worker records the socket's error as "ConnectionRefusedError: [Errno 111] …".
const ERRORS_IN_WORDS: [RegExp, "outbox.refused" | "outbox.noHost" | "outbox.noRoute"][] = [
  [/^ConnectionRefusedError\b/, "outbox.refused"],
  [/^(gaierror|socket\.gaierror)\b/, "outbox.noHost"],
  [/^(OSError: \[Errno 113\]|OSError: \[Errno 101\])/, "outbox.noRoute"],
];

/** Why a job has not printed, for a manager; an error we do not know is shown as it came. */
export function errorInWords(lastError: string): string {
  const known = ERRORS_IN_WORDS.find(([pattern]) => pattern.test(lastError));
  return known ? t(known[1]) : lastError;
}
