import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startPushService, type PushService } from '../../test/push-service.js';
import { loadVapidKeys, parsePushSubscription, PushServiceError, WebPush, type PushPayload } from './push.js';

const SUBJECT = 'mailto:no-reply@mindledger.example';

describe('WebPush against a local push service (RFC 8030/8291/8292)', () => {
  let service: PushService;
  const keys = webpush.generateVAPIDKeys();
  const push = new WebPush({ ...keys, subject: SUBJECT });

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service.close();
  });
  afterEach(() => {
    expect(service.rejections.filter((r) => r.status < 404 || r.status === 413 || r.status === 415)).toEqual(
      [],
    );
    service.rejections.length = 0;
  });

  const payload: PushPayload = {
    title: 'Time to journal',
    body: 'A few minutes for yourself — ünïcødé ✍️',
    url: '/journal/new?from=reminder',
    tag: 'daily-reminder',
  };

  it('delivers the payload encrypted, which the subscriber decrypts exactly', async () => {
    const subscription = service.subscribe({ applicationServerKey: push.publicKey });
    expect(await push.send(subscription, payload)).toBe('sent');
    expect(subscription.received).toHaveLength(1);
    const [message] = subscription.received;
    expect(message?.payload).toStrictEqual({
      title: payload.title,
      body: payload.body,
      url: payload.url,
      tag: payload.tag,
    });
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(message?.ttl).toBe(24 * 60 * 60);
    expect(message?.topic).toBeUndefined();
    expect(message?.vapid).toMatchObject({ publicKey: keys.publicKey, aud: service.url, sub: SUBJECT });
    expect(service.messages.at(-1)).toBe(message);
  });

  it('sends only the payload fields, and no tag when there is none', async () => {
    const subscription = service.subscribe();
    const extra = { title: 'T', body: 'B', url: '/u', secret: 'PHI must not leak' } as PushPayload;
    expect(await push.send(subscription, extra)).toBe('sent');
    expect(subscription.received[0]?.payload).toStrictEqual({ title: 'T', body: 'B', url: '/u' });
    expect(subscription.received[0]?.text).not.toContain('PHI');
  });

  it('passes TTL and Topic', async () => {
    const subscription = service.subscribe();
    expect(await push.send(subscription, payload, { ttlSeconds: 600, topic: 'reminder-42' })).toBe('sent');
    expect(subscription.received[0]).toMatchObject({ ttl: 600, topic: 'reminder-42' });
  });

  it('sends to a subscription the way the server stores it (the parsed client token)', async () => {
    const subscription = service.subscribe({ applicationServerKey: push.publicKey });
    const stored = parsePushSubscription(subscription.token);
    expect(stored).toEqual({ endpoint: subscription.endpoint, keys: subscription.keys });
    expect(await push.send(stored!, payload)).toBe('sent');
    expect(subscription.received[0]?.payload).toMatchObject({ title: payload.title });
  });

  it('each message is encrypted afresh', async () => {
    const subscription = service.subscribe();
    await push.send(subscription, payload);
    await push.send(subscription, payload);
    expect(subscription.received.map((m) => m.payload)).toEqual([payload, payload]);
  });

  it('410 and 404 from the push service are "gone"', async () => {
    const gone = service.subscribe();
    service.setStatus(gone.id, 410);
    expect(await push.send(gone, payload)).toBe('gone');
    const notFound = service.subscribe();
    service.setStatus(notFound.id, 404);
    expect(await push.send(notFound, payload)).toBe('gone');
    // An endpoint the service never issued (or has forgotten).
    expect(await push.send({ ...gone, endpoint: `${service.url}/push/unknown` }, payload)).toBe('gone');
    expect(gone.received).toEqual([]);
    expect(notFound.received).toEqual([]);
  });

  it('5xx and 429 throw, so the job is retried; the subscription works again after', async () => {
    const subscription = service.subscribe();
    service.setStatus(subscription.id, 500);
    const error = await push.send(subscription, payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushServiceError);
    expect((error as PushServiceError).statusCode).toBe(500);
    expect((error as Error).message).not.toContain(subscription.id);
    service.setStatus(subscription.id, 503);
    await expect(push.send(subscription, payload)).rejects.toMatchObject({ statusCode: 503 });
    service.setStatus(subscription.id, 429);
    await expect(push.send(subscription, payload)).rejects.toMatchObject({ statusCode: 429 });
    service.setStatus(subscription.id, null);
    expect(await push.send(subscription, payload)).toBe('sent');
  });

  it('a push signed with another VAPID key than the subscription was made with is refused (403)', async () => {
    const subscription = service.subscribe({ applicationServerKey: push.publicKey });
    const other = new WebPush({ ...webpush.generateVAPIDKeys(), subject: SUBJECT });
    await expect(other.send(subscription, payload)).rejects.toMatchObject({ statusCode: 403 });
    expect(service.rejections.pop()).toMatchObject({ status: 403, subscriptionId: subscription.id });
  });

  it('a payload encrypted to the wrong keys does not decrypt at the subscriber (400)', async () => {
    const subscription = service.subscribe();
    const stranger = service.subscribe();
    await expect(push.send({ ...subscription, keys: stranger.keys }, payload)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(service.rejections.pop()).toMatchObject({ status: 400, reason: expect.stringMatching(/decrypt/) });
    expect(subscription.received).toEqual([]);
  });

  it('the push service itself refuses missing TTL, bad VAPID tokens and other encodings', async () => {
    const subscription = service.subscribe();
    const vapidDetails = { subject: SUBJECT, ...keys };
    const details = (options: object = {}) =>
      webpush.generateRequestDetails(subscription, '{"a":1}', {
        vapidDetails,
        contentEncoding: 'aes128gcm',
        ...options,
      });
    const post = async (headers: Record<string, unknown>, body: Buffer | null) => {
      const sent: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers))
        if (name !== 'Content-Length') sent[name] = String(value);
      const response = await fetch(subscription.endpoint, {
        method: 'POST',
        headers: sent,
        body: body ?? undefined,
      });
      return response.status;
    };
    const vapid = (audience: string, expiration?: number) =>
      webpush.getVapidHeaders(audience, SUBJECT, keys.publicKey, keys.privateKey, 'aes128gcm', expiration)
        .Authorization;

    const good = details();
    const { TTL: _ttl, ...withoutTtl } = good.headers as Record<string, unknown>;
    expect(await post(withoutTtl, good.body)).toBe(400);
    expect(await post({ ...good.headers, Authorization: vapid('http://127.0.0.1:1') }, good.body)).toBe(401);
    const expired = vapid(service.url, Math.floor(Date.now() / 1000) - 10);
    expect(await post({ ...good.headers, Authorization: expired }, good.body)).toBe(401);
    const otherKey = String(good.headers.Authorization).replace(
      /k=.*/,
      `k=${webpush.generateVAPIDKeys().publicKey}`,
    );
    expect(await post({ ...good.headers, Authorization: otherKey }, good.body)).toBe(401);
    const legacy = details({ contentEncoding: 'aesgcm' });
    expect(await post({ ...legacy.headers, Authorization: vapid(service.url) }, legacy.body)).toBe(415);
    expect(subscription.received).toEqual([]);
    expect(service.rejections.map((r) => r.status)).toEqual([400, 401, 401, 401, 415]);
    service.rejections.length = 0;
    expect(await post(good.headers, good.body)).toBe(201);
    expect(subscription.received[0]?.payload).toEqual({ a: 1 });
  });

  it('throws on network failures and on a push service that does not answer in time', async () => {
    const subscription = service.subscribe();
    const closed = await startPushService();
    const lost = closed.subscribe();
    await closed.close();
    await expect(push.send(lost, payload)).rejects.toThrow();

    const quick = new WebPush({ ...keys, subject: SUBJECT, timeoutMs: 300 });
    service.setStatus(subscription.id, 'hang');
    const started = Date.now();
    await expect(quick.send(subscription, payload)).rejects.toThrow(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses endpoints that are not https (outside loopback) and payloads over the size limit, sending nothing', async () => {
    const subscription = service.subscribe();
    await expect(
      push.send({ ...subscription, endpoint: 'http://push.example.com/x' }, payload),
    ).rejects.toThrow(/not an allowed URL/);
    await expect(push.send(subscription, { ...payload, body: 'x'.repeat(4000) })).rejects.toThrow(/exceeds/);
    expect(subscription.received).toEqual([]);
  });

  it("in production posts only to the browsers' push services: a loopback endpoint is refused unsent", async () => {
    const production = new WebPush({ ...keys, subject: SUBJECT, production: true });
    const subscription = service.subscribe();
    await expect(production.send(subscription, payload)).rejects.toThrow(/not an allowed URL/);
    expect(subscription.received).toEqual([]);
    expect(service.rejections.filter((r) => r.subscriptionId === subscription.id)).toEqual([]);
  });
});

describe('loadVapidKeys', () => {
  let service: PushService;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'mindledger-vapid-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('uses VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY as given, and writes nothing', async () => {
    const given = webpush.generateVAPIDKeys();
    const dataDir = tempDir();
    const loaded = loadVapidKeys({ ...given, dataDir });
    expect(loaded).toEqual(given);
    expect(() => statSync(join(dataDir, 'vapid.json'))).toThrow();
    const subscription = service.subscribe({ applicationServerKey: given.publicKey });
    expect(
      await new WebPush({ ...loaded, subject: SUBJECT }).send(subscription, {
        title: 'a',
        body: 'b',
        url: '/',
      }),
    ).toBe('sent');
    expect(subscription.received[0]?.vapid.publicKey).toBe(given.publicKey);
  });

  it('generates a pair once into <dataDir>/vapid.json (mode 0600, directory created) and reads it back', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = loadVapidKeys({ dataDir });
    const file = join(dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    const second = loadVapidKeys({ dataDir });
    expect(second).toEqual(first);
    expect(loadVapidKeys({ dataDir: tempDir() }).publicKey).not.toBe(first.publicKey);

    // The generated pair signs pushes a subscription made with its public key accepts.
    const subscription = service.subscribe({ applicationServerKey: second.publicKey });
    expect(await new WebPush(second).send(subscription, { title: 'a', body: 'b', url: '/' })).toBe('sent');
  });

  it('refuses a damaged vapid.json instead of silently replacing the keys', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'vapid.json'), '{"publicKey":"abc"}', { mode: 0o600 });
    expect(() => loadVapidKeys({ dataDir })).toThrow(/not a valid VAPID key pair/);
  });
});
