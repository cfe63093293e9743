import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarLimits,
  confirmPasswordSchema,
  deleteAccountSchema,
  update2faSchema,
  updateEmailSchema,
  updatePasswordSchema,
  updateUserInfoSchema,
  verifyNewEmailSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { readUpload } from '../../platform/uploads.js';
import type { ProfileService } from './service.js';

const tags = ['profile'];

/** Profile and user (Part 2 §7). */
export function profileRoutes(ctx: AppContext, service: ProfileService): FastifyPluginAsyncZod {
  const { guards } = ctx;
  const authed = { preHandler: guards.authenticate };
  const sensitive = { ...authed, config: { rateLimit: 'auth' as const } };
  return async (app) => {
    app.post(
      '/confirm-password',
      { ...sensitive, schema: { tags, body: confirmPasswordSchema } },
      (request) => service.confirmPassword(caller(request), request.body.password),
    );

    app.put(
      '/update-user-password',
      { ...sensitive, schema: { tags, body: updatePasswordSchema } },
      (request, reply) => service.updatePassword(caller(request), request.body, request, reply),
    );

    app.put('/update-user-email', { ...sensitive, schema: { tags, body: updateEmailSchema } }, (request) =>
      service.updateEmail(caller(request), request.body),
    );

    app.post('/verify-new-email', { ...sensitive, schema: { tags, body: verifyNewEmailSchema } }, (request) =>
      service.verifyNewEmail(
        caller(request),
        request.body.activation_token,
        request.body.activation_code,
        request,
      ),
    );

    app.put('/update-user-info', { ...authed, schema: { tags, body: updateUserInfoSchema } }, (request) =>
      service.updateInfo(caller(request), request.body, request),
    );

    app.put(
      '/update-user-avatar',
      { ...authed, config: { upload: true }, schema: { tags, consumes: ['multipart/form-data'] } },
      async (request) => {
        const file = await readUpload(request, {
          field: 'avatar',
          maxBytes: avatarLimits.maxBytes,
          requiredMessage: 'Avatar is required',
          sizeMessage: avatarLimits.sizeMessage,
          notMultipartMessage: 'Send the image as multipart/form-data.',
        });
        return service.updateAvatar(caller(request), file, request);
      },
    );

    app.get(
      '/user-detail/:id',
      { ...authed, schema: { tags, params: z.object({ id: z.string().max(64) }) } },
      (request) => {
        const { id } = request.params;
        if (!z.uuid().safeParse(id).success) throw notFound('User not found');
        return service.userDetail(caller(request), id, request);
      },
    );

    app.delete(
      '/delete-account',
      { ...sensitive, schema: { tags, body: deleteAccountSchema } },
      (request, reply) => service.deleteAccount(caller(request), request.body.password, request, reply),
    );

    app.get('/get-2fa-settings', { ...authed, schema: { tags } }, (request) =>
      service.twoFactorSettings(caller(request)),
    );

    app.put(
      '/update-2fa-settings',
      { ...sensitive, schema: { tags, body: update2faSchema } },
      (request, reply) => service.updateTwoFactor(caller(request), request.body, request, reply),
    );

    /** Avatars: unguessable keys, readable without a token so that <img> can show them. */
    app.get(
      '/files/avatars/:userId/:name',
      {
        schema: {
          tags,
          params: z.object({ userId: z.uuid(), name: z.string().regex(/^[a-f0-9]{24}\.(png|jpg|webp)$/) }),
        },
      },
      async (request, reply) => {
        const file = await ctx.files.get(`avatars/${request.params.userId}/${request.params.name}`);
        if (!file) throw notFound('File not found');
        reply.header('content-type', file.contentType);
        reply.header('cache-control', 'private, max-age=86400, immutable');
        reply.header('x-content-type-options', 'nosniff');
        return reply.send(file.body);
      },
    );
  };
}
