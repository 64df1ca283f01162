// The API's shapes as the back office reads them (README, DESIGN §8–§12). Money is a JSON number.

import type { ModifierGroup, Variant } from "../shared/rules/modifiers";
import type { Role } from "../shared/types";

export type { Category, Page, Role } from "../shared/types";

/** GET /api/staff/me: who the pasted token acts as. */
export interface Caller {
  staffId: string | null;
  name: string;
  role: Role;
  locationId: string | null;
}

export interface Location {
  id: string;
  name: string | null;
  timezone: string;
  currency: string;
}

export type ProductType = "ITEM" | "MODIFIER" | "BUNDLE";

export interface ProductSummary {
  id: string;
  name: string;
  price: number;
  categoryId: string | null;
  sku: string | null;
  barcode: string | null;
  productType: ProductType;
  isActive: boolean;
  is86d: boolean;
  taxRate: number;
  trackInventory: boolean;
  stockQuantity: number | null;
  lowStockThreshold: number | null;
}

export interface ProductDetail extends ProductSummary {
  description: string | null;
  variants: (Variant & { sku: string | null; barcode: string | null; isActive: boolean })[];
  modifierGroups: ModifierGroup[];
}

export interface ModifierGroupRecord extends ModifierGroup {
  locationId: string | null;
}

export interface SalesReport {
  locationId: string;
  from: string;
  to: string;
  timezone: string;
  orderCount: number;
  covers: number;
  grossSales: number;
  discounts: number;
  netSales: number;
  tax: number;
  tips: number;
  totalCollected: number;
  refunds: number;
  averageCheck: number;
  byPaymentMethod: { method: string; count: number; amount: number; tips: number }[];
  byOrderType: { orderType: string; count: number; netSales: number }[];
  byCategory: { categoryId: string | null; name: string | null; quantity: number; netSales: number }[];
  byHour: { hour: number; orderCount: number; netSales: number }[];
  productMix: { productId: string; name: string | null; quantity: number; netSales: number }[];
  voids: { count: number; amount: number };
  byStaff: { staffId: string | null; name: string | null; orderCount: number; netSales: number; tips: number }[];
}

export interface DiningTable {
  id: string;
  locationId: string;
  name: string;
  section: string | null;
  seats: number | null;
  status: "FREE" | "OCCUPIED";
}

export interface StaffMember {
  id: string;
  name: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
}

export type DeviceKind = "TERMINAL" | "KITCHEN_DISPLAY";

export interface Device {
  id: string;
  name: string;
  kind: DeviceKind;
  locationId: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  locationId: string | null;
  staffId: string | null;
  staffName: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  approvedByName: string | null;
}

export type PrinterKind = "RECEIPT" | "KITCHEN";

export interface Printer {
  id: string;
  name: string;
  locationId: string;
  host: string;
  port: number;
  kind: PrinterKind;
  categoryIds: string[];
}

export interface PrintJob {
  id: string;
  kind: "TICKET" | "VOID" | "RECEIPT";
  orderId: string;
  status: "PENDING" | "PRINTED" | "FAILED";
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  printedAt: string | null;
}
