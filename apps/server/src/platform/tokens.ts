import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@mindledger/domain';
import type { Clock } from './clock.js';

export interface AccessClaims {
  sub: string;
  role: Role;
}

/** One-time purposes of short-lived signed tokens. */
export type Purpose = 'activation' | 'password_reset' | 'email_change' | 'two_factor';

export interface PurposeClaims {
  sub: string;
  purpose: Purpose;
  /** Verification code row id (absent for a TOTP two-factor token). */
  cid?: string;
  /** Two-factor method. */
  m?: 'email' | 'totp';
  jti: string;
}

const ISSUER = 'mindledger';

export class Tokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    const now = this.nowSeconds();
    return new SignJWT({ role: claims.role, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + this.accessTtlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid access token, or null for anything else (expired, forged, other type). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
      const role = payload.role;
      if (role !== 'patient' && role !== 'provider' && role !== 'admin') return null;
      return { sub: payload.sub, role };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  async signPurpose(claims: Omit<PurposeClaims, 'jti'>, ttlSeconds: number): Promise<string> {
    const now = this.nowSeconds();
    const body: Record<string, unknown> = { purpose: claims.purpose, typ: 'purpose' };
    if (claims.cid) body.cid = claims.cid;
    if (claims.m) body.m = claims.m;
    return new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  async verifyPurpose(token: string, purpose: Purpose): Promise<PurposeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (payload.typ !== 'purpose' || payload.purpose !== purpose || typeof payload.sub !== 'string')
        return null;
      const claims: PurposeClaims = { sub: payload.sub, purpose, jti: String(payload.jti ?? '') };
      if (typeof payload.cid === 'string') claims.cid = payload.cid;
      if (payload.m === 'email' || payload.m === 'totp') claims.m = payload.m;
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
