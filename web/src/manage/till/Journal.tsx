// The journal's state as verify finds it, and its latest entries, paged back with "Older"
// (docs/design.md §18).

import { useState } from "preact/hooks";
import { readJournal, verifyJournal } from "../../shared/api/reports";
import { formatMoney } from "../../shared/money";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { locale } from "../../shared/i18n";
import { Problem, RecordTable, useLoaded } from "../parts";
import { entryCents, journalState, kindWords, latestAfter, olderAfter } from "./rules";

const PAGE = 20;

export function Journal() {
  const { api, location } = useBackOffice();
  const verification = useLoaded(() => verifyJournal(api, location.id), [location.id]);
  const latest = verification.data ? latestAfter(verification.data.entries, PAGE) : null;
  // null: the latest page; else the page read from this `after`.
  const [after, setAfter] = useState<number | null>(null);
  const from = after ?? latest;
  const entries = useLoaded(
    () =>
      from === null ? Promise.resolve(null) : readJournal(api, { locationId: location.id, after: from, limit: PAGE }),
    [location.id, from],
  );
  const older = from === null ? null : olderAfter(from, PAGE);
  const at = (instant: string) =>
    new Date(instant).toLocaleString(locale() === "en" ? "en-GB" : locale(), {
      timeZone: location.timezone,
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  const state = verification.data;
  return (
    <>
      <Problem error={verification.error ?? entries.error} />
      {state &&
        (state.ok ? (
          <p class="done journal-state" role="status">
            {journalState(state)}
          </p>
        ) : (
          <p class="error journal-state" role="alert">
            {journalState(state)}
          </p>
        ))}
      {state?.entries === 0 && <p class="notice">{t("till.journal.empty")}</p>}
      {entries.data && entries.data.length > 0 && (
        <div class="panel">
          <RecordTable
            label={t("till.journal.entries")}
            rows={[...entries.data].reverse().map((entry) => ({ ...entry, id: String(entry.sequence) }))}
            columns={[
              { title: t("till.journal.entry"), number: true, cell: (entry) => entry.sequence },
              { title: t("till.journal.kind"), cell: (entry) => kindWords(entry.kind) },
              { title: t("till.journal.receipt"), number: true, cell: (entry) => entry.receiptNumber ?? "–" },
              { title: t("till.journal.time"), cell: (entry) => at(entry.at) },
              {
                title: t("till.amount"),
                number: true,
                cell: (entry) => {
                  const cents = entryCents(entry);
                  return cents === null ? "–" : formatMoney(cents, location.currency);
                },
              },
            ]}
          />
          <div class="toolbar pager">
            <Button disabled={older === null} onClick={() => setAfter(older)}>
              {t("till.journal.older")}
            </Button>
            <Button disabled={after === null || after >= (latest ?? 0)} onClick={() => setAfter(null)}>
              {t("till.journal.latest")}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
