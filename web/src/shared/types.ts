// The API's shapes as the terminal reads them (README, DESIGN §8–§10). Money is a JSON number.

import type { ChoosableProduct } from "./rules/modifiers";

export type Role = "KITCHEN" | "SERVER" | "MANAGER" | "ADMIN";

export interface StaffCard {
  id: string;
  name: string;
  role: Role;
}

export interface Page<T> {
  data: T[];
  total: number;
}

export interface NewSession {
  token: string;
  expiresAt: string;
  staff: StaffCard;
}

export interface NewApproval {
  token: string;
  approver: StaffCard;
}

/** GET /api/devices/current: the device a token acts through. */
export interface PairedDevice {
  id: string;
  name: string;
  kind: "TERMINAL" | "KITCHEN_DISPLAY";
  locationId: string;
}

export interface Location {
  id: string;
  name: string | null;
  currency: string;
  /** A kitchen ticket turns amber, then red (late), past these ages in minutes. */
  ticketWarnMinutes: number;
  ticketLateMinutes: number;
}

export interface SeatedOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  guestCount: number | null;
  total: number;
  balanceDue: number;
  createdAt: string;
}

export interface Table {
  id: string;
  name: string;
  section: string | null;
  seats: number | null;
  status: "FREE" | "OCCUPIED";
  openOrders: SeatedOrder[];
}

export type OrderStatus = "DRAFT" | "OPEN" | "COMPLETED" | "CANCELLED";
export type OrderType = "DINE_IN" | "TAKEOUT" | "DELIVERY" | "BAR_TAB";
export type ItemStatus = "PENDING" | "SENT" | "PREPARING" | "READY" | "SERVED" | "VOIDED";

export interface OrderSummary {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  orderType: OrderType;
  tableId: string | null;
  tableName: string | null;
  total: number;
  balanceDue: number;
  createdAt: string;
}

export interface OrderItem {
  id: string;
  productId: string;
  variantId?: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  modifiers: { modifierOptionId: string; name: string; price: number }[];
  notes: string | null;
  status: ItemStatus;
  voidReason: string | null;
}

export interface Payment {
  id: string;
  amount: number;
  tipAmount: number;
  method: string;
  cardLastFour: string | null;
}

export interface Order extends OrderSummary {
  guestCount: number | null;
  items: OrderItem[];
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  paidAmount: number;
  tipTotal: number;
  payments: Payment[];
  version: number;
}

export interface Category {
  id: string;
  name: string;
  parentCategoryId: string | null;
  sortOrder: number;
  isActive: boolean;
}

export interface Product extends ChoosableProduct {
  categoryId: string | null;
  barcode: string | null;
  productType: "ITEM" | "MODIFIER" | "BUNDLE";
  isActive: boolean;
  is86d: boolean;
  /** A barcode lookup that hit one of the product's variants names it. */
  matchedVariantId?: string | null;
}
