// Products: the menu's list and details, a barcode's product, and the back office's changes
// (variants, availability, stock).

import type { Api, ListQuery, Schemas } from "./client";

const product = (productId: string) => ({ path: { productId } });
const variant = (productId: string, variantId: string) => ({
  path: { productId, variantId },
});

export const listProducts = (api: Api, query: ListQuery<"/api/products">) =>
  api.read(api.client.GET("/api/products", { params: { query } }));

export const getProduct = (api: Api, productId: string) =>
  api.read(api.client.GET("/api/products/{productId}", { params: product(productId) }));

/** The product a barcode names (and the variant, when it is a variant's). */
export const productByBarcode = (api: Api, barcode: string, locationId: string) =>
  api.read(api.client.GET("/api/products/barcode/{barcode}", { params: { path: { barcode }, query: { locationId } } }));

export const createProduct = (api: Api, body: Schemas["ProductCreate"]) =>
  api.read(api.client.POST("/api/products", { body }));

export const updateProduct = (api: Api, productId: string, body: Schemas["ProductUpdate"]) =>
  api.read(api.client.PUT("/api/products/{productId}", { params: product(productId), body }));

export const deleteProduct = (api: Api, productId: string) =>
  api.read(api.client.DELETE("/api/products/{productId}", { params: product(productId) }));

/** 86 a product (sold out), or make it available again. */
export const setSoldOut = (api: Api, productId: string, soldOut: boolean) =>
  api.read(
    soldOut
      ? api.client.POST("/api/products/{productId}/86", { params: product(productId), body: {} })
      : api.client.DELETE("/api/products/{productId}/86", { params: product(productId) }),
  );

export const addVariant = (api: Api, productId: string, body: Schemas["VariantCreate"]) =>
  api.read(api.client.POST("/api/products/{productId}/variants", { params: product(productId), body }));

export const updateVariant = (api: Api, productId: string, variantId: string, body: Schemas["VariantUpdate"]) =>
  api.read(
    api.client.PUT("/api/products/{productId}/variants/{variantId}", { params: variant(productId, variantId), body }),
  );

export const deleteVariant = (api: Api, productId: string, variantId: string) =>
  api.read(
    api.client.DELETE("/api/products/{productId}/variants/{variantId}", { params: variant(productId, variantId) }),
  );

export const changeStock = (api: Api, productId: string, body: Schemas["StockChangeRequest"]) =>
  api.read(api.client.POST("/api/products/{productId}/stock", { params: product(productId), body }));

export const stockMovements = (
  api: Api,
  productId: string,
  query: ListQuery<"/api/products/{productId}/stock-movements">,
) =>
  api.read(api.client.GET("/api/products/{productId}/stock-movements", { params: { ...product(productId), query } }));

/** Many products taxed anew at once, all or nothing: at a named rate or a rate of their own. */
export const bulkSetTax = (api: Api, body: Schemas["BulkTaxChange"]) =>
  api.read(api.client.POST("/api/products/bulk-tax", { body }));
