// The kitchen display's board and its tickets.

import type { Api } from "./client";

const ticket = (ticketId: string) => ({ path: { ticketId } });

/** The board and when it was asked and read (the browser's clock) with the answer's `Date`
 * header: the display counts ages on the server's clock from them. */
export async function kitchenBoard(api: Api, locationId: string) {
  const sentAt = Date.now();
  const answer = await api.client.GET("/api/kitchen/board", { params: { query: { locationId } } });
  const receivedAt = Date.now();
  const board = await api.read(Promise.resolve(answer));
  return { board, date: answer.response.headers.get("Date"), sentAt, receivedAt };
}

export const bumpTicket = (api: Api, ticketId: string) =>
  api.read(api.client.POST("/api/kitchen/tickets/{ticketId}/bump", { params: ticket(ticketId) }));

export const recallTicket = (api: Api, ticketId: string) =>
  api.read(api.client.POST("/api/kitchen/tickets/{ticketId}/recall", { params: ticket(ticketId) }));
