// Staff and their sessions: the sign-in directory, sign-in and out, a manager's approval, and
// the back office's staff list.

import type { Api, ListQuery, Schemas } from "./client";

/** Who may sign in here: names and roles only. */
export const staffDirectory = (api: Api, query: ListQuery<"/api/staff/directory">) =>
  api.read(api.client.GET("/api/staff/directory", { params: { query } }));

export const listStaff = (api: Api, query: ListQuery<"/api/staff">) =>
  api.read(api.client.GET("/api/staff", { params: { query } }));

/** Who the token acts as. */
export const caller = (api: Api) => api.read(api.client.GET("/api/staff/me"));

export const createStaff = (api: Api, body: Schemas["StaffCreate"]) =>
  api.read(api.client.POST("/api/staff", { body }));

export const updateStaff = (api: Api, staffId: string, body: Schemas["StaffUpdate"]) =>
  api.read(api.client.PATCH("/api/staff/{staffId}", { params: { path: { staffId } }, body }));

export const signIn = (api: Api, body: Schemas["PinCheck"]) => api.read(api.client.POST("/api/sessions", { body }));

export const signOut = (api: Api) => api.read(api.client.DELETE("/api/sessions/current"));

/** A manager's one-shot approval of one action. */
export const requestApproval = (api: Api, body: Schemas["ApprovalAsk"]) =>
  api.read(api.client.POST("/api/approvals", { body }));

/** The back office's password sign-in: the server sets the session cookies (docs/design.md §7). */
export const passwordSignIn = (api: Api, body: Schemas["Credentials"]) =>
  api.read(api.client.POST("/api/auth/sign-in", { body }));

/** Ends the cookie session and clears its cookies. */
export const passwordSignOut = (api: Api) => api.read(api.client.POST("/api/auth/sign-out"));

/** A manager's PIN on this paired terminal (its device token) opens the back office's cookie
 * session, at the terminal's location (docs/design.md §7). */
export const pinSignIn = (api: Api, body: Schemas["PinCheck"]) =>
  api.read(api.client.POST("/api/auth/pin-sign-in", { body }));
