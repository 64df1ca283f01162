// A staff member's API tokens (ADMIN): listed without their secret, made with it shown once,
// revoked.

import type { Api, ListQuery, Schemas } from "./client";

export const listTokens = (api: Api, query: ListQuery<"/api/tokens">) =>
  api.read(api.client.GET("/api/tokens", { params: { query } }));

export const createToken = (api: Api, body: Schemas["TokenCreate"]) =>
  api.read(api.client.POST("/api/tokens", { body }));

export const revokeToken = (api: Api, tokenId: string) =>
  api.read(api.client.DELETE("/api/tokens/{tokenId}", { params: { path: { tokenId } } }));
