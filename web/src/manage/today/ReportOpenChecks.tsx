// The open checks a report or an X shows apart (./openChecks.ts): how many, what they paid of
// their totals, and the list by number, so a reopened, paid check is visibly part of the day.

import { t } from "../messages";
import { RecordTable, useMoney } from "../parts";
import { notListed, numberOf, openChecksInWords, type PaidOpenChecks, tableOf } from "./openChecks";

/** ``which`` names the checks in the heading ("Open checks: 2, …"), ``label`` the list; the
 * heading is an h3 under a panel's own heading, an h2 when it heads the panel. */
export function ReportOpenChecks(props: {
  found: PaidOpenChecks;
  which: string;
  hint: string;
  label: string;
  headsPanel?: boolean;
}) {
  const money = useMoney();
  const { found } = props;
  const more = notListed(found);
  const Heading = props.headsPanel ? "h2" : "h3";
  return (
    <>
      <Heading>{openChecksInWords(found, money, props.which)}</Heading>
      {found.count > 0 && <p class="hint">{props.hint}</p>}
      {found.checks.length > 0 && (
        <RecordTable
          label={props.label}
          rows={found.checks}
          columns={[
            { title: t("open.check"), cell: numberOf },
            { title: t("open.table"), cell: tableOf },
            { title: t("open.total"), number: true, cell: (check) => money(check.total) },
            { title: t("open.paid"), number: true, cell: (check) => money(check.paid) },
          ]}
        />
      )}
      {more && <p class="hint">{more}</p>}
    </>
  );
}
