// Orders: the floor's lists, the check's changes (each against the version on screen), the
// receipt.

import { type Api, type ChangeOptions, type ListQuery, type Schemas, changeHeaders } from "./client";

export const listOrders = (api: Api, query: ListQuery<"/api/orders">) =>
  api.read(api.client.GET("/api/orders", { params: { query } }));

export const getOrder = (api: Api, orderId: string) =>
  api.read(api.client.GET("/api/orders/{orderId}", { params: { path: { orderId } } }));

/** A new order; `id`, made by the tablet, makes the same order again answer it as it is. */
export const createOrder = (api: Api, locationId: string, body: Schemas["OrderCreate"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders", { params: { query: { locationId } }, body, headers: changeHeaders(options) }),
  );

const order = (orderId: string) => ({ path: { orderId } });
const item = (orderId: string, itemId: string) => ({ path: { orderId, itemId } });

export const addItem = (api: Api, orderId: string, body: Schemas["ItemAdd"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/items", { params: order(orderId), body, headers: changeHeaders(options) }),
  );

export const updateItem = (
  api: Api,
  orderId: string,
  itemId: string,
  body: Schemas["ItemUpdate"],
  options?: ChangeOptions,
) =>
  api.read(
    api.client.PUT("/api/orders/{orderId}/items/{itemId}", {
      params: item(orderId, itemId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const voidItem = (api: Api, orderId: string, itemId: string, reason: string, options?: ChangeOptions) =>
  api.read(
    api.client.DELETE("/api/orders/{orderId}/items/{itemId}", {
      params: item(orderId, itemId),
      body: { reason },
      headers: changeHeaders(options),
    }),
  );

export const sendOrder = (api: Api, orderId: string, options?: ChangeOptions) =>
  api.read(api.client.POST("/api/orders/{orderId}/send", { params: order(orderId), headers: changeHeaders(options) }));

/** Course `course`'s pending items to the kitchen; the course is fired for later sends. */
export const fireCourse = (api: Api, orderId: string, course: number, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/courses/{course}/fire", {
      params: { path: { orderId, course } },
      headers: changeHeaders(options),
    }),
  );

export const discountOrder = (api: Api, orderId: string, body: Schemas["DiscountRequest"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/discount", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const transferOrder = (api: Api, orderId: string, tableId: string, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/transfer", {
      params: order(orderId),
      body: { tableId },
      headers: changeHeaders(options),
    }),
  );

/** New checks at the same table: the items named (`items`), or one per seat (`bySeat`). Answers
 * this check first, then the new ones. */
export const splitOrder = (api: Api, orderId: string, body: Schemas["SplitRequest"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/split", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

/** A line shared in `parts` equal lines on the same check, ready to split or move. */
export const shareItem = (api: Api, orderId: string, itemId: string, parts: number, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/items/{itemId}/share", {
      params: item(orderId, itemId),
      body: { parts },
      headers: changeHeaders(options),
    }),
  );

/** Changes the open order's own fields: its customer's name (null takes it off). */
export const updateOrder = (api: Api, orderId: string, body: Schemas["OrderUpdate"], options?: ChangeOptions) =>
  api.read(
    api.client.PATCH("/api/orders/{orderId}", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const payOrder = (api: Api, orderId: string, body: Schemas["PaymentCreate"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/payments", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

export const completeOrder = (api: Api, orderId: string, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/complete", { params: order(orderId), headers: changeHeaders(options) }),
  );

/** Cancels the order with its reason; every completed payment is refunded. */
export const cancelOrder = (api: Api, orderId: string, reason: string, options?: ChangeOptions) =>
  api.read(
    api.client.DELETE("/api/orders/{orderId}", {
      params: order(orderId),
      body: { reason },
      headers: changeHeaders(options),
    }),
  );

/** The receipt as text, as a printer would print it. */
export const receiptText = (api: Api, orderId: string) =>
  api.read(
    api.client.GET("/api/orders/{orderId}/receipt", { params: order(orderId), parseAs: "text" }),
  ) as Promise<string>;

export const printReceipt = (api: Api, orderId: string, printerId: string) =>
  api.read(api.client.POST("/api/orders/{orderId}/receipt/print", { params: order(orderId), body: { printerId } }));

/** Puts one of the location's service charges on the order. */
export const addServiceCharge = (api: Api, orderId: string, serviceChargeId: string, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/service-charges", {
      params: order(orderId),
      body: { serviceChargeId },
      headers: changeHeaders(options),
    }),
  );

/** Takes a service charge off the order (the location's automatic one takes a manager). */
export const removeServiceCharge = (api: Api, orderId: string, serviceChargeId: string, options?: ChangeOptions) =>
  api.read(
    api.client.DELETE("/api/orders/{orderId}/service-charges/{serviceChargeId}", {
      params: { path: { orderId, serviceChargeId } },
      headers: changeHeaders(options),
    }),
  );

/** Makes a check completed today OPEN again (a manager's, or with a manager's approval). */
export const reopenOrder = (api: Api, orderId: string, reason: string, options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/reopen", {
      params: order(orderId),
      body: { reason },
      headers: changeHeaders(options),
    }),
  );

/** Gives money back on a completed check: by amount or by line (a manager's). */
export const refundOrder = (
  api: Api,
  orderId: string,
  body: Schemas["RefundByAmount"] | Schemas["RefundByLine"],
  options?: ChangeOptions,
) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/refunds", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

/** A card payment's tip, entered after the guest signed, until its business day ends. */
export const adjustTip = (api: Api, orderId: string, paymentId: string, tipAmount: number, options?: ChangeOptions) =>
  api.read(
    api.client.PATCH("/api/orders/{orderId}/payments/{paymentId}", {
      params: { path: { orderId, paymentId } },
      body: { tipAmount },
      headers: changeHeaders(options),
    }),
  );

/** Whole lines to another open check of the location (their part of the discount, charges and
 * tax with them); answers this check, then the other. Nothing goes to the kitchen again. */
export const moveItems = (api: Api, orderId: string, body: Schemas["MoveRequest"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/items/move", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

/** Takes the open check `body.orderId`'s lines and payments into this one (the other is
 * cancelled, merged into it); answers this check, then the other. */
export const mergeOrders = (api: Api, orderId: string, body: Schemas["MergeRequest"], options?: ChangeOptions) =>
  api.read(
    api.client.POST("/api/orders/{orderId}/merge", {
      params: order(orderId),
      body,
      headers: changeHeaders(options),
    }),
  );

/** Today's card payments at the location with no tip yet (the server decides "today"). */
export const listPaymentsAwaitingTip = (api: Api, query: ListQuery<"/api/payments/awaiting-tip">) =>
  api.read(api.client.GET("/api/payments/awaiting-tip", { params: { query } }));
