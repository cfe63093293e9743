import { avatarLimits, type Update2faInput, type UpdateUserInfoInput } from '@mindledger/domain';
import { api } from '../../api/client';
import type {
  ActivationTokenResponse,
  MessageResponse,
  TwoFactorSettingsResponse,
  UserResponse,
} from '../../api/types';

export interface UpdateEmailInput {
  currentEmail: string;
  currentPassword: string;
  newEmail: string;
}

export const twoFactorQueryKey = ['profile', '2fa-settings'] as const;

export const profileApi = {
  updateInfo: (input: UpdateUserInfoInput) => api.put<UserResponse>('update-user-info', input),
  updateAvatar: (file: File) => {
    const body = new FormData();
    body.append('avatar', file);
    return api.put<UserResponse>('update-user-avatar', body);
  },
  updatePassword: (oldPassword: string, newPassword: string) =>
    api.put<MessageResponse & { accessToken?: string }>('update-user-password', { oldPassword, newPassword }),
  updateEmail: (input: UpdateEmailInput) =>
    api.put<ActivationTokenResponse & { oldEmail?: string }>('update-user-email', input),
  verifyNewEmail: (activationToken: string, code: string) =>
    api.post<UserResponse>('verify-new-email', { activation_token: activationToken, activation_code: code }),
  resendEmailCode: (newEmail: string, currentEmail: string) =>
    api.post<ActivationTokenResponse>('resend-otp', { newEmail, currentEmail }),
  twoFactorSettings: () => api.get<TwoFactorSettingsResponse>('get-2fa-settings'),
  updateTwoFactor: (input: Update2faInput) =>
    api.put<TwoFactorSettingsResponse>('update-2fa-settings', input),
  deleteAccount: (password: string) =>
    api.delete<MessageResponse>('delete-account', { password, confirmation: 'DELETE' }),
};

/** Client-side check before an upload (the server checks again). */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(avatarLimits.types as readonly string[]).includes(file.type)) return avatarLimits.typeMessage;
  if (file.size > avatarLimits.maxBytes) return avatarLimits.sizeMessage;
  return null;
}
