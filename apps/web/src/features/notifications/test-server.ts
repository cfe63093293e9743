import { vi, type Mock } from 'vitest';
import type { NotificationResponse } from '@mindledger/domain';
import { jsonResponse } from '../../test/helpers';
import { makeList } from './test-fixtures';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/**
 * An in-memory notifications server behind a fetch mock: the In-app calls of
 * docs/API-notifications.md and a live stream the test writes to.
 */
export function fakeNotificationServer(initial: NotificationResponse[] = []) {
  const state = {
    items: [...initial],
    /** Ids the bulk calls report as failed. */
    bulkFailed: [] as string[],
    /** Answers that replace the normal one, by 'METHOD path'. */
    overrides: {} as Record<string, { status: number; body: unknown }>,
    /** Answers a GET of the list never answers (the loading state). */
    hangList: false,
  };
  const calls: Call[] = [];
  const streams: { send: (text: string) => void; headers: Headers }[] = [];
  const encoder = new TextEncoder();

  const fetchMock: Mock<typeof fetch> = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    if (url.pathname === '/api/v1/notifications/stream') {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      init?.signal?.addEventListener('abort', () => {
        try {
          controller.error(new DOMException('Aborted', 'AbortError'));
        } catch {
          // already closed
        }
      });
      streams.push({ headers, send: (text) => controller.enqueue(encoder.encode(text)) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    const path = url.pathname.replace(/^\/api\/proxy\/v1\//, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path, query: url.searchParams, body, headers });
    const override = state.overrides[`${method} ${path}`];
    if (override) return jsonResponse(override.body, { status: override.status });
    const unread = () => state.items.filter((n) => !n.read).length;

    if (method === 'GET' && path === 'notifications') {
      if (state.hangList) return new Promise<Response>(() => undefined);
      const status = url.searchParams.get('status') ?? 'all';
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const rows = state.items.filter((n) =>
        status === 'unread' ? !n.read : status === 'read' ? n.read : true,
      );
      const counts = { all: state.items.length, unread: unread(), read: state.items.length - unread() };
      return jsonResponse(
        makeList(rows.slice((page - 1) * limit, page * limit), { page, limit, total: rows.length, counts }),
      );
    }
    if (method === 'GET' && path === 'notifications/unread-count')
      return jsonResponse({ success: true, data: { unreadCount: unread() } });
    if (method === 'PATCH' && path === 'notifications/read-all') {
      const updated = unread();
      state.items = state.items.map((n) => ({ ...n, read: true }));
      return jsonResponse({ success: true, updated });
    }
    const readOne = /^notifications\/([^/]+)\/read$/.exec(path);
    if (method === 'PATCH' && readOne) {
      const found = state.items.find((n) => n.id === readOne[1]);
      if (!found) return jsonResponse({ success: false, message: 'Notification not found' }, { status: 404 });
      found.read = true;
      return jsonResponse({ success: true, notification: found });
    }
    if (method === 'DELETE' && path === 'notifications') {
      const deleted = state.items.length;
      state.items = [];
      return jsonResponse({ success: true, deleted, message: 'All notifications deleted successfully' });
    }
    const one = /^notifications\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && one) {
      state.items = state.items.filter((n) => n.id !== one[1]);
      return jsonResponse({ success: true, message: 'Notification deleted successfully' });
    }
    if (method === 'POST' && (path === 'notifications/bulk-read' || path === 'notifications/bulk-delete')) {
      const ids = (body as { ids: string[] }).ids.filter((id) => !state.bulkFailed.includes(id));
      const failed = (body as { ids: string[] }).ids.filter((id) => state.bulkFailed.includes(id));
      if (path === 'notifications/bulk-read') {
        state.items = state.items.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
        return jsonResponse({ success: true, updated: ids.length, failed });
      }
      state.items = state.items.filter((n) => !ids.includes(n.id));
      return jsonResponse({
        success: true,
        deleted: ids.length,
        failed,
        message: `${ids.length} notifications deleted successfully`,
      });
    }
    return jsonResponse({ success: false, message: `unexpected ${method} ${path}` }, { status: 500 });
  });

  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { state, calls, callsTo, streams, fetchMock };
}
