// The API's shapes under the names the screens use: aliases of the generated schema.ts (make
// web-schema), never written by hand. Money is a JSON number.

import type { Schemas } from "./api/client";

export type Role = Schemas["Role"];
export type StaffCard = Schemas["StaffCard"];

/** Any page of a list: its rows and how many there are in all. */
export interface Page<T> {
  data: T[];
  total: number;
}

export type NewSession = Schemas["NewSession"];
export type NewApproval = Schemas["NewApproval"];
/** GET /api/devices/current: the device a token acts through. */
export type PairedDevice = Schemas["DeviceOut"];
export type DeviceKind = Schemas["DeviceKind"];
export type Location = Schemas["LocationOut"];
export type SeatedOrder = Schemas["SeatedOrderOut"];
export type Table = Schemas["TableOut"];
export type OrderStatus = Schemas["OrderStatus"];
export type OrderType = Schemas["OrderType"];
export type ItemStatus = Schemas["ItemStatus"];
export type OrderSummary = Schemas["OrderSummary"];
export type OrderItem = Schemas["OrderItemOut"];
export type Payment = Schemas["PaymentOut"];
/** A payment across orders, with its order's number and where the order is. */
export type SettledPayment = Schemas["SettledPaymentOut"];
export type Order = Schemas["OrderDetail"];
export type Category = Schemas["CategorySummary"];
export type ProductType = Schemas["ProductType"];
export type ProductSummary = Schemas["ProductSummary"];
export type ProductDetail = Schemas["ProductDetail"];
/** A product on the terminal's menu: its summary, and its choices once its detail is read (a
 * barcode lookup also names the variant it hit). */
export type Product = ProductSummary &
  Partial<Pick<ProductDetail, "variants" | "modifierGroups">> & { matchedVariantId?: string | null };
export type TaxMode = Schemas["TaxMode"];
/** One rate's part of an order: net, tax and gross (docs/design.md §15). */
export type OrderTax = Schemas["TaxOut"];
export type OrderServiceCharge = Schemas["OrderServiceChargeOut"];
export type TaxRate = Schemas["TaxRateOut"];
export type ServiceCharge = Schemas["ServiceChargeOut"];
export type ChargeOrderType = Schemas["ChargeOrderType"];
/** A round guests ordered from their phones at a table (docs/design.md §28). */
export type GuestRound = Schemas["GuestRoundOut"];
/** An order a channel brought in (an online ordering page's or a delivery platform's,
 * docs/design.md §29), as the staff accept, refuse and hand it over. */
export type ChannelOrder = Schemas["ChannelOrderOut"];
export type ChannelOrderStatus = Schemas["IncomingStatus"];
