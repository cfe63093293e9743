import { randomUUID } from 'node:crypto';
import type { Role } from '@mindledger/domain';
import type { Clock } from './clock.js';
import { signJwt, verifyJwt } from './jwt.js';

export interface AccessClaims {
  sub: string;
  role: Role;
  /** The session (one login) the token belongs to; refused once that session has ended. */
  sid: string;
}

/** One-time purposes of short-lived signed tokens. */
export type CodePurpose = 'activation' | 'password_reset' | 'email_change' | 'two_factor';
/** Code purposes, and the plan step of signup (no code: the token alone, decision 081). */
export type Purpose = CodePurpose | 'signup_plan' | 'unsubscribe';

export interface PurposeClaims {
  sub: string;
  purpose: Purpose;
  /** Verification code row id (absent for a TOTP two-factor token). */
  cid?: string;
  /** Two-factor method. */
  m?: 'email' | 'totp';
  /** What the token is for within its purpose (the email category of an unsubscribe link). */
  scope?: string;
  jti: string;
}

const ISSUER = 'mindledger';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Tokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(secret, 'utf8');
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private verify(token: string) {
    const claims = verifyJwt(this.key, token, this.nowSeconds());
    return claims && claims.iss === ISSUER && typeof claims.sub === 'string' ? claims : null;
  }

  /** An access token of the session; it never outlives `notAfter` (the session's absolute end). */
  async signAccess(claims: AccessClaims, notAfter?: Date): Promise<string> {
    const now = this.nowSeconds();
    const end = notAfter ? Math.floor(notAfter.getTime() / 1000) : Number.POSITIVE_INFINITY;
    return signJwt(this.key, {
      typ: 'access',
      role: claims.role,
      sub: claims.sub,
      sid: claims.sid,
      iss: ISSUER,
      iat: now,
      exp: Math.min(now + this.accessTtlSeconds, end),
    });
  }

  /** The claims of a valid access token, or null for anything else (expired, forged, other type). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const claims = this.verify(token);
    if (!claims || claims.typ !== 'access') return null;
    const role = claims.role;
    if (role !== 'patient' && role !== 'provider' && role !== 'admin') return null;
    // Tokens from before sessions existed carry no session id: they are refused.
    if (typeof claims.sid !== 'string' || !UUID.test(claims.sid)) return null;
    return { sub: claims.sub as string, role, sid: claims.sid };
  }

  async signPurpose(claims: Omit<PurposeClaims, 'jti'>, ttlSeconds: number): Promise<string> {
    const now = this.nowSeconds();
    return signJwt(this.key, {
      typ: 'purpose',
      purpose: claims.purpose,
      ...(claims.cid ? { cid: claims.cid } : {}),
      ...(claims.m ? { m: claims.m } : {}),
      ...(claims.scope ? { scope: claims.scope } : {}),
      sub: claims.sub,
      iss: ISSUER,
      jti: randomUUID(),
      iat: now,
      exp: now + ttlSeconds,
    });
  }

  async verifyPurpose(token: string, purpose: Purpose): Promise<PurposeClaims | null> {
    const claims = this.verify(token);
    if (!claims || claims.typ !== 'purpose' || claims.purpose !== purpose) return null;
    const result: PurposeClaims = { sub: claims.sub as string, purpose, jti: String(claims.jti ?? '') };
    if (typeof claims.cid === 'string') result.cid = claims.cid;
    if (claims.m === 'email' || claims.m === 'totp') result.m = claims.m;
    if (typeof claims.scope === 'string') result.scope = claims.scope;
    return result;
  }
}
