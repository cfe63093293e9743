import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationBulkMax,
  notificationMessages as msg,
  notificationPageMax,
  notificationPageSize,
  notificationSettingsInput,
  notificationTypes,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { isAllowedPushEndpoint, parsePushSubscription } from '../../platform/push.js';
import type { NotificationsService } from './service.js';

const tags = ['notifications'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string().max(64) });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(notificationPageMax).default(notificationPageSize),
  type: z.enum(notificationTypes).optional(),
  status: z.enum(['all', 'unread', 'read']).optional(),
  unreadOnly: flag.optional(),
});
const idsBody = z.object({ ids: z.array(z.string().regex(UUID)).min(1).max(notificationBulkMax) });
const deviceBody = z.object({
  token: z.string().min(1).max(4000),
  platform: z.enum(['web']).default('web'),
});
const deviceDelete = z.object({ token: z.string().min(1).max(4000) });

/** A malformed id is as unknown as a missing one or another user's (404, never 400 or 500). */
function checkedId(id: string): string {
  if (!UUID.test(id)) throw notFound(msg.notFound);
  return id;
}

/** The in-app calls, devices and settings (docs/API-notifications.md). */
export function notificationRoutes(ctx: AppContext, service: NotificationsService): FastifyPluginAsyncZod {
  const anyone = { preValidation: ctx.guards.requireRole('patient', 'provider', 'admin') };
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    // Mail clients send the one-click unsubscribe as a form ('List-Unsubscribe=One-Click', RFC 8058):
    // its body says nothing the token does not, so it is read and dropped.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => {
        done(null, {});
      },
    );

    app.get('/notifications', { ...anyone, schema: { tags, querystring: listQuery } }, async (request) => {
      const q = request.query;
      const status = q.status ?? (q.unreadOnly ? 'unread' : 'all');
      const page = await service.list(caller(request).sub, {
        page: q.page,
        limit: q.limit,
        status,
        type: q.type,
      });
      return { success: true, ...page };
    });

    app.get('/notifications/unread-count', { ...anyone, schema: { tags } }, async (request) => ({
      success: true,
      data: { unreadCount: await service.unreadCount(caller(request).sub) },
    }));

    app.patch('/notifications/read-all', { ...anyone, schema: { tags } }, async (request) => ({
      success: true,
      updated: await service.markAllRead(caller(request).sub),
    }));

    app.patch(
      '/notifications/:id/read',
      { ...anyone, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        notification: await service.markRead(caller(request).sub, checkedId(request.params.id)),
      }),
    );

    app.delete('/notifications/:id', { ...anyone, schema: { tags, params: idParams } }, async (request) => {
      await service.delete(caller(request).sub, checkedId(request.params.id));
      return { success: true, message: msg.deleted };
    });

    app.delete('/notifications', { ...anyone, schema: { tags } }, async (request) => ({
      success: true,
      deleted: await service.deleteAll(caller(request).sub),
      message: msg.allDeleted,
    }));

    app.post('/notifications/bulk-read', { ...anyone, schema: { tags, body: idsBody } }, async (request) => ({
      success: true,
      ...(await service.bulkRead(caller(request).sub, request.body.ids)),
    }));

    app.post(
      '/notifications/bulk-delete',
      { ...anyone, schema: { tags, body: idsBody } },
      async (request) => {
        const result = await service.bulkDelete(caller(request).sub, request.body.ids);
        return { success: true, ...result, message: msg.someDeleted(result.deleted) };
      },
    );

    // Settings (Patient only: the settings screen is the patient's)

    app.get('/notification-settings', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await service.settings(caller(request).sub),
    }));

    app.put('/notification-settings', { ...patient, schema: { tags } }, async (request) => {
      const me = caller(request).sub;
      const parsed = notificationSettingsInput.safeParse(request.body ?? {});
      if (!parsed.success) throw badRequest(msg.settingsInvalid);
      // The client's retry adds its own id and userId: any other user's is unknown here.
      if ((parsed.data.userId && parsed.data.userId !== me) || (parsed.data.id && parsed.data.id !== me))
        throw notFound(msg.settingsUserNotFound);
      const saved = await service.saveSettings(me, parsed.data);
      return { success: true, message: msg.settingsSaved, data: saved };
    });

    app.get('/security-notification-settings', { ...anyone, schema: { tags } }, async (request) => ({
      success: true,
      data: { settings: await service.securitySettings(caller(request).sub) },
    }));

    app.put('/security-notification-settings', { ...anyone, schema: { tags } }, async (request) => {
      const body = (request.body ?? {}) as { settings?: unknown };
      const input = typeof body === 'object' && body && 'settings' in body ? body.settings : body;
      let settings;
      try {
        settings = await service.saveSecuritySettings(caller(request).sub, input);
      } catch {
        throw badRequest(msg.settingsInvalid);
      }
      return { success: true, data: { settings } };
    });

    // Devices (Web Push)

    app.get('/notifications/push-key', { ...anyone, schema: { tags } }, async () => ({
      success: true,
      data: { publicKey: ctx.push.publicKey },
    }));

    app.post('/device-tokens', { ...anyone, schema: { tags, body: deviceBody } }, async (request) => {
      const me = caller(request).sub;
      const subscription = parsePushSubscription(request.body.token);
      if (!subscription || !isAllowedPushEndpoint(subscription.endpoint, ctx.config.env === 'production'))
        throw badRequest(msg.invalidDeviceToken);
      await service.repo.saveDevice(
        me,
        { endpoint: subscription.endpoint, ...subscription.keys, platform: request.body.platform },
        ctx.clock.now(),
      );
      return { success: true, deviceCount: await service.repo.deviceCount(me) };
    });

    app.delete('/device-tokens', { ...anyone, schema: { tags, body: deviceDelete } }, async (request) => {
      const me = caller(request).sub;
      const token = request.body.token;
      const endpoint = parsePushSubscription(token)?.endpoint ?? token;
      await service.repo.removeDevice(me, endpoint);
      return { success: true, deviceCount: await service.repo.deviceCount(me) };
    });

    // The one-click unsubscribe of notification emails (public: the signed token is the credential)

    app.post(
      '/notifications/unsubscribe',
      {
        config: { rateLimit: 'auth' },
        schema: { tags, querystring: z.object({ token: z.string().max(2000).optional() }) },
      },
      async (request) => {
        const bodyToken = (request.body as { token?: unknown } | undefined)?.token;
        const token = request.query.token ?? (typeof bodyToken === 'string' ? bodyToken : undefined);
        const done = token ? await service.unsubscribe(token) : null;
        if (!done) throw badRequest(msg.unsubscribeInvalid);
        return { success: true, type: done.category, message: unsubscribedMessage[done.category] };
      },
    );
  };
}

const unsubscribedMessage = {
  journalReminders: 'You will no longer receive journal reminder emails.',
  weeklyReviews: 'You will no longer receive weekly progress review emails.',
  teamUpdates: 'You will no longer receive team update emails.',
  security: 'You will no longer receive security alert emails.',
} as const;
