import type { Role, TwoFactorMethod, UserResponse as UserShape, UserStatus } from '@mindledger/domain';

/** The user object every auth and profile call answers with (docs/API-contract.md). */
export type User = UserShape;

export interface MessageResponse {
  success: boolean;
  message?: string;
}

export interface SessionResponse extends MessageResponse {
  accessToken: string;
  user: User;
}

export interface TwoFactorChallenge extends MessageResponse {
  requires2fa: true;
  method: TwoFactorMethod;
  two_factor_token: string;
}

export type LoginResponse = SessionResponse | TwoFactorChallenge;

export interface ActivationTokenResponse extends MessageResponse {
  activationToken: string;
  email?: string;
}

export interface UserResponse extends MessageResponse {
  user: User;
}

export interface TwoFactorSettings {
  enabled: boolean;
  method: TwoFactorMethod | null;
  totpPending: boolean;
}

export interface TwoFactorSettingsResponse extends MessageResponse {
  settings: TwoFactorSettings;
  totp?: { secret: string; otpauthUrl: string };
  /** A method turned on or off: every other device is signed out, and this one goes on with this token. */
  accessToken?: string;
}

export interface UserStats {
  total: number;
  patients: number;
  providers: number;
  admins: number;
  pendingApproval: number;
  pendingActivation: number;
}

export interface UsersPage {
  users: User[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

export type { Role, UserStatus };
