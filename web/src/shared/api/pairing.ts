// Pairing a device by a short code (docs/design.md §23): the device asks for a code and polls
// its claim; a manager approves the code in the back office; a device unpairs itself.

import { type Api, type Schemas, changeHeaders } from "./client";

/** A code to show and a claim to keep; no credential needed. */
export const askForCode = (api: Api, kind: Schemas["CodeAsk"]["kind"]) =>
  api.read(api.client.POST("/api/pairing-codes", { body: { kind } }));

/** PENDING (ask again) or PAIRED, with the device's token, once. */
export const claimToken = (api: Api, claim: string) =>
  api.read(api.client.POST("/api/pairing-codes/claim", { body: { claim } }));

/** A manager pairs the device showing `code`: the answer is the new device. */
export const approveCode = (api: Api, body: Schemas["CodeApproval"]) =>
  api.read(api.client.POST("/api/pairing-codes/approve", { body }));

/** The device revokes itself, with a manager's approval (or a manager's own session). */
export const unpairThisDevice = (api: Api, approval?: string) =>
  api.read(api.client.POST("/api/devices/current/unpair", { headers: changeHeaders({ approval }) }));
