// A printer's outbox in words, from its newest jobs: what waits, since when, and what failed.

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
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes % 60} min`;
}

export function outbox(jobs: OutboxJob[], now: Date): Outbox {
  if (jobs.length === 0) return { state: "unused", words: "No jobs yet" };
  const waiting = jobs.filter((job) => job.status === "PENDING");
  const failed = jobs.filter((job) => job.status === "FAILED").length;
  const parts: string[] = [];
  if (waiting.length) {
    const oldest = waiting.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
    parts.push(`${waiting.length} waiting, oldest ${age(oldest.createdAt, now)}`);
  }
  if (failed) parts.push(`${failed} failed`);
  if (parts.length === 0) return { state: "healthy", words: "All printed" };
  return { state: failed ? "failed" : "waiting", words: parts.join("; ") };
}

// The print worker records the socket's error as "ConnectionRefusedError: [Errno 111] …".
const ERRORS_IN_WORDS: [RegExp, string][] = [
  [/^ConnectionRefusedError\b/, "the printer refused the connection: is it switched on, and is the port right?"],
  [/^(gaierror|socket\.gaierror)\b/, "its host name is not found on this network"],
  [/^(OSError: \[Errno 113\]|OSError: \[Errno 101\])/, "no route to its address: is it on this network?"],
];

/** Why a job has not printed, for a manager; an error we do not know is shown as it came. */
export function errorInWords(lastError: string): string {
  return ERRORS_IN_WORDS.find(([pattern]) => pattern.test(lastError))?.[1] ?? lastError;
}
