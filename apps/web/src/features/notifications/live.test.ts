import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationLiveStream, reconnectDelay, streamUrl, type LiveDeps, type LiveEvent } from './live';
import { makeNotification } from './test-fixtures';

interface Timer {
  fn: () => void;
  ms: number;
  cleared: boolean;
  fired: boolean;
}

interface OpenStream {
  headers: Record<string, string>;
  send: (text: string) => void;
  close: () => void;
}

/** A scripted server: each fetch takes the next answer; 'open' answers a stream the test writes to. */
function setup(answers: ('open' | number | 'network')[], overrides: Partial<LiveDeps> = {}) {
  const timers: Timer[] = [];
  const streams: OpenStream[] = [];
  const requests: Record<string, string>[] = [];
  const encoder = new TextEncoder();
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    requests.push(headers);
    const answer = answers.shift() ?? 'network';
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (typeof answer === 'number') return new Response('{}', { status: answer });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    init?.signal?.addEventListener('abort', () =>
      controller.error(new DOMException('Aborted', 'AbortError')),
    );
    streams.push({
      headers,
      send: (text) => controller.enqueue(encoder.encode(text)),
      close: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  const deps: LiveDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    token: () => 'token-1',
    hasSession: () => true,
    refresh: vi.fn(async () => 'token-2'),
    onRefreshFailed: vi.fn(),
    setTimeout: (fn, ms) => {
      const timer: Timer = { fn, ms, cleared: false, fired: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as Timer).cleared = true;
    },
    random: () => 0,
    ...overrides,
  };
  const live = new NotificationLiveStream(deps);
  const events: LiveEvent[] = [];
  const pending = (ms?: number) =>
    timers.filter((t) => !t.cleared && !t.fired && (ms === undefined || t.ms === ms));
  const fire = (ms: number) => {
    const timer = pending(ms)[0];
    if (!timer) throw new Error(`no pending ${ms} ms timer`);
    timer.fired = true;
    timer.fn();
  };
  return { live, deps, fetchMock, timers, streams, requests, events, pending, fire };
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(0, () => 1)).toBe(1_250);
    expect(reconnectDelay(5, () => 1)).toBe(30_000);
  });
});

describe('NotificationLiveStream', () => {
  it('sends the bearer token, parses notification and unread events, ignores heartbeats, tracks the id', async () => {
    const t = setup(['open']);
    stop = t.live.subscribe((event) => t.events.push(event));
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    expect(t.fetchMock.mock.calls[0]![0]).toBe(streamUrl);
    expect(t.requests[0]).toMatchObject({ Authorization: 'Bearer token-1', Accept: 'text/event-stream' });
    expect(t.requests[0]!['Last-Event-ID']).toBeUndefined();

    const notification = makeNotification({ title: 'Ready to reflect?' });
    const json = JSON.stringify(notification);
    t.streams[0]!.send(`event: unread\ndata: {"unreadCount":3}\n\n: ping\n\nevent: notification\nid: 41\nda`);
    t.streams[0]!.send(`ta: ${json.slice(0, 20)}`);
    t.streams[0]!.send(`${json.slice(20)}\n\nevent: notification\nid: 42\ndata: not json\n\n`);
    await vi.waitFor(() => expect(t.live.lastEventId).toBe('42'));
    expect(t.events).toEqual([
      { type: 'unread', unreadCount: 3 },
      { type: 'notification', notification, id: '41' },
    ]);
  });

  it('reconnects after the stream ends with Last-Event-ID, 1 s later', async () => {
    const t = setup(['open', 'open']);
    stop = t.live.subscribe(() => undefined);
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    t.streams[0]!.send(`event: notification\nid: 9\ndata: ${JSON.stringify(makeNotification())}\n\n`);
    await vi.waitFor(() => expect(t.live.lastEventId).toBe('9'));
    t.streams[0]!.close();
    await vi.waitFor(() => expect(t.pending(1_000)).toHaveLength(1));
    t.fire(1_000);
    await vi.waitFor(() => expect(t.streams).toHaveLength(2));
    expect(t.requests[1]!['Last-Event-ID']).toBe('9');
  });

  it('backs off 1 s, 2 s, 4 s … while the server cannot be reached, and resets after a good connection', async () => {
    const t = setup(['network', 503, 'network', 'open', 'network']);
    stop = t.live.subscribe(() => undefined);
    for (const ms of [1_000, 2_000, 4_000]) {
      await vi.waitFor(() => expect(t.pending(ms)).toHaveLength(1));
      t.fire(ms);
    }
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    t.streams[0]!.send(': ping\n\n');
    await new Promise((resolve) => setTimeout(resolve, 0));
    t.streams[0]!.close();
    await vi.waitFor(() => expect(t.pending(1_000)).toHaveLength(1));
  });

  it('on a 401 renews the token through the refresh path and reconnects at once', async () => {
    let token = 'old';
    const t = setup([401, 'open'], {
      token: () => token,
      refresh: vi.fn(async () => {
        token = 'fresh';
        return 'fresh';
      }),
    });
    stop = t.live.subscribe(() => undefined);
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    expect(t.deps.refresh).toHaveBeenCalledTimes(1);
    expect(t.requests.map((h) => h.Authorization)).toEqual(['Bearer old', 'Bearer fresh']);
  });

  it('refreshes an expired token before connecting, and stops when the session is gone', async () => {
    let session = true;
    const t = setup([], {
      token: () => null,
      hasSession: () => session,
      refresh: vi.fn(async () => {
        session = false;
        return null;
      }),
    });
    stop = t.live.subscribe(() => undefined);
    await vi.waitFor(() => expect(t.live.active).toBe(false));
    expect(t.fetchMock).not.toHaveBeenCalled();
    expect(t.pending()).toHaveLength(0);
  });

  it('a failed refresh with the session still held asks the api client and retries later', async () => {
    const t = setup([401], { refresh: vi.fn(async () => null) });
    stop = t.live.subscribe(() => undefined);
    await vi.waitFor(() => expect(t.deps.onRefreshFailed).toHaveBeenCalledTimes(1));
    expect(t.pending(1_000)).toHaveLength(1);
  });

  it('reconnects when the heartbeat stops for a minute', async () => {
    const t = setup(['open', 'open']);
    stop = t.live.subscribe(() => undefined);
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    t.fire(60_000);
    await vi.waitFor(() => expect(t.pending(1_000)).toHaveLength(1));
    t.fire(1_000);
    await vi.waitFor(() => expect(t.streams).toHaveLength(2));
  });

  it('one connection for all subscribers; the last to leave closes it and nothing reconnects', async () => {
    const t = setup(['open']);
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const leaveA = t.live.subscribe((event) => a.push(event));
    const leaveB = t.live.subscribe((event) => b.push(event));
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    t.streams[0]!.send('event: unread\ndata: {"unreadCount":1}\n\n');
    await vi.waitFor(() => expect(b).toHaveLength(1));
    expect(a).toHaveLength(1);
    leaveA();
    expect(t.live.active).toBe(true);
    leaveB();
    expect(t.live.active).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.pending()).toHaveLength(0);
    expect(t.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reset (logout) forgets the last id', async () => {
    const t = setup(['open']);
    stop = t.live.subscribe(() => undefined);
    await vi.waitFor(() => expect(t.streams).toHaveLength(1));
    t.streams[0]!.send(`event: notification\nid: 5\ndata: ${JSON.stringify(makeNotification())}\n\n`);
    await vi.waitFor(() => expect(t.live.lastEventId).toBe('5'));
    t.live.reset();
    expect(t.live.active).toBe(false);
    expect(t.live.lastEventId).toBeNull();
  });
});
