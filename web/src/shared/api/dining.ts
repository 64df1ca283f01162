// The dining room: locations, tables, paired devices.

import type { Api, ListQuery, Schemas } from "./client";

export const listLocations = (api: Api, query: ListQuery<"/api/locations">) =>
  api.read(api.client.GET("/api/locations", { params: { query } }));

export const getLocation = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/locations/{locationId}", { params: { path: { locationId } } }));

/** Makes or changes a location: the server keys it by the id it is given. */
export const putLocation = (api: Api, locationId: string, body: Schemas["LocationProfile"]) =>
  api.read(api.client.PUT("/api/locations/{locationId}", { params: { path: { locationId } }, body }));

const table = (tableId: string) => ({ path: { tableId } });

export const listTables = (api: Api, query: ListQuery<"/api/tables">) =>
  api.read(api.client.GET("/api/tables", { params: { query } }));

export const createTable = (api: Api, body: Schemas["TableCreate"]) =>
  api.read(api.client.POST("/api/tables", { body }));

export const updateTable = (api: Api, tableId: string, body: Schemas["TableUpdate"]) =>
  api.read(api.client.PUT("/api/tables/{tableId}", { params: table(tableId), body }));

/** The table's QR code for guests' phones, as SVG markup. */
export const tableQrCode = (api: Api, tableId: string) =>
  api.read(api.client.GET("/api/tables/{tableId}/qr.svg", { params: table(tableId), parseAs: "text" }));

/** The table's QR code points at a new guest code: the old one opens nothing any more. */
export const newGuestCode = (api: Api, tableId: string) =>
  api.read(api.client.POST("/api/tables/{tableId}/guest-code", { params: table(tableId) }));

export const deleteTable = (api: Api, tableId: string) =>
  api.read(api.client.DELETE("/api/tables/{tableId}", { params: table(tableId) }));

export const listDevices = (api: Api, query: ListQuery<"/api/devices">) =>
  api.read(api.client.GET("/api/devices", { params: { query } }));

/** Makes a device; the answer carries its token, shown once. */
export const createDevice = (api: Api, body: Schemas["DeviceCreate"]) =>
  api.read(api.client.POST("/api/devices", { body }));

export const revokeDevice = (api: Api, deviceId: string) =>
  api.read(api.client.DELETE("/api/devices/{deviceId}", { params: { path: { deviceId } } }));

/** The device a token acts through. */
export const currentDevice = (api: Api) => api.read(api.client.GET("/api/devices/current"));
