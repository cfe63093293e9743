import type { Client } from './harness.js';

export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** Opens the notifications stream as the web client does (fetch, bearer token) and collects its events. */
export async function openStream(
  baseUrl: string,
  client: Client,
  options: { lastEventId?: string | number } = {},
): Promise<{ status: number; events: SseEvent[]; comments: string[]; closed: Promise<void>; close(): void }> {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    authorization: `Bearer ${client.token ?? ''}`,
    accept: 'text/event-stream',
  };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
    headers,
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const closed = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            const at = line.indexOf(': ');
            if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2);
          }
          if (fields.event)
            events.push({
              event: fields.event,
              ...(fields.id ? { id: fields.id } : {}),
              data: JSON.parse(fields.data ?? 'null'),
            });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { status: response.status, events, comments, closed, close: () => controller.abort() };
}

/** Waits until `check` holds (polling every 50 ms), failing after `ms`. */
export async function eventually(check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
