import type { Role } from '../platform/roles.js';
import type { TwoFactorMethod } from './schemas.js';

/**
 * The user object every auth and profile call answers with (docs/API-contract.md), to its owner,
 * an admin or a connected provider: the server's `presentUser` returns exactly this.
 */
export interface UserResponse {
  _id: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userRole: Role;
  role: Role;
  avatar: { url: string | null };
  timezone: string;
  phone: string | null;
  isActivated: boolean;
  isApproved: boolean;
  twoFactor: { enabled: boolean; method: TwoFactorMethod | null };
  createdAt: string;
  lastLoginAt: string | null;
}
