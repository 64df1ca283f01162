// Cards for the kitchen display's unit tests.

import type { BoardItem, BoardTicket } from "./board";

export function item(name: string, overrides: Partial<BoardItem> = {}): BoardItem {
  return {
    itemId: `${name}-id`,
    productId: `${name}-product`,
    categoryId: null,
    name,
    quantity: 1,
    sentQuantity: 1,
    modifiers: [],
    notes: null,
    status: "SENT",
    voidReason: null,
    seat: null,
    course: 1,
    added: false,
    ...overrides,
  };
}

export function ticket(id: string, createdAt: string, items: BoardItem[]): BoardTicket {
  return {
    id,
    orderId: `order-${id}`,
    orderNumber: `#${id}`,
    orderType: "DINE_IN",
    orderStatus: "OPEN",
    tableId: null,
    tableName: "4",
    customerName: null,
    pickupAt: null,
    server: "Ana",
    sentBy: null,
    createdAt,
    bumpedAt: null,
    items,
  };
}
