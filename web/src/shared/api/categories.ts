// Categories and modifier groups: the menu's structure.

import type { Api, ListQuery, Schemas } from "./client";

const category = (categoryId: string) => ({ path: { categoryId } });
const group = (groupId: string) => ({ path: { groupId } });

export const listCategories = (api: Api, query: ListQuery<"/api/categories">) =>
  api.read(api.client.GET("/api/categories", { params: { query } }));

export const createCategory = (api: Api, body: Schemas["CategoryCreate"]) =>
  api.read(api.client.POST("/api/categories", { body }));

export const updateCategory = (api: Api, categoryId: string, body: Schemas["CategoryUpdate"]) =>
  api.read(api.client.PUT("/api/categories/{categoryId}", { params: category(categoryId), body }));

export const deleteCategory = (api: Api, categoryId: string) =>
  api.read(api.client.DELETE("/api/categories/{categoryId}", { params: category(categoryId) }));

export const reorderCategories = (api: Api, body: Schemas["ReorderRequest"]) =>
  api.read(api.client.PUT("/api/categories/reorder", { body }));

export const listModifierGroups = (api: Api, query: ListQuery<"/api/modifier-groups">) =>
  api.read(api.client.GET("/api/modifier-groups", { params: { query } }));

export const createModifierGroup = (api: Api, body: Schemas["ModifierGroupCreate"]) =>
  api.read(api.client.POST("/api/modifier-groups", { body }));

export const updateModifierGroup = (api: Api, groupId: string, body: Schemas["ModifierGroupUpdate"]) =>
  api.read(api.client.PUT("/api/modifier-groups/{groupId}", { params: group(groupId), body }));

export const deleteModifierGroup = (api: Api, groupId: string) =>
  api.read(api.client.DELETE("/api/modifier-groups/{groupId}", { params: group(groupId) }));
