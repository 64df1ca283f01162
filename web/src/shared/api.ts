// The terminal's one way to the server. Every POST carries an Idempotency-Key and, when the
// network fails (no answer at all), is sent again with the same key until it lands: the
// server answers a repeat with the first answer, so a tap is never lost and never doubled.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The server could not be reached (no HTTP answer). */
export class Unreachable extends Error {}

export interface RequestOptions {
  /** The order version this change was made against (`If-Match`). */
  ifMatch?: number;
  /** A manager's one-shot approval token (`Brigade-Approval`). */
  approval?: string;
  query?: Record<string, string | number | boolean | undefined>;
}

export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits between tries: quick at first, then every 5 s for as long as it takes. */
export function retryDelay(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 5000);
}

/** Calls `attempt` until it does not throw `Unreachable`; `onRetry` hears of each failure. */
export async function untilReached<T>(
  attempt: () => Promise<T>,
  onRetry: (failures: number) => void = () => {},
  wait: Sleep = sleep,
): Promise<T> {
  for (let failures = 0; ; failures++) {
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

export class Api {
  private pending = 0;
  private listeners = new Set<ConnectionListener>();

  constructor(
    private token: () => string | null,
    private fetcher: typeof fetch = (...args) => fetch(...args),
    private wait: Sleep = sleep,
  ) {}

  /** Called when the server no longer accepts this token (401): the session ended. */
  onUnauthenticated: () => void = () => {};

  onConnection(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(reachable: boolean): void {
    for (const listener of this.listeners) listener(reachable, this.pending);
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.send<T>("GET", path, undefined, options);
  }

  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.send<T>("POST", path, body, options, randomUuid());
  }

  /** A text answer (a CSV report): errors still come as problem+json. */
  getText(path: string, options: RequestOptions = {}): Promise<string> {
    return this.send<string>("GET", path, undefined, options, undefined, "text");
  }

  put<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.send<T>("PUT", path, body, options);
  }

  patch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.send<T>("PATCH", path, body, options);
  }

  delete<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.send<T>("DELETE", path, body, options);
  }

  private async send<T>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions,
    idempotencyKey?: string,
    as: "json" | "text" = "json",
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: as === "json" ? "application/json" : "text/*" };
    const token = this.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    if (options.ifMatch !== undefined) headers["If-Match"] = `"${options.ifMatch}"`;
    if (options.approval) headers["Brigade-Approval"] = options.approval;
    const url = withQuery(path, options.query);
    const init: RequestInit = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    this.pending++;
    let response: Response;
    try {
      response = await untilReached(
        async () => {
          try {
            return await this.fetcher(url, init);
          } catch {
            throw new Unreachable(`${method} ${path}: the server cannot be reached`);
          }
        },
        () => this.tell(false),
        this.wait,
      );
    } finally {
      this.pending--;
    }
    this.tell(true);
    return await read<T>(response, as).catch((error: unknown) => {
      // A wrong PIN is 401 too, but ends nothing.
      if (error instanceof ApiError && error.code === "unauthorized") this.onUnauthenticated();
      throw error;
    });
  }
}

export function withQuery(path: string, query?: RequestOptions["query"]): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  if (pairs.length === 0) return path;
  const search = new URLSearchParams(pairs.map(([key, value]) => [key, String(value)]));
  return `${path}?${search}`;
}

async function read<T>(response: Response, as: "json" | "text" = "json"): Promise<T> {
  const text = await response.text();
  if (response.ok && as === "text") return text as T;
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body?.code ?? "error",
      body?.detail ?? `The server answered ${response.status}.`,
    );
  }
  return body as T;
}
