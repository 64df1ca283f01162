// Guests at the tables: the rounds they order from their phones, as the staff confirm them.

import type { Api, Schemas } from "./client";

type Language = Schemas["Language"];
type GuestItemIn = Schemas["GuestItemIn"];
type CallKind = Schemas["CallKind"];

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

// The guests' own calls, from their phone: public, no credential but the table's code and the
// visit it opens (docs/design.md §28).

const visit = (visitId: string) => ({ path: { visitId } });

/** Starts a visit at the table whose QR code the phone scanned. */
export const startGuestVisit = (api: Api, guestCode: string) =>
  api.read(api.client.POST("/api/guest/tables/{guestCode}/visits", { params: { path: { guestCode } } }));

/** The visit and its table's check as the guests see it (410 once the check has closed). */
export const readGuestVisit = (api: Api, visitId: string) =>
  api.read(api.client.GET("/api/guest/visits/{visitId}", { params: visit(visitId) }));

/** The menu shown to guests, in `lang` where translated. */
export const readGuestMenu = (api: Api, visitId: string, lang: Language) =>
  api.read(api.client.GET("/api/guest/visits/{visitId}/menu", { params: { ...visit(visitId), query: { lang } } }));

/** A round from the phone onto the table's check. */
export const placeGuestRound = (api: Api, visitId: string, items: GuestItemIn[]) =>
  api.read(api.client.POST("/api/guest/visits/{visitId}/orders", { params: visit(visitId), body: { items } }));

/** "Call the server" (SERVER) or "Ask for the bill" (BILL). */
export const callGuestStaff = (api: Api, visitId: string, kind: CallKind) =>
  api.read(api.client.POST("/api/guest/visits/{visitId}/calls", { params: visit(visitId), body: { kind } }));

// Paying from the phone (docs/design.md §28): a card payment of the visit's check, followed
// until its card form is ready, then the simulator's test card or the provider's own.

const payment = (visitId: string, paymentId: string) => ({ path: { visitId, paymentId } });

/** Starts paying `amount` and `tip` of the visit's check by card (PENDING; the server then
 * starts the charge at the provider). */
export const startGuestPayment = (api: Api, visitId: string, body: Schemas["GuestPaymentIn"]) =>
  api.read(api.client.POST("/api/guest/visits/{visitId}/payments", { params: visit(visitId), body }));

/** How the payment stands now. */
export const readGuestPayment = (api: Api, visitId: string, paymentId: string) =>
  api.read(api.client.GET("/api/guest/visits/{visitId}/payments/{paymentId}", { params: payment(visitId, paymentId) }));

/** The simulator's test card typed on the phone: the payment answered ended. */
export const payWithTestCard = (api: Api, visitId: string, paymentId: string, cardNumber: string) =>
  api.read(
    api.client.POST("/api/guest/visits/{visitId}/payments/{paymentId}/simulate", {
      params: payment(visitId, paymentId),
      body: { cardNumber },
    }),
  );

/** Gives the payment up: CANCELED, or still WAITING_FOR_CARD while the provider is told. */
export const cancelGuestPayment = (api: Api, visitId: string, paymentId: string) =>
  api.read(
    api.client.POST("/api/guest/visits/{visitId}/payments/{paymentId}/cancel", { params: payment(visitId, paymentId) }),
  );
