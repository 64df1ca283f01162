// Pricing (docs/design.md §15): a location's named tax rates and its service charges.

import type { Api, ListQuery, Schemas } from "./client";

const taxRate = (taxRateId: string) => ({ path: { taxRateId } });
const charge = (serviceChargeId: string) => ({ path: { serviceChargeId } });

export const listTaxRates = (api: Api, query: ListQuery<"/api/tax-rates">) =>
  api.read(api.client.GET("/api/tax-rates", { params: { query } }));

export const createTaxRate = (api: Api, body: Schemas["TaxRateCreate"]) =>
  api.read(api.client.POST("/api/tax-rates", { body }));

export const updateTaxRate = (api: Api, taxRateId: string, body: Schemas["TaxRateUpdate"]) =>
  api.read(api.client.PATCH("/api/tax-rates/{taxRateId}", { params: taxRate(taxRateId), body }));

/** Deletes a rate, or archives it when a product or charge still names it. */
export const deleteTaxRate = (api: Api, taxRateId: string) =>
  api.read(api.client.DELETE("/api/tax-rates/{taxRateId}", { params: taxRate(taxRateId) }));

export const listServiceCharges = (api: Api, query: ListQuery<"/api/service-charges">) =>
  api.read(api.client.GET("/api/service-charges", { params: { query } }));

export const createServiceCharge = (api: Api, body: Schemas["ServiceChargeCreate"]) =>
  api.read(api.client.POST("/api/service-charges", { body }));

export const updateServiceCharge = (api: Api, serviceChargeId: string, body: Schemas["ServiceChargeUpdate"]) =>
  api.read(api.client.PATCH("/api/service-charges/{serviceChargeId}", { params: charge(serviceChargeId), body }));

/** Archives a charge: gone from new orders, still on the orders that carry it. */
export const deleteServiceCharge = (api: Api, serviceChargeId: string) =>
  api.read(api.client.DELETE("/api/service-charges/{serviceChargeId}", { params: charge(serviceChargeId) }));
