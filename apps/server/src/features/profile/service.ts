import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { z } from 'zod';
import {
  avatarLimits,
  type Update2faInput,
  type updateEmailSchema,
  type updatePasswordSchema,
  type updateUserInfoSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { seal, unseal } from '../../platform/crypto.js';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { authEmails as emails, presentUser, type AuthService } from '../auth/index.js';
import { UsedTrials } from '../billing/index.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../../platform/users.js';
import { deleteUserAndData } from './delete-user.js';
import { detectImageType } from '../../platform/image-type.js';
import { securityAlert } from '../notifications/index.js';

export const profileMessages = {
  incorrectPassword: 'Incorrect password.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Your password has been changed.',
  infoUpdated: 'Profile updated successfully.',
  avatarUpdated: 'Profile picture updated successfully.',
  emailCodeSent: 'We sent a code to your new email address.',
  emailMismatch: 'Current email does not match your account.',
  emailChanged: 'Your email address has been changed.',
  sameEmail: 'The new email is the same as the current one.',
  accountDeleted: 'Your account and its data have been deleted.',
  twoFactorEmail: 'Two-factor authentication by email is on. Your other devices have been signed out.',
  twoFactorTotpStarted: 'Scan the key with your authenticator app, then enter the code it shows.',
  twoFactorTotp:
    'Two-factor authentication with an authenticator app is on. Your other devices have been signed out.',
  twoFactorOff: 'Two-factor authentication is off. Your other devices have been signed out.',
  noTotpPending: 'Start the authenticator set-up first.',
} as const;

export class ProfileService {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {}

  private async me(actor: AccessClaims): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, actor.sub);
    if (!user) throw unauthenticated();
    return user;
  }

  private async checkPassword(
    user: UserRow,
    password: string,
    message: string = profileMessages.incorrectPassword,
  ) {
    // A wrong password is a 400, never a 401: a 401 would make the client sign the user out.
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(message);
  }

  async confirmPassword(actor: AccessClaims, password: string) {
    await this.checkPassword(await this.me(actor), password);
    return { success: true, message: 'Password confirmed.' };
  }

  async updatePassword(
    actor: AccessClaims,
    input: z.output<typeof updatePasswordSchema>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const user = await this.me(actor);
    await this.checkPassword(user, input.oldPassword, profileMessages.currentPasswordWrong);
    const updated = await updateUser(this.ctx.db, user.id, {
      passwordHash: await hashPassword(input.newPassword),
      passwordChangedAt: this.ctx.clock.now(),
    });
    await this.auth.sessions.revokeAll(user.id, 'password_changed');
    const accessToken = await this.auth.sessions.start(reply, updated);
    await this.ctx.mailer.send(emails.passwordChanged(user.email));
    await securityAlert(this.ctx, user.id, 'password_changed');
    await this.ctx.audit.record(
      { action: 'PASSWORD_CHANGED', resourceType: 'user', resourceId: user.id },
      request,
    );
    return { success: true, message: profileMessages.passwordChanged, accessToken };
  }

  async updateEmail(actor: AccessClaims, input: z.output<typeof updateEmailSchema>) {
    const user = await this.me(actor);
    if (input.currentEmail !== user.email) throw badRequest(profileMessages.emailMismatch);
    await this.checkPassword(user, input.currentPassword);
    if (input.newEmail === user.email) throw badRequest(profileMessages.sameEmail);
    if (await findUserByEmail(this.ctx.db, input.newEmail))
      throw conflict('An account with this email already exists.');
    const { code, token } = await this.auth.codes.issue(user.id, 'email_change', {
      newEmail: input.newEmail,
    });
    await this.ctx.mailer.send(emails.emailChange(input.newEmail, code, this.ctx.config.codeTtlMinutes));
    return {
      success: true,
      message: profileMessages.emailCodeSent,
      activationToken: token,
      email: input.newEmail,
      oldEmail: user.email,
    };
  }

  async verifyNewEmail(actor: AccessClaims, token: string, code: string, request: FastifyRequest) {
    // Another user's token is refused before the code is checked, so it cannot burn the owner's code.
    const claims = await this.ctx.tokens.verifyPurpose(token, 'email_change');
    if (claims?.sub !== actor.sub) throw badRequest('This code is no longer valid. Request a new code.');
    const row = await this.auth.codes.consume(token, 'email_change', code);
    if (row.userId !== actor.sub || !row.newEmail)
      throw badRequest('This code is no longer valid. Request a new code.');
    const user = await this.me(actor);
    if (await findUserByEmail(this.ctx.db, row.newEmail))
      throw conflict('An account with this email already exists.');
    // The address given up keeps its used trial (decision 106): a new account under it gets none.
    await new UsedTrials(this.ctx.config.jwtSecret).keepIfUsed(this.ctx.db, user.id, user.email);
    const updated = await updateUser(this.ctx.db, user.id, { email: row.newEmail });
    await this.ctx.mailer.send(emails.emailChanged(user.email, row.newEmail));
    await securityAlert(this.ctx, user.id, 'email_changed');
    await this.ctx.audit.record(
      { action: 'EMAIL_CHANGED', resourceType: 'user', resourceId: user.id },
      request,
    );
    return { success: true, message: profileMessages.emailChanged, user: presentUser(updated) };
  }

  async updateInfo(
    actor: AccessClaims,
    input: z.output<typeof updateUserInfoSchema>,
    request: FastifyRequest,
  ) {
    // A valid token may outlive its account: that is a 401, not a failed update (500).
    const user = await this.me(actor);
    const updated = await updateUser(this.ctx.db, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      timezone: input.timezone,
      phone: input.phone ?? null,
    });
    // Reminders follow the person to their new zone, at the same local time.
    if (user.timezone !== updated.timezone) await this.ctx.jobs.schedules.rezone(user.id, updated.timezone);
    await this.ctx.audit.record(
      { action: 'PROFILE_UPDATED', resourceType: 'user', resourceId: actor.sub },
      request,
    );
    return { success: true, message: profileMessages.infoUpdated, user: presentUser(updated) };
  }

  async updateAvatar(actor: AccessClaims, file: { data: Buffer; mimetype: string }, request: FastifyRequest) {
    if (file.data.length > avatarLimits.maxBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', avatarLimits.sizeMessage);
    const type = detectImageType(file.data);
    if (
      !type ||
      !(avatarLimits.types as readonly string[]).includes(file.mimetype) ||
      type.mime !== file.mimetype
    ) {
      throw new AppError('UNSUPPORTED_MEDIA', avatarLimits.typeMessage);
    }
    const user = await this.me(actor);
    const key = `avatars/${user.id}/${randomBytes(12).toString('hex')}.${type.ext}`;
    await this.ctx.files.put(key, file.data, type.mime);
    const updated = await updateUser(this.ctx.db, user.id, { avatarKey: key });
    if (user.avatarKey) await this.ctx.files.delete(user.avatarKey).catch(() => undefined);
    await this.ctx.audit.record(
      { action: 'PROFILE_UPDATED', resourceType: 'avatar', resourceId: user.id },
      request,
    );
    return { success: true, message: profileMessages.avatarUpdated, user: presentUser(updated) };
  }

  /** user-detail/{id}: self, an admin, or a provider connected to that client; otherwise 404. */
  async userDetail(actor: AccessClaims, id: string, request: FastifyRequest) {
    const allowed =
      actor.sub === id || actor.role === 'admin' || (await this.ctx.policy.patientAccess(actor, id)) !== null;
    const user = allowed ? await findUserById(this.ctx.db, id) : undefined;
    if (!user) {
      if (!allowed) {
        await this.ctx.audit.record(
          { action: 'AUTHORIZATION_FAILURE', resourceType: 'user', resourceId: id },
          request,
        );
      }
      throw notFound('User not found');
    }
    if (actor.role === 'provider' && actor.sub !== id) {
      await this.ctx.audit.record(
        { action: 'ACCESS_PHI', resourceType: 'user-detail', resourceId: id, patientId: id },
        request,
      );
    }
    return { success: true, user: presentUser(user) };
  }

  async deleteAccount(actor: AccessClaims, password: string, request: FastifyRequest, reply: FastifyReply) {
    const user = await this.me(actor);
    await this.checkPassword(user, password);
    await deleteUserAndData(this.ctx, user);
    this.auth.sessions.clearCookie(reply);
    await this.ctx.mailer.send(emails.accountDeleted(user.email));
    await this.ctx.audit.record(
      {
        action: 'ACCOUNT_DELETED',
        actorId: user.id,
        actorRole: user.role,
        resourceType: 'user',
        resourceId: user.id,
      },
      request,
    );
    return { success: true, message: profileMessages.accountDeleted };
  }

  async twoFactorSettings(actor: AccessClaims) {
    const user = await this.me(actor);
    return { success: true, settings: this.presentTwoFactor(user) };
  }

  private presentTwoFactor(user: UserRow) {
    return {
      enabled: user.twoFactorMethod !== null,
      method: user.twoFactorMethod,
      totpPending: user.pendingTotpSecret !== null,
    };
  }

  async updateTwoFactor(
    actor: AccessClaims,
    input: Update2faInput,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { db, config } = this.ctx;
    const user = await this.me(actor);
    let message: string;
    let totp: { secret: string; otpauthUrl: string } | undefined;
    let updated: UserRow;
    switch (input.action) {
      case 'enable-email':
        await this.checkPassword(user, input.password);
        updated = await updateUser(db, user.id, {
          twoFactorMethod: 'email',
          totpSecret: null,
          pendingTotpSecret: null,
        });
        message = profileMessages.twoFactorEmail;
        break;
      case 'start-totp': {
        await this.checkPassword(user, input.password);
        const secret = generateSecret();
        updated = await updateUser(db, user.id, { pendingTotpSecret: seal(config.jwtSecret, secret) });
        totp = { secret, otpauthUrl: generateURI({ issuer: 'MindLedger', label: user.email, secret }) };
        message = profileMessages.twoFactorTotpStarted;
        break;
      }
      case 'confirm-totp': {
        if (!user.pendingTotpSecret) throw badRequest(profileMessages.noTotpPending);
        const secret = unseal(config.jwtSecret, user.pendingTotpSecret);
        const result = await verifyTotp({ secret, token: input.code, epochTolerance: 30 });
        if (!result.valid) throw badRequest('Invalid code. Please check the code and try again.');
        updated = await updateUser(db, user.id, {
          twoFactorMethod: 'totp',
          totpSecret: user.pendingTotpSecret,
          pendingTotpSecret: null,
        });
        message = profileMessages.twoFactorTotp;
        break;
      }
      case 'disable':
        await this.checkPassword(user, input.password);
        updated = await updateUser(db, user.id, {
          twoFactorMethod: null,
          totpSecret: null,
          pendingTotpSecret: null,
        });
        message = profileMessages.twoFactorOff;
        break;
    }
    // Starting a TOTP setup changes nothing yet: only a method turned on or off is told, and signs
    // out every other device as a password change does (decision 105): every session ends, and the
    // device that made the change goes on in a new one, whose access token the answer carries.
    let accessToken: string | undefined;
    if (input.action !== 'start-totp') {
      await this.auth.sessions.revokeAll(user.id, 'two_factor_changed');
      accessToken = await this.auth.sessions.start(reply, updated);
      await securityAlert(this.ctx, user.id, 'two_factor_changed');
    }
    await this.ctx.audit.record(
      {
        action: 'TWO_FACTOR_CHANGED',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { action: input.action },
      },
      request,
    );
    return {
      success: true,
      message,
      settings: this.presentTwoFactor(updated),
      ...(totp ? { totp } : {}),
      ...(accessToken ? { accessToken } : {}),
    };
  }
}
