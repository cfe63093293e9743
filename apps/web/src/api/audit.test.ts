import type { ClientAuditEntry } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditQueue } from './audit-queue';
import { ApiError } from './client';

describe('audit queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('batches ordinary entries and sends them together after 5 s', async () => {
    const send = vi.fn(async (_logs: ClientAuditEntry[]) => undefined);
    const queue = new AuditQueue({ send });
    queue.enqueue('SESSION_TIMEOUT', { resourceType: 'session' });
    queue.enqueue('VIEW_PAGE', { metadata: { path: '/profile' } });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]![0].map((entry) => entry.action)).toEqual(['SESSION_TIMEOUT', 'VIEW_PAGE']);
    // No time and no subject: the server stamps and binds each entry.
    expect(send.mock.calls[0]![0][0]).toEqual({ action: 'SESSION_TIMEOUT', resourceType: 'session' });
    expect(queue.size).toBe(0);
    // Nothing queued: no further sends.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('flushes at once for a critical action, taking the queued entries along', async () => {
    const send = vi.fn(async (_logs: ClientAuditEntry[]) => undefined);
    const queue = new AuditQueue({ send });
    queue.enqueue('VIEW_PAGE');
    queue.enqueue('AUTHORIZATION_FAILURE', { resourceType: 'route' });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]![0].map((entry) => entry.action)).toEqual([
      'VIEW_PAGE',
      'AUTHORIZATION_FAILURE',
    ]);
  });

  it('puts entries back in the queue when a flush fails and sends them on the next tick', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi
      .fn(async (_logs: ClientAuditEntry[]) => undefined)
      .mockRejectedValueOnce(new Error('offline'));
    const queue = new AuditQueue({ send });
    queue.enqueue('EXPORT_DATA');
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledOnce();
    expect(queue.size).toBe(1);
    expect(warn).toHaveBeenCalled();

    queue.enqueue('VIEW_PAGE');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].map((entry) => entry.action)).toEqual(['EXPORT_DATA', 'VIEW_PAGE']);
    expect(queue.size).toBe(0);
  });

  it('drops a batch the server refused (400) instead of sending it forever', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi
      .fn(async (_logs: ClientAuditEntry[]) => undefined)
      .mockRejectedValueOnce(new ApiError(400, { message: 'Unknown audit action' }));
    const queue = new AuditQueue({ send });
    queue.enqueue('EXPORT_DATA');
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.size).toBe(0);
    queue.enqueue('VIEW_PAGE');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].map((entry) => entry.action)).toEqual(['VIEW_PAGE']);
    expect(warn).toHaveBeenCalled();
  });

  it('cuts metadata values at 100 characters and sends at most 100 entries per batch', async () => {
    const send = vi.fn(async (_logs: ClientAuditEntry[]) => undefined);
    const queue = new AuditQueue({ send });
    queue.enqueue('VIEW_PAGE', {
      metadata: { note: 'x'.repeat(250), count: 3, nested: { deep: 'y'.repeat(200) } },
    });
    for (let i = 0; i < 149; i += 1) queue.enqueue('VIEW_PAGE');
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0]![0]).toHaveLength(100);
    expect(send.mock.calls[1]![0]).toHaveLength(50);
    const metadata = send.mock.calls[0]![0][0]!.metadata as Record<string, unknown>;
    expect(metadata.note).toBe('x'.repeat(100));
    expect(metadata.count).toBe(3);
    expect(String(metadata.nested)).toHaveLength(100);
  });
});
