// The event stream (GET /api/events/stream, server-sent events). EventSource cannot send an
// Authorization header, so the stream is read with fetch; when it ends or fails it reconnects
// after a moment with Last-Event-ID, and the server replays what was missed, once, in order.

export interface BrigadeEvent {
  id: number;
  type: string;
  locationId: string | null;
  entityId: string | null;
  orderId: string | null;
  data: unknown;
}

/** Reads server-sent event text as it arrives, chunk by chunk, into whole events. */
export class SseParser {
  private buffer = "";

  feed(chunk: string): BrigadeEvent[] {
    this.buffer += chunk.replace(/\r\n?/g, "\n");
    const events: BrigadeEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf("\n\n")) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      // Comment lines (": connected", heartbeats) and retry: hints carry no data.
      if (data) events.push(JSON.parse(data) as BrigadeEvent);
    }
    return events;
  }
}

export interface StreamOptions {
  token: () => string | null;
  locationId: string;
  onEvent: (event: BrigadeEvent) => void;
  onConnected: (connected: boolean) => void;
  /** The server no longer keeps the events after our cursor: reload everything. */
  onExpired: () => void;
  /** The session ended (expired, signed out elsewhere, device revoked). */
  onUnauthenticated: () => void;
  reconnectMs?: number;
}

export function followEvents(options: StreamOptions): () => void {
  const controller = new AbortController();
  let lastId: number | null = null;

  async function once(): Promise<void> {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    const token = options.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastId !== null) headers["Last-Event-ID"] = String(lastId);
    const url = `/api/events/stream?locationId=${encodeURIComponent(options.locationId)}`;
    const response = await fetch(url, { headers, signal: controller.signal });
    if (response.status === 401) {
      options.onUnauthenticated();
      controller.abort();
      return;
    }
    if (response.status === 410) {
      lastId = null;
      options.onExpired();
      return;
    }
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    options.onConnected(true);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new SseParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.feed(value)) {
        lastId = event.id;
        options.onEvent(event);
      }
    }
  }

  (async () => {
    while (!controller.signal.aborted) {
      try {
        await once();
      } catch {
        if (controller.signal.aborted) return;
        options.onConnected(false);
      }
      await new Promise((resolve) => setTimeout(resolve, options.reconnectMs ?? 1000));
    }
  })();
  return () => controller.abort();
}
