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

// The X, the Zs and the journal (docs/design.md §18).

const atLocation = (locationId: string, number: number) => ({ query: { locationId }, path: { number } });

export const xReport = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/reports/x", { params: { query: { locationId } } }));

export const listZ = (api: Api, query: ListQuery<"/api/reports/z">) =>
  api.read(api.client.GET("/api/reports/z", { params: { query } }));

export const getZ = (api: Api, locationId: string, number: number) =>
  api.read(api.client.GET("/api/reports/z/{number}", { params: atLocation(locationId, number) }));

export const printZ = (api: Api, locationId: string, number: number, printerId: string) =>
  api.read(
    api.client.POST("/api/reports/z/{number}/print", { params: atLocation(locationId, number), body: { printerId } }),
  );

/** The day closed (its Z), or the checks still open that refused it (409 `open_checks`). */
export async function closeDay(
  api: Api,
  body: Schemas["CloseDay"],
): Promise<{ z: Schemas["ZReportOut"] } | { openChecks: Schemas["OpenCheck"][] }> {
  const answer = await api.client.POST("/api/reports/z", { body });
  const problem = answer.error as { code?: string; openChecks?: Schemas["OpenCheck"][] | null } | undefined;
  if (answer.response.status === 409 && problem?.code === "open_checks") {
    return { openChecks: problem.openChecks ?? [] };
  }
  return { z: await api.read(Promise.resolve(answer)) };
}

export const readJournal = (api: Api, query: ListQuery<"/api/journal">) =>
  api.read(api.client.GET("/api/journal", { params: { query } }));

export const verifyJournal = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/journal/verify", { params: { query: { locationId } } }));
