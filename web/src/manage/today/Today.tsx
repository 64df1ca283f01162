// Today: the sales report (GET /api/reports/sales) for a range of the location's business
// days, headline figures, the days' checks still open, charts, and each breakdown as CSV. It
// follows the event stream and reloads when the day's money or checks move (./figures.ts) while
// today is in the range.

import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { salesCsv, salesReport } from "../../shared/api/reports";
import { followEvents } from "../../shared/stream";
import { locale } from "../../shared/i18n";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { Problem, RecordTable, SelectField, useLoaded, useMoney } from "../parts";
import type { SalesReport } from "../types";
import { withPercent } from "../../shared/totals";
import { HourChart, ShareBars, TopProducts } from "./Charts";
import { changesTheReport, headlineFigures } from "./figures";
import { OpenChecks } from "./OpenChecks";
import { ReportOpenChecks } from "./ReportOpenChecks";
import { orderTypeName, paymentMethodName, t } from "../messages";
import { dayIn, type DayRange, describeRange, presets, rangeProblem } from "./dates";

const BREAKDOWNS = [
  "summary",
  "byHour",
  "byPaymentMethod",
  "byCategory",
  "productMix",
  "byOrderType",
  "byStaff",
] as const;
type Breakdown = (typeof BREAKDOWNS)[number];

export function Today() {
  const { api, token, location } = useBackOffice();
  const money = useMoney();
  const compact = useMemo(
    () =>
      new Intl.NumberFormat(locale() === "en" ? "en-US" : locale(), {
        style: "currency",
        currency: location.currency,
        notation: "compact",
      }),
    [location.currency],
  );
  const today = dayIn(location.timezone, new Date());
  const [range, setRange] = useState<DayRange>({ from: today, to: today });
  const problem = rangeProblem(range);
  const report = useLoaded<SalesReport | null>(
    () =>
      problem ? Promise.resolve(null) : salesReport(api, { locationId: location.id, from: range.from, to: range.to }),
    [range.from, range.to, problem],
  );
  const [breakdown, setBreakdown] = useState<Breakdown>("productMix");
  const [csvError, setCsvError] = useState<unknown>(null);

  const showsToday = range.from <= today && today <= range.to;
  const reloadReport = report.reload;
  useEffect(() => {
    if (!showsToday) return;
    return followEvents({
      token: () => token,
      locationId: location.id,
      onEvent: (event) => {
        if (changesTheReport(event.type)) reloadReport();
      },
      onConnected: () => {},
      onExpired: reloadReport,
      onUnauthenticated: () => {},
    });
  }, [showsToday, location.id, token, reloadReport]);

  async function downloadCsv() {
    setCsvError(null);
    try {
      const text = await salesCsv(api, { locationId: location.id, from: range.from, to: range.to, breakdown });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
      link.download = `sales-${range.from}-to-${range.to}-${breakdown}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch (failure) {
      setCsvError(failure);
    }
  }

  const data = report.data;
  return (
    <section class="section" aria-labelledby="today-title">
      <header class="section-head">
        <h1 id="today-title">{t("today.title", { range: describeRange(range) })}</h1>
        <span class="hint">{t("today.timezone", { timezone: location.timezone })}</span>
      </header>
      <OpenChecks />
      <div class="toolbar" role="group" aria-label={t("today.dateRange")}>
        {presets(today).map((preset) => (
          <Button
            key={preset.label}
            pressed={preset.range.from === range.from && preset.range.to === range.to}
            onClick={() => setRange(preset.range)}
          >
            {preset.label}
          </Button>
        ))}
        <label class="inline-field">
          {t("today.from")}
          <input
            type="date"
            value={range.from}
            max={today}
            onInput={(e) => setRange({ ...range, from: e.currentTarget.value })}
          />
        </label>
        <label class="inline-field">
          {t("today.to")}
          <input
            type="date"
            value={range.to}
            max={today}
            onInput={(e) => setRange({ ...range, to: e.currentTarget.value })}
          />
        </label>
      </div>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <Problem error={report.error} />
      {data && <Figures report={data} money={money} />}
      {data && data.openChecks.count > 0 && (
        <section class="panel" aria-label={t("today.openChecksOfDays")}>
          <ReportOpenChecks
            found={data.openChecks}
            which={t("open.title")}
            label={t("today.openChecksOfDays")}
            headsPanel
            hint={t("today.openChecksHint")}
          />
        </section>
      )}
      {data && (
        <div class="chart-grid">
          <ChartPanel title={t("today.chart.byHour")} wide>
            <HourChart byHour={data.byHour} money={money} compactMoney={(n) => compact.format(n)} />
          </ChartPanel>
          <ChartPanel title={t("today.chart.paymentMix")}>
            <ShareBars
              name={t("today.chart.paymentMix")}
              money={money}
              empty={t("today.chart.noPayments")}
              parts={data.byPaymentMethod.map((row) => ({
                label: paymentMethodName(row.method),
                amount: row.amount,
                detail: t("today.chart.paymentDetail", { count: row.count, tips: money(row.tips) }),
              }))}
            />
          </ChartPanel>
          <ChartPanel title={t("today.chart.categories")}>
            <ShareBars
              name={t("today.chart.categorySplit")}
              money={money}
              empty={t("today.chart.noSales")}
              parts={data.byCategory.map((row) => ({
                label: row.name ?? t("today.chart.noCategory"),
                amount: row.netSales,
                detail: t("today.chart.sold", { quantity: row.quantity }),
              }))}
            />
          </ChartPanel>
          <ChartPanel title={t("today.chart.topProducts")}>
            <TopProducts products={data.productMix} money={money} />
          </ChartPanel>
          <ChartPanel title={t("today.chart.byStaff")}>
            <ShareBars
              name={t("today.chart.salesByStaff")}
              money={money}
              empty={t("today.chart.noSales")}
              parts={data.byStaff.map((row) => ({
                label: row.name ?? t("today.chart.unknown"),
                amount: row.netSales,
                detail: t("today.chart.ordersTips", { count: row.orderCount, tips: money(row.tips) }),
              }))}
            />
          </ChartPanel>
          {(data.taxes.length > 0 || data.serviceCharges.length > 0 || data.rounding !== 0) && (
            <ChartPanel title={t("today.chart.taxesAndCharges")}>
              <TaxesAndCharges report={data} money={money} />
            </ChartPanel>
          )}
          <ChartPanel title={t("today.chart.orderTypes")}>
            <ShareBars
              name={t("today.chart.orderTypes")}
              money={money}
              empty={t("today.chart.noOrders")}
              parts={data.byOrderType.map((row) => ({
                label: orderTypeName(row.orderType),
                amount: row.netSales,
                detail: t("today.chart.orders", { count: row.count }),
              }))}
            />
          </ChartPanel>
        </div>
      )}
      <div class="toolbar panel" role="group" aria-label={t("today.csv")}>
        <SelectField
          label={t("today.breakdown")}
          value={breakdown}
          options={BREAKDOWNS.map((value) => ({ value, label: t(`today.breakdown.${value}`) }))}
          onChange={setBreakdown}
        />
        <Button onClick={downloadCsv} disabled={!!problem}>
          {t("today.downloadCsv")}
        </Button>
        <Problem error={csvError} />
      </div>
    </section>
  );
}

function ChartPanel(props: { title: string; wide?: boolean; children: ComponentChildren }) {
  return (
    <figure class={props.wide ? "panel chart-wide" : "panel"}>
      <figcaption>
        <h2>{props.title}</h2>
      </figcaption>
      {props.children}
    </figure>
  );
}

function Figures(props: { report: SalesReport; money: (amount: number) => string }) {
  const { location } = useBackOffice();
  const figures = headlineFigures(props.report, location.taxMode, props.money);
  return (
    <dl class="figures" aria-label={t("today.figures")}>
      {figures.map((figure, i) => (
        <div key={figure.name} class={i === 0 ? "figure figure-main" : "figure"}>
          <dt>{figure.name}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Tax by rate (net, tax, gross), the service charges (revenue, not tips) and the cash rounding
 * the period's cash payments settled: what a VAT return and the till's count need. */
function TaxesAndCharges(props: { report: SalesReport; money: (amount: number) => string }) {
  const { report, money } = props;
  const taxes = report.taxes.map((tax) => ({ ...tax, id: `${tax.taxRateId ?? tax.name}-${tax.rate}` }));
  const charges = report.serviceCharges.map((charge) => ({ ...charge, id: charge.serviceChargeId }));
  return (
    <div class="compact-tables">
      {taxes.length > 0 && (
        <RecordTable
          label={t("today.taxByRate")}
          rows={taxes}
          columns={[
            { title: t("today.taxRate"), cell: (tax) => withPercent(tax.name, tax.rate) },
            { title: t("today.net"), number: true, cell: (tax) => money(tax.netAmount) },
            { title: t("today.tax"), number: true, cell: (tax) => money(tax.taxAmount) },
            { title: t("today.gross"), number: true, cell: (tax) => money(tax.grossAmount) },
          ]}
        />
      )}
      {charges.length > 0 && (
        <RecordTable
          label={t("today.serviceCharges")}
          rows={charges}
          columns={[
            { title: t("today.serviceCharge"), cell: (charge) => charge.name },
            { title: t("today.checks"), number: true, cell: (charge) => charge.count },
            { title: t("today.amount"), number: true, cell: (charge) => money(charge.amount) },
          ]}
        />
      )}
      {report.rounding !== 0 && <p class="hint">{t("today.cashRounding", { amount: money(report.rounding) })}</p>}
    </div>
  );
}
