// Orders: the floor's lists, the check's changes (each against the version on screen), the
// receipt.

import { type Api, type ChangeOptions, type ListQuery, type Schemas, changeHeaders } from "./client";

export const listOrders = (api: Api, query: ListQuery<"/api/orders">) =>
  api.read(api.client.GET("/api/orders", { params: { query } }));

export const getOrder = (api: Api, orderId: string) =>
  api.read(api.client.GET("/api/orders/{order_id}", { params: { path: { order_id: orderId } } }));

export const createOrder = (api: Api, locationId: string, body: Schemas["OrderCreate"]) =>
  api.read(api.client.POST("/api/orders", { params: { query: { locationId } }, body }));

const order = (orderId: string) => ({ path: { order_id: orderId } });
const item = (orderId: string, itemId: string) => ({ path: { order_id: orderId, item_id: itemId } });

export const addItem = (api: Api, orderId: string, body: Schemas["ItemAdd"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{order_id}/items", { params: order(orderId), body, headers: changeHeaders(options) }),
  );

export const updateItem = (
  api: Api,
  orderId: string,
  itemId: string,
  body: Schemas["ItemUpdate"],
  options?: ChangeOptions,
) =>
  api.read(
    api.client.PUT("/api/orders/{order_id}/items/{item_id}", {
      params: item(orderId, itemId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const voidItem = (api: Api, orderId: string, itemId: string, reason: string, options?: ChangeOptions) =>
  api.read(
    api.client.DELETE("/api/orders/{order_id}/items/{item_id}", {
      params: item(orderId, itemId),
      body: { reason },
      headers: changeHeaders(options),
    }),
  );

export const sendOrder = (api: Api, orderId: string, options?: ChangeOptions) =>
  api.read(api.client.POST("/api/orders/{order_id}/send", { params: order(orderId), headers: changeHeaders(options) }));

export const discountOrder = (api: Api, orderId: string, body: Schemas["DiscountRequest"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{order_id}/discount", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const transferOrder = (api: Api, orderId: string, tableId: string, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{order_id}/transfer", {
      params: order(orderId),
      body: { tableId },
      headers: changeHeaders(options),
    }),
  );

export const payOrder = (api: Api, orderId: string, body: Schemas["PaymentCreate"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{order_id}/payments", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const completeOrder = (api: Api, orderId: string, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{order_id}/complete", { params: order(orderId), headers: changeHeaders(options) }),
  );

/** The receipt as text, as a printer would print it. */
export const receiptText = (api: Api, orderId: string) =>
  api.read(
    api.client.GET("/api/orders/{order_id}/receipt", { params: order(orderId), parseAs: "text" }),
  ) as Promise<string>;

export const printReceipt = (api: Api, orderId: string, printerId: string) =>
  api.read(api.client.POST("/api/orders/{order_id}/receipt/print", { params: order(orderId), body: { printerId } }));
