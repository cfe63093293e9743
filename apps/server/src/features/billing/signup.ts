import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bearer } from '../../platform/auth.js';
import { unauthenticated } from '../../platform/errors.js';

/**
 * The plan step of signup (decision 081): a new client has no session yet, so activation answers a
 * short-lived `signup_plan` token, sent back in this header, that lets the plan step start, pay and
 * confirm a checkout for that account only.
 */
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';

export const signupMessages = {
  expired: 'Your sign-up step has expired. Please log in to choose your plan.',
  noPromo: 'Promo codes can be applied from Choose Your Plan once you have logged in.',
} as const;

/** Where a signup checkout returns: the plan step again, with the session or `cancel`. */
export function signupCheckoutUrls(userId: string) {
  const base = `/subscription/signup?id=${encodeURIComponent(userId)}`;
  return { success: `${base}&session_id={CHECKOUT_SESSION_ID}`, cancel: `${base}&cancel=true` };
}

const signupUsers = new WeakMap<FastifyRequest, string>();

/** preValidation: the request carries a valid signup token (401 with the step's message otherwise). */
export function requireSignup(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers[SIGNUP_TOKEN_HEADER];
    const token = typeof header === 'string' && header.length > 0 && header.length < 4096 ? header : null;
    const claims = token ? await ctx.tokens.verifyPurpose(token, 'signup_plan') : null;
    if (!claims) throw unauthenticated(signupMessages.expired);
    signupUsers.set(request, claims.sub);
  };
}

/** preValidation of the hosted checkout: the signed-in client, or a new one on the plan step. */
export function requireClientOrSignup(ctx: AppContext) {
  const client = ctx.guards.requireRole('patient');
  const signup = requireSignup(ctx);
  return (request: FastifyRequest, reply: FastifyReply) =>
    bearer(request) ? client(request, reply) : signup(request);
}

/** The account a request behind `requireSignup` or `requireClientOrSignup` acts for. */
export function checkoutUser(request: FastifyRequest): string {
  const userId = request.auth?.sub ?? signupUsers.get(request);
  if (!userId) throw unauthenticated(signupMessages.expired);
  return userId;
}
