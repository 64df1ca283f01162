// An X's or a Z's figures as a two-column table, and the drawers it lists.

import type { Schemas } from "../../shared/api/client";
import { formatMoney } from "../../shared/money";
import { useBackOffice } from "../context";
import { type DayFigures, figureRows } from "./rules";

export function FigureTable(props: { report: DayFigures; label: string }) {
  const { location } = useBackOffice();
  const rows = figureRows(props.report, (cents) => formatMoney(cents, location.currency), location.taxMode);
  return (
    <table class="data-table figure-table" aria-label={props.label}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} class={row.total ? "figure-total" : undefined}>
            <th scope="row">{row.label}</th>
            <td class="number">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export type ZReport = Schemas["ZReportOut"];
