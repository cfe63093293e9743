import type { Role } from '@mindledger/domain';

/**
 * A code flow in progress (activation or password reset): the token the server answered with and
 * the address the code went to. Kept in sessionStorage so a reload of the code page keeps it.
 */
export interface PendingCode {
  token: string | null;
  email: string;
  role?: Role;
}

export type PendingCodeKind = 'activation' | 'password-reset';

const key = (kind: PendingCodeKind) => `ml_pending_${kind}`;

export function savePendingCode(kind: PendingCodeKind, value: PendingCode): void {
  sessionStorage.setItem(key(kind), JSON.stringify(value));
}

export function readPendingCode(kind: PendingCodeKind): PendingCode | null {
  try {
    const raw = sessionStorage.getItem(key(kind));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingCode>;
    if (typeof parsed.email !== 'string') return null;
    return {
      token: typeof parsed.token === 'string' ? parsed.token : null,
      email: parsed.email,
      role: parsed.role,
    };
  } catch {
    return null;
  }
}

export function clearPendingCode(kind: PendingCodeKind): void {
  sessionStorage.removeItem(key(kind));
}
