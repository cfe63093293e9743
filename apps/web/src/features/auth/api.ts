import type { LoginInput, RegistrationInput } from '@mindledger/domain';
import { api } from '../../api/client';
import type {
  ActivationTokenResponse,
  LoginResponse,
  MessageResponse,
  SessionResponse,
  User,
  UserResponse,
} from '../../api/types';

export const invalidUserDataMessage = 'Invalid user data received';

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<User>;
  return typeof candidate.id === 'string' && typeof candidate.userRole === 'string';
}

/** GET me; a response without a user object is an error (Part 1 §8). */
export async function fetchMe(): Promise<User> {
  const response = await api.get<Partial<UserResponse>>('me');
  if (!isUser(response?.user)) throw new Error(invalidUserDataMessage);
  return response.user;
}

export function assertSession(response: Partial<SessionResponse>): SessionResponse {
  if (typeof response.accessToken !== 'string' || !isUser(response.user))
    throw new Error(invalidUserDataMessage);
  return response as SessionResponse;
}

export const authApi = {
  login: (input: LoginInput) => api.post<LoginResponse>('login', input),
  verifyTwoFactor: (twoFactorToken: string, code: string) =>
    api.post<SessionResponse>('verify-2fa', { two_factor_token: twoFactorToken, two_factor_code: code }),
  resendTwoFactor: (twoFactorToken: string) =>
    api.post<ActivationTokenResponse>('resend-otp', { is2fa: true, two_factor_token: twoFactorToken }),
  register: (input: RegistrationInput) => api.post<ActivationTokenResponse>('registration', input),
  activate: (activationToken: string, code: string) =>
    api.post<MessageResponse & { signupToken?: string }>('activate-user', {
      activation_token: activationToken,
      activation_code: code,
    }),
  resendActivation: (email: string) => api.post<ActivationTokenResponse>('resend-otp', { email }),
  requestPasswordReset: (email: string) =>
    api.post<ActivationTokenResponse>('reset-user-password', { email }),
  setPassword: (data: {
    activation_token: string;
    activation_code: string;
    password: string;
    confirmPassword: string;
  }) => api.put<MessageResponse>('set-password', { data }),
  logout: () => api.post<MessageResponse>('logout', undefined, { keepalive: true }),
};
