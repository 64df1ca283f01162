// The screens' one way to the server: openapi-fetch over the generated schema.ts, with the
// house's behaviour as middleware. Every POST carries an Idempotency-Key and, when the network
// fails (no answer at all), is sent again with the same key until it lands: the server answers
// a repeat with the first answer, so a tap is never lost and never doubled. Components never
// build URLs: they call the resource modules beside this file.

import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema";

/** The API's shapes, as generated from its OpenAPI document. */
export type Schemas = components["schemas"];

/** The query a GET of `path` takes. */
export type ListQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    /** The problem's other fields (a 410 `visit_ended`'s `checkPaid`), when it had them. */
    readonly problem: Partial<Schemas["Problem"]> = {},
  ) {
    super(detail);
  }
}

/** The server could not be reached (no HTTP answer). */
export class Unreachable extends Error {}

/** What a change sends beside its body. */
export interface ChangeOptions {
  /** The order version this change was made against (`If-Match`). */
  ifMatch?: number;
  /** A manager's one-shot approval token (`Brigade-Approval`). */
  approval?: string;
  /** The key the change is kept under (an outbox operation's own); a new one when absent. */
  idempotencyKey?: string;
  /** Asks the answer to carry the whole order after the change (`order`): no read after it. */
  representation?: boolean;
}

export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits between tries: quick at first, then every 5 s for as long as it takes. */
export function retryDelay(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 5000);
}

/** Calls `attempt` until it does not throw `Unreachable`; `onRetry` hears of each failure.
 * `failed`: how many tries already failed before this call. */
export async function untilReached<T>(
  attempt: () => Promise<T>,
  onRetry: (failures: number) => void = () => {},
  wait: Sleep = sleep,
  failed = 0,
): Promise<T> {
  for (let failures = failed; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      onRetry(failures + 1);
      await wait(retryDelay(failures));
    }
  }
}

/** A random (version 4) UUID, for Idempotency-Keys and the ids of ad-hoc modifiers:
 * crypto.randomUUID needs a secure context, a tablet on the LAN has none. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface ConnectionListener {
  (reachable: boolean, pending: number): void;
}

export type Fetcher = (request: Request) => Promise<Response>;

/** The CSRF cookie the back office's password sign-in sets (docs/design.md §7), if any. */
export function csrfCookie(cookies: string = typeof document === "undefined" ? "" : document.cookie): string | null {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "brigade_csrf") return decodeURIComponent(value.join("="));
  }
  return null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `Authorization` from the current token, when there is one; without one the session cookie
 * signs the request in, and a change carries the CSRF cookie's value as `X-CSRF-Token`. */
function bearer(token: () => string | null, csrf: () => string | null = csrfCookie): Middleware {
  return {
    onRequest({ request }) {
      const current = token();
      if (current) {
        request.headers.set("Authorization", `Bearer ${current}`);
        return;
      }
      const guard = SAFE_METHODS.has(request.method) ? null : csrf();
      if (guard) request.headers.set("X-CSRF-Token", guard);
    },
  };
}

/** A key of its own for each POST (a retry of it keeps the key: it is the same Request). */
const idempotent: Middleware = {
  onRequest({ request }) {
    if (request.method === "POST" && !request.headers.has("Idempotency-Key")) {
      request.headers.set("Idempotency-Key", randomUuid());
    }
  },
};

/** The version a change was made against and a manager's approval, as the server reads them. */
export function changeHeaders(options: ChangeOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.ifMatch !== undefined) headers["If-Match"] = `"${options.ifMatch}"`;
  if (options.approval) headers["Brigade-Approval"] = options.approval;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.representation) headers["Prefer"] = "return=representation";
  return headers;
}

/** The answer's data, or the problem it carries as an ApiError. */
type Answer<T> = { data?: T; error?: unknown; response: Response };

export class Api {
  /** Typed calls by path: used by the resource modules only. */
  readonly client: Client<paths>;
  private pending = 0;
  private listeners = new Set<ConnectionListener>();
  /** Each request as sent, to send again after a network failure (fetch consumes a body). */
  private sent = new Map<string, Request>();

  constructor(
    token: () => string | null,
    private fetcher: Fetcher = (request) => fetch(request),
    private wait: Sleep = sleep,
    /** The server's address; the page's own server when empty. */
    baseUrl = "",
    /** Whether a request without an answer is sent again until it gets one; when not, it
     * fails at once with Unreachable (the terminal's outbox does its own retrying). */
    private retrying = true,
  ) {
    // The session cookie goes to the page's own server only, never to another origin.
    this.client = createClient<paths>({
      baseUrl,
      credentials: "same-origin",
      fetch: (request) => this.fetcher(request),
    });
    // onRequest runs in this order, so the retry keeps the request with every header set.
    this.client.use(bearer(token), idempotent, this.retried());
  }

  /** Called when the server no longer accepts this token (401): the session ended. */
  onUnauthenticated: () => void = () => {};

  onConnection(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What a client of the same server under another token found (the terminal's outbox):
   * told to this one's listeners as if it were its own answer. */
  heard(reachable: boolean): void {
    this.tell(reachable);
  }

  private tell(reachable: boolean): void {
    for (const listener of this.listeners) listener(reachable, this.pending);
  }

  /** Counts what is waiting, and sends a request again until it gets an answer. */
  private retried(): Middleware {
    const finished = (id: string) => {
      this.sent.delete(id);
      this.pending--;
    };
    return {
      onRequest: ({ request, id }) => {
        this.pending++;
        this.sent.set(id, request.clone());
      },
      onResponse: ({ id }) => {
        finished(id);
        this.tell(true);
      },
      onError: async ({ id, request }) => {
        const copy = this.sent.get(id);
        if (!copy) return;
        if (!this.retrying) {
          finished(id);
          this.tell(false);
          return new Unreachable(`${request.method} ${request.url}: the server cannot be reached`);
        }
        const again = async () => {
          try {
            return await this.fetcher(copy.clone());
          } catch {
            throw new Unreachable(`${request.method} ${request.url}: the server cannot be reached`);
          }
        };
        this.tell(false);
        await this.wait(retryDelay(0));
        try {
          return await untilReached(again, () => this.tell(false), this.wait, 1);
        } catch (error) {
          finished(id);
          throw error;
        }
      },
    };
  }

  /** The data of an answer; a problem answer becomes an ApiError. */
  async read<T>(call: Promise<Answer<T>>): Promise<T> {
    const { data, error, response } = await call;
    if (response.ok) return data as T;
    const problem = (error ?? null) as Partial<Schemas["Problem"]> | null;
    const failure = new ApiError(
      response.status,
      problem?.code ?? "error",
      problem?.detail ?? `The server answered ${response.status}.`,
      problem ?? {},
    );
    // A wrong PIN is 401 too, but ends nothing.
    if (failure.code === "unauthorized") this.onUnauthenticated();
    throw failure;
  }
}
