// Kitchen stations (docs/design.md §19) and the station each kitchen display shows.

import type { Api, Schemas } from "./client";

const station = (stationId: string) => ({ path: { stationId } });

export const listStations = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/kitchen/stations", { params: { query: { locationId } } }));

export const createStation = (api: Api, body: Schemas["StationCreate"]) =>
  api.read(api.client.POST("/api/kitchen/stations", { body }));

export const updateStation = (api: Api, stationId: string, body: Schemas["StationUpdate"]) =>
  api.read(api.client.PATCH("/api/kitchen/stations/{stationId}", { params: station(stationId), body }));

export const deleteStation = (api: Api, stationId: string) =>
  api.read(api.client.DELETE("/api/kitchen/stations/{stationId}", { params: station(stationId) }));

/** Which station a kitchen display shows; null: every station's work. */
export const setDeviceStation = (api: Api, deviceId: string, stationId: string | null) =>
  api.read(
    api.client.PUT("/api/devices/{deviceId}/station", {
      params: { path: { deviceId } },
      body: { stationId },
    }),
  );
