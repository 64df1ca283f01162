// The till (docs/design.md §17): the terminal's cash drawer, its movements and count, clocking
// in and out, and a server's checkout.

import { type Api, type ChangeOptions, type Schemas, changeHeaders } from "./client";

const drawer = (drawerId: string) => ({ path: { drawerId } });

/** The open drawer of this terminal (404 `no_open_drawer`); its expected cash is a manager's. */
export const currentDrawer = (api: Api) => api.read(api.client.GET("/api/cash-drawers/current"));

export const openDrawer = (api: Api, body: Schemas["DrawerOpen"]) =>
  api.read(api.client.POST("/api/cash-drawers", { body }));

/** A pay-in, pay-out or no-sale (a manager's, or with a manager's approval on the drawer). */
export const addMovement = (api: Api, drawerId: string, body: Schemas["MovementIn"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/cash-drawers/{drawerId}/movements", {
      params: drawer(drawerId),
      body,
      headers: changeHeaders(options),
    }),
  );

/** Count and close (a manager's, or with a manager's approval on the drawer). */
export const closeDrawer = (api: Api, drawerId: string, countedAmount: number, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/cash-drawers/{drawerId}/close", {
      params: drawer(drawerId),
      body: { countedAmount },
      headers: changeHeaders(options),
    }),
  );

export const currentShift = (api: Api) => api.read(api.client.GET("/api/shifts/current"));

export const clockIn = (api: Api) => api.read(api.client.POST("/api/shifts/clock-in", { body: {} }));

export const clockOut = (api: Api) => api.read(api.client.POST("/api/shifts/clock-out"));

/** A server's day: sales, tips, cash held, open checks and shifts. */
export const serverCheckout = (api: Api, staffId: string) =>
  api.read(api.client.GET("/api/staff/{staffId}/checkout", { params: { path: { staffId }, query: {} } }));
