import { describe, expect, it } from "vitest";
import { errorInWords, outbox, type OutboxJob } from "./outbox";

const now = new Date("2026-11-25T12:00:00Z");
const job = (status: OutboxJob["status"], createdAt: string): OutboxJob => ({ status, createdAt });

describe("outbox", () => {
  it("says when a printer has printed nothing yet", () => {
    expect(outbox([], now)).toEqual({ state: "unused", words: "No jobs yet" });
  });

  it("is healthy when everything printed", () => {
    expect(outbox([job("PRINTED", "2026-11-25T11:00:00Z")], now)).toEqual({ state: "healthy", words: "All printed" });
  });

  it("counts what waits and the age of the oldest", () => {
    const jobs = [
      job("PENDING", "2026-11-25T11:59:30Z"),
      job("PENDING", "2026-11-25T11:57:10Z"),
      job("PRINTED", "2026-11-25T11:50:00Z"),
    ];
    expect(outbox(jobs, now)).toEqual({ state: "waiting", words: "2 waiting, oldest 2 min" });
    expect(outbox([job("PENDING", "2026-11-25T11:59:45Z")], now).words).toBe("1 waiting, oldest under a minute");
    expect(outbox([job("PENDING", "2026-11-25T09:55:00Z")], now).words).toBe("1 waiting, oldest 2 h 5 min");
  });

  it("puts a failure first in colour, in words beside what waits", () => {
    const jobs = [job("PENDING", "2026-11-25T11:55:00Z"), job("FAILED", "2026-11-24T10:00:00Z")];
    expect(outbox(jobs, now)).toEqual({ state: "failed", words: "1 waiting, oldest 5 min; 1 failed" });
  });
});

describe("errorInWords", () => {
  it("says what a refused connection means and keeps an unknown error as it came", () => {
    expect(errorInWords("ConnectionRefusedError: [Errno 111] Connect call failed ('127.0.0.1', 9100)")).toBe(
      "the printer refused the connection: is it switched on, and is the port right?",
    );
    expect(errorInWords("gaierror: [Errno -2] Name or service not known")).toBe(
      "its host name is not found on this network",
    );
    expect(errorInWords("no answer from 10.0.0.5:9100 within 5 s")).toBe("no answer from 10.0.0.5:9100 within 5 s");
  });
});
