// Printers and their jobs.

import type { Api, ListQuery, Schemas } from "./client";

const printer = (printerId: string) => ({ path: { printerId } });

export const listPrinters = (api: Api, query: ListQuery<"/api/printers">) =>
  api.read(api.client.GET("/api/printers", { params: { query } }));

/** The printers a receipt may go to. */
export const receiptPrinters = (api: Api, locationId: string) =>
  api.read(api.client.GET("/api/printers/receipt", { params: { query: { locationId } } }));

export const createPrinter = (api: Api, body: Schemas["PrinterCreate"]) =>
  api.read(api.client.POST("/api/printers", { body }));

export const updatePrinter = (api: Api, printerId: string, body: Schemas["PrinterUpdate"]) =>
  api.read(api.client.PATCH("/api/printers/{printerId}", { params: printer(printerId), body }));

export const deletePrinter = (api: Api, printerId: string) =>
  api.read(api.client.DELETE("/api/printers/{printerId}", { params: printer(printerId) }));

export const printJobs = (api: Api, printerId: string, query: ListQuery<"/api/printers/{printerId}/jobs">) =>
  api.read(api.client.GET("/api/printers/{printerId}/jobs", { params: { ...printer(printerId), query } }));
