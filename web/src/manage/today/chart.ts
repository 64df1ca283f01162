// The arithmetic behind Today's charts, kept apart from the drawing so it is unit-tested.

import { locale } from "../../shared/i18n";
import { t } from "../messages";

/** A round top for an axis at or above `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max - 1e-9) return step * power;
  }
  return 10 * power;
}

/** `count` + 1 evenly spaced gridline values from 0 to `top`. */
export function ticks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

/** How tall (in % of the axis) `value` stands on an axis topping at `top`. */
export function barPercent(value: number, top: number): number {
  if (top <= 0 || value <= 0) return 0;
  return Math.min(100, (value / top) * 100);
}

export interface HourBar {
  hour: number;
  orderCount: number;
  netSales: number;
}

/** Every hour from the first with sales to the last, the quiet ones as zero bars, so the
 * day reads left to right without gaps; none when nothing sold. */
export function hourBars(byHour: HourBar[]): HourBar[] {
  const sold = byHour.filter((bar) => bar.orderCount > 0 || bar.netSales !== 0);
  if (sold.length === 0) return [];
  const hours = sold.map((bar) => bar.hour);
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const byNumber = new Map(sold.map((bar) => [bar.hour, bar]));
  const bars: HourBar[] = [];
  for (let hour = first; hour <= last; hour++) {
    bars.push(byNumber.get(hour) ?? { hour, orderCount: 0, netSales: 0 });
  }
  return bars;
}

/** "9am", "12pm", "5pm": an hour of the local day (in the language's clock: 12 or 24 hours). */
export function hourLabel(hour: number): string {
  const cycle = new Intl.DateTimeFormat(locale(), { hour: "numeric" }).resolvedOptions().hourCycle;
  const twelveHours = cycle === "h11" || cycle === "h12";
  const shown = twelveHours && hour % 12 === 0 ? 12 : twelveHours ? hour % 12 : hour;
  return t("charts.hourLabel", { am: hour < 12 ? "yes" : "no", hour: shown });
}

/** Whole percentages of the total that add up to exactly 100 (largest remainders get the
 * spare points); all zeros when the total is not positive. */
export function shares(values: number[]): number[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (Math.max(0, value) / total) * 100);
  const whole = exact.map(Math.floor);
  let spare = 100 - whole.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, i) => ({ i, rest: value - whole[i] })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (spare <= 0) break;
    whole[i] += 1;
    spare -= 1;
  }
  return whole;
}
