// The till as the back office reads it: cash drawers, their count, and the day's shifts
// (docs/design.md §17).

import type { Api, ListQuery, Schemas } from "./client";

const drawer = (drawerId: string) => ({ path: { drawerId } });

export const listDrawers = (api: Api, query: ListQuery<"/api/cash-drawers">) =>
  api.read(api.client.GET("/api/cash-drawers", { params: { query } }));

/** One drawer with its movements (oldest first) and its live expected cash. */
export const getDrawer = (api: Api, drawerId: string) =>
  api.read(api.client.GET("/api/cash-drawers/{drawerId}", { params: drawer(drawerId) }));

export const closeDrawer = (api: Api, drawerId: string, body: Schemas["DrawerClose"]) =>
  api.read(api.client.POST("/api/cash-drawers/{drawerId}/close", { params: drawer(drawerId), body }));

export const listShifts = (api: Api, query: ListQuery<"/api/shifts">) =>
  api.read(api.client.GET("/api/shifts", { params: { query } }));
