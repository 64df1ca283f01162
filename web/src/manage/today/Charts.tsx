// Today's charts, drawn with plain HTML and CSS: every bar carries its value in words (its
// accessible name), the axis is rounded to a readable top, and an empty chart says so.

import { t } from "../messages";
import { barPercent, hourBars, hourLabel, niceCeiling, shares, ticks, type HourBar } from "./chart";

type Money = (amount: number) => string;

export function HourChart(props: { byHour: HourBar[]; money: Money; compactMoney: Money }) {
  const bars = hourBars(props.byHour);
  if (bars.length === 0) return <p class="hint">{t("charts.noHours")}</p>;
  const top = niceCeiling(Math.max(...bars.map((bar) => bar.netSales)));
  const labelled = bars.length <= 10;
  return (
    <div class="hour-chart">
      <div class="hour-axis" aria-hidden="true">
        {ticks(top)
          .reverse()
          .map((tick) => (
            <span key={tick}>{props.compactMoney(tick)}</span>
          ))}
      </div>
      <ul class="hour-bars" aria-label={t("charts.netByHour")}>
        {bars.map((bar, index) => {
          const orders = t("charts.orders", { count: bar.orderCount });
          return (
            <li
              key={bar.hour}
              aria-label={t("charts.hourBar", { hour: hourLabel(bar.hour), sales: props.money(bar.netSales), orders })}
              title={t("charts.hourTitle", { sales: props.money(bar.netSales), orders })}
            >
              <div class="hour-bar-area">
                <div class="hour-bar" style={{ height: `${barPercent(bar.netSales, top)}%` }}>
                  {labelled && bar.netSales > 0 && <span class="hour-value">{props.compactMoney(bar.netSales)}</span>}
                </div>
              </div>
              <span class="hour-label" aria-hidden="true">
                {labelled || index % 2 === 0 ? hourLabel(bar.hour) : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface Share {
  label: string;
  amount: number;
  detail?: string;
}

/** A split of a whole (payment methods, categories): one labelled bar per part. */
export function ShareBars(props: { name: string; parts: Share[]; money: Money; empty: string }) {
  if (props.parts.length === 0) return <p class="hint">{props.empty}</p>;
  const percents = shares(props.parts.map((part) => part.amount));
  const top = Math.max(...props.parts.map((part) => part.amount));
  return (
    <ul class="share-bars" aria-label={props.name}>
      {props.parts.map((part, i) => {
        const share = t("charts.share", { amount: props.money(part.amount), percent: percents[i] });
        return (
          <li
            key={part.label}
            aria-label={
              part.detail
                ? t("charts.shareDetail", { label: part.label, share, detail: part.detail })
                : t("charts.shareLabel", { label: part.label, share })
            }
          >
            <span class="share-label">{part.label}</span>
            <span class="share-track" aria-hidden="true">
              <span class="share-fill" style={{ width: `${barPercent(part.amount, top)}%` }} />
            </span>
            <span class="share-value">{share}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function TopProducts(props: {
  products: { productId: string; name: string | null; quantity: number; netSales: number }[];
  money: Money;
}) {
  if (props.products.length === 0) return <p class="hint">{t("charts.nothingSold")}</p>;
  const ranked = [...props.products].sort((a, b) => b.netSales - a.netSales || b.quantity - a.quantity).slice(0, 10);
  const top = ranked[0].netSales;
  return (
    <ol class="top-products" aria-label={t("today.chart.topProducts")}>
      {ranked.map((product) => (
        <li key={product.productId}>
          <span
            class="share-fill top-fill"
            aria-hidden="true"
            style={{ width: `${barPercent(product.netSales, top)}%` }}
          />
          <span class="top-name">{product.name ?? t("charts.deletedProduct")}</span>
          <span class="top-quantity">{t("charts.quantity", { quantity: product.quantity })}</span>
          <span class="top-sales">{props.money(product.netSales)}</span>
        </li>
      ))}
    </ol>
  );
}
