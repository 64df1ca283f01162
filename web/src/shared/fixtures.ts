// Orders and lines as the API answers them, for unit tests: every field set, any overridden.

import { blankOrder } from "./blank";
import type { Location, Order, OrderItem, Payment, Table } from "./types";

export const anItem = (id: string, name: string, extra: Partial<OrderItem> = {}): OrderItem => ({
  id,
  productId: id,
  variantId: null,
  name,
  quantity: 1,
  unitPrice: 4,
  total: 4,
  taxRateId: null,
  taxRate: 0,
  taxAmount: 0,
  discountAmount: 0,
  modifiers: [],
  notes: null,
  status: "PENDING",
  voidReason: null,
  seat: null,
  course: 1,
  sentAs: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...extra,
});

export const anOrder = (extra: Partial<Order> = {}): Order => ({
  ...blankOrder({
    id: "o",
    orderType: "DINE_IN",
    tableId: "t4",
    tableName: "4",
    locationId: "L",
    currency: "USD",
    guestCount: 3,
    customerName: null,
    createdAt: "2026-01-01T00:00:00Z",
  }),
  orderNumber: "#1042",
  status: "OPEN",
  subtotal: 10,
  total: 10,
  balanceDue: 10,
  items: [anItem("a", "Latte")],
  cashBalanceDue: 10,
  version: 3,
  ...extra,
});

export const aPayment = (method: Payment["method"], amount: number, extra: Partial<Payment> = {}): Payment => ({
  id: "p",
  amount,
  tipAmount: 0,
  roundingAdjustment: 0,
  currency: "USD",
  status: "COMPLETED",
  cardLastFour: null,
  cardBrand: null,
  processedAt: "2026-01-01T00:00:00Z",
  takenBy: null,
  paymentMethod: method,
  method,
  ...extra,
});

export const aTable = (name: string, section: string | null = null): Table => ({
  id: name,
  locationId: "L",
  name,
  section,
  seats: 4,
  status: "FREE",
  guestCode: null,
  openOrders: [],
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
});

export const aLocation = (extra: Partial<Location> = {}): Location => ({
  id: "L",
  name: "Harbour St",
  timezone: "Europe/Paris",
  currency: "EUR",
  ticketWarnMinutes: 5,
  ticketLateMinutes: 10,
  taxMode: "INCLUSIVE",
  cashRounding: null,
  autoComplete: true,
  idleSignOutSeconds: 180,
  serversOpenDrawers: true,
  boardShowsDineIn: false,
  language: "en",
  guestOrdering: "OFF",
  guestOrdersNeedConfirm: true,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...extra,
});
