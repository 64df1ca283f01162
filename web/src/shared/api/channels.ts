// Orders from channels (online ordering, delivery platforms; docs/design.md §29), as the staff
// accept, refuse and hand them over.

import type { Api, Schemas } from "./client";

type Status = Schemas["IncomingStatus"];

const incoming = (incomingId: string) => ({ path: { incomingId } });

/** The location's channel orders in `status` (by pickup time). */
export const listChannelOrders = (api: Api, locationId: string, status: Status[]) =>
  api.read(api.client.GET("/api/channel-orders", { params: { query: { locationId, status } } }));

/** Accepts a NEW order: its check goes to the kitchen (409 past its `acceptBy`). */
export const acceptChannelOrder = (api: Api, incomingId: string) =>
  api.read(api.client.POST("/api/channel-orders/{incomingId}/accept", { params: incoming(incomingId) }));

/** Refuses a NEW order; the channel tells its guest `reason`. */
export const refuseChannelOrder = (api: Api, incomingId: string, reason: string) =>
  api.read(
    api.client.POST("/api/channel-orders/{incomingId}/refuse", { params: incoming(incomingId), body: { reason } }),
  );

/** A platform-paid order handed to its courier: the platform's payment completes its check. */
export const handOverChannelOrder = (api: Api, incomingId: string) =>
  api.read(api.client.POST("/api/channel-orders/{incomingId}/picked-up", { params: incoming(incomingId) }));
