// The guests' board: order numbers preparing and ready (docs/design.md §20).

import type { Api } from "./client";

export const pickupBoard = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/pickup-board", { params: { query: { locationId } } }));
