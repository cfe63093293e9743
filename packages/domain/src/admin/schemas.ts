import { z } from 'zod';

export const userStatuses = ['active', 'pending_activation', 'pending_approval'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const listUsersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(['patient', 'provider', 'admin']).optional(),
  status: z.enum(userStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;
