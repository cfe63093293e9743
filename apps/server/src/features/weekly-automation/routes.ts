import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { weeklyAutomationInput } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import type { WeeklyAutomationService } from './service.js';

const tags = ['weekly-automation'];

/** The 400 of a save that changes nothing: no field, a field of the wrong type, or only an ignored day. */
export const nothingToSave =
  'Send automaticGeneration (true or false) or automationDay (0 for Sunday to 6 for Saturday).';

/**
 * GET and PUT automated-weekly-summary-settings (Part 2 §7 Notifications), Patient only: the
 * settings screen and the automation are the client's.
 */
export function weeklyAutomationRoutes(
  ctx: AppContext,
  service: WeeklyAutomationService,
): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    app.get('/automated-weekly-summary-settings', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await service.settings(caller(request).sub),
    }));

    app.put(
      '/automated-weekly-summary-settings',
      // The schema documents the body; a body it refuses gets this route's own message.
      { ...patient, attachValidation: true, schema: { tags, body: weeklyAutomationInput } },
      async (request) => {
        if (request.validationError) throw badRequest(nothingToSave);
        const input = request.body;
        if (input.automaticGeneration === undefined && input.automationDay === undefined)
          throw badRequest(nothingToSave);
        return { success: true, data: await service.update(caller(request).sub, input) };
      },
    );
  };
}
