import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verify as verifyTotp } from 'otplib';
import type { z } from 'zod';
import type {
  activateSchema,
  loginSchema,
  registrationSchema,
  resendOtpSchema,
  setPasswordSchema,
  verify2faSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { unseal } from '../../platform/crypto.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  tooManyRequests,
  unauthenticated,
} from '../../platform/errors.js';
import { hashPassword, verifyDummy, verifyPassword } from '../../platform/passwords.js';
import { claimEmailInvitations } from '../connections/index.js';
import { recordRegistrationAcceptance } from '../legal/index.js';
import { Codes, codeMessages } from './codes.js';
import { emails } from './emails.js';
import { presentUser } from './presenter.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../../platform/users.js';
import { Sessions } from './sessions.js';
import { LoginThrottle } from './throttle.js';
import { securityAlert } from '../notifications/index.js';

/** How long the plan step after activation may start a checkout without a sign-in. */
export const SIGNUP_PLAN_TTL_SECONDS = 3600;

export const authMessages = {
  registered: 'Registration successful. Check your email for the activation code.',
  emailTaken: 'An account with this email already exists.',
  activated: 'Your account is activated. You can now log in.',
  alreadyActive: 'This account is already activated. You can log in.',
  invalidCredentials: 'Invalid email or password.',
  notActivated:
    'Please activate your account first. Enter the code we sent to your email, or request a new one.',
  awaitingApproval:
    'Your provider account is awaiting approval by an administrator. You will be able to log in once it is approved.',
  codeSent: 'We sent a new code to your email.',
  resetSent: 'If an account exists for this email, we sent a code to reset the password.',
  passwordSet: 'Your password has been updated. You can now log in.',
  twoFactorSent: 'Enter the code we sent to your email.',
  twoFactorApp: 'Enter the code from your authenticator app.',
  stepUp:
    'For your security, enter the code we sent to your email. If no code arrives, check your email and password and log in again.',
  loggedOut: 'You have been logged out.',
  noEmailChangePending: 'No email change is pending for this address. Start the change again.',
} as const;

const TWO_FACTOR_TTL_SECONDS = 10 * 60;

export class AuthService {
  readonly codes: Codes;
  readonly sessions: Sessions;
  private readonly throttle: LoginThrottle;

  constructor(private readonly ctx: AppContext) {
    this.codes = new Codes(ctx);
    this.sessions = new Sessions(ctx);
    this.throttle = new LoginThrottle(ctx);
  }

  async register(input: z.output<typeof registrationSchema>, request: FastifyRequest) {
    const { db, mailer, config, audit } = this.ctx;
    if (await findUserByEmail(db, input.email)) throw conflict(authMessages.emailTaken);
    const passwordHash = await hashPassword(input.password);
    // The account and its acceptance of the Terms and the Privacy Policy (the schema takes only
    // termsAccepted: true) are written together, or not at all.
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          approved: input.role !== 'provider',
          ...(input.timezone ? { timezone: input.timezone } : {}),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await recordRegistrationAcceptance(this.ctx, tx, row, request);
      return row;
    });
    if (!user) throw conflict(authMessages.emailTaken);
    const { code, token } = await this.codes.issue(user.id, 'activation');
    await mailer.send(emails.activation(user.email, user.firstName, code, config.codeTtlMinutes));
    await audit.record(
      { action: 'REGISTER', actorId: user.id, actorRole: user.role, resourceType: 'user' },
      request,
    );
    return { success: true, message: authMessages.registered, activationToken: token, email: user.email };
  }

  async activate(input: z.output<typeof activateSchema>, request: FastifyRequest) {
    const row = await this.codes.consume(input.activation_token, 'activation', input.activation_code);
    const user = await updateUser(this.ctx.db, row.userId, { activated: true });
    await this.ctx.audit.record(
      { action: 'ACCOUNT_ACTIVATED', actorId: user.id, actorRole: user.role, resourceType: 'user' },
      request,
    );
    try {
      await claimEmailInvitations(this.ctx, user);
    } catch (error) {
      // The account is activated either way; unclaimed invitations stay open for a retry.
      this.ctx.log.error({ err: error }, 'claiming email invitations failed');
    }
    // A new client picks a plan next, before the first sign-in (decision 081): this token lets the
    // plan step start a checkout for this account only, for an hour.
    if (user.role !== 'patient') return { success: true, message: authMessages.activated };
    const signupToken = await this.ctx.tokens.signPurpose(
      { sub: user.id, purpose: 'signup_plan' },
      SIGNUP_PLAN_TTL_SECONDS,
    );
    return { success: true, message: authMessages.activated, signupToken };
  }

  /** resend-otp: a new activation code, a new two-factor code, or (signed in) a new email-change code. */
  async resend(input: z.output<typeof resendOtpSchema>, request: FastifyRequest) {
    const { db, mailer, config, tokens } = this.ctx;
    if (input.is2fa) {
      const claims = input.two_factor_token
        ? await tokens.verifyPurpose(input.two_factor_token, 'two_factor')
        : null;
      if (!claims || claims.m !== 'email') throw badRequest(codeMessages.invalidToken);
      const user = await findUserById(db, claims.sub);
      // A decoy challenge (a login past the account's cap with a wrong password) resends like a real one.
      if (!user)
        return {
          success: true,
          message: authMessages.codeSent,
          activationToken: await this.decoyChallenge('email'),
        };
      return {
        success: true,
        message: authMessages.codeSent,
        activationToken: await this.sendTwoFactorCode(user),
      };
    }
    if (input.newEmail) {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const user = await findUserById(db, auth.sub);
      if (!user || (input.currentEmail && input.currentEmail !== user.email))
        throw badRequest('Current email does not match.');
      // Only a change started with the password (update-user-email) may be re-sent: a bearer token
      // alone must not be able to move the account to another address.
      if ((await this.codes.pendingNewEmail(user.id)) !== input.newEmail)
        throw badRequest(authMessages.noEmailChangePending);
      if (await findUserByEmail(db, input.newEmail)) throw conflict(authMessages.emailTaken);
      const { code, token } = await this.codes.issue(user.id, 'email_change', { newEmail: input.newEmail });
      await mailer.send(emails.emailChange(input.newEmail, code, config.codeTtlMinutes));
      return { success: true, message: authMessages.codeSent, activationToken: token };
    }
    const email = input.email ?? '';
    const user = email ? await findUserByEmail(db, email) : undefined;
    if (!user || user.activated) {
      return {
        success: true,
        message: authMessages.codeSent,
        activationToken: await this.codes.decoy('activation'),
      };
    }
    const { code, token } = await this.codes.issue(user.id, 'activation');
    await mailer.send(emails.activation(user.email, user.firstName, code, config.codeTtlMinutes));
    return { success: true, message: authMessages.codeSent, activationToken: token };
  }

  /** Emails a sign-in code; the answered token carries the code's id to verify-2fa. */
  private async sendTwoFactorCode(user: UserRow): Promise<string> {
    const { code, token } = await this.codes.issue(user.id, 'two_factor', { method: 'email' });
    await this.ctx.mailer.send(emails.twoFactor(user.email, code, this.ctx.config.codeTtlMinutes));
    return token;
  }

  /** A two-factor token that leads nowhere: the answer to a wrong password past the account's cap. */
  private decoyChallenge(method: 'email' | 'totp'): Promise<string> {
    const claims = { sub: randomUUID(), purpose: 'two_factor' as const, m: method };
    return this.ctx.tokens.signPurpose(
      method === 'email' ? { ...claims, cid: randomUUID() } : claims,
      // The lifetimes of the real tokens (codes.issue, the authenticator step): exp gives nothing away.
      method === 'email' ? this.ctx.config.codeTtlMinutes * 60 + 60 : TWO_FACTOR_TTL_SECONDS,
    );
  }

  /**
   * The code step a login takes when its account is past the cap or its address is suspect: the
   * account's authenticator app, else a code emailed to the account. `user` is null for a wrong
   * password (or an account that may not sign in): the answer has the same shape, and no code.
   */
  private async stepUp(user: UserRow | null, method: 'email' | 'totp') {
    if (method === 'totp') {
      const token = user
        ? await this.ctx.tokens.signPurpose(
            { sub: user.id, purpose: 'two_factor', m: 'totp' },
            TWO_FACTOR_TTL_SECONDS,
          )
        : await this.decoyChallenge('totp');
      return {
        success: true,
        requires2fa: true,
        method: 'totp' as const,
        message: authMessages.twoFactorApp,
        two_factor_token: token,
      };
    }
    return {
      success: true,
      requires2fa: true,
      method: 'email' as const,
      message: authMessages.stepUp,
      two_factor_token: user ? await this.sendTwoFactorCode(user) : await this.decoyChallenge('email'),
    };
  }

  async login(input: z.output<typeof loginSchema>, request: FastifyRequest, reply: FastifyReply) {
    const { db, audit } = this.ctx;
    const gate = await this.throttle.check(input.email, request.ip);
    const user = await findUserByEmail(db, input.email);
    const valid = user
      ? await verifyPassword(user.passwordHash, input.password)
      : (await verifyDummy(input.password), false);
    const method = user?.twoFactorMethod === 'totp' ? 'totp' : 'email';
    if (!user || !valid) {
      const pauseMs = await this.throttle.fail(input.email, request.ip);
      await audit.record(
        {
          action: 'AUTHENTICATION_FAILURE',
          actorId: user?.id ?? null,
          actorRole: user?.role ?? null,
          resourceType: 'login',
          metadata: {
            reason: user ? 'wrong_password' : 'unknown_account',
            ...(gate.capped ? { throttle: 'account_cap' } : pauseMs > 0 ? { throttle: 'address' } : {}),
          },
        },
        request,
      );
      if (gate.capped) return this.stepUp(null, method);
      if (pauseMs > 0) throw this.throttle.refusal(pauseMs);
      throw unauthenticated(authMessages.invalidCredentials);
    }
    await this.throttle.succeed(input.email, request.ip);
    if (gate.capped) return this.stepUp(user.activated && user.approved ? user : null, method);
    if (!user.activated)
      throw forbidden(authMessages.notActivated, {
        details: { activationRequired: true, email: user.email },
      });
    if (!user.approved)
      throw forbidden(authMessages.awaitingApproval, { details: { approvalRequired: true } });
    if (user.twoFactorMethod === 'email') {
      return {
        success: true,
        requires2fa: true,
        method: 'email' as const,
        message: authMessages.twoFactorSent,
        two_factor_token: await this.sendTwoFactorCode(user),
      };
    }
    if (user.twoFactorMethod === 'totp') {
      const token = await this.ctx.tokens.signPurpose(
        { sub: user.id, purpose: 'two_factor', m: 'totp' },
        TWO_FACTOR_TTL_SECONDS,
      );
      return {
        success: true,
        requires2fa: true,
        method: 'totp' as const,
        message: authMessages.twoFactorApp,
        two_factor_token: token,
      };
    }
    if (gate.suspect) return this.stepUp(user, 'email');
    return this.completeLogin(user, request, reply);
  }

  private async completeLogin(user: UserRow, request: FastifyRequest, reply: FastifyReply) {
    const accessToken = await this.sessions.start(reply, user);
    const updated = await updateUser(this.ctx.db, user.id, { lastLoginAt: this.ctx.clock.now() });
    await this.ctx.audit.record(
      { action: 'LOGIN', actorId: user.id, actorRole: user.role, resourceType: 'session' },
      request,
    );
    return { success: true, accessToken, user: presentUser(updated) };
  }

  async verifyTwoFactor(
    input: z.output<typeof verify2faSchema>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { tokens, db } = this.ctx;
    const claims = await tokens.verifyPurpose(input.two_factor_token, 'two_factor');
    if (!claims) throw badRequest(codeMessages.invalidToken);
    const user = await findUserById(db, claims.sub);
    if (!user && claims.m) return this.refuseDecoyCode(claims.m, claims.cid ?? claims.jti);
    if (!user || !user.activated || !user.approved) throw badRequest(codeMessages.invalidToken);
    try {
      if (claims.m === 'totp') await this.verifyTotpCode(user, input.two_factor_code, claims.jti);
      else await this.codes.consume(input.two_factor_token, 'two_factor', input.two_factor_code);
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION') {
        await this.ctx.audit.record(
          {
            action: 'AUTHENTICATION_FAILURE',
            actorId: user.id,
            actorRole: user.role,
            resourceType: 'two_factor',
          },
          request,
        );
      }
      throw error;
    }
    return this.completeLogin(user, request, reply);
  }

  /**
   * A code against a decoy challenge fails as a wrong code against a real one does: "Invalid code"
   * four times, then "Too many wrong codes" (email), or the 429 of too many tries (authenticator).
   */
  private async refuseDecoyCode(method: 'email' | 'totp', id: string): Promise<never> {
    const { count } = await this.ctx.store.hit(`2fa-decoy:${id}`, TWO_FACTOR_TTL_SECONDS * 1000 * 2);
    if (method === 'totp' && count > 5)
      throw tooManyRequests(codeMessages.tooManyAttempts, {
        blocked: true,
        retryAfter: TWO_FACTOR_TTL_SECONDS,
      });
    if (method === 'email' && count >= 5) throw badRequest(codeMessages.tooManyAttempts);
    throw badRequest(codeMessages.wrong);
  }

  /**
   * An authenticator code: at most 5 tries per pending login and 10 per account in 15 minutes
   * (a correct password does not reset the latter), and each code is accepted once.
   */
  private async verifyTotpCode(user: UserRow, code: string, loginId: string) {
    const { store, config } = this.ctx;
    const windowMs = TWO_FACTOR_TTL_SECONDS * 1000;
    const [perLogin, perAccount] = await Promise.all([
      store.hit(`2fa:${loginId}`, windowMs),
      store.hit(`2fa-user:${user.id}`, 15 * 60_000),
    ]);
    if (perLogin.count > 5 || perAccount.count > 10) {
      throw tooManyRequests(codeMessages.tooManyAttempts, {
        blocked: true,
        retryAfter: TWO_FACTOR_TTL_SECONDS,
      });
    }
    const secret = user.totpSecret ? unseal(config.jwtSecret, user.totpSecret) : null;
    const result = secret ? await verifyTotp({ secret, token: code, epochTolerance: 30 }) : null;
    const step = result?.valid && 'epoch' in result ? String(result.epoch) : null;
    const replayed = step ? (await store.flagged(`2fa-used:${user.id}:${step}`)) > 0 : false;
    if (!step || replayed) {
      throw badRequest(codeMessages.wrong);
    }
    await store.flag(`2fa-used:${user.id}:${step}`, 3 * 60_000);
  }

  async refresh(request: FastifyRequest, reply: FastifyReply) {
    const { user, accessToken } = await this.sessions.rotate(request, reply);
    return { success: true, accessToken, user: presentUser(user) };
  }

  async logout(request: FastifyRequest, reply: FastifyReply) {
    const userId = await this.sessions.end(request, reply);
    if (userId)
      await this.ctx.audit.record({ action: 'LOGOUT', actorId: userId, resourceType: 'session' }, request);
    return { success: true, message: authMessages.loggedOut };
  }

  async requestPasswordReset(email: string) {
    const { db, mailer, config } = this.ctx;
    const user = await findUserByEmail(db, email);
    if (!user || !user.activated) {
      return {
        success: true,
        message: authMessages.resetSent,
        activationToken: await this.codes.decoy('password_reset'),
      };
    }
    const { code, token } = await this.codes.issue(user.id, 'password_reset');
    await mailer.send(emails.passwordReset(user.email, code, config.codeTtlMinutes));
    return { success: true, message: authMessages.resetSent, activationToken: token };
  }

  async setPassword(input: z.output<typeof setPasswordSchema>, request: FastifyRequest) {
    const { data } = input;
    const row = await this.codes.consume(data.activation_token, 'password_reset', data.activation_code);
    const user = await updateUser(this.ctx.db, row.userId, {
      passwordHash: await hashPassword(data.password),
      passwordChangedAt: this.ctx.clock.now(),
    });
    await this.sessions.revokeAll(user.id, 'password_reset');
    await this.throttle.passwordChanged(user.email);
    await this.ctx.mailer.send(emails.passwordChanged(user.email));
    await securityAlert(this.ctx, user.id, 'password_changed');
    await this.ctx.audit.record(
      { action: 'PASSWORD_RESET', actorId: user.id, actorRole: user.role, resourceType: 'user' },
      request,
    );
    return { success: true, message: authMessages.passwordSet };
  }
}
