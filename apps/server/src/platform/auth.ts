import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@mindledger/domain';
import type { AccessClaims, Tokens } from './tokens.js';
import type { Audit } from './audit.js';
import type { SessionRegistry } from './sessions/registry.js';
import { forbidden, unauthenticated } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `authenticate`. */
    auth: AccessClaims | null;
  }
}

/** The bearer token of a request, if it carries a plausible one. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

/** Guards built once per app: every protected route lists one of them in its preHandler. */
export function createGuards(tokens: Tokens, audit: Audit, sessions: SessionRegistry) {
  /** The claims of a valid token whose session is alive (not ended, idle or past its lifetime). */
  async function verify(request: FastifyRequest): Promise<AccessClaims | null> {
    const token = bearer(request);
    const claims = token ? await tokens.verifyAccess(token) : null;
    return claims && (await sessions.check(claims)) ? claims : null;
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const claims = await verify(request);
    if (!claims) throw unauthenticated();
    request.auth = claims;
  }

  /** Sets request.auth when a valid token is present; never refuses. */
  async function optionalAuth(request: FastifyRequest): Promise<void> {
    request.auth = await verify(request);
  }

  function requireRole(...roles: Role[]) {
    return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      await authenticate(request);
      const auth = request.auth as AccessClaims;
      if (!roles.includes(auth.role)) {
        await audit.record(
          {
            action: 'AUTHORIZATION_FAILURE',
            resourceType: 'route',
            resourceId: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
            metadata: { required: roles.join(','), method: request.method },
          },
          request,
        );
        throw forbidden();
      }
    };
  }

  return { authenticate, optionalAuth, requireRole };
}

export type Guards = ReturnType<typeof createGuards>;

/** The caller of a route behind `authenticate`. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
