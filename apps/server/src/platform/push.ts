import { createECDH, ECDH } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (what the server stores). */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker receives (JSON); `title` and `body` never carry PHI. */
export interface PushPayload {
  title: string;
  body: string;
  /** The in-app target. */
  url: string;
  tag?: string;
}

/** `gone`: the push service answered 404 or 410, the caller deletes that subscription. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSendOptions {
  /** How long the push service keeps the message for an offline device (default one day). */
  ttlSeconds?: number;
  /** Replaces an undelivered message of the same topic (≤ 32 base64url characters). */
  topic?: string;
}

/**
 * Sends one push message. Resolves `sent` or `gone`; throws on anything else (5xx, 429, network,
 * timeout) so the job runner retries.
 */
export interface PushPort {
  /** The VAPID public key (base64url), the browser's `applicationServerKey`. */
  readonly publicKey: string;
  send(
    subscription: PushSubscriptionKeys,
    payload: PushPayload,
    options?: PushSendOptions,
  ): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A push service's answer other than success, 404 or 410. */
export class PushServiceError extends Error {
  constructor(
    readonly statusCode: number,
    host: string,
  ) {
    super(`Push service ${host} answered ${statusCode}`);
    this.name = 'PushServiceError';
  }
}

export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
/** RFC 8291 §4: push services must accept at least 4096 bytes of body; aes128gcm adds 86 + 16 + 1. */
const MAX_PLAINTEXT_BYTES = 4096 - 86 - 16 - 1;
const FALLBACK_SUBJECT = 'mailto:support@mindledger.local';

/** The VAPID subject (a contact for push services): the address of MAIL_FROM, else a fixed one. */
export function vapidSubject(mailFrom?: string): string {
  const address = mailFrom?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? mailFrom?.trim();
  if (address && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) return `mailto:${address}`;
  return FALLBACK_SUBJECT;
}

export interface WebPushOptions extends VapidKeys {
  /** `mailto:` or `https:` contact sent in the VAPID token (see `vapidSubject`). */
  subject?: string;
  /** The whole request, connect to answer (default 10 s). */
  timeoutMs?: number;
  /** Production: only the browsers' push services (`isAllowedPushEndpoint`), never loopback. */
  production?: boolean;
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), built by
 * the web-push library. web-push's own `sendNotification` always speaks TLS (node:https), which
 * rules out the tests' local push service on http://127.0.0.1; so its `generateRequestDetails`
 * (the encrypted body and the VAPID/TTL/Topic headers, exactly what `sendNotification` sends) is
 * posted here with fetch, which also gives a deadline for the whole request. Redirects are not
 * followed.
 */
export class WebPush implements PushPort {
  readonly publicKey: string;
  private readonly vapidDetails: { subject: string; publicKey: string; privateKey: string };
  private readonly timeoutMs: number;
  private readonly production: boolean;

  constructor(options: WebPushOptions) {
    this.publicKey = options.publicKey;
    this.vapidDetails = {
      subject: options.subject ?? FALLBACK_SUBJECT,
      publicKey: options.publicKey,
      privateKey: options.privateKey,
    };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.production = options.production ?? false;
  }

  async send(
    subscription: PushSubscriptionKeys,
    payload: PushPayload,
    options: PushSendOptions = {},
  ): Promise<PushOutcome> {
    // Checked at every send, not only when the browser registered it: a row stored by a server
    // with other rules (a development one on the same database) must not be called.
    const endpoint = pushEndpoint(subscription.endpoint);
    if (!endpoint || !isAllowedPushEndpoint(subscription.endpoint, this.production))
      throw new Error('Push subscription endpoint is not an allowed URL');
    const message: PushPayload = { title: payload.title, body: payload.body, url: payload.url };
    if (payload.tag !== undefined) message.tag = payload.tag;
    const plaintext = Buffer.from(JSON.stringify(message), 'utf8');
    if (plaintext.length > MAX_PLAINTEXT_BYTES) {
      throw new Error(`Push payload of ${plaintext.length} bytes exceeds ${MAX_PLAINTEXT_BYTES}`);
    }
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      },
      plaintext,
      {
        vapidDetails: this.vapidDetails,
        contentEncoding: 'aes128gcm',
        TTL: options.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
        ...(options.topic ? { topic: options.topic } : {}),
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch sets Content-Length from the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Error(`Push service ${endpoint.host} did not answer within ${this.timeoutMs} ms`, {
          cause: error,
        });
      }
      throw error;
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return 'sent';
    if (response.status === 404 || response.status === 410) return 'gone';
    throw new PushServiceError(response.status, endpoint.host);
  }
}

// ---------------------------------------------------------------------------------------------
// VAPID keys

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Checks a key pair (65-byte uncompressed P-256 public key, 32-byte private key, matching). */
function validVapidKeys(keys: unknown): keys is VapidKeys {
  if (typeof keys !== 'object' || keys === null) return false;
  const { publicKey, privateKey } = keys as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return false;
  if (!BASE64URL.test(publicKey) || !BASE64URL.test(privateKey)) return false;
  const publicBytes = Buffer.from(publicKey, 'base64url');
  const privateBytes = Buffer.from(privateKey, 'base64url');
  if (publicBytes.length !== 65 || privateBytes.length !== 32) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    return ecdh.getPublicKey().equals(publicBytes);
  } catch {
    return false;
  }
}

let processKeys: VapidKeys | undefined;

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (both or neither);
 * else `<dataDir>/vapid.json`, generated once (mode 0600) so that subscriptions survive restarts;
 * with no dataDir (the in-memory test server) one pair per process. Errors never show the private
 * key. Changing the keys invalidates every stored subscription (browsers bind them to the key).
 */
export function loadVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  dataDir?: string;
}): VapidKeys {
  const { publicKey, privateKey, dataDir } = options;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) {
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    const keys = { publicKey, privateKey };
    if (!validVapidKeys(keys)) {
      throw new Error(
        'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not a matching P-256 key pair (base64url, as web-push generate-vapid-keys prints)',
      );
    }
    return keys;
  }
  if (!dataDir) {
    processKeys ??= webpush.generateVAPIDKeys();
    return processKeys;
  }
  const file = join(dataDir, 'vapid.json');
  const existing = readVapidFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  // Written aside and linked into place: another process starting at the same time either wins
  // (and this one reads its keys) or loses, never reads half a file.
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readVapidFile(file);
    if (winner) return winner;
    throw new Error(`${file} disappeared while it was being created`, { cause: error });
  } finally {
    unlinkSync(temporary);
  }
}

function readVapidFile(file: string): VapidKeys | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  // Not regenerated silently: new keys would orphan every subscription.
  if (!validVapidKeys(parsed)) throw new Error(`${file} is not a valid VAPID key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions from the browser

const MAX_TOKEN_LENGTH = 4000;
const MAX_ENDPOINT_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** The endpoint as a URL when it may be posted to: https, or http on 127.0.0.1/localhost (tests). */
function pushEndpoint(endpoint: string): URL | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

/** Base64url (browsers send it unpadded; trailing `=` is accepted and dropped) → bytes. */
function base64url(value: unknown): { text: string; bytes: Buffer } | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/={1,2}$/, '');
  if (!BASE64URL.test(text)) return null;
  return { text, bytes: Buffer.from(text, 'base64url') };
}

/**
 * Validates what a browser's `PushSubscription.toJSON()` gives, as JSON: an https endpoint (http only
 * on 127.0.0.1/localhost) of at most 2000 characters, `keys.p256dh` a 65-byte uncompressed P-256
 * point on the curve, `keys.auth` 16 bytes, both base64url. Returns just those fields, or null.
 */
export function parsePushSubscription(token: string): PushSubscriptionKeys | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { endpoint, keys } = value as Record<string, unknown>;
  if (typeof endpoint !== 'string' || !pushEndpoint(endpoint)) return null;
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) return null;
  const p256dh = base64url((keys as Record<string, unknown>).p256dh);
  const auth = base64url((keys as Record<string, unknown>).auth);
  if (!p256dh || !auth) return null;
  if (auth.bytes.length !== 16) return null;
  if (p256dh.bytes.length !== 65 || p256dh.bytes[0] !== 0x04) return null;
  try {
    ECDH.convertKey(p256dh.bytes, 'prime256v1');
  } catch {
    return null;
  }
  return { endpoint, keys: { p256dh: p256dh.text, auth: auth.text } };
}

/** The push services of the browsers (Chrome/Edge via FCM and WNS, Firefox, Safari). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
];

/**
 * Whether the server may post to this endpoint: in production only the browsers' push services,
 * over HTTPS on its default port 443 (a client could otherwise make the server call any address or
 * port: request forgery); elsewhere also loopback addresses on any port (the tests' local push
 * service). Checked when a browser registers and again at every send.
 */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production && LOOPBACK_HOSTS.has(url.hostname)) return true;
  // `port` is empty for the scheme's default (an explicit :443 included).
  return (
    url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
  );
}
