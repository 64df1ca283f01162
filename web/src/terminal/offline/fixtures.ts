// Operations for the outbox's and reconciliation's tests.

import type { Operation } from "./operations";

/** Seats two at table 4 on check "o". */
export const seatAtFour: Operation = {
  kind: "create",
  orderId: "o",
  locationId: "L",
  orderType: "DINE_IN",
  tableId: "t4",
  tableName: "4",
  guestCount: 2,
  currency: "USD",
};

/** Opens bar tab "o" for Sam, at no table. */
export const tabForSam: Operation = {
  kind: "create",
  orderId: "o",
  locationId: "L",
  orderType: "BAR_TAB",
  tableId: null,
  tableName: null,
  guestCount: null,
  currency: "USD",
  customerName: "Sam",
};
