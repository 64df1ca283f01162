"""The OpenAPI's `info.description`: how to use the API as a whole, before its operations
(docs/design.md §3, §6, §7, §8). Markdown, as API documentation tools render it."""

from __future__ import annotations

from brigade.kit.http.api_version import API_VERSION

API_GUIDE = f"""
Brigade is a restaurant point of sale: a catalogue, orders and payments, the dining room, the
kitchen, the till and reports, for screens and for integrations. Version **{API_VERSION}**
(every answer carries `Brigade-Version`; changes are listed in CHANGELOG.md).

## Authentication
Send `Authorization: Bearer <token>`. A staff API token (made in the back office: Staff, then
API tokens) acts with its person's role: KITCHEN < SERVER < MANAGER < ADMIN. A paired device's
token acts as that device at its location; a PIN session acts as its person there. The back
office's own pages use a cookie session with a CSRF token instead. A token made with `scopes`
(`orders:read`, `reports:read`, `webhooks:write`, …) may do only what its role allows and one
of its scopes grants: an accounting export needs no power to void. 401 is no or a bad token,
403 a role or location that may not (`insufficient_scope`: a scope that does not, naming the
one that would); repeated failures from one address are 429 with `Retry-After`.

## Errors
Every error is `application/problem+json`: `type`, `title`, `status`, `detail` and a stable
`code` to switch on (each error answer's schema lists its operation's codes as an enum, with an
example of each the tests met); invalid input adds `errors: [{{field, message}}]`. A new
code may be added to an operation in a later version: treat one you don't know by its status.
A 5xx is a bug. Quote the answer's `Request-Id` when reporting one.

## Retries and concurrency
Send `Idempotency-Key: <uuid>` on a POST: a retry with the same key and body answers what the
first did (`Idempotent-Replayed: true`) and does nothing twice. Orders, items and payments also
take an `id` you make, so a retry after a lost answer finds what the first made. An order
answers an `ETag`; send it as `If-Match` with a change to get 412 `stale_version` rather than
overwrite another terminal's change.

## Paging
Lists answer `{{data, total, page, limit}}` (`limit` 1 to 100). Orders, payments and the audit
log, newest first, also answer `nextCursor`: pass it as `cursor` for the rows after it, which
never repeats or skips a row however many are added while you read.

## Naming
Parameters, in the path and the query alike, are camelCase (`{{orderId}}`, `locationId`).
A window of time is `from` (inclusive) and `to` (exclusive; a date given to `to` is a day, and
that day is included); `updatedSince` is "changed at or after", `createdAfter` "created
strictly after", `after` "events after this id". A list filter repeats its parameter
(`status=OPEN&status=SENT`). A renamed parameter keeps its old name as a deprecated alias with
the same meaning (`startDate`, `endDate`, `since`); old and new together must agree, else 422.

## Actions
An action that answers its outcome (`{{success, …}}`) also answers the resource it changed when
asked with `Prefer: return=representation`: a write to an order adds `order`, reordering
categories `categories`, a bulk update of products `products`; `Preference-Applied` says so.

## Money
Amounts are JSON numbers with at most two decimals, exact to the cent; quantities have at
most three. A location's prices include tax (VAT) or exclude it (sales tax): every order says
its `taxMode` and `currency`.

## Events and webhooks
Every change is an event: `GET /api/events?after=<id>` pages them in order,
`GET /api/events/stream` pushes them (server-sent events, resuming after `Last-Event-ID`), and
`GET /api/events/latest` answers the newest id, so "read the latest id, load, then follow"
misses nothing. A browser's `EventSource` cannot send a header: `POST
/api/events/stream-tickets` with your credential answers `{{ticket, expiresAt}}`, then
`new EventSource("/api/events/stream?ticket=" + ticket)` opens the stream once, within 60 s,
as that credential (a used or expired ticket is 401 `invalid_ticket`: ask for a new one
before each reconnect, resuming with `after=<last id seen>`).
A webhook (ADMIN, `/api/webhooks`) POSTs each event it subscribes to, at least once, signed:
`Brigade-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed by the
webhook's `whsec_` secret (Stripe's libraries verify it), and the Standard Webhooks
headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (its libraries verify them).
Verify one, reject a timestamp more than 5 minutes old, and skip an event `id` already
handled. Events about one order arrive in order; a failing one holds back only its order's
later events, and after 24 h of failures it is `FAILED`, to re-send or skip. The `webhooks`
section below types each event's `data`.
"""
