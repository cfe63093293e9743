import { z } from 'zod';

export const sessionTimeoutSchema = z.object({
  userId: z.string().max(100).optional(),
  timestamp: z.string().max(40).optional(),
  reason: z.string().max(50).default('IDLE_TIMEOUT'),
  duration: z.number().int().min(0).max(86_400).optional(),
});

const deviceInfo = z
  .object({
    deviceType: z.string().max(30).optional(),
    browserName: z.string().max(50).optional(),
    location: z.string().max(100).optional(),
    timestamp: z.string().max(40).optional(),
    userAgent: z.string().max(100).optional(),
  })
  .optional();

export const securityLogoutSchema = z.object({
  type: z.literal('security_logout').default('security_logout'),
  reason: z.string().max(50),
  deviceInfo,
  timestamp: z.string().max(40).optional(),
  message: z.string().max(200).optional(),
  extras: z
    .object({
      autoLogoutReason: z.string().max(50).optional(),
      activityType: z.string().max(50).optional(),
      delayedBy: z.number().optional(),
    })
    .optional(),
});

/**
 * POST session-activity: the web app saw activity; `payment` while on payment pages. (Kept with the
 * other request schemas: the shell imports the session limits, and a schema built at module level
 * would bring zod into the first load.)
 */
export const sessionActivitySchema = z.object({ payment: z.boolean().optional() });
export type SessionActivityInput = z.infer<typeof sessionActivitySchema>;
