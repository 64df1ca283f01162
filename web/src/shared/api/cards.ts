// Card readers, the checkouts they show and the refunds back to their cards.

import type { Api, Schemas } from "./client";

const reader = (readerId: string) => ({ path: { readerId } });
const checkout = (checkoutId: string) => ({ path: { checkoutId } });

export const listReaders = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/payment-readers", { params: { query: { locationId } } }));

export const getReader = (api: Api, readerId: string) =>
  api.read(api.client.GET("/api/payment-readers/{readerId}", { params: reader(readerId) }));

export const createReader = (api: Api, body: Schemas["ReaderCreate"]) =>
  api.read(api.client.POST("/api/payment-readers", { body }));

export const deleteReader = (api: Api, readerId: string) =>
  api.read(api.client.DELETE("/api/payment-readers/{readerId}", { params: reader(readerId) }));

/** The reader becomes the terminal's default (`isDefault`), or stops being it. */
export const setDefaultReader = (api: Api, readerId: string, deviceId: string, isDefault: boolean) => {
  const params = { path: { readerId, deviceId } };
  return api.read(
    isDefault
      ? api.client.PUT("/api/payment-readers/{readerId}/default-for/{deviceId}", { params })
      : api.client.DELETE("/api/payment-readers/{readerId}/default-for/{deviceId}", { params }),
  );
};

/** A card tapped on a manual simulator reader: approved with the guest's tip, or declined. */
export const simulateTap = (api: Api, readerId: string, body: Schemas["TapIn"]) =>
  api.read(api.client.POST("/api/payment-readers/{readerId}/simulate", { params: reader(readerId), body }));

export const startCardCheckout = (api: Api, orderId: string, body: Schemas["CheckoutCreate"]) =>
  api.read(api.client.POST("/api/orders/{orderId}/card-checkouts", { params: { path: { orderId } }, body }));

export const getCardCheckout = (api: Api, checkoutId: string) =>
  api.read(api.client.GET("/api/card-checkouts/{checkoutId}", { params: checkout(checkoutId) }));

export const cancelCardCheckout = (api: Api, checkoutId: string) =>
  api.read(api.client.POST("/api/card-checkouts/{checkoutId}/cancel", { params: checkout(checkoutId) }));

export const listCardRefunds = (api: Api, orderId: string) =>
  api.read(api.client.GET("/api/card-refunds", { params: { query: { orderId } } }));

export const listCardCheckouts = (api: Api, orderId: string) =>
  api.read(api.client.GET("/api/orders/{orderId}/card-checkouts", { params: { path: { orderId } } }));

/** A tab opened on a card: authorised up to `amount` and kept until the tab closes. */
export const holdCard = (api: Api, orderId: string, body: Schemas["HoldCreate"]) =>
  api.read(api.client.POST("/api/orders/{orderId}/card-holds", { params: { path: { orderId } }, body }));

/** The tab closed on its held card: the balance due (or `amount`) and the guest's tip. */
export const captureCardHold = (api: Api, checkoutId: string, body: Schemas["CaptureIn"]) =>
  api.read(api.client.POST("/api/card-checkouts/{checkoutId}/capture", { params: checkout(checkoutId), body }));
