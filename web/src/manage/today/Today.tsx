// Today: the sales report (GET /api/reports/sales) for a range of the location's business
// days, headline figures, the days' checks still open, charts, and each breakdown as CSV. It
// follows the event stream and reloads when the day's money or checks move (./figures.ts) while
// today is in the range.

import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { salesCsv, salesReport } from "../../shared/api/reports";
import { followEvents } from "../../shared/stream";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { Problem, RecordTable, SelectField, useLoaded, useMoney } from "../parts";
import type { SalesReport } from "../types";
import { withPercent } from "../../shared/totals";
import { HourChart, ShareBars, TopProducts } from "./Charts";
import { changesTheReport, headlineFigures } from "./figures";
import { OpenChecks } from "./OpenChecks";
import { ReportOpenChecks } from "./ReportOpenChecks";
import { dayIn, type DayRange, describeRange, presets, rangeProblem } from "./dates";

const BREAKDOWNS = [
  { value: "summary", label: "Headline figures" },
  { value: "byHour", label: "Sales by hour" },
  { value: "byPaymentMethod", label: "Payment methods" },
  { value: "byCategory", label: "Categories" },
  { value: "productMix", label: "Product mix" },
  { value: "byOrderType", label: "Order types" },
  { value: "byStaff", label: "Staff" },
] as const;
type Breakdown = (typeof BREAKDOWNS)[number]["value"];

const words = (text: string) => text.charAt(0) + text.slice(1).toLowerCase().replace(/_/g, " ");

export function Today() {
  const { api, token, location } = useBackOffice();
  const money = useMoney();
  const compact = useMemo(
    () => new Intl.NumberFormat("en-US", { style: "currency", currency: location.currency, notation: "compact" }),
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
        <h1 id="today-title">Sales · {describeRange(range)}</h1>
        <span class="hint">Business days in {location.timezone}</span>
      </header>
      <OpenChecks />
      <div class="toolbar" role="group" aria-label="Date range">
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
          From
          <input
            type="date"
            value={range.from}
            max={today}
            onInput={(e) => setRange({ ...range, from: e.currentTarget.value })}
          />
        </label>
        <label class="inline-field">
          To
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
        <section class="panel" aria-label="Open checks of these days">
          <ReportOpenChecks
            found={data.openChecks}
            which="Open checks"
            label="Open checks of these days"
            headsPanel
            hint="Checks of these days still open: what they paid is in the payments and collected above; their sales count once they are completed."
          />
        </section>
      )}
      {data && (
        <div class="chart-grid">
          <ChartPanel title="Sales by hour" wide>
            <HourChart byHour={data.byHour} money={money} compactMoney={(n) => compact.format(n)} />
          </ChartPanel>
          <ChartPanel title="Payment mix">
            <ShareBars
              name="Payment mix"
              money={money}
              empty="No payments yet."
              parts={data.byPaymentMethod.map((row) => ({
                label: words(row.method),
                amount: row.amount,
                detail: `${row.count} payment${row.count === 1 ? "" : "s"}, tips ${money(row.tips)}`,
              }))}
            />
          </ChartPanel>
          <ChartPanel title="Categories">
            <ShareBars
              name="Category split"
              money={money}
              empty="No sales yet."
              parts={data.byCategory.map((row) => ({
                label: row.name ?? "No category",
                amount: row.netSales,
                detail: `${row.quantity} sold`,
              }))}
            />
          </ChartPanel>
          <ChartPanel title="Top products">
            <TopProducts products={data.productMix} money={money} />
          </ChartPanel>
          <ChartPanel title="By staff">
            <ShareBars
              name="Sales by staff"
              money={money}
              empty="No sales yet."
              parts={data.byStaff.map((row) => ({
                label: row.name ?? "Unknown",
                amount: row.netSales,
                detail: `${row.orderCount} orders, tips ${money(row.tips)}`,
              }))}
            />
          </ChartPanel>
          {(data.taxes.length > 0 || data.serviceCharges.length > 0 || data.rounding !== 0) && (
            <ChartPanel title="Taxes & service charges">
              <TaxesAndCharges report={data} money={money} />
            </ChartPanel>
          )}
          <ChartPanel title="Order types">
            <ShareBars
              name="Order types"
              money={money}
              empty="No orders yet."
              parts={data.byOrderType.map((row) => ({
                label: words(row.orderType),
                amount: row.netSales,
                detail: `${row.count} orders`,
              }))}
            />
          </ChartPanel>
        </div>
      )}
      <div class="toolbar panel" role="group" aria-label="CSV download">
        <SelectField label="Breakdown" value={breakdown} options={[...BREAKDOWNS]} onChange={setBreakdown} />
        <Button onClick={downloadCsv} disabled={!!problem}>
          Download CSV
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
    <dl class="figures" aria-label="Headline figures">
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
          label="Tax by rate"
          rows={taxes}
          columns={[
            { title: "Tax rate", cell: (tax) => withPercent(tax.name, tax.rate) },
            { title: "Net", number: true, cell: (tax) => money(tax.netAmount) },
            { title: "Tax", number: true, cell: (tax) => money(tax.taxAmount) },
            { title: "Gross", number: true, cell: (tax) => money(tax.grossAmount) },
          ]}
        />
      )}
      {charges.length > 0 && (
        <RecordTable
          label="Service charges"
          rows={charges}
          columns={[
            { title: "Service charge", cell: (charge) => charge.name },
            { title: "Checks", number: true, cell: (charge) => charge.count },
            { title: "Amount", number: true, cell: (charge) => money(charge.amount) },
          ]}
        />
      )}
      {report.rounding !== 0 && <p class="hint">Cash rounding: {money(report.rounding)}</p>}
    </div>
  );
}
