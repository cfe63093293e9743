import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JSON Web Tokens on node:crypto. The header is fixed, so a token whose header is
 * anything else (another algorithm, "none") is refused before any signature work. Measured at
 * ~4 µs per verification against ~130 µs for jose's WebCrypto path (bench/README.md).
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number; sub?: string; iss?: string };

function mac(key: Buffer, input: string): Buffer {
  return createHmac('sha256', key).update(input).digest();
}

export function signJwt(key: Buffer, payload: JwtPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const input = `${HEADER}.${body}`;
  return `${input}.${mac(key, input).toString('base64url')}`;
}

/** The payload of a well-formed, correctly signed, unexpired token; null otherwise. */
export function verifyJwt(key: Buffer, token: string, nowSeconds: number): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const [, body = '', signature = ''] = parts;
  const expected = mac(key, `${HEADER}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const claims = payload as JwtPayload;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  return claims;
}
