// The restaurant's own ordering page at /order/{slug} (docs/design.md §29): public, no
// credential; an order placed there is followed by its id, the guest's only key to it.

import type { Api, Schemas } from "./client";

type Language = Schemas["Language"];

const page = (slug: string) => ({ path: { slug } });

/** The page: the restaurant, its menu in `lang` where translated, the next pickup slots and
 * whether it is paused. */
export const readOrderPage = (api: Api, slug: string, lang: Language) =>
  api.read(api.client.GET("/api/order-pages/{slug}", { params: { ...page(slug), query: { lang } } }));

/** An order paid at pickup; sent again with the same `key`, the same order. */
export const placeWebOrder = (api: Api, slug: string, body: Schemas["WebOrderIn"]) =>
  api.read(api.client.POST("/api/order-pages/{slug}/orders", { params: page(slug), body }));

/** The order as it is now: NEW, PREPARING, READY, PICKED_UP, REFUSED or CANCELLED. */
export const readWebOrder = (api: Api, slug: string, incomingId: string) =>
  api.read(api.client.GET("/api/order-pages/{slug}/orders/{incomingId}", { params: { path: { slug, incomingId } } }));

/** The calls of the page at `slug`, for its parts. */
export const orderPageCalls = (api: Api, slug: string) => ({
  read: (lang: Language) => readOrderPage(api, slug, lang),
  place: (body: Schemas["WebOrderIn"]) => placeWebOrder(api, slug, body),
  follow: (incomingId: string) => readWebOrder(api, slug, incomingId),
});

export type OrderPageCalls = ReturnType<typeof orderPageCalls>;
