// A drawer's columns (device, opened, float, expected, counted, variance): the Drawers tab's
// table and the drawers an X or a Z lists show the same.

import type { Schemas } from "../../shared/api/client";
import { listDevices } from "../../shared/api/dining";
import { formatMoney, toCents } from "../../shared/money";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { type Column, everyPage, RecordTable, useLoaded } from "../parts";
import { clockTime, varianceWords } from "./rules";

type DrawerFigures = Schemas["ZDrawer"] & { openedBy?: Schemas["StaffRef"] | null };

/** A drawer's device by name ("No device" for a location's own drawer). */
export function useDeviceName(): { name: (deviceId: string | null) => string; error: unknown } {
  const { api, location } = useBackOffice();
  const devices = useLoaded(
    () => everyPage((page) => listDevices(api, { locationId: location.id, page, limit: 100 })),
    [location.id],
  );
  const name = (deviceId: string | null) =>
    deviceId === null
      ? t("till.device.none")
      : (devices.data?.find((device) => device.id === deviceId)?.name ?? t("till.device.other"));
  return { name, error: devices.error };
}

export function useDrawerColumns<T extends DrawerFigures>(day: string): { columns: Column<T>[]; error: unknown } {
  const { location } = useBackOffice();
  const devices = useDeviceName();
  const money = (amount: number) => formatMoney(toCents(amount), location.currency);
  const columns: Column<T>[] = [
    {
      title: t("till.column.device"),
      cell: (drawer) => (
        <>
          {devices.name(drawer.deviceId)}
          {drawer.closedAt === null && <span class="chip till-open">{t("till.column.open")}</span>}
        </>
      ),
    },
    {
      title: t("till.column.opened"),
      wraps: true,
      cell: (drawer) => {
        const at = clockTime(drawer.openedAt, location.timezone, day);
        return drawer.openedBy ? t("till.column.openedBy", { at, name: drawer.openedBy.name }) : at;
      },
    },
    { title: t("till.column.float"), number: true, cell: (drawer) => money(drawer.openingFloat) },
    { title: t("till.column.expected"), number: true, cell: (drawer) => money(drawer.expectedAmount) },
    {
      title: t("till.column.counted"),
      number: true,
      cell: (drawer) => (drawer.countedAmount === null ? "–" : money(drawer.countedAmount)),
    },
    {
      title: t("till.column.variance"),
      number: true,
      cell: (drawer) =>
        drawer.variance === null
          ? "–"
          : varianceWords(drawer.variance, (cents) => formatMoney(cents, location.currency)),
    },
  ];
  return { columns, error: devices.error };
}

/** The drawers an X or a Z lists. */
export function ReportDrawers(props: { drawers: Schemas["ZDrawer"][]; day: string; label: string }) {
  const { columns } = useDrawerColumns<Schemas["ZDrawer"]>(props.day);
  if (props.drawers.length === 0) return <p class="hint">{t("till.drawers.noneInPeriod")}</p>;
  return <RecordTable label={props.label} rows={props.drawers} columns={columns} />;
}
