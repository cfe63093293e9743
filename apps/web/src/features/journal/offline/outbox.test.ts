import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, makeJwt, makeUser } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { clearOutbox, discardOutboxItem, isUnreachable, outboxItems, queueEntry, syncOutbox } from './outbox';
import { ApiError } from '../../../api/client';

const userId = '00000000-0000-4000-8000-0000000000a1';
let fetchMock: Mock<typeof fetch>;
let answer: () => Response | Promise<Response>;
const sent: { key: string | null; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  authStore.signIn(makeJwt(900), makeUser({ id: userId }));
  sent.length = 0;
  answer = () => jsonResponse({ success: true, data: { id: 'e1' } }, { status: 201 });
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/create-mood')) {
      sent.push({
        key: new Headers(init?.headers).get('idempotency-key'),
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      });
      return answer();
    }
    return jsonResponse({ success: true, data: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await clearOutbox(userId);
  vi.unstubAllGlobals();
  authStore.reset();
});

describe('the journal outbox', () => {
  it('keeps an entry with its day fixed, and sends it once with its own idempotency key', async () => {
    const item = await queueEntry(
      { userId },
      {
        mood: 'Fine',
        notes: 'Written on the train.',
        journalType: 'prompt',
      },
    );
    expect(item.body).toMatchObject({
      mood: 'Fine',
      customDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await outboxItems(userId)).toHaveLength(1);
    expect(await syncOutbox(userId)).toBe(1);
    expect(sent).toEqual([
      { key: item.key, body: expect.objectContaining({ notes: 'Written on the train.' }) },
    ]);
    expect(await outboxItems(userId)).toEqual([]);
  });

  it('fixes the day where the profile is, the zone the server counts in, not where the device is', async () => {
    // 09:00 UTC on 28 November: the 28th on this device (the web tests run in Los Angeles), still
    // the 27th for a profile in Pago Pago (UTC-11)
    vi.useFakeTimers({ now: new Date('2026-11-28T09:00:00Z'), toFake: ['Date'] });
    try {
      expect(new Date().toLocaleDateString('en-CA')).toBe('2026-11-28');
      const item = await queueEntry(
        { userId, timeZone: 'Pacific/Pago_Pago' },
        { mood: 'Fine', notes: 'Late.', journalType: 'prompt' },
      );
      expect(item.body).toMatchObject({ customDate: '2026-11-27', userTimezone: 'Pacific/Pago_Pago' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what could not reach the server, and sends it again with the same key', async () => {
    const item = await queueEntry({ userId }, { mood: 'Fine', notes: 'Again.', journalType: 'prompt' });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await syncOutbox(userId)).toBe(0);
    expect(await outboxItems(userId)).toHaveLength(1);
    answer = () => jsonResponse({ success: true, data: { id: 'e1' } }, { status: 201 });
    expect(await syncOutbox(userId)).toBe(1);
    expect(sent.map((s) => s.key).every((k) => k === item.key)).toBe(true);
  });

  it('keeps an entry the server refuses with its reason until discarded', async () => {
    const item = await queueEntry({ userId }, { mood: 'Fine', notes: '', journalType: 'prompt' });
    answer = () =>
      jsonResponse({ success: false, message: 'Please write some notes before saving' }, { status: 400 });
    expect(await syncOutbox(userId)).toBe(0);
    const [kept] = await outboxItems(userId);
    expect(kept).toMatchObject({ key: item.key, error: 'Please write some notes before saving' });
    expect(await syncOutbox(userId)).toBe(0); // a refused one is not sent again
    expect(sent).toHaveLength(1);
    await discardOutboxItem(item.key);
    expect(await outboxItems(userId)).toEqual([]);
  });

  it('tells an unreachable server from a refusal', () => {
    expect(isUnreachable(new ApiError(0, { message: 'x' }))).toBe(true);
    expect(isUnreachable(new ApiError(400, { message: 'x' }))).toBe(false);
  });
});
