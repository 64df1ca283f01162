// The checks open right now (./openChecks.ts): GET /api/orders for the location's DRAFT and
// OPEN checks, read again whenever the event stream tells of a change to an order, an item or a
// payment; ages move on every 30 s.

import { useEffect, useState } from "preact/hooks";
import { listOrders } from "../../shared/api/orders";
import { touchesOrders } from "../../shared/events";
import { formatMoney, toCents } from "../../shared/money";
import { followEvents } from "../../shared/stream";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { everyPage, Problem, RecordTable, useLoaded, useMoney } from "../parts";
import { ageInWords, oldestFirst, placeOf } from "./openChecks";

const AGE_TICK_MS = 30_000;

export function OpenChecks() {
  const { api, token, location } = useBackOffice();
  const money = useMoney();
  const checks = useLoaded(async () => {
    const query = { locationId: location.id, status: ["DRAFT" as const, "OPEN" as const] };
    return oldestFirst(await everyPage((page) => listOrders(api, { ...query, page, limit: 100 })));
  }, []);
  const [now, setNow] = useState(Date.now);

  const reload = checks.reload;
  useEffect(
    () =>
      followEvents({
        token: () => token,
        locationId: location.id,
        onEvent: (event) => {
          if (touchesOrders(event)) reload();
        },
        // Back after a gap, the stream replays what was missed (or says it expired).
        onConnected: () => {},
        onExpired: reload,
        onUnauthenticated: () => {},
      }),
    [location.id, token, reload],
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const rows = checks.data ?? [];
  const due = rows.reduce((sum, check) => sum + toCents(check.balanceDue), 0);
  return (
    <section class="panel" aria-labelledby="open-checks-title">
      <h2 id="open-checks-title">
        {checks.data ? t("open.count", { count: rows.length }) : t("open.title")}
        {rows.length > 0 && <span class="hint">{t("open.due", { amount: formatMoney(due, location.currency) })}</span>}
      </h2>
      <Problem error={checks.error} />
      {checks.data?.length === 0 && <p class="hint">{t("open.none")}</p>}
      {rows.length > 0 && (
        <RecordTable
          label={t("open.title")}
          rows={rows}
          columns={[
            { title: t("open.check"), cell: (check) => check.orderNumber },
            { title: t("open.where"), wraps: true, cell: (check) => placeOf(check) },
            { title: t("open.server"), wraps: true, cell: (check) => check.openedBy?.name ?? "—" },
            { title: t("open.openFor"), cell: (check) => ageInWords(check.createdAt, now) },
            { title: t("open.state"), cell: (check) => t(check.status === "DRAFT" ? "open.nothingSent" : "open.sent") },
            { title: t("open.balanceDue"), number: true, cell: (check) => money(check.balanceDue) },
          ]}
        />
      )}
    </section>
  );
}
