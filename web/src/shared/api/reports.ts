// Reports and the audit log.

import type { Api, ListQuery, Schemas } from "./client";

type SalesQuery = ListQuery<"/api/reports/sales">;

// The report answers JSON or CSV (format): each function reads the one it asks for.
export const salesReport = (api: Api, query: Omit<SalesQuery, "format" | "breakdown">) =>
  api.read(api.client.GET("/api/reports/sales", { params: { query } })) as Promise<Schemas["SalesReportOut"]>;

/** One breakdown of the report as CSV, as it came (CRLF and all). */
export const salesCsv = (api: Api, query: Omit<SalesQuery, "format">) =>
  api.read(
    api.client.GET("/api/reports/sales", { params: { query: { ...query, format: "csv" } }, parseAs: "text" }),
  ) as Promise<string>;

export const auditLog = (api: Api, query: ListQuery<"/api/audit">) =>
  api.read(api.client.GET("/api/audit", { params: { query } }));
