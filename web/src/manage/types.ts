// The back office's shapes: aliases of the generated schema.ts (make web-schema). Money is a
// JSON number.

import type { Schemas } from "../shared/api/client";

export type {
  Category,
  DeviceKind,
  Location,
  Page,
  ProductDetail,
  ProductSummary,
  ProductType,
  Role,
} from "../shared/types";

/** GET /api/staff/me: who the pasted token acts as. */
export type Caller = Schemas["Caller"];
export type ModifierGroupRecord = Schemas["ModifierGroupOut"];
/** One of the EU's 14 allergens a product declares. */
export type Allergen = Schemas["Allergen"];
export type SalesReport = Schemas["SalesReportOut"];
export type DiningTable = Schemas["TableOut"];
export type StaffMember = Schemas["StaffOut"];
export type Device = Schemas["DeviceOut"];
export type AuditEntry = Schemas["AuditEntryOut"];
export type PrinterKind = Schemas["PrinterKind"];
export type Printer = Schemas["PrinterOut"];
export type PrintJob = Schemas["PrintJobOut"];
export type KitchenStation = Schemas["StationListed"];
