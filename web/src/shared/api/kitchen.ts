// The kitchen display's board and its tickets.

import type { Api } from "./client";

const ticket = (ticketId: string) => ({ path: { ticket_id: ticketId } });

export const kitchenBoard = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/kitchen/board", { params: { query: { locationId } } }));

export const bumpTicket = (api: Api, ticketId: string) =>
  api.read(api.client.POST("/api/kitchen/tickets/{ticket_id}/bump", { params: ticket(ticketId) }));

export const recallTicket = (api: Api, ticketId: string) =>
  api.read(api.client.POST("/api/kitchen/tickets/{ticket_id}/recall", { params: ticket(ticketId) }));
