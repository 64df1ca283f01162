// The first run (docs/design.md §22): whether it is needed, and doing it.

import type { Api, Schemas } from "./client";

export const setupState = (api: Api) => api.read(api.client.GET("/api/setup"));

/** Makes the location and its first admin, and signs them in (the session cookies). */
export const setUp = (api: Api, body: Schemas["SetupRequest"]) => api.read(api.client.POST("/api/setup", { body }));
