import type { NotificationResponse } from '@mindledger/domain';
import { refreshAccessToken } from '../../api/client';
import { tokenStore } from '../../api/token';
import { notificationsApi } from './api';
import { SseParser, type SseEvent } from './sse';

/** The stream of docs/API-notifications.md, read with fetch so the token never goes into a URL. */
export const streamUrl = '/api/v1/notifications/stream';
export const reconnectInitialMs = 1_000;
export const reconnectMaxMs = 30_000;
/** The server sends ': ping' every 25 s; a minute of silence means the connection is dead. */
export const heartbeatTimeoutMs = 60_000;

export type LiveEvent =
  | { type: 'notification'; notification: NotificationResponse; id: string | null }
  | { type: 'unread'; unreadCount: number };

export type LiveListener = (event: LiveEvent) => void;

export interface LiveDeps {
  fetch: typeof fetch;
  /** The current access token while it is valid. */
  token: () => string | null;
  /** Whether a session is held at all (a token, valid or not, is stored). */
  hasSession: () => boolean;
  /** The api client's refresh path: a new access token, or null. */
  refresh: () => Promise<string | null>;
  /** A refresh failed: let the api client find out whether the session is over (it signs out). */
  onRefreshFailed: () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
}

/** The wait before reconnection attempt n (0-based): 1 s, 2 s, 4 s … at most 30 s, a little jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(reconnectMaxMs, reconnectInitialMs * 2 ** Math.min(attempt, 16));
  return Math.min(reconnectMaxMs, Math.round(base * (1 + 0.25 * random())));
}

function parseEvent(event: SseEvent): LiveEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  if (event.event === 'notification') {
    const notification = data as Partial<NotificationResponse>;
    if (typeof notification.id !== 'string' || typeof notification.title !== 'string') return null;
    return {
      type: 'notification',
      notification: { ...notification, data: notification.data ?? {} } as NotificationResponse,
      id: event.id,
    };
  }
  if (event.event === 'unread') {
    const count = (data as { unreadCount?: unknown }).unreadCount;
    return typeof count === 'number' && Number.isFinite(count)
      ? { type: 'unread', unreadCount: count }
      : null;
  }
  return null;
}

/**
 * One live connection per tab, shared by whoever subscribes (the bell, the notifications page): it
 * opens with the first subscriber and closes with the last. It reconnects with backoff, resuming
 * after the last event id it saw, and renews the access token through the api client on a 401.
 */
export class NotificationLiveStream {
  private readonly listeners = new Set<LiveListener>();
  private running = false;
  /** Bumped by every stop: a connection of an older generation quits. */
  private generation = 0;
  private attempt = 0;
  private controller: AbortController | null = null;
  private retryTimer: unknown = null;
  private watchdog: unknown = null;
  private waitingRetry: (() => void) | null = null;
  lastEventId: string | null = null;

  constructor(private readonly deps: LiveDeps) {}

  get active(): boolean {
    return this.running;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (!this.running) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    const generation = this.generation;
    void this.connect(generation);
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.generation += 1;
    this.controller?.abort();
    this.controller = null;
    this.clearTimers();
  }

  /** Logout: stop and forget where the stream was (the next user starts fresh). */
  reset(): void {
    this.stop();
    this.lastEventId = null;
  }

  /** Back online: a pending reconnection goes now instead of after its wait. */
  reconnectNow(): void {
    const resume = this.waitingRetry;
    if (!resume) return;
    this.attempt = 0;
    resume();
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) this.deps.clearTimeout(this.retryTimer);
    if (this.watchdog !== null) this.deps.clearTimeout(this.watchdog);
    this.retryTimer = null;
    this.watchdog = null;
    this.waitingRetry = null;
  }

  private current(generation: number): boolean {
    return this.running && generation === this.generation;
  }

  private scheduleRetry(generation: number): void {
    if (!this.current(generation)) return;
    const delay = reconnectDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    const go = () => {
      if (this.retryTimer !== null) this.deps.clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.waitingRetry = null;
      void this.connect(generation);
    };
    this.waitingRetry = go;
    this.retryTimer = this.deps.setTimeout(go, delay);
  }

  private async accessToken(): Promise<string | null> {
    return this.deps.token() ?? (this.deps.hasSession() ? await this.deps.refresh() : null);
  }

  private async connect(generation: number, renewed = false): Promise<void> {
    if (!this.current(generation)) return;
    const token = await this.accessToken();
    if (!this.current(generation)) return;
    if (!token) {
      if (!this.deps.hasSession()) {
        this.stop();
        return;
      }
      this.deps.onRefreshFailed();
      this.scheduleRetry(generation);
      return;
    }

    const controller = new AbortController();
    this.controller = controller;
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId;
    let response: Response;
    try {
      response = await this.deps.fetch(streamUrl, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
        credentials: 'include',
      });
    } catch {
      this.scheduleRetry(generation);
      return;
    }
    if (!this.current(generation)) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (response.status === 401) {
      void response.body?.cancel().catch(() => undefined);
      // The token was refused: renew it once through the api client and go again at once.
      const fresh = renewed ? null : await this.deps.refresh();
      if (!this.current(generation)) return;
      if (fresh) {
        void this.connect(generation, true);
        return;
      }
      if (!this.deps.hasSession()) {
        this.stop();
        return;
      }
      this.deps.onRefreshFailed();
      this.scheduleRetry(generation);
      return;
    }
    if (!response.ok || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      this.scheduleRetry(generation);
      return;
    }
    await this.read(response.body, controller, generation);
    if (this.controller === controller) this.controller = null;
    this.scheduleRetry(generation);
  }

  private armWatchdog(controller: AbortController): void {
    if (this.watchdog !== null) this.deps.clearTimeout(this.watchdog);
    this.watchdog = this.deps.setTimeout(() => controller.abort(), heartbeatTimeoutMs);
  }

  private async read(
    body: ReadableStream<Uint8Array>,
    controller: AbortController,
    generation: number,
  ): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser(this.lastEventId);
    this.armWatchdog(controller);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || !this.current(generation)) break;
        this.attempt = 0;
        this.armWatchdog(controller);
        this.feed(parser, decoder.decode(value, { stream: true }));
      }
    } catch {
      // Aborted (stop, dead connection) or the network dropped: the caller reconnects if still wanted.
    } finally {
      if (this.watchdog !== null) this.deps.clearTimeout(this.watchdog);
      this.watchdog = null;
      reader.cancel().catch(() => undefined);
    }
  }

  private feed(parser: SseParser, text: string): void {
    const { events } = parser.push(text);
    for (const raw of events) {
      const event = parseEvent(raw);
      if (raw.event === 'notification' && raw.id) this.lastEventId = raw.id;
      if (!event) continue;
      for (const listener of [...this.listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('Notification listener failed', error);
        }
      }
    }
  }
}

const timers = {
  setTimeout: (callback: () => void, ms: number) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The tab's one stream. */
export const notificationLive = new NotificationLiveStream({
  fetch: (input, init) => globalThis.fetch(input, init),
  token: () => tokenStore.valid(),
  hasSession: () => tokenStore.raw() !== null,
  refresh: refreshAccessToken,
  onRefreshFailed: () => void notificationsApi.unreadCount().catch(() => undefined),
  ...timers,
  random: Math.random,
});
