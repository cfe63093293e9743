import type { UserResponse } from '@mindledger/domain';
import type { users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

export function avatarUrl(row: Pick<UserRow, 'id' | 'avatarKey'>): string | null {
  return row.avatarKey ? `/api/v1/files/${row.avatarKey}` : null;
}

/** The fields a user object may carry to its owner, an admin or a connected provider. */
export function presentUser(row: UserRow): UserResponse {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userRole: row.role,
    role: row.role,
    avatar: { url: avatarUrl(row) },
    timezone: row.timezone,
    phone: row.phone,
    isActivated: row.activated,
    isApproved: row.approved,
    twoFactor: { enabled: row.twoFactorMethod !== null, method: row.twoFactorMethod },
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}
export type PresentedUser = UserResponse;
