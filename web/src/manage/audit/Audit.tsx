// The audit log (GET /api/audit), newest first, filtered by action (every one the server
// writes, words.ts), staff member and local days; each entry says what it concerns (a check by
// its number and table, a person, a device); times in the location's timezone.

import { useState } from "preact/hooks";
import type { Schemas } from "../../shared/api/client";
import { auditLog } from "../../shared/api/reports";
import { listStaff, staffDirectory } from "../../shared/api/staff";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { everyPage, Problem, SelectField, useLoaded } from "../parts";
import { addDays, startOfDay } from "../today/dates";
import { ACTIONS, actionInWords, changeInWords, PAGE_SIZE, subjectInWords } from "./words";

type AuditAction = Schemas["AuditAction"];

export function Audit() {
  const { api, location, caller } = useBackOffice();
  const [action, setAction] = useState("");
  const [staffId, setStaffId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const people = useLoaded(
    () =>
      everyPage((n) =>
        caller.role === "ADMIN"
          ? listStaff(api, { page: n, limit: 100 })
          : staffDirectory(api, { page: n, limit: 100 }),
      ),
    [],
  );
  const entries = useLoaded(
    () =>
      auditLog(api, {
        locationId: location.id,
        action: (action || undefined) as AuditAction | undefined,
        staffId: staffId || undefined,
        from: from ? startOfDay(from, location.timezone).toISOString() : undefined,
        to: to ? startOfDay(addDays(to, 1), location.timezone).toISOString() : undefined,
        page,
        limit: PAGE_SIZE,
      }),
    [action, staffId, from, to, page],
  );
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: location.timezone,
    dateStyle: "medium",
    timeStyle: "medium",
  });
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section class="section" aria-labelledby="audit-title">
      <header class="section-head">
        <h1 id="audit-title">Audit log</h1>
        <span class="hint">Times in {location.timezone}</span>
      </header>
      <div class="panel">
        <div class="toolbar" role="group" aria-label="Audit filters">
          <SelectField
            label="Action"
            value={action}
            onChange={filter(setAction)}
            options={[
              { value: "", label: "Every action" },
              ...ACTIONS.map((value) => ({ value, label: actionInWords(value) })),
            ]}
          />
          <SelectField
            label="Staff"
            value={staffId}
            onChange={filter(setStaffId)}
            options={[
              { value: "", label: "Everyone" },
              ...(people.data ?? []).map((member) => ({ value: member.id, label: member.name })),
            ]}
          />
          <label class="inline-field">
            From
            <input type="date" value={from} onInput={(e) => filter(setFrom)(e.currentTarget.value)} />
          </label>
          <label class="inline-field">
            To
            <input type="date" value={to} onInput={(e) => filter(setTo)(e.currentTarget.value)} />
          </label>
        </div>
        <Problem error={entries.error} />
        {entries.data?.data.length === 0 ? (
          <p class="hint">Nothing recorded{action || staffId || from || to ? " matches these filters" : " yet"}.</p>
        ) : (
          <table class="data-table" aria-label="Audit entries">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Concerns</th>
                <th scope="col">Change</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {(entries.data?.data ?? []).map((entry) => (
                <tr key={entry.id}>
                  <td class="nowrap">{time.format(new Date(entry.at))}</td>
                  <td>
                    {entry.staffName}
                    {entry.approvedByName && <div class="hint">approved by {entry.approvedByName}</div>}
                  </td>
                  <td>{actionInWords(entry.action)}</td>
                  <td>{subjectInWords(entry) || "—"}</td>
                  <td class="audit-change">
                    {changeInWords(entry.before, entry.after, (instant) => time.format(instant))}
                  </td>
                  <td>{entry.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div class="toolbar pager">
          <Button label="Newer entries" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ← Newer
          </Button>
          <span>
            Page {page} of {pages} · {total} entr{total === 1 ? "y" : "ies"}
          </span>
          <Button label="Older entries" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older →
          </Button>
        </div>
      </div>
    </section>
  );
}
