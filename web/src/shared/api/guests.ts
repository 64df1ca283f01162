// Guests at the tables: the rounds they order from their phones, as the staff confirm them.

import type { Api } from "./client";

const round = (roundId: string) => ({ path: { roundId } });

/** The location's guests' rounds waiting for a server, oldest first. */
export const listWaitingGuestRounds = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/guest-rounds", { params: { query: { locationId } } }));

/** Sends the round's items to the kitchen. */
export const confirmGuestRound = (api: Api, roundId: string) =>
  api.read(api.client.POST("/api/guest-rounds/{roundId}/confirm", { params: round(roundId) }));

/** Takes the round's items off the check; the guests' phone shows `reason`. */
export const declineGuestRound = (api: Api, roundId: string, reason: string) =>
  api.read(api.client.POST("/api/guest-rounds/{roundId}/decline", { params: round(roundId), body: { reason } }));
