import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionKeys } from '../src/platform/push.js';

/**
 * A push service for the tests, on http://127.0.0.1 (issue: Web Push). It plays both ends a real
 * browser and its vendor's push service would:
 *  - `subscribe()` is what `pushManager.subscribe()` does in a browser: a fresh P-256 key pair and
 *    16 random auth bytes; the public parts go to the server, the private key stays here;
 *  - POST /push/<id> is the push service (RFC 8030): it checks the VAPID authorization (RFC 8292),
 *    TTL, Topic and Urgency, then decrypts the aes128gcm body (RFC 8291 over RFC 8188) with the
 *    subscription's private key as the browser would, and records the JSON payload; 201 Created.
 * Anything malformed is answered 400/401/403/413/415 and recorded in `rejections`.
 */

export interface PushServiceMessage {
  subscriptionId: string;
  /** The decrypted payload, JSON-parsed. */
  payload: unknown;
  /** The decrypted payload as text. */
  text: string;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  /** The verified VAPID claims and key. */
  vapid: { publicKey: string; aud: string; exp: number; sub: string };
}

export interface PushServiceRejection {
  subscriptionId: string;
  status: number;
  reason: string;
}

export interface TestSubscription extends PushSubscriptionKeys {
  id: string;
  /** What `PushSubscription.toJSON()` would give, as the JSON string a client posts. */
  token: string;
  /** Messages delivered to this subscription (also in `messages`). */
  received: PushServiceMessage[];
}

/** An answer forced for one subscription: a status (410 gone, 404, 500 …), 'hang' or null (normal). */
export type ForcedStatus = number | 'hang' | null;

export interface PushService {
  /** Origin of the service, e.g. http://127.0.0.1:43210. */
  url: string;
  /**
   * A browser subscribing; with `applicationServerKey` (the VAPID public key, base64url) only pushes
   * signed with that key are accepted (403 otherwise), as browsers and push services do.
   */
  subscribe(options?: { applicationServerKey?: string }): TestSubscription;
  messages: PushServiceMessage[];
  rejections: PushServiceRejection[];
  setStatus(subscriptionId: string, status: ForcedStatus): void;
  close(): Promise<void>;
}

interface Subscription {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: Buffer | undefined;
  received: PushServiceMessage[];
  status: ForcedStatus;
}

class Rejected extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const MAX_BODY = 4096;
const VAPID_MAX_LIFETIME_SECONDS = 24 * 60 * 60;

function base64urlBytes(value: string, what: string): Buffer {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Rejected(401, `${what} is not base64url`);
  return Buffer.from(value, 'base64url');
}

/** A raw uncompressed P-256 point as a key for signature checks (throws when not on the curve). */
function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 0x04) throw new Rejected(401, 'k is not an uncompressed P-256 key');
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    throw new Rejected(401, 'k is not a point on P-256');
  }
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by k, its aud
 * is this service's origin, exp in the future and at most 24 hours away, sub a mailto: or https: URI.
 */
function verifyVapid(authorization: string | undefined, origin: string, nowSeconds: number) {
  const scheme = authorization?.match(/^vapid\s+(.*)$/i);
  if (!scheme?.[1]) throw new Rejected(401, 'Authorization is not a vapid one');
  const params = new Map<string, string>();
  for (const part of scheme[1].split(',')) {
    const match = part.trim().match(/^([a-z]+)\s*=\s*(.+)$/i);
    if (!match?.[1] || !match[2]) throw new Rejected(401, `Malformed vapid parameter "${part.trim()}"`);
    params.set(match[1].toLowerCase(), match[2].trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Rejected(401, 'vapid t= and k= are required');
  const publicKeyBytes = base64urlBytes(k, 'k');
  const key = p256PublicKey(publicKeyBytes);

  const parts = token.split('.');
  if (parts.length !== 3) throw new Rejected(401, 'The VAPID token is not a JWS compact serialization');
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(base64urlBytes(encodedHeader, 'JWT header').toString('utf8')) as Record<
      string,
      unknown
    >;
    claims = JSON.parse(base64urlBytes(encodedClaims, 'JWT claims').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (error instanceof Rejected) throw error;
    throw new Rejected(401, 'The VAPID token is not JSON');
  }
  if (header.alg !== 'ES256')
    throw new Rejected(401, `The VAPID token alg is ${String(header.alg)}, not ES256`);
  if (header.typ !== undefined && header.typ !== 'JWT')
    throw new Rejected(401, 'The VAPID token typ is not JWT');
  // JWS ES256 signatures are r || s, 32 bytes each (RFC 7518 §3.4), not DER.
  const signature = base64urlBytes(encodedSignature, 'JWT signature');
  if (signature.length !== 64) throw new Rejected(401, 'The ES256 signature is not 64 bytes');
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`, 'ascii');
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Rejected(401, 'The VAPID signature does not verify with k');
  }
  if (claims.aud !== origin) throw new Rejected(401, `VAPID aud ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) {
    throw new Rejected(401, 'VAPID exp is missing');
  }
  if (claims.exp <= nowSeconds) throw new Rejected(401, 'The VAPID token has expired');
  if (claims.exp > nowSeconds + VAPID_MAX_LIFETIME_SECONDS + 60) {
    throw new Rejected(401, 'VAPID exp is more than 24 hours away');
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Rejected(401, 'VAPID sub is not a mailto: or https: URI');
  }
  return { publicKeyBytes, aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

/**
 * The browser's side of RFC 8291 (Message Encryption for Web Push) with the aes128gcm content
 * coding of RFC 8188, written from the RFCs.
 *
 * Body: salt (16) | rs (uint32 BE) | idlen (1) | keyid (idlen: the application server's ephemeral
 * public key, 65 bytes) | one record (RFC 8291 §4: a push message is a single record).
 *
 *   ecdh_secret = ECDH(ua_private, as_public)
 *   IKM   = HKDF(salt = auth_secret, ikm = ecdh_secret, info = "WebPush: info" 0x00 ua_public as_public, 32)
 *   CEK   = HKDF(salt, IKM, "Content-Encoding: aes128gcm" 0x00, 16)
 *   NONCE = HKDF(salt, IKM, "Content-Encoding: nonce" 0x00, 12)   (XOR record sequence number 0)
 *
 * The record is AES-128-GCM ciphertext with a 16-byte tag; its plaintext is data, a 0x02 delimiter
 * (last record) and zero padding.
 */
export function decryptPushMessage(body: Buffer, uaKeys: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Rejected(400, 'The aes128gcm header is truncated');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  if (rs < 18) throw new Rejected(400, `Record size ${rs} is below 18`);
  if (idlen !== 65) throw new Rejected(400, `keyid is ${idlen} bytes, not an uncompressed P-256 key`);
  const headerLength = 21 + idlen;
  if (body.length < headerLength) throw new Rejected(400, 'The aes128gcm keyid is truncated');
  const asPublic = body.subarray(21, headerLength);
  const record = body.subarray(headerLength);
  if (record.length > rs) throw new Rejected(400, 'A push message must be a single record');
  if (record.length < 17) throw new Rejected(400, 'The record is shorter than its tag and delimiter');

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = uaKeys.computeSecret(asPublic);
  } catch {
    throw new Rejected(400, 'keyid is not a point on P-256');
  }
  const uaPublic = uaKeys.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'ascii'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'ascii'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'ascii'), 12),
  );
  // Record 0: the nonce XOR the sequence number 0 is the nonce itself.

  const ciphertext = record.subarray(0, record.length - 16);
  const tag = record.subarray(record.length - 16);
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(tag);
    plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new Rejected(400, 'The record does not decrypt (wrong keys or tampered)');
  }
  let end = plaintext.length - 1;
  while (end >= 0 && plaintext[end] === 0x00) end -= 1;
  if (end < 0) throw new Rejected(400, 'The record has no padding delimiter');
  if (plaintext[end] !== 0x02) {
    throw new Rejected(
      400,
      `The padding delimiter is 0x${plaintext[end]?.toString(16)}, not 0x02 (last record)`,
    );
  }
  return plaintext.subarray(0, end);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () =>
      tooLarge ? reject(new Rejected(413, `Body over ${MAX_BODY} bytes`)) : resolve(Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

function lowerCaseHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function startPushService(): Promise<PushService> {
  const subscriptions = new Map<string, Subscription>();
  const messages: PushServiceMessage[] = [];
  const rejections: PushServiceRejection[] = [];
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const id = request.url?.match(/^\/push\/([A-Za-z0-9_-]+)$/)?.[1];
    if (request.method !== 'POST' || !id) {
      response.writeHead(404).end();
      return;
    }
    const subscription = subscriptions.get(id);
    try {
      const body = await readBody(request);
      if (!subscription) throw new Rejected(404, 'No such subscription');
      if (subscription.status === 'hang') return; // never answered; close() drops the socket
      if (subscription.status !== null) throw new Rejected(subscription.status, 'Status set by the test');

      const headers = lowerCaseHeaders(request);
      const vapid = verifyVapid(headers.authorization, origin, Math.floor(Date.now() / 1000));
      if (
        subscription.applicationServerKey &&
        !subscription.applicationServerKey.equals(vapid.publicKeyBytes)
      ) {
        throw new Rejected(403, 'k is not the applicationServerKey of this subscription');
      }
      // RFC 8030 §5.2: TTL is required.
      const ttlHeader = headers.ttl;
      if (ttlHeader === undefined || !/^\d+$/.test(ttlHeader))
        throw new Rejected(400, 'TTL is missing or invalid');
      const urgency = headers.urgency;
      if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(urgency)) {
        throw new Rejected(400, `Urgency ${urgency} is invalid`);
      }
      const topic = headers.topic;
      if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
        throw new Rejected(400, 'Topic is invalid');
      if (headers['content-encoding'] !== 'aes128gcm') {
        throw new Rejected(
          415,
          `Content-Encoding ${headers['content-encoding'] ?? '(none)'} is not aes128gcm`,
        );
      }
      const plaintext = decryptPushMessage(body, subscription.ecdh, subscription.auth);
      const text = plaintext.toString('utf8');
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        throw new Rejected(400, 'The decrypted payload is not JSON');
      }
      const message: PushServiceMessage = {
        subscriptionId: id,
        payload,
        text,
        headers,
        ttl: Number(ttlHeader),
        topic,
        urgency,
        vapid: {
          publicKey: vapid.publicKeyBytes.toString('base64url'),
          aud: vapid.aud,
          exp: vapid.exp,
          sub: vapid.sub,
        },
      };
      messages.push(message);
      subscription.received.push(message);
      response.writeHead(201, { Location: `${origin}/message/${randomUUID()}`, TTL: ttlHeader }).end();
    } catch (error) {
      const status = error instanceof Rejected ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      rejections.push({ subscriptionId: id, status, reason });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    messages,
    rejections,
    subscribe(options = {}) {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const publicKey = ecdh.getPublicKey();
      const auth = randomBytes(16);
      const received: PushServiceMessage[] = [];
      subscriptions.set(id, {
        ecdh,
        publicKey,
        auth,
        applicationServerKey: options.applicationServerKey
          ? Buffer.from(options.applicationServerKey, 'base64url')
          : undefined,
        received,
        status: null,
      });
      const endpoint = `${origin}/push/${id}`;
      const keys = { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') };
      return {
        id,
        endpoint,
        keys,
        token: JSON.stringify({ endpoint, expirationTime: null, keys }),
        received,
      };
    },
    setStatus(subscriptionId, status) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      subscription.status = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
