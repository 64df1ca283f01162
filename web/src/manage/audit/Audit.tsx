// The audit log (GET /api/audit), newest first, filtered by action (every one the server
// writes, words.ts), staff member and local days; each entry says what it concerns (a check by
// its number and table, a person, a device); times in the location's timezone.

import { useState } from "preact/hooks";
import type { Schemas } from "../../shared/api/client";
import { auditLog } from "../../shared/api/reports";
import { listStaff, staffDirectory } from "../../shared/api/staff";
import { Button } from "../../shared/ui";
import { locale } from "../../shared/i18n";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { everyPage, Problem, SelectField, useLoaded } from "../parts";
import { addDays, startOfDay } from "../today/dates";
import { ACTIONS, actionInWords, changeInWords, PAGE_SIZE, subjectInWords } from "./words";

type AuditAction = Schemas["AuditAction"];
// A sign, not a word: an empty cell.
const NOTHING = "—";

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
  const time = new Intl.DateTimeFormat(locale() === "en" ? "en-GB" : locale(), {
    timeZone: location.timezone,
    dateStyle: "medium",
    timeStyle: "medium",
  });
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section class="section" aria-labelledby="audit-title">
      <header class="section-head">
        <h1 id="audit-title">{t("audit.title")}</h1>
        <span class="hint">{t("audit.times", { timezone: location.timezone })}</span>
      </header>
      <div class="panel">
        <div class="toolbar" role="group" aria-label={t("audit.filters")}>
          <SelectField
            label={t("audit.action")}
            value={action}
            onChange={filter(setAction)}
            options={[
              { value: "", label: t("audit.everyAction") },
              ...ACTIONS.map((value) => ({ value, label: actionInWords(value) })),
            ]}
          />
          <SelectField
            label={t("audit.staff")}
            value={staffId}
            onChange={filter(setStaffId)}
            options={[
              { value: "", label: t("audit.everyone") },
              ...(people.data ?? []).map((member) => ({ value: member.id, label: member.name })),
            ]}
          />
          <label class="inline-field">
            {t("audit.from")}
            <input type="date" value={from} onInput={(e) => filter(setFrom)(e.currentTarget.value)} />
          </label>
          <label class="inline-field">
            {t("audit.to")}
            <input type="date" value={to} onInput={(e) => filter(setTo)(e.currentTarget.value)} />
          </label>
        </div>
        <Problem error={entries.error} />
        {entries.data?.data.length === 0 ? (
          <p class="hint">{t(action || staffId || from || to ? "audit.nothingMatches" : "audit.nothingYet")}</p>
        ) : (
          <table class="data-table" aria-label={t("audit.entries")}>
            <thead>
              <tr>
                <th scope="col">{t("audit.when")}</th>
                <th scope="col">{t("audit.who")}</th>
                <th scope="col">{t("audit.what")}</th>
                <th scope="col">{t("audit.concerns")}</th>
                <th scope="col">{t("audit.change")}</th>
                <th scope="col">{t("audit.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {(entries.data?.data ?? []).map((entry) => (
                <tr key={entry.id}>
                  <td class="nowrap">{time.format(new Date(entry.at))}</td>
                  <td>
                    {entry.staffName}
                    {entry.approvedByName && (
                      <div class="hint">{t("audit.approvedBy", { name: entry.approvedByName })}</div>
                    )}
                  </td>
                  <td>{actionInWords(entry.action)}</td>
                  <td>{subjectInWords(entry) || NOTHING}</td>
                  <td class="audit-change wraps">
                    {changeInWords(entry.before, entry.after, (instant) => time.format(instant))}
                  </td>
                  <td>{entry.reason ?? NOTHING}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div class="toolbar pager">
          <Button label={t("audit.newerEntries")} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("audit.newer")}
          </Button>
          <span>{t("audit.page", { page, pages, total })}</span>
          <Button label={t("audit.olderEntries")} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("audit.older")}
          </Button>
        </div>
      </div>
    </section>
  );
}
